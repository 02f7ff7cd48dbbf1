package shell

import (
	"context"
	"fmt"
	"io"
	"path"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"memsh/shell/command"
)

var (
	errNotDir = syscall.ENOTDIR
	errDenied = syscall.EACCES
)

// runnerState is what memsh keeps per interpreter (the session's, or a
// child shell's): the aliases as typed, for `alias`, `type` and
// `command -v` (mvdan/sh keeps only their parsed words, privately).
type runnerState struct {
	mu          sync.Mutex
	aliases     map[string]string
	interactive bool
}

// callHandler runs before every simple command, builtins and functions
// included. It enforces the function nesting limit and takes over the
// builtins whose mvdan/sh versions look at the host: type, command -v,
// hash, source and . ($PATH on the host disk), pwd -P (host symlinks),
// test -O/-G (the host's user database), and cd (for bash's messages).
// eval and trap strings get the same rewrites as typed code.
//
// A builtin it completes itself is replaced by the internal status
// command, so $?, set -e and ERR traps see the right status.
func (c *core) callHandler(rs *runnerState) interp.CallHandlerFunc {
	return func(ctx context.Context, args []string) ([]string, error) {
		hc := interp.HandlerCtx(ctx)
		c.traceCall(hc, args)      // xtrace.go
		c.errDedup.count(hc, args) // errtrap.go
		depth := funcDepth(hc.Env)
		fn := isFunc(hc, args[0])
		if limit := c.funcNest(hc.Env); depthOf(ctx)+depth >= limit && fn {
			return nil, trip(ctx, hc.Stderr, nestError(args[0], limit))
		}
		if err := procLimitError(); err != nil { // proclimit.go
			return nil, trip(ctx, hc.Stderr, err)
		}
		if fn {
			noteCall(hc)
		}
		setLastArg(hc, args)
		if fn || interp.IsBuiltin(args[0]) {
			// Builtins and functions' own builtins read a `< file`
			// redirection through its pipe (see redirect.go).
			pumpStdin(hc.Stdin)
		}
		if fn {
			// A function overrides a builtin of its name (echo, cd,
			// printf...), as in bash: memsh's versions of them are
			// not asked.
			return args, nil
		}
		return c.builtin(ctx, hc, rs, args)
	}
}

// cheapStatus is statusArgs for a builtin the call handler ran itself,
// through mvdan/sh's own true and false when it can: the internal command
// goes through the exec handlers, which costs a plain echo a third more.
func cheapStatus(status int) []string {
	switch status {
	case 0:
		return []string{"builtin", "true"}
	case 1:
		return []string{"builtin", "false"}
	}
	return statusArgs(status)
}

func statusArgs(status int) []string {
	return []string{internalPrefix + "status", strconv.Itoa(status)}
}

