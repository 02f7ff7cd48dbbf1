// Package shell is memsh's sandboxed bash session: the mvdan/sh
// interpreter wired to memfs, the command registry and the limits.
//
// Every way mvdan/sh v3.14.1 reaches the host is closed: the interpreter
// handlers (open, stat, readdir, access, exec, call) all work over memfs,
// the environment is built from scratch, and the constructs the handlers
// cannot see (process substitution, ~user, test -O) are rewritten before
// they run. See docs/shell.md.
package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"memsh/memfs"
	"memsh/pyworker"
	"memsh/shell/command"
	"memsh/shell/commands"
	memshinterp "memsh/shell/interp"
)

// Options configure a Session. Zero values pick the documented defaults.
type Options struct {
	FS        *memfs.FS     // nil: a new filesystem with FSOptions
	FSOptions memfs.Options // limits for a new filesystem
	Env       []string      // extra or overriding "K=V" variables
	Dir       string        // start directory; "" = /home/user
	Timeout   time.Duration // wall-clock limit per Run (status 124); 0 = none
	// MaxCallDepth limits function nesting (bash's FUNCNEST); 0 = default.
	MaxCallDepth int
	// Python runs python3 and WASI programs; nil = one created on first use.
	Python *pyworker.Runtime
	// Term says stdout is a terminal of Width columns (ls columns, etc.).
	Term  bool
	Width int
	// Script makes each Run behave like `bash -c SCRIPT` rather than a
	// line typed at an interactive bash: aliases are not expanded, and
	// when the script ends the shell exits (the EXIT trap runs, Exited
	// reports it). For script mode and programs running whole scripts.
	Script bool
	// Args are $0 and the positional parameters ($1...), as
	// `bash -c SCRIPT NAME ARGS...` sets them; empty means $0 is "bash".
	// A script's messages start with $0 ("NAME: line 3: ...").
	Args []string
	// FromFile says a Script came from a file or stdin rather than -c:
	// a syntax error then reads "NAME: line N:" instead of
	// "NAME: -c: line N:", and an unbound variable (set -u) ends the
	// script with 1 instead of 127, as in bash.
	FromFile bool
	// MaxMemory is the session's memory budget in bytes (command.Budget):
	// what commands hold, command substitutions, variables, background
	// jobs and memfs's bytes, together. 0 = DefaultMaxMemory(); negative
	// = no budget. It is also memfs's byte limit when FSOptions.MaxBytes
	// is 0 and the session makes its own filesystem.
	MaxMemory int64
	// Clock is the session's current time: timestamps of new files and
	// what date, ls -l, touch, find -mtime, printf %(...)T and guests'
	// wall clock read. It sets FSOptions.Now when that is nil (with FS
	// given, FS's own clock is used). Nil: the system clock.
	Clock func() time.Time

	// interp runs the session on memsh's own interpreter (shell/interp)
	// instead of the rewrite layer; tests set it while the switch is
	// measured (session_interp.go).
	interp bool
}

// Stdio is a Run's standard streams. A nil Stdin reads as empty; nil
// writers discard.
type Stdio struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// Session is one interactive shell: variables, functions, aliases,
// options, traps and cwd persist across Run calls.
type Session struct {
	c      *core
	runner *interp.Runner
	rs     *runnerState
	ir     *memshinterp.Runner // the session's shell when it runs on shell/interp
	// The interactive shell's stdout and stderr on shell/interp, which
	// background jobs keep across Runs (session_interp.go).
	out, errw followWriter

	runMu  sync.Mutex // one Run at a time
	closed bool
	last   int // status of the last Run, for $? across runs
	// The last Run's writers, for an EXIT trap run by Close.
	lastOut, lastErr io.Writer

	stateMu sync.Mutex // guards the snapshot below
	snap    snapshot
}

// snapshot is the session's state as of the end of the last Run, for the
// query methods (which may run on another goroutine).
type snapshot struct {
	dir        string
	vars       map[string]string
	funcs      []string
	aliases    []string
	jobs       int // background jobs still running (prompt's \j)
	exited     bool
	exitStatus int
}

