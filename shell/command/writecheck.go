package command

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"syscall"
)

// WriteCheck stands between a command and its standard output and
// remembers the first write that failed. GNU tools check their output
// when they exit (close_stdout) and fail with "NAME: write error: ..."
// when it could not be written; many memsh commands write through
// helpers that drop the error, so `ls > /dev/full` or a write past
// --max-file-size passed for a success. Finish gives them the check.
type WriteCheck struct {
	W   io.Writer
	mu  sync.Mutex
	err error
}

// Underlying is w, or the writer a WriteCheck passes to, for a command
// that must know what its output is (cat's `cat f >> f` check).
func Underlying(w io.Writer) io.Writer {
	if c, ok := w.(*WriteCheck); ok {
		return c.W
	}
	return w
}

// Write writes p to W, remembering a failure.
func (w *WriteCheck) Write(p []byte) (int, error) {
	n, err := w.W.Write(p)
	if err != nil {
		w.mu.Lock()
		if w.err == nil {
			w.err = err
		}
		w.mu.Unlock()
	}
	return n, err
}

// writeFailStatus is the status a GNU tool exits with when its output
// could not be written, where it is not 1.
var writeFailStatus = map[string]int{
	"ls": 2, "dir": 2, "vdir": 2, "awk": 2, "jq": 2, "diff": 2, "cmp": 2,
	"expr": 3, "tty": 3, "printenv": 2, "env": 125, "tar": 2, "zip": 14,
}

// writeFailText is each tool's own wording of that failure (%[1]s its
// name, %[2]s the reason), where it is not "NAME: write error: REASON".
var writeFailText = map[string]string{
	"diff":  "%[1]s: standard output: %[2]s\n",
	"cmp":   "%[1]s: standard output: %[2]s\n",
	"jq":    "Error: writing output failed: %[2]s\n",
	"cksum": "%[1]s: write error\n",
	"sum":   "%[1]s: write error\n",
	"gzip":  "\ngzip: stdout: %[2]s\n",
	"xz":    "xz: (stdout): Write error: %[2]s\n",
	"tar":   "tar: -: Cannot write: %[2]s\ntar: Error is not recoverable: exiting now\n",
	"zip":   "zip I/O error: %[2]s\nzip error: Output file write failure (write error on zip file)\n",
	"find":  "find: ‘standard output’: %[2]s\nfind: write error\n",
}

// Said wraps a command's standard error and records whether anything
// was written to it.
type Said struct {
	W    io.Writer
	said atomic.Bool
}

// Write writes p to W.
func (s *Said) Write(p []byte) (int, error) {
	s.said.Store(true)
	return s.W.Write(p)
}

// Finish is status, unless a write to standard output failed and the
// command did not fail the GNU way: a success becomes the GNU failure
// status (1 for most tools, see writeFailStatus), a 1 becomes that
// status too, and when the command said nothing on stderr the GNU
// message is printed. A reader that went away (EPIPE) or a cancelled
// run is not a write error: GNU tools die of SIGPIPE there, which the
// commands handle themselves.
func (w *WriteCheck) Finish(ctx context.Context, name string, stderr *Said, status int) int {
	w.mu.Lock()
	err := w.err
	w.mu.Unlock()
	if err == nil || ctx.Err() != nil || BrokenPipe(err) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return status
	}
	switch name {
	case "python", "python3", "bash", "sh":
		return status // they report their own
	}
	fail, ok := writeFailStatus[name]
	if !ok {
		fail = 1
	}
	if status != 0 && status != 1 {
		return status
	}
	if !stderr.said.Load() {
		format, ok := writeFailText[name]
		if !ok {
			format = "%[1]s: write error: %[2]s\n"
		}
		fmt.Fprintf(stderr, format, name, Strerror(err))
	}
	return fail
}

// RunSafe runs run, and turns a panic that escapes it into a message
// and status 2, so that a bug in one command fails that command instead
// of crashing the whole session.
func RunSafe(ctx context.Context, run Func, inv *Invocation) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(inv.Stderr, "%s: internal error: %v\n", inv.Name(), r)
			status = 2
		}
	}()
	return run(ctx, inv)
}

// BrokenPipe reports whether err is a write to a pipe whose reader went
// away, which kills a process with SIGPIPE (status 141) on Linux rather
// than giving it a write error to report.
func BrokenPipe(err error) bool {
	return errors.Is(err, syscall.EPIPE) || errors.Is(err, io.ErrClosedPipe)
}
