package interp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"memsh/shell/command"
)

// call runs a simple command: its words and assignments expand (bash
// expands the assignments before the redirections too: foo=`cat` <<EOF
// gives cat the shell's stdin), its redirections apply, then the
// command runs. Without a command word the assignments are made
// before the redirections, which see them (x=f >$x writes f).
func (r *Runner) call(ctx context.Context, c *syntax.CallExpr, redirs []*syntax.Redirect) int {
	r.substRan = false
	if st, ok := r.bangSubshell(ctx, c); ok && len(redirs) == 0 {
		// !(list) with extglob off (parse_bang.go)
		return st
	}
	var args []string
	if len(c.Args) > 0 {
		var ok bool
		args, ok = r.fields(ctx, c.Args...)
		if !ok {
			if r.flow >= flowExit {
				return r.lastStatus
			}
			return 1
		}
	}
	if len(args) == 0 {
		return r.nullCommand(ctx, c, redirs)
	}
	// The assignments before a command (for its environment only) expand
	// and the command is traced before the redirections apply, as bash
	// does: set -x writes to the shell's stderr, not the command's 2>.
	env, ok := r.prefixEnv(ctx, c.Assigns, args[0])
	if !ok {
		return 1
	}
	if r.opts.xtrace {
		r.trace(args)
	}
	if len(redirs) > 0 {
		if len(args) == 1 && args[0] == "exec" && r.refuseExecOutSubst(redirs) {
			return 1
		}
		st := r.lastStatus
		red, ok := r.applyRedirs(ctx, redirs)
		if !ok {
			r.endRedirs(red)
			r.redirFailed()
			return 1
		}
		r.lastStatus = st
		defer r.endRedirs(red)
	}
	defer func() { r.lastArg = args[len(args)-1] }()
	return r.run(ctx, args, env)
}

// prefixEnv expands a command's assignments (a=1 b=$a cmd) into "K=V"
// for its environment, in order, each seeing those before it, as bash
// binds them in the temporary environment one by one, and traces each
// under set -x. A read-only variable's is left out with bash's message;
// ok is false when the command must not run.
func (r *Runner) prefixEnv(ctx context.Context, assigns []*syntax.Assign, name string) (env []string, ok bool) {
	if len(assigns) > 1 {
		r.vars.pushTemp()
		defer func() {
			r.vars.pop()
			r.ifsCache = nil
		}()
	}
	for i, as := range assigns {
		if bad, masked := r.maskedName(as); masked {
			// b[0]=2 cmd (parse_prefix.go)
			r.errorf("`%s': not a valid identifier", bad)
			continue
		}
		val, ok := r.assignValue(ctx, as.Value)
		if list, masked := r.maskedList(as.Value); masked {
			// B=(b b) cmd binds "(b b)"
			val, ok = r.listText(ctx, list)
		}
		if !ok {
			return nil, false
		}
		if r.opts.xtrace {
			r.traceAssign(r.tracePrefix(), as.Name.Value, val)
		}
		if cur := r.lookupVar(as.Name.Value); cur != nil && cur.attrs&attrReadonly != 0 || isOptionsVar(as.Name.Value) {
			// bash runs the command without it; posix mode abandons
			// the command line.
			r.errorf("%s: readonly variable", as.Name.Value)
			if r.opts.posix {
				if specialBuiltins[name] && r.isBuiltin(name) {
					r.posixAssignFatal()
				} else {
					r.expansionFatal(1)
				}
				return nil, false
			}
			continue
		}
		if as.Append {
			cur, _ := r.getVar(as.Name.Value)
			val = cur + val
		}
		env = slices.DeleteFunc(env, func(kv string) bool { return strings.HasPrefix(kv, as.Name.Value+"=") })
		env = append(env, as.Name.Value+"="+val)
		if i < len(assigns)-1 {
			top := r.vars.frames[len(r.vars.frames)-1]
			top.m[as.Name.Value] = &Var{str: val, set: true, attrs: attrExport}
			r.ifsCache = nil
		}
	}
	return env, true
}

