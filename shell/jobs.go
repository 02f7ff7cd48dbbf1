package shell

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"memsh/shell/command"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Background jobs that kill can stop, and jobs, wait -n and kill -l.
//
// mvdan/sh runs `cmd &` on a goroutine with the line's context, which
// nothing can cancel alone, and has no kill or jobs. The rewrite makes
// `cmd &` into `{ __memsh_jobnew; __memsh_jobrun "$__memsh_jobid" 'cmd' & }`:
// jobnew files a job under the number $! will name (g1, g2, ... as
// mvdan/sh numbers them; %1, %2 for kill and jobs), and jobrun runs cmd
// in a copy of the shell under a context of its own, which kill cancels.
// A job killed by signal N ends with 128+N, as in bash.

const jobIDVar = internalPrefix + "jobid"

// jobVar names the variable that maps job number n of a shell to its
// entry in jobTable (a variable, so subshells see their parent's jobs
// as bash's subshells name them, and the table needs no per-shell key).
func jobVar(n int) string { return internalPrefix + "job_" + strconv.Itoa(n) }

type job struct {
	id   string // its key in jobTable
	n    int    // mvdan/sh's number, of $! (gN)
	jn   int    // bash's job number (%N): one more than the highest still listed
	text string

	mu       sync.Mutex
	cancel   context.CancelCauseFunc // set when the job starts
	done     chan struct{}
	status   int
	signal   int    // the signal that ended it, 0 for none
	pending  int    // a signal sent before the job started
	reported bool   // wait -n or jobs has reported its end
	release  func() // gives back the job's slot (joblimit.go)
}

var (
	jobSeq   atomic.Int64
	jobTable sync.Map // id -> *job
)

// jobSignal is the cause of a job's cancellation by kill.
type jobSignal int

func (s jobSignal) Error() string { return "killed by signal " + strconv.Itoa(int(s)) }

// backgroundJob rewrites a background statement (see above); ok is false
// for statements it leaves alone.
func backgroundJob(st *syntax.Stmt) bool {
	if !st.Background || st.Coprocess || st.Disown || st.Cmd == nil || isInternalCall(st) {
		return false
	}
	inner := *st
	inner.Background = false
	inner.Semicolon = syntax.Pos{}
	var buf bytes.Buffer
	if err := syntax.NewPrinter().Print(&buf, &inner); err != nil {
		return false
	}
	src := buf.String()
	if _, err := newParser().Parse(strings.NewReader(src), ""); err != nil {
		return false
	}
	idWord := &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{
		&syntax.ParamExp{Short: true, Param: &syntax.Lit{Value: jobIDVar}},
	}}}}
	run := &syntax.Stmt{Background: true, Cmd: &syntax.CallExpr{Args: []*syntax.Word{
		litWord(internalPrefix + "jobrun"), idWord, quotedWord(src),
	}}}
	newJob := &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord(internalPrefix + "jobnew"), quotedWord(strings.TrimSuffix(src, "\n"))}}}
	*st = syntax.Stmt{Position: st.Position, Cmd: &syntax.Block{Lbrace: st.Pos(), Rbrace: st.End(), Stmts: []*syntax.Stmt{newJob, run}}}
	return true
}

// quotedWord is a word that expands to s as is.
func quotedWord(s string) *syntax.Word {
	var parts []syntax.WordPart
	for i, seg := range strings.Split(s, "'") {
		if i > 0 {
			parts = append(parts, &syntax.DblQuoted{Parts: []syntax.WordPart{&syntax.Lit{Value: "'"}}})
		}
		if seg != "" {
			parts = append(parts, &syntax.SglQuoted{Value: seg})
		}
	}
	if len(parts) == 0 {
		parts = append(parts, &syntax.SglQuoted{})
	}
	return &syntax.Word{Parts: parts}
}

