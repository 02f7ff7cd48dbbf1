package interp

import "testing"

// TestPromptTransform: ${v@P} decodes the escapes (shell/prompt) and
// then expands inside double quotes, as bash 5.2 (recorded from it).
func TestPromptTransform(t *testing.T) {
	for _, c := range []struct{ script, want string }{
		{`HOME=/h; PWD=/h/a; x='\w \W $HOME ${PWD}x $((1+2)) \\\\ "q" \"q\"'; echo "${x@P}"`, "~/a a /h /h/ax 3 \\ \"q\" \"q\"\n"},
		{`PWD='/t/$y'; y=no; x='\W|\101\0|\Dx'; echo "${x@P}"`, "$y|A\\0|\\Dx\n"},
		{`x='\j'; echo "${x@P}"; sleep 30 & sleep 30 & echo "${x@P}"; kill %1 %2`, "0\n2\n"},
	} {
		out, errOut, status := runMemsh(t, c.script)
		if out != c.want || status != 0 {
			t.Errorf("%s: got %q (status %d, stderr %q), want %q", c.script, out, status, errOut, c.want)
		}
		if got, _, ok := runBash(t, c.script); ok && got != c.want {
			t.Errorf("%s: host bash says %q, want %q", c.script, got, c.want)
		}
	}
}

// TestPromptCounters: \j counts the shell's jobs in a pipeline stage
// too, \! is the history number of the command running, a carriage
// return survives the expansion, and PS4 decodes the escapes as PS1
// (bash 5.2's output, recorded).
func TestPromptCounters(t *testing.T) {
	for _, c := range []struct{ script, want string }{
		{"PS1='foo \\j bar'; sleep 30 & echo \"${PS1@P}\" | cat; kill %1", "foo 1 bar\n"},
		{"PS1='\\! \\#'; echo \"${PS1@P}\"\nset -o history\nhistory -c\necho \"${PS1@P}\"\necho \"${PS1@P}\"", "1 0\n1 0\n2 0\n"},
		{"PS1='a\\r\\nb\\a'; echo \"${PS1@P}\" | od -An -c | tr -s ' '", " a \\r \\n b \\a \\n\n"},
		{"PS4='\\s> '; set -x; echo hi 2>/dev/null; { echo x; } 2>&1", "hi\nbash> echo x\nx\n"},
	} {
		out, errOut, status := runMemsh(t, c.script)
		if out != c.want || status != 0 {
			t.Errorf("%s: got %q (status %d, stderr %q), want %q", c.script, out, status, errOut, c.want)
		}
		if got, _, ok := runBash(t, c.script); ok && got != c.want {
			t.Errorf("%s: host bash says %q, want %q", c.script, got, c.want)
		}
	}
}
