package interp

import (
	"context"
	"fmt"
	"sort"
	"strings"
)

// options are set -o and shopt options. A subshell gets a copy.
type options struct {
	errexit, nounset, xtrace, noglob, noclobber, pipefail bool
	allexport, monitor, hashall, braceexpand, noexec      bool
	verbose, posix, errtrace, functrace                   bool

	extglob, nullglob, failglob, dotglob, globstar, nocaseglob bool
	nocasematch, expandAliases, lastpipe, inheritErrexit       bool
	patsubReplacement                                          bool
}

// setOption is one `set -o` option: its name, its letter, where it lives.
type setOption struct {
	name   string
	letter byte
	field  func(*options) *bool
}

// setOptions is the one table of set -o options, in `set -o`'s order.
var setOptions = []setOption{
	{"allexport", 'a', func(o *options) *bool { return &o.allexport }},
	{"braceexpand", 'B', func(o *options) *bool { return &o.braceexpand }},
	{"errexit", 'e', func(o *options) *bool { return &o.errexit }},
	{"errtrace", 'E', func(o *options) *bool { return &o.errtrace }},
	{"functrace", 'T', func(o *options) *bool { return &o.functrace }},
	{"hashall", 'h', func(o *options) *bool { return &o.hashall }},
	{"monitor", 'm', func(o *options) *bool { return &o.monitor }},
	{"noclobber", 'C', func(o *options) *bool { return &o.noclobber }},
	{"noexec", 'n', func(o *options) *bool { return &o.noexec }},
	{"noglob", 'f', func(o *options) *bool { return &o.noglob }},
	{"nounset", 'u', func(o *options) *bool { return &o.nounset }},
	{"pipefail", 0, func(o *options) *bool { return &o.pipefail }},
	{"posix", 0, func(o *options) *bool { return &o.posix }},
	{"verbose", 'v', func(o *options) *bool { return &o.verbose }},
	{"xtrace", 'x', func(o *options) *bool { return &o.xtrace }},
}

// shoptOptions is the one table of shopt options memsh implements.
var shoptOptions = []setOption{
	{"dotglob", 0, func(o *options) *bool { return &o.dotglob }},
	{"expand_aliases", 0, func(o *options) *bool { return &o.expandAliases }},
	{"extglob", 0, func(o *options) *bool { return &o.extglob }},
	{"failglob", 0, func(o *options) *bool { return &o.failglob }},
	{"globstar", 0, func(o *options) *bool { return &o.globstar }},
	{"inherit_errexit", 0, func(o *options) *bool { return &o.inheritErrexit }},
	{"lastpipe", 0, func(o *options) *bool { return &o.lastpipe }},
	{"nocaseglob", 0, func(o *options) *bool { return &o.nocaseglob }},
	{"nocasematch", 0, func(o *options) *bool { return &o.nocasematch }},
	{"nullglob", 0, func(o *options) *bool { return &o.nullglob }},
	{"patsub_replacement", 0, func(o *options) *bool { return &o.patsubReplacement }},
}

func findOption(table []setOption, name string) *setOption {
	for i := range table {
		if table[i].name == name {
			return &table[i]
		}
	}
	return nil
}

// dashFlags is $-.
func (o *options) dashFlags() string {
	var b strings.Builder
	for _, c := range []byte("abefhkmnptuvxBCEHPT") {
		for _, so := range setOptions {
			if so.letter == c && *so.field(o) {
				b.WriteByte(c)
			}
		}
	}
	b.WriteString("c")
	return b.String()
}

