package interp

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

func osFileMode(m uint32) os.FileMode { return os.FileMode(m) }

// osMode is a file mode's permission bits.
type osMode = os.FileMode

// random is $RANDOM: a per-shell generator (bash's LCG), 0-32767.
func (r *Runner) random() int {
	if r.randState == 0 {
		r.randState = uint32(r.started.UnixNano()) | 1
	}
	r.randState = r.randState*1103515245 + 12345
	return int(r.randState>>16) & 0x7fff
}

// seconds is $SECONDS.
func (r *Runner) seconds() int { return r.secondsBase + int(time.Since(r.started)/time.Second) }

// selectLoop is select NAME in WORDS; do ...; done.
func (r *Runner) selectLoop(ctx context.Context, name string, items []string, body []*syntax.Stmt) int {
	in, ok := r.inFd(0)
	if !ok {
		return 1
	}
	status := 0
	for ctx.Err() == nil {
		for i, it := range items {
			fmt.Fprintf(r.stderr(), "%d) %s\n", i+1, it)
		}
		ps3, ok := r.getVar("PS3")
		if !ok {
			ps3 = "#? "
		}
		r.printErr(ps3)
		line, err := readDelim(in, '\n', &lineLimit{r: r, ctx: ctx})
		if line == "" && err != nil {
			// bash's select_query ends the menu's line on stdout.
			io.WriteString(r.stdout(), "\n")
			return 1
		}
		line = strings.TrimRight(line, "\n")
		r.setVar("REPLY", line, false)
		choice := ""
		if n, err := strconv.Atoi(strings.TrimSpace(line)); err == nil && n >= 1 && n <= len(items) {
			choice = items[n-1]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		r.setVar(name, choice, false)
		r.stmts(ctx, body)
		status = r.lastStatus
		if r.loopFlow() {
			break
		}
	}
	return status
}

// procSubst is <(cmd) and >(cmd): the command runs concurrently, its
// output (or input) a memfs file named /dev/fd/N... memsh uses a file
// under /tmp filled (or read) around the command.
func (r *Runner) procSubst(ctx context.Context, ps *syntax.ProcSubst) (string, bool) {
	r.procN++
	dir := "/tmp"
	r.cfg.FS.MkdirAll(dir, 0o1777)
	name := fmt.Sprintf("%s/.memsh-procsubst-%d-%d", dir, r.bashPid, r.procN)
	if ps.Op == syntax.CmdIn {
		f, err := r.cfg.FS.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
		if err != nil {
			r.errorf("%s: %s", name, strerror(err))
			return "", false
		}
		sub := r.subshellCopy()
		w := bufio.NewWriter(f)
		sub.fds[1] = &fdFile{w: w}
		sub.stmts(ctx, ps.Stmts)
		w.Flush()
		f.Close()
		sub.release()
		r.cleanup = append(r.cleanup, name)
		return name, true
	}
	f, err := r.cfg.FS.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		r.errorf("%s: %s", name, strerror(err))
		return "", false
	}
	f.Close()
	r.pendingOut = append(r.pendingOut, pendingProc{name: name, stmts: ps.Stmts})
	return name, true
}

// pendingProc is a >(cmd) whose command runs on what was written to its
// file, once the command that wrote it is done.
type pendingProc struct {
	name  string
	stmts []*syntax.Stmt
}

// finishProcSubst runs the >(cmd) commands and removes the files of a
// finished command's process substitutions.
func (r *Runner) finishProcSubst(ctx context.Context) {
	for _, p := range r.pendingOut {
		sub := r.subshellCopy()
		f, err := r.cfg.FS.Open(p.name)
		if err == nil {
			sub.fds[0] = &fdFile{r: f}
			sub.stmts(ctx, p.stmts)
			f.Close()
		}
		sub.release()
		r.cfg.FS.Remove(p.name)
	}
	r.pendingOut = nil
	for _, n := range r.cleanup {
		r.cfg.FS.Remove(n)
	}
	r.cleanup = nil
}