// nullCommand runs a simple command with no command word (none written,
// or all expanded to nothing), as bash's execute_null_command: the
// assignments happen in the shell first, then the redirections are
// performed and undone, so `v=$(cmd) 2>f` leaves cmd's stderr alone and
// a failed redirection keeps the assignment. The status is the
// redirection's failure, else the last command substitution's.
func (r *Runner) nullCommand(ctx context.Context, c *syntax.CallExpr, redirs []*syntax.Redirect) int {
	// $_ is empty afterwards, as bash binds it.
	defer func() { r.lastArg = "" }()
	st := 0
	if len(c.Assigns) > 0 {
		st = r.assignAll(ctx, c.Assigns)
		if r.flow >= flowExit {
			return st
		}
	} else if r.substRan {
		st = r.lastStatus
	}
	if len(redirs) == 0 {
		return st
	}
	r.substRan = false
	red, ok := r.applyRedirs(ctx, redirs)
	r.endRedirs(red)
	if !ok {
		r.redirFailed()
		return 1
	}
	if r.substRan {
		return r.lastStatus
	}
	return st
}

// redirFailed leaves the shell after a failed redirection under set -e.
func (r *Runner) redirFailed() {
	if r.opts.errexit && r.noErrExit == 0 {
		r.exitShell(1)
	}
}

// assignAll performs a command's assignments in the shell.
func (r *Runner) assignAll(ctx context.Context, as []*syntax.Assign) int {
	r.substRan = false
	for _, a := range as {
		var tr *assignTrace
		if r.opts.xtrace {
			// PS4 as it was before the assignment (PS4=... shows the old).
			tr = &assignTrace{prefix: r.tracePrefix()}
		}
		if !r.assign(ctx, a, tr) {
			if v := r.lookupVar(r.resolveRef(a.Name.Value)); r.opts.posix && v != nil && v.attrs&attrReadonly != 0 && r.flow < flowExit {
				// set -o posix: assigning a read-only variable ends
				// the shell, as an unset variable does under set -u
				r.unsetFatal()
				return r.lastStatus
			}
			if r.opts.errexit && r.flow < flowExit {
				// under set -e bash leaves on a failed assignment, in
				// a condition too
				r.exitShell(1)
				return 1
			}
			if r.opts.posix {
				r.posixAssignFatal()
				return 1
			}
			r.expansionFatal(1)
			return 1
		}
	}
	if r.substRan {
		return r.lastStatus
	}
	return 0
}

// run resolves args[0] and runs it. This is the one place that decides
// what a command name means, in bash's order:
//
//  1. a function;
//  2. a builtin (builtin.go's table);
//  3. a registry command (Config.Commands), found by name without
//     touching the filesystem;
//  4. a file: the name has a slash, or is found in $PATH over memfs; a
//     shell script runs in a child shell, anything else (a WASI module,
//     a "#!" line naming another interpreter) through Config.RunFile;
//  5. otherwise "NAME: command not found", status 127.
//
// env holds assignments written before the command (a=1 cmd).
func (r *Runner) run(ctx context.Context, args, env []string) int {
	name := args[0]
	if r.opts.posix && specialBuiltins[name] {
		if b, ok := r.builtin(name); ok {
			// POSIX finds a special builtin before a function.
			return r.runSpecial(ctx, b, args, env)
		}
	}
	if fn, ok := r.funcs.m[name]; ok {
		return r.callFunc(ctx, fn, args, env)
	}
	if b, ok := r.builtin(name); ok {
		return r.withTempEnv(env, func() int { return r.runBuiltin(ctx, b, args) })
	}
	return r.runExternal(ctx, args, env)
}

// runExternal is steps 3-5 of run: what is not a function or builtin.
func (r *Runner) runExternal(ctx context.Context, args, env []string) int {
	environ := r.environ()
	if len(env) > 0 {
		environ = mergeEnv(environ, env)
	}
	search := ""
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			// PATH=dir cmd: looked up in dir, the hash table left out.
			search = v
		}
	}
	st := r.runProgram(ctx, args[0], args, environ, search)
	r.notifyJobs()
	return st
}

