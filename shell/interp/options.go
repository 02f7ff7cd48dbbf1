package interp

import (
	"context"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"memsh/shell/command"
)

// options are set -o and shopt options. A subshell gets a copy.
type options struct {
	errexit, nounset, xtrace, noglob, noclobber, pipefail bool
	allexport, monitor, hashall, braceexpand, noexec      bool
	verbose, posix, errtrace, functrace                   bool

	extglob, nullglob, failglob, dotglob, globstar, nocaseglob bool
	nocasematch, expandAliases, lastpipe, inheritErrexit       bool
	patsubReplacement, shiftVerbose                            bool

	other [58]bool // accepted, not acted on (emacs, checkwinsize, ...)
}

// defaultOptions are a non-interactive bash's.
func defaultOptions() options {
	var o options
	o.hashall, o.braceexpand, o.patsubReplacement = true, true, true
	*findOption(setOptions, "interactive-comments").field(&o) = true
	for _, n := range []string{"checkwinsize", "cmdhist", "complete_fullquote", "extquote", "force_fignore",
		"globasciiranges", "globskipdots", "hostcomplete", "interactive_comments", "progcomp", "promptvars", "sourcepath"} {
		*findOption(shoptOptions, n).field(&o) = true
	}
	return o
}

// setOption is one option of `set -o` or `shopt`: its name, its
// letter, where it lives. Options memsh accepts but does not act on live
// in options.other.
type setOption struct {
	name   string
	letter byte
	field  func(*options) *bool
}

func otherOpt(i int) func(*options) *bool { return func(o *options) *bool { return &o.other[i] } }

// setOptions is the one table of set -o options, in `set -o`'s order.
var setOptions = []setOption{
	{"allexport", 'a', func(o *options) *bool { return &o.allexport }},
	{"braceexpand", 'B', func(o *options) *bool { return &o.braceexpand }},
	{"emacs", 0, otherOpt(0)},
	{"errexit", 'e', func(o *options) *bool { return &o.errexit }},
	{"errtrace", 'E', func(o *options) *bool { return &o.errtrace }},
	{"functrace", 'T', func(o *options) *bool { return &o.functrace }},
	{"hashall", 'h', func(o *options) *bool { return &o.hashall }},
	{"histexpand", 'H', otherOpt(1)},
	{"history", 0, otherOpt(2)},
	{"ignoreeof", 0, otherOpt(3)},
	{"interactive-comments", 0, otherOpt(4)},
	{"keyword", 'k', otherOpt(5)},
	{"monitor", 'm', func(o *options) *bool { return &o.monitor }},
	{"noclobber", 'C', func(o *options) *bool { return &o.noclobber }},
	{"noexec", 'n', func(o *options) *bool { return &o.noexec }},
	{"noglob", 'f', func(o *options) *bool { return &o.noglob }},
	{"nolog", 0, otherOpt(6)},
	{"notify", 'b', otherOpt(7)},
	{"nounset", 'u', func(o *options) *bool { return &o.nounset }},
	{"onecmd", 't', otherOpt(8)},
	{"physical", 'P', otherOpt(9)},
	{"pipefail", 0, func(o *options) *bool { return &o.pipefail }},
	{"posix", 0, func(o *options) *bool { return &o.posix }},
	{"privileged", 'p', otherOpt(10)},
	{"verbose", 'v', func(o *options) *bool { return &o.verbose }},
	{"vi", 0, otherOpt(11)},
	{"xtrace", 'x', func(o *options) *bool { return &o.xtrace }},
}

