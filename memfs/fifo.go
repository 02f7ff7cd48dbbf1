package memfs

import (
	"context"
	"io"
	"io/fs"
	"os"
	"path"
	"sync"
	"syscall"
	"time"
)

// pipeCapacity is what a FIFO holds before a writer waits, as a Linux
// pipe's default 64 KiB.
const pipeCapacity = 64 << 10

// pipeBuf is a FIFO's data in flight between its open ends.
//
// # Notes
//
// OpenFile never waits for the other end; OpenFileContext waits as
// Linux's open(2) does without O_NONBLOCK. The shell opens both ends of
// the FIFOs it makes for process substitution with OpenFile, before
// anyone else can, so those never wait.
type pipeBuf struct {
	mu      sync.Mutex
	changed sync.Cond // data, room, an end, a deadline or a cancellation came or went
	data    []byte    // unread bytes, data[0] first
	readers int       // open descriptions that read
	writers int       // open descriptions that write

	// Opens ever made of each end: a blocked open waits for the other
	// end's count to move, so a writer that opens, writes and closes
	// before the reader wakes still lets it through, as on Linux.
	readOpens, writeOpens uint64
}

func newPipeBuf() *pipeBuf {
	p := &pipeBuf{}
	p.changed.L = &p.mu
	return p
}

// wake rouses every waiter so it looks again at what it waits for.
func (p *pipeBuf) wake() {
	p.mu.Lock()
	p.changed.Broadcast()
	p.mu.Unlock()
}

// open counts a new open description with access mode acc and returns
// how many opens the other end has seen, or ^0 when it is open now:
// then the open need not wait (await). A writer opened with O_NONBLOCK
// while no reader is there fails with ENXIO, as open(2) does.
func (p *pipeBuf) open(acc int, nonblock bool) (otherOpens uint64, e syscall.Errno) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if nonblock && acc == os.O_WRONLY && p.readers == 0 {
		return 0, syscall.ENXIO
	}
	otherOpens = p.writeOpens
	if p.writers > 0 {
		otherOpens = ^uint64(0)
	}
	if acc == os.O_WRONLY {
		otherOpens = p.readOpens
		if p.readers > 0 {
			otherOpens = ^uint64(0)
		}
	}
	if acc != os.O_WRONLY {
		p.readers++
		p.readOpens++
	}
	if acc != os.O_RDONLY {
		p.writers++
		p.writeOpens++
	}
	p.changed.Broadcast()
	return otherOpens, 0
}

// await waits, after open, until the other end is open or has been
// opened since (its count of opens moved past seen, what open
// returned): a reader for a writer, a writer for a reader (O_RDWR never
// waits), or until ctx is done. A writer that came, wrote and went
// before the reader got here still lets it through, as on Linux.
func (p *pipeBuf) await(ctx context.Context, acc int, seen uint64) error {
	if acc == os.O_RDWR {
		return nil
	}
	stop := context.AfterFunc(ctx, p.wake)
	defer stop()
	p.mu.Lock()
	defer p.mu.Unlock()
	for {
		open, opens := p.writers, p.writeOpens
		if acc == os.O_WRONLY {
			open, opens = p.readers, p.readOpens
		}
		if open > 0 || opens != seen {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		p.changed.Wait()
	}
}

// close forgets an open description with access mode acc. Once no end
// is open, the bytes nobody read are gone, as a Linux pipe's are.
func (p *pipeBuf) close(acc int) {
	p.mu.Lock()
	if acc != os.O_WRONLY {
		p.readers--
	}
	if acc != os.O_RDONLY {
		p.writers--
	}
	if p.readers == 0 && p.writers == 0 {
		p.data = nil
	}
	p.changed.Broadcast()
	p.mu.Unlock()
}

// read waits for data or for the last writer to go (io.EOF), for fl's
// read deadline (os.ErrDeadlineExceeded) or for fl to be closed (EBADF).
func (p *pipeBuf) read(fl *File, b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.data) == 0 {
		if fl.closed.Load() {
			return 0, pathErr("read", fl.name, syscall.EBADF)
		}
		if p.writers == 0 {
			return 0, io.EOF
		}
		if err := fl.blockedErr("read", 0); err != nil {
			return 0, err
		}
		p.changed.Wait()
	}
	n := copy(b, p.data)
	p.data = p.data[:copy(p.data, p.data[n:])]
	p.changed.Broadcast()
	return n, nil
}

