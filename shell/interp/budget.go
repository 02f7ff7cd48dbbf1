package interp

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"sync"
	"syscall"
	"time"

	"memsh/shell/command"
)

// The memory budget (Config.Budget) counts what shell variables hold.
// Every assignment charges its growth before the value is stored: a
// scalar's bytes, an element's bytes plus elemOverhead for a new
// element. A Var remembers what it has charged (held); what it gives back
// on a smaller value, an unset, or when the scope holding it ends (a
// function's locals, a subshell's copy) returns to the budget.
//
// A variable a subshell copies charges nothing until the copy is
// changed: the copy shares the parent's bytes.
//
// An assignment the budget refuses is not made: bash's message names
// the limit ("x: memory limit of 64 MiB reached (memsh --max-memory)"),
// the status is 1 and the rest of the top-level command is abandoned,
// as after an expansion error, so `while :; do x=$x$x; done` ends; the
// session goes on.

// elemOverhead is what one array element costs beyond its bytes (its
// key and the slices' or map's slot), so a million empty elements count.
const elemOverhead = 32

// charge takes delta more bytes for v (negative: gives them back, never
// more than v holds). It reports false, after the message, when the
// budget refuses; v is then unchanged.
func (r *Runner) charge(name string, v *Var, delta int64) bool {
	b := r.cfg.Budget
	if b == nil || delta == 0 {
		return true
	}
	if delta < 0 {
		give := min(-delta, v.held)
		b.Release(give)
		v.held -= give
		return true
	}
	if err := b.Reserve(delta); err != nil {
		r.errorf("%s: %v", name, err)
		r.expansionFatal(1)
		return false
	}
	v.held += delta
	return true
}

// chargeElem charges setting one element from old (had: it existed) to
// val.
func (r *Runner) chargeElem(name string, v *Var, old string, had bool, val string) bool {
	delta := int64(len(val)) - int64(len(old))
	if !had {
		delta += elemOverhead
	}
	return r.charge(name, v, delta)
}

// releaseVar gives back everything v holds (it is dropped).
func releaseVar(b *command.Budget, v *Var) {
	if v != nil && v.held > 0 {
		b.Release(v.held)
		v.held = 0
	}
}

// releaseFrame gives back what the variables of a frame no shell holds
// any more charged.
func releaseFrame(b *command.Budget, f *frame) {
	if b == nil {
		return
	}
	for _, v := range f.m {
		releaseVar(b, v)
	}
}

// substBuffer collects a command substitution's output within
// command.MaxHeld and the memory budget. Past either, the write fails
// with ENOSPC, the substitution's commands are stopped (stop) and why
// says which limit; the caller reports it and abandons the command.
type substBuffer struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	mem  *command.Budget
	stop context.CancelFunc
	why  string
}

func (s *substBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.why != "" {
		return 0, syscall.ENOSPC
	}
	n := s.buf.Len() + len(p)
	if n > command.MaxHeld {
		s.why = fmt.Sprintf("exceeds the in-memory limit of %d MiB", command.MaxHeld>>20)
	} else if n > s.buf.Cap() {
		// Growing doubles the buffer: check what it will hold. The
		// bytes become the shell's value, charged when assigned.
		if err := s.mem.Fits(int64(2 * n)); err != nil {
			s.why = "reached the " + strings.TrimSuffix(err.Error(), " reached (memsh --max-memory)") + " (memsh --max-memory)"
		}
	}
	if s.why != "" {
		s.stop()
		return 0, syscall.ENOSPC
	}
	return s.buf.Write(p)
}

// stopped reports the substitution's limit, once, and abandons the
// command it was part of; false when no limit was reached.
func (r *Runner) substStopped(s *substBuffer) bool {
	if s.why == "" {
		return false
	}
	r.printErr("memsh: command substitution stopped: its output " + s.why + "\n")
	r.expansionFatal(1)
	return true
}

// readHeld reads a whole input the shell must hold (a sourced file, the
// script of `bash FILE` or `bash < input`, $(< file)) within
// command.MaxHeld and the memory budget, which the bytes count against
// while they are read: `source /dev/zero` fails naming the limit.
func (r *Runner) readHeld(rd io.Reader, hint int64) ([]byte, error) {
	var held int64
	defer func() { r.cfg.Budget.Release(held) }()
	return command.ReadHeld(rd, hint, func(n int) error {
		if err := r.cfg.Budget.Reserve(int64(n)); err != nil {
			return err
		}
		held += int64(n)
		return nil
	})
}

// readFileHeld is readHeld for the memfs file at abs.
func (r *Runner) readFileHeld(abs string) ([]byte, error) {
	f, err := r.cfg.FS.Open(abs)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var hint int64
	if fi, err := f.Stat(); err == nil {
		if fi.IsDir() {
			return nil, &fs.PathError{Op: "read", Path: abs, Err: syscall.EISDIR}
		}
		if fi.Mode().IsRegular() {
			hint = fi.Size()
		}
	}
	return r.readHeld(f, hint)
}

// lineLimit bounds one line a builtin reads (read, mapfile, select):
// command.MaxHeld, and room in the budget for the line as it doubles;
// the line's cancellation and read -t's timeout end it too.
type lineLimit struct {
	r     *Runner
	next  int
	ctx   context.Context // the line's; nil: not watched
	until time.Time       // read -t's end; zero: none
}

// stop is the error that ends the read now: the line was cancelled or
// read -t's time is up.
func (l *lineLimit) stop() error {
	if l.ctx != nil && l.ctx.Err() != nil {
		return l.ctx.Err()
	}
	if !l.until.IsZero() && !time.Now().Before(l.until) {
		return errReadTimeout
	}
	return nil
}

// check reports whether a line of n bytes may grow on.
func (l *lineLimit) check(n int) error {
	if err := l.stop(); err != nil {
		return err
	}
	if n > command.MaxHeld {
		return command.HeldLimitError{}
	}
	if n >= l.next {
		l.next = max(2*l.next, 1<<20)
		return l.r.cfg.Budget.Fits(int64(2 * n))
	}
	return nil
}

// readDelim reads up to and including delim, as bufio's ReadString,
// within lim.
func readDelim(in *bufio.Reader, delim byte, lim *lineLimit) (string, error) {
	var b []byte
	for {
		chunk, err := in.ReadSlice(delim)
		b = append(b, chunk...)
		if e := lim.check(len(b)); e != nil {
			return "", e
		}
		if err != bufio.ErrBufferFull {
			return string(b), err
		}
	}
}
