package pyworker

import (
	"context"
	"runtime"

	"github.com/tetratelabs/wazero/sys"
)

// A fast guest computing without calling out holds its P: Go cannot
// preempt compiled guest code. With as many busy guests as GOMAXPROCS
// (six `python3 -c 'while True: pass' &` on two CPUs), nothing else runs:
// not the watcher that stops them, not the timer of --timeout, not the
// goroutine that receives SIGTERM; memsh froze until SIGKILL. So at most
// GOMAXPROCS-2 fast guests execute guest code at once: a guest holds a
// slot while in its own code and gives it back during every WASI call
// (where it may block on a pipe without holding a P). A guest waiting for
// a slot waits in Go, stoppable by its context, and a pipeline of guests
// cannot deadlock on slots, since a guest blocked in a read holds none.

// newFastSlots returns the slots of a fast runtime; call it after
// reserveProcs.
func newFastSlots() chan struct{} {
	return make(chan struct{}, max(1, runtime.GOMAXPROCS(0)-2))
}

// enterGuest takes a slot for s's guest before it runs its own code,
// waiting while all are taken. It reports false when ctx ends first. A
// guest of a checked runtime (s.slots nil) needs none.
func (s *runState) enterGuest(ctx context.Context) bool {
	if s.slots == nil || s.held {
		return true
	}
	select {
	case s.slots <- struct{}{}:
		s.held = true
		return true
	default:
	}
	select {
	case s.slots <- struct{}{}:
		s.held = true
		return true
	case <-ctx.Done():
		return false
	}
}

// leaveGuest gives the slot back (a WASI call, or the end of the run).
func (s *runState) leaveGuest() {
	if s.held {
		s.held = false
		<-s.slots
	}
}

// reenterGuest is enterGuest on the way back from a WASI call into the
// guest's code: when ctx ended meanwhile, the guest exits with its
// status.
func (s *runState) reenterGuest(ctx context.Context) {
	if !s.enterGuest(ctx) {
		status, _ := ctxStatus(ctx)
		panic(sys.NewExitError(uint32(status)))
	}
}
