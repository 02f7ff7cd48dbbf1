package devutil

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/aymanbagabas/go-udiff"

	"memsh/shell/command"
)

const (
	seq20 = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n17\n18\n19\n20\n"
	p20   = "--- a\n+++ b\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n@@ -12,7 +12,7 @@\n 12\n 13\n 14\n-15\n+fifteen\n 16\n 17\n 18\n"
	ctx20 = "*** a\n--- b\n***************\n*** 2,8 ****\n  2\n  3\n  4\n! 5\n  6\n  7\n  8\n--- 2,8 ----\n  2\n  3\n  4\n! five\n  6\n  7\n  8\n"
	gitP  = "diff --git a/d/x b/d/x\nindex 1111111..2222222 100644\n--- a/d/x\n+++ b/d/x\n@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\n"
)

var (
	new20 = strings.Replace(strings.Replace(seq20, "\n5\n", "\nfive\n", 1), "\n15\n", "\nfifteen\n", 1)
	ctxP  = strings.Replace(seq20, "\n5\n", "\nfive\n", 1)
)

// The expected outputs were produced by GNU patch 2.7.6 without a terminal.
func TestPatch(t *testing.T) {
	home := "/home/user/"
	runCases(t, []fileCase{
		{Case: command.Case{Args: []string{"patch", "a", "p"}, Files: map[string]string{home + "a": seq20, home + "p": p20},
			Stdout: "patching file a\n"}, Want: map[string]string{home + "a": new20, home + "a.orig!": ""}},
		{Case: command.Case{Name: "stdin", Args: []string{"patch"}, Stdin: p20, Files: map[string]string{home + "a": seq20},
			Stdout: "patching file a\n"}, Want: map[string]string{home + "a": new20}},
		{Case: command.Case{Name: "reversed", Args: []string{"patch", "a", "p"}, Files: map[string]string{home + "a": new20, home + "p": p20},
			Stdout: "patching file a\nReversed (or previously applied) patch detected!  Assume -R? [n] \nApply anyway? [n] \nSkipping patch.\n2 out of 2 hunks ignored -- saving rejects to file a.rej\n",
			Status: 1}, Want: map[string]string{home + "a": new20, home + "a.rej": p20}},
		{Case: command.Case{Name: "forward", Args: []string{"patch", "-N", "a", "p"}, Files: map[string]string{home + "a": new20, home + "p": p20},
			Stdout: "patching file a\nReversed (or previously applied) patch detected!  Skipping patch.\n2 out of 2 hunks ignored -- saving rejects to file a.rej\n",
			Status: 1}, Want: map[string]string{home + "a": new20}},
		{Case: command.Case{Name: "batch", Args: []string{"patch", "-t", "a", "p"}, Files: map[string]string{home + "a": new20, home + "p": p20},
			Stdout: "patching file a\nReversed (or previously applied) patch detected!  Assuming -R.\n"},
			Want: map[string]string{home + "a": seq20, home + "a.orig": new20}},
		{Case: command.Case{Name: "force", Args: []string{"patch", "-f", "a", "p"}, Files: map[string]string{home + "a": new20, home + "p": p20},
			Stdout: "patching file a\nHunk #1 FAILED at 2.\nHunk #2 FAILED at 12.\n2 out of 2 hunks FAILED -- saving rejects to file a.rej\n", Status: 1},
			Want: map[string]string{home + "a": new20, home + "a.orig": new20, home + "a.rej": p20}},
		{Case: command.Case{Name: "R", Args: []string{"patch", "-R", "a", "p"}, Files: map[string]string{home + "a": new20, home + "p": p20},
			Stdout: "patching file a\n"}, Want: map[string]string{home + "a": seq20}},
		{Case: command.Case{Name: "dry-run", Args: []string{"patch", "--dry-run", "a", "p"}, Files: map[string]string{home + "a": seq20, home + "p": p20},
			Stdout: "checking file a\n"}, Want: map[string]string{home + "a": seq20}},
		{Case: command.Case{Name: "offset", Args: []string{"patch", "a", "p"}, Files: map[string]string{home + "a": "x\ny\n" + seq20, home + "p": p20},
			Stdout: "patching file a\nHunk #1 succeeded at 4 (offset 2 lines).\nHunk #2 succeeded at 14 (offset 2 lines).\n"},
			Want: map[string]string{home + "a": "x\ny\n" + new20, home + "a.orig": "x\ny\n" + seq20}},
		{Case: command.Case{Name: "fuzz", Args: []string{"patch", "a", "p"}, Files: map[string]string{home + "a": strings.Replace(seq20, "\n3\n", "\nthree\n", 1), home + "p": p20},
			Stdout: "patching file a\nHunk #1 succeeded at 2 with fuzz 2.\n"},
			Want: map[string]string{home + "a": strings.Replace(new20, "\n3\n", "\nthree\n", 1)}},
		{Case: command.Case{Name: "context", Args: []string{"patch", "a", "p"}, Files: map[string]string{home + "a": seq20, home + "p": ctx20},
			Stdout: "patching file a\n"}, Want: map[string]string{home + "a": ctxP}},
		{Case: command.Case{Name: "git -p1", Args: []string{"patch", "-p1"}, Stdin: gitP, Files: map[string]string{home + "d/x": "one\ntwo\nthree\n"},
			Stdout: "patching file d/x\n"}, Want: map[string]string{home + "d/x": "one\n2\nthree\n"}},
		{Case: command.Case{Name: "no file", Args: []string{"patch"}, Stdin: gitP, Files: map[string]string{home + "d/x": "one\ntwo\nthree\n"},
			Stdout: "can't find file to patch at input line 5\nPerhaps you should have used the -p or --strip option?\nThe text leading up to this was:\n--------------------------\n|diff --git a/d/x b/d/x\n|index 1111111..2222222 100644\n|--- a/d/x\n|+++ b/d/x\n--------------------------\nFile to patch: \nSkip this patch? [y] \nSkipping patch.\n1 out of 1 hunk ignored\n",
			Status: 1}},
		{Case: command.Case{Name: "create and delete", Args: []string{"patch", "-p1"}, Stdin: "--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+hello\n+world\n--- a/old\n+++ /dev/null\n@@ -1 +0,0 @@\n-bye\n",
			Files: map[string]string{home + "old": "bye\n"}, Stdout: "patching file new.txt\npatching file old\n"},
			Want: map[string]string{home + "new.txt": "hello\nworld\n", home + "old!": ""}},
		{Case: command.Case{Name: "would create", Args: []string{"patch", "-p1"}, Stdin: "--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1 @@\n+x\n",
			Files: map[string]string{home + "new.txt": "x\n"}, Status: 1,
			Stdout: "The next patch would create the file new.txt,\nwhich already exists!  Assume -R? [n] \nApply anyway? [n] \nSkipping patch.\n1 out of 1 hunk ignored\n"}},
		{Case: command.Case{Name: "output", Args: []string{"patch", "-o", "out", "a", "p"}, Files: map[string]string{home + "a": seq20, home + "p": p20},
			Stdout: "patching file out (read from a)\n"}, Want: map[string]string{home + "a": seq20, home + "out": new20}},
		{Case: command.Case{Name: "backup", Args: []string{"patch", "-b", "-s", "a", "p"}, Files: map[string]string{home + "a": seq20, home + "p": p20}},
			Want: map[string]string{home + "a": new20, home + "a.orig": seq20}},
		{Case: command.Case{Name: "garbage", Args: []string{"patch", "a"}, Stdin: "hello\n", Files: map[string]string{home + "a": seq20},
			Stderr: "patch: **** Only garbage was found in the patch input.\n", Status: 2}},
		{Case: command.Case{Name: "missing", Args: []string{"patch", "a", "nope"}, Files: map[string]string{home + "a": seq20},
			Stderr: "patch: **** Can't open patch file nope : No such file or directory\n", Status: 2}},
		// gnulib's shell style, as GNU patch 2.7 prints: # and ~ inside a
		// word are safe, = is not, and "..." spares escaping a '.
		{Case: command.Case{Name: "missing quoted", Args: []string{"patch", "-i", "a~b#"},
			Stderr: "patch: **** Can't open patch file a~b# : No such file or directory\n", Status: 2}},
		{Case: command.Case{Name: "missing quoted as in the C locale", Args: []string{"patch", "-i", "it's é/zz"},
			Stderr: "patch: **** Can't open patch file 'it'\\''s é/zz' : No such file or directory\n", Status: 2}},
		{Case: command.Case{Name: "missing with DEL, raw", Args: []string{"patch", "-i", "\x7f/zz"},
			Stderr: "patch: **** Can't open patch file \x7f/zz : No such file or directory\n", Status: 2}},
		{Case: command.Case{Name: "missing quoted equals", Args: []string{"patch", "-i", "a=b"},
			Stderr: "patch: **** Can't open patch file 'a=b' : No such file or directory\n", Status: 2}},
		{Case: command.Case{Name: "missing quoted apostrophe", Args: []string{"patch", "-i", "it's"},
			Stderr: "patch: **** Can't open patch file \"it's\" : No such file or directory\n", Status: 2}},
		{Case: command.Case{Name: "malformed", Args: []string{"patch", "a"}, Stdin: "--- a\n+++ a\n@@ -1,2 +1,2 @@\n 1\nzzz\n", Files: map[string]string{home + "a": seq20},
			Stdout: "patching file a\n", Stderr: "patch: **** malformed patch at line 5: zzz\n\n", Status: 2}},
		{Case: command.Case{Name: "strip", Args: []string{"patch", "-p", "x"}, Stderr: "patch: **** strip count x is not a number\n", Status: 2}},
		{Case: command.Case{Name: "normal", Args: []string{"patch", "a"}, Stdin: "2a3\n> x\n5d5\n< 5\n", Files: map[string]string{home + "a": "1\n2\n3\n4\n5\n"},
			Stdout: "patching file a\n"}, Want: map[string]string{home + "a": "1\n2\nx\n3\n4\n"}},
		{Case: command.Case{Name: "ed script", Args: []string{"patch", "a"}, Stdin: "6a\nnew\n.\n5c\nfive\n.\n3d\n", Files: map[string]string{home + "a": "1\n2\n3\n4\n5\n6\n"}},
			Want: map[string]string{home + "a": "1\n2\n4\nfive\n6\nnew\n"}},
		{Case: command.Case{Name: "crlf patch", Args: []string{"patch", "a"}, Stdin: "--- a\r\n+++ b\r\n@@ -1,2 +1,2 @@\r\n 1\r\n-2\r\n+two\r\n", Files: map[string]string{home + "a": "1\n2\n"},
			Stdout: "(Stripping trailing CRs from patch; use --binary to disable.)\npatching file a\n"}, Want: map[string]string{home + "a": "1\ntwo\n"}},
		{Case: command.Case{Name: "numbered backup", Args: []string{"patch", "-s", "-b", "-V", "numbered", "a", "p"}, Files: map[string]string{home + "a": seq20, home + "p": p20, home + "a.~1~": "old"}},
			Want: map[string]string{home + "a.~1~": "old", home + "a.~2~": seq20}},
		{Case: command.Case{Name: "git rename and mode", Args: []string{"patch", "-p1"},
			Stdin: "diff --git a/k b/k\nold mode 100644\nnew mode 100755\ndiff --git a/old b/new\nsimilarity index 83%\nrename from old\nrename to new\n--- a/old\n+++ b/new\n@@ -1 +1,2 @@\n 1\n+2\n",
			Files: map[string]string{home + "old": "1\n", home + "k": "k\n"}, Stdout: "patching file k\npatching file new (renamed from old)\n"},
			Want: map[string]string{home + "new": "1\n2\n", home + "old!": "", home + "k": "k\n"}},
		{Case: command.Case{Name: "no newline", Args: []string{"patch", "z"}, Stdin: "--- x\n+++ y\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n\\ No newline at end of file\n",
			Files: map[string]string{home + "z": "a\nb\nc"}, Stdout: "patching file z\n"}, Want: map[string]string{home + "z": "a\nB\nc"}},
	})
}

