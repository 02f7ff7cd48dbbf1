package fileutil

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"memsh/memfs"
	"memsh/shell/command"
)

// TestMktempDryRunMissingDir: GNU's mktemp -u only lstats the name, so a
// missing directory still gives a name (status 0); a file in the way of
// the directory gives ENOTDIR.
func TestMktempDryRunMissingDir(t *testing.T) {
	run := commandFunc(t, "mktemp")
	out, _, st, _ := command.Case{Args: []string{"mktemp", "-u", "/nonexist/XXX"}}.Run(run, nil)
	if st != 0 || !strings.HasPrefix(out, "/nonexist/") || len(out) != len("/nonexist/XXX\n") {
		t.Errorf("mktemp -u /nonexist/XXX: %q status %d", out, st)
	}
	_, errOut, st, _ := command.Case{Args: []string{"mktemp", "-u", "f/XXX"}, Files: map[string]string{"/home/user/f": ""}}.Run(run, nil)
	if want := "mktemp: failed to create file via template ‘f/XXX’: Not a directory\n"; st != 1 || errOut != want {
		t.Errorf("mktemp -u f/XXX: %q status %d, want %q", errOut, st, want)
	}
}

// TestDfOutput: --output's fields, titles and alignment (text fields to
// the left, numbers to the right, the last never padded on the right),
// and its messages, as GNU df 9.1's.
func TestDfOutput(t *testing.T) {
	runTable(t, []tableCase{
		{Args: []string{"df", "--output=source,pcent"}, Stdout: "Filesystem     Use%\nmemfs            0%\n"},
		{Args: []string{"df", "--output=file,target", "/tmp", "/"}, Stdout: "File Mounted on\n/tmp /\n/    /\n"},
		{Args: []string{"df", "--output=pcent"}, Stdout: "Use%\n  0%\n"},
		{Args: []string{"df", "--output=size", "-h"}, Stdout: " Size\n 1.0G\n"},
		{Args: []string{"df", "--output=foo"}, Status: 1,
			Stderr: "df: option --output: field ‘foo’ unknown\nTry 'df --help' for more information.\n"},
		{Args: []string{"df", "--output=source,source"}, Status: 1,
			Stderr: "df: option --output: field ‘source’ used more than once\nTry 'df --help' for more information.\n"},
		{Args: []string{"df", "--output", "-i"}, Status: 1,
			Stderr: "df: options -i and --output are mutually exclusive\nTry 'df --help' for more information.\n"},
	})
}

// TestDuInodesAndOperands: --inodes counts entries; with several
// operands an inode already counted is not counted or shown again, as
// GNU du's hash_all.
func TestDuInodesAndOperands(t *testing.T) {
	files := map[string]string{"/home/user/d/f": "", "/home/user/d/e/g": ""}
	runTable(t, []tableCase{
		{Args: []string{"du", "--inodes", "d"}, Files: files, Stdout: "2\td/e\n4\td\n"},
		{Args: []string{"du", "--inodes", "-c", "d", "d/f"}, Files: files, Stdout: "2\td/e\n4\td\n4\ttotal\n"},
		{Args: []string{"du", "-c", "d", "d/f"}, Files: files, Stdout: "4\td/e\n8\td\n8\ttotal\n"},
		{Args: []string{"du", "--inodes", "-b", "-s", "d"}, Files: files, Stdout: "4\td\n",
			Stderr: "du: warning: options --apparent-size and -b are ineffective with --inodes\n"},
	})
}

// TestMessageOrder: a message flushes the pending -v lines first, as
// glibc's error() does, so 2>&1 keeps GNU's order; basename stops
// reading options at its first operand.
func TestMessageOrder(t *testing.T) {
	fsys := memfs.New(memfs.Options{})
	fsys.MkdirAll("/home/user", 0o755)
	var both bytes.Buffer
	inv := &command.Invocation{
		Args:    []string{"mkdir", "-v", "a", "a"},
		Stdio:   command.Stdio{Stdin: strings.NewReader(""), Stdout: &both, Stderr: &both},
		FS:      fsys,
		Dir:     "/home/user",
		Environ: []string{"LANG=C.UTF-8"},
	}
	commandFunc(t, "mkdir")(context.Background(), inv)
	if want := "mkdir: created directory 'a'\nmkdir: cannot create directory ‘a’: File exists\n"; both.String() != want {
		t.Errorf("mkdir -v a a: %q, want %q", both.String(), want)
	}
	runTable(t, []tableCase{
		{Args: []string{"basename", "-s", ".c", "a.c", "b.c", "-z"}, Stdout: "a\nb\n-z\n"},
	})
}

// TestSELinuxContextOption: -Z is accepted; memfs has no security
// contexts, so ls shows "?" where GNU shows an unknown context.
func TestSELinuxContextOption(t *testing.T) {
	files := map[string]string{"/home/user/a": "x"}
	runTable(t, []tableCase{
		{Args: []string{"ls", "-Z", "a"}, Files: files, Stdout: "? a\n"},
		{Args: []string{"ls", "-m", "-Z", "a", "a"}, Files: files, Stdout: "? a, ? a\n"},
		{Args: []string{"cp", "-Z", "a", "b"}, Files: files, After: map[string]string{"/home/user/b": "x|0o644"}},
		{Args: []string{"mkdir", "-Z", "d"}, Files: files, After: map[string]string{"/home/user/d": "<dir>0o755"}},
	})
}