// runBuiltin is builtin (writeerr.go) without the check of its output.
func (c *core) runBuiltin(ctx context.Context, hc interp.HandlerContext, rs *runnerState, args []string) ([]string, error) {
	out, done := c.builtinFidelity(hc, args) // builtinmsgs.go
	if done {
		return out, nil
	}
	args = out
	switch args[0] {
	case "builtin":
		if len(args) > 1 && interp.IsBuiltin(args[1]) {
			out, err := c.builtin(ctx, hc, rs, args[1:])
			if err != nil || out[0] == internalPrefix+"status" {
				return out, err
			}
			return append([]string{"builtin"}, out...), nil
		}
	case "command":
		return c.commandBuiltin(ctx, hc, rs, args)
	case "type":
		return statusArgs(c.typeBuiltin(hc, rs, args)), nil
	case "hash":
		return statusArgs(c.hashBuiltin(hc, args)), nil
	case "source", ".":
		return c.sourceBuiltin(ctx, hc, args)
	case "eval":
		if c.stackTooDeep() {
			return nil, trip(ctx, hc.Stderr, &limitError{msg: fmt.Sprintf(c.msgPrefix(hc)+"eval: maximum nesting level exceeded (%d)\n", c.maxDepth), status: 1})
		}
		if len(args) > 1 {
			joined := strings.Join(args[1:], " ")
			src := toggleCaseOps(joined) // ${v~} (toggle.go)
			_, err := newParser().Parse(strings.NewReader(src), "")
			if err != nil {
				if fixed := fixArithErrors(src, err); fixed != src { // arithsyntax.go
					src = fixed
					_, err = newParser().Parse(strings.NewReader(src), "")
				}
			}
			if err != nil {
				printParseErrorAt(hc.Stderr, err, "bash: eval", src, c.opts.Script)
				return statusArgs(2), nil
			}
			if src != joined || needsRewrite(src) {
				return []string{"eval", c.rewriteSourceAt(src, "eval", hc.Pos.Line())}, nil
			}
		}
	case "pwd":
		return statusArgs(c.pwdBuiltin(hc, args)), nil
	case "cd":
		return c.cdBuiltin(hc, args)
	case "alias":
		return c.aliasBuiltin(hc, rs, args)
	case "unalias":
		return c.unaliasBuiltin(hc, rs, args)
	case "history":
		return statusArgs(c.historyBuiltin(hc, args)), nil
	case "echo":
		if call := echoEscapes(args); call != nil {
			return echoResult(hc, c.echoOptions(hc, call)), nil
		}
		return echoResult(hc, c.echoPlain(hc, args[1:])), nil
	case "umask":
		return c.umaskBuiltin(hc, args), nil
	case "getopts":
		return c.getoptsBuiltin(hc, args), nil
	case "caller":
		return c.callerBuiltin(hc, args), nil
	case "kill":
		return c.killBuiltin(hc, args), nil
	case "jobs":
		return c.jobsBuiltin(hc, args), nil
	case "fg", "bg", "suspend", "disown":
		return c.noJobControl(hc, args), nil
	case "wait":
		return c.waitBuiltin(ctx, hc, args), nil // jobs.go
	case "ulimit":
		return statusArgs(c.ulimitBuiltin(hc, args)), nil
	case "test", "[":
		if bad, ok := badInteger(args); ok {
			fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"%s: %s: integer expression expected\n", args[0], bad)
			return statusArgs(2), nil
		}
		return c.testOwner(hc, args), nil
	case "printf":
		return c.printfArgs(ctx, hc, args), nil
	case "read":
		return c.readArgs(ctx, hc, args), nil
	case "mapfile", "readarray":
		return c.mapfileArgs(ctx, hc, args), nil // read.go
	case "unset":
		return c.unsetArrays(hc, args), nil // arrays.go
	case arithCmd:
		return c.arithBuiltin(hc, args), nil // arith_eval.go
	case ifsCmd:
		return c.ifsBuiltin(ctx, hc, args), nil // ifs.go
	case fdCmd:
		return c.takeBuiltin(hc, args), nil
	case internalPrefix + "jobnew":
		forkFds(hc) // a background job keeps the fds it started with (fds.go)
	case internalPrefix + "pe", internalPrefix + "let", internalPrefix + "declare_p", internalPrefix + "rocheck", internalPrefix + "unexport", negIdxCmd, failglobCmd:
		return c.expandBuiltin(ctx, hc, args), nil // rewrite_expand.go
	case appendCmd:
		return appendArray(ctx, hc, args)
	case setElemCmd:
		return setElem(ctx, hc, args)
	case "set":
		if len(args) == 1 {
			printSet(hc)
			c.declareFuncs(hc, nil) // then the functions, as bash's set
			return statusArgs(0), nil
		}
	}
	return args, nil
}

// isFunc reports whether name is a function of the runner making the
// call. The runner is the one running on this goroutine, so reading its
// function table races with nothing.
func isFunc(hc interp.HandlerContext, name string) bool {
	if r := callingRunner(hc); r != nil {
		return r.Funcs[name] != nil // read through the field's offset: every command asks
	}
	rv := reflect.ValueOf(hc).FieldByName("runner")
	if !rv.IsValid() || rv.IsNil() {
		return false
	}
	funcs := rv.Elem().FieldByName("Funcs")
	if !funcs.IsValid() || funcs.IsNil() {
		return false
	}
	v := funcs.MapIndex(reflect.ValueOf(name))
	return v.IsValid() && !v.IsNil()
}

