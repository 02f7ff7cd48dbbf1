package commands

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"memsh/memfs"
)

// TestDiffDirsAgainstGNU compares two small trees with diff -r and its
// neighbours, in memsh and with the host's GNU diff: only-in entries,
// common subdirectories, a symlink to a directory, a dangling symlink,
// a directory against a file, binary and empty files, -N, -x, -q, -s.
func TestDiffDirsAgainstGNU(t *testing.T) {
	if _, err := exec.LookPath("diff"); err != nil {
		t.Skip("no host diff")
	}
	files := map[string]string{
		"a/same": "x\n", "b/same": "x\n",
		"a/chg": "1\n2\n", "b/chg": "1\n3\n",
		"a/onlya": "a\n", "b/onlyb": "b\n",
		"a/sub/f": "s\n", "b/sub/f": "t\n",
		"a/sub/deep/g": "g\n", "b/sub/deep/g": "h\n",
		"a/onlydir/x": "x\n",
		"a/bin":       "\x00a", "b/bin": "\x00b",
		"a/df/x": "1\n", "b/df": "2\n",
		"a/z": "", "b/z": "q",
	}
	host := t.TempDir()
	fsys := memfs.New(memfs.Options{UID: 1000, GID: 1000})
	for n, c := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(host, n)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(host, n), []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := fsys.MkdirAll(filepath.Dir("/w/"+n), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := fsys.WriteFile("/w/"+n, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range [][2]string{{"same", "a/ln"}, {"nowhere", "b/ln"}, {"sub", "a/lsub"}, {"sub", "b/lsub"}} {
		if err := os.Symlink(l[0], filepath.Join(host, l[1])); err != nil {
			t.Fatal(err)
		}
		if err := fsys.Symlink(l[0], "/w/"+l[1]); err != nil {
			t.Fatal(err)
		}
	}
	for _, argv := range [][]string{
		{"diff", "a", "b"}, {"diff", "-r", "a", "b"}, {"diff", "-rN", "a", "b"}, {"diff", "-r", "a/", "b"},
		{"diff", "-rq", "a", "b/"}, {"diff", "-rs", "a", "b"}, {"diff", "-r", "-x", "chg", "a", "b"}, {"diff", "-rN", "a/sub", "b/onlydir"},
		{"diff", "-rN", "b", "a"},
	} {
		wout, werr, wst := runHost(t, host, argv...)
		gout, gerr, gst := runMem(t, fsys, "/w", argv...)
		if gst != wst || gerr != werr || gout != wout {
			t.Errorf("%s:\nGNU %d %q\n%s\nmem %d %q\n%s", argv, wst, werr, wout, gst, gerr, gout)
		}
	}
}