// shoptOptions is the one table of shopt options, in `shopt`'s order.
var shoptOptions = []setOption{
	{"autocd", 0, otherOpt(12)},
	{"assoc_expand_once", 0, otherOpt(13)},
	{"cdable_vars", 0, otherOpt(14)},
	{"cdspell", 0, otherOpt(15)},
	{"checkhash", 0, otherOpt(16)},
	{"checkjobs", 0, otherOpt(17)},
	{"checkwinsize", 0, otherOpt(18)},
	{"cmdhist", 0, otherOpt(19)},
	{"compat31", 0, otherOpt(20)},
	{"compat32", 0, otherOpt(21)},
	{"compat40", 0, otherOpt(22)},
	{"compat41", 0, otherOpt(23)},
	{"compat42", 0, otherOpt(24)},
	{"compat43", 0, otherOpt(25)},
	{"compat44", 0, otherOpt(26)},
	{"complete_fullquote", 0, otherOpt(27)},
	{"direxpand", 0, otherOpt(28)},
	{"dirspell", 0, otherOpt(29)},
	{"dotglob", 0, func(o *options) *bool { return &o.dotglob }},
	{"execfail", 0, otherOpt(30)},
	{"expand_aliases", 0, func(o *options) *bool { return &o.expandAliases }},
	{"extdebug", 0, otherOpt(31)},
	{"extglob", 0, func(o *options) *bool { return &o.extglob }},
	{"extquote", 0, otherOpt(32)},
	{"failglob", 0, func(o *options) *bool { return &o.failglob }},
	{"force_fignore", 0, otherOpt(33)},
	{"globasciiranges", 0, otherOpt(34)},
	{"globskipdots", 0, otherOpt(35)},
	{"globstar", 0, func(o *options) *bool { return &o.globstar }},
	{"gnu_errfmt", 0, otherOpt(36)},
	{"histappend", 0, otherOpt(37)},
	{"histreedit", 0, otherOpt(38)},
	{"histverify", 0, otherOpt(39)},
	{"hostcomplete", 0, otherOpt(40)},
	{"huponexit", 0, otherOpt(41)},
	{"inherit_errexit", 0, func(o *options) *bool { return &o.inheritErrexit }},
	{"interactive_comments", 0, otherOpt(42)},
	{"lastpipe", 0, func(o *options) *bool { return &o.lastpipe }},
	{"lithist", 0, otherOpt(43)},
	{"localvar_inherit", 0, otherOpt(44)},
	{"localvar_unset", 0, otherOpt(45)},
	{"login_shell", 0, otherOpt(46)},
	{"mailwarn", 0, otherOpt(47)},
	{"no_empty_cmd_completion", 0, otherOpt(48)},
	{"nocaseglob", 0, func(o *options) *bool { return &o.nocaseglob }},
	{"nocasematch", 0, func(o *options) *bool { return &o.nocasematch }},
	{"noexpand_translation", 0, otherOpt(49)},
	{"nullglob", 0, func(o *options) *bool { return &o.nullglob }},
	{"patsub_replacement", 0, func(o *options) *bool { return &o.patsubReplacement }},
	{"progcomp", 0, otherOpt(50)},
	{"progcomp_alias", 0, otherOpt(51)},
	{"promptvars", 0, otherOpt(52)},
	{"restricted_shell", 0, otherOpt(53)},
	{"shift_verbose", 0, func(o *options) *bool { return &o.shiftVerbose }},
	{"sourcepath", 0, otherOpt(55)},
	{"varredir_close", 0, otherOpt(56)},
	{"xpg_echo", 0, otherOpt(57)},
}

// optionNames is $SHELLOPTS (table setOptions) or $BASHOPTS
// (shoptOptions): the options that are on, sorted, colon-separated.
func (r *Runner) optionNames(table []setOption) string {
	var on []string
	for i := range table {
		if *table[i].field(&r.opts) {
			on = append(on, table[i].name)
		}
	}
	sort.Strings(on)
	return strings.Join(on, ":")
}

// isOptionsVar: SHELLOPTS and BASHOPTS, read-only, built when read.
func isOptionsVar(name string) bool { return name == "SHELLOPTS" || name == "BASHOPTS" }

