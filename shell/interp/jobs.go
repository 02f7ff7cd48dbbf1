package interp

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"mvdan.cc/sh/v3/syntax"
)

// Background jobs, as bash's jobs.c keeps them: `cmd &` runs cmd in a
// subshell on a goroutine of its own and files it in the shell's job
// table under the next job number (%1, %2, ...) and a pid ($!). In an
// interactive shell (Config.Interactive) the table outlives the Run
// that started the job: later Runs list it (jobs), wait for it (wait,
// fg), signal it (kill) or forget it (disown), and Notices reports the
// jobs that ended ("[1]+  Done  cmd") before the next prompt. There a
// job starting prints bash's "[1] PID" line, and its stdin is the
// terminal, which it reads only once fg brings it to the foreground
// (jobs_tty.go).

// jobTable is a shell's background jobs.
type jobTable struct {
	mu      sync.Mutex
	wg      sync.WaitGroup
	byPid   map[int]*job  // every job started: wait PID and kill PID find it
	list    []*job        // the job table: jobs not yet reported, in order
	next    int           // the last pid given
	changed chan struct{} // closed (and replaced) when a job ends
	// current and previous are %+ and %- (nil: none), chosen as bash's
	// reset_current and set_current_job choose them.
	current, previous *job
	// exitWarned is the top-level command whose exit said "There are
	// stopped jobs." (0: none).
	exitWarned int
}

// jobView is the job table as a subshell sees it for jobs: a copy.
type jobView struct {
	list              []*job
	current, previous *job
}

// running says j has not ended.
func (j *job) running() bool {
	select {
	case <-j.done:
		return false
	default:
		return true
	}
}

// newestRunning is the newest job still running that started before
// before (any, when before is nil), one stopped on a terminal read
// first, as bash prefers a stopped job; t.mu is held.
func (t *jobTable) newestRunning(before *job) *job {
	i := len(t.list) - 1
	if before != nil {
		for i >= 0 && t.list[i] != before {
			i--
		}
		i--
	}
	var found *job
	for ; i >= 0; i-- {
		if j := t.list[i]; j.running() {
			if s, _ := j.tty.isStopped(); s {
				return j
			}
			if found == nil {
				found = j
			}
		}
	}
	return found
}

// resetCurrent is bash's reset_current: the newest stopped job, else
// the newest running one becomes current, or there is none; t.mu is
// held.
func (t *jobTable) resetCurrent() {
	c := t.newestRunning(nil)
	if c == nil {
		t.current, t.previous = nil, nil
		return
	}
	// The previous job is the newest running one older than current,
	// else current itself (bash's set_current_job).
	t.current, t.previous = c, c
	if p := t.newestRunning(c); p != nil {
		t.previous = p
	}
}

// stopped makes j, which just stopped on a terminal read, the current
// job, as bash's set_current_job does for a job that stops.
func (t *jobTable) stopped(j *job) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.current != j {
		t.previous, t.current = t.current, j
	}
	if t.previous == nil {
		t.previous = j
	}
	// wait -n looks again: a stopped job is no longer waited for.
	close(t.changed)
	t.changed = make(chan struct{})
}

// mark is + for the current job, - for the previous one.
func (v *jobView) mark(j *job) byte {
	switch j {
	case v.current:
		return '+'
	case v.previous:
		return '-'
	}
	return ' '
}

type job struct {
	pid, n   int    // $! and the job number
	text     string // the command as written, for jobs and notices
	done     chan struct{}
	status   int
	cancel   context.CancelFunc
	signal   func(sig int) bool // its signal group's (Config.Signals), or nil
	ctx      context.Context    // what it runs under: its signal group
	sig      atomic.Int32       // the signal kill sent, if any
	disowned bool
	// tty is the job's stdin in an interactive shell: the terminal,
	// which it reads only in the foreground (nil: none).
	tty *jobTTY
}

// jobCtxKey holds the *lineJobs a top-level command's jobs run under:
// the Run's context, not the command's own (which ends with it).
type jobCtxKey struct{}

// keptStatuses is how many ended jobs that left the table wait PID still
// finds (bash keeps CHILD_MAX of them): the oldest are forgotten first.
const keptStatuses = 1024

