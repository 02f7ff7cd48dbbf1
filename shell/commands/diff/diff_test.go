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

// TestDiffFormats covers -e, -y, -t, -p/-F, -I, --strip-trailing-cr, -a
// and -x; expected outputs are GNU diffutils 3.8's.
func TestDiffFormats(t *testing.T) {
	files := map[string]string{
		"/home/user/x": "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n", "/home/user/y": "a\nB\nc\nd\ne\nf\ng\nh\nj\nk\n",
		"/home/user/cx": "int main() {\n  a;\n  b;\n  c;\n  d;\n  e;\n}\nvoid f() {\n  x;\n  y;\n  z;\n  w;\n}\n",
		"/home/user/cy": "int main() {\n  a;\n  B;\n  c;\n  d;\n  e;\n}\nvoid f() {\n  x;\n  y;\n  Z;\n  w;\n}\n",
		"/home/user/t1": "a\tb\n", "/home/user/t2": "a\tB\n",
		"/home/user/i1": "# c1\nv=1\n", "/home/user/i2": "# c2\nv=1\n",
		"/home/user/cr": "x\r\n", "/home/user/lf": "x\n",
		"/home/user/b1": "\x00a\n", "/home/user/b2": "\x00b\n",
		"/home/user/d1/f": "1\n", "/home/user/d2/f": "2\n", "/home/user/d1/a.o": "3\n", "/home/user/d2/a.o": "4\n",
		"/home/user/nl": "a\nb", "/home/user/nl2": "a\nc\n",
	}
	cases := []command.Case{
		{Name: "ed", Args: []string{"diff", "-e", "x", "y"}, Status: 1,
			Stdout: "10a\nk\n.\n9d\n2c\nB\n.\n"},
		{Name: "side by side", Args: []string{"diff", "-y", "-W", "30", "x", "y"}, Status: 1,
			Stdout: "a\t\ta\nb\t      |\tB\nc\t\tc\nd\t\td\ne\t\te\nf\t\tf\ng\t\tg\nh\t\th\ni\t      <\nj\t\tj\n\t      >\tk\n"},
		{Name: "side by side suppress", Args: []string{"diff", "--side-by-side", "--suppress-common-lines", "x", "y"}, Status: 1,
			Stdout: "b\t\t\t\t\t\t\t      |\tB\ni\t\t\t\t\t\t\t      <\n\t\t\t\t\t\t\t      >\tk\n"},
		{Name: "side by side left column", Args: []string{"diff", "-y", "--left-column", "-W", "20", "x", "y"}, Status: 1,
			Stdout: "a     (\nb     |\tB\nc     (\nd     (\ne     (\nf     (\ng     (\nh     (\ni     <\nj     (\n      >\tk\n"},
		{Name: "side by side tabs", Args: []string{"diff", "-y", "t1", "t2"}, Status: 1,
			Stdout: "a\tb\t\t\t\t\t\t      |\ta\tB\n"},
		{Name: "side by side -t", Args: []string{"diff", "-yt", "-W", "24", "t1", "t2"}, Status: 1,
			Stdout: "a       b  |  a       B\n"},
		{Name: "expand tabs", Args: []string{"diff", "-t", "t1", "t2"}, Status: 1,
			Stdout: "1c1\n< a       b\n---\n> a       B\n"},
		{Name: "show c function", Args: []string{"diff", "-p", "--label", "a", "--label", "b", "cx", "cy"}, Status: 1,
			Stdout: "*** a\n--- b\n***************\n*** 1,6 ****\n  int main() {\n    a;\n!   b;\n    c;\n    d;\n    e;\n--- 1,6 ----\n  int main() {\n    a;\n!   B;\n    c;\n    d;\n    e;\n*************** int main() {\n*** 8,13 ****\n  void f() {\n    x;\n    y;\n!   z;\n    w;\n  }\n--- 8,13 ----\n  void f() {\n    x;\n    y;\n!   Z;\n    w;\n  }\n"},
		{Name: "show function line unified", Args: []string{"diff", "-U1", "-F", "^void", "--label", "a", "--label", "b", "cx", "cy"}, Status: 1,
			Stdout: "--- a\n+++ b\n@@ -2,3 +2,3 @@\n   a;\n-  b;\n+  B;\n   c;\n@@ -10,3 +10,3 @@ void f() {\n   y;\n-  z;\n+  Z;\n   w;\n"},
		{Name: "ignore matching lines", Args: []string{"diff", "-I", "^#", "i1", "i2"}, Status: 0,
			Stdout: ""},
		{Name: "strip trailing cr", Args: []string{"diff", "--strip-trailing-cr", "cr", "lf"}, Status: 0,
			Stdout: ""},
		{Name: "text", Args: []string{"diff", "-a", "b1", "b2"}, Status: 1,
			Stdout: "1c1\n< \x00a\n---\n> \x00b\n"},
		{Name: "exclude quoted in header", Args: []string{"diff", "-r", "-x", "*.o", "d1", "d2"}, Status: 1,
			Stdout: "diff -r -x '*.o' d1/f d2/f\n1c1\n< 1\n---\n> 2\n"},
		// GNU's shell quoting style: # and ~ inside a word are safe, = is not.
		{Name: "exclude shell style in header", Args: []string{"diff", "-r", "-x", "*.o", "-x", "a#", "-x", "a=b", "-x", "a~b", "d1", "d2"}, Status: 1,
			Stdout: "diff -r -x '*.o' -x a# -x 'a=b' -x a~b d1/f d2/f\n1c1\n< 1\n---\n> 2\n"},
		{Name: "--from-file", Args: []string{"diff", "--from-file=t1", "t2", "t1"}, Status: 1, Stdout: "1c1\n< a\tb\n---\n> a\tB\n"},
		{Name: "--to-file", Args: []string{"diff", "--to-file", "t1", "t2"}, Status: 1, Stdout: "1c1\n< a\tB\n---\n> a\tb\n"},
		{Name: "--from-file and --to-file", Args: []string{"diff", "--from-file=t1", "--to-file=t2", "x"}, Status: 2, Stderr: "diff: --from-file and --to-file both specified\n"},
		{Name: "version", Args: []string{"diff", "--version"}, Status: 0,
			Stdout: "diff (GNU diffutils) 3.8\nmemsh's own implementation of GNU diffutils 3.8's interface; no GNU code.\n"},
		{Name: "ed without final newline", Args: []string{"diff", "-e", "nl", "nl2"}, Status: 2,
			Stdout: "2c\nc\n.\n", Stderr: "diff: nl: No newline at end of file\n\n"},
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

// TestDiffAlignment checks that where several minimal diffs exist memsh
// picks GNU's (analyze.go); expected outputs are GNU diffutils 3.8's.
func TestDiffAlignment(t *testing.T) {
	files := map[string]string{
		"/home/user/ab1": "a\nb\na\nb\n", "/home/user/ab2": "b\na\nb\na\n",
		"/home/user/n1": "1\n2\n3\n4\n5\n", "/home/user/n2": "1\n3\n2\n4\n5\n",
		"/home/user/br1": "{\n}\n{\n}\n", "/home/user/br2": "{\n}\n",
		"/home/user/bl1": "a\n\nb\n\nc\n", "/home/user/bl2": "a\n\nc\n",
		"/home/user/ws1": "a\n\t\nb\n", "/home/user/ws2": "a\n\nb\nc\n",
		"/home/user/e1": "a\tb\n", "/home/user/e2": "a       b\n",
	}
	cases := []command.Case{
		{Name: "duplicates", Args: []string{"diff", "ab1", "ab2"}, Status: 1,
			Stdout: "1d0\n< a\n4a4\n> a\n"},
		{Name: "moved line", Args: []string{"diff", "n1", "n2"}, Status: 1,
			Stdout: "2d1\n< 2\n3a3\n> 2\n"},
		{Name: "deletion slides down", Args: []string{"diff", "br1", "br2"}, Status: 1,
			Stdout: "3,4d2\n< {\n< }\n"},
		{Name: "blank lines slide", Args: []string{"diff", "bl1", "bl2"}, Status: 1,
			Stdout: "3,4d2\n< b\n< \n"},
		{Name: "unified slides", Args: []string{"diff", "-u", "--label", "a", "--label", "b", "bl1", "bl2"}, Status: 1,
			Stdout: "--- a\n+++ b\n@@ -1,5 +1,3 @@\n a\n \n-b\n-\n c\n"},
		{Name: "-b blank with white space", Args: []string{"diff", "-b", "ws1", "ws2"}, Status: 1,
			Stdout: "3a4\n> c\n"},
		{Name: "-B only empty lines", Args: []string{"diff", "-B", "ws1", "ws2"}, Status: 1,
			Stdout: "2c2\n< \t\n---\n> \n3a4\n> c\n"},
		{Name: "-y identical", Args: []string{"diff", "-y", "-W", "20", "n1", "n1"}, Status: 0,
			Stdout: "1\t1\n2\t2\n3\t3\n4\t4\n5\t5\n"},
		{Name: "-y -B", Args: []string{"diff", "-y", "-B", "-W", "20", "bl1", "bl2"}, Status: 1,
			Stdout: "a\ta\n\nb     <\n      <\nc\tc\n"},
		{Name: "-E", Args: []string{"diff", "-E", "e1", "e2"}, Status: 0, Stdout: ""},
		{Name: "-s with labels", Args: []string{"diff", "-s", "--label", "A", "--label", "B", "n1", "n1"}, Status: 0,
			Stdout: "Files A and B are identical\n"},
	}
	for _, c := range cases {
		c.Files = files
		t.Run(c.Name, func(t *testing.T) {
			stdout, stderr, status, _ := c.Run(Run, nil)
			if stdout != c.Stdout || status != c.Status {
				t.Errorf("got stdout %q stderr %q status %d\nwant stdout %q status %d",
					stdout, stderr, status, c.Stdout, c.Status)
			}
		})
	}
}

// TestDiffDirs: GNU diffutils 3.8 on directories.
func TestDiffDirs(t *testing.T) {
	files := map[string]string{
		"/home/user/a/f": "1\n", "/home/user/b/f": "1\n", "/home/user/b/new/x": "1\n",
		"/home/user/a/bin": "\x00", "/home/user/b/bin": "\x01",
	}
	for _, c := range []command.Case{
		{Name: "-rN into a directory on one side", Args: []string{"diff", "-rN", "a", "b"}, Status: 1,
			Stdout: "Binary files a/bin and b/bin differ\ndiff -rN a/new/x b/new/x\n0a1\n> 1\n"},
		{Name: "-r", Args: []string{"diff", "-r", "a", "b"}, Status: 1,
			Stdout: "Binary files a/bin and b/bin differ\nOnly in b: new\n"},
	} {
		c.Files = files
		t.Run(c.Name, func(t *testing.T) {
			stdout, stderr, status, _ := c.Run(Run, nil)
			if stdout != c.Stdout || status != c.Status {
				t.Errorf("got stdout %q stderr %q status %d\nwant stdout %q status %d", stdout, stderr, status, c.Stdout, c.Status)
			}
		})
	}
}
