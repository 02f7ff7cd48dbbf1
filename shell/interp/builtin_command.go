package interp

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// stdPathValue is where command -p looks: bash's confstr(_CS_PATH).
const stdPathValue = "/bin:/usr/bin"

// builtinCommand is command [-pvV] name [args]: run name skipping
// functions, or say what it is.
func builtinCommand(ctx context.Context, r *Runner, args []string) int {
	opts, i, ok := r.builtinOpts(args, "vVp", "command [-pVv] command [arg ...]")
	if !ok {
		return 2
	}
	describe, verbose, stdPath := opts.has('v'), opts.has('V'), opts.has('p')
	rest := args[i:]
	if len(rest) == 0 {
		return 0
	}
	if describe || verbose {
		path := ""
		if stdPath {
			path = stdPathValue
		}
		// bash's status: 0 when any name was found.
		status := 1
		for _, n := range rest {
			if r.describeTo(r.stdout(), n, describeHow{verbose: verbose, path: path}) {
				status = 0
			} else if verbose {
				r.errorf("command: %s: not found", n)
			}
		}
		return status
	}
	if b, ok := r.builtin(rest[0]); ok {
		return r.runBuiltin(ctx, b, rest)
	}
	if stdPath {
		st := r.runProgram(ctx, rest[0], rest, r.environ(), stdPathValue)
		r.notifyJobs()
		return st
	}
	return r.runExternal(ctx, rest, nil)
}

// builtinBuiltin is builtin name [args].
func builtinBuiltin(ctx context.Context, r *Runner, args []string) int {
	rest, st, ok := r.noOptions(args, "builtin [shell-builtin [arg ...]]")
	if !ok || len(rest) == 0 {
		return st
	}
	b, ok := r.builtin(rest[0])
	if !ok {
		r.errorf("builtin: %s: not a shell builtin", rest[0])
		return 1
	}
	return r.runBuiltin(ctx, b, rest)
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
	return r.describeTo(r.stdout(), name, describeHow{verbose: verbose})
}

// describeHow is how describeTo answers: verbose is type's and command
// -V's sentences, all is type -a (every kind and every file), path the
// directories searched for files ("" = $PATH), filesOnly type -p/-P.
type describeHow struct {
	verbose, all, filesOnly bool
	noFuncs                 bool // type -f
	path                    string
}

// describeTo writes what name is to out; it reports whether name was
// found.
func (r *Runner) describeTo(out io.Writer, name string, how describeHow) bool {
	found := false
	say := func(sentence, short string) bool {
		found = true
		if how.verbose {
			fmt.Fprintln(out, sentence)
		} else {
			fmt.Fprintln(out, short)
		}
		return !how.all
	}
	if !how.filesOnly {
		if a, ok := r.aliases.m[name]; ok && say(fmt.Sprintf("%s is aliased to `%s'", name, a), "alias "+name+"="+bashQuote(a)) {
			return true
		}
		if keywords[name] && say(name+" is a shell keyword", name) {
			return true
		}
		if fn, ok := r.funcs.m[name]; ok && !how.noFuncs && say(name+" is a function\n"+funcText(fn), name) {
			return true
		}
		if _, ok := r.builtin(name); ok && say(name+" is a shell builtin", name) {
			return true
		}
	}
	var files []string
	switch {
	case strings.Contains(name, "/"):
		if info, err := r.cfg.FS.Stat(r.absPath(name)); err == nil && !info.IsDir() && info.Mode()&0o111 != 0 {
			files = []string{name}
		}
	case how.all:
		files = r.lookPathAll(name)
	case how.path != "":
		if f := r.findCommand(name, how.path); f != "" {
			files = []string{f}
		}
	default:
		if f, ok := r.hashedPath(name); ok {
			if !strings.HasPrefix(f, "/") {
				f = "./" + f
			}
			say(name+" is hashed ("+f+")", f)
			return true
		}
		f := r.findCommand(name, r.searchPath(nil))
		if _, ok := r.cfg.Commands[name]; ok && f == "" {
			f = "/usr/bin/" + name
		}
		if f != "" {
			files = []string{f}
		}
	}
	for _, f := range files {
		if say(name+" is "+f, f) {
			return true
		}
	}
	return found
}

