package interp

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// builtinCommand is command [-pvV] name [args]: run name skipping
// functions, or say what it is.
func builtinCommand(ctx context.Context, r *Runner, args []string) int {
	i := 1
	describe, verbose := false, false
	for ; i < len(args) && len(args[i]) > 1 && args[i][0] == '-'; i++ {
		if args[i] == "--" {
			i++
			break
		}
		for _, c := range args[i][1:] {
			switch c {
			case 'v':
				describe = true
			case 'V':
				verbose = true
			case 'p':
			default:
				return r.usageError("command", "-"+string(c), "command [-pVv] command [arg ...]")
			}
		}
	}
	rest := args[i:]
	if len(rest) == 0 {
		return 0
	}
	if describe || verbose {
		status := 0
		for _, n := range rest {
			if !r.describe(n, verbose, false) {
				status = 1
				if verbose {
					r.errorf("command: %s: not found", n)
				}
			}
		}
		return status
	}
	if b, ok := r.blt[rest[0]]; ok {
		return r.runBuiltin(ctx, b, rest)
	}
	return r.runExternal(ctx, rest, nil)
}

// builtinBuiltin is builtin name [args].
func builtinBuiltin(ctx context.Context, r *Runner, args []string) int {
	if len(args) < 2 {
		return 0
	}
	b, ok := r.blt[args[1]]
	if !ok {
		r.errorf("builtin: %s: not a shell builtin", args[1])
		return 1
	}
	return r.runBuiltin(ctx, b, args[1:])
}

// keywords are bash's reserved words (for type).
var keywords = map[string]bool{
	"if": true, "then": true, "else": true, "elif": true, "fi": true, "case": true, "esac": true,
	"for": true, "select": true, "while": true, "until": true, "do": true, "done": true, "in": true,
	"function": true, "time": true, "{": true, "}": true, "!": true, "[[": true, "]]": true, "coproc": true,
}

// describe prints what name is, for type and command -v/-V. It reports
// whether name was found.
func (r *Runner) describe(name string, verbose, typeStyle bool) bool {
	out := r.stdout()
	if a, ok := r.aliases.m[name]; ok {
		if verbose {
			fmt.Fprintf(out, "%s is aliased to `%s'\n", name, a)
		} else {
			fmt.Fprintf(out, "alias %s=%s\n", name, bashQuote(a))
		}
		return true
	}
	if keywords[name] {
		if verbose {
			fmt.Fprintf(out, "%s is a shell keyword\n", name)
		} else {
			fmt.Fprintln(out, name)
		}
		return true
	}
	if fn, ok := r.funcs.m[name]; ok {
		if verbose {
			fmt.Fprintf(out, "%s is a function\n%s\n", name, funcText(fn))
		} else {
			fmt.Fprintln(out, name)
		}
		return true
	}
	if _, ok := r.blt[name]; ok {
		if verbose {
			fmt.Fprintf(out, "%s is a shell builtin\n", name)
		} else {
			fmt.Fprintln(out, name)
		}
		return true
	}
	full := ""
	if strings.Contains(name, "/") {
		if info, err := r.cfg.FS.Stat(r.absPath(name)); err == nil && !info.IsDir() && info.Mode()&0o111 != 0 {
			full = name
		}
	} else if _, ok := r.cfg.Commands[name]; ok {
		full = r.lookPath(name, nil)
		if full == "" {
			full = "/usr/bin/" + name
		}
	} else {
		full = r.lookPath(name, nil)
	}
	if full == "" {
		return false
	}
	if verbose {
		fmt.Fprintf(out, "%s is %s\n", name, full)
	} else {
		fmt.Fprintln(out, full)
	}
	return true
}

// builtinType is type [-afptP] name...
func builtinType(ctx context.Context, r *Runner, args []string) int {
	i := 1
	kind, path := false, false
	for ; i < len(args) && len(args[i]) > 1 && args[i][0] == '-'; i++ {
		if args[i] == "--" {
			i++
			break
		}
		for _, c := range args[i][1:] {
			switch c {
			case 't':
				kind = true
			case 'p', 'P':
				path = true
			case 'a', 'f':
			default:
				return r.usageError("type", "-"+string(c), "type [-afptP] name [name ...]")
			}
		}
	}
	status := 0
	for _, n := range args[i:] {
		if kind {
			t := r.kindOf(n)
			if t == "" {
				status = 1
				continue
			}
			fmt.Fprintln(r.stdout(), t)
			continue
		}
		if path {
			if r.kindOf(n) == "file" {
				r.describe(n, false, true)
			} else if r.kindOf(n) == "" {
				status = 1
			}
			continue
		}
		if !r.describe(n, true, true) {
			r.errorf("type: %s: not found", n)
			status = 1
		}
	}
	return status
}

