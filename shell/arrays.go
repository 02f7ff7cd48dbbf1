package shell

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// unsetArrays makes `unset NAME` remove an array that was declared
// without a value and then given elements (declare -A h; h[k]=v):
// mvdan/sh keeps such a variable "unset" and so its unset skips it. An
// empty assignment first sets it, as an ordinary array.
//
// A read-only variable is reported as bash does, and kept; the others
// are still unset, and the status is 1.
func (c *core) unsetArrays(hc interp.HandlerContext, args []string) []string {
	var fix []string
	keep := []string{args[0]}
	readonly := false
	for _, a := range args[1:] {
		if a == "-f" {
			return args
		}
		if msg := negUnsetMsg(hc, a); msg != "" {
			fmt.Fprintf(hc.Stderr, "%sunset: %s\n", c.ctlPrefix(hc), msg)
			readonly = true // the status is 1 (negidx.go)
			continue
		}
		if strings.HasPrefix(a, "-") || !syntax.ValidName(a) {
			keep = append(keep, a)
			continue
		}
		vr := hc.Env.Get(a)
		if vr.ReadOnly {
			fmt.Fprintf(hc.Stderr, "%sunset: %s: cannot unset: readonly variable\n", c.ctlPrefix(hc), a)
			readonly = true
			continue
		}
		keep = append(keep, a)
		c.exp.forgetNaked(a) // decl.go
		if vr.Declared() && !vr.IsSet() && (len(vr.Map) > 0 || len(vr.List) > 0) {
			fix = append(fix, a+"=()")
		}
	}
	if fix == nil && !readonly {
		return args
	}
	quoted := make([]string, len(keep))
	for i, a := range keep {
		quoted[i] = shellQuote(a)
	}
	script := strings.Join(fix, " ")
	if script != "" {
		script += "; "
	}
	script += strings.Join(quoted, " ")
	if readonly {
		script += "; " + internalPrefix + "status 1"
	}
	return []string{"eval", script}
}

// varSetIndex turns [[ -v name[index] ]], which mvdan/sh v3.14.1 takes
// as a variable named "name[index]" (never set), into
// [[ -n ${name[index]+x} ]].
func varSetIndex(t *syntax.UnaryTest) {
	w, ok := t.X.(*syntax.Word)
	if t.Op != syntax.TsVarSet || !ok {
		return
	}
	if len(w.Parts) == 1 {
		if dq, ok := w.Parts[0].(*syntax.DblQuoted); ok {
			w = &syntax.Word{Parts: dq.Parts}
		}
	}
	var buf strings.Builder
	if err := syntax.NewPrinter().Print(&buf, w); err != nil {
		return
	}
	src := buf.String()
	name, rest, ok := strings.Cut(src, "[")
	if !ok || !syntax.ValidName(name) || !strings.HasSuffix(rest, "]") {
		return
	}
	f, err := newParser().Parse(strings.NewReader(`"${`+src+`+x}"`), "")
	if err != nil || len(f.Stmts) != 1 {
		return
	}
	ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) != 1 {
		return
	}
	t.Op, t.X = syntax.TsNempStr, ce.Args[0]
}

// assocKeys makes each key of an associative array's (k=v ...) list a
// word: mvdan/sh v3.14.1 parses [a=b] or [x-y] as arithmetic, and its
// declare -A then panics on the key. The key is its source text, as
// bash reads it; keys with quotes or expansions are left alone.
func (c *core) assocKeys(st *syntax.Stmt, src string) {
	var assigns []*syntax.Assign
	switch cmd := st.Cmd.(type) {
	case *syntax.DeclClause:
		for _, a := range cmd.Args {
			if a.Name == nil && a.Value != nil && strings.HasPrefix(a.Value.Lit(), "-") && strings.Contains(a.Value.Lit(), "A") {
				assigns = cmd.Args
			}
		}
	case *syntax.CallExpr:
		c.assocMu.Lock()
		for _, a := range cmd.Assigns {
			if a.Name != nil && c.assocNames[a.Name.Value] {
				assigns = append(assigns, a)
			}
		}
		c.assocMu.Unlock()
	}
	for _, a := range assigns {
		if a.Array == nil {
			continue
		}
		for _, e := range a.Array.Elems {
			if e.Index == nil {
				continue
			}
			if w, ok := e.Index.(*syntax.Word); ok {
				// h=([k]=v) on an array declared -A: mvdan/sh makes an
				// indexed array unless the first key is quoted.
				if len(w.Parts) == 1 {
					switch w.Parts[0].(type) {
					case *syntax.SglQuoted, *syntax.DblQuoted:
						continue
					}
				}
				if lit := w.Lit(); lit != "" && !strings.Contains(lit, `\`) {
					e.Index = &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: lit}}}
				} else if lit == "" {
					e.Index = &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: w.Parts}}}
				}
				continue
			}
			start, end := int(e.Index.Pos().Offset()), int(e.Index.End().Offset())
			if start < 0 || end > len(src) || start >= end {
				continue
			}
			key := src[start:end]
			if strings.ContainsAny(key, "$`'\"\\") {
				continue
			}
			e.Index = &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: key}}}
		}
	}
}

