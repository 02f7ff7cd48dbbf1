package interp

import (
	"context"
	"io"
	"os"
	"strconv"
	"sync"
	"sync/atomic"

	"mvdan.cc/sh/v3/syntax"

	"memsh/memfs"
)

// Process substitution, as bash's subst.c does it on Linux: <(list) and
// >(list) run list in a subshell at once, connected to the command by a
// pipe the command names as /dev/fd/N (63, then 62, ...). Here the pipe
// is a memfs FIFO at that path, so registry commands, builtins,
// redirections and python all open it as they would open the file on
// Linux, and it streams: `cat <(yes) | head -1` ends.
//
// The shell holds one end as its descriptor N (the read end of <(list),
// the write end of >(list)) while the command runs. When the command
// ends it closes that end and waits for list, in order, and removes the
// FIFO: a list still writing to a pipe nobody reads fails with EPIPE and
// ends. An `exec` that keeps a substitution open (exec 3< <(list)) leaves
// its list running.
//
// What >(list) writes is held until the command and the substitutions
// before it have ended, then passes through (past maxHeldOutput it
// passes through at once), so `tee >(wc -l) >(sha256sum) >copy` prints
// the count, then the sum, every time; bash's order depends on timing.

// maxHeldOutput is how much of a >(list)'s output waits for its turn
// before it is let through out of order.
const maxHeldOutput = 1 << 20

// procSub is one running process substitution.
type procSub struct {
	path     string
	fd       int
	held     *memfs.File   // the shell's end, descriptor fd
	done     chan struct{} // closed when list has ended
	out      *turnWriter   // >(list)'s stdout; nil for <(list)
	detached atomic.Bool   // exec kept it open: not waited for
}

// procSubst starts <(list) or >(list) and returns the path it expands to.
func (r *Runner) procSubst(ctx context.Context, ps *syntax.ProcSubst) (string, bool) {
	fsys := r.cfg.FS
	fsys.MkdirAll("/dev/fd", 0o755)
	path, fd := "", 0
	var err error
	for n := 63; n > 9; n-- {
		if r.fds[n] != nil {
			continue
		}
		// Another subshell's substitution may hold the name.
		p := "/dev/fd/" + strconv.Itoa(n)
		// Untracked: the pipe is no change of the user's files (undo).
		if err = fsys.MkfifoUntracked(p, 0o600); err == nil {
			path, fd = p, n
			break
		}
	}
	if path == "" {
		r.errorf("process substitution: cannot make a pipe: %s", strerror(err))
		return "", false
	}
	in := ps.Op == syntax.CmdIn
	listAcc, heldAcc := os.O_WRONLY, os.O_RDONLY
	if !in {
		listAcc, heldAcc = os.O_RDONLY, os.O_WRONLY
	}
	listEnd, err := fsys.OpenFile(path, listAcc, 0)
	if err != nil {
		fsys.Remove(path)
		r.errorf("%s: %s", path, strerror(err))
		return "", false
	}
	held, err := fsys.OpenFile(path, heldAcc, 0)
	if err != nil {
		listEnd.Close()
		fsys.Remove(path)
		r.errorf("%s: %s", path, strerror(err))
		return "", false
	}
	if !r.takeProcs(1, procMemory) {
		listEnd.Close()
		held.Close()
		fsys.Remove(path)
		return "", false
	}
	p := &procSub{path: path, fd: fd, held: held, done: make(chan struct{})}
	sub := r.subshellCopy()
	shellFd := &fdFile{path: path}
	if in {
		sub.fds[1] = &fdFile{w: listEnd}
		shellFd.r = held
	} else {
		p.out = &turnWriter{w: r.stdout()}
		sub.fds[0] = &fdFile{r: listEnd}
		sub.fds[1] = &fdFile{w: p.out}
		shellFd.w = held
	}
	r.fds = r.fds.clone()
	r.fds[fd] = shellFd
	r.pendingOut = append(r.pendingOut, p)
	// list ends with the command's context, unless exec keeps it open:
	// then it runs on after the command, until it ends, its reader goes,
	// or the line ends (Ctrl-C, --timeout, or the end of the Run: a read
	// waiting on it must not outlast the line).
	listCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	lineCtx := ctx
	if lj, ok := ctx.Value(jobCtxKey{}).(*lineJobs); ok {
		lineCtx = lj.run
	}
	// $! is the list's pid, as in bash 5.2: wait $! waits for it.
	pj := r.asyncPid(r.sourceOf(ps), p.done, cancel)
	sub.bashPid = pj.pid
	stop := context.AfterFunc(ctx, func() {
		if !p.detached.Load() {
			cancel()
			return
		}
		context.AfterFunc(lineCtx, cancel)
	})
	go func() {
		defer close(p.done)
		defer cancel()
		defer stop()
		defer r.giveProcs(1, procMemory)
		defer listEnd.Close()
		defer sub.release()
		status := 0
		defer sub.recoverCrash(&status)
		if len(ps.Stmts) == 1 && isCatRedirect(ps.Stmts[0]) {
			// <(< file) and >(< file) read the file, as $(< file) does.
			sub.catFile(listCtx, ps.Stmts[0])
			return
		}
		sub.stmts(listCtx, ps.Stmts)
		sub.runExitTrap(listCtx)
		pj.status = sub.lastStatus
		if s := pj.sig.Load(); s != 0 {
			pj.status = 128 + int(s)
		}
	}()
	return path, true
}

