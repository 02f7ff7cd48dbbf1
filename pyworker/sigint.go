package pyworker

import (
	"context"
	"encoding/binary"
	"strconv"
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
// scripts/wasi/pysigint.c into python.wasm); other guests (sqlite3, lua,
// a .wasm, the npm python) have no handler memsh can run and take every
// signal as its default action: when a python of the group takes the
// signal, they are stopped (128+N), as a SIGINT to a process group kills
// the programs in it that do not handle it; when none does, the caller
// stops the group.
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

// Foreground makes the group jobCtx runs under (a Group of its own)
// take the signals of ctx's group until release is called, as bash's fg
// puts a job in the terminal's foreground process group: the terminal's
// Ctrl-C then reaches the job's python. It does nothing when either
// context has no group.
func Foreground(ctx, jobCtx context.Context) (release func()) {
	parent, ok := ctx.Value(interruptsKey{}).(*Interrupts)
	child, ok2 := jobCtx.Value(interruptsKey{}).(*Interrupts)
	if !ok || !ok2 || parent == child {
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

// pathTo lists the groups from in down to target (both included), nil
// when target is not within in.
func (in *Interrupts) pathTo(target *Interrupts) []*Interrupts {
	if in == target {
		return []*Interrupts{in}
	}
	in.mu.Lock()
	kids := make([]*Interrupts, 0, len(in.children))
	for c := range in.children {
		kids = append(kids, c)
	}
	in.mu.Unlock()
	for _, c := range kids {
		if p := c.pathTo(target); p != nil {
			return append([]*Interrupts{in}, p...)
		}
	}
	return nil
}

type interruptsKey struct{}

// WithInterrupts returns ctx carrying in: python guests run under it take
// their Ctrl-C from in.Interrupt.
func WithInterrupts(ctx context.Context, in *Interrupts) context.Context {
	return context.WithValue(ctx, interruptsKey{}, in)
}

// Interrupt is the terminal's Ctrl-C: it raises SIGINT in every python
// guest running under it and reports whether they all took it. It
// reports false, leaving the stopping to the caller, when none runs, when
// one leaves SIGINT to its default action (signal.SIG_DFL: it dies of
// it), or when one has not come back from the previous Ctrl-C: it has not
// handled it yet, or handled it without returning to a prompt (a handler
// that ignores it, a script catching KeyboardInterrupt, signal.SIG_IGN).
// So a guest that ignores the first Ctrl-C is stopped by the second. A
// guest that does not handle a SIGINT within sigintGrace is stopped by
// memsh itself (status 130).
func (in *Interrupts) Interrupt() bool {
	ok := false
	in.locked(nil, func(targets []*sigint) {
		pythons := 0
		for _, t := range targets {
			if t.plain {
				continue
			}
			if t.pending.Load() || t.disposition(sigintNumber) == sigDefault {
				return
			}
			pythons++
		}
		if pythons == 0 {
			return
		}
		for _, t := range targets {
			if t.plain {
				t.kill(in, sigintNumber)
				continue
			}
			t.pending.Store(true)
			t.wrote.Store(false)
			if t.disposition(sigintNumber) == sigHandled {
				t.deliver(in, sigintNumber)
			}
		}
		ok = true
	})
	return ok
}

// Signal is kill's and timeout's signal sig to the group, as Linux
// delivers it to each program: python runs its handler (raising
// KeyboardInterrupt for SIGINT; signal.signal(signal.SIGTERM, h) runs h),
// or ignores it (signal.SIG_IGN). It reports whether they all took it;
// false, leaving the caller to stop the group (128+sig), when none runs
// or one leaves sig to its default action, which for every signal kill
// sends is to die (SIGCHLD, SIGURG and SIGWINCH, whose default is to do
// nothing, the caller does not send).
func (in *Interrupts) Signal(sig int) bool {
	ok := false
	in.locked(nil, func(targets []*sigint) {
		pythons := 0
		for _, t := range targets {
			if t.plain {
				continue
			}
			if t.disposition(sig) == sigDefault {
				return
			}
			pythons++
		}
		if pythons == 0 {
			return
		}
		for _, t := range targets {
			switch {
			case t.plain:
				t.kill(in, sig)
			case t.disposition(sig) == sigHandled:
				t.deliver(in, sig)
			}
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

// sigintGrace is how long a guest has to take a signal (CPython checks at
// every function call and loop iteration, and on EINTR from a read or a
// sleep) before it is stopped.
const sigintGrace = 2 * time.Second

// Signal numbers (Linux's and wasi-libc's): SIGKILL and SIGSTOP cannot
// be caught or ignored.
const (
	sigintNumber  = 2
	sigkillNumber = 9
	sigstopNumber = 19
)

// What a guest does with a signal.
const (
	sigDefault = iota // its default action: it dies of it
	sigIgnored        // signal.SIG_IGN
	sigHandled        // a handler of python's (KeyboardInterrupt for SIGINT)
)

// sigint is one guest's side of Interrupts: where in its memory CPython
// keeps its signal state (pysigint.c's memsh_sigint).
type sigint struct {
	stopCause context.CancelCauseFunc    // ends the run; a signalCause gives its status
	own       *Interrupts                // the group the guest runs in
	from      atomic.Pointer[Interrupts] // the group that sent the last SIGINT (or killed a plain guest)
	done      chan struct{}              // closed when the run ends
	closeOnce sync.Once
	mu        sync.Mutex
	ended     bool        // end was called
	waiting   []*afterAll // to be told when the run ends

	// plain is a guest without memsh_sigint: every signal stops it
	// (kill), and the fields after killedBy are unused.
	plain    bool
	killedBy atomic.Int32 // the signal that stopped a plain guest

	mem                    *guestMemory
	isTripped, breaker     uint32 // guest addresses
	bit                    uint32
	tripped                uint32 // SIGINT's handler flag (layout 1)
	handlers, stride       uint32 // the handler table (layout 2; 0 without)
	funcOff, nsig          uint32
	dflHandler, ignHandler uint32      // where CPython keeps its SIG_DFL and SIG_IGN objects
	pending                atomic.Bool // a Ctrl-C taken, not yet back at a prompt
	delivered              atomic.Bool // a SIGINT was delivered in this run
	wrote                  atomic.Bool // the guest wrote output since the last Ctrl-C
	wake                   chan struct{}
}

// memsh_sigint's layouts (pysigint.c): 1 is five uint32 for SIGINT
// alone; 2 adds six for the whole handler table.
const (
	sigintLayout1 = 1
	sigintLayout2 = 2
)

// newSigint reads memsh_sigint from a module instantiated and not yet
// started; nil when the module has none (the npm build, a build without
// pysigint.c).
func newSigint(mod api.Module, mem *guestMemory, stop context.CancelCauseFunc) *sigint {
	g := mod.ExportedGlobal("memsh_sigint")
	if g == nil {
		return nil
	}
	b, ok := mod.Memory().Read(uint32(g.Get()), 4)
	if !ok {
		return nil
	}
	le := binary.LittleEndian
	size := uint32(20)
	switch le.Uint32(b) {
	case sigintLayout1:
	case sigintLayout2:
		size = 44
	default:
		return nil
	}
	if b, ok = mod.Memory().Read(uint32(g.Get()), size); !ok {
		return nil
	}
	s := &sigint{
		mem: mem, tripped: le.Uint32(b[4:]), isTripped: le.Uint32(b[8:]), breaker: le.Uint32(b[12:]), bit: le.Uint32(b[16:]),
		wake: make(chan struct{}, 1), stopCause: stop, done: make(chan struct{}),
	}
	addrs := []uint32{s.tripped, s.isTripped, s.breaker}
	if size == 44 {
		s.handlers, s.stride, s.funcOff, s.nsig = le.Uint32(b[20:]), le.Uint32(b[24:]), le.Uint32(b[28:]), le.Uint32(b[32:])
		s.dflHandler, s.ignHandler = le.Uint32(b[36:]), le.Uint32(b[40:])
		if s.nsig <= sigintNumber || s.stride < 8 || s.funcOff+4 > s.stride {
			return nil
		}
		addrs = append(addrs, s.handlers, s.handlers+(s.nsig-1)*s.stride+s.funcOff, s.dflHandler, s.ignHandler)
	}
	for _, a := range addrs {
		if !mem.word(a, func(*uint32) {}) {
			return nil
		}
	}
	return s
}

// plainTarget is the side of Interrupts of a guest without memsh_sigint.
func plainTarget(stop context.CancelCauseFunc) *sigint {
	return &sigint{plain: true, stopCause: stop, done: make(chan struct{})}
}

// signalCause is the cause of a run stopped by a signal: its status is
// 128+N.
type signalCause int

func (c signalCause) Error() string { return "stopped by signal " + strconv.Itoa(int(c)) }

// kill stops a plain guest as signal sig's default action does.
func (s *sigint) kill(from *Interrupts, sig int) {
	s.from.Store(from)
	s.killedBy.CompareAndSwap(0, int32(sig))
	s.stopCause(signalCause(sig))
}

// diedOfSigint reports whether the run, ended with status, died of a
// SIGINT a group sent it.
func (s *sigint) diedOfSigint(status int) bool {
	if status != StatusInterrupted {
		return false
	}
	if s.plain {
		return s.killedBy.Load() == sigintNumber
	}
	return s.delivered.Load()
}

// endedBySigint stops the groups from the one that sent the SIGINT the
// guest died of down to the guest's own: the SIGINT reached every
// program of them (a foreground job, timeout's command), as a terminal's
// does a foreground process group. A plain guest or program is stopped
// by the SIGINT that python guests of the group took (Interrupt delivers
// to plain ones only then): bash waits for the whole pipeline before it
// stops the line, so a python that caught KeyboardInterrupt finishes
// first, and the groups stop when the last of those pythons ends.
func (s *sigint) endedBySigint() {
	from := s.from.Load()
	if from == nil {
		return
	}
	path := from.pathTo(s.own)
	if path == nil {
		path = []*Interrupts{from}
	}
	stop := func() {
		for _, g := range path {
			g.endedBySigint()
		}
	}
	if s.plain {
		from.afterPythons(stop)
		return
	}
	stop()
}

// afterPythons calls f once the python guests running within in have
// ended (at once when none runs), before the run of the last returns.
func (in *Interrupts) afterPythons(f func()) {
	var w *afterAll
	in.locked(nil, func(targets []*sigint) {
		for _, t := range targets {
			if t.plain {
				continue
			}
			if w == nil {
				w = &afterAll{f: f}
			}
			t.after(w)
		}
	})
	if w == nil {
		f()
		return
	}
	w.done()
}

// afterAll calls f when done has been called once more than add.
type afterAll struct {
	mu sync.Mutex
	n  int
	f  func()
}

func (w *afterAll) add() {
	w.mu.Lock()
	w.n++
	w.mu.Unlock()
}

func (w *afterAll) done() {
	w.mu.Lock()
	w.n--
	last := w.n < 0
	w.mu.Unlock()
	if last {
		w.f()
	}
}

// after has w.done called when the run ends (now if it has).
func (s *sigint) after(w *afterAll) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ended {
		return
	}
	w.add()
	s.waiting = append(s.waiting, w)
}

// load reads the guest's word at a (0 when it cannot).
func (s *sigint) load(a uint32) uint32 {
	v, _ := s.loadOK(a)
	return v
}

// loadOK reads the guest's word at a, reporting whether it could.
func (s *sigint) loadOK(a uint32) (uint32, bool) {
	var v uint32
	ok := s.mem.word(a, func(w *uint32) { v = atomic.LoadUint32(w) })
	return v, ok
}

// disposition is what the guest does with sig now, read from CPython's
// handler table: its handler against the SIG_DFL and SIG_IGN objects of
// the signal module (sameInt). No handler yet (python still starting) is
// the default action, as on Linux before python installs its SIGINT
// handler. A layout 1 guest handles SIGINT alone.
func (s *sigint) disposition(sig int) int {
	if s.handlers == 0 {
		if sig == sigintNumber {
			return sigHandled
		}
		return sigDefault
	}
	if sig <= 0 || uint32(sig) >= s.nsig || sig == sigkillNumber || sig == sigstopNumber {
		return sigDefault
	}
	switch f := s.load(s.handlers + uint32(sig)*s.stride + s.funcOff); {
	case f == 0 || s.sameInt(f, s.load(s.dflHandler)):
		return sigDefault
	case s.sameInt(f, s.load(s.ignHandler)):
		return sigIgnored
	}
	return sigHandled
}

// sameInt reports whether the guest's objects at a and b are the same
// int: the same object, or the same type (int, exactly: python stores
// int(signal.SIG_IGN), a new object each time, since SIG_IGN is a
// function's address in WASI and no cached small int) and the same
// single-digit value. CPython's object header (refcount, type) is
// followed by the int's size tag and its first digit, so the words after
// the refcount tell.
func (s *sigint) sameInt(a, b uint32) bool {
	if a == b {
		return true
	}
	if a == 0 || b == 0 {
		return false
	}
	for off := uint32(4); off < 16; off += 4 {
		va, oka := s.loadOK(a + off)
		vb, okb := s.loadOK(b + off)
		if !oka || !okb || va != vb {
			return false
		}
	}
	return true
}

// trippedAt is the address of sig's handler flag.
func (s *sigint) trippedAt(sig int) uint32 {
	if s.handlers == 0 {
		return s.tripped
	}
	return s.handlers + uint32(sig)*s.stride
}

// deliver records sig as CPython's C handler does (trip_signal): the
// handler's flag, is_tripped, then the eval breaker's bit, so the eval
// loop's next check runs the handler. A blocked read or sleep is woken
// to return EINTR. The guest may rewrite the eval breaker word (its
// updates are not atomic in wasm), so until it takes the signal the bit
// is set again every few milliseconds; if it has not taken it within
// sigintGrace the run is stopped, as if by the signal's default action
// (128+sig). from is the group that delivered it.
func (s *sigint) deliver(from *Interrupts, sig int) {
	if sig == sigintNumber {
		s.from.Store(from)
		s.delivered.Store(true)
	}
	s.mem.word(s.trippedAt(sig), func(w *uint32) { atomic.StoreUint32(w, 1) })
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
				s.stopCause(signalCause(sig))
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
	return s.load(s.isTripped) == 0
}

func (s *sigint) setBit() {
	s.mem.word(s.breaker, func(w *uint32) { atomic.OrUint32(w, s.bit) })
}

// reading is called when the guest starts a new read of stdin: a guest
// that took the Ctrl-C and wrote something (a traceback, its prompt)
// before reading is back at a prompt, and the next Ctrl-C is a SIGINT
// again.
func (s *sigint) reading() {
	if s.pending.Load() && s.wrote.Load() && s.taken() {
		s.pending.Store(false)
	}
}

// end tells the delivery goroutines the run is over, and whoever waits
// for it (afterPythons).
func (s *sigint) end() {
	s.closeOnce.Do(func() { close(s.done) })
	s.mu.Lock()
	s.ended = true
	waiting := s.waiting
	s.waiting = nil
	s.mu.Unlock()
	for _, w := range waiting {
		w.done()
	}
}

// A Program is one of memsh's own programs (a registry command) in the
// signal group its context carries. It has no handler, so it takes every
// signal the group sends as its default action and dies of it, as a
// program that sets none does on Linux: a Ctrl-C python takes also stops
// the cat or grep it writes into.
type Program struct {
	t      *sigint
	cancel context.CancelCauseFunc
	parent *Program // the program whose context it runs under, or nil
}

type programKey struct{}

// StartProgram returns the context to run a program under, cancelled
// when a signal of its group reaches it, and the Program; ctx and nil
// when ctx carries no group. killed (nil: nothing) is called too when a
// signal kills it, with the group's lock held (it must not block): the
// caller closes what a dead process's descriptors close. Call End when
// the program returns.
func StartProgram(ctx context.Context, killed func()) (context.Context, *Program) {
	in, ok := ctx.Value(interruptsKey{}).(*Interrupts)
	if !ok {
		return ctx, nil
	}
	run, cancel := context.WithCancelCause(ctx)
	stop := cancel
	if killed != nil {
		stop = func(cause error) {
			cancel(cause)
			killed()
		}
	}
	parent, _ := ctx.Value(programKey{}).(*Program)
	p := &Program{t: plainTarget(stop), cancel: cancel, parent: parent}
	p.t.own = in
	in.add(p.t)
	return context.WithValue(run, programKey{}, p), p
}

// Leave stops the group's signals reaching p and the programs whose
// context it runs under, for a program that runs others (a python
// guest, a command through the shell: xargs, env, timeout), which take
// them themselves: a Ctrl-C python catches must not stop it and,
// through its context, them. Safe on nil and when called again.
func (p *Program) Leave() {
	for ; p != nil; p = p.parent {
		p.t.own.remove(p.t)
	}
}

// End ends p, whose run returned status, and returns the status to
// report: 128+N when signal N stopped it. When a SIGINT did, the groups
// it came through stop once the python guests of the group have ended
// (endedBySigint), as bash stops the line after the pipeline. Safe on
// nil (it returns status).
func (p *Program) End(status int) int {
	if p == nil {
		return status
	}
	p.t.own.remove(p.t)
	p.t.end()
	p.cancel(nil)
	sig := int(p.t.killedBy.Load())
	if sig == 0 {
		return status
	}
	if sig == sigintNumber {
		p.t.endedBySigint()
	}
	return 128 + sig
}

// leaveProgram is Leave for the program ctx runs under, if any: a guest
// started from it takes the signals itself.
func leaveProgram(ctx context.Context) {
	if p, ok := ctx.Value(programKey{}).(*Program); ok {
		p.Leave()
	}
}