// runProgram runs the command or file name with args (args[0] may differ
// from name: exec -a) and exactly the environment environ. A search path
// other than "" is looked in instead of $PATH and the hash table
// (PATH=dir cmd, command -p).
func (r *Runner) runProgram(ctx context.Context, name string, args, environ []string, search string) int {
	stdio := command.Stdio{Stdin: r.stdin(), Stdout: r.stdout(), Stderr: r.stderr()}
	if r.fds[2] == nil {
		stdio.Stderr = closedFd{}
	}
	// PATH=dir cmd searches dir and leaves the table alone, as bash
	// does with PATH in a command's temporary environment
	hashed := !r.tempPath(environ)
	if !strings.Contains(name, "/") {
		if cmd, ok := r.cfg.Commands[name]; ok {
			if _, ok := r.hashedPath(name); hashed && !ok && r.opts.hashall {
				if full := r.lookPath(name, environ); full != "" {
					r.remember(name, full, 1)
				}
			}
			return r.runCommand(ctx, cmd, args, environ, stdio)
		}
		if isShellName(name) {
			return r.runChildShell(ctx, args, environ, stdio)
		}
		if search == "" {
			if full, ok := r.hashedPath(name); ok {
				return r.runPath(ctx, full, args, environ, stdio)
			}
		}
		dirs := search
		if dirs == "" {
			dirs = r.searchPath(environ)
		}
		// The file as $PATH names it (_tmp/cmd for a relative entry),
		// which the hash table keeps and messages show; bash falls back
		// on a file it found that is not executable: exec fails with
		// "Permission denied", 126.
		full := r.findCommand(name, dirs)
		if full == "" {
			r.errorf("%s: command not found", name)
			return 127
		}
		if search == "" {
			r.notePathUse(name, full)
		}
		return r.runPath(ctx, full, args, environ, stdio)
	}
	return r.runPath(ctx, r.absPath(name), args, environ, stdio)
}

// withTempEnv runs the builtin f with a=1-style assignments as
// temporary exported variables, in a frame of their own.
func (r *Runner) withTempEnv(env []string, f func() int) int {
	if len(env) == 0 {
		return f()
	}
	r.vars.pushTemp()
	r.ifsCache = nil
	defer func() { r.ifsCache = nil }()
	r.setTempEnv(env)
	status := f()
	r.vars.pop()
	return status
}

// runSpecial runs a special builtin in posix mode: the assignments
// before it are its temporary environment, and what is left of them
// afterwards (`x=1 unset x` leaves nothing) stays in the shell,
// exported, as bash merges the temporary environment.
func (r *Runner) runSpecial(ctx context.Context, b builtinFunc, args, env []string) int {
	if len(env) == 0 {
		return r.runBuiltin(ctx, b, args)
	}
	var status int
	r.withTempEnv(env, func() int {
		status = r.runBuiltin(ctx, b, args)
		top := r.vars.frames[len(r.vars.frames)-1].m
		env = slices.DeleteFunc(env, func(kv string) bool {
			k, _, _ := strings.Cut(kv, "=")
			v := top[k]
			return v == nil || !v.temp || !v.set
		})
		for i, kv := range env {
			k, _, _ := strings.Cut(kv, "=")
			env[i] = k + "=" + top[k].str
		}
		return status
	})
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if !r.setVar(k, v, false) {
			r.posixAssignFatal()
			return 1
		}
		r.lookupVar(k).attrs |= attrExport
	}
	return status
}

// setTempEnv puts a=1-style assignments in the innermost frame as
// temporary-environment variables, exported.
func (r *Runner) setTempEnv(env []string) {
	top := r.vars.frames[len(r.vars.frames)-1]
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		top.m[k] = &Var{str: v, set: true, attrs: attrExport, temp: true}
	}
}

// mergeEnv adds "K=V" overrides to a sorted environment.
func mergeEnv(environ, extra []string) []string {
	out := make([]string, 0, len(environ)+len(extra))
	keys := map[string]bool{}
	for _, kv := range extra {
		k, _, _ := strings.Cut(kv, "=")
		keys[k] = true
	}
	for _, kv := range environ {
		k, _, _ := strings.Cut(kv, "=")
		if !keys[k] {
			out = append(out, kv)
		}
	}
	return append(out, extra...)
}

