package shell

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Control-flow builtins as bash words and scores them: return, break,
// continue and local where they make no sense, return's default status,
// and the options (set -E, set -o listing) mvdan/sh does not know.
//
// They read the runner's unexported loop/function flags and options
// through their offsets, as callingRunner reads the runner itself.

var (
	runnerType        = reflect.TypeFor[interp.Runner]()
	inLoopField       = lazyField("inLoop", reflect.TypeFor[bool]())
	inFuncField       = lazyField("inFunc", reflect.TypeFor[bool]())
	inSourceField     = lazyField("inSource", reflect.TypeFor[bool]())
	handlingTrapField = lazyField("handlingTrap", reflect.TypeFor[bool]())
	trapErrField      = lazyField("callbackErr", reflect.TypeFor[string]())
	trapExitField     = lazyField("callbackExit", reflect.TypeFor[string]())
)

// lazyField finds a runner field's offset on first use (not in init:
// see TestInitBudget).
func lazyField(name string, want reflect.Type) func() fieldOffset {
	return sync.OnceValue(func() fieldOffset { return offsetOf(runnerType, name, want) })
}

func runnerFlag(hc interp.HandlerContext, field func() fieldOffset) bool {
	r := callingRunner(hc)
	f := field()
	if r == nil || !f.ok {
		return false
	}
	return *(*bool)(unsafe.Add(unsafe.Pointer(r), f.off))
}

// mvdanOpts are the set -o options mvdan/sh keeps, in the order of its
// options array.
var mvdanOpts = []string{"allexport", "errexit", "noexec", "noglob", "nounset", "xtrace", "pipefail"}

// mvdanOpt reports whether mvdan/sh's option name is on.
func mvdanOpt(hc interp.HandlerContext, name string) bool {
	for i, n := range mvdanOpts {
		if n == name {
			on, _ := runnerOpt(hc, i) // paramexp.go
			return on
		}
	}
	return false
}

func setRunnerString(hc interp.HandlerContext, field func() fieldOffset, s string) bool {
	r := callingRunner(hc)
	f := field()
	if r == nil || !f.ok {
		return false
	}
	*(*string)(unsafe.Add(unsafe.Pointer(r), f.off)) = s
	return true
}

// bashSetOpts are bash's set -o options in its listing order, with
// their default in a non-interactive shell; the single-letter flags
// name those set takes as letters.
var bashSetOpts = []struct {
	name string
	on   bool
	flag byte
}{
	{"allexport", false, 'a'}, {"braceexpand", true, 'B'}, {"emacs", false, 0}, {"errexit", false, 'e'},
	{"errtrace", false, 'E'}, {"functrace", false, 'T'}, {"hashall", true, 'h'}, {"histexpand", false, 'H'},
	{"history", false, 0}, {"ignoreeof", false, 0}, {"interactive-comments", true, 0}, {"keyword", false, 'k'},
	{"monitor", false, 'm'}, {"noclobber", false, 'C'}, {"noexec", false, 'n'}, {"noglob", false, 'f'},
	{"nolog", false, 0}, {"notify", false, 'b'}, {"nounset", false, 'u'}, {"onecmd", false, 't'},
	{"physical", false, 'P'}, {"pipefail", false, 0}, {"posix", false, 0}, {"privileged", false, 'p'},
	{"verbose", false, 'v'}, {"vi", false, 0}, {"xtrace", false, 'x'},
}

// optVar holds the state of a bash option mvdan/sh does not keep.
func optVar(name string) string { return internalPrefix + "opt_" + strings.ReplaceAll(name, "-", "_") }

func isMvdanOpt(name string) bool {
	for _, n := range mvdanOpts {
		if n == name {
			return true
		}
	}
	return false
}

// setOptState is the state of any of bash's set -o options.
func setOptState(hc interp.HandlerContext, name string) bool {
	if isMvdanOpt(name) {
		return mvdanOpt(hc, name)
	}
	for _, o := range bashSetOpts {
		if o.name == name {
			if v := hc.Env.Get(optVar(name)); v.IsSet() {
				return v.String() == "on"
			}
			return o.on
		}
	}
	return false
}

