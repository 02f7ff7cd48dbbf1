package memfs

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// hostTree makes a host directory to mount, with a secret next to it
// and links that try to reach the secret (or the host's /etc).
func hostTree(t *testing.T) (top, dir string) {
	t.Helper()
	top = t.TempDir()
	dir = filepath.Join(top, "shared")
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(os.MkdirAll(filepath.Join(dir, "sub/deep"), 0o755))
	must(os.WriteFile(filepath.Join(top, "secret"), []byte("SECRET"), 0o644))
	must(os.WriteFile(filepath.Join(dir, "hello.txt"), []byte("hello from host\n"), 0o640))
	must(os.WriteFile(filepath.Join(dir, "sub/deep/data"), []byte("deep"), 0o644))
	must(os.Symlink("/etc/passwd", filepath.Join(dir, "abs-etc")))
	must(os.Symlink("/etc", filepath.Join(dir, "abs-etc-dir")))
	must(os.Symlink(filepath.Join(top, "secret"), filepath.Join(dir, "abs-secret")))
	must(os.Symlink("../secret", filepath.Join(dir, "rel-secret")))
	must(os.Symlink("../../../../../../../etc/passwd", filepath.Join(dir, "sub/rel-etc")))
	must(os.Symlink("hop2", filepath.Join(dir, "hop1")))
	must(os.Symlink("sub/hop3", filepath.Join(dir, "hop2")))
	must(os.Symlink("../../secret", filepath.Join(dir, "sub/hop3")))
	must(os.Symlink("..", filepath.Join(dir, "sub/up")))
	must(os.Symlink("../hello.txt", filepath.Join(dir, "sub/inside")))
	must(os.Symlink("/hello.txt", filepath.Join(dir, "sub/abs-inside")))
	return top, dir
}

func TestMountConfinement(t *testing.T) {
	_, dir := hostTree(t)
	for _, mode := range []MountMode{MountRO, MountCOW} {
		f := New(Options{})
		if err := f.Mount("/mnt", dir, mode); err != nil {
			t.Fatal(err)
		}
		if got, err := f.ReadFile("/mnt/hello.txt"); string(got) != "hello from host\n" {
			t.Errorf("read: %q %v", got, err)
		}
		if got, _ := f.ReadFile("/mnt/sub/inside"); string(got) != "hello from host\n" {
			t.Errorf("relative link inside: %q", got)
		}
		if got, _ := f.ReadFile("/mnt/sub/abs-inside"); string(got) != "hello from host\n" {
			t.Errorf("absolute link re-rooted: %q", got)
		}
		if got, _ := f.ReadFile("/mnt/sub/up/sub/deep/data"); string(got) != "deep" {
			t.Errorf("../ link inside: %q", got)
		}
		for _, p := range []string{"/mnt/abs-etc", "/mnt/abs-etc-dir/passwd", "/mnt/abs-secret", "/mnt/rel-secret",
			"/mnt/sub/rel-etc", "/mnt/hop1", "/mnt/sub/up/../secret", "/mnt/../secret", "/mnt/sub/up/up/secret"} {
			got, err := f.ReadFile(p)
			if err == nil || strings.Contains(string(got), "SECRET") || strings.Contains(string(got), "root:") {
				t.Errorf("mode %d: %s escaped the mount: %q %v", mode, p, got, err)
			}
		}
		if target, _ := f.Readlink("/mnt/abs-etc"); target != "/mnt/etc/passwd" {
			t.Errorf("re-rooted target %q", target)
		}
		if p, _ := f.Realpath("/mnt/sub/up"); p != "/mnt" {
			t.Errorf("Realpath %q", p)
		}
		if _, err := f.Stat("/mnt/.."); err != nil {
			t.Error(err)
		}
		ents, err := f.ReadDir("/mnt")
		if err != nil || len(ents) != 8 {
			t.Errorf("ReadDir: %d entries, %v", len(ents), err)
		}
		fi, _ := f.Stat("/mnt/hello.txt")
		if fi.Mode() != 0o640 || fi.Size() != 16 {
			t.Errorf("stat of a host file: %v %d", fi.Mode(), fi.Size())
		}
	}
}

