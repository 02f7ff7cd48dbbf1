package shell

import "testing"

// A script's messages read as bash's: named by $0, with the line, and a
// syntax error followed by the line it could not parse. Expected stderr
// and statuses are bash 5.2's (bash -c SCRIPT NAME, bash FILE).
func TestScriptMessages(t *testing.T) {
	cases := []struct {
		name, script string
		opts         Options
		stderr       string
		status       int
	}{
		{"not found", "true\nnosuch", Options{Script: true}, "bash: line 2: nosuch: command not found\n", 127},
		{"named", "nosuch; cd /x", Options{Script: true, Args: []string{"nm"}}, "nm: line 1: nosuch: command not found\nnm: line 1: cd: /x: No such file or directory\n", 1},
		{"syntax -c", "if then", Options{Script: true}, "bash: -c: line 1: syntax error near unexpected token `then'\nbash: -c: line 1: `if then'\n", 2},
		{"syntax file", "echo a >/dev/null\nif then", Options{Script: true, FromFile: true, Args: []string{"x.sh"}}, "x.sh: line 2: syntax error near unexpected token `then'\nx.sh: line 2: `if then'\n", 2},
		{"eval syntax", "eval 'if then'", Options{Script: true}, "bash: eval: line 1: syntax error near unexpected token `then'\nbash: eval: line 1: `if then'\n", 2},
		{"unbound -c", "set -u; echo $nope", Options{Script: true, Args: []string{"nm"}}, "nm: line 1: nope: unbound variable\n", 127},
		{"unbound file", "set -u\necho $nope", Options{Script: true, FromFile: true, Args: []string{"u.sh"}}, "u.sh: line 2: nope: unbound variable\n", 1},
		{"prompt", "nosuch", Options{}, "bash: nosuch: command not found\n", 127},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newTestSession(t, c.opts)
			_, errs, st := run(t, s, c.script, "")
			if errs != c.stderr || st != c.status {
				t.Errorf("%q: stderr %q status %d, want %q %d", c.script, errs, st, c.stderr, c.status)
			}
		})
	}
}