// runCommand runs a registry command.
func (r *Runner) runCommand(ctx context.Context, cmd command.Command, args, environ []string, stdio command.Stdio) (status int) {
	if !cmd.RawArgs && wantsHelp(args[1:]) {
		io.WriteString(stdio.Stdout, cmd.Help)
		return 0
	}
	if !cmd.RawArgs && cmd.Version != "" && wantsOption(args[1:], "--version") {
		io.WriteString(stdio.Stdout, cmd.Version)
		return 0
	}
	// The command is a program of the line's signal group: a signal
	// python takes stops it too, as it closes its pipes (killed). end
	// ends its context, after Invoke's done.
	leave := func() {}
	if r.cfg.Signals != nil {
		var end func(int) int
		ctx, leave, end = r.cfg.Signals.Program(ctx, r.pipeCloser(stdio))
		defer func() { status = end(status) }()
	}
	mask := r.umask
	inv := &command.Invocation{
		Args:    args,
		Help:    cmd.Help,
		Version: cmd.Version,
		Stdio:   stdio,
		FS:      r.cfg.FS,
		Dir:     r.dir,
		Environ: environ,
		Width:   80,
		Mask:    &mask,
		Fd:      r.fdOpener(),
	}
	inv.Exec = func(ctx context.Context, argv, env []string, s command.Stdio) int {
		if len(argv) == 0 {
			return 0
		}
		leave() // what it runs takes the signals
		if env == nil {
			env = environ
		}
		if s.Stdin == nil {
			s.Stdin = eofReader{}
		}
		if s.Stdout == nil {
			s.Stdout = io.Discard
		}
		if s.Stderr == nil {
			s.Stderr = io.Discard
		}
		return r.execFor(ctx, argv, env, s)
	}
	if r.cfg.Invoke != nil {
		if done := r.cfg.Invoke(ctx, inv); done != nil {
			defer done()
		}
	}
	out, said := &command.WriteCheck{W: inv.Stdout}, &command.Said{W: inv.Stderr}
	inv.Stdout, inv.Stderr = out, said
	return out.Finish(ctx, cmd.Name, said, command.RunSafe(ctx, cmd.Run, inv))
}

// pipeCloser returns what closes the pipes of a command's stdio, as the
// descriptors of a killed program close: what writes into its stdin gets
// EPIPE, what reads its stdout the end of its input.
func (r *Runner) pipeCloser(s command.Stdio) func() {
	in := s.Stdin
	if f := r.fds[0]; f != nil && f.buf != nil && in == io.Reader(f.buf) {
		in = f.r
	}
	if t, ok := in.(*timedPipe); ok {
		in = t.r
	}
	return func() {
		if pr, ok := in.(*io.PipeReader); ok {
			pr.CloseWithError(io.ErrClosedPipe)
		}
		if pw, ok := s.Stdout.(*io.PipeWriter); ok {
			pw.CloseWithError(io.ErrClosedPipe)
		}
	}
}

// execFor runs argv for a command (xargs, env, find -exec): the registry,
// files, then the builtins GNU also ships as programs.
func (r *Runner) execFor(ctx context.Context, argv, env []string, s command.Stdio) int {
	name := argv[0]
	if cmd, ok := r.cfg.Commands[name]; ok && !strings.Contains(name, "/") {
		return r.runCommand(ctx, cmd, argv, env, s)
	}
	if isShellName(name) {
		return r.runChildShell(ctx, argv, env, s)
	}
	full := name
	if !strings.Contains(name, "/") {
		full = r.lookPath(name, env)
	} else {
		full = r.absPath(name)
	}
	if full != "" {
		return r.runPath(ctx, full, argv, env, s)
	}
	return r.runProgramBuiltin(ctx, name, argv, s)
}

