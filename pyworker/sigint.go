package pyworker

import (
	"context"
	"encoding/binary"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tetratelabs/wazero/api"
)

// Interrupts carries a job's Ctrl-C to the python guests it runs, as a
// SIGINT: python raises KeyboardInterrupt (its REPL returns to ">>>", a
// script prints the traceback and exits 130). Make one per job, pass it
// down with WithInterrupts, and call Interrupt on Ctrl-C; when it returns
// false, stop the job as before (cancel its context).
//
// It works with the CPython memsh builds (scripts/build-python.sh links
// scripts/wasi/pysigint.c into python.wasm); other guests have nothing
// to take it and are stopped.
type Interrupts struct {
	mu       sync.Mutex
	targets  map[*sigint]struct{}
	children map[*Interrupts]struct{} // groups within this one (Group)
	stop     func()
}

// NewInterrupts returns an Interrupts with no guest yet. stop (nil:
// nothing) is called when a guest that was given a SIGINT ends with
// status 130 (an uncaught KeyboardInterrupt, or stopped by memsh): a
// program killed by SIGINT, after which bash stops what it was running
// too. It is called before the run returns, so the caller can stop the
// rest of the job before its next command starts.
func NewInterrupts(stop func()) *Interrupts {
	return &Interrupts{targets: map[*sigint]struct{}{}, children: map[*Interrupts]struct{}{}, stop: stop}
}

// Group returns ctx for a new group of programs, as a process group on
// Linux, and its Interrupts: its Interrupt reaches the python guests run
// under the returned context and no others. Unless own, the Interrupts
// ctx already carries reaches them too (timeout's command is in the
// foreground job's group and gets the terminal's Ctrl-C); an own group
// does not (bash puts a background job in a process group of its own).
// stop is NewInterrupts' and is called for a guest ended by a SIGINT
// this group delivered. The group leaves ctx's when ctx ends.
func Group(ctx context.Context, own bool, stop func()) (context.Context, *Interrupts) {
	in := NewInterrupts(stop)
	if parent, ok := ctx.Value(interruptsKey{}).(*Interrupts); ok && !own {
		parent.mu.Lock()
		parent.children[in] = struct{}{}
		parent.mu.Unlock()
		context.AfterFunc(ctx, func() {
			parent.mu.Lock()
			delete(parent.children, in)
			parent.mu.Unlock()
		})
	}
	return WithInterrupts(ctx, in), in
}

// Join makes the Interrupt of fg's group (the Interrupts fg carries)
// reach the guests of job's group too, until release: a job brought to
// the foreground takes the terminal's Ctrl-C. Either context without
// Interrupts joins nothing.
func Join(fg, job context.Context) (release func()) {
	parent, ok1 := fg.Value(interruptsKey{}).(*Interrupts)
	child, ok2 := job.Value(interruptsKey{}).(*Interrupts)
	if !ok1 || !ok2 || parent == child {
		return func() {}
	}
	parent.mu.Lock()
	parent.children[child] = struct{}{}
	parent.mu.Unlock()
	return func() {
		parent.mu.Lock()
		delete(parent.children, child)
		parent.mu.Unlock()
	}
}

func (in *Interrupts) endedBySigint() {
	if in.stop != nil {
		in.stop()
	}
}

type interruptsKey struct{}

// WithInterrupts returns ctx carrying in: python guests run under it take
// their Ctrl-C from in.Interrupt.
func WithInterrupts(ctx context.Context, in *Interrupts) context.Context {
	return context.WithValue(ctx, interruptsKey{}, in)
}

// Interrupt raises SIGINT in every python guest running under it and
// reports whether they all took it. It reports false, leaving the
// stopping to the caller, when none runs, or when one has not come back
// from the previous Ctrl-C: it has not handled it yet, or handled it
// without returning to a prompt (a handler that ignores it, a script
// catching KeyboardInterrupt). A guest that does not handle a SIGINT
// within sigintGrace is stopped by memsh itself (status 130).
func (in *Interrupts) Interrupt() bool {
	ok := false
	in.locked(nil, func(targets []*sigint) {
		if len(targets) == 0 {
			return
		}
		for _, t := range targets {
			if t.pending.Load() {
				return
			}
		}
		for _, t := range targets {
			t.deliver(in)
		}
		ok = true
	})
	return ok
}

// locked calls f with the guests of in and of the groups within it,
// holding their locks (parent before child), so none ends meanwhile.
func (in *Interrupts) locked(targets []*sigint, f func([]*sigint)) {
	in.mu.Lock()
	defer in.mu.Unlock()
	for t := range in.targets {
		targets = append(targets, t)
	}
	kids := make([]*Interrupts, 0, len(in.children))
	for c := range in.children {
		kids = append(kids, c)
	}
	var walk func(i int, targets []*sigint)
	walk = func(i int, targets []*sigint) {
		if i == len(kids) {
			f(targets)
			return
		}
		kids[i].locked(targets, func(targets []*sigint) { walk(i+1, targets) })
	}
	walk(0, targets)
}

