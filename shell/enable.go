package shell

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"sync/atomic"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

// bashBuiltins are bash's builtins on Linux in its order, the list
// enable prints; specialBuiltins are the POSIX special ones (enable -s).
var (
	bashBuiltins    = strings.Fields(". : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source suspend test times trap true type typeset ulimit umask unalias unset wait")
	specialBuiltins = strings.Fields(". : break continue eval exec exit export readonly return set shift source times trap unset")
)

// disabledVar lists the builtins `enable -n` turned off in a shell, one
// per line; anyDisabled says whether any script ever did, so the check
// costs a builtin call nothing until then.
const disabledVar = internalPrefix + "disabled"

var anyDisabled atomic.Bool

func isDisabled(env expand.Environ, name string) bool {
	if !anyDisabled.Load() {
		return false
	}
	list := env.Get(disabledVar).String()
	return list != "" && slices.Contains(strings.Split(list, "\n"), name)
}

// isEnabledBuiltin reports whether name runs a builtin in the calling
// shell: mvdan/sh's, less those enable -n turned off and newgrp (a
// program in bash).
func isEnabledBuiltin(hc interp.HandlerContext, name string) bool {
	return interp.IsBuiltin(name) && name != "newgrp" && !isDisabled(hc.Env, name)
}

// disabledCall runs a builtin enable -n turned off as bash does: as the
// program of that name in PATH, or "command not found".
func (c *core) disabledCall(hc interp.HandlerContext, args []string) []string {
	if p := c.commandPath(hc, args[0]); p != "" {
		return append([]string{p}, args[1:]...)
	}
	fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"%s: command not found\n", args[0])
	return statusArgs(127)
}

func (c *core) enableBuiltin(hc interp.HandlerContext, args []string) int {
	flags, i, bad := builtinOpts(args, "adnpsf")
	if bad != 0 {
		fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"enable: -%c: invalid option\nenable: usage: enable [-a] [-dnps] [-f filename] [name ...]\n", bad)
		return 2
	}
	names := args[i:]
	has := func(f rune) bool { return strings.ContainsRune(flags, f) }
	if has('f') {
		if len(names) == 0 {
			fmt.Fprint(hc.Stderr, c.msgPrefix(hc)+"enable: -f: option requires an argument\n")
			return 2
		}
		fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"enable: cannot open shared object %s: memsh loads no builtins\n", names[0])
		return 1
	}
	var disabled []string
	if list := hc.Env.Get(disabledVar).String(); list != "" {
		disabled = strings.Split(list, "\n")
	}
	if len(names) == 0 || has('p') {
		var b strings.Builder
		for _, n := range bashBuiltins {
			off := slices.Contains(disabled, n)
			switch {
			case has('s') && !slices.Contains(specialBuiltins, n):
			case has('a'), has('n') && off, !has('n') && !off:
				if off {
					b.WriteString("enable -n " + n + "\n")
				} else {
					b.WriteString("enable " + n + "\n")
				}
			}
		}
		io.WriteString(hc.Stdout, b.String())
		return 0
	}
	if has('d') {
		for _, n := range names {
			what := "not a shell builtin"
			if slices.Contains(bashBuiltins, n) {
				what = "not dynamically loaded"
			}
			fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"enable: %s: %s\n", n, what)
		}
		return 1
	}
	status := 0
	for _, n := range names {
		if !slices.Contains(bashBuiltins, n) {
			fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"enable: %s: not a shell builtin\n", n)
			status = 1
			continue
		}
		k := slices.Index(disabled, n)
		switch {
		case has('n') && k < 0:
			disabled = append(disabled, n)
		case !has('n') && k >= 0:
			disabled = slices.Delete(disabled, k, k+1)
		}
	}
	if w, ok := runnerEnv(hc.Env); ok {
		anyDisabled.Store(true)
		w.Set(disabledVar, expand.Variable{Set: true, Kind: expand.String, Str: strings.Join(disabled, "\n")})
	}
	return status
}

// The builtins for interactive use that mvdan/sh lacks, as a
// non-interactive bash answers them.
func (c *core) interactiveBuiltin(hc interp.HandlerContext, rs *runnerState, args []string) (int, bool) {
	switch args[0] {
	case "logout":
		fmt.Fprint(hc.Stderr, c.msgPrefix(hc)+"logout: not login shell: use `exit'\n")
		return 1, true
	case "fc":
		// A script has no history: there is nothing to list, edit or
		// run again.
		if flags, _, _ := builtinOpts(args, "elnrs"); strings.ContainsRune(flags, 's') {
			fmt.Fprint(hc.Stderr, c.msgPrefix(hc)+"fc: no command found\n")
			return 1, true
		}
		return 0, true
	case "bind":
		// No line editing in a script: bash warns, and binds nothing.
		fmt.Fprint(hc.Stderr, c.msgPrefix(hc)+"bind: warning: line editing not enabled\n")
		return 0, true
	case "newgrp":
		// Not a bash builtin but a program, which the sandbox lacks.
		fmt.Fprint(hc.Stderr, c.msgPrefix(hc)+"newgrp: command not found\n")
		return 127, true
	case "compopt":
		if st, ok := c.compoptBuiltin(hc, args); ok { // progcomp.go
			return st, true
		}
		fmt.Fprint(hc.Stderr, c.msgPrefix(hc)+"compopt: not currently executing completion function\n")
		return 1, true
	case "complete":
		return c.completeBuiltin(hc, args), true
	case "compgen":
		return c.compgenBuiltin(hc, rs, args), true
	case "enable":
		return c.enableBuiltin(hc, args), true
	case "help":
		if len(args) == 1 {
			return c.helpListing(hc), true // helplayout.go
		}
	}
	return 0, false
}

