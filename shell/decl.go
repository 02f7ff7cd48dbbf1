package shell

import (
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// mvdan/sh v3.14.1 keeps nothing for `declare -a b` or a bare `declare
// u` (no value), so `declare -p b` says "not found" where bash prints
// "declare -a b" and "declare -- u"; `local -a x` shows as "declare --
// x". The names such statements declare are remembered (like the
// attributes of attrs.go, from the code, not per scope), and declare -p
// shows a name that is still unset with them.

// noteNakedDecl remembers the names dc declares without a value: as
// arrays with -a, as plain variables with no type flag.
func (c *core) noteNakedDecl(dc *syntax.DeclClause) {
	if dc.Variant == nil || (dc.Variant.Value != "declare" && dc.Variant.Value != "local" && dc.Variant.Value != "typeset") {
		return
	}
	kind := "-"
	var names []string
	for _, a := range dc.Args {
		switch {
		case a.Naked && a.Name != nil:
			names = append(names, a.Name.Value)
		case a.Naked && a.Value != nil:
			lit := a.Value.Lit()
			if !strings.HasPrefix(lit, "-") {
				return // a dynamic word: it may be anything
			}
			switch {
			case strings.Contains(lit, "A") || strings.ContainsAny(lit, "fFpn"):
				return
			case strings.Contains(lit, "a"):
				kind = "a"
			case kind == "-" && strings.ContainsAny(lit, "ilurx"):
				kind = "" // shown from its other attributes
			}
		}
	}
	if kind == "" || len(names) == 0 {
		return
	}
	e := &c.exp
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.naked == nil {
		e.naked = map[string]string{}
	}
	for _, n := range names {
		e.naked[n] = kind
	}
}

// nakedKind is "a" for a name declared an array without a value, "-"
// for one declared without type or value, if vr is still unset.
func (e *expandState) nakedKind(name string, vr expand.Variable) string {
	if vr.IsSet() || vr.Kind != expand.Unknown && vr.Kind != expand.KeepValue {
		return ""
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.naked[name]
}

// forgetNaked drops name on unset.
func (e *expandState) forgetNaked(name string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	delete(e.naked, name)
}

// declArrayValues makes `declare -a y=str` assign y[0], as bash's does
// (mvdan/sh made y a string).
func declArrayValues(dc *syntax.DeclClause) {
	if dc.Variant == nil || (dc.Variant.Value != "declare" && dc.Variant.Value != "local" && dc.Variant.Value != "typeset") {
		return
	}
	array := false
	for _, a := range dc.Args {
		if a.Naked && a.Name == nil && a.Value != nil {
			lit := a.Value.Lit()
			if !strings.HasPrefix(lit, "-") {
				return
			}
			if strings.Contains(lit, "A") {
				return
			}
			array = array || strings.Contains(lit, "a")
		}
	}
	if !array {
		return
	}
	for _, a := range dc.Args {
		if a.Name != nil && !a.Naked && a.Value != nil && a.Array == nil && a.Index == nil && !a.Append {
			a.Array = &syntax.ArrayExpr{Elems: []*syntax.ArrayElem{{Value: a.Value}}}
			a.Value = nil
		}
	}
}