// kindOf says what a name would run, in bash's order.
func (c *core) kindOf(hc interp.HandlerContext, rs *runnerState, name string, skipFuncs bool) (kind, detail string) {
	if v, ok := rs.alias(name); ok && rs.interactive {
		return "alias", v
	}
	if syntax.IsKeyword(name) {
		return "keyword", ""
	}
	if !skipFuncs && isFunc(hc, name) {
		return "function", ""
	}
	if isEnabledBuiltin(hc, name) { // enable.go
		return "builtin", ""
	}
	if p := c.commandPath(hc, name); p != "" {
		return "file", p
	}
	return "", ""
}

// commandPath is the file a name runs, as `type` and `command -v` show
// it: a path name as given when it is executable, else the $PATH match;
// a registry command always has one (its /usr/bin entry).
func (c *core) commandPath(hc interp.HandlerContext, name string) string {
	if strings.Contains(name, "/") {
		info, err := c.fs.Stat(absPath(hc.Dir, name))
		if err == nil && !info.IsDir() && canAccess(info, interp.AccessExec) {
			return name
		}
		return ""
	}
	pathVar := defaultPath
	if v := hc.Env.Get("PATH"); v.IsSet() {
		pathVar = v.String()
	}
	if full, _ := c.lookPathIn(pathVar, hc.Dir, name); full != "" {
		return full
	}
	if _, ok := c.cmds[name]; ok {
		return "/usr/bin/" + name
	}
	return ""
}

func (c *core) typeBuiltin(hc interp.HandlerContext, rs *runnerState, args []string) int {
	flags, i, bad := builtinOpts(args, "afpPt")
	if bad != 0 {
		fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"type: -%c: invalid option\ntype: usage: type [-afptP] name [name ...]\n", bad)
		return 2
	}
	all, noFuncs, pathOnly := strings.ContainsRune(flags, 'a'), strings.ContainsRune(flags, 'f'), strings.ContainsRune(flags, 'p')
	forcePath, terse := strings.ContainsRune(flags, 'P'), strings.ContainsRune(flags, 't')
	status := 0
	for _, name := range args[i:] {
		if forcePath || pathOnly {
			kind, _ := c.kindOf(hc, rs, name, noFuncs)
			if pathOnly && !forcePath && kind != "file" && kind != "" {
				continue
			}
			if paths := c.allPaths(hc, name); all && len(paths) > 0 {
				fmt.Fprintln(hc.Stdout, strings.Join(paths, "\n"))
			} else if p := c.commandPath(hc, name); p != "" {
				fmt.Fprintln(hc.Stdout, p)
			} else {
				status = 1
			}
			continue
		}
		found := false
		report := func(kind, detail string) {
			found = true
			if terse {
				fmt.Fprintln(hc.Stdout, kind)
				return
			}
			switch kind {
			case "alias":
				fmt.Fprintf(hc.Stdout, "%s is aliased to `%s'\n", name, detail)
			case "keyword":
				fmt.Fprintf(hc.Stdout, "%s is a shell keyword\n", name)
			case "function":
				fmt.Fprintf(hc.Stdout, "%s is a function\n", name)
				c.printFunc(hc, name) // funcprint.go
			case "builtin":
				fmt.Fprintf(hc.Stdout, "%s is a shell builtin\n", name)
			case "file":
				fmt.Fprintf(hc.Stdout, "%s is %s\n", name, detail)
			}
		}
		if all {
			if v, ok := rs.alias(name); ok && rs.interactive {
				report("alias", v)
			}
			if syntax.IsKeyword(name) {
				report("keyword", "")
			}
			if !noFuncs && isFunc(hc, name) {
				report("function", "")
			}
			if isEnabledBuiltin(hc, name) {
				report("builtin", "")
			}
			for _, p := range c.allPaths(hc, name) {
				report("file", p)
			}
		} else if kind, detail := c.kindOf(hc, rs, name, noFuncs); kind != "" {
			report(kind, detail)
		}
		if !found {
			status = 1
			if !terse {
				fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"type: %s: not found\n", name)
			}
		}
	}
	return status
}