// completeVar holds the completion specs `complete` defined, one
// "NAME\tcomplete ... NAME" per line; nothing uses them in a script.
const completeVar = internalPrefix + "complete"

// The names bash files the specs of complete -D, -E and -I under, and
// how complete -p shows them.
const (
	defaultCmdSpec  = "_DefaultCmD_"
	emptyCmdSpec    = "_EmptycmD_"
	initialWordSpec = "_InitialWorD_"
)

var specFlags = map[string]string{"-D": defaultCmdSpec, "-E": emptyCmdSpec, "-I": initialWordSpec}

func (c *core) completeBuiltin(hc interp.HandlerContext, args []string) int {
	specs := map[string]string{}
	for _, l := range strings.Split(hc.Env.Get(completeVar).String(), "\n") {
		if name, spec, ok := strings.Cut(l, "\t"); ok {
			specs[name] = spec
		}
	}
	var opts []string
	print, remove := len(args) == 1, false
	special := "" // -D, -E or -I: the spec is that one, not a command's
	i := 1
	for ; i < len(args) && strings.HasPrefix(args[i], "-") && len(args[i]) > 1; i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		switch a {
		case "-p":
			print = true
			continue
		case "-r":
			remove = true
			continue
		case "-D", "-E", "-I":
			// One of them, -D before -E before -I, as bash picks.
			if special == "" || a < special {
				special = a
			}
			continue
		}
		// Options with an argument, kept as bash prints them.
		if strings.Contains("-o -A -G -W -F -C -X -P -S", a) && i+1 < len(args) {
			opts = append(opts, a, shellWord(args[i+1]))
			i++
			continue
		}
		opts = append(opts, a)
	}
	names := args[i:]
	if special != "" {
		names = []string{specFlags[special]}
	}
	status := 0
	switch {
	case print:
		if len(names) == 0 {
			names = make([]string, 0, len(specs))
			for n := range specs {
				names = append(names, n)
			}
			sort.Strings(names)
		}
		for _, n := range names {
			spec, ok := specs[n]
			if !ok {
				fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"complete: %s: no completion specification\n", n)
				status = 1
				continue
			}
			fmt.Fprintln(hc.Stdout, spec)
		}
		return status
	case remove:
		if len(names) == 0 {
			clear(specs)
		}
		for _, n := range names {
			delete(specs, n)
		}
	default:
		opts = completeOrder(opts)
		for _, n := range names {
			shown := n
			if special != "" {
				shown = special
			}
			specs[n] = strings.Join(append(append([]string{"complete"}, opts...), shown), " ")
		}
	}
	var b strings.Builder
	for n, spec := range specs {
		b.WriteString(n + "\t" + spec + "\n")
	}
	if w, ok := runnerEnv(hc.Env); ok {
		w.Set(completeVar, expand.Variable{Set: true, Kind: expand.String, Str: b.String()})
	}
	return status
}

// completeOrder puts complete's options in the order complete -p prints
// them: -o options, actions, then those with arguments.
func completeOrder(opts []string) []string {
	rank := func(o string) int {
		if i := slices.Index([]string{"-o", "-A", "-G", "-W", "-P", "-S", "-X", "-C", "-F"}, o); i >= 0 {
			return i * 2
		}
		return 1 // a one-letter action
	}
	type opt struct{ words []string }
	var list []opt
	for i := 0; i < len(opts); i++ {
		if i+1 < len(opts) && rank(opts[i]) != 1 {
			list = append(list, opt{opts[i : i+2]})
			i++
			continue
		}
		list = append(list, opt{opts[i : i+1]})
	}
	sort.SliceStable(list, func(i, j int) bool { return rank(list[i].words[0]) < rank(list[j].words[0]) })
	var out []string
	for _, o := range list {
		out = append(out, o.words...)
	}
	return out
}

// shellWord quotes s as bash's complete -p prints an option's argument.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:=@%+,") == "" {
		return s
	}
	return shellQuote(s)
}

// compgenArg is one of compgen's options: an action letter (-f) or an
// option and its argument (-W list).
type compgenArg struct {
	flag byte
	val  string
}

