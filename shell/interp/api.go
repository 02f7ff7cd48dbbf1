// Package interp is memsh's bash interpreter: it executes the AST of
// mvdan.cc/sh/v3/syntax with GNU bash 5.2's semantics, over memfs, with
// memsh's command registry as its commands.
//
// Files are split by role, as bash's sources are: runner.go walks
// statements, vars.go holds variables and scopes, expand*.go word
// expansion, redirect.go file descriptors, subshell.go the copy of the
// shell state a subshell gets, errors.go bash's messages, and
// builtin_*.go the builtins by family. Arithmetic (arith.go), test
// expressions (testexpr.go) and patterns (pattern.go) evaluate text.
package interp

import (
	"context"
	"io"
	"os"
	"path"
	"strings"
	"sync/atomic"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"memsh/memfs"
	"memsh/shell/command"
)

// Config is what a Runner is built from. FS is required.
type Config struct {
	FS *memfs.FS
	// Commands is the registry: commands found by name, after functions
	// and builtins.
	Commands map[string]command.Command
	// RunFile runs an executable memfs file that is not a shell script
	// (a WASI module, a "#!" line naming another interpreter); shell
	// scripts, with or without a "#!" line naming bash or sh, run in a
	// child shell of this package. Nil: such files fail with "cannot
	// execute binary file".
	RunFile func(ctx context.Context, req *FileRequest) int
	// Program, when set, says which registry command (or builtin GNU
	// also ships as a program) an executable file stands for, from its
	// first bytes: the session's /usr/bin entries. Such a file runs as
	// that command, with argv[0] as the file was run ("/usr/bin/echo"),
	// which the program's messages show.
	Program func(head []byte) (name string, ok bool)
	// Env is the initial environment, "K=V", all exported.
	Env []string
	// Dir is the working directory ("" = /).
	Dir string
	// Args are $0 and the positional parameters; empty: $0 is "bash".
	Args []string
	// Script makes messages carry the line ("bash: line 3: ..."), as
	// bash -c prints them.
	Script bool
	// MaxCallDepth limits function nesting; 0 = 1000.
	MaxCallDepth int
	// FromFile says a Script came from a file or stdin rather than -c
	// ("NAME: line 3:" instead of "NAME: -c: line 3:" in messages).
	FromFile bool
	// Command is the text of -c, set in BASH_EXECUTION_STRING.
	Command string
	// Invoke, when set, completes each registry command's Invocation
	// before it runs: what only the session knows (the terminal and its
	// width, the pager, the memory account, WASI tools, stdin metering).
	// It returns what to do once the command has returned (nil: nothing).
	Invoke func(ctx context.Context, inv *command.Invocation) (done func())
	// Signals, when set, gives each background job a signal group of its
	// own (bash's process group): kill sends it the signal and cancels
	// the job only when its programs do not take it.
	Signals command.SignalGroups
	// Budget is the session's memory budget: every variable and array
	// assignment counts against it (budget.go). Nil: no budget.
	Budget *command.Budget
	// SilentRead, when set, is called while `read -s` reads the shell's
	// own stdin (the terminal hides what is typed); it returns the call
	// that turns echo back on.
	SilentRead func() (restore func())
	// Interactive is the shell at a prompt: background jobs outlive the
	// Run that started it and job control (fg, bg, "[1] PID" when a job
	// starts) is on (jobs.go).
	Interactive bool
	// StmtStart, when set, is called before each top-level command of a
	// Run with its source text (the session's undo steps); child
	// shells do not call it.
	StmtStart func(text string)
	// Columns, when set, is the terminal's width, which help lays its
	// table out for when COLUMNS is not set (bash's window size).
	Columns func() int
	// MaxProcs bounds the pipeline stages and background jobs running at
	// once (proclimit.go); 0 = 5000.
	MaxProcs int

	procs *procCount // what runs now, shared by subshells and child shells
	// callBase is how many levels of MaxCallDepth the shells around a
	// child shell use (childshell.go).
	callBase int
}

// FileRequest is an executable file for Config.RunFile to run.
type FileRequest struct {
	Path  string   // absolute memfs path
	Args  []string // Args[0] as typed
	Head  []byte   // the file's first bytes (magic, "#!" line)
	Env   []string
	Dir   string
	Umask os.FileMode // the shell's file-creation mask
	Stdio command.Stdio
	// Exec runs argv through the shell's exec path (an interpreter named
	// on the file's "#!" line).
	Exec func(ctx context.Context, argv, env []string, stdio command.Stdio) int
}

