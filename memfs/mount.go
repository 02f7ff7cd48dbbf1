package memfs

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"syscall"
	"time"
)

// errLoad is walk's signal that a mounted host directory must be read
// into the tree, which needs the tree write-locked (see FS.read).
const errLoad = syscall.Errno(0x7fff)

// mount is one host directory shown in the tree. All host access goes
// through root, an os.Root, so no name can resolve outside hostDir; on
// top of that memfs never asks the host to follow a symlink: host
// symlinks become memfs symlinks, resolved inside memfs.
type mount struct {
	root  *inode   // the guest directory
	host  *os.Root // the host directory
	mode  MountMode
	guest string // guest path of root, where absolute host link targets are re-rooted
}

// hostNode ties an inode to the host object it shows. path is relative
// to the mount's host root. dirLoaded is guarded by FS.mu, dataLoaded by
// the inode's mu.
type hostNode struct {
	m          *mount
	path       string
	dirLoaded  bool
	dataLoaded bool
}

func (h *hostNode) ro() bool { return h != nil && h.m.mode == MountRO }

// hostErrno extracts the errno of a host error (EIO when there is none).
func hostErrno(err error) syscall.Errno {
	var e syscall.Errno
	if errors.As(err, &e) {
		return e
	}
	if errors.Is(err, fs.ErrNotExist) {
		return syscall.ENOENT
	}
	return syscall.EIO
}

func (f *FS) mount(guestPath, hostDir string, mode MountMode) error {
	if mode != MountCOW && mode != MountRO {
		return pathErr("mount", guestPath, syscall.EINVAL)
	}
	root, err := os.OpenRoot(hostDir)
	if err != nil {
		return err
	}
	info, err := root.Stat(".")
	if err != nil {
		root.Close()
		return err
	}
	if err := f.MkdirAll(guestPath, 0o755); err != nil {
		root.Close()
		return err
	}
	e := f.write(func() syscall.Errno {
		lk, e := f.walk(guestPath, true)
		switch {
		case e != 0:
			return e
		case lk.node == nil:
			return syscall.ENOENT
		case !lk.node.isDir():
			return syscall.ENOTDIR
		case lk.node.host != nil || f.isMountRoot(lk.node) || lk.node == f.root:
			return syscall.EBUSY
		case len(lk.node.children) > 0:
			return syscall.ENOTEMPTY
		}
		// The empty guest directory is replaced by a new inode, so that an
		// inode's host link is set once, before anyone can see the inode.
		old := lk.node
		parent, name := old.parent, old.name
		d := f.allocInode(fs.ModeDir, info.Mode())
		d.parent, d.name = parent, name
		d.mtime = info.ModTime().UnixNano()
		old.mu.RLock()
		d.uid, d.gid = old.uid, old.gid
		old.mu.RUnlock()
		m := &mount{root: d, host: root, mode: mode, guest: f.dirPath(old)}
		d.host = &hostNode{m: m, path: "."}
		parent.children[name] = d
		old.mu.Lock()
		old.nlink = 0
		f.maybeFreeLocked(old) // gone now, or with its last Close; d takes its place in the count
		old.mu.Unlock()
		f.inodes.Add(1)
		f.mounts = append(f.mounts, m)
		f.gen.Add(1)
		return 0
	})
	if e != 0 {
		root.Close()
		return pathErr("mount", guestPath, e)
	}
	return nil
}

// needLoad makes sure the entries of mounted directory d are in the tree.
// Caller holds f.mu.
func (f *FS) needLoad(d *inode) syscall.Errno {
	if d.host == nil || d.host.dirLoaded {
		return 0
	}
	if !f.loading {
		return errLoad
	}
	return f.loadDir(d)
}

// loadDir reads the host directory behind d into the tree, once. Caller
// holds f.mu for writing. Entries other than directories, regular files
// and symlinks are left out.
func (f *FS) loadDir(d *inode) syscall.Errno {
	h := d.host
	dir, err := h.m.host.OpenFile(h.path, os.O_RDONLY|syscall.O_DIRECTORY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return hostErrno(err)
	}
	ents, err := dir.ReadDir(-1)
	dir.Close()
	if err != nil {
		return hostErrno(err)
	}
	var added []*inode
	undo := func(e syscall.Errno) syscall.Errno {
		for _, n := range added {
			f.inodes.Add(-1)
			if n.isDir() {
				d.nlink--
			}
		}
		clear(d.children)
		return e
	}
	for _, ent := range ents {
		rel := path.Join(h.path, ent.Name())
		info, err := h.m.host.Lstat(rel)
		if err != nil {
			continue // gone since the listing
		}
		var typ fs.FileMode
		switch {
		case info.IsDir():
			typ = fs.ModeDir
		case info.Mode()&fs.ModeSymlink != 0:
			typ = fs.ModeSymlink
		case info.Mode().IsRegular():
		default:
			continue
		}
		n, e := f.newInode(typ, info.Mode())
		if e != 0 {
			return undo(e)
		}
		added = append(added, n)
		n.host = &hostNode{m: h.m, path: rel}
		n.mtime = info.ModTime().UnixNano()
		if st, ok := info.Sys().(*syscall.Stat_t); ok {
			n.ctime = time.Unix(st.Ctim.Unix()).UnixNano()
			n.atime.Store(time.Unix(st.Atim.Unix()).UnixNano())
		}
		switch typ {
		case fs.ModeDir:
			n.parent, n.name = d, ent.Name()
			d.nlink++
		case fs.ModeSymlink:
			target, err := h.m.host.Readlink(rel)
			if err != nil {
				return undo(hostErrno(err))
			}
			if path.IsAbs(target) {
				target = path.Join(h.m.guest, target) // re-rooted: an absolute link stays in the mount
			}
			n.target = target
			n.perm = 0o777
		default:
			n.size = info.Size()
		}
		d.children[ent.Name()] = n
	}
	h.dirLoaded = true
	return 0
}