// findCommand is where bash's find_user_command finds name in the
// directories of pathVar, as the directory is written there (_tmp/date,
// ./date): the first executable file, else the first regular file.
func (r *Runner) findCommand(name, pathVar string) string {
	lose := ""
	for _, d := range strings.Split(pathVar, ":") {
		if d == "" {
			d = "."
		}
		info, err := r.cfg.FS.Stat(r.absPath(d + "/" + name))
		if err != nil || !info.Mode().IsRegular() {
			continue
		}
		shown := strings.TrimSuffix(d, "/") + "/" + name
		if info.Mode()&0o111 != 0 {
			return shown
		}
		if lose == "" {
			lose = shown
		}
	}
	return lose
}

// lookPathAll is every executable file called name in $PATH's
// directories, in order (type -a).
func (r *Runner) lookPathAll(name string) []string {
	pathVar, _ := r.getVar("PATH")
	var out []string
	for _, d := range strings.Split(pathVar, ":") {
		if d == "" {
			d = "."
		}
		if f := r.lookPathIn(name, d); f != "" {
			out = append(out, strings.TrimSuffix(d, "/")+"/"+name)
		}
	}
	return out
}

// builtinType is type [-afptP] name...
func builtinType(ctx context.Context, r *Runner, args []string) int {
	opts, i, ok := r.builtinOpts(args, "tpPaf", "type [-afptP] name [name ...]")
	if !ok {
		return 2
	}
	kind, path, all := opts.has('t'), opts.has('p') || opts.has('P'), opts.has('a')
	noFuncs := opts.has('f')
	var out strings.Builder
	status := 0
	for _, n := range args[i:] {
		k := r.kindOf(n)
		if noFuncs && k == "function" {
			saved := r.funcs
			r.funcs = r.funcs.del(n)
			k = r.kindOf(n)
			r.funcs = saved
		}
		if kind {
			if k == "" {
				status = 1
				continue
			}
			out.WriteString(k + "\n")
			continue
		}
		if path {
			// -P searches $PATH whatever else the name is; -p only
			// for a name that is a file
			if k == "file" || opts.has('P') || all {
				if !r.describeTo(&out, n, describeHow{all: all, filesOnly: true}) && (k == "file" || opts.has('P')) {
					status = 1
				}
			} else if k == "" {
				status = 1
			}
			continue
		}
		if !r.describeTo(&out, n, describeHow{verbose: true, all: all, noFuncs: noFuncs}) {
			r.errorf("type: %s: not found", n)
			status = 1
		}
	}
	if st := r.writeOut("type", []byte(out.String())); st != 0 {
		return st
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
	case r.isBuiltin(name):
		return "builtin"
	}
	if _, ok := r.cfg.Commands[name]; ok {
		return "file"
	}
	if strings.Contains(name, "/") && r.lookPath(name, nil) != "" || !strings.Contains(name, "/") && r.findCommand(name, r.searchPath(nil)) != "" {
		return "file"
	}
	return ""
}

// builtinExec is exec [cmd args]: without a command its redirections
// stay for the rest of the shell; with one, the command runs and the
// shell ends with its status.
func builtinExec(ctx context.Context, r *Runner, args []string) int {
	const usage = "exec [-cl] [-a name] [command [argument ...]] [redirection ...]"
	opts, vals, i, ok := r.builtinOptArgs(args, "cla:", usage)
	if !ok {
		return 2
	}
	rest := args[i:]
	clearEnv, login, argv0 := opts.has('c'), opts.has('l'), vals['a']
	if len(rest) == 0 {
		r.keepFds = true
		return 0
	}
	name := rest[0]
	if !strings.Contains(name, "/") && !isShellName(name) {
		if _, ok := r.cfg.Commands[name]; !ok && r.lookPath(name, nil) == "" {
			// exec runs only programs: a function or builtin is not one.
			r.errorf("exec: %s: not found", name)
			r.exitShell(127)
			return 127
		}
	}
	cmd := append([]string(nil), rest...)
	if argv0 != "" {
		cmd[0] = argv0
	}
	if login {
		cmd[0] = "-" + cmd[0]
	}
	environ := r.environ()
	if clearEnv {
		environ = nil
	}
	status := r.runProgram(ctx, name, cmd, environ, "")
	r.exitShell(status)
	r.execed = true
	return status
}

