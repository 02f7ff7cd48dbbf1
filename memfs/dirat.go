package memfs

import (
	"io/fs"
	"syscall"
	"time"
)

// Dir is a handle on a directory that names entries relative to it, as
// the kernel's openat, fstatat, unlinkat and mkdirat do with a directory
// descriptor. A tree walker that steps from handle to handle never
// builds a full path, so it reaches entries of any depth (paths longer
// than PATH_MAX included) and resolves only one component per step.
//
// A relative name is resolved from the directory, an absolute one from
// "/"; PATH_MAX applies to the name given, not to the directory's own
// path. The handle follows the directory, not its path: after a rename
// it still names the same directory, and after the directory is removed
// lookups find nothing and creating in it fails with ENOENT, as on
// Linux. A handle holds no resource: there is nothing to close.
type Dir struct {
	fs *FS
	n  *inode
}

// OpenDir opens a handle on the directory name, following symlinks.
func (f *FS) OpenDir(name string) (*Dir, error) { return f.openDir(f.root, name, true) }

func (f *FS) openDir(at *inode, name string, follow bool) (*Dir, error) {
	n, e := f.resolveAt(at, name, follow)
	if e == 0 && !n.isDir() {
		e = syscall.ENOTDIR
	}
	if e != 0 {
		return nil, pathErr("open", name, e)
	}
	return &Dir{fs: f, n: n}, nil
}

// OpenDir opens a handle on the directory name relative to d. With
// follow false a final symlink is not followed and is ENOTDIR, like
// openat with O_NOFOLLOW|O_DIRECTORY for a walker that must not leave
// the tree.
func (d *Dir) OpenDir(name string, follow bool) (*Dir, error) {
	return d.fs.openDir(d.n, name, follow)
}

// ReadDir lists the directory sorted by file name. It needs read
// permission on the directory, as reading a directory descriptor does.
func (d *Dir) ReadDir() ([]fs.DirEntry, error) {
	f := d.fs
	var ents []fs.DirEntry
	e := f.read(func() syscall.Errno {
		if !f.may(d.n, permRead) {
			return syscall.EACCES
		}
		var e syscall.Errno
		ents, e = f.listDir(d.n)
		return e
	})
	if e != 0 {
		return nil, pathErr("open", ".", e)
	}
	return ents, nil
}

// Stat describes the directory itself (fstat).
func (d *Dir) Stat() fs.FileInfo { return d.n.info(".") }

// StatAt describes name relative to d, following a final symlink when
// follow is set (fstatat, with AT_SYMLINK_NOFOLLOW when it is not).
func (d *Dir) StatAt(name string, follow bool) (fs.FileInfo, error) {
	op := "lstat"
	if follow {
		op = "stat"
	}
	return d.fs.stat(d.n, op, name, follow)
}

// OpenFile opens name relative to d like FS.OpenFile (openat).
func (d *Dir) OpenFile(name string, flag int, perm fs.FileMode) (*File, error) {
	return d.fs.openAt(d.n, name, flag, perm)
}

// Mkdir creates the directory name relative to d (mkdirat).
func (d *Dir) Mkdir(name string, perm fs.FileMode) error { return d.fs.mkdir(d.n, name, perm) }

// Remove removes the file, symlink or empty directory name relative to d
// like FS.Remove (unlinkat).
func (d *Dir) Remove(name string) error { return d.fs.remove(d.n, name) }

// Symlink creates linkname relative to d as a symlink to target (symlinkat).
func (d *Dir) Symlink(target, linkname string) error { return d.fs.symlink(d.n, target, linkname) }

// Readlink returns the target of the symlink name relative to d (readlinkat).
func (d *Dir) Readlink(name string) (string, error) { return d.fs.readlink(d.n, name) }

// Chmod sets the mode of name relative to d, following symlinks (fchmodat).
func (d *Dir) Chmod(name string, mode fs.FileMode) error {
	n, e := d.fs.resolveAt(d.n, name, true)
	if e == 0 {
		e = d.fs.chmod(n, mode, name)
	}
	return pathErr("chmod", name, e)
}

// Chown sets the owner of name relative to d (fchownat); with follow
// false a final symlink itself changes (AT_SYMLINK_NOFOLLOW).
func (d *Dir) Chown(name string, uid, gid int, follow bool) error {
	op := "lchown"
	if follow {
		op = "chown"
	}
	return pathErr(op, name, d.fs.chown(d.n, name, follow, uid, gid))
}

// Chtimes sets the access and modification times of name relative to d
// like FS.Chtimes (utimensat); with follow false a final symlink's own
// times change (AT_SYMLINK_NOFOLLOW).
func (d *Dir) Chtimes(name string, atime, mtime time.Time, follow bool) error {
	op := "lchtimes"
	if follow {
		op = "chtimes"
	}
	return pathErr(op, name, d.fs.chtimes(d.n, name, follow, atime, mtime))
}

// Link makes newname, relative to newDir, another name of the file
// oldname relative to d, whose final symlink is not followed (linkat).
func (d *Dir) Link(oldname string, newDir *Dir, newname string) error {
	return d.fs.linkAt(d.n, oldname, newDir.n, newname)
}