// newJob is __memsh_jobnew TEXT, run by the shell about to start a job.
// release gives back the job's slot (joblimit.go) when the job ends.
func newJob(hc interp.HandlerContext, args []string, release func()) int {
	r := callingRunner(hc)
	if r == nil || len(args) != 2 {
		release()
		return 1
	}
	n := bgCount(r) + 1
	jn := 1
	var ended []*job
	for _, j := range jobsOf(hc) {
		j.mu.Lock()
		if !j.reported && j.jn >= jn {
			jn = j.jn + 1
		}
		j.mu.Unlock()
		if j.finished() {
			ended = append(ended, j)
		}
	}
	// Every job is a variable that each later job's copy of the shell
	// copies: past keptEndedJobs jobs that ended, the oldest are
	// forgotten (mvdan/sh's wait still knows their $!), so a loop of
	// `cmd &` costs each job the same, not more and more.
	for _, j := range ended[:max(len(ended)-keptEndedJobs, 0)] {
		dropShellVar(r, jobVar(j.n)) // declist.go
		jobTable.Delete(j.id)
	}
	id := strconv.FormatInt(jobSeq.Add(1), 10)
	jobTable.Store(id, &job{id: id, n: n, jn: jn, text: args[1], done: make(chan struct{}), release: release})
	setShellVar(r, jobIDVar, expand.Variable{Set: true, Kind: expand.String, Str: id})
	setShellVar(r, jobVar(n), expand.Variable{Set: true, Kind: expand.String, Str: id})
	return 0
}