// write waits for room as the reader drains the pipe; EPIPE once no
// reader is left; it stops as read does at fl's write deadline or close.
func (p *pipeBuf) write(fl *File, b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	done := 0
	for len(b) > 0 {
		if p.readers == 0 {
			return done, pathErr("write", fl.name, syscall.EPIPE)
		}
		room := pipeCapacity - len(p.data)
		if room == 0 {
			if err := fl.blockedErr("write", 1); err != nil {
				return done, err
			}
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
	return done, nil
}

// pipeDeadlines are a FIFO open description's read (0) and write (1)
// deadlines, as net.Conn's: a blocked Read or Write past its deadline
// fails with os.ErrDeadlineExceeded.
type pipeDeadlines struct {
	opened uint64 // the other end's opens when this one opened (pipeBuf.open)

	mu    sync.Mutex
	at    [2]time.Time
	timer [2]*time.Timer
}

// blockedErr is why an operation (0 read, 1 write) about to wait on the
// pipe must not: fl closed, or its deadline passed. Caller holds the
// pipe's lock.
func (fl *File) blockedErr(op string, which int) error {
	if fl.closed.Load() {
		return pathErr(op, fl.name, syscall.EBADF)
	}
	d := fl.deadlines
	d.mu.Lock()
	at := d.at[which]
	d.mu.Unlock()
	if !at.IsZero() && !time.Now().Before(at) {
		return &fs.PathError{Op: op, Path: fl.name, Err: os.ErrDeadlineExceeded}
	}
	return nil
}

// setDeadline sets deadline which (0 read, 1 write) of a FIFO's open
// description; on other files it does nothing, since their reads and
// writes never wait.
func (fl *File) setDeadline(which int, t time.Time) error {
	if fl.closed.Load() {
		return pathErr("setdeadline", fl.name, syscall.EBADF)
	}
	p := fl.n.pipe
	if p == nil {
		return nil
	}
	d := fl.deadlines
	d.mu.Lock()
	d.at[which] = t
	if d.timer[which] != nil {
		d.timer[which].Stop()
		d.timer[which] = nil
	}
	if !t.IsZero() {
		d.timer[which] = time.AfterFunc(time.Until(t), p.wake)
	}
	d.mu.Unlock()
	// Not under d.mu: a waiter holds the pipe's lock while it takes d.mu.
	p.wake()
	return nil
}

// Fifo reports whether fl is a named pipe's open description, whose
// Reads and Writes may wait for the other end.
func (fl *File) Fifo() bool { return fl.n.pipe != nil }

// SetReadDeadline bounds the Reads of a FIFO that wait (zero: no
// bound); past it they fail with os.ErrDeadlineExceeded. Other files
// never wait, and ignore it.
func (fl *File) SetReadDeadline(t time.Time) error { return fl.setDeadline(0, t) }

// SetWriteDeadline is SetReadDeadline for Writes.
func (fl *File) SetWriteDeadline(t time.Time) error { return fl.setDeadline(1, t) }

// SetDeadline sets both deadlines.
func (fl *File) SetDeadline(t time.Time) error {
	fl.setDeadline(0, t)
	return fl.setDeadline(1, t)
}

// OpenFileContext is OpenFile, except that opening a FIFO for reading
// or for writing alone waits, as open(2) does, until its other end is
// open (O_RDWR and O_NONBLOCK never wait; a writer with O_NONBLOCK and
// no reader fails with ENXIO), or until ctx is done: then it fails with
// ctx's error. A FIFO in /dev/fd (the shell's process substitution)
// never waits.
func (f *FS) OpenFileContext(ctx context.Context, name string, flag int, perm fs.FileMode) (*File, error) {
	fl, err := f.openAt(f.root, name, flag, perm)
	if err != nil || fl.n.pipe == nil || flag&syscall.O_NONBLOCK != 0 || path.Dir(path.Clean(name)) == "/dev/fd" {
		// /dev/fd's FIFOs stand for pipes the shell holds (process
		// substitution): opening Linux's /dev/fd/N of a pipe never
		// waits, whether its other end is still there or not.
		return fl, err
	}
	if err := fl.n.pipe.await(ctx, flag&syscall.O_ACCMODE, fl.deadlines.opened); err != nil {
		fl.Close()
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	return fl, nil
}

// Mkfifo makes a FIFO (named pipe) at name, as mkfifo(3): what one open
// description writes, another reads, through a 64 KiB buffer. See
// pipeBuf for how opening it waits. Tar archives hold FIFOs as FIFO
// members.
func (f *FS) Mkfifo(name string, perm fs.FileMode) error {
	return f.mkfifoAt(f.root, name, perm, false)
}

// MkfifoUntracked is Mkfifo for a pipe the shell makes for one command
// and removes after it (a process substitution's /dev/fd/N): it is no
// change of the user's files, so the undo journal records neither the
// FIFO nor its removal (undo steps and their summaries do not show it),
// and its directory's times stay as they were.
func (f *FS) MkfifoUntracked(name string, perm fs.FileMode) error {
	return f.mkfifoAt(f.root, name, perm, true)
}

// Mkfifo makes a FIFO at name relative to d (mkfifoat), as FS.Mkfifo.
func (d *Dir) Mkfifo(name string, perm fs.FileMode) error {
	return d.fs.mkfifoAt(d.n, name, perm, false)
}

// mkfifoAt makes a FIFO at name, looked up from the directory start.
func (f *FS) mkfifoAt(start *inode, name string, perm fs.FileMode, untracked bool) error {
	return pathErr("mkfifo", name, f.write(func() syscall.Errno {
		lk, e := f.walkEntryAt(start, name)
		switch {
		case e != 0:
			return e
		case lk.node != nil:
			return syscall.EEXIST
		case lk.dir.nlink == 0, lk.trailing:
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
