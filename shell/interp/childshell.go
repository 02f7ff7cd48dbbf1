package interp

import (
	"bytes"
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
	inv, st, done := parseInvocation(args, stdio)
	if done {
		return st
	}
	flags, shopts, rest := inv.flags, inv.shopts, inv.rest
	cmdMode, fromStdin, interactive := inv.cmdMode, inv.fromStdin, inv.interactive
	cfg := *r.cfg
	cfg.Dir = startDir(r, environ)
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
	readsStdin := false // bash -i's commands come from stdin as it reads them
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
	case interactive:
		// bash -i reads its commands from stdin as it goes (interactive.go).
		fromFile, readsStdin = true, true
		cfg.Args = append([]string{argv0}, rest...)
	default:
		data, err := r.readHeld(stdio.Stdin, 0)
		if err != nil {
			fmt.Fprintf(stdio.Stderr, "bash: reading standard input: %v\n", err)
			return 1
		}
		script, fromFile = string(data), true
		cfg.Args = append([]string{argv0}, rest...)
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
	if r.inbox == nil {
		r.inbox = &signalInbox{}
	}
	child.shells = append(append([]shellRef(nil), r.shells...), shellRef{pid: r.pid, inbox: r.inbox})
	defer r.takeInbox(ctx)
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
	if cmdMode {
		child.setExecString(script)
	}
	child.stdinScript = !cmdMode && (fromStdin || len(rest) == 0)
	if interactive {
		child.startInteractive() // interactive.go
	}
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
	// The history file is read after the startup files, which may set
	// HISTFILE, HISTSIZE or HISTTIMEFORMAT, as bash's main does.
	exited := interactive && !inv.norc && child.runStartupFiles(ctx, inv.rcfile)
	if interactive && !cmdMode && !exited {
		child.loadHistoryFile() // builtin_history.go
	}
	var status int
	switch {
	case exited:
		// exit in a startup file ends the shell.
		status = child.lastStatus
	case readsStdin:
		status = child.readInteractive(ctx, child.stdinLines())
	case interactive && !cmdMode:
		status = child.readInteractive(ctx, textLines(script))
	default:
		status, _ = child.runSource(ctx, script)
	}
	status = child.finish(ctx, status)
	if interactive && !cmdMode {
		child.saveHistoryFile()
	}
	return status
}

// binaryScript is bash's check_binary_file on a script's first 80
// bytes: an ELF header, or a NUL in the first line (the first two after
// a "#!" line).
func binaryScript(data []byte) bool {
	sample := data[:min(len(data), 80)]
	if bytes.HasPrefix(sample, []byte("\x7fELF")) {
		return true
	}
	lines := 1
	if bytes.HasPrefix(sample, []byte("#!")) {
		lines = 2
	}
	for _, c := range sample {
		if c == '\n' {
			if lines--; lines == 0 {
				return false
			}
		}
		if c == 0 {
			return true
		}
	}
	return false
}

// invocation is what a bash command line asks for (bash's shell.c).
type invocation struct {
	flags, shopts []string // set and shopt arguments
	rest          []string // the operands: the -c string, a script, $0 and the arguments
	cmdMode       bool     // -c
	fromStdin     bool     // -s
	interactive   bool     // -i
	norc          bool     // --norc: no startup file
	rcfile        string   // --rcfile/--init-file: the startup file instead of ~/.bashrc
}

// longOptions are bash's long options (accepted with one dash or two);
// those that take an argument say so.
var longOptions = map[string]bool{
	"debug": false, "debugger": false, "dump-po-strings": false, "dump-strings": false, "help": false,
	"init-file": true, "login": false, "noediting": false, "noprofile": false, "norc": false,
	"posix": false, "pretty-print": false, "rcfile": true, "restricted": false, "verbose": false,
	"version": false, "wordexp": false,
}

// parseInvocation reads bash's arguments as shell.c does: long options
// first, then clusters of one-letter options ("-oo errexit noglob"
// takes one option name for each o), then the operands. done says the
// shell is not to run (--help, --version, a bad option), with status.
func parseInvocation(args []string, stdio command.Stdio) (inv invocation, status int, done bool) {
	usage := func(format string, a ...any) (invocation, int, bool) {
		fmt.Fprintf(stdio.Stderr, "bash: "+format+"\n", a...)
		io.WriteString(stdio.Stderr, bashUsage)
		return inv, 2, true
	}
	i := 1
	for ; i < len(args) && strings.HasPrefix(args[i], "-"); i++ {
		a := args[i]
		name, long := a[1:], false
		if strings.HasPrefix(a, "--") && len(a) > 2 {
			name, long = a[2:], true
		}
		takesArg, ok := longOptions[name]
		if !ok {
			if long {
				return usage("%s: invalid option", a)
			}
			break
		}
		switch name {
		case "help":
			io.WriteString(stdio.Stdout, BashHelp)
			return inv, 0, true
		case "version":
			io.WriteString(stdio.Stdout, "GNU bash, version 5.2.15(1)-release (memsh)\n")
			return inv, 0, true
		case "norc":
			inv.norc = true
		case "verbose":
			inv.flags = append(inv.flags, "-v")
		case "posix":
			inv.flags = append(inv.flags, "-o", "posix")
		}
		if takesArg {
			if i+1 >= len(args) {
				return usage("%s: option requires an argument", a)
			}
			i++
			inv.rcfile = args[i]
		}
	}
	next := i + 1 // the argument an o or O in a cluster takes
	for ; i < len(args); i = next {
		a := args[i]
		next = i + 1
		if a == "--" || a == "-" {
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' && a[0] != '+' {
			break
		}
		on := string(a[0])
		for _, f := range a[1:] {
			switch f {
			case 'c':
				inv.cmdMode = true
			case 's':
				inv.fromStdin = true
			case 'i':
				inv.interactive = true
			case 'l', 'r', 'D':
			case 'o', 'O':
				if next >= len(args) {
					return usage("%s%c: option requires an argument", on, f)
				}
				if f == 'o' {
					inv.flags = append(inv.flags, on+"o", args[next])
				} else {
					inv.shopts = append(inv.shopts, map[string]string{"-": "-s", "+": "-u"}[on], args[next])
				}
				next++
			default:
				if f > 127 || !strings.ContainsRune("abefhkmnptuvxBCEHPT", f) {
					return usage("%s%c: invalid option", on, f)
				}
				inv.flags = append(inv.flags, on+string(f))
			}
		}
	}
	inv.rest = args[min(i, len(args)):]
	return inv, 0, false
}

// bashUsage is what bash prints after a bad option.
const bashUsage = `Usage:	bash [GNU long option] [option] ...
	bash [GNU long option] [option] script-file ...
GNU long options:
	--debug
	--debugger
	--dump-po-strings
	--dump-strings
	--help
	--init-file
	--login
	--noediting
	--noprofile
	--norc
	--posix
	--pretty-print
	--rcfile
	--restricted
	--verbose
	--version
Shell options:
	-ilrsD or -c command or -O shopt_option		(invocation only)
	-abefhkmnptuvxBCEHPT or -o option
`

// startDir is a child shell's working directory as bash finds it at
// start: $PWD from the environment when it names the directory the shell
// is in (a path through a symbolic link stays), else the physical path.
func startDir(r *Runner, environ []string) string {
	for _, kv := range environ {
		if pwd, ok := strings.CutPrefix(kv, "PWD="); ok && pwd == r.dir {
			return r.dir
		}
	}
	if p, err := r.cfg.FS.Realpath(r.dir); err == nil {
		return p
	}
	return r.dir
}
