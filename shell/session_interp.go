package shell

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"memsh/memfs"
	"memsh/pyworker"
	"memsh/shell/command"
	"memsh/shell/interp"
)

// newInterpRunner builds the session's shell on shell/interp: memfs, the
// registry (bash and sh are the interpreter's own child shells), WASI
// programs and python3 through pyworker, the memory budget.
func (c *core) newInterpRunner(env []string, dir string, args []string) *interp.Runner {
	cmds := make(map[string]command.Command, len(c.cmds))
	for n, cmd := range c.cmds {
		if n != "bash" && n != "sh" {
			cmds[n] = cmd
		}
	}
	return interp.New(interp.Config{
		FS:           c.fs,
		Commands:     cmds,
		RunFile:      c.interpRunFile,
		Program:      c.stubCommand,
		Env:          c.dedupEnv(env),
		Dir:          dir,
		Args:         args,
		Script:       c.opts.Script,
		Interactive:  !c.opts.Script,
		StmtStart:    c.undoStep,
		FromFile:     c.opts.FromFile,
		Command:      c.opts.Command,
		MaxCallDepth: c.maxDepth,
		Invoke:       c.interpInvoke,
		Signals:      signalGroups{},
		Budget:       c.mem,
		Columns:      c.width,
		SilentRead: func() func() {
			c.term.noEcho.Add(1)
			return func() { c.term.noEcho.Add(-1) }
		},
	})
}

// interpInvoke gives a registry command what the session knows: the
// terminal (when its stdout is the Run's own), the width and pager, the
// memory account, WASI tools, and stdin metering.
func (c *core) interpInvoke(ctx context.Context, inv *command.Invocation) func() {
	in := lineFile(inv.Stdin)
	stdin, stop := c.meterStdin(ctx, in)
	dev := isStdinDevice(ctx, in)
	inv.Stdin = stdin
	out := inv.Stdout
	if u, ok := out.(interface{ Unwrap() io.Writer }); ok {
		out = u.Unwrap()
	}
	inv.Term = c.opts.Term && isTerminal(ctx, out)
	inv.StdinDevice = dev
	inv.Width = c.width()
	inv.Mem = command.NewMemory(c.mem)
	inv.Tool = c.interpTool
	inv.Signals = signalGroups{}
	if pg := c.pager.Load(); pg != nil && inv.Term {
		inv.Pager = *pg
	}
	stopOut := func() {}
	if f, ok := out.(*memfs.File); ok && f.Fifo() {
		// A write waiting for a FIFO's reader ends with the command.
		stopOut = command.InterruptFifo(ctx, f, true)
	}
	mem := inv.Mem
	return func() {
		mem.ReleaseHeld()
		stop()
		stopOut()
	}
}

// signalGroups are the shell's process groups for signals: what kill
// and timeout send reaches the python guests of a job or of timeout's
// command as Linux delivers it (pyworker.Group): python runs its own
// handler (KeyboardInterrupt for SIGINT) or ignores the signal; a signal
// that some program of the group dies of leaves the caller to cancel the
// group.
type signalGroups struct{}

// Group implements command.SignalGroups.
func (signalGroups) Group(ctx context.Context, own bool) (context.Context, func(sig int) bool) {
	ctx, cancel := context.WithCancel(ctx)
	ctx, in := pyworker.Group(ctx, own, cancel)
	return ctx, in.Signal
}

// SuspendForeground is the terminal's Ctrl-Z: when the running line's
// fg runs a job, the job goes back to the background (fg returns 148
// after bash's "Stopped" line) and it reports true; memsh can stop no
// other command, and it reports false. Safe to call while Run runs.
func (s *Session) SuspendForeground() bool { return s.ir.SuspendForeground() }

// StoppedJobs is how many background jobs wait to read the terminal
// (bash's stopped jobs). Call it between Runs.
func (s *Session) StoppedJobs() int { return s.ir.StoppedJobs() }

// Foreground implements command.SignalGroups.
func (signalGroups) Foreground(ctx, jobCtx context.Context) (release func()) {
	return pyworker.Foreground(ctx, jobCtx)
}

// Program implements command.SignalGroups.
func (signalGroups) Program(ctx context.Context, killed func()) (context.Context, func(), func(int) int) {
	ctx, p := pyworker.StartProgram(ctx, killed)
	return ctx, p.Leave, p.End
}

// interpTool runs a WASI build of a real program; its system() and
// popen() run `sh -c LINE` through the shell's exec path.
func (c *core) interpTool(ctx context.Context, name string, inv *command.Invocation) int {
	return c.python().RunTool(ctx, name, pyworker.Proc{
		Args: inv.Args, Env: inv.Environ, Dir: inv.Dir,
		Stdin: inv.Stdin, Stdout: inv.Stdout, Stderr: inv.Stderr, FS: c.fs, Memory: c.mem,
		Umask: inv.Umask(),
		System: func(ctx context.Context, line, dir string, stdin io.Reader, stdout, stderr io.Writer) int {
			return inv.Exec(ctx, []string{"sh", "-c", "cd " + shellQuote(dir) + " && " + line}, inv.Environ,
				command.Stdio{Stdin: stdin, Stdout: stdout, Stderr: stderr})
		},
	})
}

