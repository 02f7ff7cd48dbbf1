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
	"crypto/rand"
	"io"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// API CONTRACT: the exported names and signatures in this file are what the
// rest of memsh codes against; signatures must not change.

// Options configure a filesystem. A zero limit means "no limit" (total
// capacity is still kept under half the machine's memory: see docs/memfs.md).
type Options struct {
	MaxFileSize int64            // largest logical size of one regular file, in bytes (EFBIG past it)
	MaxBytes    int64            // total allocated capacity of all files, in bytes (ENOSPC past it)
	MaxInodes   int64            // total number of inodes (ENOSPC past it)
	Rand        io.Reader        // source for /dev/urandom and /dev/random; nil means crypto/rand
	Now         func() time.Time // clock for timestamps; nil means the system clock
	UID, GID    int              // owner of new inodes
}

// FS is an in-memory filesystem, safe for concurrent use.
//
// # Notes
//
// One read-write lock guards the shape of the tree (names, parents);
// each inode has its own lock for its bytes and metadata. Bytes are never
// copied under the tree lock, so writers of different files never wait
// for each other.
type FS struct {
	opts Options
	now  func() time.Time // Options.Now; nil means the clock below
	// The default clock: wall time at New plus the monotonic time since,
	// one clock read per timestamp instead of time.Now's two (on some VMs
	// each read costs hundreds of ns, most of a small write).
	epoch time.Time
	rand  io.Reader

	mu      sync.RWMutex // the tree: children, parent, name, host
	loading bool         // mu is write-locked and walks may load host directories
	root    *inode
	mounts  []*mount // guarded by mu

	gen      atomic.Uint64
	nextIno  atomic.Uint64
	bytes    atomic.Int64 // allocated capacity of all regular files
	maxBytes int64        // MaxBytes, or the memory ceiling when it is not set
	inodes   atomic.Int64
	copied   atomic.Int64 // bytes moved by capacity growth (tests prove the bound)
	hits     [numLimits]atomic.Int64

	// longPaths lifts PATH_MAX while ImportTar runs, so that an archive
	// of a chain deeper than PATH_MAX allows (which ExportTar writes)
	// loads whole (tar.go).
	longPaths atomic.Bool

	// freeChunks holds the full chunks of files that were freed or
	// truncated, for the next file that grows (filedata.go).
	freeChunks sync.Pool

	randMu  sync.Mutex
	enforce atomic.Bool // permission checks on (see EnforcePermissions)

	jr atomic.Pointer[journal] // the undo journal, nil when undo is off (undo.go)
	// undoMu keeps the changes that run without FS.mu (writes, truncation,
	// chmod, chown and chtimes once the path is resolved) out of Undo's
	// restore: they hold it for reading, Undo for writing. It is taken
	// before FS.mu and inode.mu.
	undoMu sync.RWMutex
}

// New returns a filesystem holding "/" and "/dev" with the device nodes
// null, zero, full, random and urandom.
func New(opts Options) *FS {
	f := &FS{opts: opts, now: opts.Now, rand: opts.Rand, epoch: time.Now()}
	if f.rand == nil {
		f.rand = rand.Reader
	}
	f.maxBytes = opts.MaxBytes
	if f.maxBytes <= 0 {
		f.maxBytes = memoryCeiling()
	}
	// The initial inodes are never refused: limits apply to what users add.
	f.root = f.mkInode(fs.ModeDir, 0o755)
	f.root.parent = f.root
	dev := f.mkInode(fs.ModeDir, 0o755)
	dev.uid, dev.gid = 0, 0
	f.attachDir(f.root, "dev", dev)
	for _, d := range []struct {
		name string
		kind devKind
	}{{"null", devNull}, {"zero", devZero}, {"full", devFull}, {"random", devRandom}, {"urandom", devURandom}} {
		n := f.mkInode(fs.ModeDevice|fs.ModeCharDevice, 0o666)
		n.dev = d.kind
		n.uid, n.gid = 0, 0
		dev.children[d.name] = n
	}
	return f
}

// mkInode is newInode for the inodes New creates, which count but are
// never refused.
func (f *FS) mkInode(typ, perm fs.FileMode) *inode {
	f.inodes.Add(1)
	return f.allocInode(typ, perm)
}

// Now is the filesystem's clock (Options.Now, or the system clock): the
// time new timestamps get, and the time the commands over it read.
func (f *FS) Now() time.Time {
	if f.now != nil {
		return f.now()
	}
	return time.Unix(0, f.nowNs())
}

func (f *FS) nowNs() int64 {
	if f.now != nil {
		return f.now().UnixNano()
	}
	return f.epoch.UnixNano() + int64(time.Since(f.epoch))
}

// pathErr builds the error every operation returns.
func pathErr(op, name string, e syscall.Errno) error {
	if e == 0 {
		return nil
	}
	return &fs.PathError{Op: op, Path: name, Err: e}
}

// read runs fn with the tree read-locked. When fn's walk needs a mounted
// host directory loaded, fn runs again with the tree write-locked.
func (f *FS) read(fn func() syscall.Errno) syscall.Errno {
	f.mu.RLock()
	e := fn()
	f.mu.RUnlock()
	if e != errLoad {
		return e
	}
	return f.write(fn)
}

// write runs fn with the tree write-locked.
func (f *FS) write(fn func() syscall.Errno) syscall.Errno {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.loading = true
	defer func() { f.loading = false }()
	return fn()
}