// runNamed runs the registry command, child shell or program builtin
// called name with argv as given: argv[0] is what the program was
// invoked as ("/usr/bin/echo" through its /usr/bin file), which its
// messages show.
func (r *Runner) runNamed(ctx context.Context, name string, argv, env []string, s command.Stdio) int {
	if cmd, ok := r.cfg.Commands[name]; ok {
		return r.runCommand(ctx, cmd, argv, env, s)
	}
	if isShellName(name) {
		return r.runChildShell(ctx, argv, env, s)
	}
	return r.runProgramBuiltin(ctx, name, argv, s)
}

// runProgramBuiltin runs a builtin GNU also ships as a program (echo,
// test, kill, ...) in a subshell with the streams s, as that program
// would run; any other name is not found.
func (r *Runner) runProgramBuiltin(ctx context.Context, name string, argv []string, s command.Stdio) int {
	if b, ok := r.builtin(name); ok && command.IsProgramBuiltin(name) {
		sub := r.subshellCopy()
		defer sub.release()
		sub.fds = fdTable{0: {r: s.Stdin}, 1: {w: s.Stdout}, 2: {w: s.Stderr}}
		return sub.runBuiltin(ctx, b, argv)
	}
	fmt.Fprintf(s.Stderr, "%s: command not found\n", name)
	return 127
}

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

// lookPath searches $PATH over memfs for an executable file.
func (r *Runner) lookPath(name string, environ []string) string {
	return r.lookPathIn(name, r.searchPath(environ))
}

// searchPath is the $PATH a command is looked up in: the command's
// environment's (PATH=dir cmd), else the shell's.
func (r *Runner) searchPath(environ []string) string {
	for i := len(environ) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(environ[i], "PATH="); ok {
			return v
		}
	}
	if v, ok := r.getVar("PATH"); ok {
		return v
	}
	return "/usr/local/bin:/usr/bin:/bin"
}

// lookPathIn searches the directories of pathVar for an executable file.
func (r *Runner) lookPathIn(name, pathVar string) string {
	for _, d := range strings.Split(pathVar, ":") {
		if d == "" {
			d = "."
		}
		cand := r.absPath(d + "/" + name)
		info, err := r.cfg.FS.Stat(cand)
		if err == nil && !info.IsDir() && info.Mode()&0o111 != 0 {
			return cand
		}
	}
	return ""
}

// runPath runs the executable file at full (relative to the working
// directory when $PATH named it so).
func (r *Runner) runPath(ctx context.Context, full string, args, environ []string, stdio command.Stdio) int {
	// bash's messages name the file as typed when it has a slash, else
	// the path $PATH gave.
	name := args[0]
	if !strings.Contains(name, "/") {
		name = full
	}
	abs := r.absPath(full)
	info, err := r.cfg.FS.Stat(abs)
	if err != nil {
		r.errorf("%s: %s", name, strerror(err))
		if errors.Is(err, fs.ErrNotExist) {
			return 127
		}
		// exec failed for another reason (ENOTDIR, ENAMETOOLONG)
		return 126
	}
	if info.IsDir() {
		r.errorf("%s: Is a directory", name)
		return 126
	}
	if info.Mode()&0o111 == 0 {
		r.errorf("%s: Permission denied", name)
		return 126
	}
	f, err := r.cfg.FS.Open(abs)
	if err != nil {
		r.errorf("%s: %s", name, strerror(err))
		return 126
	}
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	f.Close()
	head = head[:n]
	if r.cfg.Program != nil {
		if prog, ok := r.cfg.Program(head); ok {
			return r.runNamed(ctx, prog, args, environ, stdio)
		}
	}
	line, _, _ := bytes.Cut(head, []byte("\n"))
	shell := !bytes.HasPrefix(line, []byte("#!")) && bytes.IndexByte(line, 0) < 0
	shellArg := ""
	if sb, ok := bytes.CutPrefix(line, []byte("#!")); ok {
		// As Linux reads the line: the interpreter, then the rest of
		// the line as one argument.
		prog, arg, _ := strings.Cut(strings.TrimLeft(strings.TrimRight(string(sb), " \t\r"), " \t"), " ")
		if i := strings.IndexByte(prog, '\t'); i >= 0 {
			prog, arg = prog[:i], prog[i+1:]+" "+arg
		}
		arg = strings.Trim(arg, " \t")
		base := path.Base(prog)
		if base == "env" && arg != "" && !strings.ContainsAny(arg, " \t") {
			base, arg = arg, ""
		}
		if base == "bash" || base == "sh" {
			shell, shellArg = true, arg
		}
	}
	if shell {
		return r.runScript(ctx, full, shellArg, args, environ, stdio)
	}
	if r.cfg.RunFile != nil {
		return r.cfg.RunFile(ctx, &FileRequest{Path: abs, Args: args, Head: head, Env: environ, Dir: r.dir, Umask: r.umask, Stdio: stdio, Exec: r.execFor})
	}
	r.errorf("%s: cannot execute binary file: Exec format error", name)
	return 126
}

