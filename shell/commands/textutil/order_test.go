package textutil

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"memsh/memfs"
	"memsh/shell/command"
)

// TestMessageOrder checks where messages fall among the output when both
// go to one stream (2>&1), as recorded from GNU coreutils 9.1: glibc's
// error() flushes stdout first; tac holds its own buffer to the end.
func TestMessageOrder(t *testing.T) {
	for _, c := range []struct {
		run  command.Func
		args []string
		want string
	}{
		{runWc, []string{"wc", "a", "missing", "a"}, "1 1 2 a\nwc: missing: No such file or directory\n1 1 2 a\n2 2 4 total\n"},
		{runTail, []string{"tail", "a", "missing"}, "==> a <==\nx\ntail: cannot open 'missing' for reading: No such file or directory\n"},
		{sumAlgos[0].run, []string{"md5sum", "a", "missing"}, "401b30e3b8b5d629635a5c613cdb7919  a\nmd5sum: missing: No such file or directory\n"},
		{runCmp, []string{"cmp", "-l", "a", "b"}, "cmp: EOF on a after byte 2\n2  12 171\n"},
		{runTail, []string{"tail", "--pid=1", "-n1", "a"}, "tail: warning: PID ignored; --pid=PID is useful only when following\nx\n"},
		{runWc, []string{"wc", "--total=always", "a"}, "wc: unrecognized option '--total=always'\nTry 'wc --help' for more information.\n"},
		{runTac, []string{"tac", "a", "missing", "a"}, "tac: failed to open 'missing' for reading: No such file or directory\nx\nx\n"},
	} {
		fsys := memfs.New(memfs.Options{})
		if err := fsys.MkdirAll("/w", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := fsys.WriteFile("/w/a", []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := fsys.WriteFile("/w/b", []byte("xy\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		var both bytes.Buffer
		inv := &command.Invocation{
			Args:    c.args,
			Stdio:   command.Stdio{Stdin: strings.NewReader(""), Stdout: &both, Stderr: &both},
			FS:      fsys,
			Dir:     "/w",
			Environ: []string{"LANG=C.UTF-8"},
		}
		c.run(context.Background(), inv)
		if both.String() != c.want {
			t.Errorf("%q: got %q, want %q", c.args, both.String(), c.want)
		}
	}
}