// File is an open file description: its own offset and flags over an inode.
type File struct {
	fs     *FS
	n      *inode
	name   string
	flag   int
	closed atomic.Bool

	deadlines *pipeDeadlines // a FIFO's (fifo.go); nil for other files

	mu      sync.Mutex // off and the directory listing
	off     int64
	dirEnts []fs.DirEntry
	dirRead bool
}

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

// OpenFile opens name like os.OpenFile: O_RDONLY, O_WRONLY, O_RDWR,
// O_CREATE, O_EXCL, O_TRUNC, O_APPEND, O_DIRECTORY and O_NOFOLLOW are
// honoured. perm is used as given (memfs applies no umask: the caller
// does). O_CREATE through a dangling symlink creates the link's target;
// O_CREATE|O_EXCL never follows a final symlink.
func (f *FS) OpenFile(name string, flag int, perm fs.FileMode) (*File, error) {
	return f.openAt(f.root, name, flag, perm)
}

// openAt is OpenFile with a relative name taken from the directory at.
func (f *FS) openAt(at *inode, name string, flag int, perm fs.FileMode) (*File, error) {
	acc := flag & syscall.O_ACCMODE
	writable := acc == os.O_WRONLY || acc == os.O_RDWR
	create := flag&os.O_CREATE != 0
	excl := create && flag&os.O_EXCL != 0
	trunc := flag&os.O_TRUNC != 0
	var n *inode
	fn := func() syscall.Errno {
		if create && strings.HasSuffix(name, "/") {
			// open(2) refuses O_CREAT with a trailing slash once the parent is found
			if _, e := f.walkEntryAt(at, name); e != 0 {
				return e
			}
			return syscall.EISDIR
		}
		lk, e := f.walkAt(at, name, !excl && flag&syscall.O_NOFOLLOW == 0)
		if e != 0 {
			return e
		}
		n = lk.node
		if n == nil {
			if !create {
				return syscall.ENOENT
			}
			if lk.trailing {
				return syscall.EISDIR
			}
			if lk.dir.nlink == 0 {
				return syscall.ENOENT // the directory was removed under a Dir handle
			}
			if e := f.checkWritableDir(lk.dir); e != 0 {
				return e
			}
			if n, e = f.newInode(0, perm); e != 0 {
				return e
			}
			f.saveCreated(n)
			f.link(lk.dir, lk.base, n)
		} else {
			switch {
			case excl:
				return syscall.EEXIST
			case n.isSymlink():
				return syscall.ELOOP
			case flag&syscall.O_DIRECTORY != 0 && !n.isDir():
				return syscall.ENOTDIR
			case n.isDir() && (writable || create || trunc):
				return syscall.EISDIR
			}
			if writable || trunc {
				if e := f.checkWritable(n); e != 0 {
					return e
				}
			}
			if e := f.checkOpen(n, acc != os.O_WRONLY, writable || trunc); e != 0 {
				return e
			}
		}
		n.mu.Lock()
		n.opens++
		n.mu.Unlock()
		return 0
	}
	var e syscall.Errno
	if create {
		e = f.write(fn)
	} else {
		e = f.read(fn)
	}
	if e != 0 {
		return nil, pathErr("open", name, e)
	}
	if e := f.loadData(n, trunc && writable); e != 0 {
		n.mu.Lock()
		n.opens--
		f.maybeFreeLocked(n)
		n.mu.Unlock()
		return nil, pathErr("open", name, e)
	}
	var dl *pipeDeadlines
	if n.pipe != nil {
		opened, e := n.pipe.open(acc, flag&syscall.O_NONBLOCK != 0)
		if e != 0 {
			n.mu.Lock()
			n.opens--
			f.maybeFreeLocked(n)
			n.mu.Unlock()
			return nil, pathErr("open", name, e)
		}
		dl = &pipeDeadlines{opened: opened}
	}
	if trunc && n.isReg() {
		f.undoMu.RLock()
		n.mu.Lock()
		f.truncateLocked(n, 0, name)
		n.mu.Unlock()
		f.undoMu.RUnlock()
	}
	return &File{fs: f, n: n, name: name, flag: flag, deadlines: dl}, nil
}

// Open opens name for reading.
func (f *FS) Open(name string) (*File, error) { return f.OpenFile(name, os.O_RDONLY, 0) }

// Create creates or truncates name (mode 0666), open for reading and writing.
func (f *FS) Create(name string) (*File, error) {
	return f.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o666)
}

// Stat describes name, following symlinks. Sys() is a *syscall.Stat_t.
func (f *FS) Stat(name string) (fs.FileInfo, error) { return f.stat(f.root, "stat", name, true) }

// Lstat describes name without following a final symlink.
func (f *FS) Lstat(name string) (fs.FileInfo, error) { return f.stat(f.root, "lstat", name, false) }

func (f *FS) stat(at *inode, op, name string, follow bool) (fs.FileInfo, error) {
	var n *inode
	e := f.read(func() syscall.Errno {
		lk, e := f.walkAt(at, name, follow)
		if e == 0 && lk.node == nil {
			e = syscall.ENOENT
		}
		n = lk.node
		return e
	})
	if e != 0 {
		return nil, pathErr(op, name, e)
	}
	return n.info(baseName(name)), nil
}

