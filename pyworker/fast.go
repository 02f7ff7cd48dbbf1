package pyworker

import (
	"context"
	"reflect"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

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
//   - a guest that computes without calling out (`while True: pass`) is
//     stopped by a watcher that sets the length of its linear memory, as
//     the compiled code reads it from the module's context, to zero: its
//     next memory access traps, and the run reports the context's status.
//
// The second reaches into wazero's unexported module engine through
// reflect. Its shape is checked when the guest is instantiated; if it ever
// changes, memoryStopper reports false and the guest is only stoppable at
// its next WASI call (TestFastModeStopsBusyLoop fails first).
//
// While a fast guest runs, Go's garbage collector is off (with a memory
// limit as a backstop): a collection has to stop every goroutine, and a
// goroutine inside compiled guest code cannot be stopped until the guest
// calls out, so a busy guest would freeze the watcher and the whole
// process with it.

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

// memoryStopper returns a function that makes mod's memory accesses trap,
// or false when wazero's engine does not have the expected shape.
func memoryStopper(mod api.Module) (func(), bool) {
	v := reflect.ValueOf(mod)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return nil, false
	}
	eng := v.Elem().FieldByName("Engine")
	if !eng.IsValid() || eng.Kind() != reflect.Interface || eng.IsNil() {
		return nil, false
	}
	me := eng.Elem()
	if me.Kind() != reflect.Pointer || me.IsNil() || me.Elem().Kind() != reflect.Struct {
		return nil, false
	}
	opaque := me.Elem().FieldByName("opaque")
	parent := me.Elem().FieldByName("parent")
	if !opaque.IsValid() || opaque.Kind() != reflect.Slice || opaque.Type().Elem().Kind() != reflect.Uint8 ||
		!parent.IsValid() || parent.Kind() != reflect.Pointer || parent.IsNil() {
		return nil, false
	}
	offsets := parent.Elem().FieldByName("offsets")
	if !offsets.IsValid() || offsets.Kind() != reflect.Struct {
		return nil, false
	}
	begin := offsets.FieldByName("LocalMemoryBegin")
	if !begin.IsValid() || begin.Kind() != reflect.Int32 {
		return nil, false
	}
	off := begin.Int()
	buf := *(*[]byte)(unsafe.Pointer(opaque.UnsafeAddr()))
	lenAt := off + 8
	if off < 0 || lenAt+8 > int64(len(buf)) || lenAt%8 != 0 {
		return nil, false
	}
	mem := mod.Memory()
	if mem == nil {
		return nil, false
	}
	p := (*uint64)(unsafe.Pointer(&buf[lenAt]))
	// The slot must hold the memory's current length, or it is not the
	// field we think it is.
	if atomic.LoadUint64(p) != uint64(mem.Size()) {
		return nil, false
	}
	return func() { atomic.StoreUint64(p, 0) }, true
}

// watchFast stops mod once ctx is done, for as long as the run lasts;
// the returned function ends the watch.
func watchFast(ctx context.Context, mod api.Module) (end func()) {
	stop, ok := memoryStopper(mod)
	finished := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		select {
		case <-finished:
			return
		case <-ctx.Done():
		}
		if !ok {
			return
		}
		// A memory.grow in the guest writes the real length back, so
		// keep at it until the guest is gone.
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		for {
			stop()
			select {
			case <-finished:
				return
			case <-t.C:
			}
		}
	}()
	return func() {
		close(finished)
		wg.Wait()
	}
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