// stubCommand is the registry command a /usr/bin stub stands for.
func (c *core) stubCommand(head []byte) (string, bool) {
	name, ok := stubName(head)
	if !ok {
		return "", false
	}
	if _, ok := c.cmds[name]; !ok && !command.IsProgramBuiltin(name) {
		return "", false
	}
	return name, true
}

// interpRunFile runs an executable file that is not a shell script: a
// WASI module, or the interpreter a "#!" line names (python3 in
// pyworker, anything else through exec).
func (c *core) interpRunFile(ctx context.Context, req *interp.FileRequest) int {
	name := req.Args[0]
	proc := pyworker.Proc{
		Args: req.Args, Env: req.Env, Dir: req.Dir, FS: c.fs, Umask: req.Umask, Memory: c.mem,
		Stdout: req.Stdio.Stdout, Stderr: req.Stdio.Stderr,
	}
	if pyworker.IsWasm(req.Head) {
		wasm, err := c.fs.ReadFile(req.Path)
		if err != nil {
			fmt.Fprintf(req.Stdio.Stderr, "bash: %s: %s\n", name, command.Strerror(err))
			return 126
		}
		stdin, stop := c.meterStdin(ctx, lineFile(req.Stdio.Stdin))
		defer stop()
		proc.Stdin = stdin
		return c.python().RunModule(ctx, wasm, proc)
	}
	line, _, _ := bytes.Cut(req.Head, []byte("\n"))
	sb, ok := bytes.CutPrefix(line, []byte("#!"))
	if !ok {
		fmt.Fprintf(req.Stdio.Stderr, "bash: %s: cannot execute binary file: Exec format error\n", name)
		return 126
	}
	depth, _ := ctx.Value(shebangKey{}).(int)
	if depth >= maxShebangDepth {
		fmt.Fprintf(req.Stdio.Stderr, "bash: %s: too many levels of interpreters (limit %d)\n", name, maxShebangDepth)
		return 126
	}
	ctx = context.WithValue(ctx, shebangKey{}, depth+1)
	interpPath, arg, _ := strings.Cut(strings.TrimSpace(string(sb)), " ")
	arg = strings.TrimSpace(arg)
	argv := []string{interpPath}
	if fields := strings.Fields(arg); path.Base(interpPath) == "env" && (len(fields) == 0 || len(fields) == 1 && fields[0] == "-S") {
		fmt.Fprintf(req.Stdio.Stderr, "bash: %s: %s: bad interpreter: No such file or directory\n", name, strings.TrimSpace(string(sb)))
		return 126
	}
	if _, err := c.fs.Stat(interpPath); errors.Is(err, fs.ErrNotExist) {
		// bash 5.2's message when execve finds no interpreter.
		fmt.Fprintf(req.Stdio.Stderr, "bash: %s: cannot execute: required file not found\n", name)
		return 127
	} else if err != nil {
		fmt.Fprintf(req.Stdio.Stderr, "bash: %s: %s: bad interpreter: %s\n", name, interpPath, command.Strerror(err))
		return 126
	}
	if arg != "" {
		// As Linux passes it: the rest of the line is one argument
		// (env -S splits it; /usr/bin/env reports what it cannot run).
		argv = append(argv, arg)
	}
	script := name
	if !strings.Contains(name, "/") {
		script = req.Path
	}
	argv = append(append(argv, script), req.Args[1:]...)
	switch path.Base(argv[0]) {
	case "python3", "python":
		argv[0] = path.Base(argv[0])
		stdin, stop := c.meterStdin(ctx, lineFile(req.Stdio.Stdin))
		defer stop()
		proc.Args, proc.Stdin = argv, stdin
		return c.python().RunPython(ctx, proc)
	case "bash", "sh":
		argv[0] = path.Base(argv[0])
	}
	return req.Exec(ctx, argv, req.Env, req.Stdio)
}

