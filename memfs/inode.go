package memfs

import (
	"io/fs"
	"sync"
	"sync/atomic"
	"syscall"
)

// devKind says which character device an inode is (0: not a device).
type devKind uint8

const (
	devNone devKind = iota
	devNull
	devZero
	devFull
	devRandom
	devURandom
)

// rdev numbers as Linux assigns them (major 1, "mem" devices).
var devRdev = [...]uint64{devNull: 0x103, devZero: 0x105, devFull: 0x107, devRandom: 0x108, devURandom: 0x109}

// inode is one file, directory, symlink or device.
//
// Locking: children, parent and name belong to the tree and are guarded
// by FS.mu. Everything else that can change (data, size, mode, owner,
// nlink, mtime, ctime) is guarded by mu; atime is atomic so readers that
// only hold mu.RLock can update it. typ, ino, target and dev never change.
type inode struct {
	ino    uint64
	typ    fs.FileMode // fs.ModeDir, fs.ModeSymlink, fs.ModeDevice|fs.ModeCharDevice, fs.ModeNamedPipe or 0
	dev    devKind
	target string   // symlink target
	pipe   *pipeBuf // a FIFO's buffer (fifo.go)

	// tree state, guarded by FS.mu
	children map[string]*inode // directories
	parent   *inode            // directories: the directory holding it ("/" is its own parent)
	name     string            // directories: the name in parent
	host     *hostNode         // mounted host object, nil for plain memfs inodes

	mu    sync.RWMutex
	perm  fs.FileMode // permission, setuid, setgid and sticky bits
	uid   int
	gid   int
	nlink int
	opens int      // open File descriptions; data stays while > 0
	data  fileData // regular files' bytes (filedata.go)
	size  int64    // logical size; bytes in [data.stored, size) read as zero
	mtime int64    // UnixNano
	ctime int64
	atime atomic.Int64
	freed bool // nlink and opens both reached zero; capacity returned

	// undo journal (undo.go), guarded by mu
	untracked bool      // a shell's pipe (MkfifoUntracked): never journaled
	savedIn   uint64    // the step that last saved this inode
	sharedBy  *inodeRec // the newest record sharing data's chunk table
	cowWith   *inodeRec // the newest record holding the chunks data.shared marks
}

func (n *inode) isDir() bool     { return n.typ == fs.ModeDir }
func (n *inode) isSymlink() bool { return n.typ == fs.ModeSymlink }
func (n *inode) isReg() bool     { return n.typ == 0 }

// mode is the full fs.FileMode (type and permission bits). Callers hold mu.
func (n *inode) mode() fs.FileMode { return n.typ | n.perm }

// sysMode converts to the st_mode bits of stat(2).
func sysMode(m fs.FileMode) uint32 {
	r := uint32(m.Perm())
	switch {
	case m&fs.ModeDir != 0:
		r |= syscall.S_IFDIR
	case m&fs.ModeSymlink != 0:
		r |= syscall.S_IFLNK
	case m&fs.ModeCharDevice != 0:
		r |= syscall.S_IFCHR
	case m&fs.ModeDevice != 0:
		r |= syscall.S_IFBLK
	case m&fs.ModeNamedPipe != 0:
		r |= syscall.S_IFIFO
	case m&fs.ModeSocket != 0:
		r |= syscall.S_IFSOCK
	default:
		r |= syscall.S_IFREG
	}
	if m&fs.ModeSetuid != 0 {
		r |= syscall.S_ISUID
	}
	if m&fs.ModeSetgid != 0 {
		r |= syscall.S_ISGID
	}
	if m&fs.ModeSticky != 0 {
		r |= syscall.S_ISVTX
	}
	return r
}

// permBits keeps the bits chmod(2) can set.
func permBits(m fs.FileMode) fs.FileMode {
	return m & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
}

// newInode allocates an inode, counting it against MaxInodes.
func (f *FS) newInode(typ fs.FileMode, perm fs.FileMode) (*inode, syscall.Errno) {
	if !f.reserveInode() {
		f.hit(LimitInodes)
		return nil, syscall.ENOSPC
	}
	return f.allocInode(typ, perm), 0
}

// allocInode makes an inode already counted against MaxInodes.
func (f *FS) allocInode(typ fs.FileMode, perm fs.FileMode) *inode {
	now := f.nowNs()
	n := &inode{
		ino:   f.nextIno.Add(1),
		typ:   typ,
		perm:  permBits(perm),
		uid:   f.opts.UID,
		gid:   f.opts.GID,
		nlink: 1,
		mtime: now,
		ctime: now,
	}
	n.atime.Store(now)
	if typ == fs.ModeDir {
		n.children = make(map[string]*inode)
		n.nlink = 2
	}
	return n
}