// ReadDir lists the directory name sorted by file name.
func (f *FS) ReadDir(name string) ([]fs.DirEntry, error) {
	var ents []fs.DirEntry
	e := f.read(func() syscall.Errno {
		lk, e := f.walk(name, true)
		if e != 0 {
			return e
		}
		if lk.node == nil {
			return syscall.ENOENT
		}
		if lk.node.isDir() && !f.may(lk.node, permRead) {
			return syscall.EACCES
		}
		ents, e = f.listDir(lk.node)
		return e
	})
	if e != 0 {
		return nil, pathErr("open", name, e)
	}
	return ents, nil
}

// listDir returns d's entries sorted by name. Caller holds f.mu.
func (f *FS) listDir(d *inode) ([]fs.DirEntry, syscall.Errno) {
	if !d.isDir() {
		return nil, syscall.ENOTDIR
	}
	if e := f.needLoad(d); e != 0 {
		return nil, e
	}
	backing := make([]dirEntry, 0, len(d.children)) // one allocation for all entries
	for name, c := range d.children {
		backing = append(backing, dirEntry{name: name, n: c})
	}
	slices.SortFunc(backing, func(a, b dirEntry) int { return strings.Compare(a.name, b.name) })
	ents := make([]fs.DirEntry, len(backing))
	for i := range backing {
		ents[i] = &backing[i]
	}
	return ents, 0
}

// link puts n in directory d under name. Caller holds f.mu for writing.
func (f *FS) link(d *inode, name string, n *inode) {
	f.saveName(d, name)
	d.children[name] = n
	f.touchDir(d)
}

// attachDir links the new directory n into d. Caller holds f.mu for writing.
func (f *FS) attachDir(d *inode, name string, n *inode) {
	f.saveName(d, name)
	n.parent, n.name = d, name
	d.children[name] = n
	d.mu.Lock()
	f.saveLocked(d, "")
	d.nlink++
	d.mu.Unlock()
	f.touchDir(d)
}

// touchDir records a change of d's entries.
func (f *FS) touchDir(d *inode) {
	now := f.nowNs()
	d.mu.Lock()
	f.saveLocked(d, "")
	d.mtime, d.ctime = now, now
	d.mu.Unlock()
	f.gen.Add(1)
}

// touchCtime records a metadata change of n.
func (f *FS) touchCtime(n *inode) {
	now := f.nowNs()
	n.mu.Lock()
	f.saveLocked(n, "")
	n.ctime = now
	n.mu.Unlock()
	f.gen.Add(1)
}

// Mkdir creates the directory name. A final symlink is not followed.
func (f *FS) Mkdir(name string, perm fs.FileMode) error { return f.mkdir(f.root, name, perm) }

func (f *FS) mkdir(at *inode, name string, perm fs.FileMode) error {
	return pathErr("mkdir", name, f.write(func() syscall.Errno {
		lk, e := f.walkEntryAt(at, name)
		if e != 0 {
			return e
		}
		if lk.node != nil {
			return syscall.EEXIST
		}
		if lk.dir.nlink == 0 {
			return syscall.ENOENT // the directory was removed under a Dir handle
		}
		if e := f.checkWritableDir(lk.dir); e != 0 {
			return e
		}
		n, e := f.newInode(fs.ModeDir, perm&(fs.ModePerm|fs.ModeSticky))
		if e != 0 {
			return e
		}
		f.saveCreated(n)
		f.attachDir(lk.dir, lk.base, n)
		return 0
	}))
}

// MkdirAll creates name and any missing parents, like os.MkdirAll.
func (f *FS) MkdirAll(name string, perm fs.FileMode) error {
	if fi, err := f.Stat(name); err == nil {
		if fi.IsDir() {
			return nil
		}
		return pathErr("mkdir", name, syscall.ENOTDIR)
	}
	i := len(name)
	for i > 0 && name[i-1] == '/' {
		i--
	}
	j := i
	for j > 0 && name[j-1] != '/' {
		j--
	}
	if j > 1 {
		if err := f.MkdirAll(name[:j-1], perm); err != nil {
			return err
		}
	}
	err := f.Mkdir(name, perm)
	if err != nil {
		if fi, err1 := f.Lstat(name); err1 == nil && fi.IsDir() {
			return nil
		}
		return err
	}
	return nil
}

// Remove removes a file, symlink or empty directory, with the errors
// os.Remove gives on Linux.
func (f *FS) Remove(name string) error { return f.remove(f.root, name) }

func (f *FS) remove(at *inode, name string) error {
	return pathErr("remove", name, f.write(func() syscall.Errno {
		lk, e := f.walkEntryAt(at, name)
		if e != 0 {
			return e
		}
		n := lk.node
		switch {
		case n == nil:
			return syscall.ENOENT
		case lk.trailing && !n.isDir():
			return syscall.ENOTDIR
		case n == f.root:
			return syscall.EBUSY
		case lk.base == ".":
			return syscall.EINVAL
		case lk.base == "..":
			return syscall.ENOTEMPTY
		}
		if e := f.checkWritableDir(lk.dir); e != 0 {
			return e
		}
		if f.stickyBlocks(lk.dir, n) {
			return syscall.EPERM
		}
		if n.isDir() {
			if f.isMountRoot(n) {
				return syscall.EBUSY
			}
			if e := f.needLoad(n); e != 0 {
				return e
			}
			if len(n.children) > 0 {
				return syscall.ENOTEMPTY
			}
		}
		f.unlink(lk.dir, lk.base, n)
		return 0
	}))
}