// prune forgets the oldest statuses past keptStatuses; t.mu is held.
// It scans only when the map has doubled, so n jobs cost O(n).
func (t *jobTable) prune() {
	if len(t.byPid) <= 2*keptStatuses+len(t.list) {
		return
	}
	inTable := make(map[*job]bool, len(t.list))
	for _, j := range t.list {
		inTable[j] = true
	}
	var ended []int
	for pid, j := range t.byPid {
		select {
		case <-j.done:
			if !inTable[j] {
				ended = append(ended, pid)
			}
		default:
		}
	}
	sort.Ints(ended)
	for _, pid := range ended[:max(0, len(ended)-keptStatuses)] {
		delete(t.byPid, pid)
	}
}

func (t *jobTable) ended() {
	t.mu.Lock()
	close(t.changed)
	t.changed = make(chan struct{})
	t.mu.Unlock()
}

// jobTable is the shell's job table, made on first use.
func (r *Runner) jobTable() *jobTable {
	if r.bg == nil {
		r.bg = &jobTable{byPid: map[int]*job{}, next: 2000, changed: make(chan struct{})}
	}
	return r.bg
}

// asyncPid gives a process that is no job (a process substitution's
// list) the next pid: $! is it, and wait PID and kill PID find it
// (bash 5.2 sets $! so). done closes when it ends, after its status is
// set; cancel ends it.
func (r *Runner) asyncPid(text string, done chan struct{}, cancel context.CancelFunc) *job {
	t := r.jobTable()
	t.mu.Lock()
	t.next++
	j := &job{pid: t.next, text: text, done: done, cancel: cancel}
	t.byPid[j.pid] = j
	t.prune()
	t.mu.Unlock()
	r.lastBg = j.pid
	return j
}