// setBuiltin passes set's options mvdan/sh knows on to it and keeps the
// others bash accepts (-E, -h, -B, -o errtrace, ...) itself; `set -o`
// and `set +o` list all of bash's options in its format.
func (c *core) setBuiltin(hc interp.HandlerContext, args []string) ([]string, bool) {
	out := []string{"set"}
	var keep []string // bash-only options turned on or off
	for i := 1; i < len(args); i++ {
		a := args[i]
		if a == "--" || a == "-" || len(a) < 2 || a[0] != '-' && a[0] != '+' {
			out = append(out, args[i:]...)
			break
		}
		on := a[0] == '-'
		cluster := a[:1]
		for j := 1; j < len(a); j++ {
			f := a[j]
			if f == 'o' {
				if i+1 >= len(args) {
					c.listSetOpts(hc, on)
					continue
				}
				i++
				name := args[i]
				if isMvdanOpt(name) {
					out = append(out, a[:1]+"o", name)
					continue
				}
				known := false
				for _, o := range bashSetOpts {
					known = known || o.name == name
				}
				if !known {
					fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"set: %s: invalid option name\n", name)
					return statusArgs(2), true
				}
				keep = append(keep, a[:1]+name)
				continue
			}
			name := ""
			for _, o := range bashSetOpts {
				if o.flag == f {
					name = o.name
				}
			}
			switch {
			case name == "":
				fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"set: %c%c: invalid option\nset: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]\n", a[0], f)
				return statusArgs(2), true
			case isMvdanOpt(name):
				cluster += string(f)
			default:
				keep = append(keep, a[:1]+name)
			}
		}
		if len(cluster) > 1 {
			out = append(out, cluster)
		}
	}
	r := callingRunner(hc)
	for _, k := range keep {
		state := "off"
		if k[0] == '-' {
			state = "on"
		}
		setShellVar(r, optVar(k[1:]), expand.Variable{Set: true, Kind: expand.String, Str: state})
	}
	if len(out) == 1 && len(args) > 1 {
		return statusArgs(0), true
	}
	return out, false
}

// listSetOpts prints `set -o` (on) or `set +o` as bash does.
func (c *core) listSetOpts(hc interp.HandlerContext, on bool) {
	var b strings.Builder
	for _, o := range bashSetOpts {
		st := setOptState(hc, o.name)
		switch {
		case on:
			word := "off"
			if st {
				word = "on"
			}
			fmt.Fprintf(&b, "%-15s\t%s\n", o.name, word)
		case st:
			fmt.Fprintf(&b, "set -o %s\n", o.name)
		default:
			fmt.Fprintf(&b, "set +o %s\n", o.name)
		}
	}
	fmt.Fprint(hc.Stdout, b.String())
}

// ctlFidelity answers return, break, continue, local and exit where
// bash's answer differs from mvdan/sh's (see builtinFidelity).
func (c *core) ctlFidelity(hc interp.HandlerContext, args []string) ([]string, bool) {
	fail := func(status int, format string, a ...any) ([]string, bool) {
		fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+format, a...)
		return statusArgs(status), true
	}
	switch args[0] {
	case "return":
		if !runnerFlag(hc, inFuncField) && !runnerFlag(hc, inSourceField) {
			if funcDepth(hc.Env) == 0 {
				return fail(2, "return: can only `return' from a function or sourced script\n")
			}
			// A subshell of a function, `(return 3)`: bash leaves the
			// subshell with the status; mvdan/sh's return refuses.
			switch {
			case len(args) == 1:
				return []string{"exit", strconv.Itoa(hc.LastExitStatus)}, false
			case !isInteger(args[1]) || !fitsInt64(args[1]):
				fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"return: %s: numeric argument required\n", args[1])
				return []string{"exit", "2"}, false
			case len(args) > 2:
				fmt.Fprint(hc.Stderr, c.ctlPrefix(hc)+"return: too many arguments\n")
				return []string{"exit", "1"}, false
			}
			n, _ := strconv.ParseInt(strings.TrimSpace(args[1]), 10, 64)
			return []string{"exit", strconv.Itoa(int(uint8(n)))}, false
		}
		switch {
		case len(args) == 1:
			// bash returns $?; mvdan/sh returned 0.
			return []string{"return", strconv.Itoa(hc.LastExitStatus)}, false
		case !isInteger(args[1]) || !fitsInt64(args[1]):
			fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"return: %s: numeric argument required\n", args[1])
			return []string{"return", "2"}, false
		case len(args) > 2:
			// bash's return with too many arguments ends the shell.
			fmt.Fprint(hc.Stderr, c.ctlPrefix(hc)+"return: too many arguments\n")
			return []string{"exit", "1"}, false
		}
		n, _ := strconv.ParseInt(strings.TrimSpace(args[1]), 10, 64)
		return []string{"return", strconv.Itoa(int(uint8(n)))}, false
	case "break", "continue":
		return c.loopControl(hc, args, 0) // loopdepth.go
	case "exit":
		if runnerFlag(hc, handlingTrapField) {
			noteTrapExit(hc, args)
		}
		if len(args) > 2 && isInteger(args[1]) {
			// bash complains and exits all the same, with 1.
			fmt.Fprint(hc.Stderr, c.ctlPrefix(hc)+"exit: too many arguments\n")
			fileStageExit(hc, 1) // pipestatus.go
			return []string{"exit", "1"}, false
		}
		switch {
		case len(args) == 1:
			fileStageExit(hc, int(uint8(hc.LastExitStatus)))
		case isInteger(args[1]):
			n, _ := strconv.ParseInt(strings.TrimSpace(args[1]), 10, 64)
			fileStageExit(hc, int(uint8(n)))
		}
	case "set":
		return c.setBuiltin(hc, args)
	case "exec":
		return c.execFidelity(hc, args)
	case "builtin":
		if len(args) > 1 && !slices.Contains(builtinNames, args[1]) {
			return fail(1, "builtin: %s: not a shell builtin\n", args[1])
		}
	case cmdSubstErrexitCmd:
		return cmdSubstErrexit(hc), true
	case loopsCmd:
		return c.loopCount(hc, args) // loopdepth.go
	case declListCmd:
		return c.declList(hc, args), true // declist.go
	case noLoopCmd:
		if len(args) > 1 {
			return fail(0, "%s: only meaningful in a `for', `while', or `until' loop\n", args[1])
		}
	case rtEnterCmd, rtRetCmd:
		out, done := returnTrapCall(hc, args) // returntrap.go
		if out[0] == "return" {
			if checked, d := c.ctlFidelity(hc, out); checked != nil {
				return checked, d // return's own messages
			}
		}
		return out, done
	case requoteCmd:
		return requote(hc, args), true // regexquote.go
	case xtestCmd:
		return traceTestCall(hc, args), true
	case xtraceDepthVar:
		return bumpXdepth(hc, args), true
	case "eval":
		if out := traceEval(hc, args); out != nil { // xtrace.go
			return out, false
		}
	case errTrapCmd:
		return statusArgs(c.errTrapStatus(hc)), true
	case localUnsetCmd:
		// local x (no value) in a function: x starts unset, as in bash;
		// mvdan/sh's keeps the caller's value. Outside a function the
		// local before it failed, and its status stands.
		if !runnerFlag(hc, inFuncField) {
			return statusArgs(hc.LastExitStatus), true
		}
		if hc.LastExitStatus != 0 {
			return statusArgs(hc.LastExitStatus), true
		}
		r := callingRunner(hc)
		for _, name := range args[1:] {
			if vr := hc.Env.Get(name); vr.Local && !vr.ReadOnly {
				setShellVar(r, name, expand.Variable{Local: true})
			}
		}
		return statusArgs(0), true
	}
	return nil, false
}