// loadData reads an unmodified host file's bytes at its first open (or
// drops them unread when discard is set: the open truncates). The bytes
// count against the limits like any other.
func (f *FS) loadData(n *inode, discard bool) syscall.Errno {
	h := n.host
	if h == nil || !n.isReg() {
		return 0
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if h.dataLoaded {
		return 0
	}
	if discard {
		n.size, h.dataLoaded = 0, true
		return 0
	}
	hf, err := openHostFile(h.m.host.OpenFile, h.path)
	if err != nil {
		return hostErrno(err)
	}
	defer hf.Close()
	info, err := hf.Stat()
	if err != nil {
		return hostErrno(err)
	}
	size := info.Size()
	if m := f.opts.MaxFileSize; m > 0 && size > m {
		f.hit(LimitFileSize)
		return syscall.EFBIG
	}
	if !f.reserveBytes(size) {
		f.hitSpace()
		return syscall.ENOSPC
	}
	k, err := f.fill(n, hf, size)
	if err != nil && err != io.ErrUnexpectedEOF {
		f.bytes.Add(-size)
		n.data = fileData{}
		return hostErrno(err)
	}
	n.size = k
	h.dataLoaded = true
	return 0
}

// openHostFile opens a regular host file for reading. It neither follows
// a final symlink nor waits: a FIFO or a device put in the file's place
// on the host (after memsh listed it as a regular file) would block the
// open or the reads for ever, so the open is non-blocking and anything
// but a regular file is refused with EIO.
func openHostFile(open func(string, int, fs.FileMode) (*os.File, error), name string) (*os.File, error) {
	hf, err := open(name, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	info, err := hf.Stat()
	if err == nil && !info.Mode().IsRegular() {
		err = &fs.PathError{Op: "open", Path: name, Err: syscall.EIO}
	}
	if err != nil {
		hf.Close()
		return nil, err
	}
	return hf, nil
}

// checkWritableDir refuses to change the entries of a directory in a
// read-only mount, or one the user may not write and search.
func (f *FS) checkWritableDir(d *inode) syscall.Errno {
	if d.host.ro() {
		return syscall.EROFS
	}
	if !f.may(d, permWrite|permExec) {
		return syscall.EACCES
	}
	return 0
}

// checkWritable refuses to change an inode of a read-only mount.
func (f *FS) checkWritable(n *inode) syscall.Errno {
	if n.host.ro() {
		return syscall.EROFS
	}
	return 0
}

// checkRemovable refuses to remove anything from a read-only mount, or a
// subtree holding a mount. Caller holds f.mu.
func (f *FS) checkRemovable(d, n *inode) syscall.Errno {
	if n.isDir() && f.holdsMount(n) {
		return syscall.EBUSY
	}
	if d.host.ro() || n.host.ro() {
		return syscall.EROFS
	}
	if e := f.checkWritableDir(d); e != 0 {
		return e
	}
	if f.stickyBlocks(d, n) {
		return syscall.EPERM
	}
	if n.isDir() {
		return f.checkTreeRemovable(n)
	}
	return 0
}

// checkRename refuses renames that touch a read-only mount or move a mount. Caller holds f.mu.
func (f *FS) checkRename(odir, src, ndir, dst *inode) syscall.Errno {
	if odir.host.ro() || ndir.host.ro() {
		return syscall.EROFS
	}
	if src.isDir() && f.holdsMount(src) || dst != nil && dst.isDir() && f.holdsMount(dst) {
		return syscall.EBUSY
	}
	if e := f.checkWritableDir(odir); e != 0 {
		return e
	}
	if e := f.checkWritableDir(ndir); e != 0 {
		return e
	}
	if f.stickyBlocks(odir, src) || dst != nil && f.stickyBlocks(ndir, dst) {
		return syscall.EPERM
	}
	// a directory moving to another parent has its ".." rewritten
	if src.isDir() && odir != ndir && !f.may(src, permWrite) {
		return syscall.EACCES
	}
	return 0
}

// checkCrossLink refuses hard links into or out of a read-only mount.
func (f *FS) checkCrossLink(odir, ndir *inode) syscall.Errno {
	if odir.host.ro() || ndir.host.ro() {
		return syscall.EROFS
	}
	return 0
}

// isMountRoot reports whether d is where a host directory is mounted. Caller holds f.mu.
func (f *FS) isMountRoot(d *inode) bool {
	for _, m := range f.mounts {
		if m.root == d {
			return true
		}
	}
	return false
}

// holdsMount reports whether a mount root is d or below it. Caller holds f.mu.
func (f *FS) holdsMount(d *inode) bool {
	for _, m := range f.mounts {
		if f.isAncestor(d, m.root) {
			return true
		}
	}
	return false
}