// finishProcSubst ends the substitutions started since mark: the shell
// closes its ends, waits for each list in order (letting its held
// output through first) and removes the FIFOs.
func (r *Runner) finishProcSubst(mark int) {
	subs := r.pendingOut[mark:]
	r.pendingOut = r.pendingOut[:mark:mark]
	r.fds = r.fds.clone()
	for _, p := range subs {
		p.held.Close()
		if f := r.fds[p.fd]; f != nil && f.path == p.path {
			delete(r.fds, p.fd)
		}
		r.cfg.FS.Remove(p.path)
	}
	for _, p := range subs {
		if p.out != nil {
			p.out.release()
		}
		if !p.detached.Load() {
			<-p.done
		}
	}
}

// detachProcSubst marks the substitutions since mark as kept open by
// exec: their lists run on, unwaited for, until they end or their
// descriptors close.
func (r *Runner) detachProcSubst(mark int) {
	for _, p := range r.pendingOut[mark:] {
		p.detached.Store(true)
	}
}

// refuseExecOutSubst refuses `exec > >(list)`: list would have to read
// the shell's output for the rest of the session.
func (r *Runner) refuseExecOutSubst(redirs []*syntax.Redirect) bool {
	for _, rd := range redirs {
		if rd.Word == nil {
			continue
		}
		for _, part := range rd.Word.Parts {
			if ps, ok := part.(*syntax.ProcSubst); ok && ps.Op == syntax.CmdOut {
				r.errorf(">(...): process substitution into a command is not supported in memsh; write to a file and read it afterwards")
				return true
			}
		}
	}
	return false
}

// turnWriter holds what a >(list) writes until release, then passes it
// through.
type turnWriter struct {
	mu   sync.Mutex
	w    io.Writer
	buf  []byte
	open bool
}

func (t *turnWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.open && len(t.buf)+len(p) > maxHeldOutput {
		t.flushLocked()
	}
	if t.open {
		return t.w.Write(p)
	}
	t.buf = append(t.buf, p...)
	return len(p), nil
}

// release lets the held output through, and all that follows.
func (t *turnWriter) release() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.flushLocked()
}

func (t *turnWriter) flushLocked() {
	if !t.open {
		t.open = true
		if len(t.buf) > 0 {
			t.w.Write(t.buf)
		}
		t.buf = nil
	}
}