// kindOf is type -t's word for name.
func (r *Runner) kindOf(name string) string {
	switch {
	case r.aliases.m[name] != "":
		return "alias"
	case keywords[name]:
		return "keyword"
	case r.funcs.m[name] != nil:
		return "function"
	case r.blt[name] != nil:
		return "builtin"
	}
	if _, ok := r.cfg.Commands[name]; ok || r.lookPath(name, nil) != "" {
		return "file"
	}
	return ""
}

// builtinExec is exec [cmd args]: without a command its redirections
// stay for the rest of the shell; with one, the command runs and the
// shell ends with its status.
func builtinExec(ctx context.Context, r *Runner, args []string) int {
	if len(args) == 1 {
		r.keepFds = true
		return 0
	}
	status := r.runExternal(ctx, args[1:], nil)
	r.exitShell(status)
	r.execed = true
	return status
}

// builtinWait is wait [pid...].
func builtinWait(ctx context.Context, r *Runner, args []string) int {
	any, pvar, i := false, "", 1
	for ; i < len(args) && len(args[i]) > 1 && args[i][0] == '-'; i++ {
		if args[i] == "--" {
			i++
			break
		}
		switch args[i] {
		case "-n":
			any = true
		case "-f":
		case "-p":
			if i+1 >= len(args) {
				r.errorf("wait: -p: option requires an argument")
				return 2
			}
			i++
			pvar = args[i]
		default:
			return r.usageError("wait", args[i], "wait [-fn] [-p var] [id ...]")
		}
	}
	if any {
		st, j := r.waitAny(ctx)
		if j != nil && pvar != "" {
			r.setVar(pvar, strconv.Itoa(j.pid), false)
		}
		return st
	}
	if i >= len(args) {
		return r.waitJobs(ctx)
	}
	status := 0
	for _, a := range args[i:] {
		st, ok := r.waitPid(ctx, a)
		if !ok {
			if strings.HasPrefix(a, "%") {
				r.errorf("wait: %s: no such job", a)
			} else if _, err := strconv.Atoi(a); err != nil {
				r.errorf("wait: `%s': not a pid or valid job spec", a)
				status = 2
				continue
			} else {
				r.errorf("wait: pid %s is not a child of this shell", a)
			}
			status = 127
			continue
		}
		status = st
	}
	return status
}

// builtinAlias is alias [name[=value]...].
func builtinAlias(ctx context.Context, r *Runner, args []string) int {
	if len(args) == 1 || args[1] == "-p" {
		for _, n := range r.aliases.names() {
			fmt.Fprintf(r.stdout(), "alias %s=%s\n", n, bashQuote(r.aliases.m[n]))
		}
		return 0
	}
	status := 0
	for _, a := range args[1:] {
		name, val, ok := strings.Cut(a, "=")
		if !ok {
			v, found := r.aliases.m[name]
			if !found {
				r.errorf("alias: %s: not found", name)
				status = 1
				continue
			}
			fmt.Fprintf(r.stdout(), "alias %s=%s\n", name, bashQuote(v))
			continue
		}
		r.aliases = r.aliases.set(name, val)
	}
	return status
}

// builtinUnalias is unalias [-a] name...
func builtinUnalias(ctx context.Context, r *Runner, args []string) int {
	status := 0
	for _, a := range args[1:] {
		if a == "-a" {
			r.aliases.release()
			r.aliases = newAliases()
			continue
		}
		if _, ok := r.aliases.m[a]; !ok {
			r.errorf("unalias: %s: not found", a)
			status = 1
			continue
		}
		r.aliases = r.aliases.del(a)
	}
	return status
}

// builtinUmask is umask [-p] [-S] [mode], mode octal or symbolic
// (u=rwx,g=rx,o= / g-w,o-rwx / a+w).
func builtinUmask(ctx context.Context, r *Runner, args []string) int {
	rest := args[1:]
	symbolic, reuse := false, false
	for len(rest) > 0 && len(rest[0]) > 1 && rest[0][0] == '-' {
		for _, c := range rest[0][1:] {
			switch c {
			case 'S':
				symbolic = true
			case 'p':
				reuse = true
			default:
				return r.usageError("umask", "-"+string(c), "umask [-p] [-S] [mode]")
			}
		}
		rest = rest[1:]
	}
	if len(rest) == 0 {
		text := fmt.Sprintf("%04o", uint32(r.umask))
		if symbolic {
			text = umaskSymbolic(r.umask)
		}
		if reuse {
			if symbolic {
				text = "-S " + text
			}
			text = "umask " + text
		}
		fmt.Fprintln(r.stdout(), text)
		return 0
	}
	mode := rest[0]
	if mode[0] >= '0' && mode[0] <= '7' {
		m, err := strconv.ParseUint(mode, 8, 32)
		if err != nil || m > 0o777 {
			r.errorf("umask: %s: octal number out of range", mode)
			return 1
		}
		r.umask = osFileMode(uint32(m))
		return 0
	}
	perm, ok := applySymbolic(^r.umask&0o777, mode)
	if !ok {
		r.errorf("umask: `%c': invalid symbolic mode operator", mode[len(mode)-1])
		return 1
	}
	r.umask = ^perm & 0o777
	return 0
}

