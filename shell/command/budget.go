package command

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sync/atomic"
	"time"
)

// Budget is a session's memory budget: the bytes memsh keeps in memory on
// the session's behalf outside the Go runtime's own bookkeeping — what
// commands hold (a whole input for sort, diff, jq ...), command
// substitutions, buffered --json output, shell variables, background
// jobs — plus, when Files is set, what memfs holds. Reaching it fails the
// one thing that asked (a command, an assignment, a job) with a
// *MemoryLimitError naming the limit; the session goes on.
//
// Two ways to use it:
//
//   - Reserve(n) before holding n more bytes and Release(n) once they are
//     dropped, for data whose lifetime the caller knows (a job, a
//     buffer, a variable's value in an interpreter that owns its storage);
//   - Fits(n) to check, without taking anything, that n more bytes would
//     fit (a value about to be assigned whose old value's lifetime the
//     caller cannot see).
//
// A nil *Budget has no limit: every method is safe on nil. A Budget is
// safe for concurrent use.
type Budget struct {
	limit int64
	used  atomic.Int64
	// files reports the bytes memfs holds, counted against the limit too
	// (see NewBudget); nil: memfs is not counted.
	files func() int64
	// refused is when a request was last refused (UnixNano), so that a
	// backstop watching the heap does not report again what a command
	// has just reported.
	refused atomic.Int64
}

// LastRefusal is when Reserve or Fits last refused a request (zero: never).
func (b *Budget) LastRefusal() time.Time {
	if b == nil || b.refused.Load() == 0 {
		return time.Time{}
	}
	return time.Unix(0, b.refused.Load())
}

func (b *Budget) refuse() error {
	b.refused.Store(time.Now().UnixNano())
	return &MemoryLimitError{Limit: b.limit}
}

// NewBudget returns a budget of limit bytes (limit <= 0: no limit).
// files, when non-nil, reports bytes held elsewhere (memfs's allocated
// capacity) that count against the same limit: a reservation succeeds
// only while files() plus everything reserved stays within it.
func NewBudget(limit int64, files func() int64) *Budget {
	if limit <= 0 {
		limit = 0
	}
	return &Budget{limit: limit, files: files}
}

// Limit is the budget in bytes; 0 means none.
func (b *Budget) Limit() int64 {
	if b == nil {
		return 0
	}
	return b.limit
}

// Used is what is reserved now, memfs not included.
func (b *Budget) Used() int64 {
	if b == nil {
		return 0
	}
	return b.used.Load()
}

// InUse is what counts against the limit now: Used plus memfs's bytes
// when they are counted.
func (b *Budget) InUse() int64 {
	if b == nil {
		return 0
	}
	n := b.used.Load()
	if b.files != nil {
		n += b.files()
	}
	return n
}

// Fits reports, as a *MemoryLimitError, whether n more bytes would fit
// now; it reserves nothing.
func (b *Budget) Fits(n int64) error {
	if b == nil || b.limit == 0 || n <= 0 {
		return nil
	}
	if n > b.limit || b.InUse() > b.limit-n {
		return b.refuse()
	}
	return nil
}

// Reserve takes n bytes from the budget, or fails with a
// *MemoryLimitError and takes nothing.
func (b *Budget) Reserve(n int64) error {
	if b == nil || n <= 0 {
		return nil
	}
	if b.limit == 0 {
		b.used.Add(n)
		return nil
	}
	var files int64
	if b.files != nil {
		files = b.files()
	}
	for {
		u := b.used.Load()
		if n > b.limit || u+files > b.limit-n {
			return b.refuse()
		}
		if b.used.CompareAndSwap(u, u+n) {
			return nil
		}
	}
}

// Release gives back n bytes taken by Reserve.
func (b *Budget) Release(n int64) {
	if b == nil || n <= 0 {
		return
	}
	b.used.Add(-n)
}

// MemoryLimitError is the error for a request past a session's Budget.
// Its text names the limit and the flag that sets it.
type MemoryLimitError struct{ Limit int64 }

func (e *MemoryLimitError) Error() string {
	return fmt.Sprintf("memory limit of %s reached (memsh --max-memory)", sizeText(e.Limit))
}