// TestPatchRoundTrip: for random file pairs, patching a with the unified
// diff from a to b gives b, and -R gives a back.
func TestPatchRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"a", "b", "c", "d", "e", "{", "}", ""}
	gen := func() string {
		var sb strings.Builder
		for range r.IntN(40) {
			sb.WriteString(words[r.IntN(len(words))])
			sb.WriteString("\n")
		}
		if r.IntN(5) == 0 {
			return strings.TrimSuffix(sb.String(), "\n")
		}
		return sb.String()
	}
	run := lookup(t, "patch")
	for i := range 300 {
		a := gen()
		b := gen()
		if r.IntN(2) == 0 { // a small edit of a, which a unified diff keeps in few hunks
			lines := strings.SplitAfter(a, "\n")
			for range r.IntN(4) {
				j := r.IntN(len(lines))
				lines[j] = words[r.IntN(len(words))] + "\n"
			}
			b = strings.Join(lines, "")
		}
		p := udiff.Unified("a", "b", a, b)
		if p == "" {
			continue
		}
		for _, rev := range []bool{false, true} {
			args, from, to := []string{"patch", "-s", "f", "p"}, a, b
			if rev {
				args, from, to = []string{"patch", "-s", "-R", "f", "p"}, b, a
			}
			c := command.Case{Args: args, Files: map[string]string{"/home/user/f": from, "/home/user/p": p}}
			out, errs, st, fsys := c.Run(run, nil)
			got, _ := fsys.ReadFile("/home/user/f")
			if st != 0 || string(got) != to {
				t.Fatalf("case %d (reverse %v): status %d %q %q\npatch:\n%s\ngot %q want %q", i, rev, st, out, errs, p, got, to)
			}
		}
	}
}