// allPaths lists every $PATH match of name (type -a).
func (c *core) allPaths(hc interp.HandlerContext, name string) []string {
	if strings.Contains(name, "/") {
		if p := c.commandPath(hc, name); p != "" {
			return []string{p}
		}
		return nil
	}
	pathVar := defaultPath
	if v := hc.Env.Get("PATH"); v.IsSet() {
		pathVar = v.String()
	}
	var out []string
	for _, d := range strings.Split(pathVar, ":") {
		if full, _ := c.lookPathIn(d, hc.Dir, name); full != "" && !slices.Contains(out, full) {
			out = append(out, full)
		}
	}
	if len(out) == 0 {
		if _, ok := c.cmds[name]; ok {
			out = append(out, "/usr/bin/"+name)
		}
	}
	return out
}

// standardPath is confstr's _CS_PATH on Linux, where `command -p` looks.
const standardPath = "/bin:/usr/bin"

func (c *core) commandBuiltin(ctx context.Context, hc interp.HandlerContext, rs *runnerState, args []string) ([]string, error) {
	flags, i, bad := builtinOpts(args, "pVv")
	if bad != 0 {
		fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"command: -%c: invalid option\ncommand: usage: command [-pVv] command [arg ...]\n", bad)
		return statusArgs(2), nil
	}
	show, verbose := strings.ContainsRune(flags, 'v'), strings.ContainsRune(flags, 'V')
	rest := args[i:]
	if len(rest) == 0 {
		return statusArgs(0), nil
	}
	if !show && !verbose {
		// Running a builtin through `command` must not reach mvdan/sh's
		// own versions of the ones memsh replaces.
		if interp.IsBuiltin(rest[0]) {
			out, err := c.builtin(ctx, hc, rs, rest)
			if err != nil || out[0] == internalPrefix+"status" {
				return out, err
			}
			return append([]string{"command"}, out...), nil
		}
		return append([]string{"command"}, rest...), nil
	}
	status := 0
	for _, name := range rest {
		kind, detail := c.kindOf(hc, rs, name, false)
		if strings.ContainsRune(flags, 'p') && kind == "file" && !strings.Contains(name, "/") {
			// -p: bash looks in the standard path (getconf PATH).
			if full, _ := c.lookPathIn(standardPath, hc.Dir, name); full != "" {
				detail = full
			}
		}
		if kind == "" {
			status = 1
			if verbose {
				fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"command: %s: not found\n", name)
			}
			continue
		}
		if verbose {
			switch kind {
			case "alias":
				fmt.Fprintf(hc.Stdout, "%s is aliased to `%s'\n", name, detail)
			case "keyword":
				fmt.Fprintf(hc.Stdout, "%s is a shell keyword\n", name)
			case "function":
				fmt.Fprintf(hc.Stdout, "%s is a function\n", name)
				c.printFunc(hc, name) // funcprint.go
			case "builtin":
				fmt.Fprintf(hc.Stdout, "%s is a shell builtin\n", name)
			case "file":
				fmt.Fprintf(hc.Stdout, "%s is %s\n", name, detail)
			}
			continue
		}
		switch kind {
		case "alias":
			fmt.Fprintf(hc.Stdout, "alias %s=%s\n", name, shellQuote(detail))
		case "file":
			fmt.Fprintln(hc.Stdout, detail)
		default:
			fmt.Fprintln(hc.Stdout, name)
		}
	}
	return statusArgs(status), nil
}