// core is what a session and its child shells (bash -c, scripts) share.
type core struct {
	fs         *memfs.FS
	redirMu    sync.Mutex
	redirTexts []string // redirection words' text, by id (redirline.go)
	opts       Options
	cmds       map[string]command.Command
	maxDepth   int
	stdinBytes atomic.Int64
	termWidth  atomic.Int64             // terminal columns set by SetWidth; 0 = Options.Width
	nestChecks atomic.Uint64            // eval/source calls, to sample stack depth
	history    atomic.Pointer[[]string] // the prompt's history (SetHistory)

	// The running line's stdin and the pager (termstdin.go).
	term  termInput
	pager atomic.Pointer[PagerFunc]

	pyMu  sync.Mutex
	py    *pyworker.Runtime
	ownPy bool

	psubMu    sync.Mutex
	psubFiles []string

	assocMu    sync.Mutex
	assocNames map[string]bool // declared with -A: see rewrite.go
	funcSrc    sync.Map        // a function body's source as written: see funcprint.go

	fdRun atomic.Pointer[runStreams] // the current Run's stdout and stderr (fds.go)

	exp expandState // variable attributes and $SECONDS: see attrs.go

	callLine atomic.Int64 // line of the last simple command, for the ERR trap's $LINENO (traps.go)
	errDedup errTrapDedup // the ERR trap once per failure (errtrap.go)

	mem  *command.Budget // the memory budget (memory.go); nil: none
	jobs jobSlots        // running background jobs (joblimit.go)
}

// New returns a session in a fresh sandbox (or over opts.FS).
func New(opts Options) (*Session, error) {
	c := &core{opts: opts, fs: opts.FS, maxDepth: opts.MaxCallDepth}
	c.exp.startTime() // $SECONDS counts from here
	if c.maxDepth <= 0 {
		c.maxDepth = DefaultMaxCallDepth
	}
	if c.fs == nil {
		fo := opts.FSOptions
		if fo.Now == nil {
			fo.Now = opts.Clock
		}
		if fo.UID == 0 && fo.GID == 0 {
			fo.UID, fo.GID = sandboxUID, sandboxGID
		}
		if fo.MaxBytes == 0 && opts.MaxMemory > 0 {
			fo.MaxBytes = opts.MaxMemory
		}
		c.fs = memfs.New(fo)
	}
	fsys := c.fs
	c.mem = newBudget(opts, func() int64 { return fsys.Usage().Bytes })
	c.py = opts.Python
	all, shellCmds := commands.All(), c.shellCommands()
	c.cmds = make(map[string]command.Command, len(all)+len(shellCmds))
	for _, cmd := range all {
		c.cmds[cmd.Name] = cmd
	}
	for _, cmd := range shellCmds {
		c.cmds[cmd.Name] = cmd
	}
	names := make([]string, 0, len(c.cmds))
	for n := range c.cmds {
		names = append(names, n)
	}

	dir := opts.Dir
	if dir == "" {
		dir = sandboxHome
	}
	if !strings.HasPrefix(dir, "/") {
		return nil, fmt.Errorf("start directory %q is not absolute", dir)
	}
	home := ""
	if opts.Dir == "" {
		home = sandboxHome
	}
	// Laying out the box is the largest part of New; it runs while the
	// interpreter, which does not touch the filesystem, is set up.
	boxDone := make(chan error, 1)
	go func() { boxDone <- buildBox(c.fs, home, names) }()

	env := append(baseEnv(dir), opts.Env...)
	argv0, params := "bash", []string(nil)
	if len(opts.Args) > 0 {
		argv0, params = opts.Args[0], opts.Args[1:]
	}
	if useInterp(opts) {
		return c.newInterpSession(boxDone, env, dir, append([]string{argv0}, params...))
	}
	r, rs, err := c.newRunner(runnerConfig{
		env:         env,
		dir:         dir,
		argv0:       argv0,
		params:      params,
		interactive: !opts.Script,
	})
	if boxErr := <-boxDone; boxErr != nil {
		return nil, fmt.Errorf("building the sandbox: %w", boxErr)
	}
	if err != nil {
		return nil, err
	}
	if _, err := c.fs.Stat(sandboxHome); err != nil {
		if err := mkdirAllOwned(c.fs, sandboxHome, sandboxUID, sandboxGID); err != nil {
			return nil, fmt.Errorf("building the sandbox: %w", err)
		}
	}
	if err := mkdirAllOwned(c.fs, dir, sandboxUID, sandboxGID); err != nil {
		return nil, fmt.Errorf("start directory %s: %w", dir, err)
	}
	if info, err := c.fs.Stat(dir); err != nil || !info.IsDir() {
		return nil, fmt.Errorf("start directory %s is not a directory", dir)
	}
	// The box is laid out: from here the sandbox user (uid 1000) meets
	// Linux's permission checks (root's 0644 /etc/passwd is read-only
	// to it, 0700 /root closed, chmod 000 means what it says). A caller
	// that lays out more of the tree with other owners (--load) turns
	// them off around it (memfs.FS.EnforcePermissions).
	c.fs.EnforcePermissions(true)
	s := &Session{c: c, runner: r, rs: rs}
	// An empty run fills the runner's variable table for the snapshot.
	r.Run(context.Background(), &syntax.File{})
	s.takeSnapshot()
	return s, nil
}

