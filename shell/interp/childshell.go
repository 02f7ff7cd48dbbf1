package interp

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"memsh/shell/command"
)

// BashHelp is what `bash --help` prints.
const BashHelp = `Usage:	bash [option] ...
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

// maxShellNesting bounds bash running bash running bash...
const maxShellNesting = 64

type nestingKey struct{}

// isShellName: the names under which the interpreter runs as a command
// (step 3 of run's order, beside the registry).
func isShellName(name string) bool { return name == "bash" || name == "sh" }

// runChildShell is `bash ARGS...` / `sh ARGS...`: -c SCRIPT [NAME
// [ARGS]], FILE [ARGS], or the script on stdin, in a new shell that sees
// only the exported environment, as a child bash process would.
func (r *Runner) runChildShell(ctx context.Context, args, environ []string, stdio command.Stdio) int {
	depth, _ := ctx.Value(nestingKey{}).(int)
	if limit := min(maxShellNesting, r.cfg.MaxCallDepth); depth >= limit {
		fmt.Fprintf(stdio.Stderr, "bash: maximum shell nesting level exceeded (%d)\n", limit)
		return 1
	}
	ctx = context.WithValue(ctx, nestingKey{}, depth+1)
	var flags, shopts []string
	cmdMode, fromStdin, interactive := false, false, false
	i := 1
parse:
	for ; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--" || a == "-":
			i++
			break parse
		case a == "--help":
			io.WriteString(stdio.Stdout, BashHelp)
			return 0
		case a == "--version":
			io.WriteString(stdio.Stdout, "GNU bash, version 5.2.15(1)-release (memsh)\n")
			return 0
		case a == "--rcfile" || a == "--init-file":
			// The startup file a non-interactive shell does not read.
			i++
		case strings.HasPrefix(a, "--"):
		case a == "-O" || a == "+O":
			// bash -O nullglob: a shopt option
			if i+1 >= len(args) {
				fmt.Fprintf(stdio.Stderr, "bash: %s: option requires an argument\n", a)
				return 2
			}
			shopts = append(shopts, map[string]string{"-O": "-s", "+O": "-u"}[a], args[i+1])
			i++
		case a == "-o" || a == "+o":
			if i+1 >= len(args) {
				fmt.Fprintf(stdio.Stderr, "bash: %s: option requires an argument\n", a)
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
				case 'e', 'u', 'x', 'f', 'a', 'n', 'v', 'C':
					flags = append(flags, string(a[0])+string(f))
				case 'i':
					interactive = true
				case 'l', 'r', 'h', 'B', 'H', 'P', 'T', 'E', 'b', 'm', 'p', 'k', 't':
				default:
					fmt.Fprintf(stdio.Stderr, "bash: %c%c: invalid option\n", a[0], f)
					return 2
				}
			}
		default:
			break parse
		}
	}
	rest := args[i:]
	cfg := *r.cfg
	cfg.Dir = r.dir
	cfg.Script = true
	// The function levels of the shells around count against the
	// session's nesting limit too, and the child itself is one.
	cfg.callBase = r.cfg.callBase + r.funcDepth + 1
	// A child shell has no job control and makes no undo steps.
	cfg.Interactive, cfg.StmtStart = false, nil
	cfg.Command = ""
	argv0 := args[0]
	var script string
	fromFile := false
	switch {
	case cmdMode:
		if len(rest) == 0 {
			fmt.Fprintf(stdio.Stderr, "bash: -c: option requires an argument\n")
			return 2
		}
		script = rest[0]
		cfg.Command = script
		cfg.Args = append([]string{argv0}, rest[min(len(rest), 2):]...)
		if len(rest) > 1 {
			cfg.Args[0] = rest[1]
		}
	case len(rest) > 0 && !fromStdin:
		data, err := r.readFileHeld(r.absPath(rest[0]))
		if err != nil {
			fmt.Fprintf(stdio.Stderr, "bash: %s: %s\n", rest[0], strerror(err))
			return 127
		}
		if binaryScript(data) {
			fmt.Fprintf(stdio.Stderr, "%s: %s: cannot execute binary file\n", rest[0], rest[0])
			return 126
		}
		script, fromFile = string(data), true
		cfg.Args = rest
	default:
		data, err := r.readHeld(stdio.Stdin, 0)
		if err != nil {
			fmt.Fprintf(stdio.Stderr, "bash: reading standard input: %v\n", err)
			return 1
		}
		script, fromFile = string(data), true
		cfg.Args = append([]string{argv0}, rest...)
		if interactive {
			// bash -i reading its commands keeps history of them.
			flags = append(flags, "-o", "history")
		}
	}
	level := 1
	for _, kv := range environ {
		if v, ok := strings.CutPrefix(kv, "SHLVL="); ok {
			if n, err := strconv.Atoi(v); err == nil {
				level = n + 1
			}
		}
	}
	cfg.Env = append(append([]string(nil), environ...), "SHLVL="+strconv.Itoa(level))
	child := newRunner(cfg, r.blt)
	child.pids = r.pids
	child.pid = int(r.pids.Add(1))
	child.bashPid = child.pid
	child.setIDs(r.bashPid)
	child.umask, child.limits = r.umask, r.limits
	child.fromFile = fromFile
	child.setStdio(Stdio{Stdin: stdio.Stdin, Stdout: stdio.Stdout, Stderr: stdio.Stderr})
	for n, f := range r.fds {
		if n > 2 {
			// Open descriptors are inherited, as across fork and exec.
			child.fds[n] = f
			f.hold()
		}
	}
	defer func() { child.fds.dropAll() }()
	if len(flags) > 0 {
		if st := builtinSet(ctx, child, append([]string{"set"}, flags...)); st != 0 {
			return st
		}
	}
	for i := 0; i < len(shopts); i += 2 {
		if findOption(shoptOptions, shopts[i+1]) == nil {
			fmt.Fprintf(stdio.Stderr, "bash: %s: invalid shell option name\n", shopts[i+1])
			return 2
		}
		builtinShopt(ctx, child, []string{"shopt", shopts[i], shopts[i+1]})
	}
	if interactive {
		// bash -i sets HISTFILE, with -c too
		child.setHistoryDefaults() // builtin_history.go
	}
	if interactive && !cmdMode {
		child.loadHistoryFile()
	}
	status, _ := child.runSource(ctx, script)
	status = child.finish(ctx, status)
	if interactive && !cmdMode {
		child.saveHistoryFile()
	}
	return status
}

// binaryScript is bash's check_binary_file: a NUL in the first line of
// the file's first 80 bytes.
func binaryScript(data []byte) bool {
	for _, c := range data[:min(len(data), 80)] {
		switch c {
		case '\n':
			return false
		case 0:
			return true
		}
	}
	return false
}