// builtinSet is `set`: options, positional parameters, or the listing.
func builtinSet(ctx context.Context, r *Runner, args []string) int {
	if len(args) == 1 {
		for _, n := range r.vars.names() {
			v := r.lookupVar(n)
			if v == nil || !v.set && !v.isArray() {
				continue
			}
			fmt.Fprintln(r.stdout(), r.setLine(n, v))
		}
		return 0
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
		if len(a) < 2 || a[0] != '-' && a[0] != '+' {
			break
		}
		on := a[0] == '-'
		for j := 1; j < len(a); j++ {
			c := a[j]
			if c == 'o' {
				if i+1 >= len(args) {
					r.printOptions(on)
					continue
				}
				i++
				so := findOption(setOptions, args[i])
				if so == nil {
					r.errorf("set: %s: invalid option name", args[i])
					return 2
				}
				*so.field(&r.opts) = on
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
func (r *Runner) printOptions(on bool) {
	for _, so := range setOptions {
		v := *so.field(&r.opts)
		if on {
			state := "off"
			if v {
				state = "on"
			}
			fmt.Fprintf(r.stdout(), "%-15s\t%s\n", so.name, state)
		} else {
			sign := "+"
			if v {
				sign = "-"
			}
			fmt.Fprintf(r.stdout(), "set %so %s\n", sign, so.name)
		}
	}
}

// setLine is one line of `set`'s listing.
func (r *Runner) setLine(name string, v *Var) string {
	if v.isArray() {
		return name + "=" + r.arrayText(v)
	}
	return name + "=" + setQuote(v.str)
}

// setQuote quotes a value as `set` and `declare -p` of a scalar do.
func setQuote(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("_-./:,+@%^=", c) >= 0) {
			return bashQuote(s)
		}
	}
	return s
}

// builtinShopt is `shopt [-pqsuo] [name...]`.
func builtinShopt(ctx context.Context, r *Runner, args []string) int {
	set, unset, quiet, print, useSet := false, false, false, false, false
	i := 1
	for ; i < len(args) && strings.HasPrefix(args[i], "-") && len(args[i]) > 1; i++ {
		for _, c := range args[i][1:] {
			switch c {
			case 's':
				set = true
			case 'u':
				unset = true
			case 'q':
				quiet = true
			case 'p':
				print = true
			case 'o':
				useSet = true
			default:
				r.errorf("shopt: -%c: invalid option", c)
				r.printErr("shopt: usage: shopt [-pqsu] [-o] [optname ...]\n")
				return 2
			}
		}
	}
	table := shoptOptions
	if useSet {
		table = setOptions
	}
	names := args[i:]
	if len(names) == 0 {
		for _, so := range table {
			v := *so.field(&r.opts)
			if set && !v || unset && v {
				continue
			}
			r.printShopt(so.name, v, print || set || unset, useSet)
		}
		return 0
	}
	status := 0
	for _, n := range names {
		so := findOption(table, n)
		if so == nil {
			if knownShopt(n) && !useSet {
				if !set && !unset && !quiet {
					r.printShopt(n, false, print, false)
				}
				if !set && !unset {
					status = 1
				}
				continue
			}
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
				r.printShopt(n, v, print, useSet)
			}
		}
	}
	return status
}

func (r *Runner) printShopt(name string, on, asCmd, setStyle bool) {
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
			fmt.Fprintf(r.stdout(), "set %s %s\n", flag, name)
			return
		}
		fmt.Fprintf(r.stdout(), "shopt %s %s\n", flag, name)
		return
	}
	state := "off"
	if on {
		state = "on"
	}
	fmt.Fprintf(r.stdout(), "%-15s\t%s\n", name, state)
}

// knownShopt: bash options memsh accepts but does not act on.
func knownShopt(n string) bool {
	known := []string{"assoc_expand_once", "autocd", "cdable_vars", "cdspell", "checkhash", "checkjobs",
		"checkwinsize", "cmdhist", "compat31", "compat32", "compat40", "compat41", "compat42", "compat43",
		"compat44", "complete_fullquote", "direxpand", "dirspell", "execfail", "extdebug", "extquote",
		"force_fignore", "globasciiranges", "globskipdots", "gnu_errfmt", "histappend", "histreedit",
		"histverify", "hostcomplete", "huponexit", "interactive_comments", "lithist", "localvar_inherit",
		"localvar_unset", "login_shell", "mailwarn", "no_empty_cmd_completion", "noexpand_translation",
		"progcomp", "progcomp_alias", "promptvars", "restricted_shell", "shift_verbose", "sourcepath",
		"varredir_close", "xpg_echo"}
	i := sort.SearchStrings(known, n)
	return i < len(known) && known[i] == n
}