// runScript runs a shell script file in a new shell that sees only the
// exported variables, as bash does; shellArg is the argument its "#!"
// line gives the shell ("-e" in "#!/bin/bash -e"), or "".
func (r *Runner) runScript(ctx context.Context, full, shellArg string, args, environ []string, stdio command.Stdio) int {
	name := args[0]
	if !strings.Contains(name, "/") {
		name = full
	}
	argv := []string{"bash"}
	if shellArg != "" {
		argv = append(argv, shellArg)
	}
	return r.runChildShell(ctx, append(append(argv, name), args[1:]...), environ, stdio)
}

// absPath resolves p against the working directory.
func (r *Runner) absPath(p string) string {
	if p == "" {
		return r.dir
	}
	if strings.HasPrefix(p, "/") {
		return path.Clean(p)
	}
	return path.Join(r.dir, p)
}

// tracePrefix is PS4 expanded (its prompt escapes too), its first character repeated once more
// for each command substitution or eval the command runs in.
func (r *Runner) tracePrefix() string {
	ps4, _ := r.getVar("PS4")
	switch {
	case strings.Contains(ps4, `\`):
		// bash decodes PS4's prompt escapes as PS1's (prompt.go).
		ps4 = r.promptVar(context.Background(), "PS4")
	case strings.ContainsAny(ps4, "$`"):
		x := r.opts.xtrace
		r.opts.xtrace = false
		if v, ok := r.expandText(context.Background(), ps4); ok {
			ps4 = v
		}
		r.opts.xtrace = x
	}
	if ps4 == "" {
		return ""
	}
	return strings.Repeat(ps4[:1], r.traceLevel) + ps4
}

// trace prints set -x's line for a command's words.
func (r *Runner) trace(args []string) {
	var b strings.Builder
	b.WriteString(r.tracePrefix())
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(traceQuote(a))
	}
	b.WriteByte('\n')
	r.printErr(b.String())
}

// traceAssign prints set -x's line for one assignment: an empty value
// shows as nothing.
func (r *Runner) traceAssign(prefix, name, val string) {
	if val != "" {
		val = traceQuote(val)
	}
	r.printErr(prefix + name + "=" + val + "\n")
}

// traceArith prints set -x's line for (( )): its text with the words
// expanded, between "(( " and " ))".
func (r *Runner) traceArith(ctx context.Context, c *syntax.ArithmCmd) {
	from, to := int(c.Left.Offset())+2, int(c.Right.Offset())
	text := ""
	if from <= to && to <= len(r.src) {
		text = r.src[from:to]
		if v, ok := r.expandText(ctx, text); ok {
			text = v
		}
	}
	r.printErr(r.tracePrefix() + "(( " + text + " ))\n")
}

// traceQuote quotes a word for xtrace as bash does: a word with shell
// metacharacters in single quotes (a tab or newline stays as it is),
// else $'...' when it must, else as it is.
func traceQuote(s string) string {
	if s == "" || command.BashHasMetas(s) {
		return command.BashQuote(s, command.BashSingle)
	}
	return command.BashQuoteIfNeeded(s, command.BashSingle)
}

// tempPath reports whether environ's PATH is not the shell's: a PATH=
// binding before the command.
func (r *Runner) tempPath(environ []string) bool {
	path, _ := r.getVar("PATH")
	for _, kv := range environ {
		if v, ok := strings.CutPrefix(kv, "PATH="); ok {
			return v != path
		}
	}
	return false
}
