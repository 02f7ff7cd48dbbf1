package persist

import (
	"archive/tar"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"memsh/memfs"
)

func newFS(t *testing.T) *memfs.FS {
	t.Helper()
	f := memfs.New(memfs.Options{})
	if err := f.MkdirAll("/home/user/a b", 0o750); err != nil {
		t.Fatal(err)
	}
	if err := f.WriteFile("/home/user/a b/x.sh", []byte("echo hi\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	mt := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	if err := f.Chtimes("/home/user/a b/x.sh", mt, mt); err != nil {
		t.Fatal(err)
	}
	return f
}

func TestSaveTarRoundTrip(t *testing.T) {
	f := newFS(t)
	p := filepath.Join(t.TempDir(), "s.tar")
	if err := SaveTar(f, "/", p); err != nil {
		t.Fatal(err)
	}
	g := memfs.New(memfs.Options{})
	r, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := g.ImportTar(r, "/"); err != nil {
		t.Fatal(err)
	}
	st, err := g.Stat("/home/user/a b/x.sh")
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o755 || !st.ModTime().Equal(time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)) {
		t.Errorf("got mode %v mtime %v", st.Mode(), st.ModTime())
	}
	if d, _ := g.Stat("/home/user/a b"); d == nil || d.Mode().Perm() != 0o750 {
		t.Errorf("directory mode lost: %v", d)
	}
}

func TestSaveTarRefusesNonRegular(t *testing.T) {
	f := newFS(t)
	dir := t.TempDir()
	if err := SaveTar(f, "/", dir); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("saving over a directory: %v", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	if err := SaveTar(f, "/", fifo); err == nil {
		t.Error("saving over a FIFO succeeded")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("temporary files left behind: %v", ents)
	}
}

func TestSaveTarKeepsModeRefusesSymlink(t *testing.T) {
	f := newFS(t)
	dir := t.TempDir()
	p := filepath.Join(dir, "s.tar")
	if err := os.WriteFile(p, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.tar")
	if err := os.Symlink("s.tar", link); err != nil {
		t.Fatal(err)
	}
	if err := SaveTar(f, "/", link); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("saving over a symlink: %v, want a refusal", err)
	}
	if st, _ := os.Lstat(link); st.Mode()&fs.ModeSymlink == 0 {
		t.Error("the symlink was replaced")
	}
	if err := SaveTar(f, "/", p); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(p)
	if err != nil || st.Mode().Perm() != 0o640 || st.Size() < 1024 {
		t.Errorf("target: %v %v", st, err)
	}
}

func TestSaveTarFailureKeepsOld(t *testing.T) {
	f := newFS(t)
	dir := t.TempDir()
	p := filepath.Join(dir, "s.tar")
	os.WriteFile(p, []byte("old"), 0o644)
	if err := SaveTar(f, "/no/such/dir", p); err == nil {
		t.Fatal("exporting a missing root succeeded")
	}
	if b, _ := os.ReadFile(p); string(b) != "old" {
		t.Errorf("old archive changed: %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("temporary files left behind: %v", ents)
	}
}

func TestSessionLifecycle(t *testing.T) {
	st := Store{Dir: filepath.Join(t.TempDir(), "sessions")}
	if l, err := st.List(); err != nil || len(l) != 0 {
		t.Fatalf("empty store: %v %v", l, err)
	}
	s, err := st.Open("work")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Open("work"); err == nil || !strings.Contains(err.Error(), "in use") {
		t.Errorf("second open: %v", err)
	}
	f := newFS(t)
	if saved, err := s.SaveIfChanged(f, "/home/user/a b"); err != nil || !saved {
		t.Fatalf("first save: %v %v", saved, err)
	}
	if saved, err := s.SaveIfChanged(f, "/home/user/a b"); err != nil || saved {
		t.Errorf("unchanged tree saved again: %v %v", saved, err)
	}
	f.WriteFile("/home/user/new", []byte("x"), 0o644)
	if saved, _ := s.SaveIfChanged(f, "/home/user"); !saved {
		t.Error("changed tree not saved")
	}
	l, _ := st.List()
	if len(l) != 1 || l[0].Name != "work" || !l[0].InUse || l[0].Size == 0 {
		t.Errorf("list: %+v", l)
	}
	s.Close()
	if l, _ := st.List(); l[0].InUse {
		t.Errorf("closed session still in use: %+v", l)
	}

	s, err = st.Open("work")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g := memfs.New(memfs.Options{})
	cwd, ok, err := s.Restore(g)
	if err != nil || !ok || cwd != "/home/user" {
		t.Fatalf("restore: %q %v %v", cwd, ok, err)
	}
	if b, _ := g.ReadFile("/home/user/new"); string(b) != "x" {
		t.Errorf("restored file: %q", b)
	}
	if saved, _ := s.SaveIfChanged(g, cwd); saved {
		t.Error("a restored, unchanged tree was saved again")
	}
	if err := s.SetAside(); err != nil || s.Exists() {
		t.Errorf("set aside: %v", err)
	}
}

func TestSessionRestoreOverLimit(t *testing.T) {
	st := Store{Dir: t.TempDir()}
	s, err := st.Open("big")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	f := memfs.New(memfs.Options{})
	f.WriteFile("/big", make([]byte, 1<<20), 0o644)
	if err := s.Save(f, "/"); err != nil {
		t.Fatal(err)
	}
	small := memfs.New(memfs.Options{MaxBytes: 64 << 10})
	_, _, err = s.Restore(small)
	if err == nil || !strings.Contains(err.Error(), "session big") || !errors.Is(err, syscall.ENOSPC) && !errors.Is(err, syscall.EFBIG) {
		t.Errorf("restore over the limit: %v", err)
	}
}

func TestCheckName(t *testing.T) {
	for _, n := range []string{"default", "a.b_c-1"} {
		if CheckName(n) != nil {
			t.Errorf("%q refused", n)
		}
	}
	for _, n := range []string{"", ".", "..", "a/b", ".hidden", strings.Repeat("x", 65), "a b"} {
		if CheckName(n) == nil {
			t.Errorf("%q accepted", n)
		}
	}
}

// The archive is a plain tar anyone's tar can list, members relative to /.
func TestSessionArchiveIsTar(t *testing.T) {
	st := Store{Dir: t.TempDir()}
	s, _ := st.Open("t")
	defer s.Close()
	if err := s.Save(newFS(t), "/"); err != nil {
		t.Fatal(err)
	}
	r, _ := os.Open(s.TarPath())
	defer r.Close()
	tr := tar.NewReader(r)
	var names []string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, h.Name)
	}
	if !strings.Contains(strings.Join(names, " "), "home/user/a b/x.sh") || names[0] != "./" {
		t.Errorf("members: %v", names)
	}
}

