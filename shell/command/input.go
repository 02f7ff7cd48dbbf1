package command

import (
	"context"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"memsh/memfs"
)

// ContextReader wraps r so that a Read fails with ctx's error once ctx is
// done, and a read that fails because the shell interrupted it on cancel
// (a pipe deadline) reports the cancellation rather than the I/O error.
// Copy loops over it stop on Ctrl-C without checking ctx themselves.
func ContextReader(ctx context.Context, r io.Reader) io.Reader { return ctxReader{ctx, r} }

type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := c.r.Read(p)
	if err != nil && err != io.EOF && c.ctx.Err() != nil {
		return n, c.ctx.Err()
	}
	return n, err
}

// ContextWriter wraps w so that a Write fails with ctx's error once ctx
// is done.
func ContextWriter(ctx context.Context, w io.Writer) io.Writer { return ctxWriter{ctx, w} }

type ctxWriter struct {
	ctx context.Context
	w   io.Writer
}

func (c ctxWriter) Write(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.w.Write(p)
}

// StdFD tells whether the path name names one of the standard streams
// (/dev/stdin, /dev/stdout, /dev/stderr, /dev/fd/0-2, /proc/self/fd/0-2),
// which are the invocation's streams, as the shell's redirections treat
// them. It returns the descriptor, or -1.
func (inv *Invocation) StdFD(name string) int {
	switch inv.Abs(name) {
	case "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0":
		return 0
	case "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1":
		return 1
	case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2":
		return 2
	}
	return -1
}

// OpenInput opens an input operand for reading: "-" and the paths that
// name standard input (see StdFD) are inv.Stdin, anything else a memfs
// path resolved against the working directory. A directory opens, and
// fails on the first read with EISDIR as read(2) does, so that each
// command prints its own GNU wording. The reader honours ctx; closing it
// leaves stdin open.
func (inv *Invocation) OpenInput(ctx context.Context, name string) (io.ReadCloser, error) {
	if inv.StdFD(name) == 0 {
		return inv.OpenOperand(ctx, "-")
	}
	if r, ok, err := inv.OpenFd(name, os.O_RDONLY); ok {
		if err != nil {
			return nil, err
		}
		return struct {
			io.Reader
			io.Closer
		}{ContextReader(ctx, r), r}, nil
	}
	return inv.OpenOperand(ctx, name)
}

// OpenFd opens /dev/fd/N or /proc/self/fd/N, N above 2, through Fd,
// with os.OpenFile's flag. ok is false for other names (and for a
// process substitution's file, which memfs holds); a closed fd is
// ENOENT, as on Linux, rather than a file to create.
func (inv *Invocation) OpenFd(name string, flag int) (rw io.ReadWriteCloser, ok bool, err error) {
	if inv.Fd == nil {
		return nil, false, nil
	}
	abs := inv.Abs(name)
	rest, ok := strings.CutPrefix(abs, "/dev/fd/")
	if !ok {
		rest, ok = strings.CutPrefix(abs, "/proc/self/fd/")
	}
	n, err := strconv.Atoi(rest)
	if !ok || err != nil || n < 3 {
		return nil, false, nil
	}
	rw, ok = inv.Fd(n, flag)
	if ok && rw == nil {
		return nil, true, &fs.PathError{Op: "open", Path: name, Err: syscall.ENOENT}
	}
	return rw, ok, nil
}

// OpenOperand is OpenInput for commands that treat only "-" as standard
// input: any other name, /dev/stdin included, is a memfs path.
func (inv *Invocation) OpenOperand(ctx context.Context, name string) (io.ReadCloser, error) {
	if name == "-" {
		return io.NopCloser(ContextReader(ctx, inv.Stdin)), nil
	}
	f, err := inv.FS.OpenFileContext(ctx, inv.Abs(name), os.O_RDONLY, 0)
	if err != nil && ctx.Err() != nil {
		// Ctrl-C or a timeout while a FIFO's open waited: the command
		// meets the cancellation on its first read, as it would have
		// met it had the open gone through, and stops quietly.
		return io.NopCloser(ContextReader(ctx, strings.NewReader(""))), nil
	}
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && fi.IsDir() {
		f.Close()
		return io.NopCloser(dirReader{name}), nil
	}
	var c io.Closer = f
	if err == nil && fi.Mode()&fs.ModeNamedPipe != 0 {
		c = fifoCloser{f, InterruptFifo(ctx, f, false)}
	}
	return struct {
		io.Reader
		io.Closer
	}{ContextReader(ctx, f), c}, nil
}

// InterruptFifo makes ctx's end cut short a Read (write: a Write) of
// the FIFO f that waits for the other end, with a deadline; the
// function it returns takes the deadline off again once the caller is
// done with f (a descriptor the shell keeps stays usable).
func InterruptFifo(ctx context.Context, f *memfs.File, write bool) (stop func()) {
	set := f.SetReadDeadline
	if write {
		set = f.SetWriteDeadline
	}
	after := context.AfterFunc(ctx, func() { set(time.Now()) })
	return func() {
		if !after() {
			set(time.Time{})
		}
	}
}

// fifoCloser closes an opened FIFO operand and drops its interrupt.
type fifoCloser struct {
	f    *memfs.File
	stop func()
}

func (c fifoCloser) Close() error {
	c.stop()
	return c.f.Close()
}

// dirReader stands for an opened directory: reading it fails with EISDIR.
type dirReader struct{ name string }

func (d dirReader) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.name, Err: syscall.EISDIR}
}