// runnerConfig describes one interpreter: the session's or a child's.
type runnerConfig struct {
	env         []string // exported "K=V"; later entries win
	dir         string
	argv0       string   // $0
	params      []string // $1...
	flags       []string // set options: "-e", "-o", "pipefail", ...
	interactive bool     // aliases expand, as in an interactive bash
	stdio       Stdio
	umask       *fs.FileMode // the parent's file-creation mask; nil = default
}

// setDir sets the runner's directory without interp.Dir, which stats the
// host (and an empty one takes the host's working directory).
func setDir(dir string) interp.RunnerOption {
	return func(r *interp.Runner) error {
		r.Dir = dir
		return nil
	}
}

func (c *core) newRunner(cfg runnerConfig) (*interp.Runner, *runnerState, error) {
	rs := &runnerState{interactive: cfg.interactive}
	env := c.dedupEnv(cfg.env)
	shellVars := map[string]string{
		"BASH_ARGV0":            cfg.argv0,
		internalPrefix + "pid":  sandboxPID,
		internalPrefix + "ppid": sandboxPPID,
		"BASH":                  sandboxShell,
		"BASHPID":               sandboxPID,
		"BASH_VERSION":          "5.2.15(1)-release",
		"BASH_SUBSHELL":         "0",
		"COMP_WORDBREAKS":       defaultWordBreaks, // compwords.go
		"HOSTTYPE":              "x86_64",
		"MACHTYPE":              "x86_64-pc-linux-gnu",
		"OSTYPE":                "linux-gnu",
		"OPTERR":                "1",
		"PS4":                   "+ ",
	}
	if _, ok := envLookup(env, "PATH"); !ok {
		// bash's compiled-in default, set but not exported (env -i bash).
		shellVars["PATH"] = "/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin:."
	}
	if cfg.umask != nil {
		shellVars[umaskVar] = umaskString(*cfg.umask)
	}
	base := newBaseEnviron(env, shellVars, c.userHome)
	params := append(append([]string{}, cfg.flags...), "--")
	params = append(params, cfg.params...)
	r, err := interp.New(
		interp.Env(base),
		setDir(cfg.dir),
		interp.Interactive(cfg.interactive),
		interp.StdIO(nil, cfg.stdio.Stdout, cfg.stdio.Stderr),
		interp.CallHandler(c.callHandler(rs)),
		interp.ExecHandlers(c.execMiddleware),
		interp.OpenHandler(c.openHandler),
		interp.StatHandler(c.statHandler),
		interp.ReadDirHandler2(c.readDirHandler),
		interp.AccessHandler(c.accessHandler),
		interp.Params(params...),
	)
	if err != nil {
		return nil, nil, err
	}
	r.Reset()
	base.seal()
	return r, rs, nil
}

// dedupEnv keeps the last value of each variable, in first-seen order.
func (c *core) dedupEnv(env []string) []string {
	idx := make(map[string]int, len(env))
	out := make([]string, 0, len(env))
	for _, kv := range env {
		k, _, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		if i, seen := idx[k]; seen {
			out[i] = kv
			continue
		}
		idx[k] = len(out)
		out = append(out, kv)
	}
	return out
}