func findOption(table []setOption, name string) *setOption {
	for i := range table {
		if table[i].name == name {
			return &table[i]
		}
	}
	return nil
}

// dashFlags is $-: the letters of the options that are on, in bash's
// order ("i" for the shell at a prompt), then "c" for bash -c or "s"
// for the interactive shell (bash's which_set_flags). A script file
// adds neither.
func (r *Runner) dashFlags() string {
	var b strings.Builder
	for _, c := range []byte("abefhikmnptuvxBCEHPT") {
		if c == 'i' {
			if r.cfg.Interactive || r.cfg.dashI {
				b.WriteByte(c)
			}
			continue
		}
		for _, so := range setOptions {
			if so.letter == c && *so.field(&r.opts) {
				b.WriteByte(c)
			}
		}
	}
	switch {
	case r.cfg.Interactive:
		b.WriteByte('s')
	case r.cfg.Script && !r.fromFile:
		b.WriteByte('c')
	}
	return b.String()
}

// interactive turns on what an interactive bash starts with: job
// control (monitor), emacs line editing, history and its expansion.
func (o *options) interactive() {
	o.monitor = true
	for _, n := range []string{"emacs", "histexpand", "history"} {
		*findOption(setOptions, n).field(o) = true
	}
}

// builtinSet is `set`: options, positional parameters, or the listing.
func builtinSet(ctx context.Context, r *Runner, args []string) int {
	if len(args) == 1 {
		var b strings.Builder
		special := r.specialSetLines()
		names := r.vars.names()
		for n := range special {
			if _, found := slices.BinarySearch(names, n); !found {
				names = append(names, n)
			}
		}
		sort.Strings(names)
		for _, n := range names {
			if line, ok := special[n]; ok {
				if v, _ := r.vars.lookup(n); v == nil {
					fmt.Fprintln(&b, line)
					continue
				}
			}
			v := r.lookupVar(n)
			if v == nil || !v.set && !v.isArray() {
				continue
			}
			fmt.Fprintln(&b, r.setLine(n, v))
		}
		for _, n := range r.funcs.names() {
			fmt.Fprintln(&b, funcText(r.funcs.m[n]))
		}
		return r.writeOut("set", []byte(b.String()))
	}
	i := 1
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			r.params = append([]string(nil), args[i+1:]...)
			return 0
		}
		if a == "-" {
			r.opts.xtrace, r.opts.verbose = false, false
			i++
			break
		}
		if a == "+" {
			// a lone + is an empty set of flags, as in bash
			continue
		}
		if len(a) < 2 || a[0] != '-' && a[0] != '+' {
			break
		}
		on := a[0] == '-'
		for j := 1; j < len(a); j++ {
			c := a[j]
			if c == 'o' {
				if i+1 >= len(args) {
					if st := r.printOptions(on); st != 0 {
						return st
					}
					continue
				}
				i++
				so := findOption(setOptions, args[i])
				if so == nil {
					r.errorf("set: %s: invalid option name", args[i])
					return 2
				}
				*so.field(&r.opts) = on
				if other := map[string]string{"vi": "emacs", "emacs": "vi"}[so.name]; other != "" && on {
					// one editing mode at a time
					*findOption(setOptions, other).field(&r.opts) = false
				}
				continue
			}
			found := false
			for _, so := range setOptions {
				if so.letter == c {
					*so.field(&r.opts) = on
					found = true
				}
			}
			if !found {
				r.errorf("set: %c%c: invalid option", a[0], c)
				r.printErr("set: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]\n")
				return 2
			}
		}
	}
	if i < len(args) {
		r.params = append([]string(nil), args[i:]...)
	}
	return 0
}