// unlink removes the entry name (naming n) from d. Caller holds f.mu for writing.
func (f *FS) unlink(d *inode, name string, n *inode) {
	if n.untracked {
		// MkfifoUntracked's pipe goes as it came: unjournaled.
		delete(d.children, name)
		n.mu.Lock()
		n.ctime = f.nowNs()
		f.dropLinkLocked(n)
		n.mu.Unlock()
		f.gen.Add(1)
		return
	}
	f.saveName(d, name)
	delete(d.children, name)
	if n.isDir() {
		d.mu.Lock()
		f.saveLocked(d, "")
		d.nlink--
		d.mu.Unlock()
	}
	now := f.nowNs()
	n.mu.Lock()
	f.saveLocked(n, "")
	n.ctime = now
	f.dropLinkLocked(n)
	n.mu.Unlock()
	f.touchDir(d)
}

// RemoveAll removes name and everything under it, like os.RemoveAll: a
// missing name is not an error.
func (f *FS) RemoveAll(name string) error {
	if name == "" {
		return nil
	}
	if b := path.Base(name); b == "." || b == ".." || strings.HasSuffix(name, "/.") {
		return pathErr("RemoveAll", name, syscall.EINVAL)
	}
	// like os.RemoveAll, trailing slashes are dropped: "link/" removes the link
	return pathErr("unlinkat", name, f.write(func() syscall.Errno {
		lk, e := f.walkEntry(name)
		if e == syscall.ENOENT || (e == 0 && lk.node == nil) {
			return 0
		}
		if e != 0 {
			return e
		}
		n := lk.node
		if n == f.root {
			return syscall.EBUSY
		}
		if e := f.checkRemovable(lk.dir, n); e != 0 {
			return e
		}
		f.unlink(lk.dir, lk.base, n)
		if n.isDir() {
			f.dropTree(n)
		}
		return 0
	}))
}

// dropTree unlinks everything below the detached directory d. It keeps
// its own stack of directories still to empty, so a chain of any depth
// costs no Go stack. Caller holds f.mu for writing.
func (f *FS) dropTree(d *inode) {
	stack := []*inode{d}
	for len(stack) > 0 {
		d := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for name, c := range d.children {
			f.saveName(d, name)
			delete(d.children, name)
			if c.isDir() {
				stack = append(stack, c)
			}
			c.mu.Lock()
			f.saveLocked(c, "")
			f.dropLinkLocked(c)
			c.mu.Unlock()
		}
	}
}

// Rename moves oldname to newname with rename(2)'s rules: a file may
// replace a file, a directory an empty directory, a directory never moves
// into its own subtree, and renaming a name onto itself (or onto another
// link of the same inode) does nothing. Final symlinks are not followed.
func (f *FS) Rename(oldname, newname string) error {
	var bad string
	e := f.write(func() syscall.Errno {
		// both parents are looked up before either entry is examined, as in rename(2)
		bad = oldname
		lo, e := f.walkEntry(oldname)
		if e != 0 {
			return e
		}
		bad = newname
		ln, e := f.walkEntry(newname)
		if e != 0 {
			return e
		}
		bad = oldname
		src := lo.node
		if src == f.root || lo.base == "." || lo.base == ".." {
			return syscall.EBUSY
		}
		if src == nil {
			return syscall.ENOENT
		}
		if lo.trailing && !src.isDir() {
			return syscall.ENOTDIR
		}
		bad = newname
		dst := ln.node
		if dst == f.root || ln.base == "." || ln.base == ".." {
			return syscall.EBUSY
		}
		if ln.trailing && !src.isDir() {
			return syscall.ENOTDIR
		}
		if src.isDir() && f.isAncestor(src, ln.dir) {
			return syscall.EINVAL
		}
		if dst == src {
			return 0
		}
		if dst != nil && dst.isDir() && f.isAncestor(dst, lo.dir) {
			return syscall.ENOTEMPTY
		}
		if dst != nil {
			if src.isDir() {
				if !dst.isDir() {
					return syscall.ENOTDIR
				}
				if e := f.needLoad(dst); e != 0 {
					return e
				}
				if len(dst.children) > 0 {
					return syscall.ENOTEMPTY
				}
			} else if dst.isDir() {
				return syscall.EISDIR
			}
		}
		if e := f.checkRename(lo.dir, src, ln.dir, dst); e != 0 {
			return e
		}
		if dst != nil {
			f.unlink(ln.dir, ln.base, dst)
		}
		f.saveName(lo.dir, lo.base)
		f.saveName(ln.dir, ln.base)
		delete(lo.dir.children, lo.base)
		ln.dir.children[ln.base] = src
		if src.isDir() {
			f.savePos(src)
			src.parent, src.name = ln.dir, ln.base
			if lo.dir != ln.dir {
				lo.dir.mu.Lock()
				f.saveLocked(lo.dir, "")
				lo.dir.nlink--
				lo.dir.mu.Unlock()
				ln.dir.mu.Lock()
				f.saveLocked(ln.dir, "")
				ln.dir.nlink++
				ln.dir.mu.Unlock()
			}
		}
		f.touchCtime(src)
		f.touchDir(lo.dir)
		if ln.dir != lo.dir {
			f.touchDir(ln.dir)
		}
		return 0
	})
	return pathErr("rename", bad, e)
}

// Link makes newname another name of the file oldname (a final symlink
// in oldname is not followed, as link(2) does on Linux).
func (f *FS) Link(oldname, newname string) error { return f.linkAt(f.root, oldname, f.root, newname) }