// declareFuncNames turns `declare -F [NAME...]` (which mvdan/sh
// refuses) into `__memsh_declare_p LINE -F NAME...`, for declareF, and
// `declare -f [NAME...]` into the same with -f.
func declareFuncNames(st *syntax.Stmt, dc *syntax.DeclClause) bool {
	if dc.Variant.Value == "local" {
		return false
	}
	funcNames, funcs := false, false
	var names []*syntax.Word
	for _, a := range dc.Args {
		switch {
		case a.Naked && a.Name != nil:
			names = append(names, litWord(a.Name.Value))
		case a.Naked && a.Value != nil && strings.HasPrefix(a.Value.Lit(), "-"):
			lit := a.Value.Lit()
			if strings.Trim(lit[1:], "fF") != "" {
				return false
			}
			funcNames = funcNames || strings.Contains(lit, "F")
			funcs = funcs || strings.Contains(lit, "f")
		case a.Naked && a.Value != nil:
			names = append(names, a.Value)
		default:
			return false
		}
	}
	flag := "-F"
	switch {
	case funcNames:
	case funcs:
		flag = "-f" // printed as bash lays functions out (funcprint.go)
	default:
		return false
	}
	words := []*syntax.Word{litWord(internalPrefix + "declare_p"), litWord(strconv.FormatUint(uint64(st.Pos().Line()), 10)), litWord(flag)}
	st.Cmd = &syntax.CallExpr{Args: append(words, names...)}
	return true
}

// declareFuncs is declare -f: the definitions of the functions given
// (status 1 if one does not exist), or of every function.
func (c *core) declareFuncs(hc interp.HandlerContext, names []string) int {
	r := callingRunner(hc)
	if r == nil {
		return 1
	}
	if len(names) == 0 {
		for name := range r.Funcs {
			names = append(names, name)
		}
		slices.Sort(names)
	}
	status := 0
	for _, name := range names {
		if body, ok := r.Funcs[name]; ok {
			io.WriteString(hc.Stdout, c.funcText(name, body))
		} else {
			status = 1
		}
	}
	return status
}

// declareF is declare -F: the names of the functions given that exist
// (status 1 if one does not), or `declare -f NAME` for every function.
func declareF(hc interp.HandlerContext, names []string) int {
	r := callingRunner(hc)
	if r == nil {
		return 1
	}
	if len(names) == 0 {
		all := make([]string, 0, len(r.Funcs))
		for name := range r.Funcs {
			all = append(all, name)
		}
		slices.Sort(all)
		for _, name := range all {
			fmt.Fprintf(hc.Stdout, "declare -f %s\n", name)
		}
		return 0
	}
	status := 0
	for _, name := range names {
		if _, ok := r.Funcs[name]; ok {
			fmt.Fprintln(hc.Stdout, name)
		} else {
			status = 1
		}
	}
	return status
}

// readonlyNames are the read-only variables, sorted, for readonly -p.
func readonlyNames(hc interp.HandlerContext) []string {
	var names []string
	hc.Env.Each(func(name string, vr expand.Variable) bool {
		if vr.ReadOnly && !strings.HasPrefix(name, internalPrefix) {
			names = append(names, name)
		}
		return true
	})
	slices.Sort(names)
	return slices.Compact(names)
}

// assocIndex makes the index of an element of an array this session
// declared -A a word (h[a-b], ${h[k+1]}): mvdan/sh parses it as
// arithmetic, loses the assignment and panics on the expansion. The key
// is its source text, as bash reads it.
func (c *core) assocIndex(idx *syntax.ArithmExpr, name, src string) {
	if *idx == nil {
		return
	}
	if _, ok := (*idx).(*syntax.Word); ok {
		return
	}
	c.assocMu.Lock()
	assoc := c.assocNames[name]
	c.assocMu.Unlock()
	if !assoc {
		return
	}
	start, end := int((*idx).Pos().Offset()), int((*idx).End().Offset())
	if start < 0 || end > len(src) || start >= end {
		return
	}
	if key := src[start:end]; !strings.ContainsAny(key, "$`'\"\\") {
		*idx = &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: key}}}
	}
}

// exportedNames are the exported variables, sorted, for export -p:
// with a value or without one (export NAME).
func exportedNames(hc interp.HandlerContext) []string {
	exported := map[string]bool{}
	hc.Env.Each(func(name string, vr expand.Variable) bool {
		// Each may name a variable again for an inner scope: the last
		// one counts. mvdan/sh sets PWD and OLDPWD without the export
		// attribute bash gives them (see exportedEnv).
		exported[name] = vr.Exported || (name == "PWD" || name == "OLDPWD") && vr.IsSet()
		return true
	})
	var names []string
	for name, ok := range exported {
		if ok && !strings.HasPrefix(name, internalPrefix) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}
