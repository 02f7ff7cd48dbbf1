package shell

import (
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// A brace expansion that gives an empty word ({,x}, {x,}) drops it, as
// bash drops an unquoted word that expands to nothing; mvdan/sh passes
// it as an empty argument. A command's or for list's word made only of
// text and braces that expands to an empty word is expanded here, with
// the empty words left out. And bash expands braces before variables,
// so $v{1..3} is $v1 $v2 $v3 (mvdan/sh: ${v}1 ...): a word of text,
// braces and plain $name is brace-expanded here as text.

// dropEmptyBraces rewrites st's words (see above).
func dropEmptyBraces(st *syntax.Stmt) {
	switch cmd := st.Cmd.(type) {
	case *syntax.CallExpr:
		cmd.Args = bracesWithoutEmpty(cmd.Args)
	case *syntax.ForClause:
		if wi, ok := cmd.Loop.(*syntax.WordIter); ok {
			wi.Items = bracesWithoutEmpty(wi.Items)
		}
	}
}

func bracesWithoutEmpty(words []*syntax.Word) []*syntax.Word {
	var out []*syntax.Word
	changed := false
	for i, w := range words {
		expanded, ok := literalBraces(w)
		if !ok {
			expanded, ok = paramBraces(w)
		}
		if !ok {
			if changed {
				out = append(out, w)
			}
			continue
		}
		if !changed {
			out = append(out, words[:i]...)
			changed = true
		}
		out = append(out, expanded...)
	}
	if !changed {
		return words
	}
	return out
}

// literalBraces is w's brace expansion without its empty words, when w
// is only text and braces and gives an empty word.
func literalBraces(orig *syntax.Word) ([]*syntax.Word, bool) {
	w := *orig // SplitBraces replaces the parts
	if !syntax.SplitBraces(&w) {
		return nil, false
	}
	braces := false
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
		case *syntax.BraceExp:
			braces = true
			if !literalElems(p) {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	if !braces {
		return nil, false
	}
	var out []*syntax.Word
	empty := false
	for ew, err := range expand.BracesSeq(nil, &w) {
		if err != nil || len(out) > 1024 {
			return nil, false
		}
		if ew.Lit() == "" {
			empty = true
			continue
		}
		out = append(out, ew)
	}
	return out, empty
}

func literalElems(b *syntax.BraceExp) bool {
	for _, e := range b.Elems {
		for _, p := range e.Parts {
			switch p := p.(type) {
			case *syntax.Lit:
			case *syntax.BraceExp:
				if !literalElems(p) {
					return false
				}
			default:
				return false
			}
		}
	}
	return true
}

// paramBraces is the brace expansion of a word of text and $name parts,
// done on its text as bash does it, when it has braces.
func paramBraces(w *syntax.Word) ([]*syntax.Word, bool) {
	var sb strings.Builder
	param := false
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(p.Value, "\\$") {
				return nil, false
			}
			sb.WriteString(p.Value)
		case *syntax.ParamExp:
			if !p.Short || p.Param == nil || !syntax.ValidName(p.Param.Value) {
				return nil, false
			}
			sb.WriteString("$" + p.Param.Value)
			param = true
		default:
			return nil, false
		}
	}
	if !param || !strings.Contains(sb.String(), "{") {
		return nil, false
	}
	lit := &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: sb.String()}}}
	if !syntax.SplitBraces(lit) {
		return nil, false
	}
	var out []*syntax.Word
	for ew, err := range expand.BracesSeq(nil, lit) {
		if err != nil || len(out) > 1024 {
			return nil, false
		}
		f, perr := newParser().Parse(strings.NewReader(": "+ew.Lit()), "")
		if perr != nil || len(f.Stmts) != 1 {
			return nil, false
		}
		ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
		if !ok || len(ce.Args) != 2 {
			return nil, false
		}
		out = append(out, ce.Args[1])
	}
	return out, true
}
