package shell

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"sync/atomic"
	"time"

	"memsh/memfs"
	"memsh/shell/command"
)

// What a registry command learns from the session beyond its arguments
// (session_interp.go interpInvoke): the terminal's width, whether its
// stdout is the terminal and its stdin the terminal's, and a stdin that
// counts the bytes read.

// width is the terminal's width in columns: SetWidth's, else
// Options.Width, else 80.
func (c *core) width() int {
	if w := c.termWidth.Load(); w > 0 {
		return int(w)
	}
	if c.opts.Width > 0 {
		return c.opts.Width
	}
	return 80
}

// termKey holds the Run's stdout when it is a terminal (Options.Term).
type termKey struct{}

// isTerminal reports whether w is the terminal stdout of the running line
// (not a pipe or a file it was redirected to).
func isTerminal(ctx context.Context, w io.Writer) bool {
	t, _ := ctx.Value(termKey{}).(io.Writer)
	return t != nil && w == t
}

// stdinDevKey holds the session's stdin when it is a terminal (the TUI)
// or no input at all: what a command reading it sees as a device.
type stdinDevKey struct{}

func isStdinDevice(ctx context.Context, r io.Reader) bool {
	if _, ok := r.(eofReader); ok {
		return true
	}
	dev, _ := ctx.Value(stdinDevKey{}).(*os.File)
	f, ok := r.(*os.File)
	return dev != nil && ok && f == dev
}

// meterStdin wraps a command's stdin: every Read adds to the session's
// byte counter (one atomic add per call, never per byte), and a cancelled
// ctx unblocks a read waiting on a pipe.
func (c *core) meterStdin(ctx context.Context, r io.Reader) (io.Reader, func()) {
	if fst, ok := r.(fileStdin); ok && fst.n == &c.stdinBytes {
		// Already metered (a command passing its stdin to Exec, as
		// timeout does): a wait on a FIFO still ends with this command.
		if fst.f.Fifo() {
			return r, command.InterruptFifo(ctx, fst.f, false)
		}
		return r, func() {}
	}
	if cr, ok := r.(*countingReader); ok && cr.n == &c.stdinBytes {
		// Already metered (a command passing its stdin to Exec).
		return r, func() {}
	}
	stop := func() {}
	if f, ok := r.(*os.File); ok {
		after := context.AfterFunc(ctx, func() { f.SetReadDeadline(time.Now()) })
		stop = func() { after() }
	} else if f, ok := r.(*memfs.File); ok && f.Fifo() {
		stop = command.InterruptFifo(ctx, f, false)
	}
	cr := &countingReader{ctx: ctx, r: r, n: &c.stdinBytes}
	if c.term.isTerm(r) {
		cr.r = waitingReader{r, &c.term.waiting}
	}
	if f, ok := r.(*memfs.File); ok {
		return fileStdin{cr, f}, stop
	}
	return cr, stop
}

type countingReader struct {
	ctx context.Context
	r   io.Reader
	n   *atomic.Int64
}

func (cr *countingReader) Read(p []byte) (int, error) {
	n, err := cr.r.Read(p)
	if n > 0 {
		cr.n.Add(int64(n))
	}
	if err != nil && cr.ctx.Err() != nil && errors.Is(err, os.ErrDeadlineExceeded) {
		// The read was cut short by Ctrl-C, not by a fault of the input:
		// end the input quietly; the line's status is already 130.
		err = io.EOF
	}
	return n, err
}

// eofReader is an input that is empty.
type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }

// fileStdin is a metered stdin that is a memfs file: it keeps Stat and
// Seek, so commands can size their output by it (wc) and leave the
// offset after what they used (head).
type fileStdin struct {
	*countingReader
	f *memfs.File
}

func (s fileStdin) Stat() (fs.FileInfo, error) { return s.f.Stat() }

func (s fileStdin) Seek(off int64, whence int) (int64, error) { return s.f.Seek(off, whence) }

// maxShebangDepth bounds interpreter chains ("#!./a" naming "#!./b" ...),
// as Linux does.
const maxShebangDepth = 4

// shebangKey holds how many "#!" interpreters deep a run is.
type shebangKey struct{}