// umaskSymbolic is umask -S's u=rwx,g=rx,o=rx.
func umaskSymbolic(mask osMode) string {
	m := ^mask & 0o777
	perm := func(b uint32) string {
		s := ""
		for i, c := range "rwx" {
			if b&(4>>i) != 0 {
				s += string(c)
			}
		}
		return s
	}
	return fmt.Sprintf("u=%s,g=%s,o=%s", perm(uint32(m>>6)&7), perm(uint32(m>>3)&7), perm(uint32(m)&7))
}

// applySymbolic applies chmod-style clauses (who op perms, comma
// separated) to the permission bits perm.
func applySymbolic(perm osMode, mode string) (osMode, bool) {
	for _, clause := range strings.Split(mode, ",") {
		i := 0
		var who osMode
		for i < len(clause) && strings.IndexByte("ugoa", clause[i]) >= 0 {
			switch clause[i] {
			case 'u':
				who |= 0o700
			case 'g':
				who |= 0o070
			case 'o':
				who |= 0o007
			case 'a':
				who |= 0o777
			}
			i++
		}
		if who == 0 {
			who = 0o777
		}
		if i >= len(clause) || strings.IndexByte("+-=", clause[i]) < 0 {
			return 0, false
		}
		op := clause[i]
		var bits osMode
		for _, c := range clause[i+1:] {
			switch c {
			case 'r':
				bits |= 0o444
			case 'w':
				bits |= 0o222
			case 'x':
				bits |= 0o111
			default:
				return 0, false
			}
		}
		bits &= who
		switch op {
		case '+':
			perm |= bits
		case '-':
			perm &^= bits
		case '=':
			perm = perm&^who | bits
		}
	}
	return perm, true
}

// signalNumbers are the signals kill sends to jobs, by name.
var signalNumbers = map[string]int{"HUP": 1, "INT": 2, "QUIT": 3, "ABRT": 6, "KILL": 9, "USR1": 10,
	"USR2": 12, "PIPE": 13, "ALRM": 14, "TERM": 15}

// builtinKill is kill [-s SIG | -SIG] pid|%job...: a background job of
// this shell ends as if killed by the signal (status 128+N); -0 asks
// whether it still runs. Listing signals (-l) is the registry's kill.
func builtinKill(ctx context.Context, r *Runner, args []string) int {
	if len(args) > 1 && (args[1] == "-l" || args[1] == "-L") {
		return r.runExternal(ctx, args, nil)
	}
	sig, i := 15, 1
	if i < len(args) && args[i] == "-s" || i < len(args) && args[i] == "-n" {
		if i+1 >= len(args) {
			r.errorf("kill: %s: option requires an argument", args[i])
			return 2
		}
		n, ok := signalNumber(args[i+1])
		if !ok {
			r.errorf("kill: %s: invalid signal specification", args[i+1])
			return 1
		}
		sig, i = n, i+2
	} else if i < len(args) && len(args[i]) > 1 && args[i][0] == '-' && args[i] != "--" {
		n, ok := signalNumber(args[i][1:])
		if !ok {
			r.errorf("kill: %s: invalid signal specification", args[i][1:])
			return 1
		}
		sig, i = n, i+1
	}
	if i < len(args) && args[i] == "--" {
		i++
	}
	if i >= len(args) {
		r.printErr("kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n")
		return 2
	}
	status := 0
	for _, a := range args[i:] {
		if a == strconv.Itoa(r.pid) && sig == 0 {
			continue
		}
		j, _, ok := r.job(a)
		if !ok {
			if strings.HasPrefix(a, "%") {
				r.errorf("kill: %s: no such job", a)
			} else if _, err := strconv.Atoi(a); err != nil {
				r.errorf("kill: %s: arguments must be process or job IDs", a)
			} else {
				r.errorf("kill: (%s) - No such process", a)
			}
			status = 1
			continue
		}
		select {
		case <-j.done:
			r.errorf("kill: (%s) - No such process", a)
			status = 1
			continue
		default:
		}
		if sig != 0 {
			j.sig.CompareAndSwap(0, int32(sig))
			j.cancel()
		}
	}
	return status
}

// signalNumber reads a signal as a number or a name (INT, SIGINT).
func signalNumber(s string) (int, bool) {
	if n, err := strconv.Atoi(s); err == nil {
		return n, n >= 0 && n < 65
	}
	n, ok := signalNumbers[strings.TrimPrefix(strings.ToUpper(s), "SIG")]
	return n, ok
}