// TestPatchGarbage: mangled patches end with a message and status 1 or
// 2, never a panic or a long search.
func TestPatchGarbage(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	run := lookup(t, "patch")
	seeds := []string{p20, ctx20, gitP, "2a3\n> x\n5d5\n< 5\n", "6a\nnew\n.\n3d\n",
		"--- a\n+++ a\n@@ -1000000000,3 +1000000000,3 @@\n 1\n-2\n+3\n 4\n"}
	for i := range 2000 {
		b := []byte(seeds[r.IntN(len(seeds))])
		for range 1 + r.IntN(4) {
			j := r.IntN(len(b))
			switch r.IntN(3) {
			case 0:
				b[j] = "-+ @\\\n*!0123456789,ad"[r.IntN(19)]
			case 1:
				b = append(b[:j], b[j+1:]...)
			default:
				b = append(b[:j], append([]byte{b[r.IntN(len(b))]}, b[j:]...)...)
			}
			if len(b) == 0 {
				b = []byte("x")
			}
		}
		c := command.Case{Args: []string{"patch", "-f", "a"}, Stdin: string(b), Files: map[string]string{"/home/user/a": seq20}}
		_, _, st, _ := c.Run(run, nil)
		if st < 0 || st > 2 {
			t.Fatalf("case %d: status %d for %q", i, st, b)
		}
	}
}