func TestMountReadOnly(t *testing.T) {
	_, dir := hostTree(t)
	f := New(Options{})
	if err := f.Mount("/ro", dir, MountRO); err != nil {
		t.Fatal(err)
	}
	mustROFS := func(what string, err error) {
		t.Helper()
		wantErrno(t, what, err, syscall.EROFS)
	}
	mustROFS("write", f.WriteFile("/ro/hello.txt", []byte("x"), 0o644))
	mustROFS("create", f.WriteFile("/ro/new", []byte("x"), 0o644))
	_, err := f.OpenFile("/ro/hello.txt", os.O_RDWR, 0)
	mustROFS("open rw", err)
	mustROFS("mkdir", f.Mkdir("/ro/d", 0o755))
	mustROFS("remove", f.Remove("/ro/hello.txt"))
	mustROFS("removeall", f.RemoveAll("/ro/sub"))
	mustROFS("rename", f.Rename("/ro/hello.txt", "/ro/x"))
	mustROFS("rename out", f.Rename("/ro/hello.txt", "/x"))
	f.WriteFile("/outside", []byte("o"), 0o644)
	mustROFS("rename in", f.Rename("/outside", "/ro/x"))
	mustROFS("chmod", f.Chmod("/ro/hello.txt", 0o777))
	mustROFS("chmod root", f.Chmod("/ro", 0o777))
	mustROFS("chown", f.Chown("/ro/hello.txt", 1, 1))
	mustROFS("truncate", f.Truncate("/ro/hello.txt", 0))
	mustROFS("symlink", f.Symlink("x", "/ro/l"))
	mustROFS("link in", f.Link("/outside", "/ro/l"))
	mustROFS("link out", f.Link("/ro/hello.txt", "/l"))
	mustROFS("chtimes", f.Chtimes("/ro/sub", fi0(), fi0()))
	wantErrno(t, "remove mount", f.RemoveAll("/ro"), syscall.EBUSY)
	wantErrno(t, "rename mount", f.Rename("/ro", "/ro2"), syscall.EBUSY)
	if got, _ := os.ReadFile(filepath.Join(dir, "hello.txt")); string(got) != "hello from host\n" {
		t.Errorf("host changed: %q", got)
	}
}

func fi0() (t0 time.Time) { return }

func TestMountCOW(t *testing.T) {
	_, dir := hostTree(t)
	f := New(Options{})
	if err := f.Mount("/cow", dir, MountCOW); err != nil {
		t.Fatal(err)
	}
	// lazy: a directory is listed at its first lookup, a file read at its first open
	os.WriteFile(filepath.Join(dir, "sub/deep/late"), []byte("late"), 0o644)
	os.WriteFile(filepath.Join(dir, "hello.txt"), []byte("changed\n"), 0o640)
	fl, err := f.OpenFile("/cow/hello.txt", os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	fl.Write([]byte("more\n"))
	fl.Close()
	if got, _ := f.ReadFile("/cow/hello.txt"); string(got) != "changed\nmore\n" {
		t.Errorf("cow file: %q", got)
	}
	if err := f.WriteFile("/cow/sub/new", []byte("n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := f.Remove("/cow/sub/deep/data"); err != nil {
		t.Fatal(err)
	}
	if err := f.Rename("/cow/sub/deep", "/cow/moved"); err != nil {
		t.Fatal(err)
	}
	if err := f.Chmod("/cow/hello.txt", 0o600); err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate("/cow/moved", 0); !errors.Is(err, syscall.EISDIR) {
		t.Error(err)
	}
	// the host is untouched
	if got, _ := os.ReadFile(filepath.Join(dir, "hello.txt")); string(got) != "changed\n" {
		t.Errorf("host file changed: %q", got)
	}
	for _, p := range []string{"sub/deep/data"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Errorf("host lost %s", p)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "sub/new")); !errors.Is(err, fs.ErrNotExist) {
		t.Error("created file reached the host")
	}
	if fi, _ := os.Stat(filepath.Join(dir, "hello.txt")); fi.Mode() != 0o640 {
		t.Error("chmod reached the host")
	}
	if got, _ := f.ReadFile("/cow/moved/late"); string(got) != "late" {
		t.Errorf("lazy dir: %q", got)
	}
	// exporting a mounted tree reads the host files it has not loaded yet
	snap := f.Snapshot("/cow")
	if len(snap) == 0 || snap[0].Path != "/cow" {
		t.Errorf("snapshot %v", snap)
	}
	// limits apply to host bytes too
	g := New(Options{MaxBytes: 4})
	g.Mount("/m", dir, MountCOW)
	_, err = g.ReadFile("/m/hello.txt")
	wantErrno(t, "host file over MaxBytes", err, syscall.ENOSPC)
	g = New(Options{MaxInodes: 8})
	g.Mount("/m", dir, MountCOW)
	_, err = g.ReadDir("/m")
	wantErrno(t, "host dir over MaxInodes", err, syscall.ENOSPC)
	if u := g.Usage(); u.Inodes > 8 {
		t.Errorf("inodes %d", u.Inodes)
	}
}

func TestMountErrors(t *testing.T) {
	_, dir := hostTree(t)
	f := New(Options{})
	if err := f.Mount("/m", filepath.Join(dir, "nope"), MountRO); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing host dir: %v", err)
	}
	if err := f.Mount("/m", filepath.Join(dir, "hello.txt"), MountRO); err == nil {
		t.Error("mounted a file")
	}
	f.WriteFile("/full/x", nil, 0o644)
	f.MkdirAll("/full", 0o755)
	f.WriteFile("/full/x", nil, 0o644)
	wantErrno(t, "non-empty guest dir", f.Mount("/full", dir, MountRO), syscall.ENOTEMPTY)
	f.Mount("/m", dir, MountRO)
	wantErrno(t, "mounted twice", f.Mount("/m", dir, MountRO), syscall.EBUSY)
	wantErrno(t, "bad mode", f.Mount("/m2", dir, MountMode(7)), syscall.EINVAL)
}

