package pyworker

import (
	"context"
	"runtime"
	"runtime/debug"
	"sync"

	"github.com/tetratelabs/wazero/api"
)

// Fast mode (Config.Fast) compiles guests without wazero's termination
// checks (WithCloseOnContextDone). Those checks call out of the guest's
// code at every loop header, and this CPython's eval loop is such a loop:
// they cost 45–55 ms of every python start and make 8 MiB of unbuffered
// 1 KiB writes take ~500 ms instead of ~50 ms. Without them a running
// guest still has to be stoppable, so a fast run is stopped two ways:
//
//   - every WASI call checks the run's context first and ends the guest
//     with the context's status (withErrno in wasi.go);
//   - a guest that computes without calling out (`while True: pass`)
//     traps at its next loop iteration once the run's context ends: every
//     module memsh loads has a check of its own at the top of every loop,
//     a load of a global memsh sets (stopcheck.go), which costs one load
//     and a branch where wazero's costs a call.
//
// While a fast guest runs, Go's garbage collector is off (with a memory
// limit as a backstop): a collection has to stop every goroutine, and a
// goroutine inside compiled guest code cannot be stopped until the guest
// calls out, so a busy guest would freeze the process until it stopped.

// fastSpareProcs is how many Ps fast mode adds to GOMAXPROCS. A busy
// guest holds its P until it calls out (Go cannot preempt compiled guest
// code), so with GOMAXPROCS busy guests nothing else - the watcher, the
// pipes between them - could run. The spare Ps keep the shell live for up
// to that many guests computing at once.
const fastSpareProcs = 4

// reserveProcs raises GOMAXPROCS once, when the fast runtime starts: no
// guest runs yet, so the stop-the-world it needs cannot wait on one.
func reserveProcs() {
	runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + fastSpareProcs)
}

// watchFast stops mod's loops once ctx is done (stopcheck.go); the
// returned function ends the watch. A module without stop checks is
// stopped only at its next WASI call.
func watchFast(ctx context.Context, mod api.Module) (end func()) {
	stop := stopper(mod)
	if stop == nil {
		return func() {}
	}
	after := context.AfterFunc(ctx, stop)
	return func() { after() }
}

// gcGuard turns the garbage collector off while fast guests run.
var gcGuard struct {
	mu       sync.Mutex
	n        int
	percent  int
	memLimit int64
}

// fastGCHeadroom is how far the heap may grow while a fast guest runs
// before Go collects anyway.
const fastGCHeadroom = 512 << 20

// pauseGC turns the collector off until the returned function is called;
// calls nest.
func pauseGC() (resume func()) {
	gcGuard.mu.Lock()
	if gcGuard.n == 0 {
		gcGuard.percent = debug.SetGCPercent(-1)
		gcGuard.memLimit = debug.SetMemoryLimit(-1)
		limit := heapBytes() + fastGCHeadroom
		if gcGuard.memLimit < limit {
			limit = gcGuard.memLimit
		}
		debug.SetMemoryLimit(limit)
	}
	gcGuard.n++
	gcGuard.mu.Unlock()
	return func() {
		gcGuard.mu.Lock()
		gcGuard.n--
		if gcGuard.n == 0 {
			debug.SetMemoryLimit(gcGuard.memLimit)
			debug.SetGCPercent(gcGuard.percent)
		}
		gcGuard.mu.Unlock()
	}
}

// heapBytes is the heap in use. ReadMemStats stops the world, which is
// safe here: it is called only when no fast guest runs (runtime/metrics
// would not stop it, but its package init costs every memsh start).
func heapBytes() int64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}