// Stdio is a Run's standard streams; nil means empty input or discard.
type Stdio struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// New returns a Runner for cfg.
func New(cfg Config) *Runner { return newRunner(cfg, builtinTable) }

// newRunner builds a shell with the builtin table blt (a child shell
// gets its parent's, which keeps the table out of its own
// initialisation).
func newRunner(cfg Config, blt map[string]builtinFunc) *Runner {
	if cfg.MaxCallDepth <= 0 {
		cfg.MaxCallDepth = 1000
	}
	if cfg.Dir == "" {
		cfg.Dir = "/"
	}
	if cfg.procs == nil {
		cfg.procs = &procCount{}
	}
	r := &Runner{
		cfg:      &cfg,
		blt:      blt,
		dir:      cfg.Dir,
		arg0:     "bash",
		funcs:    newFuncs(),
		aliases:  newAliases(),
		started:  time.Now(),
		pid:      sandboxPID,
		bashPid:  sandboxPID,
		fromFile: cfg.FromFile,
		pids:     new(atomic.Int32),

		oneStatus: -1,
		fgJob:     &fgSlot{},
	}
	r.pids.Store(int32(r.pid))
	r.opts = defaultOptions()
	// bash expands aliases in an interactive shell, not in bash -c.
	r.opts.expandAliases = !cfg.Script
	if cfg.Interactive {
		r.opts.interactive()
	}
	r.vars.frames = []*frame{newFrame(64)}
	r.vars.mem = cfg.Budget
	if len(cfg.Args) > 0 {
		r.arg0, r.params = cfg.Args[0], cfg.Args[1:]
	}
	for _, kv := range cfg.Env {
		k, v, ok := strings.Cut(kv, "=")
		if ok && validName(k) {
			nv := r.vars.forWrite(k, 0)
			nv.setStr(v)
			nv.attrs |= attrExport
			r.varChanged(k, nv)
		}
	}
	r.setDefault("IFS", " \t\n", false)
	// bash's DEFAULT_PATH_VALUE, not exported, when the environment has none.
	r.setDefault("PATH", "/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin:.", false)
	r.setDefault("OPTIND", "1", false)
	r.setDefault("PS4", "+ ", false)
	// bash sets SHELL from the user's passwd entry when it is unset
	r.setDefault("SHELL", "/bin/bash", false)
	r.setDefault("HOSTNAME", "memsh", false)
	r.setDefault("BASH", "/bin/bash", false)
	r.setDefault("BASH_VERSION", "5.2.15(1)-release", false)
	r.setDefault("HOSTTYPE", "x86_64", false)
	r.setDefault("MACHTYPE", "x86_64-pc-linux-gnu", false)
	r.setDefault("OSTYPE", "linux-gnu", false)
	r.setDefault("OPTERR", "1", false)
	r.setDefault("BASH_LOADABLES_PATH", "/usr/local/lib/bash:/usr/lib/bash:/opt/local/lib/bash:/usr/pkg/lib/bash:/opt/pkg/lib/bash:.", false)
	r.setDefault("COMP_WORDBREAKS", " \t\n\"'@><=;|&(:", false)
	r.setShellVar("UID", attrInteger|attrReadonly, false, "1000")
	r.setShellVar("EUID", attrInteger|attrReadonly, false, "1000")
	r.setShellVar("PPID", attrInteger|attrReadonly, true, "1")
	r.setShellVar("GROUPS", attrIndexed, false, "1000")
	r.setShellVar("BASH_VERSINFO", attrIndexed|attrReadonly, true, "5", "2", "15", "1", "release", "x86_64-pc-linux-gnu")
	if cfg.Command != "" {
		// set over the environment's, keeping its export
		r.vars.forWrite("BASH_EXECUTION_STRING", 0).setStr(cfg.Command)
	}
	if cfg.Interactive {
		r.setHistoryDefaults() // builtin_history.go
	}
	r.umask = 0o022
	// $_ starts as the shell's own path.
	r.lastArg, _ = r.getVar("BASH")
	r.limits = sandboxLimits(&cfg)
	r.initPwd()
	r.importOptions()
	r.syncOptionVars()
	return r
}

