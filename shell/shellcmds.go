package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"memsh/pyworker"
	"memsh/shell/command"
)

// The commands the shell package itself provides: bash and sh (a child
// session over the same memfs) and python3/python (pyworker).
func (c *core) shellCommands() []command.Command {
	return []command.Command{
		{Name: "bash", Summary: "GNU Bourne-Again SHell: run a script in a child shell", Help: bashHelp, Run: c.runBashCommand, RawArgs: true},
		{Name: "sh", Summary: "run a script in a child shell (bash)", Help: bashHelp, Run: c.runBashCommand, RawArgs: true},
		{Name: "python3", Summary: "the CPython 3.12 interpreter (WASI)", Help: pythonHelp, Run: c.runPythonCommand, RawArgs: true},
		{Name: "python", Summary: "the CPython 3.12 interpreter (WASI)", Help: pythonHelp, Run: c.runPythonCommand, RawArgs: true},
	}
}

const bashHelp = `Usage:	bash [option] ...
	bash [option] script-file ...
	bash -c command-string [name [arg ...]]
Run a script in a child memsh shell sharing the filesystem and the
exported environment.

Shell options:
	-c		read commands from the first argument
	-s		read commands from standard input
	-e, -u, -x, -f, -a, -n, -o option
			set options, as the set builtin does
`

const pythonHelp = `usage: python3 [option] ... [-c cmd | -m mod | file | -] [arg] ...
Runs CPython 3.12 (a WASI build) over the sandbox filesystem.
`

func (c *core) runBashCommand(ctx context.Context, inv *command.Invocation) int {
	return c.bashMain(ctx, inv.Args, &proc{args: inv.Args, env: inv.Environ, dir: inv.Dir, stdio: inv.Stdio})
}

// bashMain runs `bash ARGS...`: -c SCRIPT [NAME [ARGS]], FILE [ARGS], or
// the script on stdin, in a child shell.
func (c *core) bashMain(ctx context.Context, args []string, p *proc) int {
	var flags []string
	cmdMode, fromStdin := false, false
	i := 1
parse:
	for ; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--" || a == "-":
			i++
			break parse
		case a == "--help":
			io.WriteString(p.stdio.Stdout, bashHelp)
			return 0
		case a == "--version":
			io.WriteString(p.stdio.Stdout, "GNU bash, version 5.2.15(1)-release (memsh)\n")
			return 0
		case strings.HasPrefix(a, "--"):
			// --norc, --noprofile, --posix, ...: nothing to do here.
		case a == "-o" || a == "+o":
			if i+1 >= len(args) {
				fmt.Fprintf(p.stdio.Stderr, "bash: %s: option requires an argument\n", a)
				return 2
			}
			flags = append(flags, a, args[i+1])
			i++
		case len(a) > 1 && (a[0] == '-' || a[0] == '+'):
			for _, f := range a[1:] {
				switch f {
				case 'c':
					cmdMode = true
				case 's':
					fromStdin = true
				case 'e', 'u', 'x', 'f', 'a', 'n':
					flags = append(flags, string(a[0])+string(f))
				case 'i', 'l', 'r', 'v', 'h', 'B', 'H', 'P', 'T', 'E', 'b', 'm', 'p', 'k', 't', 'C':
					// Interactive, login and other options with no
					// effect in memsh.
				case 'o':
					if i+1 >= len(args) {
						fmt.Fprintf(p.stdio.Stderr, "bash: -o: option requires an argument\n")
						return 2
					}
					i++
					flags = append(flags, string(a[0])+"o", args[i])
				default:
					fmt.Fprintf(p.stdio.Stderr, "bash: %c%c: invalid option\n", a[0], f)
					return 2
				}
			}
		default:
			break parse
		}
	}
	rest := args[i:]
	argv0 := args[0]
	var script, prefix string
	var params []string
	switch {
	case cmdMode:
		if len(rest) == 0 {
			fmt.Fprintf(p.stdio.Stderr, "bash: -c: option requires an argument\n")
			return 2
		}
		script, prefix = rest[0], argv0+": -c"
		if len(rest) > 1 {
			argv0, params = rest[1], rest[2:]
		}
	case len(rest) > 0 && !fromStdin:
		name := rest[0]
		data, err := c.readFileHeld(absPath(p.dir, name))
		if err != nil {
			fmt.Fprintf(p.stdio.Stderr, "bash: %s: %s\n", name, command.Strerror(err))
			return 127
		}
		script, prefix, argv0, params = string(data), name, name, rest[1:]
	default:
		in, stop := c.meterStdin(ctx, p.stdio.Stdin)
		data, err := c.readHeld(in, 0)
		stop()
		if err != nil {
			fmt.Fprintf(p.stdio.Stderr, "bash: reading standard input: %v\n", err)
			return 1
		}
		script, prefix, params = string(data), argv0, rest
	}
	return c.runChild(ctx, p, childShell{script: script, prefix: prefix, argv0: argv0, params: params, flags: flags})
}

type childShell struct {
	script string
	prefix string // for syntax errors: "bash: -c", "./x.sh", "bash"
	argv0  string
	params []string
	flags  []string
}