// linkAt is Link with oldname taken from the directory oldAt and newname
// from newAt (linkat).
func (f *FS) linkAt(oldAt *inode, oldname string, newAt *inode, newname string) error {
	var bad string
	e := f.write(func() syscall.Errno {
		bad = oldname
		lo, e := f.walkAt(oldAt, oldname, false)
		if e != 0 {
			return e
		}
		n := lo.node
		if n == nil {
			return syscall.ENOENT
		}
		bad = newname
		ln, e := f.walkEntryAt(newAt, newname)
		if e != 0 {
			return e
		}
		if ln.node != nil {
			return syscall.EEXIST
		}
		if ln.trailing {
			return syscall.ENOENT
		}
		bad = oldname
		if n.isDir() {
			return syscall.EPERM
		}
		if e := f.checkWritableDir(ln.dir); e != 0 {
			return e
		}
		if lo.dir.host != nil || ln.dir.host != nil {
			if e := f.checkCrossLink(lo.dir, ln.dir); e != 0 {
				return e
			}
		}
		n.mu.Lock()
		f.saveLocked(n, oldname)
		n.nlink++
		n.ctime = f.nowNs()
		n.mu.Unlock()
		f.link(ln.dir, ln.base, n)
		return 0
	})
	return pathErr("link", bad, e)
}

// Symlink creates linkname as a symbolic link to target (stored as given).
func (f *FS) Symlink(target, linkname string) error { return f.symlink(f.root, target, linkname) }

func (f *FS) symlink(at *inode, target, linkname string) error {
	return pathErr("symlink", linkname, f.write(func() syscall.Errno {
		lk, e := f.walkEntryAt(at, linkname)
		if e != 0 {
			return e
		}
		if lk.node != nil {
			return syscall.EEXIST
		}
		if lk.dir.nlink == 0 {
			return syscall.ENOENT // the directory was removed under a Dir handle
		}
		if target == "" || lk.trailing {
			return syscall.ENOENT
		}
		if len(target) >= maxPath {
			return syscall.ENAMETOOLONG
		}
		if e := f.checkWritableDir(lk.dir); e != 0 {
			return e
		}
		n, e := f.newInode(fs.ModeSymlink, 0o777)
		if e != 0 {
			return e
		}
		f.saveCreated(n)
		n.target = target
		f.link(lk.dir, lk.base, n)
		return 0
	}))
}

// Readlink returns the target of the symlink name.
func (f *FS) Readlink(name string) (string, error) { return f.readlink(f.root, name) }

func (f *FS) readlink(at *inode, name string) (string, error) {
	var target string
	e := f.read(func() syscall.Errno {
		lk, e := f.walkAt(at, name, false)
		switch {
		case e != 0:
			return e
		case lk.node == nil:
			return syscall.ENOENT
		case !lk.node.isSymlink():
			return syscall.EINVAL
		}
		target = lk.node.target
		return 0
	})
	return target, pathErr("readlink", name, e)
}

// resolve finds the inode name refers to.
func (f *FS) resolve(name string, follow bool) (*inode, syscall.Errno) {
	return f.resolveAt(f.root, name, follow)
}

// resolveAt is resolve with a relative name taken from the directory at.
func (f *FS) resolveAt(at *inode, name string, follow bool) (*inode, syscall.Errno) {
	var n *inode
	e := f.read(func() syscall.Errno {
		lk, e := f.walkAt(at, name, follow)
		if e == 0 && lk.node == nil {
			e = syscall.ENOENT
		}
		n = lk.node
		return e
	})
	return n, e
}

// Chmod sets the permission bits (and setuid, setgid, sticky) of name, following symlinks.
func (f *FS) Chmod(name string, mode fs.FileMode) error {
	n, e := f.resolve(name, true)
	if e == 0 {
		e = f.chmod(n, mode, name)
	}
	return pathErr("chmod", name, e)
}

func (f *FS) chmod(n *inode, mode fs.FileMode, hint string) syscall.Errno {
	f.undoMu.RLock()
	defer f.undoMu.RUnlock()
	if e := f.checkWritable(n); e != 0 {
		return e
	}
	if !f.owns(n) {
		return syscall.EPERM
	}
	now := f.nowNs()
	n.mu.Lock()
	f.saveLocked(n, hint)
	n.perm = permBits(mode)
	n.ctime = now
	n.mu.Unlock()
	f.gen.Add(1)
	return 0
}

// Chown sets the owner and group of name, following symlinks; -1 keeps one.
func (f *FS) Chown(name string, uid, gid int) error {
	return pathErr("chown", name, f.chown(f.root, name, true, uid, gid))
}

// Lchown is Chown without following a final symlink (chown -h).
func (f *FS) Lchown(name string, uid, gid int) error {
	return pathErr("lchown", name, f.chown(f.root, name, false, uid, gid))
}

func (f *FS) chown(at *inode, name string, follow bool, uid, gid int) syscall.Errno {
	f.undoMu.RLock()
	defer f.undoMu.RUnlock()
	n, e := f.resolveAt(at, name, follow)
	if e == 0 {
		e = f.checkWritable(n)
	}
	if e == 0 {
		e = f.checkChown(n, uid, gid)
	}
	if e != 0 {
		return e
	}
	now := f.nowNs()
	n.mu.Lock()
	f.saveLocked(n, name)
	if uid != -1 {
		n.uid = uid
	}
	if gid != -1 {
		n.gid = gid
	}
	n.ctime = now
	n.mu.Unlock()
	f.gen.Add(1)
	return 0
}

// Chtimes sets the access and modification times of name, following
// symlinks; a zero time leaves that time unchanged.
func (f *FS) Chtimes(name string, atime, mtime time.Time) error {
	return pathErr("chtimes", name, f.chtimes(f.root, name, true, atime, mtime))
}