func (c *core) sourceBuiltin(ctx context.Context, hc interp.HandlerContext, args []string) ([]string, error) {
	if len(args) < 2 {
		fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"%s: filename argument required\n%s: usage: %s filename [arguments]\n", args[0], args[0], args[0])
		return statusArgs(2), nil
	}
	if c.stackTooDeep() {
		return nil, trip(ctx, hc.Stderr, &limitError{msg: fmt.Sprintf(c.msgPrefix(hc)+"%s: maximum nesting level exceeded (%d)\n", args[1], c.maxDepth), status: 1})
	}
	name := args[1]
	var full string
	if strings.Contains(name, "/") {
		full = absPath(hc.Dir, name)
	} else {
		// bash searches $PATH (readable files, no x bit needed), then
		// the working directory.
		pathVar := defaultPath
		if v := hc.Env.Get("PATH"); v.IsSet() {
			pathVar = v.String()
		}
		for _, d := range append(strings.Split(pathVar, ":"), ".") {
			if d == "" {
				d = "."
			}
			cand := absPath(hc.Dir, d+"/"+name)
			if info, err := c.fs.Stat(cand); err == nil && !info.IsDir() {
				full = cand
				break
			}
		}
	}
	if full == "" {
		fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"%s: No such file or directory\n", name)
		return statusArgs(1), nil
	}
	info, err := c.fs.Stat(full)
	if err != nil {
		fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"%s: %s\n", name, command.Strerror(err))
		return statusArgs(1), nil
	}
	if info.IsDir() {
		fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"%s: %s: is a directory\n", args[0], name)
		return statusArgs(1), nil
	}
	out := slices.Clone(args)
	out[1] = sourceMark + path.Clean(full) + "\x00" + name
	return out, nil
}

func (c *core) pwdBuiltin(hc interp.HandlerContext, args []string) int {
	physical := false
	for _, a := range args[1:] {
		switch a {
		case "-L":
			physical = false
		case "-P":
			physical = true
		case "--":
		default:
			if strings.HasPrefix(a, "-") && a != "-" {
				fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"pwd: %s: invalid option\npwd: usage: pwd [-LP]\n", a[:2])
				return 2
			}
		}
	}
	dir := hc.Dir
	if physical {
		real, err := c.fs.Realpath(dir)
		if err != nil {
			fmt.Fprintf(hc.Stderr, "pwd: error retrieving current directory: %s\n", command.Strerror(err))
			return 1
		}
		dir = real
	}
	fmt.Fprintln(hc.Stdout, dir)
	return 0
}

func (c *core) cdBuiltin(hc interp.HandlerContext, args []string) ([]string, error) {
	rest := args[1:]
	physical := false
	for len(rest) > 0 && strings.HasPrefix(rest[0], "-") && rest[0] != "-" {
		if rest[0] == "--" {
			rest = rest[1:]
			break
		}
		for _, f := range rest[0][1:] {
			switch f {
			case 'L':
				physical = false
			case 'P':
				physical = true
			case 'e': // -@ (extended attributes) is not on Linux
			default:
				fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"cd: -%c: invalid option\ncd: usage: cd [-L|[-P [-e]] [-@]] [dir]\n", f)
				return statusArgs(2), nil
			}
		}
		rest = rest[1:]
	}
	var target string
	switch len(rest) {
	case 0:
		v := hc.Env.Get("HOME")
		if !v.IsSet() {
			fmt.Fprintln(hc.Stderr, c.msgPrefix(hc)+"cd: HOME not set")
			return statusArgs(1), nil
		}
		target = v.String()
		if target == "" {
			return statusArgs(0), nil
		}
	case 1:
		target = rest[0]
		if target == "-" {
			v := hc.Env.Get("OLDPWD")
			if !v.IsSet() {
				fmt.Fprintln(hc.Stderr, c.msgPrefix(hc)+"cd: OLDPWD not set")
				return statusArgs(1), nil
			}
			target = v.String()
			if target == "" {
				fmt.Fprintln(hc.Stdout) // bash prints the empty OLDPWD and stays
				return statusArgs(0), nil
			}
		}
	default:
		fmt.Fprintln(hc.Stderr, c.msgPrefix(hc)+"cd: too many arguments")
		return statusArgs(1), nil
	}
	if target == "" {
		return statusArgs(0), nil
	}
	abs := path.Clean(absPath(hc.Dir, target))
	printDir := len(rest) == 1 && rest[0] == "-"
	// CDPATH: a relative name not starting with . or .. is looked for
	// in each of its directories first; bash prints where it went when
	// the entry that matched is not empty.
	if cdpath := hc.Env.Get("CDPATH").String(); cdpath != "" && !path.IsAbs(target) &&
		target != "." && target != ".." && !strings.HasPrefix(target, "./") && !strings.HasPrefix(target, "../") {
		for _, d := range strings.Split(cdpath, ":") {
			cand := path.Clean(absPath(hc.Dir, path.Join(d, target)))
			if d == "" {
				cand = path.Clean(absPath(hc.Dir, target))
			}
			if fi, err := c.fs.Stat(cand); err == nil && fi.IsDir() && canAccess(fi, interp.AccessExec) {
				abs, printDir = cand, printDir || d != ""
				break
			}
		}
	}
	info, err := c.fs.Stat(abs)
	if err == nil && !info.IsDir() {
		err = errNotDir
	}
	if err == nil && !canAccess(info, interp.AccessExec) {
		err = errDenied
	}
	if err != nil {
		fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"cd: %s: %s\n", target, command.Strerror(err))
		return statusArgs(1), nil
	}
	if physical {
		if real, err := c.fs.Realpath(abs); err == nil {
			abs = real
		}
	}
	if printDir {
		fmt.Fprintln(hc.Stdout, abs)
	}
	syncDirStack(hc, abs, dirStack(hc)) // $DIRSTACK (dirstack.go)
	return []string{"cd", abs}, nil
}