// Run parses and runs script. The status is the script's exit status;
// the error is non-nil only when memsh itself failed (not for a failing
// script or a syntax error, which print to Stderr and give status 2).
// Cancelling ctx stops the script and all it started: status 130.
//
// Each top-level statement runs in turn, as lines typed at an interactive
// bash do: the EXIT trap runs when the script calls exit, not at the end
// of every Run.
func (s *Session) Run(ctx context.Context, script string, stdio Stdio) (int, error) {
	s.runMu.Lock()
	defer s.runMu.Unlock()
	if s.closed {
		return 1, errors.New("shell: Run on a closed session")
	}
	if s.ir != nil {
		return s.runInterp(ctx, script, stdio)
	}
	stdout, stderr := lockedPair(stdio.Stdout, stdio.Stderr)
	stderr = sessionStderr(stderr, s.c.opts.Script, s.c.scriptName(), s.c.opts.FromFile)
	s.lastOut, s.lastErr = stdout, stderr

	runCtx, cancel := ctx, context.CancelFunc(func() {})
	if s.c.opts.Timeout > 0 {
		runCtx, cancel = context.WithTimeout(ctx, s.c.opts.Timeout)
	}
	defer cancel()
	runCtx, stopLine := withTrip(runCtx)
	defer stopLine(nil)
	if s.c.opts.Term {
		runCtx = context.WithValue(runCtx, termKey{}, stdout)
	}

	stdin, closeStdin, err := stdinFile(stdio.Stdin)
	if err != nil {
		return 1, err
	}
	defer closeStdin()
	if !s.c.opts.Script {
		s.c.term.file.Store(stdin)
		defer s.c.term.file.Store(nil)
	}
	if s.c.opts.Term || stdio.Stdin == nil || stdio.Stdin == (eofReader{}) || isDevice(stdin) {
		runCtx = context.WithValue(runCtx, stdinDevKey{}, stdin)
	}
	interp.StdIO(stdin, stdout, stderr)(s.runner)
	s.c.fdRun.Store(&runStreams{stdout, stderr})

	hits := s.c.fs.LimitHits()
	stopWatch := s.c.watchMemory(runCtx, stderr) // memwatch.go
	defer stopWatch()
	res := s.c.runStatements(runCtx, s.runner, script, s.c.parsePrefix(), stderr, s.c.removePsubFiles, !s.c.opts.Script)
	// The watchdog stops before the status is read: a trip after it
	// would print its message under a line that ends with 0.
	stopWatch()
	s.c.noteLimits(stderr, hits)
	if s.c.opts.Script && !s.runner.Exited() && runCtx.Err() == nil {
		leave(runCtx, s.runner, res)
		res.status = trapExitStatus(s.runner, res.status) // traps.go
	}
	status, runErr := res.status, res.err
	if !res.ran {
		status = s.last
	}
	if res.syntax {
		status = 2
	}
	s.c.removePsubFiles()

	exited := false
	var limit *limitError
	var es interp.ExitStatus
	if le, ok := tripped(runCtx); ok {
		limit = le
	}
	switch {
	case ctx.Err() != nil:
		status = 130
	case limit != nil:
		status = limit.status
	case runCtx.Err() != nil:
		fmt.Fprintf(stderr, "bash: timed out after %v (the per-run timeout limit)\n", s.c.opts.Timeout)
		status = 124
	case errors.As(runErr, &limit):
		status = limit.status
	case runErr == nil || errors.As(runErr, &es):
		exited = s.runner.Exited()
	default:
		fmt.Fprintf(stderr, "memsh: %v\n", runErr)
		s.last = 1
		s.takeSnapshot()
		return 1, runErr
	}
	s.last = status
	if status != res.lastExit {
		// $? on the next line sees the status reported here.
		s.runner.Run(context.Background(), statusCmd(status))
	}
	s.takeSnapshot()
	if exited {
		s.stateMu.Lock()
		s.snap.exited, s.snap.exitStatus = true, status
		s.stateMu.Unlock()
	}
	return status, nil
}

// statusCmd is a bare command whose status is n: running it sets $?
// without tracing, ERR traps or errexit (which only statements trigger).
func statusCmd(n int) syntax.Command {
	return &syntax.CallExpr{Args: []*syntax.Word{litWord(internalPrefix + "status"), litWord(fmt.Sprint(n))}}
}

// exitCode is the status an interp Run error stands for.
func exitCode(err error) int {
	var es interp.ExitStatus
	switch {
	case err == nil:
		return 0
	case errors.As(err, &es):
		return int(es)
	}
	return 1
}

// scriptResult is how running a script's statements ended.
type scriptResult struct {
	status   int
	lastExit int   // the runner's $? afterwards
	err      error // the interp error of the last statement run
	ran      bool  // at least one statement ran
	syntax   bool  // parsing stopped at a syntax error (printed)
}

