package interp

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"mvdan.cc/sh/v3/syntax"
)

// subshellCopy is the state a subshell starts from: a copy of this
// shell that shares variables and functions copy-on-write, so starting
// one costs O(scope depth), not O(variables). Release it when done.
func (r *Runner) subshellCopy() *Runner {
	c := *r
	c.vars = r.vars.share()
	c.funcs = r.funcs.share()
	c.aliases = r.aliases.share()
	c.traps = r.traps.forSubshell()
	c.funcNames = append([]string(nil), r.funcNames...)
	c.callLines = append([]uint(nil), r.callLines...)
	c.subshell = r.subshell + 1
	c.bashPid = r.bashPid + c.subshell*7 + len(r.funcNames)
	c.arithCache = nil
	c.patCache = nil
	c.ifsCache = nil
	c.bg = nil
	c.cleanup, c.pendingOut = nil, nil
	c.flow, c.flowN = flowNone, 0
	c.keepFds = false
	c.dirStack = append([]string(nil), r.dirStack...)
	c.fds = r.fds.clone()
	return &c
}

// release gives back what a subshell shared.
func (r *Runner) release() {
	r.vars.release()
	r.funcs.release()
	r.aliases.release()
	r.waitAll()
}

// inSubshell runs f in a subshell (( ... )) and returns its status.
func (r *Runner) inSubshell(ctx context.Context, f func(sub *Runner)) int {
	sub := r.subshellCopy()
	defer sub.release()
	f(sub)
	sub.runExitTrap(ctx)
	return sub.lastStatus
}

// cmdSubst runs $(...) and returns its output without trailing newlines.
func (r *Runner) cmdSubst(ctx context.Context, stmts []*syntax.Stmt) string {
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	out := &substBuffer{mem: r.cfg.Budget, stop: stop}
	sub := r.subshellCopy()
	sub.fds[1] = &fdFile{w: out}
	if !r.opts.inheritErrexit {
		sub.opts.errexit = false
	}
	if len(stmts) == 1 && isCatRedirect(stmts[0]) {
		// $(< file) reads the file.
		sub.catFile(ctx, stmts[0])
	} else {
		sub.stmts(ctx, stmts)
		sub.runExitTrap(ctx)
	}
	r.lastStatus, r.substRan = sub.lastStatus, true
	sub.release()
	if r.substStopped(out) {
		return ""
	}
	s := strings.TrimRight(out.buf.String(), "\n")
	return s
}

// isCatRedirect reports whether a statement is `< file` alone.
func isCatRedirect(st *syntax.Stmt) bool {
	return st.Cmd == nil && len(st.Redirs) == 1 && st.Redirs[0].Op == syntax.RdrIn
}

func (r *Runner) catFile(ctx context.Context, st *syntax.Stmt) {
	name, ok := r.literal(ctx, st.Redirs[0].Word)
	if !ok {
		r.lastStatus = 1
		return
	}
	data, err := r.cfg.FS.ReadFile(r.absPath(name))
	if err != nil {
		r.errorf("%s: %s", name, strerror(err))
		r.lastStatus = 1
		return
	}
	r.stdout().Write(data)
	r.lastStatus = 0
}

// jobTable is a shell's background jobs.
type jobTable struct {
	mu    sync.Mutex
	wg    sync.WaitGroup
	last  map[int]*job
	order []int // pids in the order the jobs started: %1, %2, ...
	next  int
}

type job struct {
	done   chan struct{}
	status int
	cancel context.CancelFunc
	sig    atomic.Int32 // the signal kill sent, if any
}

// background starts st in a subshell and goes on: $! is its pid.
func (r *Runner) background(ctx context.Context, st *syntax.Stmt) {
	if r.bg == nil {
		r.bg = &jobTable{last: map[int]*job{}, next: 2000}
	}
	fg := *st
	fg.Background = false
	sub := r.subshellCopy()
	if !r.opts.monitor {
		// A background job's stdin is /dev/null without job control.
		sub.fds[0] = &fdFile{r: eofReader{}}
	}
	r.bg.mu.Lock()
	r.bg.next++
	pid := r.bg.next
	j := &job{done: make(chan struct{})}
	r.bg.last[pid] = j
	r.bg.order = append(r.bg.order, pid)
	r.bg.mu.Unlock()
	ctx, j.cancel = context.WithCancel(ctx)
	r.lastBg = pid
	r.bg.wg.Add(1)
	go func() {
		defer r.bg.wg.Done()
		defer close(j.done)
		defer sub.recoverCrash(&j.status)
		sub.bashPid = pid
		sub.stmt(ctx, &fg)
		sub.runExitTrap(ctx)
		j.status = sub.lastStatus
		if s := j.sig.Load(); s != 0 {
			j.status = 128 + int(s)
		}
		sub.release()
		j.cancel()
	}()
	r.lastStatus = 0
}

// waitAll waits for every background job of this shell.
func (r *Runner) waitAll() {
	if r.bg != nil {
		r.bg.wg.Wait()
	}
}

// job finds a job by pid or job spec (%N, %%, %+, %-).
func (r *Runner) job(spec string) (*job, int, bool) {
	if r.bg == nil {
		return nil, 0, false
	}
	r.bg.mu.Lock()
	defer r.bg.mu.Unlock()
	pid := 0
	if rest, ok := strings.CutPrefix(spec, "%"); ok {
		n := len(r.bg.order)
		switch rest {
		case "", "%", "+":
		case "-":
			n--
		default:
			v, err := strconv.Atoi(rest)
			if err != nil {
				return nil, 0, false
			}
			n = v
		}
		if n < 1 || n > len(r.bg.order) {
			return nil, 0, false
		}
		pid = r.bg.order[n-1]
	} else {
		v, err := strconv.Atoi(spec)
		if err != nil {
			return nil, 0, false
		}
		pid = v
	}
	j, ok := r.bg.last[pid]
	return j, pid, ok
}

// waitPid waits for one job; false when it is not a child.
func (r *Runner) waitPid(spec string) (int, bool) {
	j, _, ok := r.job(spec)
	if !ok {
		return 127, false
	}
	<-j.done
	return j.status, true
}
