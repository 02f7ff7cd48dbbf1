package memfs

import (
	"errors"
	"strings"
	"syscall"
	"testing"
)

// TestDirHandle checks the *at calls: names relative to the handle,
// absolute names from "/", PATH_MAX on the name only, a handle that
// follows its directory through a rename and finds nothing once it is
// removed, and no final symlink followed by OpenDir(name, false).
func TestDirHandle(t *testing.T) {
	f := New(Options{})
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	errno := func(err error) syscall.Errno {
		var e syscall.Errno
		errors.As(err, &e)
		return e
	}
	must(f.MkdirAll("/a/b", 0o755))
	must(f.WriteFile("/a/b/x", []byte("x"), 0o644))
	must(f.Symlink("b", "/a/l"))
	a, err := f.OpenDir("/a")
	must(err)
	if fi, err := a.StatAt("b/x", false); err != nil || fi.Size() != 1 {
		t.Fatalf("StatAt b/x: %v", err)
	}
	if fi, err := a.StatAt("/a/b", false); err != nil || !fi.IsDir() {
		t.Fatalf("StatAt /a/b: %v", err)
	}
	if _, err := a.OpenDir("l", false); errno(err) != syscall.ENOTDIR {
		t.Errorf("OpenDir(l, false): %v, want ENOTDIR", err)
	}
	b, err := a.OpenDir("l", true)
	must(err)
	ents, err := b.ReadDir()
	if err != nil || len(ents) != 1 || ents[0].Name() != "x" {
		t.Fatalf("ReadDir: %v %v", ents, err)
	}
	must(b.Mkdir("c", 0o755))
	must(b.Symlink("x", "y"))
	if tg, err := b.Readlink("y"); err != nil || tg != "x" {
		t.Errorf("Readlink: %q %v", tg, err)
	}
	must(b.Chmod("x", 0o600))
	must(b.Chown("y", 5, 6, false))
	if fi, _ := f.Lstat("/a/b/y"); fi.Sys().(*syscall.Stat_t).Uid != 5 {
		t.Errorf("Chown(follow false) did not change the link")
	}
	fl, err := b.OpenFile("z", syscall.O_CREAT|syscall.O_WRONLY, 0o644)
	must(err)
	fl.Close()
	// PATH_MAX applies to the name given, not to the directory's path
	if _, err := b.StatAt(strings.Repeat("./", 2048)+"x", false); errno(err) != syscall.ENAMETOOLONG {
		t.Errorf("long name: %v, want ENAMETOOLONG", err)
	}
	// the handle follows a rename
	must(f.Rename("/a/b", "/a/moved"))
	if _, err := b.StatAt("z", false); err != nil {
		t.Errorf("after rename: %v", err)
	}
	must(f.RemoveAll("/a/moved"))
	if _, err := b.StatAt("z", false); errno(err) != syscall.ENOENT {
		t.Errorf("after removal: %v, want ENOENT", err)
	}
	if err := b.Mkdir("new", 0o755); errno(err) != syscall.ENOENT {
		t.Errorf("Mkdir in a removed directory: %v, want ENOENT", err)
	}
	if err := b.Symlink("t", "new"); errno(err) != syscall.ENOENT {
		t.Errorf("Symlink in a removed directory: %v, want ENOENT", err)
	}
	if _, err := b.OpenFile("new", syscall.O_CREAT|syscall.O_WRONLY, 0o644); errno(err) != syscall.ENOENT {
		t.Errorf("create in a removed directory: %v, want ENOENT", err)
	}
	if _, err := f.OpenDir("/a/l/x/.."); errno(err) != syscall.ENOENT {
		t.Errorf("OpenDir through the dangling link: %v", err)
	}
	if _, err := f.OpenDir("/dev/null"); errno(err) != syscall.ENOTDIR {
		t.Errorf("OpenDir(/dev/null): %v, want ENOTDIR", err)
	}
	must(a.Remove("l"))
}

// TestDirHandleDeep removes a chain deeper than PATH_MAX through handles
// and checks that Snapshot and RemoveAll need no recursion for it.
func TestDirHandleDeep(t *testing.T) {
	f := New(Options{})
	chain(t, f, 3000)
	if n := len(f.Snapshot("/d")); n != 3001 {
		t.Fatalf("Snapshot lists %d entries, want 3001", n)
	}
	d, err := f.OpenDir("/d")
	if err != nil {
		t.Fatal(err)
	}
	var stack []*Dir
	for {
		next, err := d.OpenDir("d", false)
		if err != nil {
			break
		}
		stack = append(stack, d)
		d = next
	}
	if len(stack) != 2999 {
		t.Fatalf("reached depth %d", len(stack))
	}
	if err := d.Remove("bottom"); err != nil {
		t.Fatal(err)
	}
	for i := len(stack) - 1; i >= 0; i-- {
		if err := stack[i].Remove("d"); err != nil {
			t.Fatalf("level %d: %v", i, err)
		}
	}
	if err := f.Remove("/d"); err != nil {
		t.Fatal(err)
	}
	if u := f.Usage(); u.Inodes != 7 {
		t.Errorf("%d inodes left, want the 7 of New", u.Inodes)
	}
}
