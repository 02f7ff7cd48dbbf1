package interp

import "testing"

// TestBind: bind lists, queries, sets and removes bindings in readline's
// formats; the expected output is bash 5.2's where the key map is the
// same (the editor's own defaults are checked against memsh's table
// only).
func TestBind(t *testing.T) {
	for _, c := range []struct {
		script, want string
		bashToo      bool // host bash prints the same
	}{
		{`bind -l | grep -x accept-line; bind -l | wc -l`, "accept-line\n173\n", true},
		{`bind -p | grep -E 'vi-subst|: yank$'; bind -P | grep -E '^(vi-subst|yank) '`,
			"# vi-subst (not bound)\n\"\\C-y\": yank\nvi-subst is not bound to any keys\nyank can be found on \"\\C-y\".\n", true},
		{`bind -v | grep -E 'blink-matching|editing-mode'; bind -V | grep blink-matching`,
			"set blink-matching-paren off\nset editing-mode emacs\nblink-matching-paren is set to `off'\n", true},
		{`bind -q zz-bad; echo s=$?; bind -q vi-subst; echo s=$?; bind -q yank; echo s=$?`,
			"s=1\nvi-subst is not bound to any keys.\ns=1\nyank can be invoked via \"\\C-y\".\ns=0\n", true},
		{`bind '"\C-o\C-s": yank'; bind '"\M-q": yank'; bind '"\C-a\301": yank'; bind -q yank; bind -r '\C-o\C-s'; bind -r '\C-o\C-s'; echo s=$?; bind -q yank`,
			"yank can be invoked via \"\\C-a\\301\", \"\\C-o\\C-s\", \"\\C-y\", \"\\361\".\ns=0\nyank can be invoked via \"\\C-a\\301\", \"\\C-y\", \"\\361\".\n", true},
		{`bind -x '"\C-o\C-h": echo foo'; bind -X; bind -x '"\C-q": "echo b"'; bind -X; bind -r '\C-o\C-h'; bind -X; bind -x nocolon; echo s=$?`,
			"\"\\C-o\\C-h\": \"echo foo\"\n\"\\C-o\\C-h\": \"echo foo\"\n\"\\C-q\": \"echo b\"\n\"\\C-q\": \"echo b\"\ns=1\n", true},
		{`bind -m vi -x '"\C-o": echo vi'; bind -X; bind -m vi -X; bind -m nope -X; echo s=$?`,
			"\"\\C-o\": \"echo vi\"\ns=1\n", true},
		{`bind '"\C-x1": "hel\"lo"'; bind -s; bind -S; bind "Control-o: kill-line"; bind -q kill-line; bind -u kill-line; bind -q kill-line; true`,
			"\"\\C-x1\": \"hel\\\"lo\"\n\\C-x1 outputs hel\\\"lo\nkill-line can be invoked via \"\\C-k\", \"\\C-o\".\nkill-line is not bound to any keys.\n", true},
		{`bind 'set bell-style none'; bind 'set colored-stats on'; bind -v | grep -E 'bell-style|colored-stats'`,
			"set colored-stats on\nset bell-style none\n", true},
		{`bind '"\C-@": yank'; bind '"\C-\\": yank'; bind -q yank; (bind -r '\C-y'); bind -q yank`,
			"yank can be invoked via \"\\C-@\", \"\\C-y\", \"\\C-\\\\\".\nyank can be invoked via \"\\C-@\", \"\\C-y\", \"\\C-\\\\\".\n", true},
		{`bind -q self-insert; bind -p | grep -c .`, "self-insert can be invoked via \" \", \"!\", \"\\\"\", \"#\", \"$\", ...\n285\n", false},
	} {
		out, errOut, status := runMemsh(t, c.script)
		if out != c.want || status != 0 {
			t.Errorf("%s: got %q (status %d, stderr %q), want %q", c.script, out, status, errOut, c.want)
		}
		if !c.bashToo {
			continue
		}
		if got, _, ok := runBash(t, "export INPUTRC=/dev/null\n"+c.script); ok && got != c.want {
			t.Errorf("%s: host bash says %q, want %q", c.script, got, c.want)
		}
	}
}
