// Package textutil holds memsh's text and stream commands: cat, head, tail,
// wc, sort, uniq, cut, tr, tac, the checksum tools, base64, cmp and tee.
// Each streams its input in large chunks and keeps bytes as bytes.
package textutil

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/spf13/pflag"

	"memsh/shell/command"
)

// bufSize is the read and write chunk every command uses.
const bufSize = 64 << 10

// maxHeld caps what one command keeps in memory for one input (a line
// for cut or uniq, a whole input for sort or tac, the tail of a stream),
// so that `sort /dev/zero` fails with a message instead of taking the
// whole process down. A variable so tests can lower it.
var maxHeld = 1 << 30

// errHeldLimit is the error for an input over maxHeld.
type errHeldLimit struct{}

func (errHeldLimit) Error() string {
	return fmt.Sprintf("input exceeds the in-memory limit of %d MiB", maxHeld>>20)
}

// statusCancelled is what a command returns when its context ends.
const statusCancelled = 130

// statusPipe is what a command returns when its reader went away (bash
// reports a SIGPIPE death as 128+13).
const statusPipe = 141

// flushReader flushes w before a read that may block: when the previous
// read came back short, no more input is buffered, so whatever output is
// pending must reach the user now (an interactive `cut` or `tr` echoes
// each line as it arrives).
type flushReader struct {
	r     io.Reader
	w     *bufio.Writer
	short bool
}

func (f *flushReader) Read(p []byte) (int, error) {
	if f.short && f.w.Buffered() > 0 {
		if err := f.w.Flush(); err != nil {
			return 0, writeError{err}
		}
	}
	n, err := f.r.Read(p)
	f.short = n < len(p)
	return n, err
}

// writeError marks an error that came from writing output, so that the
// caller reports it as such rather than as a read error of the input.
type writeError struct{ err error }

func (w writeError) Error() string { return w.err.Error() }
func (w writeError) Unwrap() error { return w.err }

// statter is implemented by inputs that can report what they are
// (a memfs file redirected to stdin).
type statter interface {
	Stat() (fs.FileInfo, error)
}

// openOutput opens an output operand (tee's files, sort -o, uniq's
// OUTPUT); the standard streams map to the invocation's.
func openOutput(inv *command.Invocation, name string, flag int) (io.WriteCloser, error) {
	switch inv.StdFD(name) {
	case 1:
		return nopWriteCloser{inv.Stdout}, nil
	case 2:
		return nopWriteCloser{inv.Stderr}, nil
	}
	if w, ok, err := inv.OpenFd(name, flag); ok {
		return w, err // the shell's fd 3 and above: tee /dev/fd/3
	}
	return inv.FS.OpenFile(inv.Abs(name), flag, 0o666&^inv.Umask())
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// statInput reports what an operand is without reading it (nil when
// unknown, e.g. a pipe on stdin).
func statInput(inv *command.Invocation, name string) fs.FileInfo {
	if name == "-" || inv.StdFD(name) == 0 {
		if s, ok := inv.Stdin.(statter); ok {
			if fi, err := s.Stat(); err == nil {
				return fi
			}
		}
		return nil
	}
	fi, err := inv.FS.Stat(inv.Abs(name))
	if err != nil {
		return nil
	}
	return fi
}

// isCancel reports whether err is the context ending.
func isCancel(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// outputFailed reports a write error as GNU does ("NAME: write error:
// No space left on device") and returns the status to exit with. A
// vanished reader ends the command quietly, as SIGPIPE would.
func outputFailed(inv *command.Invocation, err error) int {
	switch {
	case isCancel(err):
		return statusCancelled
	case command.BrokenPipe(err):
		return statusPipe
	}
	inv.Errorf("write error: %s", command.Strerror(err))
	return 1
}

// newWriter is the buffered stdout every command writes through. From
// then on a message to stderr first flushes it, as glibc's error() does
// with stdout, so `cmd a missing b 2>&1` keeps GNU's order.
func newWriter(inv *command.Invocation) *bufio.Writer {
	w := bufio.NewWriterSize(inv.Stdout, bufSize)
	inv.Stderr = flushFirst{w, inv.Stderr}
	return w
}

// flushFirst writes to stderr after flushing the pending stdout.
type flushFirst struct {
	out    *bufio.Writer
	stderr io.Writer
}

func (f flushFirst) Write(p []byte) (int, error) {
	f.out.Flush()
	return f.stderr.Write(p)
}

// operands returns the file operands, or "-" when there are none.
func operands(args []string) []string {
	if len(args) == 0 {
		return []string{"-"}
	}
	return args
}

// lineReader yields delimiter-terminated records of any length from a
// stream, reusing its buffers: the returned slice (delimiter included
// when present) is valid until the next call.
type lineReader struct {
	r     *bufio.Reader
	long  []byte
	delim byte
	mem   *command.Budget // a long record must fit in it too (nil: no budget)
}

func newLineReader(r io.Reader, delim byte) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, bufSize), delim: delim}
}

// next returns the next record, or io.EOF when there is none.
func (l *lineReader) next() ([]byte, error) {
	line, err := l.r.ReadSlice(l.delim)
	if err != bufio.ErrBufferFull {
		if err == io.EOF && len(line) > 0 {
			err = nil
		}
		return line, err
	}
	l.long = append(l.long[:0], line...)
	for err == bufio.ErrBufferFull {
		if len(l.long) > maxHeld {
			return nil, errHeldLimit{}
		}
		// its buffer, and the copy append makes when it grows
		if err := l.mem.Fits(2 * int64(cap(l.long))); err != nil {
			return nil, err
		}
		line, err = l.r.ReadSlice(l.delim)
		l.long = append(l.long, line...)
	}
	if err == io.EOF {
		err = nil
	}
	return l.long, err
}

// parseFlags is inv.ParseFlags (which applies getopt_long's
// abbreviations of long options, "--rev" for "--reverse").
func parseFlags(inv *command.Invocation, fs *pflag.FlagSet, usageStatus int) ([]string, int, bool) {
	return inv.ParseFlags(fs, usageStatus)
}