// A filesystem larger than the session limit is not saved, the message
// names the limit, and the previous save stays.
func TestSessionSizeLimit(t *testing.T) {
	st := Store{Dir: t.TempDir()}
	s, err := st.Open("lim")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	f := memfs.New(memfs.Options{})
	if err := s.Save(f, "/"); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(s.TarPath())
	f.WriteFile("/big", make([]byte, 3<<20), 0o644)
	s.MaxBytes = 2 << 20
	err = s.Save(f, "/")
	if err == nil || !strings.Contains(err.Error(), "session limit of 2 MiB") {
		t.Fatalf("over the limit: %v", err)
	}
	if after, _ := os.ReadFile(s.TarPath()); string(after) != string(before) {
		t.Error("the previous save changed")
	}
}

// BenchmarkSessionSave: one save of 1,000 files of 4 KiB (4 MiB) to the
// host's temp directory, synced, as the 30-second autosave does.
func BenchmarkSessionSave(b *testing.B) {
	f := memfs.New(memfs.Options{})
	f.MkdirAll("/home/user/d", 0o755)
	data := make([]byte, 4096)
	for i := range 1000 {
		f.WriteFile(fmt.Sprintf("/home/user/d/f%04d", i), data, 0o644)
	}
	s, err := Store{Dir: b.TempDir()}.Open("bench")
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	b.SetBytes(1000 * 4096)
	b.ReportAllocs()
	for b.Loop() {
		if err := s.Save(f, "/"); err != nil {
			b.Fatal(err)
		}
	}
}