// Lchtimes is Chtimes without following a final symlink.
func (f *FS) Lchtimes(name string, atime, mtime time.Time) error {
	return pathErr("lchtimes", name, f.chtimes(f.root, name, false, atime, mtime))
}

func (f *FS) chtimes(at *inode, name string, follow bool, atime, mtime time.Time) syscall.Errno {
	f.undoMu.RLock()
	defer f.undoMu.RUnlock()
	n, e := f.resolveAt(at, name, follow)
	if e == 0 {
		e = f.checkWritable(n)
	}
	if e == 0 && !f.owns(n) && !f.may(n, permWrite) {
		e = syscall.EPERM
	}
	if e != 0 {
		return e
	}
	now := f.nowNs()
	n.mu.Lock()
	f.saveLocked(n, name)
	if !atime.IsZero() {
		n.atime.Store(atime.UnixNano())
	}
	if !mtime.IsZero() {
		n.mtime = mtime.UnixNano()
	}
	n.ctime = now
	n.mu.Unlock()
	f.gen.Add(1)
	return 0
}

// Truncate sets the size of the file name, following symlinks. Growing
// leaves a hole that reads as zeros and allocates nothing.
func (f *FS) Truncate(name string, size int64) error {
	n, e := f.resolve(name, true)
	if e == 0 && !n.isDir() && !f.may(n, permWrite) {
		e = syscall.EACCES
	}
	if e == 0 {
		e = f.truncate(n, size, name)
	}
	return pathErr("truncate", name, e)
}

