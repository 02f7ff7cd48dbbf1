package interp

import (
	"context"
	"sort"
	"strings"
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
const completeBuckets = 256

// compSpec is one completion specification (complete).
type compSpec struct {
	text string // the options as complete -p prints them
	seq  int
}

// builtinComplete is complete: completion specifications are kept and
// listed (-p) and removed (-r); a script never completes, so they are
// not used.
func builtinComplete(ctx context.Context, r *Runner, args []string) int {
	const usage = "complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]"
	var opts []string
	list, remove := false, false
	rest := args[1:]
	for len(rest) > 0 && len(rest[0]) > 1 && rest[0][0] == '-' {
		a := rest[0]
		rest = rest[1:]
		if a == "--" {
			break
		}
		for j := 1; j < len(a); j++ {
			c := a[j]
			switch {
			case c == 'p':
				list = true
			case c == 'r':
				remove = true
			case strings.IndexByte("abcdefgjksuvDEI", c) >= 0:
				opts = append(opts, "-"+string(c))
			case strings.IndexByte("oAGWFCXPS", c) >= 0:
				v := a[j+1:]
				if v == "" {
					if len(rest) == 0 {
						r.errorf("complete: -%c: option requires an argument", c)
						r.printErr("complete: usage: " + usage + "\n")
						return 2
					}
					v, rest = rest[0], rest[1:]
				}
				if c == 'W' || c == 'G' || c == 'X' || c == 'P' || c == 'S' || c == 'C' {
					v = bashQuote(v)
				}
				opts = append(opts, "-"+string(c)+" "+v)
				j = len(a)
			default:
				return r.usageError("complete", "-"+string(c), usage)
			}
		}
	}
	if remove {
		if len(rest) == 0 {
			r.compSpecs = nil
			return 0
		}
		status := 0
		specs := r.cloneSpecs()
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
	if list || len(opts) == 0 {
		names := rest
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
			b.WriteString("complete " + sp.text + " " + n + "\n")
		}
		if st := r.writeOut("complete", []byte(b.String())); st != 0 {
			return st
		}
		return status
	}
	// bash prints the options in its own order: -o first, then actions,
	// then -F and the rest as given.
	sort.SliceStable(opts, func(i, j int) bool { return compOptRank(opts[i]) < compOptRank(opts[j]) })
	specs := r.cloneSpecs()
	for _, n := range rest {
		r.compSeq++
		specs[n] = compSpec{text: strings.Join(opts, " "), seq: r.compSeq}
	}
	r.compSpecs = specs
	return 0
}

func compOptRank(o string) int {
	switch o[1] {
	case 'o':
		return 0
	case 'F':
		return 2
	}
	return 1
}

func (r *Runner) cloneSpecs() map[string]compSpec {
	m := make(map[string]compSpec, len(r.compSpecs)+1)
	for k, v := range r.compSpecs {
		m[k] = v
	}
	return m
}

// compKeywords are bash's reserved words in the order compgen -k lists
// them.
var compKeywords = []string{"if", "then", "else", "elif", "fi", "case", "esac", "for", "select", "while",
	"until", "do", "done", "in", "function", "time", "{", "}", "!", "[[", "]]", "coproc"}

// builtinCompgen is compgen [-abcdefkuv] [-A action] [-W words] [-X
// filter] [-P prefix] [-S suffix] [word]: the completions of word.
func builtinCompgen(ctx context.Context, r *Runner, args []string) int {
	const usage = "compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]"
	var cands []string
	prefix, suffix, filter := "", "", ""
	hasFilter := false
	rest := args[1:]
	add := func(action byte) bool {
		switch action {
		case 'a':
			cands = append(cands, r.aliases.names()...)
		case 'b':
			for _, n := range r.builtinNames() {
				if !r.disabled[n] {
					cands = append(cands, n)
				}
			}
		case 'k':
			cands = append(cands, compKeywords...)
		case 'v':
			cands = append(cands, r.vars.names()...)
		case 'e':
			for _, kv := range r.environ() {
				k, _, _ := strings.Cut(kv, "=")
				cands = append(cands, k)
			}
		case 'c':
			cands = append(cands, r.aliases.names()...)
			cands = append(cands, r.funcs.names()...)
			cands = append(cands, r.builtinNames()...)
			cands = append(cands, compKeywords...)
			for n := range r.cfg.Commands {
				cands = append(cands, n)
			}
		case 'f', 'd':
			dirs := action == 'd'
			cands = append(cands, r.fileCompletions(dirs)...)
		case 'u':
			cands = append(cands, "root", "user")
		case 'g', 'j', 's':
		default:
			return false
		}
		return true
	}
	actions := map[string]byte{"alias": 'a', "builtin": 'b', "command": 'c', "directory": 'd', "export": 'e',
		"file": 'f', "keyword": 'k', "user": 'u', "variable": 'v', "function": 'F', "group": 'g', "job": 'j', "service": 's'}
	for len(rest) > 0 && len(rest[0]) > 1 && rest[0][0] == '-' {
		a := rest[0]
		rest = rest[1:]
		if a == "--" {
			break
		}
		for j := 1; j < len(a); j++ {
			c := a[j]
			if strings.IndexByte("oAGWFCXPS", c) >= 0 {
				v := a[j+1:]
				if v == "" {
					if len(rest) == 0 {
						r.errorf("compgen: -%c: option requires an argument", c)
						r.printErr("compgen: usage: " + usage + "\n")
						return 2
					}
					v, rest = rest[0], rest[1:]
				}
				j = len(a)
				switch c {
				case 'W':
					fs, ok := r.splitWords(ctx, v)
					if !ok {
						return 1
					}
					cands = append(cands, fs...)
				case 'A':
					act, ok := actions[v]
					if !ok {
						r.errorf("compgen: %s: invalid action name", v)
						return 2
					}
					if act == 'F' {
						cands = append(cands, r.funcs.names()...)
					} else {
						add(act)
					}
				case 'X':
					filter, hasFilter = v, true
				case 'P':
					prefix = v
				case 'S':
					suffix = v
				}
				continue
			}
			if !add(c) {
				return r.usageError("compgen", "-"+string(c), usage)
			}
		}
	}
	word := ""
	if len(rest) > 0 {
		word = rest[0]
	}
	var b strings.Builder
	n := 0
	for _, c := range cands {
		if !strings.HasPrefix(c, word) {
			continue
		}
		if hasFilter {
			neg := strings.HasPrefix(filter, "!")
			if r.match(strings.TrimPrefix(filter, "!"), c) != neg {
				continue
			}
		}
		b.WriteString(prefix + c + suffix + "\n")
		n++
	}
	if st := r.writeOut("compgen", []byte(b.String())); st != 0 {
		return st
	}
	if n == 0 {
		return 1
	}
	return 0
}

// splitWords is compgen -W's list: expanded, then split on IFS.
func (r *Runner) splitWords(ctx context.Context, text string) ([]string, bool) {
	v, ok := r.expandText(ctx, text)
	if !ok {
		return nil, false
	}
	ifs, set := r.getVar("IFS")
	if !set {
		ifs = " \t\n"
	}
	return strings.FieldsFunc(v, func(c rune) bool { return strings.ContainsRune(ifs, c) }), true
}

// fileCompletions is the names in the working directory (directories
// only when dirs), as compgen -f/-d without a word lists them.
func (r *Runner) fileCompletions(dirs bool) []string {
	entries, err := r.cfg.FS.ReadDir(r.dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if dirs && !e.IsDir() {
			continue
		}
		out = append(out, e.Name())
	}
	return out
}