// runStatements parses src and runs it a line at a time, as bash does:
// the statements of a line run once the whole line has parsed, so the
// lines before a syntax error run and the line with it does not (status
// 2). It stops early when the script exits or ctx ends. afterStmt, if not
// nil, runs after each statement.
//
// With undoSteps (a session's own lines, not a script's), each top-level
// statement starts a step of memfs's undo journal when it is on (the
// undo command; memfs/undo.go), named by the statement's text.
func (c *core) runStatements(ctx context.Context, r *interp.Runner, src, errPrefix string, stderr io.Writer, afterStmt func(), undoSteps bool) scriptResult {
	var res scriptResult
	src = closeHeredocs(src, errPrefix, stderr)
	src = toggleCaseOps(src)     // toggle.go
	src = arithSyntaxErrors(src) // arithsyntax.go
	var pending []*syntax.Stmt
	stop := false
	// A line's context ends with the line, unless the line started
	// background jobs: mvdan/sh runs them under it, so it then lasts as
	// long as the script (see jobs.go).
	var jobLines []context.CancelCauseFunc
	defer func() {
		for _, cancel := range jobLines {
			cancel(nil)
		}
	}()
	runPending := func() {
		// An error that stops only the current line (a division by zero,
		// see stopLine) cancels lineCtx; the next line runs.
		lineCtx, cancelLine := context.WithCancelCause(ctx)
		jobs := bgCount(r)
		defer func() {
			if bgCount(r) != jobs {
				jobLines = append(jobLines, cancelLine)
				return
			}
			cancelLine(nil)
		}()
		lineCtx = context.WithValue(lineCtx, lineStopKey{}, cancelLine)
		for _, st := range pending {
			if stop || ctx.Err() != nil {
				stop = true
				break
			}
			if lineCtx.Err() != nil {
				break
			}
			verboseEcho(stderr, r, st, src) // fatal.go
			if undoSteps {
				c.fs.Checkpoint(stmtText(st, src))
			}
			if err := c.rewriteFile(st, src); err != nil {
				// Refused like a failing command: the next statements run.
				fmt.Fprintln(stderr, err)
				r.Run(ctx, statusCmd(1))
				res.status, res.lastExit, res.ran = 1, 1, true
				continue
			}
			clear(r.Vars)
			startStmt(stderr, st.Pos().Line())
			res.err = r.Run(lineCtx, st)
			flushTrace(stderr) // xtrace.go
			if ctx.Err() == nil && errors.Is(context.Cause(lineCtx), errLineStopped) {
				// The message is printed; the line's status is 1.
				r.Run(ctx, statusCmd(1))
				res.err = interp.ExitStatus(1)
			}
			res.status = exitCode(res.err)
			if code, ok := unboundExit(stderr, r); ok && r.Exited() {
				res.status = code
			}
			res.status = trapExitStatus(r, res.status) // traps.go
			res.lastExit = res.status
			if !r.Exited() {
				setTopPipeStatus(r, st, res.status)
			}
			res.ran = true
			if afterStmt != nil {
				afterStmt()
			}
			if r.Exited() {
				stop = true
			}
		}
		pending = pending[:0]
	}
	// The loop never leaves the sequence early: mvdan/sh's StmtsSeq can
	// call yield again after it returned false, which panics. Once done,
	// the rest is only parsed.
	done := false
	for st, err := range newParser().StmtsSeq(strings.NewReader(src)) {
		if done {
			continue
		}
		if err != nil {
			done = true
			// Statements ending on an earlier line than the error run.
			errLine := uint(parseErrorLine(err))
			keep := 0
			for keep < len(pending) && pending[keep].End().Line() < errLine {
				keep++
			}
			pending = pending[:keep]
			runPending()
			if stop && r.Exited() {
				continue
			}
			printParseErrorAt(stderr, err, errPrefix, src, c.opts.Script)
			res.syntax, res.status = true, 2
			continue
		}
		if len(pending) > 0 && st.Pos().Line() > pending[len(pending)-1].End().Line() {
			runPending()
		}
		if stop {
			done = true
			continue
		}
		pending = append(pending, st)
	}
	if !done {
		runPending()
	}
	return res
}

// closeHeredocs gives a here-document left open at the end of the script
// its delimiter, with bash's warning, as bash runs such a script rather
// than failing it.
func closeHeredocs(src, errPrefix string, stderr io.Writer) string {
	if !strings.Contains(src, "<<") {
		return src
	}
	for range 8 {
		_, err := newParser().Parse(strings.NewReader(src), "")
		pe, ok := asParseError(err)
		if !ok {
			return src
		}
		delim, ok := strings.CutPrefix(pe.Text, "unclosed here-document ")
		if !ok {
			return src
		}
		delim = strings.Trim(delim, "`")
		fmt.Fprintf(stderr, "%s: warning: here-document at line %d delimited by end-of-file (wanted `%s')\n", heredocWarnPrefix(errPrefix, src), pe.Pos.Line(), delim) // heredoc.go
		if !strings.HasSuffix(src, "\n") {
			src += "\n"
		}
		src += delim + "\n"
	}
	return src
}