func (in *Interrupts) add(t *sigint) {
	in.mu.Lock()
	in.targets[t] = struct{}{}
	in.mu.Unlock()
}

func (in *Interrupts) remove(t *sigint) {
	in.mu.Lock()
	delete(in.targets, t)
	in.mu.Unlock()
}

// sigintGrace is how long a guest has to take a SIGINT (CPython checks at
// every function call and loop iteration, and on EINTR from a read or a
// sleep) before it is stopped.
const sigintGrace = 2 * time.Second

// sigint is one guest's side of Interrupts: where in its memory CPython
// keeps its pending-signal state (pysigint.c's memsh_sigint).
type sigint struct {
	mem                         *guestMemory
	tripped, isTripped, breaker uint32 // guest addresses
	bit                         uint32
	pending                     atomic.Bool                // delivered, not yet back at a prompt
	delivered                   atomic.Bool                // a SIGINT was delivered in this run
	from                        atomic.Pointer[Interrupts] // the group that delivered the last
	wrote                       atomic.Bool                // the guest wrote output since it was delivered
	wake                        chan struct{}
	stop                        context.CancelFunc // ends the run
	done                        chan struct{}      // closed when the run ends
	closeOnce                   sync.Once
}

// memsh_sigint's layout (pysigint.c), version 1: five uint32.
const sigintVersion = 1

// newSigint reads memsh_sigint from a module instantiated and not yet
// started; nil when the module has none (the npm build, a build without
// pysigint.c).
func newSigint(mod api.Module, mem *guestMemory, stop context.CancelFunc) *sigint {
	g := mod.ExportedGlobal("memsh_sigint")
	if g == nil {
		return nil
	}
	b, ok := mod.Memory().Read(uint32(g.Get()), 20)
	if !ok {
		return nil
	}
	le := binary.LittleEndian
	if le.Uint32(b) != sigintVersion {
		return nil
	}
	s := &sigint{
		mem: mem, tripped: le.Uint32(b[4:]), isTripped: le.Uint32(b[8:]), breaker: le.Uint32(b[12:]), bit: le.Uint32(b[16:]),
		wake: make(chan struct{}, 1), stop: stop, done: make(chan struct{}),
	}
	for _, a := range []uint32{s.tripped, s.isTripped, s.breaker} {
		if !mem.word(a, func(*uint32) {}) {
			return nil
		}
	}
	return s
}

// deliver records SIGINT as CPython's C handler does (trip_signal):
// the handler's flag, is_tripped, then the eval breaker's bit, so the
// eval loop's next check runs the handler. A blocked read or sleep is
// woken to return EINTR. The guest may rewrite the eval breaker word
// (its updates are not atomic in wasm), so until it takes the signal the
// bit is set again every few milliseconds; if it has not taken it within
// sigintGrace the run is stopped. from is the group that delivered it.
func (s *sigint) deliver(from *Interrupts) {
	s.from.Store(from)
	s.delivered.Store(true)
	s.pending.Store(true)
	s.wrote.Store(false)
	s.mem.word(s.tripped, func(w *uint32) { atomic.StoreUint32(w, 1) })
	s.mem.word(s.isTripped, func(w *uint32) { atomic.StoreUint32(w, 1) })
	s.setBit()
	select {
	case s.wake <- struct{}{}:
	default:
	}
	go func() {
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		deadline := time.NewTimer(sigintGrace)
		defer deadline.Stop()
		for {
			select {
			case <-s.done:
				return
			case <-deadline.C:
				s.stop()
				return
			case <-tick.C:
				if s.taken() {
					return
				}
				s.setBit()
			}
		}
	}()
}

// taken reports whether CPython has run its signal check since the last
// delivery (it clears is_tripped first).
func (s *sigint) taken() bool {
	var v uint32
	s.mem.word(s.isTripped, func(w *uint32) { v = atomic.LoadUint32(w) })
	return v == 0
}

func (s *sigint) setBit() {
	s.mem.word(s.breaker, func(w *uint32) { atomic.OrUint32(w, s.bit) })
}

// reading is called when the guest starts a new read of stdin: a guest
// that took the SIGINT and wrote something (a traceback, its prompt)
// before reading is back at a prompt, and the next Ctrl-C is a SIGINT
// again.
func (s *sigint) reading() {
	if s.pending.Load() && s.wrote.Load() && s.taken() {
		s.pending.Store(false)
	}
}

// end tells the delivery goroutine the run is over.
func (s *sigint) end() {
	s.closeOnce.Do(func() { close(s.done) })
}
