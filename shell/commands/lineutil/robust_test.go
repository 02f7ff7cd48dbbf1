package lineutil

import (
	"context"
	"strings"
	"testing"
	"time"

	"memsh/shell/command"
)

// TestHeldLimit: a line longer than command.MaxHeld (`nl /dev/zero`)
// stops the command with a message naming the limit instead of taking
// the process down.
func TestHeldLimit(t *testing.T) {
	saved := command.MaxHeld
	command.MaxHeld = 1 << 17
	defer func() { command.MaxHeld = saved }()
	long := strings.Repeat("a", 1<<18)
	for _, tc := range []struct {
		run command.Func
		c   command.Case
	}{
		{Nl, command.Case{Args: []string{"nl"}, Stdin: long, Stderr: "nl: -: input exceeds the in-memory limit of 0 MiB\n", Status: 1}},
		{Rev, command.Case{Args: []string{"rev"}, Stdin: "ab\n" + long, Stdout: "ba\n", Stderr: "rev: -: input exceeds the in-memory limit of 0 MiB\n", Status: 1}},
		{Fold, command.Case{Args: []string{"fold", "l"}, Files: map[string]string{"/home/user/l": long}, Stderr: "fold: l: input exceeds the in-memory limit of 0 MiB\n", Status: 1}},
		{Paste, command.Case{Args: []string{"paste"}, Stdin: "x\n" + long, Stdout: "x\n", Stderr: "paste: input exceeds the in-memory limit of 0 MiB\n", Status: 1}},
		{Paste, command.Case{Args: []string{"paste", "-s"}, Stdin: long, Stderr: "paste: input exceeds the in-memory limit of 0 MiB\n", Status: 1}},
	} {
		stdout, stderr, status, _ := tc.c.Run(tc.run, nil)
		if stdout != tc.c.Stdout || stderr != tc.c.Stderr || status != tc.c.Status {
			t.Errorf("%q: got (%q, %q, %d), want (%q, %q, %d)", tc.c.Args, stdout, stderr, status, tc.c.Stdout, tc.c.Stderr, tc.c.Status)
		}
	}
}

// endless is /dev/zero: a read never ends a line.
type endless struct{}

func (endless) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// TestCancelLongLine: `timeout 1 nl /dev/zero` ends when its context
// does, even inside one endless line.
func TestCancelLongLine(t *testing.T) {
	for _, run := range []command.Func{Nl, Fold, Rev, Paste} {
		ctx, cancel := context.WithCancel(context.Background())
		inv := &command.Invocation{Args: []string{"x"}, Stdio: command.Stdio{Stdin: endless{}, Stdout: &strings.Builder{}, Stderr: &strings.Builder{}}}
		done := make(chan int)
		go func() { done <- run(ctx, inv) }()
		time.Sleep(10 * time.Millisecond)
		cancel()
		select {
		case st := <-done:
			if st != 130 {
				t.Errorf("%p: status %d after cancel, want 130", run, st)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%p: still running after cancel", run)
		}
	}
}
