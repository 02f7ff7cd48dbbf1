package memfs

import (
	"io"
	"io/fs"
	"os"
	"sync"
	"syscall"
)

// pipeCapacity is what a FIFO holds before a writer waits, as a Linux
// pipe's default 64 KiB.
const pipeCapacity = 64 << 10

// pipeBuf is a FIFO's data in flight between its open ends.
//
// # Notes
//
// Opening a FIFO never waits for the other end (Linux's open(2) does,
// without O_NONBLOCK): a reader with no writer left reads EOF and a
// writer with no reader left fails with EPIPE. The shell opens both
// ends of the FIFOs it makes (process substitution) before anyone else
// can, so the difference never shows there.
type pipeBuf struct {
	mu      sync.Mutex
	changed sync.Cond // data, room or an end came or went
	data    []byte    // unread bytes, data[0] first
	readers int       // open descriptions that read
	writers int       // open descriptions that write
}

func newPipeBuf() *pipeBuf {
	p := &pipeBuf{}
	p.changed.L = &p.mu
	return p
}

// open counts a new open description with access mode acc.
func (p *pipeBuf) open(acc int) {
	p.mu.Lock()
	if acc != os.O_WRONLY {
		p.readers++
	}
	if acc != os.O_RDONLY {
		p.writers++
	}
	p.mu.Unlock()
}

// close forgets an open description with access mode acc.
func (p *pipeBuf) close(acc int) {
	p.mu.Lock()
	if acc != os.O_WRONLY {
		p.readers--
	}
	if acc != os.O_RDONLY {
		p.writers--
	}
	p.changed.Broadcast()
	p.mu.Unlock()
}

// read waits for data or for the last writer to go (io.EOF).
func (p *pipeBuf) read(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.data) == 0 {
		if p.writers == 0 {
			return 0, io.EOF
		}
		p.changed.Wait()
	}
	n := copy(b, p.data)
	p.data = p.data[:copy(p.data, p.data[n:])]
	p.changed.Broadcast()
	return n, nil
}

// write waits for room as the reader drains the pipe; EPIPE once no
// reader is left.
func (p *pipeBuf) write(b []byte) (int, syscall.Errno) {
	p.mu.Lock()
	defer p.mu.Unlock()
	done := 0
	for len(b) > 0 {
		if p.readers == 0 {
			return done, syscall.EPIPE
		}
		room := pipeCapacity - len(p.data)
		if room == 0 {
			p.changed.Wait()
			continue
		}
		if p.data == nil {
			p.data = make([]byte, 0, pipeCapacity)
		}
		k := min(room, len(b))
		p.data = append(p.data, b[:k]...)
		b, done = b[k:], done+k
		p.changed.Broadcast()
	}
	return done, 0
}

// Mkfifo makes a FIFO (named pipe) at name, as mkfifo(3): what one open
// description writes, another reads, through a 64 KiB buffer. See
// pipeBuf for how opening it differs from Linux. FIFOs are left out of
// tar archives, as the device nodes are.
func (f *FS) Mkfifo(name string, perm fs.FileMode) error {
	return f.mkfifo(name, perm, false)
}

// MkfifoUntracked is Mkfifo for a pipe the shell makes for one command
// and removes after it (a process substitution's /dev/fd/N): it is no
// change of the user's files, so the undo journal records neither the
// FIFO nor its removal (undo steps and their summaries do not show it),
// and its directory's times stay as they were.
func (f *FS) MkfifoUntracked(name string, perm fs.FileMode) error {
	return f.mkfifo(name, perm, true)
}

func (f *FS) mkfifo(name string, perm fs.FileMode, untracked bool) error {
	return pathErr("mkfifo", name, f.write(func() syscall.Errno {
		lk, e := f.walkEntryAt(f.root, name)
		if e != 0 {
			return e
		}
		if lk.node != nil {
			return syscall.EEXIST
		}
		if lk.dir.nlink == 0 {
			return syscall.ENOENT
		}
		if lk.trailing {
			return syscall.ENOENT
		}
		if e := f.checkWritableDir(lk.dir); e != 0 {
			return e
		}
		n, e := f.newInode(fs.ModeNamedPipe, perm)
		if e != 0 {
			return e
		}
		n.pipe = newPipeBuf()
		if untracked {
			n.untracked = true
			lk.dir.children[lk.base] = n
			f.gen.Add(1)
			return 0
		}
		f.saveCreated(n)
		f.link(lk.dir, lk.base, n)
		return 0
	}))
}