func (rs *runnerState) alias(name string) (string, bool) {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	v, ok := rs.aliases[name]
	return v, ok
}

func (rs *runnerState) aliasNames() []string {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	names := make([]string, 0, len(rs.aliases))
	for n := range rs.aliases {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (c *core) aliasBuiltin(hc interp.HandlerContext, rs *runnerState, args []string) ([]string, error) {
	_, i, bad := builtinOpts(args, "p")
	if bad != 0 {
		fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"alias: -%c: invalid option\nalias: usage: alias [-p] [name[=value] ... ]\n", bad)
		return statusArgs(2), nil
	}
	rest := args[i:]
	if len(rest) == 0 || slices.Contains(args[1:i], "-p") {
		// No names, or -p: every alias (then the names given).
		for _, n := range rs.aliasNames() {
			v, _ := rs.alias(n)
			fmt.Fprintf(hc.Stdout, "alias %s=%s\n", n, shellQuote(v))
		}
		if len(rest) == 0 {
			return statusArgs(0), nil
		}
	}
	status := 0
	defs := []string{"alias"}
	for _, a := range rest {
		name, value, ok := strings.Cut(a, "=")
		if !ok {
			if v, found := rs.alias(name); found {
				fmt.Fprintf(hc.Stdout, "alias %s=%s\n", name, shellQuote(v))
			} else {
				fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"alias: %s: not found\n", name)
				status = 1
			}
			continue
		}
		if needsRewrite(value) {
			value = strings.TrimSuffix(c.rewriteSource(value, "alias"), "\n")
		}
		rs.mu.Lock()
		if rs.aliases == nil {
			rs.aliases = make(map[string]string)
		}
		rs.aliases[name] = value
		rs.mu.Unlock()
		defs = append(defs, name+"="+value)
	}
	if len(defs) == 1 || status != 0 {
		if len(defs) > 1 {
			// Define what can be defined; the status reports the misses.
			return defs, nil
		}
		return statusArgs(status), nil
	}
	return defs, nil
}

func (c *core) unaliasBuiltin(hc interp.HandlerContext, rs *runnerState, args []string) ([]string, error) {
	rest := args[1:]
	if len(rest) == 0 {
		fmt.Fprintln(hc.Stderr, "unalias: usage: unalias [-a] name [name ...]")
		return statusArgs(2), nil
	}
	if rest[0] == "-a" {
		names := rs.aliasNames()
		rs.mu.Lock()
		rs.aliases = nil
		rs.mu.Unlock()
		if len(names) == 0 {
			return statusArgs(0), nil
		}
		return append([]string{"unalias"}, names...), nil
	}
	status := 0
	out := []string{"unalias"}
	rs.mu.Lock()
	for _, n := range rest {
		if _, ok := rs.aliases[n]; !ok {
			fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"unalias: %s: not found\n", n)
			status = 1
			continue
		}
		delete(rs.aliases, n)
		out = append(out, n)
	}
	rs.mu.Unlock()
	if status != 0 || len(out) == 1 {
		return statusArgs(status), nil
	}
	return out, nil
}

