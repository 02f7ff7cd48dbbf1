package memfs

import (
	"io/fs"
	"syscall"
)

// Permission bits as access(2) and the rwx triplets name them.
const (
	permRead  fs.FileMode = 4
	permWrite fs.FileMode = 2
	permExec  fs.FileMode = 1
)

// EnforcePermissions turns permission checks for the configured user
// (Options.UID and GID) on or off; they are off after New, and never
// apply when UID is 0. When on, memfs refuses as Linux does: EACCES
// without read or write permission on a file opened for it, without
// search permission on a directory in a path, without write and search
// permission on a directory whose entries change, without read
// permission on a directory listed; EPERM for chmod, chown or chtimes by
// a non-owner and for removing or renaming another user's entry in a
// sticky directory. Checks happen at open and lookup, as in the kernel:
// an open File keeps the access it was opened with. A caller that builds
// a tree with other owners (e.g. root's /etc) does so before turning the
// checks on.
func (f *FS) EnforcePermissions(on bool) { f.enforce.Store(on) }

// checking reports whether permission checks apply.
func (f *FS) checking() bool { return f.opts.UID != 0 && f.enforce.Load() }

// may reports whether the configured user has every access bit in want
// (permRead, permWrite, permExec) on n; always true when not checking.
func (f *FS) may(n *inode, want fs.FileMode) bool {
	if !f.checking() {
		return true
	}
	n.mu.RLock()
	perm, uid, gid := n.perm, n.uid, n.gid
	n.mu.RUnlock()
	var bits fs.FileMode
	switch {
	case uid == f.opts.UID:
		bits = perm >> 6
	case gid == f.opts.GID:
		bits = perm >> 3
	default:
		bits = perm
	}
	return bits&want == want
}

// owns reports whether the configured user may change n's metadata.
func (f *FS) owns(n *inode) bool {
	if !f.checking() {
		return true
	}
	n.mu.RLock()
	defer n.mu.RUnlock()
	return n.uid == f.opts.UID
}

// checkOpen checks read and write permission for an open.
func (f *FS) checkOpen(n *inode, read, write bool) syscall.Errno {
	if read && !f.may(n, permRead) || write && !f.may(n, permWrite) {
		return syscall.EACCES
	}
	return 0
}

// checkChown allows a non-root user only to keep the owner and set the
// group to its own.
func (f *FS) checkChown(n *inode, uid, gid int) syscall.Errno {
	if !f.checking() {
		return 0
	}
	if !f.owns(n) || uid != -1 && uid != f.opts.UID || gid != -1 && gid != f.opts.GID {
		return syscall.EPERM
	}
	return 0
}

// stickyBlocks reports whether d's sticky bit keeps the user from
// removing or renaming n: only the owner of n or of d may.
func (f *FS) stickyBlocks(d, n *inode) bool {
	if !f.checking() {
		return false
	}
	d.mu.RLock()
	sticky, duid := d.perm&fs.ModeSticky != 0, d.uid
	d.mu.RUnlock()
	return sticky && duid != f.opts.UID && !f.owns(n)
}

// checkTreeRemovable checks that RemoveAll may empty every directory
// below d (read, write and search on each, sticky bits respected), so
// that it removes all or nothing. Caller holds f.mu.
func (f *FS) checkTreeRemovable(d *inode) syscall.Errno {
	if !f.checking() {
		return 0
	}
	stack := []*inode{d} // its own stack: depth costs no Go stack
	for len(stack) > 0 {
		d := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if len(d.children) == 0 {
			continue
		}
		if !f.may(d, permRead|permWrite|permExec) {
			return syscall.EACCES
		}
		for _, c := range d.children {
			if f.stickyBlocks(d, c) {
				return syscall.EPERM
			}
			if c.isDir() {
				stack = append(stack, c)
			}
		}
	}
	return 0
}

// Access checks name (following symlinks) like access(2) for the
// configured user: mode is a mask of 4 (read), 2 (write) and 1 (execute
// or search); 0 only checks that name exists. Without permission checks
// (see EnforcePermissions) it answers as for root: read and write are
// allowed, execute needs a directory or at least one execute bit. Write
// access inside a read-only mount is EROFS.
func (f *FS) Access(name string, mode uint32) error {
	n, e := f.resolve(name, true)
	if e == 0 {
		e = f.access(n, fs.FileMode(mode&7))
	}
	return pathErr("access", name, e)
}

func (f *FS) access(n *inode, want fs.FileMode) syscall.Errno {
	if want&permWrite != 0 && n.host.ro() {
		return syscall.EROFS
	}
	if f.checking() {
		if !f.may(n, want) {
			return syscall.EACCES
		}
		return 0
	}
	if want&permExec != 0 && !n.isDir() {
		n.mu.RLock()
		x := n.perm & 0o111
		n.mu.RUnlock()
		if x == 0 {
			return syscall.EACCES
		}
	}
	return 0
}
