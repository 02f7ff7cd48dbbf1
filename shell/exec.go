package shell

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"memsh/memfs"
	"memsh/pyworker"
	"memsh/shell/command"
)

// proc is one program to run: what mvdan/sh hands the exec handler, or
// what a command asks for through Invocation.Exec.
type proc struct {
	args  []string
	env   []string // exported variables, "K=V"
	dir   string
	stdio command.Stdio
	// viaExec marks a run requested by a command (xargs, env, find -exec):
	// "command not found" is then printed without bash's prefix, the way
	// those commands expect to filter it.
	viaExec bool
	// line is the command's source line, for the "line N:" bash puts in
	// a script's messages; 0 when unknown.
	line uint
	// inFunc: the command runs in a function, whose messages bash -c
	// names "environment" (see procPrefix).
	inFunc bool
}

// execMiddleware is memsh's only exec middleware. It never calls next, so
// mvdan/sh's DefaultExecHandler (host $PATH lookup and os/exec) can never
// run.
func (c *core) execMiddleware(interp.ExecHandlerFunc) interp.ExecHandlerFunc {
	return func(ctx context.Context, args []string) error {
		hc := interp.HandlerCtx(ctx)
		if args[0] == internalPrefix+"export_p" {
			for _, kv := range exportedEnv(hc.Env) {
				k, v, _ := strings.Cut(kv, "=")
				fmt.Fprintf(hc.Stdout, "declare -x %s=%s\n", k, dquote(v))
			}
			return nil
		}
		if args[0] == internalPrefix+"printf" {
			hc.Stdout = c.capSubst(ctx, hc.Stdout, hc.Stderr)
			return exitError(c.printfBuiltin(hc, args)) // printf.go
		}
		if strings.HasPrefix(args[0], internalPrefix) {
			// memsh's helpers read stdin as the pipe it is.
			pumpStdin(hc.Stdin)
			// memsh's helpers need no environment: skip building it.
			p := &proc{args: args, dir: hc.Dir, stdio: command.Stdio{Stdin: hc.Stdin, Stdout: c.capSubst(ctx, hc.Stdout, hc.Stderr), Stderr: hc.Stderr}}
			if p.stdio.Stdin == nil {
				p.stdio.Stdin = eofReader{}
			}
			if st, ok := c.internal(ctx, p); ok {
				return exitError(st)
			}
		}
		if path := c.hashHit(hc, args[0]); path != "" { // hash.go
			args = append([]string{path}, args[1:]...)
		}
		p := &proc{
			args:  args,
			env:   exportedEnv(hc.Env),
			dir:   hc.Dir,
			stdio: command.Stdio{Stdin: claimStdin(hc.Stdin), Stdout: c.capSubst(ctx, hc.Stdout, hc.Stderr), Stderr: hc.Stderr}, // substcap.go
			line:  hc.Pos.Line(),
		}
		if p.stdio.Stdin == nil {
			p.stdio.Stdin = eofReader{}
		}
		fd := funcDepth(hc.Env)
		p.inFunc = fd > 0
		ctx = withDepth(ctx, depthOf(ctx)+fd)
		ctx = withUmask(ctx, hc.Env)
		status := c.exec(ctx, p)
		if c.opts.Script && !c.opts.FromFile {
			forgetDoneJobs(hc) // jobs.go
		}
		return exitError(status)
	}
}

// procPrefix starts the shell's message about p: "bash: line N: " in a
// script, as bash -c and bash FILE print it, "bash: " at the prompt.
func (c *core) procPrefix(p *proc) string { return c.callPrefix(p.line, p.inFunc) }

// exitError turns a status into what an interp handler returns.
func exitError(status int) error {
	if status == 0 {
		return nil
	}
	return interp.ExitStatus(uint8(status))
}