// ctlPrefix is msgPrefix as bash -c words it in a function body:
// "environment: line N: ".
func (c *core) ctlPrefix(hc interp.HandlerContext) string { return c.msgPrefix(hc) }

// execFidelity takes exec's options (-c and -l change nothing here, -a
// NAME is dropped) and words a command it cannot find as bash does,
// ending the shell with 127.
func (c *core) execFidelity(hc interp.HandlerContext, args []string) ([]string, bool) {
	i := 1
	for i < len(args) && len(args[i]) > 1 && args[i][0] == '-' {
		a := args[i]
		i++
		if a == "--" {
			break
		}
		for j := 1; j < len(a); j++ {
			switch a[j] {
			case 'c', 'l':
			case 'a':
				i++ // the name for $0; memsh's commands take theirs
				if i > len(args) {
					fmt.Fprint(hc.Stderr, c.ctlPrefix(hc)+"exec: -a: option requires an argument\nexec: usage: exec [-cl] [-a name] [command [argument ...]] [redirection ...]\n")
					return statusArgs(2), true
				}
				j = len(a)
			default:
				fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"exec: -%c: invalid option\nexec: usage: exec [-cl] [-a name] [command [argument ...]] [redirection ...]\n", a[j])
				return statusArgs(2), true
			}
		}
	}
	if i >= len(args) {
		if len(args) > 1 {
			return []string{"exec"}, false
		}
		return nil, false
	}
	name := args[i]
	if !strings.Contains(name, "/") && !slices.Contains(builtinNames, name) && c.commandPath(hc, name) == "" {
		fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"exec: %s: not found\n", name)
		return []string{"exit", "127"}, false
	}
	// The shell becomes the command: bash's EXIT trap never runs.
	setRunnerString(hc, trapExitField, "")
	if i == 1 {
		return nil, false
	}
	return append([]string{"exec"}, args[i:]...), false
}

// fitsInt64 reports whether bash reads s as a number (it refuses one
// past 64 bits).
func fitsInt64(s string) bool {
	_, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	return err == nil
}

func isInteger(s string) bool {
	s = strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(s), "-"), "+")
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// localUnsetCmd follows a `local x` (a name without a value) to make x
// unset in the function's scope.
const localUnsetCmd = internalPrefix + "localunset"

