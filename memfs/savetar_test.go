package memfs

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestSaveTarTargets checks SaveTar's refusals and the modes it keeps.
func TestSaveTarTargets(t *testing.T) {
	f := New(Options{})
	if err := f.WriteFile("/x", []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	os.WriteFile(real, []byte("old"), 0o600)
	link := filepath.Join(dir, "link")
	os.Symlink(real, link)
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, want string }{
		{link, "not a regular file (a symbolic link)"},
		{dir, "not a regular file (a directory)"},
		{fifo, "not a regular file (a FIFO)"},
		{"/dev/null", "not a regular file (a device)"},
	} {
		if err := f.SaveTar(c.path, "/"); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("SaveTar(%s): %v, want %q", c.path, err, c.want)
		}
	}
	if b, _ := os.ReadFile(real); string(b) != "old" {
		t.Errorf("the link's target changed: %q", b)
	}
	keep := filepath.Join(dir, "keep.tar")
	os.WriteFile(keep, nil, 0o640)
	os.Chmod(keep, 0o640)
	if err := f.SaveTar(keep, "/"); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(keep); fi.Mode() != 0o640 || fi.Size() == 0 {
		t.Errorf("saved over a 0640 file: mode %v size %d", fi.Mode(), fi.Size())
	}
	fresh := filepath.Join(dir, "new.tar")
	if err := f.SaveTar(fresh, "/"); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(fresh); fi.Mode().Perm() != 0o666&^processUmask() {
		t.Errorf("new archive mode %v, umask %v", fi.Mode(), processUmask())
	}
	if err := f.SaveTar(filepath.Join(dir, "no/such/dir.tar"), "/"); err == nil {
		t.Error("saved into a missing directory")
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".memsh-save-") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}
