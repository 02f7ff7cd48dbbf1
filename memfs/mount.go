package memfs

import "syscall"

// errLoad is walk's signal that a mounted host directory must be read
// into the tree, which needs the tree write-locked (see FS.read).
const errLoad = syscall.Errno(0x7fff)

// mount is one host directory shown in the tree.
type mount struct {
	root    *inode
	hostDir string
	mode    MountMode
}

// hostNode ties an inode to the host object it shows.
type hostNode struct {
	m          *mount
	path       string // host path, inside m.hostDir
	dirLoaded  bool
	dataLoaded bool
}

func (h *hostNode) ro() bool { return h != nil && h.m.mode == MountRO }

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

func (f *FS) loadDir(d *inode) syscall.Errno { return syscall.ENOSYS }

// loadData reads an unmodified host file's bytes at its first open.
func (f *FS) loadData(n *inode) syscall.Errno { return 0 }

// checkWritableDir refuses to change the entries of a directory in a read-only mount.
func (f *FS) checkWritableDir(d *inode) syscall.Errno {
	if d.host.ro() {
		return syscall.EROFS
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

// checkRemovable refuses to remove anything from a read-only mount.
func (f *FS) checkRemovable(d, n *inode) syscall.Errno {
	if d.host.ro() || n.host.ro() {
		return syscall.EROFS
	}
	if n.isDir() && f.isMountRoot(n) {
		return syscall.EBUSY
	}
	return 0
}

// checkRename refuses renames that touch a read-only mount.
func (f *FS) checkRename(odir, src, ndir, dst *inode) syscall.Errno {
	if odir.host.ro() || ndir.host.ro() {
		return syscall.EROFS
	}
	if src.isDir() && f.isMountRoot(src) {
		return syscall.EBUSY
	}
	if dst != nil && dst.isDir() && f.isMountRoot(dst) {
		return syscall.EBUSY
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