// isDevice reports whether f is a character device (a terminal or
// /dev/null), which rg does not take for input.
func isDevice(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// stdinFile gives the runner an *os.File to read, which mvdan/sh needs
// (it would otherwise copy the reader into a pipe of its own that it
// never closes). Files are used as they are; other readers are copied
// into a pipe that closeStdin closes, ending the copy.
func stdinFile(r io.Reader) (f *os.File, closeStdin func(), err error) {
	switch r := r.(type) {
	case *os.File:
		// A cancelled line sets a read deadline on it; clear it again.
		return r, func() { r.SetReadDeadline(time.Time{}) }, nil
	case *countingReader:
		if f, ok := r.r.(*os.File); ok {
			return f, func() {}, nil
		}
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	if r == nil {
		pw.Close()
		return pr, func() { pr.Close() }, nil
	}
	if _, ok := r.(eofReader); ok {
		pw.Close()
		return pr, func() { pr.Close() }, nil
	}
	go func() {
		io.Copy(pw, r)
		pw.Close()
	}()
	return pr, func() { pr.Close() }, nil
}

// lockedPair serialises writes to the caller's writers: pipeline stages
// and background jobs write to them concurrently. When both are the same
// writer, they share one lock so the interleaving is kept.
func lockedPair(out, errw io.Writer) (io.Writer, io.Writer) {
	if out == nil {
		out = io.Discard
	}
	if errw == nil {
		errw = io.Discard
	}
	mu := &sync.Mutex{}
	lo := &lockedWriter{mu: mu, w: out}
	if sameWriter(out, errw) {
		lo.quiet = true
		return lo, lo
	}
	return lo, &lockedWriter{mu: &sync.Mutex{}, w: errw, quiet: true}
}

func sameWriter(a, b io.Writer) bool {
	ta, tb := reflect.TypeOf(a), reflect.TypeOf(b)
	return ta == tb && ta.Comparable() && a == b
}

type lockedWriter struct {
	mu    *sync.Mutex
	w     io.Writer
	quiet bool // drop the lines of quietLine
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	if l.quiet && quietLine(p) {
		return len(p), nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// quietLine reports whether p is one of the lines mvdan/sh prints for a
// stopped line (once per command substitution it unwinds): a cancelled
// or timed-out line, or a tripped limit, is reported once by memsh.
func quietLine(p []byte) bool {
	switch string(p) {
	case "context canceled\n", "context deadline exceeded\n", limitSentinel + "\n":
		return true
	}
	return tracedHelper(p)
}

// printParseError prints a syntax error in bash's words where mvdan/sh's
// message has a bash equivalent, prefixed like bash's ("bash: line N:",
// "bash: -c: line N:", "FILE: line N:").
func printParseError(w io.Writer, err error, prefix, src string) {
	printParseErrorAt(w, err, prefix, src, false)
}

// printParseErrorAt is printParseError; showLine adds the line bash
// could not parse, as a non-interactive bash does (scripts, their eval
// and source).
func printParseErrorAt(w io.Writer, err error, prefix, src string, showLine bool) {
	pe, ok := asParseError(err)
	if !ok {
		fmt.Fprintf(w, "%s: %v\n", prefix, err)
		return
	}
	line := int(pe.Pos.Line())
	text := pe.Text
	eofLine := strings.Count(src, "\n") + 1
	if !strings.HasSuffix(src, "\n") {
		eofLine++
	}
	var msg string
	switch {
	case strings.HasPrefix(text, "reached EOF without closing quote "):
		q := strings.TrimPrefix(text, "reached EOF without closing quote ")
		if len(q) >= 3 {
			q = q[1 : len(q)-1]
		}
		msg = "unexpected EOF while looking for matching `" + q + "'"
	case strings.HasPrefix(text, "reached EOF without matching `$(`"), strings.HasPrefix(text, "reached EOF without matching `${`"):
		closer := ")"
		if strings.Contains(text, "`${`") {
			closer = "}"
		}
		msg = "unexpected EOF while looking for matching `" + closer + "'"
	case strings.HasPrefix(text, "reached EOF"), strings.Contains(text, "must end with"),
		strings.Contains(text, "must be followed by a statement") && nextToken(src, pe.Pos.Offset(), text) == "":
		line, msg = eofLine, "syntax error: unexpected end of file"
	case strings.Contains(text, "followed by a word") || strings.Contains(text, "followed by a literal"):
		tok := nextToken(src, pe.Pos.Offset(), text)
		if tok == "" {
			tok = "newline"
		}
		msg = "syntax error near unexpected token `" + tok + "'"
	case strings.Contains(text, "can only"):
		msg = "syntax error near unexpected token `" + firstQuoted(text) + "'"
	case strings.Contains(text, "must be followed by"):
		msg = "syntax error near unexpected token `" + nextToken(src, pe.Pos.Offset(), text) + "'"
	default:
		msg = "syntax error: " + text
	}
	fmt.Fprintf(w, "%s: line %d: %s\n", prefix, line, msg)
	if showLine && strings.HasPrefix(msg, "syntax error near unexpected token") {
		// Outside the prompt bash shows the line it could not parse.
		if lines := strings.Split(src, "\n"); line >= 1 && line <= len(lines) {
			fmt.Fprintf(w, "%s: line %d: `%s'\n", prefix, line, lines[line-1])
		}
	}
}

// scriptName is $0 as a script's messages name it: Options.Args[0], or
// bash.
func (c *core) scriptName() string {
	if len(c.opts.Args) > 0 && c.opts.Args[0] != "" {
		return c.opts.Args[0]
	}
	return "bash"
}

// parsePrefix starts a syntax error's message: "NAME: -c" for a -c
// script, "NAME" for a file, "bash" at the prompt.
func (c *core) parsePrefix() string {
	switch {
	case !c.opts.Script:
		return "bash"
	case c.opts.FromFile:
		return c.scriptName()
	}
	return c.scriptName() + ": -c"
}

// firstQuoted returns the first `quoted` token of a mvdan/sh message.
func firstQuoted(text string) string {
	_, rest, ok := strings.Cut(text, "`")
	if !ok {
		return text
	}
	tok, _, _ := strings.Cut(rest, "`")
	return tok
}

// nextToken is the token after the construct a parse error is about
// ("then" in "if then"), "newline" at the end of a line, "" at the end
// of the input.
func nextToken(src string, off uint, text string) string {
	if int(off) > len(src) {
		return ""
	}
	rest := src[off:]
	rest = strings.TrimPrefix(rest, firstQuoted(text))
	rest = strings.TrimLeft(rest, " \t")
	if rest == "" {
		return ""
	}
	if rest[0] == '\n' {
		if strings.TrimSpace(rest) == "" {
			return ""
		}
		return "newline"
	}
	end := strings.IndexAny(rest, " \t\n;")
	if end == 0 {
		end = 1
	}
	if end < 0 {
		end = len(rest)
	}
	return rest[:end]
}

func (s *Session) takeSnapshot() {
	vars := make(map[string]string, len(s.runner.Vars))
	jobs := 0
	for name, vr := range s.runner.Vars {
		if vr.IsSet() && !strings.HasPrefix(name, "HOME ") && !strings.HasPrefix(name, internalPrefix) {
			vars[name] = vr.String()
		}
		if strings.HasPrefix(name, internalPrefix+"job_") && vr.IsSet() {
			if j, ok := jobTable.Load(vr.String()); ok && !j.(*job).finished() {
				jobs++
			}
		}
	}
	funcs := make([]string, 0, len(s.runner.Funcs))
	for name := range s.runner.Funcs {
		funcs = append(funcs, name)
	}
	sort.Strings(funcs)
	aliases := s.rs.aliasNames()
	s.stateMu.Lock()
	s.snap = snapshot{dir: s.runner.Dir, vars: vars, funcs: funcs, aliases: aliases, jobs: jobs}
	s.stateMu.Unlock()
}

// The methods below are safe to call from another goroutine while Run runs;
// they report the state as of the end of the last Run.

// FS is the session's filesystem.
func (s *Session) FS() *memfs.FS { return s.c.fs }

// Dir is the working directory.
func (s *Session) Dir() string {
	s.stateMu.Lock()
	defer s.stateMu.Unlock()
	return s.snap.dir
}

// Getenv returns a shell variable's value.
func (s *Session) Getenv(name string) string {
	s.stateMu.Lock()
	defer s.stateMu.Unlock()
	return s.snap.vars[name]
}

// Jobs is how many background jobs were still running, bash's \j in a
// prompt.
func (s *Session) Jobs() int {
	s.stateMu.Lock()
	defer s.stateMu.Unlock()
	return s.snap.jobs
}

// Vars lists the names of set variables, sorted.
func (s *Session) Vars() []string {
	s.stateMu.Lock()
	defer s.stateMu.Unlock()
	names := make([]string, 0, len(s.snap.vars))
	for n := range s.snap.vars {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Commands lists every command name the session knows (builtins,
// registry commands, functions, aliases), sorted.
func (s *Session) Commands() []string {
	s.stateMu.Lock()
	funcs, aliases := s.snap.funcs, s.snap.aliases
	s.stateMu.Unlock()
	seen := make(map[string]bool)
	var out []string
	add := func(n string) {
		if !seen[n] && !strings.HasPrefix(n, internalPrefix) {
			seen[n] = true
			out = append(out, n)
		}
	}
	for _, n := range builtinNames {
		add(n)
	}
	for n := range s.c.cmds {
		add(n)
	}
	for _, n := range funcs {
		add(n)
	}
	for _, n := range aliases {
		add(n)
	}
	sort.Strings(out)
	return out
}

// builtinNames are mvdan/sh's builtins (interp.IsBuiltin has no list).
var builtinNames = []string{
	".", ":", "[", "alias", "bg", "bind", "break", "builtin", "caller", "cd", "command",
	"compgen", "complete", "compopt", "continue", "declare", "dirs", "disown", "echo",
	"enable", "eval", "exec", "exit", "export", "false", "fc", "fg", "getopts", "hash",
	"help", "history", "jobs", "kill", "let", "local", "logout", "mapfile", "newgrp",
	"popd", "printf", "pushd", "pwd", "read", "readarray", "readonly", "return", "set",
	"shift", "shopt", "source", "suspend", "test", "times", "trap", "true", "type",
	"typeset", "ulimit", "umask", "unalias", "unset", "wait",
}

// IsCommand reports whether name would run something rather than give
// "command not found" (for syntax highlighting).
func (s *Session) IsCommand(name string) bool {
	if name == "" {
		return false
	}
	if interp.IsBuiltin(name) || syntax.IsKeyword(name) {
		return true
	}
	if _, ok := s.c.cmds[name]; ok {
		return true
	}
	s.stateMu.Lock()
	snap := s.snap
	s.stateMu.Unlock()
	if i := sort.SearchStrings(snap.funcs, name); i < len(snap.funcs) && snap.funcs[i] == name {
		return true
	}
	if i := sort.SearchStrings(snap.aliases, name); i < len(snap.aliases) && snap.aliases[i] == name {
		return true
	}
	if strings.Contains(name, "/") {
		info, err := s.c.fs.Stat(absPath(snap.dir, name))
		return err == nil && !info.IsDir() && canAccess(info, interp.AccessExec)
	}
	pathVar, ok := snap.vars["PATH"]
	if !ok {
		pathVar = defaultPath
	}
	full, _ := s.c.lookPathIn(pathVar, snap.dir, name)
	return full != ""
}

// Exited reports whether the script ran `exit`, and its status.
func (s *Session) Exited() (status int, ok bool) {
	s.stateMu.Lock()
	defer s.stateMu.Unlock()
	return s.snap.exitStatus, s.snap.exited
}

// SetWidth changes the terminal width width-aware commands lay out for
// (ls columns), e.g. when the terminal is resized; it applies to the
// commands started after it. Safe to call while Run runs.
func (s *Session) SetWidth(cols int) { s.c.termWidth.Store(int64(cols)) }

// SetHistory gives the `history` builtin the lines typed at the prompt,
// oldest first (the TUI owns them: they live on the host, never in the
// sandbox). Without it, `history` prints nothing. Safe to call while Run
// runs; the session keeps its own copy.
func (s *Session) SetHistory(entries []string) {
	cp := slices.Clone(entries)
	s.c.history.Store(&cp)
}

// StdinBytes is the number of bytes running commands have read from their
// stdin since the session started (monotonic; sample it to get a rate).
func (s *Session) StdinBytes() int64 { return s.c.stdinBytes.Load() }

// Close releases the session's resources. An EXIT trap the script set
// runs first, writing to the last Run's Stdout and Stderr, as when bash
// ends (script mode: call Close before reading buffered output).
func (s *Session) Close() error {
	s.runMu.Lock()
	defer s.runMu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	if s.ir != nil {
		s.closeInterp()
	} else if _, exited := s.Exited(); !exited {
		out, errw := s.lastOut, s.lastErr
		if out == nil {
			out, errw = io.Discard, io.Discard
		}
		interp.StdIO(nil, out, errw)(s.runner)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		leave(ctx, s.runner, scriptResult{})
		cancel()
	}
	s.c.pyMu.Lock()
	defer s.c.pyMu.Unlock()
	if s.c.ownPy && s.c.py != nil {
		return s.c.py.Close()
	}
	return nil
}

// python returns the runtime for python3 and WASI programs, creating it
// on first use so a session that never runs python pays nothing.
func (c *core) python() *pyworker.Runtime {
	c.pyMu.Lock()
	defer c.pyMu.Unlock()
	if c.py == nil {
		c.py = pyworker.New(pyworker.Config{})
		c.ownPy = true
	}
	return c.py
}

var _ expand.Environ = (*baseEnviron)(nil)

// stmtText is the source of the top-level statement st in src.
func stmtText(st *syntax.Stmt, src string) string {
	from, to := int(st.Pos().Offset()), int(st.End().Offset())
	if from < 0 || to > len(src) || from > to {
		return ""
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(src[from:to]), ";"))
}
