package shell

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"unsafe"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// shopt as bash's: all of its options listed in its format, -p, -q and
// -o, and the options that change nothing in the sandbox (checkwinsize,
// inherit_errexit, histappend, ...) accepted. mvdan/sh knows six
// options and refused the rest (so `shopt -s inherit_errexit` under
// set -e ended the script). memsh keeps the state of the others in
// internal variables; lastpipe is honoured by lastpipe.go, and
// inherit_errexit by command substitutions (cmdSubstErrexit).

// bashShopts are bash 5.2's shopt options in its listing order, with
// their defaults in bash -c.
var bashShopts = []struct {
	name string
	on   bool
}{
	{"autocd", false}, {"assoc_expand_once", false}, {"cdable_vars", false}, {"cdspell", false},
	{"checkhash", false}, {"checkjobs", false}, {"checkwinsize", true}, {"cmdhist", true},
	{"compat31", false}, {"compat32", false}, {"compat40", false}, {"compat41", false},
	{"compat42", false}, {"compat43", false}, {"compat44", false}, {"complete_fullquote", true},
	{"direxpand", false}, {"dirspell", false}, {"dotglob", false}, {"execfail", false},
	{"expand_aliases", false}, {"extdebug", false}, {"extglob", false}, {"extquote", true},
	{"failglob", false}, {"force_fignore", true}, {"globasciiranges", true}, {"globskipdots", true},
	{"globstar", false}, {"gnu_errfmt", false}, {"histappend", false}, {"histreedit", false},
	{"histverify", false}, {"hostcomplete", true}, {"huponexit", false}, {"inherit_errexit", false},
	{"interactive_comments", true}, {"lastpipe", false}, {"lithist", false}, {"localvar_inherit", false},
	{"localvar_unset", false}, {"login_shell", false}, {"mailwarn", false}, {"no_empty_cmd_completion", false},
	{"nocaseglob", false}, {"nocasematch", false}, {"noexpand_translation", false}, {"nullglob", false},
	{"patsub_replacement", true}, {"progcomp", true}, {"progcomp_alias", false}, {"promptvars", true},
	{"restricted_shell", false}, {"shift_verbose", false}, {"sourcepath", true}, {"varredir_close", false},
	{"xpg_echo", false},
}

// mvdanShopts are the shopt options mvdan/sh keeps, in the order of its
// options array after the seven set -o ones.
var mvdanShopts = []string{"dotglob", "expand_aliases", "extglob", "globstar", "nocaseglob", "nullglob"}

// refusedShopt: these change how commands behave in ways memsh does not do:
// turning them on is refused rather than silently ignored.
func refusedShopt(name string) bool {
	switch name {
	case "nocasematch", "xpg_echo", "localvar_inherit", "extdebug", "restricted_shell", "login_shell":
		return true
	}
	return false
}

func shoptVar(name string) string { return internalPrefix + "shopt_" + name }

func shoptKnown(name string) bool {
	for _, o := range bashShopts {
		if o.name == name {
			return true
		}
	}
	return false
}

func shoptState(hc interp.HandlerContext, name string) bool {
	for i, n := range mvdanShopts {
		if n == name {
			on, _ := runnerOpt(hc, len(mvdanOpts)+i)
			return on
		}
	}
	if v := hc.Env.Get(shoptVar(name)); v.IsSet() {
		return v.String() == "on"
	}
	for _, o := range bashShopts {
		if o.name == name {
			return o.on
		}
	}
	return false
}

func (c *core) shoptBuiltin(hc interp.HandlerContext, args []string) ([]string, bool) {
	flags, i, bad := builtinOpts(args, "pqsuo")
	if bad != 0 {
		fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"shopt: -%c: invalid option\nshopt: usage: shopt [-pqsu] [-o] [optname ...]\n", bad)
		return statusArgs(2), true
	}
	set, unset := strings.Contains(flags, "s"), strings.Contains(flags, "u")
	if set && unset {
		fmt.Fprint(hc.Stderr, c.ctlPrefix(hc)+"shopt: cannot set and unset shell options simultaneously\n")
		return statusArgs(1), true
	}
	names := args[i:]
	print, quiet := strings.Contains(flags, "p"), strings.Contains(flags, "q")
	if strings.Contains(flags, "o") {
		return c.shoptSetOpts(hc, names, set, unset, print, quiet)
	}
	if (set || unset) && len(names) > 0 {
		status := 0
		var pass []string
		r := callingRunner(hc)
		for _, n := range names {
			switch {
			case !shoptKnown(n):
				fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"shopt: %s: invalid shell option name\n", n)
				status = 1
			case isMvdanShopt(n):
				pass = append(pass, n)
			case set && refusedShopt(n):
				fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"shopt: %s: not supported in memsh\n", n)
				status = 1
			default:
				state := "off"
				if set {
					state = "on"
				}
				setShellVar(r, shoptVar(n), expand.Variable{Set: true, Kind: expand.String, Str: state})
			}
		}
		if len(pass) > 0 && status == 0 {
			return append([]string{"shopt", "-" + flags[strings.IndexAny(flags, "su"):][:1]}, pass...), false
		}
		if len(pass) > 0 {
			// mvdan/sh's shopt sets them; the status stays the failure's.
			for i, n := range mvdanShopts {
				if contains(pass, n) {
					setRunnerOpt(r, len(mvdanOpts)+i, set)
				}
			}
		}
		return statusArgs(status), true
	}
	// Listing or querying.
	status := 0
	var list []string
	if len(names) == 0 {
		for _, o := range bashShopts {
			on := shoptState(hc, o.name)
			if (set && !on) || (unset && on) {
				continue
			}
			list = append(list, o.name)
		}
	} else {
		for _, n := range names {
			if !shoptKnown(n) {
				fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"shopt: %s: invalid shell option name\n", n)
				status = 1
				continue
			}
			if !shoptState(hc, n) {
				status = 1
			}
			list = append(list, n)
		}
	}
	if !quiet {
		var b strings.Builder
		for _, n := range list {
			writeOptLine(&b, "shopt -%s "+n, n, shoptState(hc, n), print)
		}
		fmt.Fprint(hc.Stdout, b.String())
	}
	return statusArgs(status), true
}