// exec runs p.args. The one place that decides what a command name means,
// in this order:
//
//  1. memsh's internal helpers (process substitution, test -O);
//  2. a registry command (commands.All() plus bash, sh, python3, python),
//     found by name without touching the filesystem;
//  3. otherwise the name is a path (it has a slash) or is looked up in
//     $PATH over memfs, and the file decides: a /usr/bin stub runs its
//     registry command, a WASI module (wasm magic) runs in pyworker, a
//     "#!" line names the interpreter (bash/sh: a child session; python:
//     pyworker; anything else: this same exec path), and a text file
//     without "#!" runs as a shell script, as bash does;
//  4. echo, test, [, pwd and kill, which GNU systems also ship as
//     programs (command.IsProgramBuiltin; printf has a registry command),
//     run as builtins of a child shell (exec echo); env, xargs, find -exec
//     and timeout do the same after holding back the not-found message;
//  5. nothing found: "NAME: command not found", status 127.
//
// Functions and shell builtins never get here: mvdan/sh runs them first.
func (c *core) exec(ctx context.Context, p *proc) int {
	name := p.args[0]
	if strings.HasPrefix(name, internalPrefix) {
		if st, ok := c.internal(ctx, p); ok {
			return st
		}
	}
	if !strings.Contains(name, "/") {
		if cmd, ok := c.cmds[name]; ok {
			return c.runCommand(ctx, cmd, p)
		}
		full, denied := c.lookPath(p, name)
		switch {
		case full != "":
			return c.execFile(ctx, p, full)
		case denied != "":
			fmt.Fprintf(p.stdio.Stderr, "%s%s: Permission denied\n", c.procPrefix(p), denied)
			return 126
		}
		if command.IsProgramBuiltin(name) && !p.viaExec {
			q := *p
			q.args = append([]string{"sh", "-c", `"$@"`, "sh"}, p.args...)
			return c.exec(ctx, &q)
		}
		if p.viaExec {
			fmt.Fprintf(p.stdio.Stderr, "%s: command not found\n", name)
		} else {
			fmt.Fprintf(p.stdio.Stderr, "%s%s: command not found\n", c.procPrefix(p), name)
		}
		return 127
	}
	return c.execFile(ctx, p, absPath(p.dir, name))
}

// lookPath searches $PATH in memfs for an executable regular file. An
// empty element means the working directory. When only non-executable
// files match, the first is returned as denied (bash then says
// "Permission denied").
func (c *core) lookPath(p *proc, name string) (full, denied string) {
	pathVar, ok := envLookup(p.env, "PATH")
	if !ok {
		pathVar = defaultPath
	}
	return c.lookPathIn(pathVar, p.dir, name)
}

func (c *core) lookPathIn(pathVar, dir, name string) (full, denied string) {
	for _, d := range strings.Split(pathVar, ":") {
		if d == "" {
			d = "."
		}
		cand := absPath(dir, d+"/"+name)
		info, err := c.fs.Stat(cand)
		if err != nil || info.IsDir() {
			continue
		}
		if canAccess(info, interp.AccessExec) {
			return path.Clean(cand), ""
		}
		if denied == "" {
			denied = path.Clean(cand)
		}
	}
	return "", denied
}

// maxShebangDepth bounds interpreter chains ("#!./a" naming "#!./b" ...),
// as Linux does.
const maxShebangDepth = 4

type shebangKey struct{}

// execFile runs the file at full, named p.args[0] in messages.
func (c *core) execFile(ctx context.Context, p *proc, full string) int {
	name := p.args[0]
	info, err := c.fs.Stat(full)
	if err != nil {
		fmt.Fprintf(p.stdio.Stderr, "%s%s: %s\n", c.procPrefix(p), name, command.Strerror(err))
		return 127
	}
	if info.IsDir() {
		fmt.Fprintf(p.stdio.Stderr, "%s%s: Is a directory\n", c.procPrefix(p), name)
		return 126
	}
	if !canAccess(info, interp.AccessExec) || !canAccess(info, interp.AccessRead) {
		fmt.Fprintf(p.stdio.Stderr, "%s%s: Permission denied\n", c.procPrefix(p), name)
		return 126
	}
	f, err := c.fs.Open(full)
	if err != nil {
		fmt.Fprintf(p.stdio.Stderr, "%s%s: %s\n", c.procPrefix(p), name, command.Strerror(err))
		return 126
	}
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	f.Close()
	head = head[:n]

	if cmdName, ok := stubName(head); ok {
		if cmd, ok := c.cmds[cmdName]; ok {
			return c.runCommand(ctx, cmd, p)
		}
	}
	if pyworker.IsWasm(head) {
		wasm, err := c.fs.ReadFile(full)
		if err != nil {
			fmt.Fprintf(p.stdio.Stderr, "%s%s: %s\n", c.procPrefix(p), name, command.Strerror(err))
			return 126
		}
		return c.runModule(ctx, p, wasm)
	}
	line, _, _ := bytes.Cut(head, []byte("\n"))
	if bytes.HasPrefix(line, []byte("#!")) {
		return c.execShebang(ctx, p, full, string(line[2:]))
	}
	if bytes.IndexByte(line, 0) >= 0 {
		fmt.Fprintf(p.stdio.Stderr, "bash: %s: cannot execute binary file: Exec format error\n", name)
		return 126
	}
	// No "#!": bash runs a text file as a script in a new shell.
	return c.runShellFile(ctx, p, full, name, p.args[1:], nil)
}

