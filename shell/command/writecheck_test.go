package command

import (
	"context"
	"io"
	"strings"
	"syscall"
	"testing"
)

type errWriter struct{ err error }

func (f errWriter) Write([]byte) (int, error) { return 0, f.err }

func TestWriteCheck(t *testing.T) {
	full := errWriter{syscall.ENOSPC}
	cases := []struct {
		name   string
		out    io.Writer
		said   string // what the command itself printed on stderr
		status int
		stderr string
		want   int
	}{
		{"ls", full, "", 0, "ls: write error: No space left on device\n", 2},
		{"nl", full, "", 0, "nl: write error: No space left on device\n", 1},
		{"od", full, "", 1, "od: write error: No space left on device\n", 1},
		{"diff", full, "", 1, "diff: standard output: No space left on device\n", 2},
		{"jq", full, "", 0, "Error: writing output failed: No space left on device\n", 2},
		{"expr", full, "expr: write error\n", 1, "expr: write error\n", 3},
		{"sort", full, "sort: write failed\n", 2, "sort: write failed\n", 2},
		{"grep", &strings.Builder{}, "", 1, "", 1},
		{"cat", errWriter{syscall.EPIPE}, "", 0, "", 0},
		{"python3", full, "", 0, "", 0},
	}
	for _, tc := range cases {
		var errb strings.Builder
		w, said := &WriteCheck{W: tc.out}, &Said{W: &errb}
		w.Write([]byte("x"))
		if tc.said != "" {
			io.WriteString(said, tc.said)
		}
		got := w.Finish(context.Background(), tc.name, said, tc.status)
		if got != tc.want || errb.String() != tc.stderr {
			t.Errorf("%s: got %d %q, want %d %q", tc.name, got, errb.String(), tc.want, tc.stderr)
		}
	}
}

func TestRunSafe(t *testing.T) {
	var errb strings.Builder
	inv := &Invocation{Args: []string{"boom"}, Stdio: Stdio{Stderr: &errb}}
	st := RunSafe(context.Background(), func(context.Context, *Invocation) int { panic("nil map") }, inv)
	if st != 2 || errb.String() != "boom: internal error: nil map\n" {
		t.Errorf("RunSafe: %d %q", st, errb.String())
	}
}
