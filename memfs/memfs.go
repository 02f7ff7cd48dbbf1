// Package memfs is memsh's in-memory filesystem: an inode tree with POSIX
// semantics, geometric buffer growth, limits, live observation and
// snapshots. It imports only the standard library.
//
// Paths are slash-separated. A relative path is taken from "/": memfs has
// no working directory; callers (the shell, WASI guests) resolve their own.
//
// Errors are *fs.PathError values wrapping a syscall.Errno, so
// errors.Is(err, fs.ErrNotExist) works and messages read like coreutils'.
package memfs

import (
	"errors"
	"io"
	"io/fs"
	"time"
)

// API CONTRACT: the exported names and signatures in this file are what the
// rest of memsh codes against. The bodies below are placeholders to be
// replaced by the real implementation; signatures must not change.

var errUnimplemented = errors.New("memfs: unimplemented")

// Options configure a filesystem. A zero limit means "no limit".
type Options struct {
	MaxFileSize int64            // largest logical size of one regular file, in bytes (EFBIG past it)
	MaxBytes    int64            // total allocated capacity of all files, in bytes (ENOSPC past it)
	MaxInodes   int64            // total number of inodes (ENOSPC past it)
	Rand        io.Reader        // source for /dev/urandom and /dev/random; nil means crypto/rand
	Now         func() time.Time // clock for timestamps; nil means time.Now
	UID, GID    int              // owner of new inodes
}

// FS is an in-memory filesystem, safe for concurrent use.
type FS struct{}

// New returns a filesystem holding "/" and "/dev" with the device nodes
// null, zero, full, random and urandom.
func New(opts Options) *FS { return &FS{} }

// File is an open file description: its own offset and flags over an inode.
type File struct{}

// Entry is one row of a Snapshot.
type Entry struct {
	Path    string      // absolute path
	Mode    fs.FileMode // type bits and permissions (use Mode.Type() for the kind)
	Size    int64       // logical size
	Cap     int64       // allocated capacity (regular files)
	ModTime time.Time
	Nlink   int
	Ino     uint64
}

// Usage reports what the filesystem holds against its limits.
type Usage struct {
	Bytes, MaxBytes   int64 // allocated capacity in use; limit (0 = none)
	Inodes, MaxInodes int64
	MaxFileSize       int64
}

func (f *FS) OpenFile(name string, flag int, perm fs.FileMode) (*File, error) {
	return nil, errUnimplemented
}
func (f *FS) Open(name string) (*File, error)                            { return nil, errUnimplemented }
func (f *FS) Create(name string) (*File, error)                          { return nil, errUnimplemented }
func (f *FS) Stat(name string) (fs.FileInfo, error)                      { return nil, errUnimplemented }
func (f *FS) Lstat(name string) (fs.FileInfo, error)                     { return nil, errUnimplemented }
func (f *FS) ReadDir(name string) ([]fs.DirEntry, error)                 { return nil, errUnimplemented }
func (f *FS) Mkdir(name string, perm fs.FileMode) error                  { return errUnimplemented }
func (f *FS) MkdirAll(name string, perm fs.FileMode) error               { return errUnimplemented }
func (f *FS) Remove(name string) error                                   { return errUnimplemented }
func (f *FS) RemoveAll(name string) error                                { return errUnimplemented }
func (f *FS) Rename(oldname, newname string) error                       { return errUnimplemented }
func (f *FS) Link(oldname, newname string) error                         { return errUnimplemented }
func (f *FS) Symlink(target, linkname string) error                      { return errUnimplemented }
func (f *FS) Readlink(name string) (string, error)                       { return "", errUnimplemented }
func (f *FS) Chmod(name string, mode fs.FileMode) error                  { return errUnimplemented }
func (f *FS) Chown(name string, uid, gid int) error                      { return errUnimplemented }
func (f *FS) Chtimes(name string, atime, mtime time.Time) error          { return errUnimplemented }
func (f *FS) Lchtimes(name string, atime, mtime time.Time) error         { return errUnimplemented }
func (f *FS) Truncate(name string, size int64) error                     { return errUnimplemented }
func (f *FS) ReadFile(name string) ([]byte, error)                       { return nil, errUnimplemented }
func (f *FS) WriteFile(name string, data []byte, perm fs.FileMode) error { return errUnimplemented }

// Realpath resolves every symlink in name and returns the clean absolute path.
func (f *FS) Realpath(name string) (string, error) { return "", errUnimplemented }

// Generation changes on every mutation; cheap to poll.
func (f *FS) Generation() uint64 { return 0 }

// Snapshot lists every inode under root (path order), without stalling writers for long.
func (f *FS) Snapshot(root string) []Entry { return nil }

// Usage reports bytes and inodes in use against the limits.
func (f *FS) Usage() Usage { return Usage{} }

func (fl *File) Name() string                                 { return "" }
func (fl *File) Read(p []byte) (int, error)                   { return 0, errUnimplemented }
func (fl *File) Write(p []byte) (int, error)                  { return 0, errUnimplemented }
func (fl *File) WriteString(s string) (int, error)            { return 0, errUnimplemented }
func (fl *File) ReadAt(p []byte, off int64) (int, error)      { return 0, errUnimplemented }
func (fl *File) WriteAt(p []byte, off int64) (int, error)     { return 0, errUnimplemented }
func (fl *File) Seek(offset int64, whence int) (int64, error) { return 0, errUnimplemented }
func (fl *File) Truncate(size int64) error                    { return errUnimplemented }
func (fl *File) Stat() (fs.FileInfo, error)                   { return nil, errUnimplemented }
func (fl *File) ReadDir(n int) ([]fs.DirEntry, error)         { return nil, errUnimplemented }
func (fl *File) Chmod(mode fs.FileMode) error                 { return errUnimplemented }
func (fl *File) Sync() error                                  { return nil }
func (fl *File) Close() error                                 { return errUnimplemented }

// MountMode says how a host directory is seen at a guest path.
type MountMode int

const (
	MountCOW MountMode = iota // reads come from the host until written; writes stay in memory
	MountRO                   // writes fail with EROFS
)

// Mount shows the host directory hostDir at guestPath. Nothing outside
// hostDir is ever reachable through it (symlinks and ".." are confined).
func (f *FS) Mount(guestPath, hostDir string, mode MountMode) error { return errUnimplemented }

// ExportTar writes the tree under root as a tar stream (content, modes,
// mtimes, symlinks, hard links).
func (f *FS) ExportTar(w io.Writer, root string) error { return errUnimplemented }

// ImportTar loads a tar stream into the tree under dest.
func (f *FS) ImportTar(r io.Reader, dest string) error { return errUnimplemented }

// ImportDir copies the host directory hostDir into the tree under dest.
func (f *FS) ImportDir(hostDir, dest string) error { return errUnimplemented }