func (f *FS) truncate(n *inode, size int64, hint string) syscall.Errno {
	f.undoMu.RLock()
	defer f.undoMu.RUnlock()
	switch {
	case n.isDir():
		return syscall.EISDIR
	case size < 0:
		return syscall.EINVAL
	case !n.isReg():
		return 0
	}
	if e := f.checkWritable(n); e != 0 {
		return e
	}
	if e := f.loadData(n, size == 0); e != 0 {
		return e
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	return f.truncateLocked(n, size, hint)
}

// ReadFile returns the contents of name.
func (f *FS) ReadFile(name string) ([]byte, error) {
	fl, err := f.Open(name)
	if err != nil {
		return nil, err
	}
	defer fl.Close()
	var size int64
	if fi, err := fl.Stat(); err == nil {
		size = fi.Size()
	}
	buf := make([]byte, 0, size+512)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := fl.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// WriteFile writes data to name, creating it with perm or truncating it.
func (f *FS) WriteFile(name string, data []byte, perm fs.FileMode) error {
	fl, err := f.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return err
	}
	_, err = fl.Write(data)
	if err1 := fl.Close(); err == nil {
		err = err1
	}
	return err
}

// Realpath resolves every symlink in name and returns the clean absolute path.
func (f *FS) Realpath(name string) (string, error) {
	var p string
	e := f.read(func() syscall.Errno {
		lk, e := f.walk(name, true)
		if e != 0 {
			return e
		}
		if lk.node == nil {
			return syscall.ENOENT
		}
		if lk.node.isDir() {
			p = f.dirPath(lk.node)
		} else {
			p = path.Join(f.dirPath(lk.dir), lk.base)
		}
		return 0
	})
	return p, pathErr("realpath", name, e)
}

// Generation changes on every mutation; cheap to poll.
func (f *FS) Generation() uint64 { return f.gen.Load() }

// Snapshot lists every inode under root (path order), without stalling
// writers for long: the tree is read-locked while it is walked, and each
// inode only for the instant its metadata is copied. Mounted host
// directories not yet loaded are listed without their contents.
func (f *FS) Snapshot(root string) []Entry {
	var out []Entry
	f.read(func() syscall.Errno {
		out = nil
		lk, e := f.walk(root, true)
		if e != 0 || lk.node == nil {
			return e
		}
		out = make([]Entry, 0, countTree(lk.node)) // a large listing never regrows
		f.snapshot(&out, path.Clean("/"+root), lk.node)
		return 0
	})
	return out
}

// countTree is the number of inodes Snapshot lists from n (iterative, so
// depth costs no Go stack). Caller holds f.mu.
func countTree(n *inode) int {
	c := 1
	stack := []*inode{n}
	for len(stack) > 0 {
		d := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		c += len(d.children)
		for _, ch := range d.children {
			if ch.isDir() {
				stack = append(stack, ch)
			}
		}
	}
	return c
}

// snapshot appends n and everything below it in path order. Its own
// stack holds the entries still to list (pushed in reverse name order),
// so a chain of any depth costs no Go stack. Caller holds f.mu.
func (f *FS) snapshot(out *[]Entry, p string, n *inode) {
	type item struct {
		p string
		n *inode
	}
	stack := []item{{p, n}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.n
		n.mu.RLock()
		e := Entry{Path: it.p, Mode: n.mode(), Size: n.size, Cap: n.data.capacity(), ModTime: time.Unix(0, n.mtime), Nlink: n.nlink, Ino: n.ino}
		n.mu.RUnlock()
		switch {
		case n.isDir():
			e.Size = 4096
		case n.isSymlink():
			e.Size = int64(len(n.target))
		}
		*out = append(*out, e)
		if !n.isDir() || len(n.children) == 0 {
			continue
		}
		names := make([]string, 0, len(n.children))
		for name := range n.children {
			names = append(names, name)
		}
		slices.Sort(names)
		prefix := it.p
		if prefix == "/" {
			prefix = ""
		}
		for i := len(names) - 1; i >= 0; i-- {
			stack = append(stack, item{prefix + "/" + names[i], n.children[names[i]]})
		}
	}
}

// Limit names one of the limits a write or a create can run into.
type Limit int

const (
	LimitFileSize Limit = iota // Options.MaxFileSize (EFBIG)
	LimitBytes                 // Options.MaxBytes (ENOSPC)
	LimitMemory                // the memory ceiling that bounds capacity when MaxBytes is not set (ENOSPC)
	LimitInodes                // Options.MaxInodes (ENOSPC)
	numLimits
)

// LimitHits counts, per limit, the operations a limit has refused or cut
// short since New. A caller that reports errors the way coreutils does
// ("No space left on device") can compare two readings to say which limit
// was behind them.
type LimitHits [numLimits]int64

// LimitHits returns how often each limit has been hit so far.
func (f *FS) LimitHits() LimitHits {
	var h LimitHits
	for i := range h {
		h[i] = f.hits[i].Load()
	}
	return h
}

// hit counts one operation stopped by limit l.
func (f *FS) hit(l Limit) { f.hits[l].Add(1) }

// hitSpace counts a shortage of capacity: MaxBytes when it is set, the
// memory ceiling otherwise.
func (f *FS) hitSpace() {
	if f.opts.MaxBytes > 0 {
		f.hit(LimitBytes)
	} else {
		f.hit(LimitMemory)
	}
}

// MemoryCeiling is the bound on all files' capacity when MaxBytes is not
// set: half the machine's memory.
func (f *FS) MemoryCeiling() int64 {
	if f.opts.MaxBytes > 0 {
		return 0
	}
	return f.maxBytes
}

// Usage reports bytes and inodes in use against the limits.
func (f *FS) Usage() Usage {
	return Usage{
		Bytes: f.bytes.Load(), MaxBytes: f.opts.MaxBytes,
		Inodes: f.inodes.Load(), MaxInodes: f.opts.MaxInodes,
		MaxFileSize: f.opts.MaxFileSize,
	}
}

// Name returns the name the file was opened with.
func (fl *File) Name() string { return fl.name }

// Read reads from the current offset; io.EOF at the end.
func (fl *File) Read(p []byte) (int, error) {
	if len(p) == 0 && !fl.closed.Load() {
		return 0, nil // as os.File: no system call, no error
	}
	if e := fl.check(false); e != 0 {
		return 0, pathErr("read", fl.name, e)
	}
	if fl.n.pipe != nil {
		return fl.n.pipe.read(fl, p)
	}
	fl.mu.Lock()
	c, err := fl.readAt(p, fl.off)
	fl.off += int64(c)
	fl.mu.Unlock()
	if err == io.EOF && c > 0 {
		err = nil
	}
	return c, err
}

// ReadAt reads at off without moving the offset; io.EOF when p is not filled.
func (fl *File) ReadAt(p []byte, off int64) (int, error) {
	if len(p) == 0 && !fl.closed.Load() {
		return 0, nil // as os.File: no system call, no error
	}
	if e := fl.check(false); e != 0 {
		return 0, pathErr("read", fl.name, e)
	}
	if off < 0 {
		return 0, pathErr("readat", fl.name, syscall.EINVAL)
	}
	if fl.n.pipe != nil {
		return 0, pathErr("read", fl.name, syscall.ESPIPE)
	}
	return fl.readAt(p, off)
}

// Write writes at the offset, or at the end with O_APPEND.
func (fl *File) Write(p []byte) (int, error) {
	if e := fl.check(true); e != 0 {
		return 0, pathErr("write", fl.name, e)
	}
	if fl.n.pipe != nil {
		return fl.n.pipe.write(fl, p)
	}
	fl.mu.Lock()
	c, e := fl.writeAt(p, fl.off, fl.flag&os.O_APPEND != 0)
	fl.mu.Unlock()
	return c, pathErr("write", fl.name, e)
}

// WriteString is Write of s's bytes.
func (fl *File) WriteString(s string) (int, error) {
	return fl.Write(unsafeBytes(s))
}

// WriteAt writes at off without moving the offset. Like os.File, it
// refuses files opened with O_APPEND (EINVAL).
func (fl *File) WriteAt(p []byte, off int64) (int, error) {
	if fl.flag&os.O_APPEND != 0 && !fl.closed.Load() {
		return 0, pathErr("writeat", fl.name, syscall.EINVAL)
	}
	if len(p) == 0 && !fl.closed.Load() {
		return 0, nil // as os.File: no system call, no error
	}
	if e := fl.check(true); e != 0 {
		return 0, pathErr("write", fl.name, e)
	}
	if off < 0 {
		return 0, pathErr("writeat", fl.name, syscall.EINVAL)
	}
	if fl.n.pipe != nil {
		return 0, pathErr("write", fl.name, syscall.ESPIPE)
	}
	c, e := fl.writeAtNoOffset(p, off)
	return c, pathErr("write", fl.name, e)
}

// Seek sets the offset for the next Read or Write. Seeking a directory
// to 0 restarts ReadDir.
func (fl *File) Seek(offset int64, whence int) (int64, error) {
	if fl.closed.Load() {
		return 0, pathErr("seek", fl.name, syscall.EBADF)
	}
	if fl.n.pipe != nil {
		return 0, pathErr("seek", fl.name, syscall.ESPIPE)
	}
	fl.mu.Lock()
	defer fl.mu.Unlock()
	n := fl.n
	if n.dev != devNone {
		return 0, nil
	}
	var base int64
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		base = fl.off
	case io.SeekEnd:
		n.mu.RLock()
		base = n.size
		if n.isDir() {
			base = 4096
		}
		n.mu.RUnlock()
	default:
		return 0, pathErr("seek", fl.name, syscall.EINVAL)
	}
	off := base + offset
	if off < 0 || (offset > 0 && off < base) {
		return 0, pathErr("seek", fl.name, syscall.EINVAL)
	}
	fl.off = off
	if n.isDir() && off == 0 {
		fl.dirEnts, fl.dirRead = nil, false
	}
	return off, nil
}