func (f *FS) reserveInode() bool {
	for {
		cur := f.inodes.Load()
		if f.opts.MaxInodes > 0 && cur >= f.opts.MaxInodes {
			return false
		}
		if f.inodes.CompareAndSwap(cur, cur+1) {
			return true
		}
	}
}

// reserveBytes takes delta bytes of capacity from MaxBytes; false if it does not fit.
func (f *FS) reserveBytes(delta int64) bool {
	for {
		cur := f.bytes.Load()
		if cur+delta > f.maxBytes {
			return false
		}
		if f.bytes.CompareAndSwap(cur, cur+delta) {
			return true
		}
	}
}

// availBytes is how much capacity may still be allocated.
func (f *FS) availBytes() int64 {
	return max(0, f.maxBytes-f.bytes.Load())
}

// memoryCeiling bounds all capacity when MaxBytes is not set: half the
// machine's memory, so a runaway script (a write at offset 100 GiB) gets
// ENOSPC instead of killing memsh with an out-of-memory crash.
func memoryCeiling() int64 {
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) != nil || si.Totalram == 0 {
		return 1 << 62
	}
	return int64(si.Totalram) * int64(si.Unit) / 2
}

// dropLinkLocked removes one link; when none is left and nothing has it open,
// the inode's capacity and inode slot are given back. Caller holds n.mu.
func (f *FS) dropLinkLocked(n *inode) {
	n.nlink--
	if n.isDir() {
		n.nlink = 0
	}
	f.maybeFreeLocked(n)
}

func (f *FS) maybeFreeLocked(n *inode) {
	if n.nlink > 0 || n.opens > 0 || n.freed {
		return
	}
	n.freed = true
	f.releaseData(n)
	f.inodes.Add(-1)
}

// writeAtLocked writes p at off into a regular file. A zero-length write
// changes nothing. Past MaxFileSize or MaxBytes the write is cut short
// (as the kernel does) and the error says why. Caller holds n.mu.
func (f *FS) writeAtLocked(n *inode, p []byte, off int64, hint string) (int, syscall.Errno) {
	if len(p) == 0 {
		return 0, 0
	}
	if off < 0 {
		return 0, syscall.EINVAL
	}
	end := off + int64(len(p))
	if end < off {
		return 0, syscall.EFBIG
	}
	var errno syscall.Errno
	if m := f.opts.MaxFileSize; m > 0 && end > m {
		f.hit(LimitFileSize)
		if off >= m {
			return 0, syscall.EFBIG
		}
		p = p[:m-off]
		end = m
		errno = syscall.EFBIG
	}
	f.saveLocked(n, hint)
	f.unshare(n)
	if cowLive(n) {
		if e := f.own(n, min(off, n.data.stored), end); e != 0 {
			return 0, e
		}
	}
	if end > n.data.capacity() {
		got, e := f.grow(n, end, off)
		if e != 0 {
			if got <= off {
				return 0, e
			}
			p = p[:got-off]
			end = got
			errno = e
		}
	}
	n.data.write(p, off, f.holeChunk)
	f.noteWritten(len(p))
	if end > n.size {
		n.size = end
	}
	now := f.nowNs()
	n.mtime, n.ctime = now, now
	f.gen.Add(1)
	return len(p), errno
}

// readAtLocked copies bytes at off into p; bytes between the stored data
// and the logical size read as zero. Caller holds n.mu (read).
func readAtLocked(n *inode, p []byte, off int64) int {
	if off >= n.size || len(p) == 0 {
		return 0
	}
	want := min(int64(len(p)), n.size-off)
	p = p[:want]
	c := n.data.read(p, off)
	clear(p[c:])
	return int(want)
}

// truncateLocked sets the logical size. Shrinking moves the stored end
// (bytes past it read as zeros after a later extension) and lets go of
// the chunks past the new size; truncating to zero lets go of all. Growing allocates
// nothing (the tail is a hole). Caller holds n.mu.
func (f *FS) truncateLocked(n *inode, size int64, hint string) syscall.Errno {
	if size < 0 {
		return syscall.EINVAL
	}
	if m := f.opts.MaxFileSize; m > 0 && size > m {
		f.hit(LimitFileSize)
		return syscall.EFBIG
	}
	f.saveLocked(n, hint)
	if size == 0 {
		f.releaseData(n)
	} else if size < n.data.capacity() {
		f.unshare(n)
		f.shrink(n, size)
	}
	n.size = size
	now := f.nowNs()
	n.mtime, n.ctime = now, now
	f.gen.Add(1)
	return 0
}