// builtinWait is wait [-fn] [-p var] [id ...], as bash's wait.def: each
// pid or job spec in turn ($? is the last one's status, 127 for one that
// is no child of this shell), -n the next job to end, and no operand
// every job (then the shell forgets the statuses of all that ended).
func builtinWait(ctx context.Context, r *Runner, args []string) int {
	const usage = "wait [-fn] [-p var] [id ...]"
	any, pvar, i := false, "", 1
	for ; i < len(args) && len(args[i]) > 1 && args[i][0] == '-'; i++ {
		if args[i] == "--" {
			i++
			break
		}
		for k := 1; k < len(args[i]); k++ {
			switch c := args[i][k]; c {
			case 'n':
				any = true
			case 'f':
			case 'p':
				pvar = args[i][k+1:]
				if pvar == "" {
					if i+1 >= len(args) {
						r.errorf("wait: -p: option requires an argument")
						r.printErr("wait: usage: " + usage + "\n")
						return 2
					}
					i++
					pvar = args[i]
				}
				k = len(args[i])
			default:
				_, size := utf8.DecodeRuneInString(args[i][k:])
				return r.usageError("wait", "-"+args[i][k:k+size], usage)
			}
		}
	}
	if pvar != "" {
		base := pvar
		if b, _, ok := splitSubscript(pvar); ok {
			base = b
		}
		if !validName(base) {
			r.errorf("wait: `%s': not a valid identifier", pvar)
			return 1
		}
		r.unsetVar(pvar)
	}
	if any {
		var only map[*job]bool
		if i < len(args) {
			// wait -n ID...: the first of these to end; bash names each
			// that is no job of this shell.
			only = map[*job]bool{}
			for _, a := range args[i:] {
				if j, dup := r.jobSpec("wait", a); j != nil {
					only[j] = true
				} else if !dup {
					r.errorf("wait: %s: no such job", a)
				}
			}
			if len(only) == 0 {
				return 127
			}
		}
		st, j := r.waitAny(ctx, only)
		if j != nil && pvar != "" {
			r.setVar(pvar, strconv.Itoa(j.pid), false)
		}
		return st
	}
	if i >= len(args) {
		return r.waitJobs(ctx)
	}
	status, waited := 0, ""
	for _, a := range args[i:] {
		waited = ""
		switch {
		case a != "" && a[0] >= '0' && a[0] <= '9':
			if _, ok := legalNumber(a); !ok {
				r.errorf("wait: `%s': not a pid or valid job spec", a)
				return 1
			}
			j, _ := r.jobSpec("", a)
			if j == nil {
				r.errorf("wait: pid %s is not a child of this shell", a)
				status = 127
				continue
			}
			status, waited = r.waitFor(ctx, j), a
		case strings.HasPrefix(a, "%"):
			j, dup := r.jobSpec("wait", a)
			if j == nil {
				if !dup {
					r.errorf("wait: %s: no such job", a)
				}
				status = 127
				continue
			}
			status, waited = r.waitFor(ctx, j), strconv.Itoa(j.pid)
		default:
			r.errorf("wait: `%s': not a pid or valid job spec", a)
			status = 1
		}
		if status > 128 && ctx.Err() != nil {
			return status
		}
	}
	if pvar != "" && waited != "" {
		r.setVar(pvar, waited, false)
	}
	return status
}

// builtinAlias is alias [name[=value]...].
func builtinAlias(ctx context.Context, r *Runner, args []string) int {
	rest := args[1:]
	list := len(rest) == 0
	for len(rest) > 0 && len(rest[0]) > 1 && rest[0][0] == '-' {
		a := rest[0]
		rest = rest[1:]
		if a == "--" {
			break
		}
		for _, c := range a[1:] {
			if c != 'p' {
				return r.usageError("alias", "-"+string(c), "alias [-p] [name[=value] ... ]")
			}
			list = true
		}
	}
	if list {
		var b strings.Builder
		for _, n := range r.aliases.names() {
			b.WriteString(aliasLine(n, r.aliases.m[n]))
		}
		if st := r.writeOut("alias", []byte(b.String())); st != 0 {
			return st
		}
	}
	status := 0
	for _, a := range rest {
		name, val, ok := strings.Cut(a, "=")
		if !ok {
			v, found := r.aliases.m[name]
			if !found {
				r.errorf("alias: %s: not found", name)
				status = 1
				continue
			}
			io.WriteString(r.stdout(), aliasLine(name, v))
			continue
		}
		r.aliases = r.aliases.set(name, val)
	}
	return status
}