func atoiOr0(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

// keptEndedJobs is how many jobs that ended a shell keeps listing.
const keptEndedJobs = 64

// bgCount is how many background statements r has started (mvdan/sh's
// $! is g followed by that count).
func bgCount(r *interp.Runner) int {
	f := reflect.ValueOf(r).Elem().FieldByName("bgProcs")
	if !f.IsValid() || f.Kind() != reflect.Slice {
		return 0
	}
	return f.Len()
}

// runJob is __memsh_jobrun ID SRC, the job itself.
func (c *core) runJob(ctx context.Context, p *proc, args []string) int {
	if len(args) != 3 {
		return 2
	}
	v, ok := jobTable.Load(args[1])
	if !ok {
		return c.subshell(ctx, p, args[2])
	}
	j := v.(*job)
	defer j.release()
	jctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	j.mu.Lock()
	j.cancel = cancel
	if j.pending != 0 {
		cancel(jobSignal(j.pending))
	}
	j.mu.Unlock()
	status := c.subshell(jctx, p, args[2])
	var sig jobSignal
	if errors.As(context.Cause(jctx), &sig) {
		status = 128 + int(sig)
	}
	j.mu.Lock()
	j.status, j.signal = status, int(sig)
	j.cancel = nil // it holds the job's context, and with it a copy of the shell
	j.mu.Unlock()
	close(j.done)
	return status
}

// jobsOf lists the jobs the calling shell started, by number.
func jobsOf(hc interp.HandlerContext) []*job {
	var out []*job
	prefix := internalPrefix + "job_"
	hc.Env.Each(func(name string, vr expand.Variable) bool {
		if strings.HasPrefix(name, prefix) && vr.IsSet() {
			if v, ok := jobTable.Load(vr.String()); ok {
				out = append(out, v.(*job))
			}
		}
		return true
	})
	sort.Slice(out, func(a, b int) bool { return out[a].n < out[b].n })
	return out
}

func (j *job) finished() bool {
	select {
	case <-j.done:
		return true
	default:
		return false
	}
}

// jobSpec finds the job a kill or wait operand names: %N, %%, %+, %-,
// or mvdan/sh's $! (gN).
func jobSpec(hc interp.HandlerContext, spec string) (*job, bool) {
	var jobs []*job
	for _, j := range jobsOf(hc) {
		j.mu.Lock()
		if !j.reported || !strings.HasPrefix(spec, "%") {
			jobs = append(jobs, j)
		}
		j.mu.Unlock()
	}
	n, jn := -1, -1
	switch {
	case spec == "%%" || spec == "%+" || spec == "%":
		if len(jobs) > 0 {
			return jobs[len(jobs)-1], true
		}
		return nil, false
	case spec == "%-":
		if len(jobs) > 1 {
			return jobs[len(jobs)-2], true
		}
		if len(jobs) == 1 {
			return jobs[0], true // the only job is previous and current
		}
		return nil, false
	case strings.HasPrefix(spec, "%"):
		jn, _ = strconv.Atoi(spec[1:])
	case strings.HasPrefix(spec, "g"):
		n, _ = strconv.Atoi(spec[1:])
	}
	for _, j := range jobs {
		if j.n == n || j.jn == jn {
			return j, true
		}
	}
	return nil, false
}

// killBuiltin is bash's kill over memsh's jobs: it lists signals (-l,
// -L) and ends background jobs; other processes do not exist in the
// sandbox, apart from the shell itself ($$), which only signal 0 reaches.
func (c *core) killBuiltin(hc interp.HandlerContext, args []string) []string {
	const usage = "kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n"
	rest := args[1:]
	if len(rest) == 0 {
		fmt.Fprint(hc.Stderr, usage)
		return statusArgs(2)
	}
	sig := 15
	switch {
	case rest[0] == "-l" || rest[0] == "-L":
		return statusArgs(c.listSignals(hc, rest[1:]))
	case rest[0] == "-s" || rest[0] == "-n":
		if len(rest) < 2 {
			fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"kill: %s: option requires an argument\n", rest[0])
			return statusArgs(1)
		}
		n, ok := command.SignalNumber(rest[1])
		if !ok {
			fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"kill: %s: invalid signal specification\n", rest[1])
			return statusArgs(1)
		}
		sig, rest = n, rest[2:]
	case rest[0] == "--":
		rest = rest[1:]
	case len(rest[0]) > 1 && rest[0][0] == '-':
		n, ok := command.SignalNumber(rest[0][1:])
		if !ok {
			fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"kill: %s: invalid signal specification\n", rest[0][1:])
			return statusArgs(1)
		}
		sig, rest = n, rest[1:]
	}
	if len(rest) > 0 && rest[0] == "--" {
		rest = rest[1:]
	}
	if len(rest) == 0 {
		fmt.Fprint(hc.Stderr, usage)
		return statusArgs(2)
	}
	status := 0
	var self []string // what a signal to the shell itself does
	for _, target := range rest {
		if target == sandboxPID && sig != 0 {
			self = c.signalSelf(hc, sig)
			continue
		}
		if j, ok := jobSpec(hc, target); ok {
			// Whether it had ended is decided before the signal is left
			// pending: a job that starts, sees it and ends at once was
			// alive when killed.
			ended := j.finished()
			j.mu.Lock()
			cancel := j.cancel
			ignored := sig == 0 || sig == 17 || sig == 18 || sig == 23 || sig == 28
			if cancel == nil && !ignored && !ended {
				j.pending = sig // not started yet: it ends as it starts
			}
			j.mu.Unlock()
			switch {
			case ended:
				if strings.HasPrefix(target, "%") {
					fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"kill: %s: no such job\n", target)
				} else {
					fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"kill: (%s) - No such process\n", target)
				}
				status = 1
			case ignored:
				// Signal 0 asks whether it runs; CHLD, CONT, URG and
				// WINCH are ignored by default.
			case cancel != nil:
				cancel(jobSignal(sig))
			}
			continue
		}
		switch {
		case strings.HasPrefix(target, "%"):
			fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"kill: %s: no such job\n", target)
			status = 1
		case target == sandboxPID && sig == 0:
		case isNumber(strings.TrimPrefix(target, "-")):
			fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"kill: (%s) - No such process\n", target)
			status = 1
		default:
			fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"kill: %s: arguments must be process or job IDs\n", target)
			status = 1
		}
	}
	if self != nil && status == 0 {
		return self
	}
	return statusArgs(status)
}