// testOwner answers test's -O and -G (owned by the sandbox user or
// group) from memfs; mvdan/sh would ask the host's user database.
func (c *core) testOwner(hc interp.HandlerContext, args []string) []string {
	end := len(args)
	if args[0] == "[" && end > 1 && args[end-1] == "]" {
		end--
	}
	var out []string
	for i := 2; i < end-1; i++ {
		// f -ef g: mvdan/sh asks os.SameFile, which knows only host files.
		if args[i] != "-ef" || !unaryPosition(args, i-1) {
			continue
		}
		if out == nil {
			out = slices.Clone(args)
		}
		out[i-1], out[i], out[i+1] = "x", "=", "y"
		if c.sameFile(absPath(hc.Dir, args[i-1]), absPath(hc.Dir, args[i+1])) {
			out[i+1] = "x"
		}
	}
	for i := 1; i < end-1; i++ {
		if (args[i] != "-O" && args[i] != "-G") || !unaryPosition(args, i) {
			continue
		}
		if out == nil {
			out = slices.Clone(args)
		}
		if c.owns(absPath(hc.Dir, args[i+1]), args[i] == "-G") {
			out[i], out[i+1] = "-n", "1"
		} else {
			out[i], out[i+1] = "-n", ""
		}
	}
	if out == nil {
		return args
	}
	return out
}

// badInteger finds the first operand of test's integer comparisons
// (-eq -ne -lt -le -gt -ge) that is not an integer: bash then says
// "integer expression expected" and gives 2, where mvdan/sh takes the
// operand as 0. bash checks every comparison, even one -a or -o would
// skip.
func badInteger(args []string) (string, bool) {
	end := len(args)
	if args[0] == "[" && end > 1 && args[end-1] == "]" {
		end--
	}
	for i := 2; i < end-1; i++ {
		switch args[i] {
		case "-eq", "-ne", "-lt", "-le", "-gt", "-ge":
		default:
			continue
		}
		if !unaryPosition(args, i-1) {
			continue
		}
		for _, a := range []string{args[i-1], args[i+1]} {
			if !testInteger(a) {
				return a, true
			}
		}
	}
	return "", false
}

// testInteger reports whether s is a number as bash's test reads one:
// optional leading white space, a sign, decimal digits that fit in 64
// bits, optional trailing blanks.
func testInteger(s string) bool {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	s = strings.TrimRight(s, " \t")
	_, err := strconv.ParseInt(s, 10, 64)
	return err == nil && s != "" && s[0] != '_' && !strings.Contains(s, "_")
}

// sameFile reports whether two paths name one inode (test's -ef).
func (c *core) sameFile(a, b string) bool {
	fa, err := c.fs.Stat(a)
	if err != nil {
		return false
	}
	fb, err := c.fs.Stat(b)
	if err != nil {
		return false
	}
	sa, okA := fa.Sys().(*syscall.Stat_t)
	sb, okB := fb.Sys().(*syscall.Stat_t)
	return okA && okB && sa.Dev == sb.Dev && sa.Ino == sb.Ino
}

// unaryPosition reports whether args[i] is where test expects an operator
// (the first operand, or after !, (, -a, -o), not a string being compared.
func unaryPosition(args []string, i int) bool {
	if i == 1 {
		return true
	}
	switch args[i-1] {
	case "!", "(", "-a", "-o":
		return true
	}
	return false
}

