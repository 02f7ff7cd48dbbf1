package memfs

import (
	"archive/tar"
	"bytes"
	"io/fs"
	"os"
	"syscall"
	"testing"
	"time"
)

// permFS builds, before the checks are on, a tree like a small Linux
// system: root-owned /etc and /root, a sticky /tmp, the user's home.
func permFS(t *testing.T) *FS {
	t.Helper()
	f := New(Options{UID: 1000, GID: 1000})
	for _, d := range []struct {
		p    string
		perm fs.FileMode
		uid  int
	}{{"/etc", 0o755, 0}, {"/root", 0o700, 0}, {"/tmp", 0o777 | fs.ModeSticky, 0}, {"/home", 0o755, 0}, {"/home/user", 0o755, 1000}} {
		if err := f.Mkdir(d.p, d.perm); err != nil {
			t.Fatal(err)
		}
		f.Chmod(d.p, d.perm)
		f.Chown(d.p, d.uid, d.uid)
	}
	for _, fl := range []struct {
		p    string
		perm fs.FileMode
		uid  int
	}{{"/etc/passwd", 0o644, 0}, {"/etc/shadow", 0o640, 0}, {"/root/secret", 0o600, 0}, {"/tmp/roots", 0o666, 0}, {"/tmp/mine", 0o644, 1000}, {"/home/user/f", 0o644, 1000}} {
		mustWrite(t, f, fl.p, "data")
		f.Chmod(fl.p, fl.perm)
		f.Chown(fl.p, fl.uid, fl.uid)
	}
	f.EnforcePermissions(true)
	return f
}