// signalSelf is kill's answer to signal sig sent to the shell itself
// ($$): its trap action (run through eval), nothing when the trap
// ignores it or the signal is ignored or stops by default (there is no
// job control), or else the shell's end with status 128+sig, as the
// signal's default action ends bash. (Unlike bash, an EXIT trap runs.)
func (c *core) signalSelf(hc interp.HandlerContext, sig int) []string {
	if action := hc.Env.Get(trapVar("SIG" + command.SignalName(sig))); action.IsSet() {
		src := action.String()
		if strings.TrimSpace(src) == "" {
			return statusArgs(0)
		}
		// The action sees kill's status, 0, as $?, and gets the
		// rewrites eval text gets ($$ is the sandbox's).
		src = internalPrefix + "status 0\n" + src
		if needsRewrite(src) {
			src = c.rewriteSourceAt(src, "eval", hc.Pos.Line())
		}
		return []string{"eval", src}
	}
	switch sig {
	case 17, 18, 23, 28, 19, 20, 21, 22: // CHLD CONT URG WINCH; STOP TSTP TTIN TTOU
		return statusArgs(0)
	}
	return []string{"exit", strconv.Itoa(128 + sig)}
}

// listSignals is kill -l: the table, or each operand's name (a number,
// or an exit status above 128) or number (a name).
func (c *core) listSignals(hc interp.HandlerContext, operands []string) int {
	if len(operands) == 0 {
		var b strings.Builder
		col := 0
		for n := 1; n <= 64; n++ {
			name := command.SignalName(n)
			if name == "" {
				continue
			}
			fmt.Fprintf(&b, "%2d) SIG%s", n, name)
			col++
			if col%5 == 0 {
				b.WriteByte('\n')
			} else {
				b.WriteByte('\t')
			}
		}
		if col%5 != 0 {
			b.WriteByte('\n')
		}
		fmt.Fprint(hc.Stdout, b.String())
		return 0
	}
	status := 0
	for _, op := range operands {
		if n, err := strconv.Atoi(op); err == nil {
			if n == 0 {
				fmt.Fprintln(hc.Stdout, "EXIT")
				continue
			}
			if n > 128 {
				n -= 128
			}
			if name := command.SignalName(n); name != "" {
				fmt.Fprintln(hc.Stdout, name)
				continue
			}
		} else if strings.EqualFold(op, "EXIT") {
			fmt.Fprintln(hc.Stdout, 0)
			continue
		} else if n, ok := command.SignalNumber(op); ok {
			fmt.Fprintln(hc.Stdout, n)
			continue
		}
		fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"kill: %s: invalid signal specification\n", op)
		status = 1
	}
	return status
}

// jobsBuiltin is bash's jobs: running jobs, and finished ones once.
func (c *core) jobsBuiltin(hc interp.HandlerContext, args []string) []string {
	flags, i, bad := builtinOpts(args, "lnprsx")
	if bad != 0 {
		fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"jobs: -%c: invalid option\njobs: usage: jobs [-lnprs] [jobspec ...] or jobs -x command [args]\n", bad)
		return statusArgs(2)
	}
	if strings.ContainsRune(flags, 'x') {
		// jobs -x CMD ARGS: CMD runs with each job spec in ARGS replaced
		// by the job's id.
		out := slices.Clone(args[i:])
		for k, a := range out {
			if j, ok := jobSpec(hc, a); ok && strings.HasPrefix(a, "%") {
				out[k] = "g" + strconv.Itoa(j.n)
			}
		}
		if len(out) == 0 {
			return statusArgs(0)
		}
		return out
	}
	pids := strings.ContainsRune(flags, 'p')
	var jobs []*job
	for _, j := range jobsOf(hc) {
		j.mu.Lock()
		if !j.reported {
			jobs = append(jobs, j)
		}
		j.mu.Unlock()
	}
	status := 0
	if specs := args[i:]; len(specs) > 0 {
		// Only the jobs named, in the order named.
		all, named := jobs, []*job(nil)
		for _, spec := range specs {
			j, ok := jobSpec(hc, spec)
			if !ok {
				fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"jobs: %s: no such job\n", spec)
				status = 1
				continue
			}
			named = append(named, j)
		}
		return c.listJobs(hc, all, named, pids, status)
	}
	return c.listJobs(hc, jobs, jobs, pids, status)
}

