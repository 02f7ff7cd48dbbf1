package binutil

import (
	"strings"
	"testing"

	"memsh/shell/command"
)

// testFiles are the files every table row starts with; the expected
// outputs were produced by the real tools on the same files.
var testFiles = map[string]string{
	"/home/user/f": "hello world\n\x00\x01\xff\xe9abcdefghijklmnopqrstuvwxyz",
	"/home/user/z": strings.Repeat("\x00", 100),
	"/home/user/e": "",
	"/home/user/s": "abc",
	"/home/user/t": "line one\nline two\n\tindented  x\n",
}

// runCases runs a table of command.Case rows against this package.
func runCases(t *testing.T, cases []command.Case) {
	t.Helper()
	for _, c := range cases {
		name := c.Name
		if name == "" {
			name = strings.Join(c.Args, " ")
		}
		t.Run(name, func(t *testing.T) {
			var run command.Func
			for _, cmd := range Commands() {
				if cmd.Name == c.Args[0] {
					run = cmd.Run
				}
			}
			if run == nil {
				t.Fatalf("no command %q", c.Args[0])
			}
			out, errs, st, _ := c.Run(run, nil)
			if out != c.Stdout || errs != c.Stderr || st != c.Status {
				t.Errorf("got stdout %q stderr %q status %d\nwant stdout %q stderr %q status %d", out, errs, st, c.Stdout, c.Stderr, c.Status)
			}
		})
	}
}