// localUnsetRewrite turns each `local a b=1 c` in root into
// `{ local a b=1 c; __memsh_localunset a c; }`; declare and typeset
// without -g get the same, as they are local in a function.
func localUnsetRewrite(root syntax.Node, src string) {
	if !srcHas(src, "local") && !srcHas(src, "declare") && !srcHas(src, "typeset") {
		return
	}
	syntax.Walk(root, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		return !ok || !localUnset(st)
	})
}

func localUnset(st *syntax.Stmt) bool {
	dc, ok := st.Cmd.(*syntax.DeclClause)
	if !ok || dc.Variant == nil {
		return false
	}
	if dc.Variant.Value == "typeset" {
		dc.Variant.Value = "declare" // bash's synonym; mvdan/sh's is never local
	}
	switch dc.Variant.Value {
	case "local", "declare", "typeset":
	default:
		return false
	}
	var names []*syntax.Word
	for _, a := range dc.Args {
		switch {
		case a.Naked && a.Name != nil && a.Value == nil && a.Array == nil && a.Index == nil:
			names = append(names, litWord(a.Name.Value))
		case a.Naked && a.Value != nil:
			// An option (-g, -n, -r, ...) other than -a keeps mvdan/sh's
			// handling for the whole statement.
			if lit := a.Value.Lit(); lit != "-a" && lit != "--" {
				return false
			}
		case a.Naked:
			return false
		}
	}
	if len(names) == 0 {
		return false
	}
	decl := &syntax.Stmt{Position: st.Position, Cmd: dc}
	unset := &syntax.Stmt{Position: st.Position, Cmd: &syntax.CallExpr{Args: append([]*syntax.Word{litWord(localUnsetCmd)}, names...)}}
	st.Cmd = &syntax.Block{Lbrace: st.Pos(), Rbrace: st.End(), Stmts: []*syntax.Stmt{decl, unset}}
	return true
}

// negationRewrite makes `! cmd` run cmd with set -e off, as bash does
// (mvdan/sh stops the shell at a failure inside a function that `!`
// negates): in code that can turn set -e on, `! cmd` becomes
// `! if cmd; then __memsh_status 0; else ! __memsh_status 0; fi`, whose
// condition is exempt from set -e and whose negations are too.
func negationRewrite(root syntax.Node, src string) {
	if !srcHas(src, "!") || !errexitSrc.match(errexitMention(), src) {
		return
	}
	syntax.Walk(root, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok || !st.Negated || st.Cmd == nil || st.Background || st.Coprocess {
			return true
		}
		if isStatus(st) {
			return true
		}
		if ic, ok := st.Cmd.(*syntax.IfClause); ok && len(ic.Then) == 1 && isStatus(ic.Then[0]) {
			return true
		}
		cond := &syntax.Stmt{Position: st.Position, Cmd: st.Cmd}
		ok0 := &syntax.Stmt{Position: st.Position, Cmd: &syntax.CallExpr{Args: statusWords(0)}}
		fail := &syntax.Stmt{Position: st.Position, Negated: true, Cmd: &syntax.CallExpr{Args: statusWords(0)}}
		st.Cmd = &syntax.IfClause{Position: st.Position, Cond: []*syntax.Stmt{cond}, Then: []*syntax.Stmt{ok0},
			Else: &syntax.IfClause{Position: st.Position, Then: []*syntax.Stmt{fail}}}
		return true
	})
}

func isStatus(st *syntax.Stmt) bool {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	return ok && len(ce.Args) > 0 && ce.Args[0].Lit() == internalPrefix+"status"
}

// noLoopCmd stands for a break or continue written in a function body
// outside any loop of that function: bash's loops do not reach into the
// functions they call, so it only complains; mvdan/sh's left the
// caller's loop.
const noLoopCmd = internalPrefix + "noloop"

// noLoopRewrite finds such breaks and continues in root.
func noLoopRewrite(root syntax.Node, src string) {
	if !srcHas(src, "break") && !srcHas(src, "continue") {
		return
	}
	var visit func(top syntax.Node, inLoop, inFunc bool)
	visit = func(top syntax.Node, inLoop, inFunc bool) {
		syntax.Walk(top, func(n syntax.Node) bool {
			if n == top {
				return true
			}
			switch n := n.(type) {
			case *syntax.FuncDecl:
				visit(n, false, true)
				return false
			case *syntax.ForClause, *syntax.WhileClause:
				visit(n, true, inFunc)
				return false
			case *syntax.CallExpr:
				if inFunc && !inLoop && len(n.Args) > 0 {
					if name := n.Args[0].Lit(); name == "break" || name == "continue" {
						pos := n.Args[0].Pos() // for the message's line
						cmd := &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: noLoopCmd}}}
						n.Args = append([]*syntax.Word{cmd}, n.Args...)
					}
				}
			}
			return true
		})
	}
	visit(root, false, false)
}