// listJobs prints the jobs in list as jobs does; all is every job not
// yet reported, for the + and - marks.
func (c *core) listJobs(hc interp.HandlerContext, all, list []*job, pids bool, status int) []string {
	for _, j := range list {
		i := slices.Index(all, j)
		j.mu.Lock()
		done := j.finished()
		exit, sig := j.status, j.signal
		if done {
			j.reported = true
		}
		j.mu.Unlock()
		if pids {
			fmt.Fprintf(hc.Stdout, "g%d\n", j.n)
			continue
		}
		mark := ' '
		switch i {
		case len(all) - 1:
			mark = '+'
		case len(all) - 2:
			mark = '-'
		}
		state, text := "Running", j.text+" &"
		switch {
		case done && sig == 9:
			state, text = "Killed", j.text
		case done && sig != 0:
			state, text = "Terminated", j.text
		case done && exit == 0:
			state, text = "Done", j.text
		case done:
			state, text = "Exit "+strconv.Itoa(exit), j.text
		}
		fmt.Fprintf(hc.Stdout, "[%d]%c  %-24s%s\n", j.jn, mark, state, text)
	}
	return statusArgs(status)
}

// waitArgs gives mvdan/sh's wait the gN form of %N job specs, and
// marks the jobs waited for as reported, so jobs no longer lists them.
// waitBuiltin reads wait's options (-f changes nothing without job
// control; -p VAR names the job wait -n waited for) and waits.
func (c *core) waitBuiltin(ctx context.Context, hc interp.HandlerContext, args []string) []string {
	any, pvar := false, ""
	i := 1
opts:
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		for k := 1; k < len(a); k++ {
			switch a[k] {
			case 'n':
				any = true
			case 'f':
			case 'p':
				switch {
				case k+1 < len(a):
					pvar = a[k+1:]
				case i+1 < len(args):
					i++
					pvar = args[i]
				default:
					fmt.Fprint(hc.Stderr, c.ctlPrefix(hc)+"wait: -p: option requires an argument\nwait: usage: wait [-fn] [-p var] [id ...]\n")
					return statusArgs(2)
				}
				continue opts
			default:
				fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"wait: -%c: invalid option\nwait: usage: wait [-fn] [-p var] [id ...]\n", a[k])
				return statusArgs(2)
			}
		}
	}
	if any {
		return c.waitAny(ctx, hc, args[i:], pvar)
	}
	return c.waitArgs(hc, append([]string{"wait"}, args[i:]...))
}

func (c *core) waitArgs(hc interp.HandlerContext, args []string) []string {
	if len(args) == 1 {
		for _, j := range jobsOf(hc) {
			j.markReported()
		}
		return args
	}
	out := []string{args[0]}
	status := 0
	for _, a := range args[1:] {
		j, ok := jobSpec(hc, a)
		switch {
		case ok:
			j.markReported()
			out = append(out, "g"+strconv.Itoa(j.n))
			continue
		case strings.HasPrefix(a, "%"):
			fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"wait: %s: no such job\n", a)
			status = 127
		case len(a) > 1 && a[0] == 'g' && isNumber(a[1:]) && atoiOr0(a[1:]) <= bgCount(callingRunner(hc)):
			out = append(out, a) // a job memsh forgot: mvdan/sh keeps its status
			continue
		case a != "" && strings.Trim(a, "0123456789") == "":
			fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"wait: pid %s is not a child of this shell\n", a)
			status = 127
		default:
			fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"wait: `%s': not a pid or valid job spec\n", a)
			status = 1
		}
	}
	if len(out) == 1 {
		return statusArgs(status)
	}
	return out
}