// Many goroutines meeting unloaded host directories and files at once.
func TestMountHammer(t *testing.T) {
	_, dir := hostTree(t)
	for i := range 20 {
		sub := filepath.Join(dir, "many", strings.Repeat("d", i%5+1))
		os.MkdirAll(sub, 0o755)
		os.WriteFile(filepath.Join(sub, "f"+string(rune('a'+i))), []byte(strings.Repeat("x", i)), 0o644)
	}
	f := New(Options{})
	if err := f.Mount("/m", dir, MountCOW); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for w := range 6 {
		wg.Go(func() {
			for i := range 20 {
				p := "/m/many/" + strings.Repeat("d", i%5+1)
				f.ReadDir(p)
				f.ReadFile(p + "/f" + string(rune('a'+i)))
				if w%2 == 0 {
					f.WriteFile(p+"/f"+string(rune('a'+i)), []byte("w"), 0o644)
				}
				f.Snapshot("/m")
				f.Stat("/m/sub/deep/data")
			}
		})
	}
	wg.Wait()
	ents, _ := f.ReadDir("/m/many/d")
	if len(ents) != 4 {
		t.Errorf("%d entries", len(ents))
	}
}

// Exporting a mount streams unread host files without loading them.
func TestMountExport(t *testing.T) {
	_, dir := hostTree(t)
	f := New(Options{MaxBytes: 1})
	if err := f.Mount("/m", dir, MountRO); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := f.ExportTar(&buf, "/m"); err != nil {
		t.Fatal(err)
	}
	if u := f.Usage(); u.Bytes != 0 {
		t.Errorf("export loaded %d bytes", u.Bytes)
	}
	g := New(Options{})
	if err := g.ImportTar(&buf, "/copy"); err != nil {
		t.Fatal(err)
	}
	if got, _ := g.ReadFile("/copy/sub/deep/data"); string(got) != "deep" {
		t.Errorf("exported content %q", got)
	}
	if target, _ := g.Readlink("/copy/abs-etc"); target != "/m/etc/passwd" {
		t.Errorf("exported link %q", target)
	}
}

// TestMountFIFOSwapped checks that a mounted file replaced by a FIFO on
// the host after the listing fails to read at once (EIO) instead of
// waiting for a writer, and that saving the tree does not wait either.
func TestMountFIFOSwapped(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "already"), 0o644); err != nil {
		t.Fatal(err)
	}
	f := New(Options{})
	if err := f.Mount("/m", dir, MountRO); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Stat("/m/f"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Stat("/m/already"); err == nil {
		t.Error("a host FIFO is listed")
	}
	os.Remove(filepath.Join(dir, "f"))
	if err := syscall.Mkfifo(filepath.Join(dir, "f"), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 2)
	go func() {
		_, err := f.ReadFile("/m/f")
		done <- err
	}()
	go func() { done <- f.ExportTar(io.Discard, "/") }()
	for range 2 {
		select {
		case err := <-done:
			if err != nil && !errors.Is(err, syscall.EIO) {
				t.Errorf("got %v, want EIO or nil", err)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("reading a FIFO swapped in on the host hangs")
		}
	}
}