// execShebang runs the interpreter named on a "#!" line with the script's
// path and arguments, as the kernel does: one optional argument, the rest
// of the line.
func (c *core) execShebang(ctx context.Context, p *proc, full, line string) int {
	name := p.args[0]
	depth, _ := ctx.Value(shebangKey{}).(int)
	if depth >= maxShebangDepth {
		fmt.Fprintf(p.stdio.Stderr, "bash: %s: too many levels of interpreters (limit %d)\n", name, maxShebangDepth)
		return 126
	}
	ctx = context.WithValue(ctx, shebangKey{}, depth+1)
	line = strings.TrimSpace(line)
	interpPath, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	if interpPath == "" {
		// An empty "#!" line: bash runs the file itself.
		return c.runShellFile(ctx, p, full, name, p.args[1:], nil)
	}
	argv := []string{interpPath}
	if path.Base(interpPath) == "env" {
		// "#!/usr/bin/env NAME [ARG]": the program is looked up in $PATH.
		fields := strings.Fields(arg)
		if len(fields) > 0 && fields[0] == "-S" {
			fields = fields[1:]
		}
		if len(fields) == 0 {
			fmt.Fprintf(p.stdio.Stderr, "bash: %s: %s: bad interpreter: No such file or directory\n", name, line)
			return 126
		}
		argv = fields
		if _, ok := c.cmds[argv[0]]; !ok && !strings.Contains(argv[0], "/") {
			if full, _ := c.lookPath(p, argv[0]); full == "" {
				fmt.Fprintf(p.stdio.Stderr, "%s: ‘%s’: No such file or directory\n", interpPath, argv[0])
				return 127
			}
		}
	} else {
		if arg != "" {
			argv = append(argv, arg)
		}
		if strings.Contains(interpPath, "/") {
			if _, err := c.fs.Stat(interpPath); err != nil {
				fmt.Fprintf(p.stdio.Stderr, "bash: %s: %s: bad interpreter: %s\n", name, interpPath, command.Strerror(err))
				return 126
			}
		}
	}
	// The interpreter gets the script's path as the kernel passes it: as
	// typed, or the full path of one found in $PATH.
	script := name
	if !strings.Contains(name, "/") {
		script = full
	}
	switch path.Base(argv[0]) {
	case "bash", "sh":
		return c.runShellFile(ctx, p, full, name, p.args[1:], argv[1:])
	case "python3", "python":
		q := *p
		q.args = append(append([]string{path.Base(argv[0])}, argv[1:]...), append([]string{script}, p.args[1:]...)...)
		return c.runPython(ctx, &q)
	}
	q := *p
	q.args = append(append(argv, script), p.args[1:]...)
	return c.exec(ctx, &q)
}

// runCommand runs a registry command with an Invocation built from p.
func (c *core) runCommand(ctx context.Context, cmd command.Command, p *proc) int {
	if !cmd.RawArgs && wantsHelp(p.args[1:]) {
		io.WriteString(p.stdio.Stdout, cmd.Help)
		return 0
	}
	if !cmd.RawArgs && cmd.Version != "" && wantsOption(p.args[1:], "--version") {
		io.WriteString(p.stdio.Stdout, cmd.Version)
		return 0
	}
	stdin, stop := c.meterStdin(ctx, p.stdio.Stdin)
	defer stop()
	out, said := &command.WriteCheck{W: p.stdio.Stdout}, &command.Said{W: p.stdio.Stderr} // GNU's close_stdout check
	inv := &command.Invocation{
		Args:        p.args,
		Help:        cmd.Help,
		Version:     cmd.Version,
		Stdio:       command.Stdio{Stdin: stdin, Stdout: out, Stderr: said},
		FS:          c.fs,
		Dir:         p.dir,
		Environ:     p.env,
		Term:        c.opts.Term && isTerminal(ctx, p.stdio.Stdout),
		StdinDevice: isStdinDevice(ctx, p.stdio.Stdin),
		Width:       c.width(p),
		Mask:        ctxUmask(ctx),
		Fd:          c.fdOpener(ctx),
		Mem:         command.NewMemory(c.mem),
		Tool:        c.runTool,
	}
	defer inv.Mem.ReleaseHeld()
	if pg := c.pager.Load(); pg != nil && inv.Term {
		inv.Pager = *pg
	}
	inv.Exec = func(ctx context.Context, argv, env []string, stdio command.Stdio) int {
		if len(argv) == 0 {
			return 0
		}
		if env == nil {
			env = p.env
		}
		if stdio.Stdin == nil {
			stdio.Stdin = eofReader{}
		}
		if stdio.Stdout == nil {
			stdio.Stdout = io.Discard
		}
		if stdio.Stderr == nil {
			stdio.Stderr = io.Discard
		}
		return c.exec(ctx, &proc{args: argv, env: env, dir: p.dir, stdio: stdio, viaExec: true})
	}
	return out.Finish(ctx, cmd.Name, said, command.RunSafe(ctx, cmd.Run, inv))
}

