package textutil

import (
	"testing"

	"memsh/shell/command"
)

// runCases replays table rows whose expected output came from GNU
// coreutils 9.1 on Linux (LANG=C.UTF-8).
func runCases(t *testing.T, run command.Func, cases []command.Case) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
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
