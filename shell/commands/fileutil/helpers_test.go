package fileutil

import (
	"testing"

	"memsh/shell/command"
)

// runCases runs each case and compares stdout, stderr and status.
func runCases(t *testing.T, run command.Func, cases []command.Case) {
	t.Helper()
	for _, c := range cases {
		name := c.Name
		if name == "" {
			name = join("", c.Args[0])
			for _, a := range c.Args[1:] {
				name += " " + a
			}
		}
		t.Run(name, func(t *testing.T) {
			stdout, stderr, status, _ := c.Run(run, nil)
			if stdout != c.Stdout {
				t.Errorf("stdout:\n got %q\nwant %q", stdout, c.Stdout)
			}
			if stderr != c.Stderr {
				t.Errorf("stderr:\n got %q\nwant %q", stderr, c.Stderr)
			}
			if status != c.Status {
				t.Errorf("status: got %d, want %d", status, c.Status)
			}
		})
	}
}