// aliasLine is how alias lists one alias; a name that looks like an
// option gets "--" before it.
func aliasLine(name, val string) string {
	if strings.HasPrefix(name, "-") {
		return "alias -- " + name + "=" + bashQuote(val) + "\n"
	}
	return "alias " + name + "=" + bashQuote(val) + "\n"
}

// builtinUnalias is unalias [-a] name...
func builtinUnalias(ctx context.Context, r *Runner, args []string) int {
	const usage = "unalias [-a] name [name ...]"
	rest := args[1:]
	for len(rest) > 0 && len(rest[0]) > 1 && rest[0][0] == '-' {
		a := rest[0]
		rest = rest[1:]
		if a == "--" {
			break
		}
		for _, c := range a[1:] {
			if c != 'a' {
				return r.usageError("unalias", "-"+string(c), usage)
			}
			r.aliases.release()
			r.aliases = newAliases()
			return 0
		}
	}
	if len(rest) == 0 {
		r.printErr("unalias: usage: " + usage + "\n")
		return 2
	}
	status := 0
	for _, a := range rest {
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
		return r.writeOut("umask", []byte(text+"\n"))
	}
	mode := rest[0]
	if mode[0] >= '0' && mode[0] <= '9' {
		// bash's read_octal: octal digits up to 07777, of which the
		// permission bits count.
		m, err := strconv.ParseUint(mode, 8, 32)
		if err != nil || m > 0o7777 {
			r.errorf("umask: %s: octal number out of range", mode)
			return 1
		}
		r.umask = osFileMode(uint32(m) & 0o777)
	} else {
		perm, msg := applySymbolic(^r.umask&0o777, mode)
		if msg != "" {
			r.errorf("umask: %s", msg)
			return 1
		}
		r.umask = ^perm & 0o777
	}
	if symbolic {
		// umask -S MODE shows the mask it set.
		return r.writeOut("umask", []byte(umaskSymbolic(r.umask)+"\n"))
	}
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
// separated) to the permission bits perm. A bad clause gives bash's
// message, naming the character where it went wrong (a NUL when the
// mode ends before an operator).
func applySymbolic(perm osMode, mode string) (osMode, string) {
	s := mode
	for {
		var who osMode
		for s != "" && strings.IndexByte("ugoa", s[0]) >= 0 {
			switch s[0] {
			case 'u':
				who |= 0o700
			case 'g':
				who |= 0o070
			case 'o':
				who |= 0o007
			case 'a':
				who |= 0o777
			}
			s = s[1:]
		}
		if who == 0 {
			who = 0o777
		}
		op := byte(0)
		if s != "" {
			op, s = s[0], s[1:]
		}
		if op != '+' && op != '-' && op != '=' {
			return 0, fmt.Sprintf("`%c': invalid symbolic mode operator", op)
		}
		var bits osMode
		for s != "" && strings.IndexByte("rwx", s[0]) >= 0 {
			switch s[0] {
			case 'r':
				bits |= 0o444
			case 'w':
				bits |= 0o222
			case 'x':
				bits |= 0o111
			}
			s = s[1:]
		}
		if s != "" && s[0] != ',' {
			return 0, fmt.Sprintf("`%c': invalid symbolic mode character", s[0])
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
		if s == "" {
			return perm, ""
		}
		s = s[1:]
	}
}

// builtinKill is kill [-s SIG | -n NUM | -SIG] pid|%job...: a background
// job of this shell ends as if killed by the signal (status 128+N); -0
// asks whether it still runs; -l lists bash's signal table. Options and
// statuses are kill.def's: 0 when the signal reached any operand.
func builtinKill(ctx context.Context, r *Runner, args []string) int {
	const usage = "kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n"
	if len(args) < 2 {
		r.printErr(usage)
		return 2
	}
	sig, spec, sawSig, listing := 15, "TERM", false, false
	setSig := func(s string) {
		spec, sawSig = s, true
		if n, ok := signalNumber(s); ok {
			sig = n
		} else {
			sig = -1
		}
	}
	i := 1
	for i < len(args) {
		w := args[i]
		switch {
		case w == "-l" || w == "-L":
			listing = true
			i++
			continue
		case w == "-s" || w == "-n":
			if i+1 >= len(args) {
				r.errorf("kill: %s: option requires an argument", w)
				return 1
			}
			setSig(args[i+1])
			i += 2
			continue
		case len(w) > 2 && w[:2] == "-s" && isAlpha(w[2]), len(w) > 2 && w[:2] == "-n" && w[2] >= '0' && w[2] <= '9':
			setSig(w[2:])
			i++
			continue
		case w == "--":
			i++
		case w == "-?":
			r.printErr(usage)
			return 2
		case len(w) > 0 && w[0] == '-' && !sawSig:
			setSig(w[1:])
			i++
			continue
		}
		break
	}
	if listing {
		return r.killList(args[i:])
	}
	if sig < 0 {
		r.errorf("kill: %s: invalid signal specification", spec)
		return 1
	}
	if i >= len(args) {
		r.printErr(usage)
		return 2
	}
	any := false
	var self []int
	for _, a := range args[i:] {
		if a == strconv.Itoa(r.pid) || a == strconv.Itoa(r.bashPid) {
			if sig != 0 {
				self = append(self, sig)
			}
			any = true
			continue
		}
		if r.signalShell(a, sig) {
			// a shell around this child shell (sh -c "kill $$")
			any = true
			continue
		}
		var j *job
		switch num := strings.TrimPrefix(a, "-"); {
		case num != "" && allDigits(num):
			j, _ = r.jobSpec("", a)
			if j == nil {
				r.errorf("kill: (%s) - No such process", a)
				continue
			}
		case !strings.HasPrefix(a, "%"):
			r.errorf("kill: %s: arguments must be process or job IDs", a)
			continue
		default:
			var dup bool
			if j, dup = r.jobSpec("kill", a); j == nil {
				if !dup {
					r.errorf("kill: %s: no such job", a)
				}
				continue
			}
		}
		select {
		case <-j.done:
			r.errorf("kill: (%d) - No such process", j.pid)
			continue
		default:
		}
		any = true
		// Without job control (a script, bash -c, a subshell) a
		// background job ignores INT and QUIT (POSIX), as bash starts it.
		jobControl := r.opts.monitor || r.cfg.Interactive && r.subshell == 0
		ignored := sigIgnoredByDefault(sig) || !jobControl && (sig == 2 || sig == 3)
		if sig != 0 && !ignored && (j.signal == nil || !j.signal(sig)) {
			j.sig.CompareAndSwap(0, int32(sig))
			j.cancel()
		}
	}
	status := 1
	if any {
		status = 0
	}
	if len(self) > 0 {
		// A signal to this shell is handled once kill is done, with
		// kill's status as $?.
		r.lastStatus = status
		for _, s := range self {
			r.selfSignal(ctx, s)
		}
	}
	return status
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// signalNumber reads a signal as a number or a name (INT, SIGINT).
func signalNumber(s string) (int, bool) { return sigNumber(s) }

// killList is kill -l [sigspec...]: the table, or each number's name and
// each name's number (an exit status above 128 names its signal).
func (r *Runner) killList(specs []string) int {
	if len(specs) == 0 {
		io.WriteString(r.stdout(), sigTable())
		return 0
	}
	var b strings.Builder
	status := 0
	for _, s := range specs {
		io.WriteString(r.stdout(), b.String())
		b.Reset()
		if n, err := strconv.Atoi(s); err == nil {
			if n > 128 {
				n -= 128
			}
			name := sigName(n)
			if n == 0 {
				name = "EXIT"
			}
			if name == "" {
				r.errorf("kill: %s: invalid signal specification", s)
				status = 1
				continue
			}
			b.WriteString(name + "\n")
			continue
		}
		if strings.EqualFold(s, "EXIT") {
			b.WriteString("0\n")
			continue
		}
		n, ok := sigNumber(s)
		if !ok {
			r.errorf("kill: %s: invalid signal specification", s)
			status = 1
			continue
		}
		b.WriteString(strconv.Itoa(n) + "\n")
	}
	io.WriteString(r.stdout(), b.String())
	return status
}