// runInterp is Run on shell/interp.
func (s *Session) runInterp(ctx context.Context, script string, stdio Stdio) (int, error) {
	stdout, stderr := stdio.Stdout, stdio.Stderr
	if stdout == nil {
		stdout = io.Discard
	}
	if stderr == nil {
		stderr = io.Discard
	}
	s.lastOut, s.lastErr = stdout, stderr
	if !s.c.opts.Script {
		// Background jobs outlive the line: their output goes where the
		// latest line's goes.
		out, errw := stdout, stderr
		s.out.w.Store(&out)
		s.errw.w.Store(&errw)
		stdout, stderr = &s.out, &s.errw
		if sameWriter(stdio.Stdout, stdio.Stderr) {
			stderr = stdout
		}
	}

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
	// Ctrl-C or the timeout ends a read blocked on the line's stdin.
	stopRead := context.AfterFunc(runCtx, func() { stdin.SetReadDeadline(time.Now()) })
	defer stopRead()
	var in io.Reader = stdin
	if !s.c.opts.Script {
		s.c.term.file.Store(stdin)
		defer s.c.term.file.Store(nil)
		in = &lineStdin{f: stdin, t: &s.c.term}
	}
	if s.c.opts.Term || stdio.Stdin == nil || stdio.Stdin == (eofReader{}) || isDevice(stdin) {
		runCtx = context.WithValue(runCtx, stdinDevKey{}, stdin)
	}

	if h := s.c.history.Swap(nil); h != nil {
		s.ir.SetHistory(*h) // the prompt's lines (SetHistory), once each time they change
	}
	hits := s.c.fs.LimitHits()
	stopWatch := s.c.watchMemory(runCtx, stderr) // memwatch.go
	defer stopWatch()
	status, runErr := s.ir.Run(runCtx, script, interp.Stdio{Stdin: in, Stdout: stdout, Stderr: stderr})
	if runErr != nil {
		status = 2
	}
	// A script ends with its Run, a shell at a prompt when it runs exit:
	// the EXIT trap runs and the jobs are waited for. A stopped line
	// (Ctrl-C, a signal, the timeout) leaves the EXIT trap to Close.
	finished := false
	if (s.c.opts.Script || s.ir.Exited()) && runCtx.Err() == nil {
		status = s.ir.Finish(runCtx, status)
		finished = true
	}
	stopWatch()
	s.c.noteLimits(stderr, hits)

	var limit *limitError
	if le, ok := tripped(runCtx); ok {
		limit = le
	}
	switch {
	case ctx.Err() != nil:
		status = 130
	case limit != nil:
		status = limit.status
	case errors.Is(runCtx.Err(), context.DeadlineExceeded):
		fmt.Fprintf(stderr, "bash: timed out after %v (the per-run timeout limit)\n", s.c.opts.Timeout)
		status = 124
	}
	if !s.c.opts.Script {
		s.ir.Notices(stderr)
	}
	s.ir.SetStatus(status)
	if !s.c.opts.Script && !finished && runCtx.Err() == nil {
		// Before the next prompt, as bash runs it; its output joins the
		// line's.
		s.ir.PromptCommand(runCtx, interp.Stdio{Stdin: in, Stdout: stdout, Stderr: stderr})
		if s.ir.Exited() {
			status, finished = s.ir.Finish(runCtx, s.ir.Status()), true
		}
	}
	s.last = status
	s.takeInterpSnapshot()
	if finished {
		s.stateMu.Lock()
		s.snap.exited, s.snap.exitStatus = true, status
		s.stateMu.Unlock()
	}
	return status, nil
}

// takeInterpSnapshot is takeSnapshot for a session on shell/interp.
func (s *Session) takeInterpSnapshot() {
	vars := s.ir.Vars()
	funcs := s.ir.Funcs()
	aliases := s.ir.Aliases()
	sort.Strings(funcs)
	s.stateMu.Lock()
	s.snap = snapshot{dir: s.ir.Dir(), vars: vars, funcs: funcs, aliases: aliases, jobs: s.ir.Jobs()}
	s.stateMu.Unlock()
}

// closeInterp runs a pending EXIT trap into the last Run's writers.
func (s *Session) closeInterp() {
	if _, exited := s.Exited(); exited {
		s.ir.KillJobs()
		return
	}
	out, errw := s.lastOut, s.lastErr
	if out == nil {
		out, errw = io.Discard, io.Discard
	}
	ctx, cancel := context.WithTimeout(context.Background(), exitTrapTimeout)
	defer cancel()
	s.ir.Run(ctx, "", interp.Stdio{Stdout: out, Stderr: errw})
	s.ir.RunExitTrap(ctx)
	s.ir.KillJobs()
}

// followWriter writes to the writer last stored in it: a background job
// started by one Run writes where the latest Run's output goes.
type followWriter struct{ w atomic.Pointer[io.Writer] }

func (f *followWriter) Write(p []byte) (int, error) {
	w := f.w.Load()
	if w == nil {
		return len(p), nil
	}
	return (*w).Write(p)
}

// exitTrapTimeout bounds the EXIT trap Close runs.
const exitTrapTimeout = 5 * time.Second

// newInterpSession finishes New for a session on shell/interp.
func (c *core) newInterpSession(boxDone <-chan error, env []string, dir string, args []string) (*Session, error) {
	// The runner does not touch the filesystem: it is set up while the
	// box is laid out.
	s := &Session{c: c, ir: c.newInterpRunner(env, dir, args)}
	if boxErr := <-boxDone; boxErr != nil {
		return nil, fmt.Errorf("building the sandbox: %w", boxErr)
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
	c.fs.EnforcePermissions(true)
	s.takeInterpSnapshot()
	return s, nil
}

// undoStep starts a step of memfs's undo journal for each command
// typed at the prompt (the undo command; memfs/undo.go).
func (c *core) undoStep(text string) {
	if !c.opts.Script {
		c.fs.Checkpoint(text)
	}
}
