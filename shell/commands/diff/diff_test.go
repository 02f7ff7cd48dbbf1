package diff

import (
	"testing"

	"memsh/shell/command"
)

// Expected outputs were produced by GNU diffutils 3.8 on Linux.
func TestDiff(t *testing.T) {
	x := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n"
	y := "a\nB\nc\nd\ne\nf\ng\nh\nj\nk\n"
	files := map[string]string{"/home/user/x": x, "/home/user/y": y,
		"/home/user/p": "one\ntwo", "/home/user/q": "one\n",
		"/home/user/d1/f": "1\n", "/home/user/d2/f": "2\n", "/home/user/d1/only": "3\n"}
	cases := []command.Case{
		{Name: "normal", Args: []string{"diff", "x", "y"}, Status: 1,
			Stdout: "2c2\n< b\n---\n> B\n9d8\n< i\n10a10\n> k\n"},
		{Name: "unified", Args: []string{"diff", "-u", "--label", "x", "--label", "y", "x", "y"}, Status: 1,
			Stdout: "--- x\n+++ y\n@@ -1,10 +1,10 @@\n a\n-b\n+B\n c\n d\n e\n f\n g\n h\n-i\n j\n+k\n"},
		{Name: "unified 1", Args: []string{"diff", "-U1", "--label", "x", "--label", "y", "x", "y"}, Status: 1,
			Stdout: "--- x\n+++ y\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n@@ -8,3 +8,3 @@\n h\n-i\n j\n+k\n"},
		{Name: "context", Args: []string{"diff", "-c", "--label", "x", "--label", "y", "x", "y"}, Status: 1,
			Stdout: "*** x\n--- y\n***************\n*** 1,10 ****\n  a\n! b\n  c\n  d\n  e\n  f\n  g\n  h\n- i\n  j\n--- 1,10 ----\n  a\n! B\n  c\n  d\n  e\n  f\n  g\n  h\n  j\n+ k\n"},
		{Name: "context 1", Args: []string{"diff", "-C1", "--label", "x", "--label", "y", "x", "y"}, Status: 1,
			Stdout: "*** x\n--- y\n***************\n*** 1,3 ****\n  a\n! b\n  c\n--- 1,3 ----\n  a\n! B\n  c\n***************\n*** 8,10 ****\n  h\n- i\n  j\n--- 8,10 ----\n  h\n  j\n+ k\n"},
		{Name: "context deletion only", Args: []string{"diff", "--context", "--label", "p", "--label", "q", "p", "q"}, Status: 1,
			Stdout: "*** p\n--- q\n***************\n*** 1,2 ****\n  one\n- two\n\\ No newline at end of file\n--- 1 ----\n"},
		{Name: "context and unified", Args: []string{"diff", "-c", "-u", "x", "y"}, Status: 2,
			Stderr: "diff: conflicting output style options\ndiff: Try 'diff --help' for more information.\n"},
		{Name: "usage hint prefixed", Args: []string{"diff", "x"}, Status: 2,
			Stderr: "diff: missing operand after 'x'\ndiff: Try 'diff --help' for more information.\n"},
		{Name: "bad context length", Args: []string{"diff", "-U", "x", "x", "y"}, Status: 2,
			Stderr: "diff: invalid context length 'x'\ndiff: Try 'diff --help' for more information.\n"},
		{Name: "bad context length long", Args: []string{"diff", "--context=-1", "x", "y"}, Status: 2,
			Stderr: "diff: invalid context length '-1'\ndiff: Try 'diff --help' for more information.\n"},
		{Name: "unknown option", Args: []string{"diff", "--bogus", "x", "y"}, Status: 2,
			Stderr: "diff: unrecognized option '--bogus'\ndiff: Try 'diff --help' for more information.\n"},
		{Name: "no newline", Args: []string{"diff", "p", "q"}, Status: 1,
			Stdout: "2d1\n< two\n\\ No newline at end of file\n"},
		{Name: "brief", Args: []string{"diff", "-q", "x", "y"}, Status: 1, Stdout: "Files x and y differ\n"},
		{Name: "identical", Args: []string{"diff", "-s", "x", "x"}, Stdout: "Files x and x are identical\n"},
		{Name: "recursive", Args: []string{"diff", "-r", "d1", "d2"}, Status: 1,
			Stdout: "diff -r d1/f d2/f\n1c1\n< 1\n---\n> 2\nOnly in d1: only\n"},
		{Name: "missing", Args: []string{"diff", "x", "nope"}, Status: 2,
			Stderr: "diff: nope: No such file or directory\n"},
		{Name: "ignore case", Args: []string{"diff", "-i", "x", "y"}, Status: 1,
			Stdout: "9d8\n< i\n10a10\n> k\n"},
		{Name: "stdin", Args: []string{"diff", "-", "q"}, Stdin: "one\n"},
	}
	for _, c := range cases {
		c.Files = files
		t.Run(c.Name, func(t *testing.T) {
			stdout, stderr, status, _ := c.Run(Run, nil)
			if stdout != c.Stdout || status != c.Status || (c.Stderr != "" && stderr != c.Stderr) {
				t.Errorf("got stdout %q stderr %q status %d\nwant stdout %q stderr %q status %d",
					stdout, stderr, status, c.Stdout, c.Stderr, c.Status)
			}
		})
	}
}