// shoptSetOpts is shopt -o: set's options, in shopt's formats.
func (c *core) shoptSetOpts(hc interp.HandlerContext, names []string, set, unset, print, quiet bool) ([]string, bool) {
	if (set || unset) && len(names) > 0 {
		args := []string{"set"}
		sign := "-o"
		if unset {
			sign = "+o"
		}
		for _, n := range names {
			args = append(args, sign, n)
		}
		return c.setBuiltin(hc, args)
	}
	status := 0
	var list []string
	if len(names) == 0 {
		for _, o := range bashSetOpts {
			on := setOptState(hc, o.name)
			if !(set && !on) && !(unset && on) {
				list = append(list, o.name)
			}
		}
	}
	for _, n := range names {
		known := false
		for _, o := range bashSetOpts {
			known = known || o.name == n
		}
		if !known {
			fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"shopt: %s: invalid option name\n", n)
			status = 1
			continue
		}
		if !setOptState(hc, n) {
			status = 1
		}
		list = append(list, n)
	}
	if !quiet {
		var b strings.Builder
		for _, n := range list {
			on := setOptState(hc, n)
			line := "set +o " + n
			if on {
				line = "set -o " + n
			}
			writeOptLine(&b, line, n, on, print)
		}
		fmt.Fprint(hc.Stdout, b.String())
	}
	return statusArgs(status), true
}

// writeOptLine writes one option as a listing shows it: printable
// (a command, "%s" standing for s or u) or "name\ton".
func writeOptLine(b *strings.Builder, cmd, name string, on, printable bool) {
	if printable {
		if strings.Contains(cmd, "%s") {
			flag := "u"
			if on {
				flag = "s"
			}
			cmd = fmt.Sprintf(cmd, flag)
		}
		b.WriteString(cmd + "\n")
		return
	}
	state := "off"
	if on {
		state = "on"
	}
	fmt.Fprintf(b, "%-15s\t%s\n", name, state)
}

func isMvdanShopt(name string) bool { return contains(mvdanShopts, name) }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// optsOffset is where the runner keeps its options array.
var optsOffset = sync.OnceValue(func() fieldOffset {
	f, ok := reflect.TypeFor[interp.Runner]().FieldByName("opts")
	if !ok || f.Type.Kind() != reflect.Array || f.Type.Elem().Kind() != reflect.Bool || f.Type.Len() < len(mvdanOpts)+len(mvdanShopts) || len(f.Index) != 1 {
		return fieldOffset{}
	}
	return fieldOffset{f.Offset, true}
})

// fastOpt reads option i of the calling runner through its offset
// (runnerOpt's reflection is too slow for every command).
func fastOpt(hc interp.HandlerContext, i int) bool {
	r := callingRunner(hc)
	if r == nil || !optsOffset().ok {
		return false
	}
	return *(*bool)(unsafe.Add(unsafe.Pointer(r), optsOffset().off+uintptr(i)))
}

// setRunnerOpt turns option i of mvdan/sh's options array on or off in
// r. Only the goroutine running r may call it.
func setRunnerOpt(r *interp.Runner, i int, on bool) {
	if r == nil || !optsOffset().ok {
		return
	}
	*(*bool)(unsafe.Add(unsafe.Pointer(r), optsOffset().off+uintptr(i))) = on
}

// cmdSubstErrexitCmd runs first in each command substitution: bash
// (outside POSIX mode) clears set -e there unless inherit_errexit is on.
const cmdSubstErrexitCmd = internalPrefix + "cserrexit"

// cmdSubstErrexit is __memsh_cserrexit, in the substitution's copy of
// the runner. It keeps $?.
func cmdSubstErrexit(hc interp.HandlerContext) []string {
	if on, _ := runnerOpt(hc, 1); on && !shoptState(hc, "inherit_errexit") {
		setRunnerOpt(callingRunner(hc), 1, false)
	}
	return statusArgs(hc.LastExitStatus)
}

var errexitMention = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`errexit|set\s+([-+][a-zA-Z]*\s+)*-[a-zA-Z]*e`)
})

// cmdSubstErrexitRewrite starts each command substitution in root with
// __memsh_cserrexit, in code that can turn set -e on.
func cmdSubstErrexitRewrite(root syntax.Node, src string) {
	if !srcHas(src, "$(") && !srcHas(src, "`") || !errexitSrc.match(errexitMention(), src) {
		return
	}
	syntax.Walk(root, func(n syntax.Node) bool {
		cs, ok := n.(*syntax.CmdSubst)
		if !ok || len(cs.Stmts) == 0 || len(cs.Stmts) == 1 && cs.Stmts[0].Cmd == nil {
			return true
		}
		if ce, ok := cs.Stmts[0].Cmd.(*syntax.CallExpr); ok && len(ce.Args) == 1 && ce.Args[0].Lit() == cmdSubstErrexitCmd {
			return true
		}
		first := &syntax.Stmt{Position: cs.Pos(), Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord(cmdSubstErrexitCmd)}}}
		cs.Stmts = append([]*syntax.Stmt{first}, cs.Stmts...)
		return true
	})
}