// background starts st in a subshell and goes on: $! is its pid.
func (r *Runner) background(ctx context.Context, st *syntax.Stmt) {
	r.jobTable()
	if !r.takeProcs(1, jobMemory) {
		return
	}
	fg := *st
	fg.Background = false
	sub := r.subshellCopy()
	r.bg.mu.Lock()
	r.bg.next++
	j := &job{pid: r.bg.next, n: 1, text: r.jobText(st), done: make(chan struct{})}
	for _, o := range r.bg.list {
		j.n = max(j.n, o.n+1)
	}
	r.bg.byPid[j.pid] = j
	r.bg.list = append(r.bg.list, j)
	r.bg.resetCurrent()
	r.bg.prune()
	r.bg.mu.Unlock()
	if lj, ok := ctx.Value(jobCtxKey{}).(*lineJobs); ok && (r.subshell == 0 || r.leavesJobs) {
		// The job outlives the command that started it (topStmt).
		ctx = lj.get()
	} else if r.stageJobs != nil {
		// A pipeline stage's job runs under the pipeline's context, not
		// the stage's program's: the stage's end does not end it, and
		// the SIGINT that kills the stage does not reach it (bash's
		// asynchronous commands ignore SIGINT without job control).
		ctx = r.stageJobs
	}
	ctx, j.cancel = context.WithCancel(ctx)
	if r.cfg.Signals != nil {
		ctx, j.signal = r.cfg.Signals.Group(ctx, true)
	}
	j.ctx = ctx
	switch {
	case r.cfg.Interactive && r.subshell == 0:
		// The terminal, read only in the foreground: bash stops a job
		// reading it from the background (SIGTTIN) until fg.
		bg := r.bg
		j.tty = newJobTTY(ctx, func() { bg.stopped(j) })
		sub.fds[0] = &fdFile{r: j.tty}
		// bash -i's line for a job it starts.
		fmt.Fprintf(r.stderr(), "[%d] %d\n", j.n, j.pid)
	case !r.opts.monitor || r.cfg.Interactive:
		// Without job control a background job's stdin is /dev/null.
		sub.fds[0] = &fdFile{r: eofReader{}}
	}
	r.lastBg = j.pid
	r.bg.wg.Add(1)
	go func() {
		defer r.bg.wg.Done()
		defer r.bg.ended()
		defer close(j.done)
		// The job's slot and memory are given back before a wait for
		// it returns.
		defer r.giveProcs(1, jobMemory)
		defer sub.recoverCrash(&j.status)
		sub.bashPid = j.pid
		// As in bash, the job's own command failing runs no ERR trap
		// and no errexit (the commands inside it do).
		sub.asyncStmt = &fg
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

// jobText is a job's command as jobs shows it, rendered as bash's
// make_command_string renders it: words one space apart, ( list ) and
// { list; }, pipelines and && lists, redirections as "> file" and
// "2>&1". Other compound commands keep their source text.
func (r *Runner) jobText(st *syntax.Stmt) string {
	fg := *st
	fg.Background = false
	if t, ok := r.renderStmt(&fg); ok {
		return t
	}
	from, to := int(st.Pos().Offset()), int(st.End().Offset())
	if from < 0 || to > len(r.src) || from >= to {
		return "command"
	}
	t := strings.TrimSpace(r.src[from:to])
	t = strings.TrimSpace(strings.TrimSuffix(t, "&"))
	return t
}

// renderStmt is jobText's rendering of a statement; ok is false for a
// form it leaves to the source text.
func (r *Runner) renderStmt(st *syntax.Stmt) (string, bool) {
	var b strings.Builder
	if st.Negated {
		b.WriteString("! ")
	}
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		var parts []string
		for _, a := range c.Assigns {
			parts = append(parts, strings.TrimSpace(r.sourceOf(a)))
		}
		for _, w := range c.Args {
			parts = append(parts, r.sourceOf(w))
		}
		b.WriteString(strings.Join(parts, " "))
	case *syntax.Subshell:
		list, ok := r.renderList(c.Stmts)
		if !ok {
			return "", false
		}
		b.WriteString("( " + list + " )")
	case *syntax.Block:
		list, ok := r.renderList(c.Stmts)
		if !ok {
			return "", false
		}
		b.WriteString("{ " + list + "; }")
	case *syntax.BinaryCmd:
		x, ok1 := r.renderStmt(c.X)
		y, ok2 := r.renderStmt(c.Y)
		if !ok1 || !ok2 {
			return "", false
		}
		b.WriteString(x + " " + c.Op.String() + " " + y)
	default:
		return "", false
	}
	for _, rd := range st.Redirs {
		if rd.Hdoc != nil {
			return "", false
		}
		b.WriteByte(' ')
		if rd.N != nil {
			b.WriteString(rd.N.Value)
		}
		b.WriteString(rd.Op.String())
		if rd.Op != syntax.DplIn && rd.Op != syntax.DplOut {
			b.WriteByte(' ')
		}
		b.WriteString(r.sourceOf(rd.Word))
	}
	return b.String(), true
}

// renderList renders statements as bash joins them: "; " between.
func (r *Runner) renderList(list []*syntax.Stmt) (string, bool) {
	parts := make([]string, 0, len(list))
	for _, st := range list {
		t, ok := r.renderStmt(st)
		if !ok || st.Background {
			return "", false
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, "; "), true
}

// waitAll waits for every background job of this shell, disowned ones
// too (a subshell or a script ends only when its jobs have).
func (r *Runner) waitAll() {
	if r.bg != nil {
		r.bg.wg.Wait()
	}
	if r.orphans != nil {
		r.orphans.wg.Wait()
	}
}

// waitJobs is `wait` without arguments: every job in the table, which
// is then empty. Cancelling ctx stops the wait (status 130).
func (r *Runner) waitJobs(ctx context.Context) int {
	if r.bg == nil {
		return 0
	}
	for _, j := range r.jobList() {
		if j.disowned {
			continue
		}
		stopped, stops := j.tty.isStopped()
		if !stopped {
			select {
			case <-j.done:
			case <-stops:
				stopped = true
			case <-ctx.Done():
				return 130
			}
		}
		if stopped {
			// bash waits for the others.
			r.errorf("wait: warning: job %d[%d] stopped", j.n, j.pid)
			continue
		}
		r.reap(j)
	}
	// bash forgets the statuses of the jobs that ended, too.
	r.bg.mu.Lock()
	for pid, j := range r.bg.byPid {
		select {
		case <-j.done:
			delete(r.bg.byPid, pid)
		default:
		}
	}
	r.bg.mu.Unlock()
	return 0
}

// waitAny is `wait -n`: the next job to end (one that has ended and is
// not yet reported first), among only when it is not nil; 127 when there
// is none.
func (r *Runner) waitAny(ctx context.Context, only map[*job]bool) (int, *job) {
	if r.bg == nil {
		return 127, nil
	}
	for {
		r.bg.mu.Lock()
		changed, running := r.bg.changed, 0
		for _, j := range r.bg.list {
			if only != nil && !only[j] {
				continue
			}
			select {
			case <-j.done:
				r.bg.mu.Unlock()
				r.reap(j)
				return j.status, j
			default:
				if s, _ := j.tty.isStopped(); !s {
					running++
				}
			}
		}
		r.bg.mu.Unlock()
		if running == 0 {
			return 127, nil
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return 130, nil
		}
	}
}

// notifyJobs is bash's notify_and_cleanup where no prompt reports jobs
// (a script, bash -c, a subshell), after each foreground command bash
// forks and waits for: that wait reaps every child that has ended. bash
// -c forgets the jobs that have ended, without a word; a script file
// keeps them until jobs or wait reports them. (bash runs it as it reads
// each new line too, but sees only the jobs reaped by then, so a job
// that ended since the last wait stays: `kill %1` then `wait %1` on the
// next line gets 143. bash also prints a line for a job killed by a
// signal other than INT and TERM: memsh does not.)
func (r *Runner) notifyJobs() {
	if r.bg == nil || r.cfg.Interactive && r.subshell == 0 {
		return
	}
	for _, j := range r.jobList() {
		select {
		case <-j.done:
			if r.fromFile && j.sig.Load() == 0 {
				continue // a script file keeps it for jobs
			}
			r.reap(j)
		default:
		}
	}
}

// reap takes an ended job out of the table of a shell without a prompt,
// first printing bash's line for one a signal ended (but INT, TERM and
// PIPE, or a signal this shell traps):
//
//	bash: line 3:  2001 Hangup                  sleep 1
func (r *Runner) reap(j *job) {
	s := int(j.sig.Load())
	if !r.forget(j) || r.cfg.Interactive && r.subshell == 0 || s == 0 || s == 2 || s == 13 || s == 15 {
		return
	}
	if r.trap("SIG"+sigName(s)) != "" {
		return
	}
	fmt.Fprintf(r.stderr(), "%s: line %d: %5d %-24s%s\n", r.arg0, max(r.line, 1), j.pid, sigText(s), j.text)
}

// forget takes j out of the job table (reported, waited for, disowned).
func (r *Runner) forget(j *job) bool {
	r.bg.mu.Lock()
	defer r.bg.mu.Unlock()
	for i, o := range r.bg.list {
		if o == j {
			r.bg.list = append(r.bg.list[:i], r.bg.list[i+1:]...)
			if j == r.bg.current || j == r.bg.previous {
				r.bg.resetCurrent()
			}
			return true
		}
	}
	return false
}

// job finds a job by pid or job spec (%N, %%, %+, %-, %string,
// %?string); a name that more than one job matches finds none.
func (r *Runner) job(spec string) (*job, int, bool) {
	j, _ := r.jobSpec("", spec)
	if j == nil {
		return nil, 0, false
	}
	return j, j.pid, true
}

// jobSpec is bash's get_job_spec for builtin: the job a pid or job spec
// names, nil when none does. dup says a %string or %?string matched more
// than one job: the builtin's "ambiguous job spec" message is printed
// then (none when builtin is ""), as bash's get_job_by_name prints it.
func (r *Runner) jobSpec(builtin, spec string) (found *job, dup bool) {
	if r.bg == nil {
		return nil, false
	}
	rest, isSpec := strings.CutPrefix(spec, "%")
	r.bg.mu.Lock()
	defer r.bg.mu.Unlock()
	if !isSpec {
		pid, err := strconv.Atoi(spec)
		if err != nil {
			return nil, false
		}
		return r.bg.byPid[pid], false
	}
	list := r.bg.list
	switch {
	case rest == "" || rest == "%" || rest == "+":
		return r.bg.current, false
	case rest == "-":
		return r.bg.previous, false
	case allDigits(rest):
		n, _ := strconv.Atoi(rest)
		for _, j := range list {
			if j.n == n {
				found = j
			}
		}
		return found, false
	}
	sub, contains := strings.CutPrefix(rest, "?")
	for i := len(list) - 1; i >= 0; i-- {
		j := list[i]
		if contains && strings.Contains(strings.ToLower(j.text), strings.ToLower(sub)) ||
			!contains && strings.HasPrefix(j.text, rest) {
			if found != nil {
				if builtin != "" {
					r.errorf("%s: %s: ambiguous job spec", builtin, sub)
				}
				return nil, true
			}
			found = j
		}
	}
	return found, false
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// stoppedStatus is a wait's status for a job that stopped (SIGTTIN).
const stoppedStatus = 128 + 21

// waitFor waits for job j and takes it out of the job table; wait PID
// still finds its status later. Cancelling ctx stops the wait (130).
func (r *Runner) waitFor(ctx context.Context, j *job) int {
	stopped, stops := j.tty.isStopped()
	if stopped {
		r.errorf("warning: wait_for_job: job %d is stopped", j.n)
		return stoppedStatus
	}
	select {
	case <-j.done:
	case <-stops:
		// The job stopped while waited for: bash tells of it at once.
		if j.tty.report() {
			v := r.jobView()
			fmt.Fprintf(r.stderr(), "\n[%d]%c  %-24s%s\n", j.n, v.mark(j), "Stopped", j.text)
		}
		return stoppedStatus
	case <-ctx.Done():
		return 130
	}
	r.reap(j)
	return j.status
}

// state is a job's state as jobs prints it, and its text.
func (j *job) state() (string, string, bool) {
	select {
	case <-j.done:
	default:
		if s, _ := j.tty.isStopped(); s {
			return "Stopped", j.text, false
		}
		return "Running", j.text + " &", false
	}
	switch s := j.sig.Load(); {
	case s == 9:
		return "Killed", j.text, true
	case s != 0:
		return "Terminated", j.text, true
	case j.status == 0:
		return "Done", j.text, true
	}
	return "Exit " + strconv.Itoa(j.status), j.text, true
}

// Notices prints, as bash does before a prompt, a line for each job
// that ended since it was last asked ("[1]+  Done                    cmd")
// and forgets those jobs.
func (r *Runner) Notices(w io.Writer) {
	if r.bg == nil {
		return
	}
	v := r.jobView()
	for _, j := range v.list {
		st, text, done := j.state()
		switch {
		case j.disowned:
		case done:
			fmt.Fprintf(w, "[%d]%c  %-24s%s\n", j.n, v.mark(j), st, text)
			r.forget(j)
		case j.tty != nil && j.tty.report():
			fmt.Fprintf(w, "[%d]%c  %-24s%s\n", j.n, v.mark(j), st, text)
		}
	}
}

// Jobs is how many jobs in the table still run (bash's \j in a
// prompt).
func (r *Runner) Jobs() int {
	n := 0
	for _, j := range r.jobList() {
		if _, _, done := j.state(); !done {
			n++
		}
	}
	return n
}

// StoppedJobs is how many jobs in the table are stopped (wait to read
// the terminal). Call it between Runs.
func (r *Runner) StoppedJobs() int {
	n := 0
	for _, j := range r.jobList() {
		if st, _, _ := j.state(); st == "Stopped" {
			n++
		}
	}
	return n
}

// KillJobs ends every background job (the session is closing) and
// waits for them.
func (r *Runner) KillJobs() {
	if r.orphans != nil {
		r.orphans.mu.Lock()
		subs := r.orphans.subs
		r.orphans.mu.Unlock()
		for _, sub := range subs {
			sub.KillJobs()
		}
	}
	if r.bg == nil {
		r.waitAll()
		return
	}
	r.bg.mu.Lock()
	for _, j := range r.bg.byPid {
		j.sig.CompareAndSwap(0, 1)
		j.cancel()
	}
	r.bg.mu.Unlock()
	r.waitAll()
}

// stoppedJobsKeepShell is bash's check before exit at a prompt: with
// a job stopped it says "There are stopped jobs." and the shell stays,
// unless the command before was such an exit too.
func (r *Runner) stoppedJobsKeepShell() bool {
	if !r.cfg.Interactive || r.subshell != 0 || r.bg == nil {
		return false
	}
	if r.bg.exitWarned != 0 && r.bg.exitWarned == r.topStmts-1 {
		return false
	}
	for _, j := range r.jobList() {
		if st, _, _ := j.state(); st == "Stopped" {
			r.printErr("There are stopped jobs.\n")
			r.bg.exitWarned = r.topStmts
			return true
		}
	}
	return false
}

// hangUpJobs is the terminal going away as the shell at a prompt exits:
// bash sends its stopped jobs SIGHUP, and a job reading the terminal
// later gets EOF, so the shell's wait for its jobs ends.
func (r *Runner) hangUpJobs() {
	for _, j := range r.jobList() {
		if j.tty == nil {
			continue
		}
		if st, _, _ := j.state(); st == "Stopped" {
			j.sig.CompareAndSwap(0, 1)
			j.cancel()
		}
		j.tty.hangUp()
	}
}

// noJobControl is the message of fg and bg where bash has no job
// control (a script, bash -c, unless set -m turned it on).
func (r *Runner) noJobControl(name string) bool {
	if (r.cfg.Interactive || r.opts.monitor) && r.subshell == 0 {
		return false
	}
	r.errorf("%s: no job control", name)
	return true
}

// builtinJobs is jobs [-lnprs] [jobspec...].
func builtinJobs(ctx context.Context, r *Runner, args []string) int {
	opts, i, ok := r.builtinOpts(args, "lprsnx", "jobs [-lnprs] [jobspec ...] or jobs -x command [args]")
	if !ok {
		return 2
	}
	if opts.has('x') {
		return r.jobsExec(ctx, args[1:i], args[i:])
	}
	long, pids, running, stopped := opts.has('l'), opts.has('p'), opts.has('r'), opts.has('s')
	v, status := r.jobView(), 0
	if r.bg == nil && r.seenJobs != nil {
		v = r.seenJobs
	}
	list := v.list
	if i < len(args) {
		list = nil
		for _, spec := range args[i:] {
			j, _ := r.jobSpec("jobs", spec)
			if j == nil {
				// bash says so after "ambiguous job spec" too.
				r.errorf("jobs: %s: no such job", spec)
				status = 1
				continue
			}
			list = append(list, j)
		}
	}
	for _, j := range list {
		st, text, done := j.state()
		isStopped := st == "Stopped"
		if running && (done || isStopped) || stopped && !isStopped {
			continue
		}
		if isStopped {
			j.tty.report()
		}
		switch {
		case pids:
			fmt.Fprintf(r.stdout(), "%d\n", j.pid)
		case long:
			if isStopped {
				st = "Stopped (tty input)"
			}
			fmt.Fprintf(r.stdout(), "[%d]%c %d %-24s%s\n", j.n, v.mark(j), j.pid, st, text)
		default:
			fmt.Fprintf(r.stdout(), "[%d]%c  %-24s%s\n", j.n, v.mark(j), st, text)
		}
		if done && r.bg != nil {
			r.forget(j)
		}
	}
	return status
}

// jobNames is what compgen -j (-A job), -A running and -A stopped
// list: the first word of each job's command (an assignment, "(" or
// "{" too), newest first, as bash's pcomplete.c takes them.
func (r *Runner) jobNames(which string) []string {
	v := r.jobView()
	if r.bg == nil && r.seenJobs != nil {
		v = r.seenJobs
	}
	var out []string
	for i := len(v.list) - 1; i >= 0; i-- {
		j := v.list[i]
		st, _, done := j.state()
		if which == "running" && (done || st == "Stopped") || which == "stopped" && st != "Stopped" {
			continue
		}
		if f := strings.Fields(j.text); len(f) > 0 {
			out = append(out, f[0])
		}
	}
	return out
}

// jobView is a copy of the job table now, with its current and
// previous jobs.
func (r *Runner) jobView() *jobView {
	if r.bg == nil {
		return &jobView{}
	}
	r.bg.mu.Lock()
	defer r.bg.mu.Unlock()
	return &jobView{list: append([]*job(nil), r.bg.list...), current: r.bg.current, previous: r.bg.previous}
}

// jobList is the job table now, in the order the jobs started.
func (r *Runner) jobList() []*job {
	if r.bg == nil {
		return nil
	}
	r.bg.mu.Lock()
	defer r.bg.mu.Unlock()
	return append([]*job(nil), r.bg.list...)
}

// jobsExec is jobs -x command [args]: the command runs with each job
// spec among its words replaced by the job's pid (a word that names no
// job stays as it is). bash refuses -l, -p and -n before -x.
func (r *Runner) jobsExec(ctx context.Context, opts, argv []string) int {
	letters := strings.Join(opts, "")
	if before, _, _ := strings.Cut(letters, "x"); strings.ContainsAny(before, "lpn") {
		r.errorf("jobs: no other options allowed with `-x'")
		return 1
	}
	if len(argv) == 0 {
		return 0
	}
	argv = append([]string(nil), argv...)
	for k, a := range argv {
		if strings.HasPrefix(a, "%") {
			if j, _ := r.jobSpec("jobs", a); j != nil {
				argv[k] = strconv.Itoa(j.pid)
			}
		}
	}
	return r.run(ctx, argv, nil)
}

// builtinFg is fg [jobspec]: the job runs in the foreground (its text
// is printed, the shell waits for it): it reads the terminal (fg's
// stdin) and takes its Ctrl-C.
func builtinFg(ctx context.Context, r *Runner, args []string) int {
	if r.noJobControl("fg") {
		return 1
	}
	spec, what := "%+", "current"
	if len(args) > 1 {
		spec, what = args[1], args[1]
	}
	j, _, ok := r.job(spec)
	if !ok {
		r.errorf("fg: %s: no such job", what)
		return 1
	}
	if r.cfg.Signals != nil && j.ctx != nil {
		// The job takes the terminal's signals while fg waits for it.
		defer r.cfg.Signals.Foreground(ctx, j.ctx)()
	}
	fmt.Fprintf(r.stdout(), "%s\n", j.text)
	release := func() {}
	if j.tty != nil {
		// The job reads the terminal now: fg's own stdin.
		release = j.tty.attach(ctx, r.stdin())
	}
	defer func() { release() }()
	var suspend <-chan struct{}
	if r.subshell == 0 {
		suspend = r.fgJob.begin()
		defer r.fgJob.end()
	}
	select {
	case <-suspend:
		// Ctrl-Z: back to the background, where a job reading the
		// terminal is stopped as in bash; one that computes goes on, as
		// after bash's Ctrl-Z and bg.
		release()
		release = func() {}
		v := r.jobView()
		if st, _, _ := j.state(); st == "Stopped" {
			j.tty.report()
			fmt.Fprintf(r.stderr(), "\n[%d]%c  %-24s%s\n", j.n, v.mark(j), "Stopped", j.text)
		} else {
			fmt.Fprintf(r.stderr(), "\n[%d]%c %s &\n", j.n, v.mark(j), j.text)
		}
		return 128 + 20
	case <-j.done:
	case <-ctx.Done():
		j.sig.CompareAndSwap(0, 2)
		j.cancel()
		<-j.done
	}
	r.forget(j)
	return j.status
}

// builtinBg is bg [jobspec...]: a job stopped on a terminal read runs
// again; any other is already in the background (memsh's jobs stop
// only there).
func builtinBg(ctx context.Context, r *Runner, args []string) int {
	if r.noJobControl("bg") {
		return 1
	}
	specs := args[1:]
	if len(specs) == 0 {
		specs = []string{"%+"}
	}
	status := 0
	for _, spec := range specs {
		j, _, ok := r.job(spec)
		if !ok {
			what := spec
			if len(args) == 1 {
				what = "current"
			}
			r.errorf("bg: %s: no such job", what)
			status = 1
			continue
		}
		st, _, done := j.state()
		if done {
			r.errorf("bg: job has terminated")
			status = 1
			continue
		}
		if st == "Stopped" {
			// It runs again, and stops again if it still reads the
			// terminal, as in bash.
			v := r.jobView()
			fmt.Fprintf(r.stdout(), "[%d]%c %s &\n", j.n, v.mark(j), j.text)
			j.tty.resume()
			continue
		}
		r.errorf("bg: job %d already in background", j.n)
	}
	return status
}

// builtinDisown is disown [-ahr] [jobspec...]: the jobs leave the
// table (jobs, wait and the notices no longer see them); -h keeps them.
func builtinDisown(ctx context.Context, r *Runner, args []string) int {
	opts, i, ok := r.builtinOpts(args, "arh", "disown [-h] [-ar] [jobspec ... | pid ...]")
	if !ok {
		return 2
	}
	all, runningOnly, keep := opts.has('a'), opts.has('r'), opts.has('h')
	var list []*job
	status := 0
	switch {
	case i < len(args):
		for _, spec := range args[i:] {
			j, _ := r.jobSpec("disown", spec)
			if j == nil {
				r.errorf("disown: %s: no such job", spec)
				status = 1
				continue
			}
			list = append(list, j)
		}
	case all || runningOnly:
		if r.bg != nil {
			r.bg.mu.Lock()
			list = append(list, r.bg.list...)
			r.bg.mu.Unlock()
		}
	default:
		j, _, ok := r.job("%+")
		if !ok {
			r.errorf("disown: current: no such job")
			return 1
		}
		list = append(list, j)
	}
	for _, j := range list {
		if _, _, done := j.state(); runningOnly && done || keep {
			continue
		}
		j.disowned = true
		r.forget(j)
	}
	return status
}
