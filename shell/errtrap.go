package shell

import (
	"strings"
	"sync"
	"sync/atomic"

	"mvdan.cc/sh/v3/interp"
)

// errTrapDedup keeps the ERR trap to bash's once per failure. mvdan/sh
// runs it for every statement that ends with a failure, so a failing
// command inside `{ }`, an if, a loop or a function body fired it again
// for each compound command around it; bash runs it for the command
// that failed and for each function call the failure returns through
// (under set -E). A call of the trap with no simple command run since
// the last one, at the same function depth, is such a repeat and is
// skipped.
type errTrapDedup struct {
	calls     atomic.Int64 // simple commands run, but the trap's own
	mu        sync.Mutex
	seen      bool
	lastCalls int64
	lastDepth int
}

// count notes a simple command about to run (the call handler's hook).
func (d *errTrapDedup) count(hc interp.HandlerContext, args []string) {
	if strings.HasPrefix(args[0], internalPrefix) || runnerFlag(hc, handlingTrapField) {
		return
	}
	d.calls.Add(1)
}

// repeat reports whether the trap, called at function depth depth,
// repeats its last call for a compound command around the same failure.
func (d *errTrapDedup) repeat(depth int) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	calls := d.calls.Load()
	rep := d.seen && calls == d.lastCalls && depth == d.lastDepth
	d.seen, d.lastCalls, d.lastDepth = true, calls, depth
	return rep
}