// wantsHelp reports whether "--help" appears before "--".
func wantsHelp(args []string) bool { return wantsOption(args, "--help") }

// wantsOption reports whether opt comes before any "--" in args.
func wantsOption(args []string, opt string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if a == opt {
			return true
		}
	}
	return false
}

func (c *core) width(p *proc) int {
	if w := c.termWidth.Load(); w > 0 {
		return int(w)
	}
	if c.opts.Width > 0 {
		return c.opts.Width
	}
	return 80
}

type termKey struct{}

// isTerminal reports whether w is the terminal stdout of the running line
// (not a pipe or a file it was redirected to).
func isTerminal(ctx context.Context, w io.Writer) bool {
	t, _ := ctx.Value(termKey{}).(io.Writer)
	return t != nil && w == t
}

// stdinDevKey holds the session's stdin when it is a terminal (the TUI)
// or no input at all: what a command reading it sees as a device.
type stdinDevKey struct{}

func isStdinDevice(ctx context.Context, r io.Reader) bool {
	if _, ok := r.(eofReader); ok {
		return true
	}
	dev, _ := ctx.Value(stdinDevKey{}).(*os.File)
	f, ok := r.(*os.File)
	return dev != nil && ok && f == dev
}

// meterStdin wraps a command's stdin: every Read adds to the session's
// byte counter (one atomic add per call, never per byte), and a cancelled
// ctx unblocks a read waiting on a pipe.
func (c *core) meterStdin(ctx context.Context, r io.Reader) (io.Reader, func()) {
	if cr, ok := r.(*countingReader); ok && cr.n == &c.stdinBytes {
		// Already metered (a command passing its stdin to Exec).
		return r, func() {}
	}
	stop := func() {}
	if f, ok := r.(*os.File); ok {
		after := context.AfterFunc(ctx, func() { f.SetReadDeadline(time.Now()) })
		stop = func() { after() }
	}
	cr := &countingReader{ctx: ctx, r: r, n: &c.stdinBytes}
	if c.term.isTerm(r) {
		cr.r = waitingReader{r, &c.term.waiting}
	}
	if f, ok := r.(*memfs.File); ok {
		return fileStdin{cr, f}, stop
	}
	return cr, stop
}

type countingReader struct {
	ctx context.Context
	r   io.Reader
	n   *atomic.Int64
}

func (cr *countingReader) Read(p []byte) (int, error) {
	n, err := cr.r.Read(p)
	if n > 0 {
		cr.n.Add(int64(n))
	}
	if err != nil && cr.ctx.Err() != nil && errors.Is(err, os.ErrDeadlineExceeded) {
		// The read was cut short by Ctrl-C, not by a fault of the input:
		// end the input quietly; the line's status is already 130.
		err = io.EOF
	}
	return n, err
}

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }

// exportedEnv lists the exported, set variables of env as "K=V", sorted.
func exportedEnv(env expand.Environ) []string {
	vals := make(map[string]string, 48)
	env.Each(func(name string, vr expand.Variable) bool {
		// mvdan/sh sets PWD and OLDPWD without the export attribute bash
		// gives them.
		exported := vr.Exported || name == "PWD" || name == "OLDPWD"
		if exported && vr.IsSet() && vr.Kind == expand.String {
			vals[name] = vr.Str
		} else {
			delete(vals, name)
		}
		return true
	})
	list := make([]string, 0, len(vals))
	for k, v := range vals {
		list = append(list, k+"="+v)
	}
	sort.Strings(list)
	return list
}

func envLookup(env []string, key string) (string, bool) {
	for i := len(env) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(env[i], "="); ok && k == key {
			return v, true
		}
	}
	return "", false
}
