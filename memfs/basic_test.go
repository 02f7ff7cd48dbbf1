package memfs

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"syscall"
	"testing"
)

func TestBasic(t *testing.T) {
	f := New(Options{UID: 1000, GID: 100})
	if err := f.MkdirAll("/a/b/c", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := f.WriteFile("/a/b/file", []byte("hello\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := f.ReadFile("a/../a/b/c/../file")
	if err != nil || string(got) != "hello\n" {
		t.Fatalf("ReadFile = %q, %v", got, err)
	}
	fi, err := f.Stat("/a/b/file")
	if err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	if fi.Size() != 6 || st.Uid != 1000 || st.Gid != 100 || st.Nlink != 1 || st.Mode != syscall.S_IFREG|0o644 || st.Blocks != 8 {
		t.Errorf("stat = size %d %+v", fi.Size(), st)
	}
	if _, err := f.Stat("/a/nope"); !errors.Is(err, fs.ErrNotExist) || err.Error() != "stat /a/nope: no such file or directory" {
		t.Errorf("Stat missing: %v", err)
	}
	if _, err := f.Stat("/a/b/file/"); !errors.Is(err, syscall.ENOTDIR) {
		t.Errorf("Stat file/: %v", err)
	}
	if err := f.Symlink("b/file", "/a/link"); err != nil {
		t.Fatal(err)
	}
	if got, _ := f.ReadFile("/a/link"); string(got) != "hello\n" {
		t.Errorf("through symlink: %q", got)
	}
	if p, err := f.Realpath("/a/link"); p != "/a/b/file" || err != nil {
		t.Errorf("Realpath = %q, %v", p, err)
	}
	if err := f.Remove("/a/b"); !errors.Is(err, syscall.ENOTEMPTY) {
		t.Errorf("Remove non-empty: %v", err)
	}
	ents, err := f.ReadDir("/a/b")
	if err != nil || len(ents) != 2 || ents[0].Name() != "c" || ents[1].Name() != "file" {
		t.Errorf("ReadDir = %v, %v", ents, err)
	}
	fl, err := f.OpenFile("/dev/zero", os.O_RDONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	buf := bytes.Repeat([]byte{1}, 10)
	if n, err := fl.Read(buf); n != 10 || err != nil || !bytes.Equal(buf, make([]byte, 10)) {
		t.Errorf("/dev/zero read %d %v %v", n, err, buf)
	}
	fl.Close()
	if err := f.WriteFile("/dev/full", []byte("x"), 0); !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("/dev/full: %v", err)
	}
	fl, _ = f.Open("/dev/null")
	if n, err := fl.Read(buf); n != 0 || err != io.EOF {
		t.Errorf("/dev/null: %d %v", n, err)
	}
	if err := f.RemoveAll("/a"); err != nil {
		t.Fatal(err)
	}
	if err := f.RemoveAll("/a"); err != nil {
		t.Fatal(err)
	}
	if u := f.Usage(); u.Bytes != 0 || u.Inodes != 7 {
		t.Errorf("usage after RemoveAll: %+v", u)
	}
}
