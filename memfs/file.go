package memfs

import (
	"io"
	"os"
	"sync"
	"syscall"
	"unsafe"
)

// copyBufSize is the chunk ReadFrom and WriteTo move at a time.
const copyBufSize = 256 << 10

var copyBufs = sync.Pool{New: func() any { b := make([]byte, copyBufSize); return &b }}

// check reports EBADF for a closed file or one not open for the access
// wanted, and EISDIR for reading or writing a directory.
func (fl *File) check(write bool) syscall.Errno {
	if fl.closed.Load() {
		return syscall.EBADF
	}
	acc := fl.flag & syscall.O_ACCMODE
	if write && acc == os.O_RDONLY || !write && acc == os.O_WRONLY {
		return syscall.EBADF
	}
	if fl.n.isDir() {
		return syscall.EISDIR
	}
	return 0
}

// readAt reads at off; io.EOF when p is not filled.
func (fl *File) readAt(p []byte, off int64) (int, error) {
	n := fl.n
	if n.dev != devNone {
		return fl.fs.readDev(n.dev, p)
	}
	n.mu.RLock()
	c := readAtLocked(n, p, off)
	fl.fs.touchAtime(n)
	n.mu.RUnlock()
	if c < len(p) {
		return c, io.EOF
	}
	return c, nil
}

// writeAt writes p at off (at the end when appending) and moves the
// offset past it. Caller holds fl.mu.
func (fl *File) writeAt(p []byte, off int64, appending bool) (int, syscall.Errno) {
	n := fl.n
	if n.dev != devNone {
		return writeDev(n.dev, p)
	}
	fl.fs.undoMu.RLock()
	defer fl.fs.undoMu.RUnlock()
	n.mu.Lock()
	if appending {
		off = n.size
	}
	c, e := fl.fs.writeAtLocked(n, p, off, fl.name)
	n.mu.Unlock()
	fl.off = off + int64(c)
	return c, e
}

// writeAtNoOffset is pwrite: the offset does not move.
func (fl *File) writeAtNoOffset(p []byte, off int64) (int, syscall.Errno) {
	n := fl.n
	if n.dev != devNone {
		return writeDev(n.dev, p)
	}
	fl.fs.undoMu.RLock()
	defer fl.fs.undoMu.RUnlock()
	n.mu.Lock()
	c, e := fl.fs.writeAtLocked(n, p, off, fl.name)
	n.mu.Unlock()
	return c, e
}

// touchAtime updates atime the way Linux's relatime does: only when it
// is not newer than mtime or ctime. Caller holds n.mu (read).
func (f *FS) touchAtime(n *inode) {
	if a := n.atime.Load(); a <= n.mtime || a <= n.ctime {
		n.atime.Store(f.nowNs())
	}
}

func (f *FS) readDev(d devKind, p []byte) (int, error) {
	switch d {
	case devNull:
		return 0, io.EOF
	case devRandom, devURandom:
		f.randMu.Lock()
		defer f.randMu.Unlock()
		return io.ReadFull(f.rand, p)
	default: // zero, full
		clear(p)
		return len(p), nil
	}
}

func writeDev(d devKind, p []byte) (int, syscall.Errno) {
	if d == devFull {
		if len(p) == 0 {
			return 0, 0
		}
		return 0, syscall.ENOSPC
	}
	return len(p), 0
}

// unsafeBytes views s as bytes for writing (Write never keeps p).
func unsafeBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// ReadFrom copies r to the file in large chunks until io.EOF (io.Copy
// uses it when the destination is a memfs file).
func (fl *File) ReadFrom(r io.Reader) (int64, error) {
	if e := fl.check(true); e != 0 {
		return 0, pathErr("write", fl.name, e)
	}
	if fl.n.pipe != nil {
		return io.Copy(struct{ io.Writer }{fl}, r)
	}
	bp := copyBufs.Get().(*[]byte)
	defer copyBufs.Put(bp)
	buf := *bp
	appending := fl.flag&os.O_APPEND != 0
	var total int64
	for {
		k, rerr := r.Read(buf)
		if k > 0 {
			fl.mu.Lock()
			c, e := fl.writeAt(buf[:k], fl.off, appending)
			fl.mu.Unlock()
			total += int64(c)
			if e != 0 {
				return total, pathErr("write", fl.name, e)
			}
		}
		if rerr == io.EOF {
			return total, nil
		}
		if rerr != nil {
			return total, rerr
		}
	}
}

// WriteTo copies the file from its offset to w in large chunks (io.Copy
// uses it when the source is a memfs file). No lock is held while w runs.
func (fl *File) WriteTo(w io.Writer) (int64, error) {
	if e := fl.check(false); e != 0 {
		return 0, pathErr("read", fl.name, e)
	}
	if fl.n.pipe != nil {
		return io.Copy(w, struct{ io.Reader }{fl})
	}
	bp := copyBufs.Get().(*[]byte)
	defer copyBufs.Put(bp)
	buf := *bp
	var total int64
	for {
		fl.mu.Lock()
		k, rerr := fl.readAt(buf, fl.off)
		fl.off += int64(k)
		fl.mu.Unlock()
		if k > 0 {
			c, werr := w.Write(buf[:k])
			total += int64(c)
			if werr != nil {
				return total, werr
			}
			if c < k {
				return total, io.ErrShortWrite
			}
		}
		if rerr == io.EOF {
			return total, nil
		}
		if rerr != nil {
			return total, rerr
		}
	}
}
