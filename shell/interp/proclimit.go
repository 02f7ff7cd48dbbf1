package interp

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// A session bounds what runs at once: every pipeline stage but the one
// the shell runs itself, and every background job, is a goroutine with a
// copy of the shell. Past Config.MaxProcs of them (or past the memory
// budget, at procMemory each and jobMemory a job) a pipeline or `&`
// fails as bash's fork does when `ulimit -u` is reached, with a message
// naming the limit, status 254, and the rest of the command is
// abandoned; so `f() { f | f; }; f` ends instead of filling the memory.

// defaultMaxProcs is Config.MaxProcs when it is 0.
const defaultMaxProcs = 5000

// procMemory is what a running pipeline stage is counted for against the
// memory budget; jobMemory what a background job is (an idle
// `sleep 30 &` measured about 160 KiB of heap, rounded up).
const (
	procMemory = 32 << 10
	jobMemory  = 256 << 10
)

// procCount is a session's count of running stages and jobs, shared by
// its subshells and child shells.
type procCount struct {
	n    atomic.Int64
	said atomic.Int64 // when the limit's message was last printed (UnixNano)
	// stop ends the top-level command running now (topStmt).
	stop atomic.Pointer[context.CancelCauseFunc]
}

// errProcLimit is why a top-level command was stopped at the limit.
var errProcLimit = errors.New("process limit")

// topStmt runs one top-level command so that reaching the limit stops
// all of it (every stage of a bomb, and the jobs it started), with
// status 254; the next command runs.
func (r *Runner) topStmt(ctx context.Context, st *syntax.Stmt) {
	r.topStmts++
	lj := &lineJobs{base: ctx, run: ctx}
	if r.cfg.Interactive && r.subshell == 0 {
		// Its jobs outlive the command; KillJobs ends them.
		lj.base = context.WithoutCancel(ctx)
	}
	ctx, stop := context.WithCancelCause(ctx)
	defer stop(nil)
	stopAll := context.CancelCauseFunc(func(cause error) {
		stop(cause)
		lj.stop(cause)
	})
	before := r.cfg.procs.n.Load()
	prev := r.cfg.procs.stop.Swap(&stopAll)
	defer r.cfg.procs.stop.Store(prev)
	r.stmts(context.WithValue(ctx, jobCtxKey{}, lj), []*syntax.Stmt{st})
	if errors.Is(context.Cause(ctx), errProcLimit) && !r.execed {
		r.flow, r.lastStatus = flowDiscard, 254
		// The command's stages and jobs are stopped but may still be
		// unwinding; while they hold their slots, one of them meeting
		// the limit would stop the next command instead.
		r.awaitProcs(lj.run, before)
	}
	r.nestHit = false
}

// awaitProcs waits, until done ends or for at most a few seconds, for the
// running stages and jobs to be back to n.
func (r *Runner) awaitProcs(done context.Context, n int64) {
	deadline := time.Now().Add(5 * time.Second)
	for r.cfg.procs.n.Load() > n && done.Err() == nil && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
}

// lineJobs is the context the jobs a top-level command starts run
// under: made when the first starts (a script of many commands makes
// none it does not need).
type lineJobs struct {
	base   context.Context
	run    context.Context // the Run's: ends with the line (Ctrl-C, --timeout, its end)
	mu     sync.Mutex
	ctx    context.Context
	cancel context.CancelCauseFunc
}

func (l *lineJobs) get() context.Context {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.ctx == nil {
		l.ctx, l.cancel = context.WithCancelCause(l.base)
	}
	return l.ctx
}

func (l *lineJobs) stop(cause error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.cancel != nil {
		l.cancel(cause)
	}
}

// takeProcs reserves n slots, each of mem bytes; false, after bash's
// message, when the limit or the budget refuses them.
func (r *Runner) takeProcs(n int, mem int64) bool {
	pc := r.cfg.procs
	limit := r.cfg.MaxProcs
	if limit <= 0 {
		limit = defaultMaxProcs
	}
	msg := ""
	if pc.n.Add(int64(n)) > int64(limit) {
		pc.n.Add(-int64(n))
		msg = fmt.Sprintf("fork: Resource temporarily unavailable (memsh process limit: %d pipeline stages and jobs running)", limit)
	} else if err := r.cfg.Budget.Reserve(int64(n) * mem); err != nil {
		pc.n.Add(-int64(n))
		msg = fmt.Sprintf("fork: Cannot allocate memory (%v)", err)
	}
	if msg == "" {
		return true
	}
	// A bomb fails thousands of times a second: say it once a second.
	now := time.Now().UnixNano()
	if last := pc.said.Load(); now-last > int64(time.Second) && pc.said.CompareAndSwap(last, now) {
		// As bash's sys_error prints it: no line number.
		r.printErr("bash: " + msg + "\n")
	}
	r.expansionFatal(254)
	if stop := pc.stop.Load(); stop != nil {
		(*stop)(errProcLimit)
	}
	return false
}

// giveProcs gives back what takeProcs took.
func (r *Runner) giveProcs(n int, mem int64) {
	r.cfg.procs.n.Add(-int64(n))
	r.cfg.Budget.Release(int64(n) * mem)
}