// runChild runs a script in a new interpreter that shares memfs, the
// command table and the limits, with p's exported environment and
// directory: what a child bash process would be.
func (c *core) runChild(ctx context.Context, p *proc, ch childShell) int {
	depth := depthOf(ctx) + 1
	if depth >= c.maxDepth {
		fmt.Fprintf(p.stdio.Stderr, "bash: maximum shell nesting level exceeded (%d)\n", c.maxDepth)
		return 1
	}
	ctx = withDepth(ctx, depth)
	ctx, stopChild := withTrip(ctx)
	defer stopChild(nil)
	env := append([]string{}, p.env...)
	level := 1
	if v, ok := envLookup(env, "SHLVL"); ok {
		if n, err := strconv.Atoi(v); err == nil {
			level = n + 1
		}
	}
	env = append(env, "SHLVL="+strconv.Itoa(level))
	stdin, closeStdin, err := stdinFile(p.stdio.Stdin)
	if err != nil {
		fmt.Fprintf(p.stdio.Stderr, "bash: %v\n", err)
		return 1
	}
	defer closeStdin()
	r, _, err := c.newRunner(runnerConfig{
		env:    env,
		dir:    p.dir,
		argv0:  ch.argv0,
		params: ch.params,
		flags:  ch.flags,
		stdio:  Stdio{Stdout: p.stdio.Stdout, Stderr: p.stdio.Stderr},
		umask:  ctxUmask(ctx),
	})
	if err != nil {
		fmt.Fprintf(p.stdio.Stderr, "bash: %v\n", err)
		return 2
	}
	errw := childStderr(p.stdio.Stderr, ch)
	interp.StdIO(stdin, p.stdio.Stdout, errw)(r)
	inheritFds(ctx, r)
	res := c.runStatements(ctx, r, ch.script, ch.prefix, errw, nil, false)
	status := res.status
	if !r.Exited() && ctx.Err() == nil {
		// The script ended without exit: like bash, leave through exit so
		// an EXIT trap runs, with the script's status.
		leave(ctx, r, res)
	}
	if limit, ok := tripped(ctx); ok {
		return limit.status
	}
	var limit *limitError
	switch {
	case ctx.Err() != nil:
		return 130
	case errors.As(res.err, &limit):
		return limit.status
	}
	return status
}

// leave runs `exit` with the script's status so an EXIT trap runs. It is
// not traced: xtrace would show a command the script never ran.
func leave(ctx context.Context, r *interp.Runner, res scriptResult) {
	if res.syntax {
		r.Run(ctx, statusCmd(2))
	}
	interp.Params("+x")(r)
	// builtin (or command, where the script defined a function named
	// builtin): a function the script named exit is not the way out.
	through := "builtin"
	if r.Funcs[through] != nil {
		through = "command"
		if fn := r.Funcs[through]; fn != nil {
			delete(r.Funcs, through)
			defer func() { r.Funcs[through] = fn }()
		}
	}
	r.Run(ctx, &syntax.CallExpr{Args: []*syntax.Word{litWord(through), litWord("exit")}})
}

// runShellFile runs the script at full in a child shell. name is how it
// was invoked ($0), interpArgs the options from its "#!" line.
func (c *core) runShellFile(ctx context.Context, p *proc, full, name string, args, interpArgs []string) int {
	if !strings.Contains(name, "/") {
		name = full // found in $PATH: bash's $0 is the path
	}
	argv := append([]string{"bash"}, interpArgs...)
	argv = append(append(argv, name), args...)
	return c.bashMain(ctx, argv, p)
}

func (c *core) runPythonCommand(ctx context.Context, inv *command.Invocation) int {
	return c.python().RunPython(ctx, pyworker.Proc{
		Args: inv.Args, Env: inv.Environ, Dir: inv.Dir,
		Stdin: inv.Stdin, Stdout: inv.Stdout, Stderr: inv.Stderr, FS: c.fs, Memory: c.mem,
		Umask: inv.Umask(),
	})
}

// runTool runs a real program built for WASI (sqlite3, lua) for a
// registry command (shell/commands/wasitool).
// Their system() and popen() (sqlite3's .system, .shell and '|cmd', lua's
// os.execute and io.popen) run `sh -c LINE` through this same exec path,
// with the tool's environment.
func (c *core) runTool(ctx context.Context, name string, inv *command.Invocation) int {
	return c.python().RunTool(ctx, name, pyworker.Proc{
		Args: inv.Args, Env: inv.Environ, Dir: inv.Dir,
		Stdin: inv.Stdin, Stdout: inv.Stdout, Stderr: inv.Stderr, FS: c.fs, Memory: c.mem,
		Umask: inv.Umask(),
		System: func(ctx context.Context, line, dir string, stdin io.Reader, stdout, stderr io.Writer) int {
			return c.exec(ctx, &proc{args: []string{"sh", "-c", line}, env: inv.Environ, dir: dir,
				stdio: command.Stdio{Stdin: stdin, Stdout: stdout, Stderr: stderr}, viaExec: true})
		},
	})
}

// runPython runs python for a "#!...python3" script.
func (c *core) runPython(ctx context.Context, p *proc) int {
	stdin, stop := c.meterStdin(ctx, p.stdio.Stdin)
	defer stop()
	return c.python().RunPython(ctx, pyworker.Proc{
		Args: p.args, Env: p.env, Dir: p.dir,
		Stdin: stdin, Stdout: p.stdio.Stdout, Stderr: p.stdio.Stderr, FS: c.fs, Memory: c.mem,
		Umask: umaskIn(ctx),
	})
}

// runModule runs a WASI module file.
func (c *core) runModule(ctx context.Context, p *proc, wasm []byte) int {
	stdin, stop := c.meterStdin(ctx, p.stdio.Stdin)
	defer stop()
	return c.python().RunModule(ctx, wasm, pyworker.Proc{
		Args: p.args, Env: p.env, Dir: p.dir,
		Stdin: stdin, Stdout: p.stdio.Stdout, Stderr: p.stdio.Stderr, FS: c.fs, Memory: c.mem,
		Umask: umaskIn(ctx),
	})
}
