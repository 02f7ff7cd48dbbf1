package interp

import (
	"context"
	"io"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// flow is a pending break, continue, return or exit.
type flow uint8

const (
	flowNone flow = iota
	flowBreak
	flowContinue
	flowReturn
	flowExit
	// flowDiscard abandons the current top-level command after an
	// expansion error, as bash's jump to top level does: the next
	// command of the script runs; a subshell exits.
	flowDiscard
)

// Runner is one shell: its variables, functions, options, working
// directory and file descriptors. A subshell is another Runner sharing
// the state copy-on-write (subshell.go).
type Runner struct {
	cfg *Config
	blt map[string]builtinFunc

	vars    scopes
	funcs   *funcTable
	aliases *aliasTable
	opts    options
	dir     string
	fds     fdTable

	arg0   string
	params []string

	lastStatus int
	pipeStatus []int
	// oneStatus is PIPESTATUS after a command that is no pipeline: its
	// status before `!` turned it; -1 before the first command, when
	// PIPESTATUS is empty.
	oneStatus int
	flow      flow
	flowN     int // loops left to break/continue
	exited    bool

	line      uint        // current statement's line, $LINENO
	frames    []callFrame // the call stack: function calls and sourced files, innermost last
	funcDepth int         // how many of frames are function calls
	loopDepth int
	noErrExit int // >0 while errexit is suspended (conditions, && ||, !)
	noErrTrap int // >0 under a ! that began with errexit off: no ERR trap
	subshell  int // BASH_SUBSHELL
	ifsCache  *ifsSet
	randState uint32
	started   time.Time
	pid       int
	bashPid   int
	pids      *atomic.Int32 // the session's process ids, shared by its subshells and child shells
	lastBg    int
	seenJobs  *jobView // the parent's jobs, for jobs in $( ) or a pipeline (jobs.go)
	bg        *jobTable
	orphans   *orphanage // ( ) subshells that ended with jobs running
	// leavesJobs: a ( ) subshell of the main shell (or of such a one),
	// whose jobs run under the line's job context, as the main shell's.
	leavesJobs bool
	// stageJobs is the context the jobs a pipeline stage's shell starts
	// run under: the pipeline's, not the stage's program's, which a
	// SIGINT cancels and the stage's end ends. nil outside a stage's own
	// shell (jobs.go).
	stageJobs   context.Context
	fgJob       *fgSlot // the job fg runs, which SuspendForeground sends back (jobs_tty.go)
	topStmts    int     // top-level commands run so far (exit's stopped-jobs check)
	traps       *trapTable
	inTrap      bool
	testNot     bool  // a [[ ]] test under "!" (xtrace shows it)
	traceLevel  int   // command substitutions and evals around: PS4's first character repeats once more for each
	pendingSigs []int // signals sent to this shell while a trap ran
	// inbox: signals child shells sent this shell; shells: the shells
	// around a child shell, which its kill can reach (trap.go).
	inbox       *signalInbox
	shells      []shellRef
	dirStack    []string
	lastArg     string // $_
	optIndex    int    // getopts' position inside a grouped option word
	evalSource  string // name of the file being sourced, for messages
	umask       os.FileMode
	limits      limits              // ulimit's table
	hash        *hashTable          // hash's remembered command locations; nil when empty
	disabled    map[string]bool     // builtins enable -n turned off (replaced, never changed in place)
	compSpecs   map[string]compSpec // complete's specifications (replaced, never changed in place)
	compSeq     int
	keepFds     bool // exec without a command: its redirections stay
	sourceDepth int
	asyncStmt   *syntax.Stmt // a background job's own command: its failure runs no ERR trap (jobs.go)
	secondsBase int          // $SECONDS at r.started
	fdUndo      *[]fdSave    // where redirections note what they change
	arithWhat   string       // "((: " or "let: " before an arithmetic message
	src         string       // the source text being run (function bodies keep theirs)
	execed      bool         // exec replaced the shell: no EXIT trap
	lineFrozen  int          // >0 while a trap runs: $LINENO stays the trigger's
	lineEnd     uint         // the last line of the command running (eval numbers its text on from it)
	lineBase    uint         // the line the text running is numbered on from (eval's text, from eval's line)
	fromFile    bool         // a script read from a file or stdin, not -c
	// interactive is bash -i's shell (interactive.go): $- has i, set -u
	// abandons only the line, prompts and PROMPT_COMMAND while it reads.
	interactive   bool
	commandNumber int       // \# of the prompt: the commands an interactive shell has read
	stdinScript   bool      // a child shell reading its commands from stdin ($- has s)
	binds         *bindings // bind's key bindings and readline variables (builtin_bind.go); nil: the editor's defaults
	substRan      bool      // a command substitution ran in the current command
	optIndexFor   int       // OPTIND value optIndex belongs to
	nestHit       bool      // the session's nesting limit was reached here (funcs.go)
	// funcNestSeen: FUNCNEST was set at some point, so calls look it up
	// (a lookup through every scope of a deep recursion is not free).
	funcNestSeen bool
	pendingOut   []*procSub // process substitutions running (procsubst.go)
	arithCache   map[syntax.ArithmExpr]string
	patCache     map[patKey]*Pattern

	compCur *compRunning // the completion a -F function runs in (compopt)
	hist    histList     // the history list (builtin_history.go)
}

// stmts runs a list, stopping at a pending break/continue/return/exit.
func (r *Runner) stmts(ctx context.Context, list []*syntax.Stmt) {
	for _, st := range list {
		if r.flow != flowNone {
			return
		}
		if ctx.Err() != nil {
			r.lastStatus = 130
			r.flow = flowExit
			return
		}
		r.stmt(ctx, st)
	}
}

// stmt runs one statement: its redirections around its command, "!",
// "&", and errexit.
func (r *Runner) stmt(ctx context.Context, st *syntax.Stmt) {
	if r.opts.noexec && r.cfg.Script {
		// set -n: read, run nothing (a prompt ignores it, as bash's)
		return
	}
	if st.Background {
		r.background(ctx, st)
		return
	}
	if r.lineFrozen == 0 {
		r.line, r.lineEnd = r.lineBase+st.Pos().Line(), r.lineBase+st.End().Line()
	}
	if r.traps != nil && !r.inTrap {
		if _, ok := r.traps.get("DEBUG"); ok {
			r.debugTrap(ctx, st)
		}
	}
	// ! suspends errexit for what it runs only when errexit is on as it
	// starts (bash sets CMD_IGNORE_RETURN then): a function that turns
	// set -e on under `! f` still exits. The ERR trap stays off either way.
	negErrExit := st.Negated && r.opts.errexit
	if negErrExit {
		r.noErrExit++
	} else if st.Negated {
		r.noErrTrap++
	}
	status := 0
	psubs := len(r.pendingOut)
	if call, isCall := st.Cmd.(*syntax.CallExpr); isCall && len(st.Redirs) > 0 {
		// A simple command's words expand before its redirections
		// apply (echo `cat f` > f reads f first).
		status = r.call(ctx, call, st.Redirs)
	} else if len(st.Redirs) == 0 {
		status = r.command(ctx, st.Cmd)
	} else {
		red, ok := r.applyRedirs(ctx, st.Redirs)
		if ok {
			status = r.command(ctx, st.Cmd)
		} else {
			status = 1
		}
		r.endRedirs(red)
		if !ok && st.Cmd != nil && r.opts.errexit && r.noErrExit == 0 && !st.Negated {
			r.exitShell(status)
			return
		}
	}
	raw := status
	if st.Negated {
		if negErrExit {
			r.noErrExit--
		} else {
			r.noErrTrap--
		}
		if status == 0 {
			status = 1
		} else {
			status = 0
		}
	}
	if len(r.pendingOut) > psubs {
		r.finishProcSubst(psubs)
	}
	switch st.Cmd.(type) {
	case *syntax.BinaryCmd, *syntax.Block, *syntax.IfClause, *syntax.WhileClause, *syntax.ForClause,
		*syntax.CaseClause, *syntax.FuncDecl:
		// A pipeline sets PIPESTATUS itself; a compound command leaves
		// what its last pipeline set, as bash does.
	default:
		r.pipeStatus, r.oneStatus = nil, raw
	}
	if r.flow >= flowExit {
		return
	}
	r.lastStatus = status
	if status != 0 && !st.Negated && r.noErrExit == 0 && errexitApplies(st.Cmd) && st != r.asyncStmt {
		if r.noErrTrap == 0 {
			r.errTrap(ctx)
		}
		if r.opts.errexit {
			r.exitShell(status)
		}
	}
}

// applied is what a command's redirections changed, to undo after it.
type applied struct {
	undo    []fdSave
	closers []io.Closer
	psubs   int // len(pendingOut) before: the process substitutions exec keeps
}

// applyRedirs performs redirections in order; ok is false after one
// failed (its message printed).
func (r *Runner) applyRedirs(ctx context.Context, redirs []*syntax.Redirect) (*applied, bool) {
	a := &applied{psubs: len(r.pendingOut)}
	prevUndo := r.fdUndo
	r.fdUndo = &a.undo
	defer func() { r.fdUndo = prevUndo }()
	for _, rd := range redirs {
		c, err := r.redirect(ctx, rd)
		if err != nil {
			return a, false
		}
		if c != nil {
			a.closers = append(a.closers, c)
		}
	}
	return a, true
}

// endRedirs undoes a command's redirections (exec without a command
// keeps them).
func (r *Runner) endRedirs(a *applied) {
	if r.keepFds {
		r.keepFds = false
		r.detachProcSubst(a.psubs)
		for _, s := range a.undo {
			s.old.drop()
		}
		return
	}
	r.restoreFds(a.undo)
	for _, c := range a.closers {
		c.Close()
	}
}

// errexitApplies says whether a failing command of this kind ends the
// shell under set -e: compound commands and && || lists report the
// status of a command that was already checked (or exempt).
func errexitApplies(cmd syntax.Command) bool {
	switch c := cmd.(type) {
	case *syntax.CallExpr, *syntax.Subshell, *syntax.ArithmCmd, *syntax.TestClause,
		*syntax.DeclClause, *syntax.LetClause, *syntax.TimeClause:
		return true
	case *syntax.BinaryCmd:
		return c.Op == syntax.Pipe || c.Op == syntax.PipeAll
	}
	return false
}

// exitShell ends the shell with status (exit, errexit, fatal errors).
func (r *Runner) exitShell(status int) {
	r.lastStatus = status
	r.flow = flowExit
}

// command runs one command and returns its status.
func (r *Runner) command(ctx context.Context, cmd syntax.Command) int {
	switch c := cmd.(type) {
	case nil:
		return 0
	case *syntax.CallExpr:
		return r.call(ctx, c, nil)
	case *syntax.Block:
		r.stmts(ctx, c.Stmts)
		return r.lastStatus
	case *syntax.Subshell:
		return r.inSubshell(ctx, func(sub *Runner) { sub.stmts(ctx, c.Stmts) })
	case *syntax.BinaryCmd:
		return r.binary(ctx, c)
	case *syntax.IfClause:
		return r.ifClause(ctx, c)
	case *syntax.WhileClause:
		return r.whileClause(ctx, c)
	case *syntax.ForClause:
		return r.forClause(ctx, c)
	case *syntax.CaseClause:
		return r.caseClause(ctx, c)
	case *syntax.FuncDecl:
		if b, ok := c.Body.Cmd.(*syntax.BinaryCmd); ok && len(c.Body.Redirs) == 0 {
			return r.funcDeclList(ctx, c, b)
		}
		return r.funcDecl(c, c.Body)
	case *syntax.ArithmCmd:
		if r.opts.xtrace {
			r.traceArith(ctx, c)
		}
		r.arithWhat = "((: "
		n, err := r.arithWithin(ctx, c.X, c.Left.Offset()+2, c.Right.Offset())
		r.arithWhat = ""
		if err != nil {
			return 1
		}
		if n == 0 {
			return 1
		}
		return 0
	case *syntax.LetClause:
		return r.let(ctx, c)
	case *syntax.TestClause:
		return r.testClause(ctx, c)
	case *syntax.DeclClause:
		return r.declClause(ctx, c)
	case *syntax.TimeClause:
		return r.timeClause(ctx, c)
	case *syntax.CoprocClause:
		// memsh's own message: it names the line, at the prompt too.
		r.printErr(r.arg0 + ": line " + strconv.FormatUint(uint64(r.line), 10) + ": coproc: not supported in memsh; run the command with & and talk to it through files\n")
		return 1
	}
	r.errorf("unsupported command")
	return 2
}

// binary runs && || and pipelines.
func (r *Runner) binary(ctx context.Context, c *syntax.BinaryCmd) int {
	switch c.Op {
	case syntax.AndStmt, syntax.OrStmt:
		r.noErrExit++
		r.stmt(ctx, c.X)
		r.noErrExit--
		if r.flow != flowNone {
			return r.lastStatus
		}
		if (r.lastStatus == 0) == (c.Op == syntax.AndStmt) {
			r.stmt(ctx, c.Y)
		}
		return r.lastStatus
	}
	st := r.pipeline(ctx, c)
	r.notifyJobs()
	return st
}

// pipeline runs a | b | c: the stages at once, connected by pipes, each
// in a subshell; the last in this shell when lastpipe is set.
func (r *Runner) pipeline(ctx context.Context, c *syntax.BinaryCmd) int {
	var stages []*syntax.Stmt
	var stderrToo []bool
	var flatten func(st *syntax.Stmt)
	flatten = func(st *syntax.Stmt) {
		b, ok := st.Cmd.(*syntax.BinaryCmd)
		if !ok || len(st.Redirs) > 0 || st.Negated || st.Background || b.Op != syntax.Pipe && b.Op != syntax.PipeAll {
			stages = append(stages, st)
			stderrToo = append(stderrToo, false)
			return
		}
		flatten(b.X)
		stderrToo[len(stderrToo)-1] = b.Op == syntax.PipeAll
		flatten(b.Y)
	}
	flatten(c.X)
	stderrToo[len(stderrToo)-1] = c.Op == syntax.PipeAll
	flatten(c.Y)
	n := len(stages)
	if !r.takeProcs(n-1, procMemory) {
		return r.lastStatus
	}
	defer r.giveProcs(n-1, procMemory)
	statuses := make([]int, n)
	var wg sync.WaitGroup
	in := r.fds[0]
	for i, st := range stages {
		last := i == n-1
		var pr *io.PipeReader
		var pw *io.PipeWriter
		if !last {
			pr, pw = io.Pipe()
			// Cancelling the line unblocks both ends.
			stop := context.AfterFunc(ctx, func() {
				pr.CloseWithError(io.ErrClosedPipe)
				pw.CloseWithError(io.ErrClosedPipe)
			})
			defer stop()
		}
		_, simple := st.Cmd.(*syntax.CallExpr)
		if simple && !(last && r.opts.lastpipe) {
			// bash runs the DEBUG trap for a simple command of a
			// pipeline before it forks the stage, where the trap is
			// reset (a compound stage runs none).
			if r.lineFrozen == 0 {
				r.line = st.Pos().Line()
			}
			r.debugTrap(ctx, st)
		}
		sub := r.subshellCopy()
		if simple {
			// bash keeps the job table for jobs in a pipeline.
			sub.seenJobs = r.jobView()
		} else {
			// a compound stage, a subshell, is in no loop
			sub.loopDepth = 0
		}
		sub.fds[0] = in
		if !last {
			sub.fds[1] = &fdFile{w: pw}
			if stderrToo[i] {
				sub.fds[2] = sub.fds[1]
			}
		}
		if last && r.opts.lastpipe {
			sub.release()
			saved := r.fds
			r.fds = r.fds.clone()
			r.fds.holdAll()
			r.fds[0] = in
			r.stmt(ctx, st)
			r.fds.dropAll()
			r.fds = saved
			statuses[i] = r.lastStatus
			if pr, ok := in.r.(*io.PipeReader); ok && i > 0 {
				pr.CloseWithError(io.ErrClosedPipe)
			}
			break
		}
		wg.Add(1)
		run := func(i int, sub *Runner, st *syntax.Stmt, pr *io.PipeReader, pw *io.PipeWriter, in *fdFile) {
			defer wg.Done()
			defer sub.release()
			defer sub.recoverCrash(&statuses[i])
			// The stage's shell is a program of the line's signal group:
			// the SIGINT python takes kills its loop too, as it does a
			// subshell's; the programs it runs leave it (Program). Its
			// jobs run under the pipeline's context (stageJobs).
			sub.stageJobs = ctx
			ctx, end := ctx, func(st int) int { return st }
			if r.cfg.Signals != nil {
				ctx, _, end = r.cfg.Signals.Program(ctx, stageCloser(i, in, pw))
			}
			sub.stmt(ctx, st)
			sub.runExitTrap(ctx)
			// A job the stage started holds its pipes open, as a child
			// process holds the descriptors it inherited: what it writes
			// reaches the next stage ({ (sleep 1; echo x) & } | cat).
			sub.waitAll()
			statuses[i] = end(sub.lastStatus)
			if pw != nil {
				pw.Close()
			}
			if in != nil && i > 0 {
				if rc, ok := in.r.(*io.PipeReader); ok {
					rc.CloseWithError(io.ErrClosedPipe)
				}
			}
		}
		if last {
			run(i, sub, st, nil, nil, in)
		} else {
			go run(i, sub, st, pr, pw, in)
		}
		if pr != nil {
			in = &fdFile{r: pr}
		}
	}
	wg.Wait()
	r.pipeStatus = statuses
	status := statuses[n-1]
	if r.opts.pipefail {
		for _, s := range statuses {
			if s != 0 {
				status = s
			}
		}
	}
	return status
}

// stageCloser closes the pipes of stage i of a pipeline (in, from the
// stage before it; pw, to the next) when a signal kills it, as a dead
// process's descriptors close.
func stageCloser(i int, in *fdFile, pw *io.PipeWriter) func() {
	return func() {
		if in != nil && i > 0 {
			if pr, ok := in.r.(*io.PipeReader); ok {
				pr.CloseWithError(io.ErrClosedPipe)
			}
		}
		if pw != nil {
			pw.CloseWithError(io.ErrClosedPipe)
		}
	}
}

func (r *Runner) ifClause(ctx context.Context, c *syntax.IfClause) int {
	for c != nil {
		if len(c.Cond) == 0 { // else
			r.stmts(ctx, c.Then)
			return r.lastStatus
		}
		r.noErrExit++
		r.stmts(ctx, c.Cond)
		r.noErrExit--
		if r.flow != flowNone {
			return r.lastStatus
		}
		if r.lastStatus == 0 {
			r.stmts(ctx, c.Then)
			return r.lastStatus
		}
		c = c.Else
	}
	return 0
}

// loopFlow consumes a pending break/continue after a loop body. It
// reports whether the loop must stop.
func (r *Runner) loopFlow() bool {
	switch r.flow {
	case flowBreak:
		r.flowN--
		if r.flowN <= 0 {
			r.flow, r.flowN = flowNone, 0
		}
		return true
	case flowContinue:
		r.flowN--
		if r.flowN <= 0 {
			r.flow, r.flowN = flowNone, 0
			return false
		}
		return true
	case flowReturn, flowExit, flowDiscard:
		return true
	}
	return false
}

func (r *Runner) whileClause(ctx context.Context, c *syntax.WhileClause) int {
	status := 0
	r.loopDepth++
	defer func() { r.loopDepth-- }()
	for ctx.Err() == nil {
		r.noErrExit++
		r.stmts(ctx, c.Cond)
		r.noErrExit--
		if r.flow != flowNone {
			if r.loopFlow() {
				break
			}
			continue
		}
		if (r.lastStatus == 0) == c.Until {
			break
		}
		r.stmts(ctx, c.Do)
		status = r.lastStatus
		if r.loopFlow() {
			break
		}
	}
	if ctx.Err() != nil {
		return 130
	}
	return status
}

func (r *Runner) forClause(ctx context.Context, c *syntax.ForClause) int {
	r.loopDepth++
	defer func() { r.loopDepth-- }()
	switch l := c.Loop.(type) {
	case *syntax.WordIter:
		var items []string
		if l.InPos.IsValid() {
			var ok bool
			items, ok = r.fields(ctx, l.Items...)
			if !ok {
				return 1
			}
		} else {
			items = r.params
		}
		if c.Select {
			return r.selectLoop(ctx, l.Name.Value, items, c.Do)
		}
		status := 0
		for i, it := range items {
			if i > 0 {
				// The header's DEBUG trap runs before each item.
				r.loopDebug(ctx, c, nil)
			}
			if !r.setVar(l.Name.Value, it, false) {
				return 1
			}
			r.stmts(ctx, c.Do)
			status = r.lastStatus
			if r.loopFlow() {
				break
			}
			if ctx.Err() != nil {
				return 130
			}
		}
		return status
	case *syntax.CStyleLoop:
		status := 0
		r.arithWhat = "((: "
		defer func() { r.arithWhat = "" }()
		if l.Init != nil {
			if _, err := r.arith(ctx, l.Init); err != nil {
				return 1
			}
		}
		for ctx.Err() == nil {
			// bash runs the DEBUG trap before the test and the step
			// too (before the start, the statement's), and $LINENO is
			// the header's line again in both.
			r.loopLine(c)
			r.loopDebug(ctx, c, nil)
			if l.Cond != nil {
				r.loopLine(c)
				n, err := r.arith(ctx, l.Cond)
				if err != nil {
					return 1
				}
				if n == 0 {
					break
				}
			}
			r.stmts(ctx, c.Do)
			status = r.lastStatus
			if r.loopFlow() {
				break
			}
			if l.Post != nil {
				r.loopLine(c)
				r.loopDebug(ctx, c, l.Post)
				r.loopLine(c)
				if _, err := r.arith(ctx, l.Post); err != nil {
					return 1
				}
			}
		}
		if ctx.Err() != nil {
			return 130
		}
		return status
	}
	return 0
}

// loopLine makes $LINENO the loop's line again for the test and update
// of a for (( )), which the body's commands moved on.
func (r *Runner) loopLine(c *syntax.ForClause) {
	if r.lineFrozen == 0 {
		r.line = c.Pos().Line()
	}
}

func (r *Runner) caseClause(ctx context.Context, c *syntax.CaseClause) int {
	word, ok := r.literal(ctx, c.Word)
	if !ok {
		return 1
	}
	status := 0
	fallthru := false
	for _, it := range c.Items {
		matched := fallthru
		if !matched {
			for _, p := range it.Patterns {
				pat, ok := r.pattern(ctx, p)
				if !ok {
					return 1
				}
				if r.match(pat, word) {
					matched = true
					break
				}
			}
		}
		if !matched {
			continue
		}
		r.stmts(ctx, it.Stmts)
		status = r.lastStatus
		if r.flow != flowNone {
			return status
		}
		switch it.Op {
		case syntax.Fallthrough: // ;&
			fallthru = true
			continue
		case syntax.Resume: // ;;&
			fallthru = false
			continue
		}
		return status
	}
	return status
}

// funcDeclList runs `f() { ...; } | cmd` (&&, ||), which mvdan/sh's
// parser reads as a function whose body is the whole list; bash's body
// is the compound command alone, the rest is the list's: after |, the
// definition is a pipeline stage (a subshell: f stays undefined) whose
// output is nothing; && and || go on from its status 0.
func (r *Runner) funcDeclList(ctx context.Context, c *syntax.FuncDecl, b *syntax.BinaryCmd) int {
	if _, nested := b.X.Cmd.(*syntax.BinaryCmd); nested {
		return r.funcDecl(c, c.Body)
	}
	switch b.Op {
	case syntax.AndStmt, syntax.OrStmt:
		if st := r.funcDecl(c, b.X); st != 0 || b.Op == syntax.OrStmt || r.flow != flowNone {
			return st
		}
		r.stmt(ctx, b.Y)
		return r.lastStatus
	}
	return r.inSubshell(ctx, func(sub *Runner) {
		sub.fds = sub.fds.clone()
		sub.fds[0] = &fdFile{r: eofReader{}}
		sub.stmt(ctx, b.Y)
	})
}

// funcDecl defines a function with the given body.
func (r *Runner) funcDecl(c *syntax.FuncDecl, body *syntax.Stmt) int {
	name := c.Name.Value
	if r.opts.posix && (!validName(name) || specialBuiltins[name]) {
		// POSIX: a function's name is an identifier, and no special
		// builtin's; the error ends a non-interactive shell.
		if validName(name) {
			r.errorf("`%s': is a special builtin", name)
		} else {
			r.errorf("`%s': not a valid identifier", name)
		}
		if !r.cfg.Interactive {
			r.exitShell(2)
		}
		return 2
	}
	if text, bad := r.maskedFuncName(c); bad {
		// $x() { :; } (parse_funcname.go)
		r.errorf("`%s': not a valid identifier", text)
		return 1
	}
	r.funcs = r.funcs.set(name, &funcDef{name: name, src: r.src, base: r.lineBase, file: r.sourceFile(), body: body, decl: c})
	return 0
}

// callFunc runs a function with args as its positional parameters; env
// (a=1 f) is its temporary environment, which lives in the function's
// own frame, as bash merges it into the function's variable context.
func (r *Runner) callFunc(ctx context.Context, fn *funcDef, args, env []string) int {
	if !r.nestOK(fn.name) {
		return 1
	}
	savedParams := r.params
	r.params = args[1:]
	r.pushFrame(callFrame{name: fn.name, file: fn.file, line: r.line}, true)
	retTrap := r.trap("RETURN")
	r.vars.push()
	if len(env) > 0 {
		r.setTempEnv(env)
		r.ifsCache = nil
	}
	savedLoop, savedSrc, savedBase := r.loopDepth, r.src, r.lineBase
	r.loopDepth, r.src, r.lineBase = 0, fn.src, fn.base
	r.stmt(ctx, fn.body)
	r.loopDepth, r.src, r.lineBase = savedLoop, savedSrc, savedBase
	if r.flow == flowReturn {
		r.flow = flowNone
	}
	status := r.lastStatus
	if t := r.trap("RETURN"); t != "" && (t != retTrap || r.opts.functrace) {
		// A RETURN trap runs for the function that set it (every
		// function under set -T), while its locals are still there.
		r.runTrap(ctx, "RETURN")
	}
	r.vars.pop()
	// Back in the caller, $LINENO (and an ERR trap's) is the call's line.
	r.line = r.popFrame(true).line
	r.ifsCache = nil
	r.params = savedParams
	r.lastStatus = status
	return status
}

// timeClause is the time keyword: bash's three lines on stderr.
func (r *Runner) timeClause(ctx context.Context, c *syntax.TimeClause) int {
	start := time.Now()
	status := 0
	if c.Stmt != nil {
		r.stmt(ctx, c.Stmt)
		status = r.lastStatus
	}
	el := time.Since(start)
	m := int(el / time.Minute)
	s := (el - time.Duration(m)*time.Minute).Seconds()
	if c.PosixFormat {
		r.printErr("real " + strconv.FormatFloat(el.Seconds(), 'f', 2, 64) + "\nuser 0.00\nsys 0.00\n")
	} else {
		r.printErr("\nreal\t" + strconv.Itoa(m) + "m" + strconv.FormatFloat(s, 'f', 3, 64) + "s\nuser\t0m0.000s\nsys\t0m0.000s\n")
	}
	return status
}