// printOptions is `set -o` (on) or `set +o`.
func (r *Runner) printOptions(on bool) int {
	var b strings.Builder
	for _, so := range setOptions {
		v := *so.field(&r.opts)
		if on {
			state := "off"
			if v {
				state = "on"
			}
			fmt.Fprintf(&b, "%-15s\t%s\n", so.name, state)
		} else {
			sign := "+"
			if v {
				sign = "-"
			}
			fmt.Fprintf(&b, "set %so %s\n", sign, so.name)
		}
	}
	return r.writeOut("set", []byte(b.String()))
}

// setLine is one line of `set`'s listing.
func (r *Runner) setLine(name string, v *Var) string {
	if v.isArray() {
		return name + "=" + r.arrayText(v)
	}
	return name + "=" + setQuote(v.str)
}

// specialSetLines are the `set` lines of the variables bash keeps up to
// date itself, which memsh builds when read rather than storing them.
// bash lists its dynamic arrays that are not in use as empty (DIRSTACK
// too, whatever the stack holds).
func (r *Runner) specialSetLines() map[string]string {
	m := map[string]string{
		"BASHOPTS":     "BASHOPTS=" + r.optionNames(shoptOptions),
		"SHELLOPTS":    "SHELLOPTS=" + r.optionNames(setOptions),
		"_":            "_=" + setQuote(r.lastArg),
		"DIRSTACK":     "DIRSTACK=()",
		"BASH_ARGC":    "BASH_ARGC=()",
		"BASH_ARGV":    "BASH_ARGV=()",
		"BASH_CMDS":    "BASH_CMDS=()",
		"BASH_ALIASES": "BASH_ALIASES=()",
	}
	for _, n := range []string{"BASH_LINENO", "BASH_SOURCE", "FUNCNAME", "PIPESTATUS"} {
		if v := r.dynamicArray(n); v != nil {
			m[n] = r.setLine(n, v)
		} else if n == "BASH_LINENO" || n == "BASH_SOURCE" {
			m[n] = n + "=()"
		}
	}
	return m
}

// setQuote quotes a value as `set` lists it (bash's print_var_value).
func setQuote(s string) string {
	return command.BashQuoteIfNeeded(s, command.BashSingle)
}

// builtinShopt is `shopt [-pqsuo] [name...]`.
func builtinShopt(ctx context.Context, r *Runner, args []string) int {
	opts, i, ok := r.builtinOpts(args, "suqpo", "shopt [-pqsu] [-o] [optname ...]")
	if !ok {
		return 2
	}
	set, unset, quiet, print, useSet := opts.has('s'), opts.has('u'), opts.has('q'), opts.has('p'), opts.has('o')
	table := shoptOptions
	if useSet {
		table = setOptions
	}
	names := args[i:]
	if len(names) == 0 {
		var b strings.Builder
		for _, so := range table {
			v := *so.field(&r.opts)
			if set && !v || unset && v {
				continue
			}
			printShopt(&b, so.name, v, print, useSet)
		}
		return r.writeOut("shopt", []byte(b.String()))
	}
	status := 0
	for _, n := range names {
		so := findOption(table, n)
		if so == nil {
			r.errorf("shopt: %s: invalid shell option name", n)
			status = 1
			continue
		}
		switch {
		case set:
			*so.field(&r.opts) = true
		case unset:
			*so.field(&r.opts) = false
		default:
			v := *so.field(&r.opts)
			if !v {
				status = 1
			}
			if !quiet {
				printShopt(r.stdout(), n, v, print, useSet)
			}
		}
	}
	return status
}

func printShopt(w io.Writer, name string, on, asCmd, setStyle bool) {
	if asCmd {
		flag := "-u"
		if on {
			flag = "-s"
		}
		if setStyle {
			flag = "+o"
			if on {
				flag = "-o"
			}
			fmt.Fprintf(w, "set %s %s\n", flag, name)
			return
		}
		fmt.Fprintf(w, "shopt %s %s\n", flag, name)
		return
	}
	state := "off"
	if on {
		state = "on"
	}
	fmt.Fprintf(w, "%-15s\t%s\n", name, state)
}
