package devutil

import (
	"strings"
	"testing"

	"memsh/shell/command"
)

// fileCase is a table row plus the files it must leave behind
// (content; "" with a trailing "!" in the key means "must not exist").
type fileCase struct {
	command.Case
	Want map[string]string
}

func lookup(t *testing.T, name string) command.Func {
	t.Helper()
	for _, cmd := range Commands() {
		if cmd.Name == name {
			return cmd.Run
		}
	}
	t.Fatalf("no command %q", name)
	return nil
}

// runCases runs table rows against this package's commands.
func runCases(t *testing.T, cases []fileCase) {
	t.Helper()
	for _, c := range cases {
		name := c.Name
		if name == "" {
			name = strings.Join(c.Args, " ")
		}
		t.Run(name, func(t *testing.T) {
			out, errs, st, fsys := c.Run(lookup(t, c.Args[0]), nil)
			if out != c.Stdout || errs != c.Stderr || st != c.Status {
				t.Errorf("got stdout %q stderr %q status %d\nwant stdout %q stderr %q status %d", out, errs, st, c.Stdout, c.Stderr, c.Status)
			}
			for p, want := range c.Want {
				if gone, ok := strings.CutSuffix(p, "!"); ok {
					if _, err := fsys.Lstat(gone); err == nil {
						t.Errorf("%s exists", gone)
					}
					continue
				}
				got, err := fsys.ReadFile(p)
				if err != nil {
					t.Errorf("%s: %v", p, err)
				} else if string(got) != want {
					t.Errorf("%s = %q, want %q", p, got, want)
				}
			}
		})
	}
}
