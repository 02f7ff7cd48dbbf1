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