// importOptions turns on the options an inherited SHELLOPTS or BASHOPTS
// names, as bash does at start-up (export SHELLOPTS carries set -x into
// child shells); unknown names are ignored.
func (r *Runner) importOptions() {
	for _, t := range []struct {
		name  string
		table []setOption
	}{{"SHELLOPTS", setOptions}, {"BASHOPTS", shoptOptions}} {
		v, _ := r.vars.lookup(t.name)
		if v == nil || !v.set {
			continue
		}
		for _, n := range strings.Split(v.str, ":") {
			if o := findOption(t.table, n); o != nil {
				*o.field(&r.opts) = true
			}
		}
	}
}

// initPwd sets the directory and PWD as bash's set_pwd does at start-up:
// an inherited PWD naming the same directory keeps its logical path,
// otherwise PWD is the physical one; an inherited OLDPWD that is no
// directory, or none, is exported and unset (`cd -`: OLDPWD not set).
func (r *Runner) initPwd() {
	fsys := r.cfg.FS
	if v, _ := r.vars.lookup("PWD"); v != nil && v.set && v.attrs&attrExport != 0 && path.IsAbs(v.str) && sameFile(fsys, v.str, r.dir) {
		r.dir = path.Clean(v.str)
	} else if real, err := fsys.Realpath(r.dir); err == nil {
		r.dir = real
	}
	pwd := r.vars.forWrite("PWD", 0)
	pwd.setStr(r.dir)
	pwd.attrs |= attrExport
	old, _ := r.vars.lookup("OLDPWD")
	if old != nil && old.set {
		if info, err := fsys.Stat(r.absPath(old.str)); err == nil && info.IsDir() {
			return
		}
	}
	old = r.vars.forWrite("OLDPWD", 0)
	old.set, old.str, old.grow = false, "", nil
	old.attrs |= attrExport
}

func (r *Runner) setDefault(name, val string, export bool) {
	if v, _ := r.vars.lookup(name); v != nil {
		return
	}
	v := r.vars.forWrite(name, 0)
	v.setStr(val)
	if export {
		v.attrs |= attrExport
	}
}

// setShellVar gives name bash's start-up value: the sandbox user's ids
// (read-only integers unless the environment set them, as bash's
// uidset), PPID and BASH_VERSINFO whatever the environment says. More
// than one value makes an indexed array.
func (r *Runner) setShellVar(name string, attrs attr, force bool, vals ...string) {
	if v, _ := r.vars.lookup(name); v != nil && !force {
		return
	}
	v := r.vars.forWrite(name, 0)
	v.attrs = attrs
	if attrs&attrIndexed == 0 {
		v.str, v.idx, v.set = vals[0], nil, true
		return
	}
	v.str, v.idx, v.set = "", &indexed{}, true
	for i, val := range vals {
		v.idx.set(i, val)
	}
}

// Run reads src and runs it, a complete command at a time as bash
// does. The error is a syntax error (already printed to stderr as bash
// prints it) that stopped it after the commands before it ran; the
// status is the script's.
func (r *Runner) Run(ctx context.Context, src string, stdio Stdio) (status int, err error) {
	r.setStdio(stdio)
	defer r.recoverCrash(&status)
	if r.cfg.Script && !r.fromFile {
		r.setExecString(src)
	}
	return r.runSource(ctx, src)
}

// setExecString is bash -c's BASH_EXECUTION_STRING: the command text.
func (r *Runner) setExecString(src string) {
	v := r.vars.forWrite("BASH_EXECUTION_STRING", 0)
	if v.attrs&attrReadonly == 0 {
		v.setStr(src)
	}
}

// runSource reads and runs src on the shell's current descriptors. A
// syntax error stops it after the commands before it ran (parse.go);
// the error is returned, already printed.
func (r *Runner) runSource(ctx context.Context, src string) (int, error) {
	sc := readScript(ctx, src)
	if sc.stopped {
		r.lastStatus = 130
		return r.lastStatus, nil
	}
	r.src = sc.src
	rd := newReader(sc, 0)
	if r.runFile(ctx, rd) || rd.sc.err == nil {
		return r.lastStatus, nil
	}
	r.reportSyntax(rd.sc.err, 0, "")
	if rd.sc.err.keepStatus {
		return r.lastStatus, nil
	}
	r.lastStatus = 2
	return 2, rd.sc.err
}