// Truncate sets the file's size; the file must be open for writing.
func (fl *File) Truncate(size int64) error {
	if fl.closed.Load() {
		return pathErr("truncate", fl.name, syscall.EBADF)
	}
	if fl.flag&syscall.O_ACCMODE == os.O_RDONLY {
		return pathErr("truncate", fl.name, syscall.EINVAL)
	}
	return pathErr("truncate", fl.name, fl.fs.truncate(fl.n, size, fl.name))
}

// Stat describes the open file (it works after the file was unlinked).
func (fl *File) Stat() (fs.FileInfo, error) {
	if fl.closed.Load() {
		return nil, pathErr("stat", fl.name, syscall.EBADF)
	}
	return fl.n.info(baseName(fl.name)), nil
}

// ReadDir reads the directory like os.File.ReadDir, in name order: with
// n > 0 at most n entries per call and io.EOF at the end; with n <= 0
// all remaining entries and a nil error.
func (fl *File) ReadDir(n int) ([]fs.DirEntry, error) {
	if fl.closed.Load() {
		return nil, pathErr("readdirent", fl.name, syscall.EBADF)
	}
	if !fl.n.isDir() {
		return nil, pathErr("readdirent", fl.name, syscall.ENOTDIR)
	}
	fl.mu.Lock()
	defer fl.mu.Unlock()
	if !fl.dirRead {
		var ents []fs.DirEntry
		e := fl.fs.read(func() syscall.Errno {
			var e syscall.Errno
			ents, e = fl.fs.listDir(fl.n)
			return e
		})
		if e != 0 {
			return nil, pathErr("readdirent", fl.name, e)
		}
		fl.dirEnts, fl.dirRead = ents, true
	}
	if n <= 0 {
		out := fl.dirEnts
		fl.dirEnts = nil
		if out == nil {
			out = []fs.DirEntry{}
		}
		return out, nil
	}
	if len(fl.dirEnts) == 0 {
		return nil, io.EOF
	}
	k := min(n, len(fl.dirEnts))
	out := fl.dirEnts[:k:k]
	fl.dirEnts = fl.dirEnts[k:]
	return out, nil
}

// Chmod is FS.Chmod on the open file.
func (fl *File) Chmod(mode fs.FileMode) error {
	if fl.closed.Load() {
		return pathErr("chmod", fl.name, syscall.EBADF)
	}
	return pathErr("chmod", fl.name, fl.fs.chmod(fl.n, mode, fl.name))
}

// Sync does nothing: memfs has nothing to flush.
func (fl *File) Sync() error {
	if fl.closed.Load() {
		return pathErr("sync", fl.name, syscall.EBADF)
	}
	return nil
}

// Close releases the file; an unlinked file's bytes go with its last Close.
func (fl *File) Close() error {
	if fl.closed.Swap(true) {
		return pathErr("close", fl.name, syscall.EBADF)
	}
	n := fl.n
	if n.pipe != nil {
		n.pipe.close(fl.flag & syscall.O_ACCMODE)
	}
	n.mu.Lock()
	n.opens--
	fl.fs.maybeFreeLocked(n)
	n.mu.Unlock()
	return nil
}

// MountMode says how a host directory is seen at a guest path.
type MountMode int

const (
	MountCOW MountMode = iota // reads come from the host until written; writes stay in memory
	MountRO                   // writes fail with EROFS
)

// Mount shows the host directory hostDir at guestPath. Nothing outside
// hostDir is ever reachable through it (symlinks and ".." are confined).
//
// guestPath is created if missing and must be an empty directory. Host
// directories are listed at their first lookup and host files read at
// their first open. Host symlinks are memfs symlinks (absolute targets
// re-rooted at guestPath); every host access goes through an os.Root.
// Host hard links show as separate files.
func (f *FS) Mount(guestPath, hostDir string, mode MountMode) error {
	return f.mount(guestPath, hostDir, mode)
}

// ExportTar writes the tree under root as a tar stream (content, modes,
// mtimes, symlinks, hard links).
// Device nodes are not archived (New makes them).
func (f *FS) ExportTar(w io.Writer, root string) error { return f.exportTar(w, root) }

// ImportTar loads a tar stream into the tree under dest.
// Entries whose names or hard-link targets climb out of dest with ".."
// are refused, and no entry is ever written through a symlink. Device
// and fifo entries are skipped. Crossing a limit stops the import with
// that error (EFBIG or ENOSPC).
func (f *FS) ImportTar(r io.Reader, dest string) error { return f.importTar(r, dest) }

// ImportDir copies the host directory hostDir into the tree under dest.
// Host symlinks are copied as symlinks, never followed; hard links
// between files in hostDir stay hard links.
func (f *FS) ImportDir(hostDir, dest string) error { return f.importDir(hostDir, dest) }
