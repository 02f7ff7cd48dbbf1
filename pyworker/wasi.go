package pyworker

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"syscall"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
	"github.com/tetratelabs/wazero/sys"

	"memsh/memfs"
)

// WASI preview1 errno values memsh writes itself (wazero's own set has no
// name for them).
const (
	wasiErrnoSuccess = 0
	wasiErrnoFbig    = 22
	wasiErrnoIO      = 29
	wasiErrnoMfile   = 33
	wasiErrnoNospc   = 51
	wasiErrnoPipe    = 64
	wasiErrnoSpipe   = 70
	wasiErrnoXdev    = 75
)

// runState is what the host functions of one guest run share: the last
// error wazero could not name, so the WASI call reports it precisely.
type runState struct {
	lastErr syscall.Errno
	fast    bool // compiled without termination checks: stop at WASI calls
	scratch bool // the guest's memory has room for rewritten paths (rawpath.go)
	// fs is the guest's filesystem, whose clock is the guest's
	// CLOCK_REALTIME (walltime).
	fs *memfs.FS
	// slots bounds the fast guests running their own code at once, and
	// held says this guest has one (fastslots.go); nil for a checked run.
	slots chan struct{}
	held  bool
	// sig is where a Ctrl-C is delivered as SIGINT (sigint.go); nil
	// when the run has no Interrupts or the guest cannot take one.
	sig *sigint
	// late says the run took a zygote (zygote.go), whose args_* and
	// environ_* calls answer args and env.
	late      bool
	args, env []string
}

type runStateKey struct{}

// note records err when wazero would turn it into EIO, and returns the
// errno wazero can carry.
func (s *runState) note(err error) {
	if err == nil {
		return
	}
	var se syscall.Errno
	if errors.As(err, &se) {
		if errnoTable[se].wasi != 0 {
			s.lastErr = se
		}
	} else if errors.Is(err, io.ErrClosedPipe) {
		s.lastErr = syscall.EPIPE
	}
}

// instantiateWASI provides wasi_snapshot_preview1: wazero's functions, each
// wrapped so an EIO that hides EFBIG, ENOSPC or EPIPE reaches the guest as
// that errno, and poll_oneoff taught absolute clock deadlines (wazero
// refuses them with ENOTSUP, which breaks CPython's time.sleep) and to wake
// up when the run's ctx ends.
func instantiateWASI(ctx context.Context, rt wazero.Runtime) error {
	impl := rt.NewHostModuleBuilder("memsh_wasi_impl")
	wasi_snapshot_preview1.NewFunctionExporter().ExportFunctions(impl)
	cm, err := impl.Compile(ctx)
	if err != nil {
		return err
	}
	defer cm.Close(ctx)
	b := rt.NewHostModuleBuilder(wasi_snapshot_preview1.ModuleName)
	for name, def := range cm.ExportedFunctions() {
		orig, ok := def.GoFunction().(api.GoModuleFunction)
		if !ok {
			return fmt.Errorf("wasi %s: not a Go module function", name)
		}
		fn := orig
		fn = lateArgs(name, fn)
		if slots, ok := pathParams[name]; ok {
			fn = withRawPaths(fn, slots)
		}
		if len(def.ResultTypes()) == 1 {
			fn = withErrno(fn)
		}
		if name == "poll_oneoff" {
			fn = pollOneoff(fn)
		}
		b.NewFunctionBuilder().
			WithGoModuleFunction(fn, def.ParamTypes(), def.ResultTypes()).
			WithParameterNames(def.ParamNames()...).
			WithResultNames(def.ResultNames()...).
			Export(name)
	}
	_, err = b.Instantiate(ctx)
	return err
}

// withErrno wraps a WASI function returning an errno.
func withErrno(orig api.GoModuleFunction) api.GoModuleFunction {
	return api.GoModuleFunc(func(ctx context.Context, mod api.Module, stack []uint64) {
		st, _ := ctx.Value(runStateKey{}).(*runState)
		if st == nil {
			orig.Call(ctx, mod, stack)
			return
		}
		if st.fast {
			if status, done := ctxStatus(ctx); done {
				panic(sys.NewExitError(uint32(status)))
			}
		}
		st.lastErr = 0
		st.leaveGuest()
		orig.Call(ctx, mod, stack)
		st.reenterGuest(ctx)
		if uint32(stack[0]) == wasiErrnoIO && st.lastErr != 0 {
			stack[0] = uint64(errnoTable[st.lastErr].wasi)
		}
	})
}

