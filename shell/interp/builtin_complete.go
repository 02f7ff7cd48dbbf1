package interp

import (
	"context"
	"maps"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// builtin is the enabled builtin called name (enable -n turns one off).
func (r *Runner) builtin(name string) (builtinFunc, bool) {
	b, ok := r.blt[name]
	if !ok || r.disabled[name] {
		return nil, false
	}
	return b, true
}

func (r *Runner) isBuiltin(name string) bool {
	_, ok := r.builtin(name)
	return ok
}

// specialBuiltins are POSIX's special builtins (enable -s).
var specialBuiltins = map[string]bool{".": true, ":": true, "break": true, "continue": true, "eval": true,
	"exec": true, "exit": true, "export": true, "readonly": true, "return": true, "set": true, "shift": true,
	"source": true, "times": true, "trap": true, "unset": true}

// builtinEnable is enable [-a] [-nps] [name ...]: list builtins, or turn
// them off (a disabled builtin's name then finds the program in $PATH)
// and on again. Loading builtins (-f, -d) is not supported: bash's
// messages for a name that was not loaded.
func builtinEnable(ctx context.Context, r *Runner, args []string) int {
	const usage = "enable [-a] [-dnps] [-f filename] [name ...]"
	var all, off, special, del bool
	rest := args[1:]
	for len(rest) > 0 && len(rest[0]) > 1 && rest[0][0] == '-' {
		a := rest[0]
		rest = rest[1:]
		if a == "--" {
			break
		}
		for _, c := range a[1:] {
			switch c {
			case 'a':
				all = true
			case 'n':
				off = true
			case 'p':
			case 's':
				special = true
			case 'd':
				del = true
			default:
				return r.usageError("enable", "-"+string(c), usage)
			}
		}
	}
	if len(rest) == 0 {
		var b strings.Builder
		for _, n := range r.builtinNames() {
			dis := r.disabled[n]
			if special && !specialBuiltins[n] || !all && dis != off {
				continue
			}
			if dis {
				b.WriteString("enable -n " + n + "\n")
			} else {
				b.WriteString("enable " + n + "\n")
			}
		}
		return r.writeOut("enable", []byte(b.String()))
	}
	status := 0
	for _, n := range rest {
		if _, ok := r.blt[n]; !ok {
			r.errorf("enable: %s: not a shell builtin", n)
			status = 1
			continue
		}
		if del {
			r.errorf("enable: %s: not dynamically loaded", n)
			status = 1
			continue
		}
		d := make(map[string]bool, len(r.disabled)+1)
		for k, v := range r.disabled {
			d[k] = v
		}
		if off {
			d[n] = true
		} else {
			delete(d, n)
		}
		r.disabled = d
	}
	return status
}

// completeBuckets is bash's COMPLETE_HASH_BUCKETS: complete -p lists in
// bucket order, each bucket newest first.
const completeBuckets = 512

// The names bash files the specs of complete -D, -E and -I under.
const (
	defaultCmdSpec  = "_DefaultCmD_"
	emptyCmdSpec    = "_EmptycmD_"
	initialWordSpec = "_InitialWorD_"
)

// compActions are bash's completion actions (complete -A NAME), in the
// order complete -p prints them; opt is the action's own option letter.
var compActions = []struct {
	name string
	opt  byte
}{
	{"alias", 'a'}, {"arrayvar", 0}, {"binding", 0}, {"builtin", 'b'}, {"command", 'c'},
	{"directory", 'd'}, {"disabled", 0}, {"enabled", 0}, {"export", 'e'}, {"file", 'f'},
	{"function", 0}, {"helptopic", 0}, {"hostname", 0}, {"group", 'g'}, {"job", 'j'},
	{"keyword", 'k'}, {"running", 0}, {"service", 's'}, {"setopt", 0}, {"shopt", 0},
	{"signal", 0}, {"stopped", 0}, {"user", 'u'}, {"variable", 'v'},
}

// compOptNames are complete's -o options, in the order bash prints them.
var compOptNames = []string{"bashdefault", "default", "dirnames", "filenames", "noquote", "nosort", "nospace", "plusdirs"}

// compArgs are the options of complete and compgen that take an
// argument (besides -o and -A), in the order complete -p prints them.
const compArgs = "GWPSXCF"

// compSpec is one completion specification: what complete stored for a
// command, or what compgen was given. A spec is never changed in place.
type compSpec struct {
	actions uint32   // bit i: compActions[i]
	options []string // -o options, in the order given
	args    [len(compArgs)]string
	hasArg  uint8 // bit i: args[i] was given (it may be empty)
	seq     int   // when it was defined (complete -p's order)
}

func (cs *compSpec) arg(c byte) (string, bool) {
	i := strings.IndexByte(compArgs, c)
	return cs.args[i], cs.hasArg&(1<<i) != 0
}

func (cs *compSpec) hasOption(name string) bool { return slices.Contains(cs.options, name) }

// setOption turns a -o option on or off.
func (cs *compSpec) setOption(name string, on bool) {
	opts := slices.DeleteFunc(slices.Clone(cs.options), func(o string) bool { return o == name })
	if on {
		opts = append(opts, name)
	}
	cs.options = opts
}

// text is the spec as complete -p prints it, without the name.
func (cs *compSpec) text() string {
	var b strings.Builder
	for _, o := range compOptNames {
		if cs.hasOption(o) {
			b.WriteString("-o " + o + " ")
		}
	}
	for i, a := range compActions {
		if a.opt != 0 && cs.actions&(1<<i) != 0 {
			b.WriteString("-" + string(a.opt) + " ")
		}
	}
	for i, a := range compActions {
		if a.opt == 0 && cs.actions&(1<<i) != 0 {
			b.WriteString("-A " + a.name + " ")
		}
	}
	for i := range len(compArgs) {
		if cs.hasArg&(1<<i) == 0 {
			continue
		}
		v := cs.args[i]
		if compArgs[i] != 'F' || strings.ContainsAny(v, shellMetas) {
			v = bashQuote(v)
		}
		b.WriteString("-" + compArgs[i:i+1] + " " + v + " ")
	}
	return b.String()
}

// shellMetas are the characters that make bash quote a word it prints
// (sh_contains_shell_metas).
const shellMetas = " \t\n'\"\\|&;()<>!{}*[?]^$`~#"

// compFlags are the options of complete that are not part of a spec.
type compFlags struct {
	print, remove bool
	special       string // -D, -E or -I: the spec's name
}

// parseCompOptions reads the options of complete (flags non-nil) or
// compgen (flags nil) as bash's build_actions does. given says whether
// any option was; ok is false after an error (status 2).
func (r *Runner) parseCompOptions(args []string, flags *compFlags, usage string) (cs compSpec, rest []string, given, ok bool) {
	name := args[0]
	rest = args[1:]
	bad := func(msg string) (compSpec, []string, bool, bool) {
		r.errorf("%s: %s", name, msg)
		return cs, nil, true, false
	}
	for len(rest) > 0 && len(rest[0]) > 1 && rest[0][0] == '-' {
		a := rest[0]
		rest = rest[1:]
		if a == "--" {
			break
		}
		for j := 1; j < len(a); j++ {
			c := a[j]
			given = true
			if strings.IndexByte("oA"+compArgs, c) >= 0 {
				v := a[j+1:]
				if v == "" {
					if len(rest) == 0 {
						r.errorf("%s: -%c: option requires an argument", name, c)
						r.printErr(name + ": usage: " + usage + "\n")
						return cs, nil, true, false
					}
					v, rest = rest[0], rest[1:]
				}
				j = len(a)
				switch c {
				case 'o':
					if !slices.Contains(compOptNames, v) {
						return bad(v + ": invalid option name")
					}
					cs.setOption(v, true)
				case 'A':
					i := slices.IndexFunc(compActions, func(a struct {
						name string
						opt  byte
					}) bool {
						return a.name == v
					})
					if i < 0 {
						return bad(v + ": invalid action name")
					}
					cs.actions |= 1 << i
				default:
					if c == 'F' && (!validName(v) || strings.ContainsAny(v, "()<>;&| \t\n")) {
						return bad("`" + v + "': not a valid identifier")
					}
					i := strings.IndexByte(compArgs, c)
					cs.args[i] = v
					cs.hasArg |= 1 << i
				}
				continue
			}
			if i := slices.IndexFunc(compActions, func(a struct {
				name string
				opt  byte
			}) bool {
				return a.opt == c
			}); i >= 0 {
				cs.actions |= 1 << i
				continue
			}
			if flags != nil {
				switch c {
				case 'p':
					flags.print = true
					continue
				case 'r':
					flags.remove = true
					continue
				case 'D', 'E', 'I':
					if flags.special == "" || c == 'D' || c == 'E' && flags.special == initialWordSpec {
						flags.special = map[byte]string{'D': defaultCmdSpec, 'E': emptyCmdSpec, 'I': initialWordSpec}[c]
					}
					continue
				}
			}
			_, size := utf8.DecodeRuneInString(a[j:])
			r.usageError(name, "-"+a[j:j+size], usage)
			return cs, nil, true, false
		}
	}
	return cs, rest, given, true
}

// builtinComplete is complete: it defines (-r removes, -p lists) the
// completion specification of each name, which Complete runs at Tab.
func builtinComplete(ctx context.Context, r *Runner, args []string) int {
	const usage = "complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]"
	var flags compFlags
	cs, rest, given, ok := r.parseCompOptions(args, &flags, usage)
	if !ok {
		return 2
	}
	if flags.special != "" {
		rest = []string{flags.special}
	}
	if flags.print || len(rest) == 0 && !given {
		return r.printCompSpecs(rest)
	}
	if flags.remove {
		if len(rest) == 0 {
			r.compSpecs = nil
			return 0
		}
		status := 0
		specs := maps.Clone(r.compSpecs)
		for _, n := range rest {
			if _, ok := specs[n]; !ok {
				r.errorf("complete: %s: no completion specification", n)
				status = 1
				continue
			}
			delete(specs, n)
		}
		r.compSpecs = specs
		return status
	}
	if len(rest) == 0 {
		r.printErr("complete: usage: " + usage + "\n")
		return 2
	}
	specs := maps.Clone(r.compSpecs)
	if specs == nil {
		specs = map[string]compSpec{}
	}
	for _, n := range rest {
		r.compSeq++
		cs.seq = r.compSeq
		specs[n] = cs
	}
	r.compSpecs = specs
	return 0
}

// printCompSpecs is complete -p: the specs of names, or all of them in
// bash's hash-table order.
func (r *Runner) printCompSpecs(names []string) int {
	if len(names) == 0 {
		for n := range r.compSpecs {
			names = append(names, n)
		}
		sort.Slice(names, func(i, j int) bool {
			bi, bj := fnv1(names[i])&(completeBuckets-1), fnv1(names[j])&(completeBuckets-1)
			if bi != bj {
				return bi < bj
			}
			return r.compSpecs[names[i]].seq > r.compSpecs[names[j]].seq
		})
	}
	var b strings.Builder
	status := 0
	for _, n := range names {
		sp, ok := r.compSpecs[n]
		if !ok {
			r.errorf("complete: %s: no completion specification", n)
			status = 1
			continue
		}
		b.WriteString("complete " + sp.text() + compName(n) + "\n")
	}
	if st := r.writeOut("complete", []byte(b.String())); st != 0 {
		return st
	}
	return status
}

// compName is a spec's name as complete -p and compopt print it.
func compName(n string) string {
	switch {
	case n == defaultCmdSpec:
		return "-D"
	case n == emptyCmdSpec:
		return "-E"
	case n == initialWordSpec:
		return "-I"
	case n == "":
		return "''"
	case strings.ContainsAny(n, shellMetas):
		return bashQuote(n)
	}
	return n
}

// compKeywords are bash's reserved words in the order compgen -k lists
// them.
var compKeywords = []string{"if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while",
	"until", "do", "done", "in", "function", "time", "{", "}", "!", "[[", "]]", "coproc"}

// builtinCompgen is compgen: the completions of a word that the options
// (complete's) generate, one a line; status 1 when there are none.
func builtinCompgen(ctx context.Context, r *Runner, args []string) int {
	const usage = "compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]"
	if len(args) == 1 {
		return 0
	}
	cs, rest, given, ok := r.parseCompOptions(args, nil, usage)
	if !ok {
		return 2
	}
	if !given {
		return 0
	}
	word := ""
	if len(rest) > 0 {
		word = rest[0]
	}
	if _, ok := cs.arg('F'); ok {
		r.errorf("compgen: warning: -F option may not work as you expect")
	}
	if _, ok := cs.arg('C'); ok {
		r.errorf("compgen: warning: -C option may not work as you expect")
	}
	matches, ok := r.genMatches(ctx, &cs, &compCall{cmd: "compgen", word: word, cword: -1})
	if !ok {
		return 1
	}
	if len(matches) == 0 && cs.hasOption("default") {
		matches = r.pathMatches(word, false)
	}
	if len(matches) == 0 {
		return 1
	}
	var b strings.Builder
	for _, m := range matches {
		b.WriteString(m + "\n")
	}
	return r.writeOut("compgen", []byte(b.String()))
}

// builtinCompopt is compopt [-o|+o option] [-DEI] [name ...]: it changes
// (or prints) the options of the completion running, or of the named
// specs.
func builtinCompopt(ctx context.Context, r *Runner, args []string) int {
	const usage = "compopt [-o|+o option] [-DEI] [name ...]"
	type change struct {
		name string
		on   bool
	}
	var changes []change
	special := ""
	rest := args[1:]
	for len(rest) > 0 && len(rest[0]) > 1 && (rest[0][0] == '-' || rest[0][0] == '+') {
		a := rest[0]
		rest = rest[1:]
		if a == "--" {
			break
		}
		for j := 1; j < len(a); j++ {
			switch c := a[j]; {
			case c == 'o':
				v := a[j+1:]
				if v == "" {
					if len(rest) == 0 {
						r.errorf("compopt: %co: option requires an argument", a[0])
						r.printErr("compopt: usage: " + usage + "\n")
						return 2
					}
					v, rest = rest[0], rest[1:]
				}
				if !slices.Contains(compOptNames, v) {
					r.errorf("compopt: %s: invalid option name", v)
					return 2
				}
				changes = append(changes, change{v, a[0] == '-'})
				j = len(a)
			case a[0] == '-' && (c == 'D' || c == 'E' || c == 'I'):
				special = map[byte]string{'D': defaultCmdSpec, 'E': emptyCmdSpec, 'I': initialWordSpec}[c]
			default:
				return r.usageError("compopt", string(a[0])+string(c), usage)
			}
		}
	}
	if special != "" {
		rest = []string{special}
	}
	apply := func(cs *compSpec) {
		for _, ch := range changes {
			cs.setOption(ch.name, ch.on)
		}
	}
	print := func(name string, cs *compSpec) int {
		var b strings.Builder
		b.WriteString("compopt ")
		for _, o := range compOptNames {
			if cs.hasOption(o) {
				b.WriteString("-o " + o + " ")
			} else {
				b.WriteString("+o " + o + " ")
			}
		}
		return r.writeOut("compopt", []byte(b.String()+compName(name)+"\n"))
	}
	if len(rest) == 0 {
		if r.compCur == nil {
			r.errorf("compopt: not currently executing completion function")
			return 1
		}
		if len(changes) == 0 {
			return print(r.compCur.name, r.compCur.spec)
		}
		apply(r.compCur.spec)
		return 0
	}
	status, cloned := 0, false
	specs := r.compSpecs
	for _, n := range rest {
		cs, ok := specs[n]
		if !ok {
			r.errorf("compopt: %s: no completion specification", n)
			status = 1
			continue
		}
		if len(changes) == 0 {
			if st := print(n, &cs); st != 0 {
				return st
			}
			continue
		}
		if !cloned {
			specs, cloned = maps.Clone(specs), true
		}
		apply(&cs)
		specs[n] = cs
	}
	r.compSpecs = specs
	return status
}