// recoverCrash turns a panic of the interpreter itself into bash's
// "internal error" and status 2, so one bad script cannot take the
// process (and the other sessions in it) down.
func (r *Runner) recoverCrash(status *int) {
	if p := recover(); p != nil {
		r.errorf("internal error: %v", p)
		r.lastStatus, *status = 2, 2
		r.flow = flowNone
	}
}

// Exited reports whether the script ran `exit`.
func (r *Runner) Exited() bool { return r.exited }

// Dir is the working directory.
func (r *Runner) Dir() string { return r.dir }

// Var returns a variable's scalar value.
func (r *Runner) Var(name string) (string, bool) { return r.getVar(name) }

// Vars returns every set variable's scalar value (element 0 of an array),
// for a snapshot of the shell's state.
func (r *Runner) Vars() map[string]string {
	out := map[string]string{}
	for _, n := range r.vars.names() {
		if v, ok := r.getVar(n); ok {
			out[n] = v
		}
	}
	return out
}

// Funcs lists the defined functions' names, sorted.
func (r *Runner) Funcs() []string { return r.funcs.names() }

// Aliases lists the defined aliases' names, sorted.
func (r *Runner) Aliases() []string { return r.aliases.names() }

// Status is $?: the status of the last command run.
func (r *Runner) Status() int { return r.lastStatus }

// SetStatus sets $? (a session reports a line stopped by a limit or a
// timeout with its own status, which the next line's $? sees).
func (r *Runner) SetStatus(n int) { r.lastStatus = n }

// runFile runs a script's commands as rd reads them; the EXIT trap is
// the caller's. It reports whether exit, Ctrl-C or a timeout stopped
// them.
func (r *Runner) runFile(ctx context.Context, rd *reader) (stopped bool) {
	skipLine := uint(0)
	shown := uint(0) // the last line set -v printed
	for {
		st := r.next(ctx, rd)
		if st == nil {
			break
		}
		if end := st.End().Line(); end > shown {
			r.recordHistory(st, shown) // builtin_history.go
			if r.opts.verbose {
				// set -v: the lines as bash reads them, a whole compound
				// command before it runs.
				r.printErr(sourceLines(r.src, shown+1, end))
			}
			shown = end
		}
		if st.Pos().Line() == skipLine {
			// The rest of a line whose command was discarded.
			skipLine = st.End().Line()
			continue
		}
		if r.cfg.StmtStart != nil {
			r.cfg.StmtStart(stmtSource(st, r.src))
		}
		r.topStmt(ctx, st)
		if r.flow == flowDiscard {
			r.flow = flowNone
			skipLine = st.End().Line()
		}
		if r.flow == flowExit {
			// A cancelled line (Ctrl-C, a timeout) stops; the shell
			// has not exited.
			r.exited = ctx.Err() == nil
			stopped = true
			break
		}
	}
	r.flow, r.flowN = flowNone, 0
	return stopped
}

// sourceLines is lines from..to (1-based) of src, each with its newline.
func sourceLines(src string, from, to uint) string {
	start, line := 0, uint(1)
	for line < from && start < len(src) {
		i := strings.IndexByte(src[start:], '\n')
		if i < 0 {
			return ""
		}
		start += i + 1
		line++
	}
	end := start
	for line <= to && end < len(src) {
		i := strings.IndexByte(src[end:], '\n')
		if i < 0 {
			end = len(src)
			break
		}
		end += i + 1
		line++
	}
	text := src[start:end]
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return text
}

// finish ends a script as bash -c does: the EXIT trap, then waiting for
// background jobs. It returns the final status.
func (r *Runner) finish(ctx context.Context, status int) int {
	if r.flow == flowExit || r.exited {
		status = r.lastStatus
	}
	r.flow = flowNone
	r.lastStatus = status
	r.runExitTrap(ctx)
	r.hangUpJobs()
	r.waitAll()
	return r.lastStatus
}

// Finish ends a script: its EXIT trap runs and background jobs are
// waited for. It returns the script's final status.
func (r *Runner) Finish(ctx context.Context, status int) int { return r.finish(ctx, status) }

// stmtSource is the source text of the top-level statement st of src,
// without a trailing ";".
func stmtSource(st *syntax.Stmt, src string) string {
	from, to := int(st.Pos().Offset()), int(st.End().Offset())
	if from < 0 || to > len(src) || from > to {
		return ""
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(src[from:to]), ";"))
}