// Layout of WASI preview1 subscriptions (48 bytes) and events (32 bytes).
const (
	subSize        = 48
	subTag         = 8  // u8: 0 clock, 1 fd_read, 2 fd_write
	subClockID     = 16 // u32
	subClockTime   = 24 // u64 timeout or deadline, ns
	subClockFlags  = 40 // u16: 1 = absolute
	eventSize      = 32
	eventErrno     = 8  // u16
	eventType      = 10 // u8
	clockRealtime  = 0
	subClockAbstim = 1
)

// pollOneoff turns absolute clock deadlines into relative timeouts, sleeps
// itself (waking when ctx ends) when every subscription is a clock, and
// leaves anything involving file descriptors to wazero.
func pollOneoff(orig api.GoModuleFunction) api.GoModuleFunction {
	le := binary.LittleEndian
	return api.GoModuleFunc(func(ctx context.Context, mod api.Module, stack []uint64) {
		in, out, n, resultN := uint32(stack[0]), uint32(stack[1]), uint32(stack[2]), uint32(stack[3])
		mem := mod.Memory()
		subs, ok := mem.Read(in, n*subSize)
		if n == 0 || !ok {
			orig.Call(ctx, mod, stack)
			return
		}
		allClocks := true
		timeout := time.Duration(1<<63 - 1)
		for i := uint32(0); i < n; i++ {
			s := subs[i*subSize : (i+1)*subSize]
			if s[subTag] != 0 {
				allClocks = false
				continue
			}
			t := int64(le.Uint64(s[subClockTime:]))
			if flags := le.Uint16(s[subClockFlags:]); flags&subClockAbstim != 0 {
				now := monotonic()
				if le.Uint32(s[subClockID:]) == clockRealtime {
					now = time.Now().UnixNano()
					if st, _ := ctx.Value(runStateKey{}).(*runState); st != nil && st.fs != nil {
						now = st.fs.Now().UnixNano()
					}
				}
				t = max(t-now, 0)
				le.PutUint64(s[subClockTime:], uint64(t))
				le.PutUint16(s[subClockFlags:], flags&^subClockAbstim)
			}
			timeout = min(timeout, time.Duration(t))
		}
		if !allClocks {
			orig.Call(ctx, mod, stack)
			return
		}
		evs, ok := mem.Read(out, n*eventSize)
		if !ok || !mem.WriteUint32Le(resultN, n) {
			orig.Call(ctx, mod, stack) // reports the fault
			return
		}
		if timeout > 0 {
			// A Ctrl-C (sigint.go) ends the sleep early, as a signal
			// does. wasi-libc's clock_nanosleep turns every error into
			// ENOTSUP, so it is not told EINTR: it returns as if the time
			// had passed, and CPython's eval loop, which checks for
			// signals after the call, raises KeyboardInterrupt there.
			var wake chan struct{}
			if st, _ := ctx.Value(runStateKey{}).(*runState); st != nil && st.sig != nil {
				wake = st.sig.wake
			}
			t := time.NewTimer(timeout)
			select {
			case <-t.C:
			case <-ctx.Done():
			case <-wake:
			}
			t.Stop()
		}
		clear(evs)
		for i := uint32(0); i < n; i++ {
			copy(evs[i*eventSize:i*eventSize+8], subs[i*subSize:i*subSize+8])
			le.PutUint16(evs[i*eventSize+eventErrno:], 0)
			evs[i*eventSize+eventType] = 0
		}
		stack[0] = wasiErrnoSuccess
	})
}

// epoch anchors the monotonic clock guests see.
var epoch = time.Now()

// walltime is the guests' CLOCK_REALTIME: the filesystem's clock, the
// session's (shell.Options.Clock), so a guest's time.time() and the
// mtimes of the files it writes agree with date and ls.
func walltime(fsys *memfs.FS) func() (int64, int32) {
	return func() (int64, int32) {
		ns := fsys.Now().UnixNano()
		return ns / 1e9, int32(ns % 1e9)
	}
}

// monotonic is the guests' CLOCK_MONOTONIC, in ns.
func monotonic() int64 { return int64(time.Since(epoch)) }
