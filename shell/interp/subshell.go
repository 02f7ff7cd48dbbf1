package interp

import (
	"context"
	"slices"
	"strings"
	"sync"

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
	c.traps = r.traps.forSubshell(r.opts.errtrace, r.opts.functrace)
	c.frames = append([]callFrame(nil), r.frames...)
	c.subshell = r.subshell + 1
	c.nestHit = false
	// Every subshell is a new process: its own $BASHPID.
	c.bashPid = int(r.pids.Add(1))
	c.arithCache = nil
	c.patCache = nil
	c.ifsCache = nil
	c.bg, c.seenJobs, c.orphans = nil, nil, nil
	c.leavesJobs = false
	// A subshell waits for its jobs before it ends: they may run under
	// its context.
	c.stageJobs = nil
	c.pendingOut = nil
	c.flow, c.flowN = flowNone, 0
	// a subshell is in no loop: break and continue there say so
	c.loopDepth = 0
	c.keepFds = false
	c.pendingSigs = nil
	c.dirStack = append([]string(nil), r.dirStack...)
	c.hash = r.hash.clone()
	c.fds = r.fds.clone()
	c.fds.holdAll()
	return &c
}

// release gives back what a subshell shared.
func (r *Runner) release() {
	r.vars.release()
	r.funcs.release()
	r.aliases.release()
	r.waitAll()
	r.fds.dropAll()
}

// orphanage holds the ( ) subshells that ended while jobs they started
// still ran. bash's subshell exits at once and leaves such jobs running
// (`(cmd > fifo &); cat fifo` relies on it); here the shell that ran
// the subshell waits for them only when it ends itself (waitAll), and
// KillJobs stops them with its own jobs.
type orphanage struct {
	mu   sync.Mutex
	wg   sync.WaitGroup
	subs []*Runner
}

// releaseSubshell gives back what sub shared; if it left jobs running,
// later, when they end, without waiting for them now.
func (r *Runner) releaseSubshell(sub *Runner) {
	if sub.bg == nil && sub.orphans == nil {
		sub.release()
		return
	}
	if r.orphans == nil {
		r.orphans = &orphanage{}
	}
	o := r.orphans
	o.mu.Lock()
	o.subs = append(o.subs, sub)
	o.mu.Unlock()
	o.wg.Add(1)
	go func() {
		defer o.wg.Done()
		sub.release()
		o.mu.Lock()
		o.subs = slices.DeleteFunc(o.subs, func(s *Runner) bool { return s == sub })
		o.mu.Unlock()
	}()
}

// inSubshell runs f in a subshell (( ... )) and returns its status.
func (r *Runner) inSubshell(ctx context.Context, f func(sub *Runner)) int {
	sub := r.subshellCopy()
	// Its jobs outlive it, as the main shell's outlive their line,
	// unless it runs inside a $( ) or a pipeline stage, which wait.
	sub.leavesJobs = r.subshell == 0 || r.leavesJobs
	defer r.releaseSubshell(sub)
	// A subshell is in no loop of its parent's: break and continue in
	// it are "only meaningful in a loop", as bash resets loop_level.
	sub.loopDepth = 0
	f(sub)
	sub.runExitTrap(ctx)
	r.nestStopped(sub)
	r.notifyJobs()
	return sub.lastStatus
}

// cmdSubst runs $(...) and returns its output without trailing newlines.
func (r *Runner) cmdSubst(ctx context.Context, stmts []*syntax.Stmt) string {
	line := ctx
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	out := &substBuffer{mem: r.cfg.Budget, stop: stop}
	sub := r.subshellCopy()
	// break and continue in $( ) end it, as if in the loop around
	sub.loopDepth = r.loopDepth
	sub.seenJobs = r.jobView()
	sub.traceLevel++
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
	r.notifyJobs()
	if r.nestStopped(sub) {
		return ""
	}
	if line.Err() != nil {
		// The line was stopped (Ctrl-C, a timeout, a limit) while the
		// substitution ran: its command must not run on what came out.
		r.lastStatus, r.flow = 130, flowExit
		return ""
	}
	if r.substStopped(out) {
		return ""
	}
	s := out.buf.String()
	if strings.IndexByte(s, 0) >= 0 {
		r.printErr(r.arg0 + ": warning: command substitution: ignored null byte in input\n")
		s = strings.ReplaceAll(s, "\x00", "")
	}
	return strings.TrimRight(s, "\n")
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
	data, err := r.readFileHeld(r.absPath(name))
	if err != nil {
		r.errorf("%s: %s", name, strerror(err))
		r.lastStatus = 1
		return
	}
	r.stdout().Write(data)
	r.lastStatus = 0
}