func TestPermissions(t *testing.T) {
	f := permFS(t)
	ok := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Errorf("%s: %v", what, err)
		}
	}
	_, err := f.ReadFile("/etc/passwd")
	ok("read world-readable", err)
	_, err = f.ReadFile("/etc/shadow")
	wantErrno(t, "read 0640 root file", err, syscall.EACCES)
	_, err = f.OpenFile("/etc/passwd", os.O_WRONLY, 0)
	wantErrno(t, "write 0644 root file", err, syscall.EACCES)
	wantErrno(t, "create in root's dir", f.WriteFile("/etc/new", nil, 0o644), syscall.EACCES)
	wantErrno(t, "mkdir in root's dir", f.Mkdir("/etc/d", 0o755), syscall.EACCES)
	wantErrno(t, "symlink in root's dir", f.Symlink("x", "/etc/l"), syscall.EACCES)
	wantErrno(t, "remove from root's dir", f.Remove("/etc/passwd"), syscall.EACCES)
	wantErrno(t, "rename out of root's dir", f.Rename("/etc/passwd", "/tmp/p"), syscall.EACCES)
	_, err = f.Stat("/root/secret")
	wantErrno(t, "stat through a 0700 dir", err, syscall.EACCES)
	_, err = f.ReadDir("/root")
	wantErrno(t, "list a 0700 dir", err, syscall.EACCES)
	wantErrno(t, "chmod root's file", f.Chmod("/etc/passwd", 0o777), syscall.EPERM)
	wantErrno(t, "chown root's file", f.Chown("/etc/passwd", 1000, 1000), syscall.EPERM)
	wantErrno(t, "give a file away", f.Chown("/home/user/f", 0, -1), syscall.EPERM)
	ok("chgrp to own group", f.Chown("/home/user/f", -1, 1000))
	wantErrno(t, "touch root's file", f.Chtimes("/etc/passwd", time.Now(), time.Now()), syscall.EPERM)
	wantErrno(t, "truncate root's file", f.Truncate("/etc/passwd", 0), syscall.EACCES)
	// the sticky /tmp: anyone creates, only owners remove
	ok("create in /tmp", f.WriteFile("/tmp/new", []byte("x"), 0o644))
	ok("write a 0666 root file", f.WriteFile("/tmp/roots", []byte("x"), 0))
	wantErrno(t, "remove root's file from sticky /tmp", f.Remove("/tmp/roots"), syscall.EPERM)
	wantErrno(t, "rename root's file in sticky /tmp", f.Rename("/tmp/roots", "/tmp/r2"), syscall.EPERM)
	ok("remove own file from /tmp", f.Remove("/tmp/mine"))
	wantErrno(t, "RemoveAll of a tree with another's file", f.RemoveAll("/tmp"), syscall.EPERM)
	// the owner's own files, and the owner's mode bits
	ok("own file", f.WriteFile("/home/user/f", []byte("mine"), 0))
	ok("chmod own file", f.Chmod("/home/user/f", 0o400))
	wantErrno(t, "owner without w bit", f.WriteFile("/home/user/f", nil, 0), syscall.EACCES)
	_, err = f.ReadFile("/home/user/f")
	ok("owner with r bit", err)
	ok("mkdir in home", f.MkdirAll("/home/user/a/b", 0o755))
	ok("chmod dir 0500", f.Chmod("/home/user/a", 0o500))
	wantErrno(t, "create in own 0500 dir", f.WriteFile("/home/user/a/x", nil, 0o644), syscall.EACCES)
	wantErrno(t, "move own dir out of 0500 dir", f.Rename("/home/user/a/b", "/home/user/b"), syscall.EACCES)
	ok("chmod dir back", f.Chmod("/home/user/a", 0o755))
	ok("move dir", f.Rename("/home/user/a/b", "/home/user/b"))
	// a file made read-only at creation is still writable through that open
	fl, err := f.OpenFile("/home/user/ro", os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o444)
	ok("create 0444", err)
	if _, err := fl.Write([]byte("ok")); err != nil {
		t.Errorf("write through the creating open: %v", err)
	}
	fl.Close()
	// Access
	ok("access r", f.Access("/etc/passwd", 4))
	wantErrno(t, "access w", f.Access("/etc/passwd", 2), syscall.EACCES)
	wantErrno(t, "access x", f.Access("/home/user/ro", 1), syscall.EACCES)
	ok("access dir x", f.Access("/home/user", 1))
	wantErrno(t, "access missing", f.Access("/nope", 0), syscall.ENOENT)
	// a tar with a read-only directory imports, and owners are not kept
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	tw.WriteHeader(&tar.Header{Name: "rodir/", Typeflag: tar.TypeDir, Mode: 0o555, Uid: 0})
	tw.WriteHeader(&tar.Header{Name: "rodir/file", Typeflag: tar.TypeReg, Mode: 0o444, Size: 2, Uid: 0})
	tw.Write([]byte("hi"))
	tw.Close()
	ok("import with a read-only dir", f.ImportTar(&buf, "/home/user/imp"))
	if fi, err := f.Stat("/home/user/imp/rodir/file"); err != nil || fi.Mode() != 0o444 || fi.Sys().(*syscall.Stat_t).Uid != 1000 {
		t.Errorf("imported file: %v %v", fi, err)
	}
	if fi, _ := f.Stat("/home/user/imp/rodir"); fi.Mode().Perm() != 0o555 {
		t.Errorf("imported dir mode %v", fi.Mode())
	}
	// checks off again: root-like
	f.EnforcePermissions(false)
	_, err = f.ReadFile("/root/secret")
	ok("checks off", err)
	ok("access w as root", f.Access("/etc/passwd", 2))
	wantErrno(t, "access x as root needs an x bit", f.Access("/etc/passwd", 1), syscall.EACCES)
	ok("access x as root", f.Access("/home/user", 1))
}

// UID 0 never checks, even when asked to.
func TestPermissionsRoot(t *testing.T) {
	f := New(Options{})
	mustWrite(t, f, "/f", "x")
	f.Chmod("/f", 0)
	f.EnforcePermissions(true)
	if _, err := f.ReadFile("/f"); err != nil {
		t.Error(err)
	}
}
