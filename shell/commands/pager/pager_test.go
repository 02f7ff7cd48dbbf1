package pager

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"memsh/memfs"
	"memsh/shell/command"
)

// Off a terminal, less and more copy their input as the real ones do
// (their stdout and stderr here are less 590's and util-linux 2.38's).
func TestCopyWhenNotATerminal(t *testing.T) {
	files := map[string]string{"/home/user/f": "a\nb\n", "/home/user/g": "g\n"}
	for _, c := range []command.Case{
		{Args: []string{"less"}, Stdin: "piped\n", Stdout: "piped\n"},
		{Args: []string{"more"}, Stdin: "piped\n", Stdout: "piped\n"},
		{Args: []string{"less", "-R", "f"}, Files: files, Stdout: "a\nb\n"},
		{Args: []string{"less", "f", "g"}, Files: files, Stdout: "a\nb\ng\n"},
		{Args: []string{"less", "f", "nosuch"}, Files: files, Stdout: "a\nb\n", Stderr: "nosuch: No such file or directory\n"},
		{Args: []string{"more", "f", "g", "nosuch"}, Files: files,
			Stdout: "::::::::::::::\nf\n::::::::::::::\na\nb\n::::::::::::::\ng\n::::::::::::::\ng\n",
			Stderr: "more: cannot open nosuch: No such file or directory\n"},
		{Args: []string{"more", "f"}, Files: files, Stdout: "a\nb\n"},
	} {
		out, errs, st, _ := c.Run(Commands()[0].Run, nil)
		if c.Args[0] == "more" {
			out, errs, st, _ = c.Run(runMore, nil)
		}
		if out != c.Stdout || errs != c.Stderr || st != c.Status {
			t.Errorf("%q: got %q %q %d, want %q %q %d", c.Args, out, errs, st, c.Stdout, c.Stderr, c.Status)
		}
	}
}

// With a pager, less hands it all its input and writes nothing.
func TestLessUsesThePager(t *testing.T) {
	var gotTitle string
	var got []byte
	fsys := memfs.New(memfs.Options{})
	fsys.MkdirAll("/home/user", 0o755)
	fsys.WriteFile("/home/user/f", []byte("one\ntwo\n"), 0o644)
	var out bytes.Buffer
	inv := &command.Invocation{
		Args:  []string{"less", "f"},
		Stdio: command.Stdio{Stdin: strings.NewReader(""), Stdout: &out, Stderr: io.Discard},
		FS:    fsys, Dir: "/home/user", Term: true, Width: 80,
		Pager: func(_ context.Context, title string, text []byte) { gotTitle, got = title, text },
	}
	if st := runLess(context.Background(), inv); st != 0 || out.Len() != 0 {
		t.Fatalf("status %d, stdout %q", st, out.String())
	}
	if gotTitle != "f" || string(got) != "one\ntwo\n" {
		t.Errorf("pager got %q %q", gotTitle, got)
	}
}

func TestMan(t *testing.T) {
	exec := func(_ context.Context, argv, _ []string, stdio command.Stdio) int {
		if argv[0] == "ls" && argv[1] == "--help" {
			io.WriteString(stdio.Stdout, "Usage: ls [OPTION]...\n")
			return 0
		}
		return 127
	}
	for _, c := range []command.Case{
		{Args: []string{"man", "ls"}, Stdout: "Usage: ls [OPTION]...\n"},
		{Args: []string{"man", "nosuch"}, Stderr: "No manual entry for nosuch\n", Status: 16},
		{Args: []string{"man"}, Stderr: "What manual page do you want?\nFor example, try 'man man'.\n", Status: 1},
	} {
		out, errs, st, _ := c.Run(runMan, exec)
		if out != c.Stdout || errs != c.Stderr || st != c.Status {
			t.Errorf("%q: got %q %q %d, want %q %q %d", c.Args, out, errs, st, c.Stdout, c.Stderr, c.Status)
		}
	}
}

func TestCapped(t *testing.T) {
	var b bytes.Buffer
	c := &capped{w: &b, n: 5}
	c.Write([]byte("abc"))
	c.Write([]byte("defgh"))
	if b.String() != "abcde" || !c.over {
		t.Errorf("%q %v", b.String(), c.over)
	}
}