// printSet prints every shell variable as bash's `set` does (mvdan/sh's
// prints nothing).
func printSet(hc interp.HandlerContext) {
	vars := map[string]expand.Variable{}
	hc.Env.Each(func(name string, vr expand.Variable) bool {
		vars[name] = vr
		return true
	})
	names := make([]string, 0, len(vars))
	for n, vr := range vars {
		if vr.IsSet() && !strings.HasPrefix(n, internalPrefix) && !strings.Contains(n, " ") {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		vr := vars[n]
		b.WriteString(n)
		b.WriteByte('=')
		switch vr.Kind {
		case expand.Indexed:
			b.WriteByte('(')
			for i, v := range vr.List {
				idx := i
				if vr.Indexes != nil {
					idx = vr.Indexes[i]
				}
				if i > 0 {
					b.WriteByte(' ')
				}
				fmt.Fprintf(&b, "[%d]=%s", idx, dquote(v))
			}
			b.WriteByte(')')
		case expand.Associative:
			keys := make([]string, 0, len(vr.Map))
			for k := range vr.Map {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			b.WriteByte('(')
			for _, k := range keys {
				fmt.Fprintf(&b, "[%s]=%s ", k, dquote(vr.Map[k]))
			}
			b.WriteByte(')')
		default:
			b.WriteString(setQuote(vr.String()))
		}
		b.WriteByte('\n')
	}
	io.WriteString(hc.Stdout, b.String())
}

// setQuote quotes a value as `set` lists it (bash's print_var_value).
func setQuote(s string) string { return command.BashQuoteIfNeeded(s, command.BashSingle) }

// dquote is declare -p's "..." (command.BashQuote).
func dquote(s string) string { return command.BashQuote(s, command.BashDouble) }

// historyBuiltin prints the prompt's history (see Session.SetHistory) in
// bash's format: `history` all of it, `history N` the last N lines.
func (c *core) historyBuiltin(hc interp.HandlerContext, args []string) int {
	var entries []string
	if h := c.history.Load(); h != nil {
		entries = *h
	}
	if len(args) > 1 && len(args[1]) > 1 && args[1][0] == '-' && args[1] != "--" {
		// Options: the prompt's history is the TUI's, so -c, -d, -a,
		// -n, -r, -w, -p and -s change nothing here.
		flags, i, bad := builtinOpts(args, "cdanrwps")
		if bad != 0 {
			fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"history: -%c: invalid option\nhistory: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]\n", bad)
			return 2
		}
		if strings.ContainsRune(flags, 'd') && i < len(args) {
			if n, err := strconv.Atoi(args[i]); err != nil || n < 1 || n > len(entries) {
				fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"history: %s: history position out of range\n", args[i])
				return 1
			}
		}
		return 0
	}
	first := 0
	switch {
	case len(args) > 2:
		fmt.Fprint(hc.Stderr, c.msgPrefix(hc)+"history: too many arguments\n")
		return 1
	case len(args) == 2:
		n, err := strconv.Atoi(args[1])
		if err != nil || n < 0 {
			fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"history: %s: numeric argument required\n", args[1])
			return 1
		}
		first = max(len(entries)-n, 0)
	}
	for i := first; i < len(entries); i++ {
		fmt.Fprintf(hc.Stdout, "%5d  %s\n", i+1, entries[i])
	}
	return 0
}

// echoEscapes runs echo with options through memsh's printf: -e as %b,
// which expands escapes as bash's echo -e does (mvdan/sh's echo takes
// \0101 as \010 then 1, and ignores \c and a later -E), except that
// echo has no \NNN without a leading 0, so those stay as written. As in
// bash, options (combined too: -ne, -nE, which mvdan/sh's echo prints as
// text) end at the first word that is not made only of n, e and E.
func echoEscapes(args []string) []string {
	escapes, newline, i := false, true, 1
	for ; i < len(args); i++ {
		a := args[i]
		if len(a) < 2 || a[0] != '-' || strings.Trim(a[1:], "neE") != "" {
			break
		}
		for _, f := range a[1:] {
			switch f {
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			case 'n':
				newline = false
			}
		}
	}
	if i == 1 {
		return nil // no options: the caller runs echoPlain
	}
	text := strings.Join(args[i:], " ")
	format := "%s"
	if escapes {
		format = "%b"
		var b strings.Builder
		for j := 0; j < len(text); j++ {
			b.WriteByte(text[j])
			if text[j] == '\\' && j+1 < len(text) {
				if d := text[j+1]; d >= '1' && d <= '9' {
					b.WriteByte('\\')
				} else {
					b.WriteByte(d)
					j++
				}
			}
		}
		text = b.String()
	}
	if newline {
		format += "\n"
	}
	return []string{internalPrefix + "printf", format, text}
}