// sizeText is n in the largest binary unit that divides it ("64 MiB"),
// or in bytes.
func sizeText(n int64) string {
	for _, u := range []struct {
		shift uint
		name  string
	}{{40, "TiB"}, {30, "GiB"}, {20, "MiB"}, {10, "KiB"}} {
		if n >= 1<<u.shift && n%(1<<u.shift) == 0 {
			return fmt.Sprintf("%d %s", n>>u.shift, u.name)
		}
	}
	if n >= 1<<20 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Hold counts n more bytes that this invocation keeps in memory against
// the session's budget (Mem) until the command returns, when the
// dispatcher gives them all back (ReleaseHeld). It fails with a
// *MemoryLimitError when the budget has no room. Without Mem (a bare
// Invocation, in tests) it always succeeds.
func (inv *Invocation) Hold(n int) error {
	if inv.Mem == nil || n <= 0 {
		return nil
	}
	if err := inv.Mem.budget.Reserve(int64(n)); err != nil {
		return err
	}
	inv.Mem.held.Add(int64(n))
	return nil
}

// Memory ties an invocation to its session's Budget and counts what the
// command holds, so that all of it is given back when the command ends.
// Copies of an Invocation share it.
type Memory struct {
	budget *Budget
	held   atomic.Int64
}

// NewMemory returns the memory account of one command run under b.
func NewMemory(b *Budget) *Memory { return &Memory{budget: b} }

// Budget is the session's budget (nil: none).
func (m *Memory) Budget() *Budget {
	if m == nil {
		return nil
	}
	return m.budget
}

// ReleaseHeld gives back everything the command took with Hold. The
// dispatcher calls it once the command has returned.
func (m *Memory) ReleaseHeld() {
	if m == nil {
		return
	}
	m.budget.Release(m.held.Swap(0))
}

// ReadAll reads r to its end into memory, as io.ReadAll, for a command
// that must hold a whole input: ReadHeld with the invocation's Hold.
func (inv *Invocation) ReadAll(r io.Reader, sizeHint int64) ([]byte, error) {
	return ReadHeld(r, sizeHint, inv.Hold)
}

// ReadHeld reads r to its end into memory. It stops with HeldLimitError
// past MaxHeld bytes, and with hold's error when hold (called with each
// growth of the buffer, in bytes; nil: none) refuses; the bytes read so
// far come back with the error. sizeHint (a regular file's size, or 0)
// sizes the first allocation. The buffer grows geometrically.
func ReadHeld(r io.Reader, sizeHint int64, hold func(int) error) ([]byte, error) {
	if sizeHint > int64(MaxHeld) {
		return nil, HeldLimitError{}
	}
	if hold == nil {
		hold = func(int) error { return nil }
	}
	first := int(max(sizeHint, 0)) + 512
	if err := hold(first); err != nil {
		return nil, err
	}
	buf := make([]byte, 0, first)
	for {
		if len(buf) == cap(buf) {
			if len(buf) > MaxHeld {
				return buf, HeldLimitError{}
			}
			grow := min(max(cap(buf), 4096), MaxHeld+1-len(buf))
			if err := hold(grow); err != nil {
				return buf, err
			}
			nb := make([]byte, len(buf), cap(buf)+grow)
			copy(nb, buf)
			buf = nb
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			if len(buf) > MaxHeld {
				return buf, HeldLimitError{}
			}
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// ReadFile reads the memfs file name (relative to Dir; "-" is a file
// name here) whole, as FS.ReadFile, within ReadAll's limits: an endless
// file (/dev/zero) stops at the limit with an error naming it. It reads
// until ctx is done.
func (inv *Invocation) ReadFile(ctx context.Context, name string) ([]byte, error) {
	f, err := inv.FS.OpenFileContext(ctx, inv.Abs(name), os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var hint int64
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		hint = fi.Size()
	} else if err == nil && fi.Mode()&fs.ModeNamedPipe != 0 {
		defer InterruptFifo(ctx, f, false)()
	}
	return inv.ReadAll(ContextReader(ctx, f), hint)
}

// ReadStdin reads standard input whole within ReadAll's limits, until
// ctx is done.
func (inv *Invocation) ReadStdin(ctx context.Context) ([]byte, error) {
	return inv.ReadAll(ContextReader(ctx, inv.Stdin), 0)
}