// forgetDoneJobs drops the jobs that have ended from the jobs list once
// a command the shell waited for is done, as `bash -c` cleans up dead
// jobs after each foreground process: `true & sleep 1; jobs` lists
// nothing there (a script file still lists the job as Done). wait still
// finds them by id.
func forgetDoneJobs(hc interp.HandlerContext) {
	for _, j := range jobsOf(hc) {
		j.mu.Lock()
		if j.finished() {
			j.reported = true
		}
		j.mu.Unlock()
	}
}

func (j *job) markReported() {
	j.mu.Lock()
	j.reported = true
	j.mu.Unlock()
}

// waitAny is wait -n [ID...]: it waits for the next of the shell's jobs
// (or of the ones named) to end and returns its status (127 when none is
// left).
func (c *core) waitAny(ctx context.Context, hc interp.HandlerContext, ids []string, pvar string) []string {
	jobs := jobsOf(hc)
	if len(ids) > 0 {
		jobs = nil
		for _, id := range ids {
			if j, ok := jobSpec(hc, id); ok {
				jobs = append(jobs, j)
			} else {
				fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"wait: %s: no such job\n", id)
			}
		}
	}
	var pending []*job
	for _, j := range jobs {
		j.mu.Lock()
		if !j.reported {
			pending = append(pending, j)
		}
		j.mu.Unlock()
	}
	if len(pending) == 0 {
		return statusArgs(127)
	}
	// Of the jobs already done, the first started, as bash reports
	// them in job order; else the first to end.
	i := slices.IndexFunc(pending, func(j *job) bool {
		select {
		case <-j.done:
			return true
		default:
			return false
		}
	})
	if i < 0 {
		cases := make([]reflect.SelectCase, 0, len(pending)+1)
		for _, j := range pending {
			cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(j.done)})
		}
		cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(ctx.Done())})
		i, _, _ = reflect.Select(cases)
		if i == len(pending) {
			return statusArgs(130)
		}
	}
	j := pending[i]
	j.mu.Lock()
	j.reported = true
	status := j.status
	j.mu.Unlock()
	if r := callingRunner(hc); r != nil && pvar != "" {
		setShellVar(r, pvar, expand.Variable{Set: true, Kind: expand.String, Str: "g" + strconv.Itoa(j.n)})
	}
	return statusArgs(status)
}

// noJobControl answers fg, bg, suspend and disown, which need the job
// control a non-interactive bash (and memsh) does not have; disown only
// drops jobs from the jobs list.
func (c *core) noJobControl(hc interp.HandlerContext, args []string) []string {
	switch args[0] {
	case "suspend":
		fmt.Fprintln(hc.Stderr, c.ctlPrefix(hc)+"suspend: cannot suspend: no job control")
		return statusArgs(1)
	case "disown":
		status := 0
		specs := args[1:]
		all, keep := false, false // keep: -h only stops SIGHUP reaching it
		for len(specs) > 0 && strings.HasPrefix(specs[0], "-") && specs[0] != "-" {
			switch specs[0] {
			case "-a":
				all = true
			case "-h":
				keep = true
			case "-r":
			default:
				fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"disown: %s: invalid option\ndisown: usage: disown [-h] [-ar] [jobspec ... | pid ...]\n", specs[0])
				return statusArgs(2)
			}
			specs = specs[1:]
		}
		switch {
		case all && !keep:
			for _, j := range jobsOf(hc) {
				j.markReported()
			}
		case len(specs) == 0:
			j, ok := jobSpec(hc, "%+")
			if !ok {
				fmt.Fprintln(hc.Stderr, c.ctlPrefix(hc)+"disown: current: no such job")
				return statusArgs(1)
			}
			if !keep {
				j.markReported()
			}
		}
		for _, spec := range specs {
			j, ok := jobSpec(hc, spec)
			if !ok {
				fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"disown: %s: no such job\n", spec)
				status = 1
				continue
			}
			if !keep {
				j.markReported()
			}
		}
		return statusArgs(status)
	}
	fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"%s: no job control\n", args[0])
	return statusArgs(1)
}
