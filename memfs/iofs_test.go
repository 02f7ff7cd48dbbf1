package memfs

import (
	"io/fs"
	"testing"
	"testing/fstest"
)

func TestIOFS(t *testing.T) {
	f := New(Options{})
	f.MkdirAll("/top/a/b", 0o755)
	mustWrite(t, f, "/top/a/b/file", "content")
	mustWrite(t, f, "/top/x", "x")
	f.Symlink("x", "/top/link")
	if err := fstest.TestFS(f.IOFS("/top"), "a/b/file", "x", "link", "a"); err != nil {
		t.Fatal(err)
	}
	if got, err := fs.ReadFile(f.IOFS("top/a"), "b/file"); string(got) != "content" {
		t.Errorf("%q %v", got, err)
	}
	if target, err := fs.ReadLink(f.IOFS("/top"), "link"); target != "x" || err != nil {
		t.Errorf("ReadLink %q %v", target, err)
	}
	if fi, err := fs.Lstat(f.IOFS("/top"), "link"); err != nil || fi.Mode().Type() != fs.ModeSymlink {
		t.Errorf("Lstat %v %v", fi, err)
	}
	if _, err := f.IOFS("/").Open("../etc"); err == nil {
		t.Error("invalid io/fs name accepted")
	}
}