// parseCompgen reads compgen's arguments as bash does: letters grouped
// (-fd), an argument joined (-Wlist) or next, -- ending the options; the
// word is the first operand. bad is the letter that is unknown, or
// (missing) lacks its argument.
func parseCompgen(args []string) (opts []compgenArg, word string, bad byte, missing bool) {
	i := 1
	for ; i < len(args) && strings.HasPrefix(args[i], "-") && len(args[i]) > 1; i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		for k := 1; k < len(a); k++ {
			f := a[k]
			if strings.IndexByte("abcdefgjksuv", f) >= 0 {
				opts = append(opts, compgenArg{flag: f})
				continue
			}
			if strings.IndexByte("oAGWFCXPS", f) < 0 {
				return nil, "", f, false
			}
			val := a[k+1:]
			if val == "" {
				if i+1 >= len(args) {
					return nil, "", f, true
				}
				i++
				val = args[i]
			}
			opts = append(opts, compgenArg{f, val})
			break
		}
	}
	if i < len(args) {
		word = args[i]
	}
	return opts, word, 0, false
}

const compgenUsage = "compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]\n"

// compgenBuiltin generates the completions bash's compgen does for the
// actions a script uses: builtins, keywords, aliases, functions,
// variables, exported variables, commands, files and directories, and a
// word list, with a prefix and a suffix.
func (c *core) compgenBuiltin(hc interp.HandlerContext, rs *runnerState, args []string) int {
	opts, word, bad, missing := parseCompgen(args)
	switch {
	case missing:
		fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"compgen: -%c: option requires an argument\n"+compgenUsage, bad)
		return 2
	case bad != 0:
		fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"compgen: -%c: invalid option\n"+compgenUsage, bad)
		return 2
	}
	actions := map[string]bool{}
	var words, prefix, suffix, filter, glob string
	for _, o := range opts {
		switch o.flag {
		case 'A':
			actions[map[string]string{"alias": "a", "builtin": "b", "command": "c", "directory": "d", "export": "e",
				"file": "f", "function": "function", "keyword": "k", "variable": "v", "enabled": "b"}[o.val]] = true
		case 'W':
			words = o.val
		case 'P':
			prefix = o.val
		case 'S':
			suffix = o.val
		case 'X':
			filter = o.val
		case 'G':
			glob = o.val
		case 'o', 'F', 'C':
		default:
			actions[string(o.flag)] = true
		}
	}
	var out []string
	add := func(cands ...string) {
		for _, s := range cands {
			if strings.HasPrefix(s, word) {
				out = append(out, s)
			}
		}
	}
	if glob != "" {
		out = append(out, c.globMatches(hc.Dir, glob)...) // progcomp.go
	}
	if words != "" {
		add(strings.Fields(words)...)
	}
	if actions["a"] {
		add(rs.aliasNames()...)
	}
	if actions["b"] {
		add(bashBuiltins...)
	}
	if actions["k"] {
		add(strings.Fields("if then else elif fi case esac for select while until do done in function time { } ! [[ ]] coproc")...)
	}
	if actions["function"] || actions["c"] {
		if r := callingRunner(hc); r != nil {
			names := make([]string, 0, len(r.Funcs))
			for n := range r.Funcs {
				names = append(names, n)
			}
			sort.Strings(names)
			add(names...)
		}
	}
	if actions["v"] || actions["e"] {
		var names []string
		hc.Env.Each(func(name string, vr expand.Variable) bool {
			if vr.IsSet() && !strings.HasPrefix(name, internalPrefix) && (!actions["e"] || vr.Exported) {
				names = append(names, name)
			}
			return true
		})
		sort.Strings(names)
		add(slices.Compact(names)...)
	}
	if actions["c"] {
		add(bashBuiltins...)
		add(strings.Fields("if then else elif fi case esac for select while until do done in function time")...)
		seen := map[string]bool{}
		var cmds []string
		for n := range c.cmds {
			if !seen[n] {
				seen[n], cmds = true, append(cmds, n)
			}
		}
		sort.Strings(cmds)
		add(cmds...)
	}
	if actions["f"] || actions["d"] {
		dir, base := ".", word
		if k := strings.LastIndexByte(word, '/'); k >= 0 {
			dir, base = word[:k+1], word[k+1:]
		}
		if ents, err := c.fs.ReadDir(absPath(hc.Dir, dir)); err == nil {
			for _, e := range ents {
				n := e.Name()
				if !strings.HasPrefix(n, base) {
					continue
				}
				if actions["d"] && !actions["f"] && !e.IsDir() {
					continue
				}
				full := n
				if dir != "." {
					full = dir + n
				}
				out = append(out, full)
			}
		}
	}
	out = append(out, compgenExtra(hc)...) // -F and -C (progcomp.go)
	// -X, then -P and -S, as bash applies them.
	kept := out[:0]
	for _, s := range out {
		if keepMatch(s, filter, word) { // progcomp.go
			kept = append(kept, prefix+s+suffix)
		}
	}
	out = kept
	if len(out) == 0 {
		return 1
	}
	io.WriteString(hc.Stdout, strings.Join(out, "\n")+"\n")
	return 0
}
