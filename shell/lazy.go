package shell

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// mvdan/sh v3.14.1 expands the word of ${x:-word}, ${x+word}, ${x:=word}
// and the like before it looks at x, so ${x:-$(cmd)} runs cmd even when
// x is set (and $((y=5)) assigns). bash expands the word only when it
// is used. In a simple command or declaration, each such expansion of a plain variable
// whose word runs something becomes ${__memsh_dN}, computed first by
//
//	S0=$?; S=$S0; if [[ TEST ]]; then D=$x; else D=word && S=0 || S=$?; fi
//
// (the branches as the operator wants; := assigns x), so the word runs
// only when bash would run it. A $? among the command's words reads S0
// before the first such expansion and S after it; an assignment alone
// ends with `__memsh_status $S` (S starts at 0), so its status is the
// word's as in bash, and a failing word in a command's arguments does
// not end the shell under set -e.

const lazyVar = internalPrefix + "d"

// lazyDefaults rewrites st's lazy expansions (see above).
func lazyDefaults(st *syntax.Stmt) {
	var assigns []*syntax.Assign
	var args []*syntax.Word
	switch cmd := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(cmd.Args) > 0 && strings.HasPrefix(cmd.Args[0].Lit(), internalPrefix) {
			return
		}
		assigns, args = cmd.Assigns, cmd.Args
	case *syntax.DeclClause:
		assigns = cmd.Args // local v=${1:-$(cmd)}
	case *syntax.ForClause:
		wi, ok := cmd.Loop.(*syntax.WordIter)
		if !ok {
			return
		}
		args = wi.Items // expanded once, before the loop
	case *syntax.CaseClause:
		args = []*syntax.Word{cmd.Word}
	default:
		return
	}
	if !hasLazy(assigns, args) {
		return
	}
	s0, s := internalPrefix+"ds0", internalPrefix+"ds"
	// An assignment alone has the status of its last substitution, or 0.
	_, bare := st.Cmd.(*syntax.CallExpr)
	bare = bare && len(args) == 0
	init := s0 + "=$?; " + s + "=$" + s0
	if bare {
		init = s0 + "=$?; " + s + "=0"
	}
	f, err := newParser().Parse(strings.NewReader(init), "")
	if err != nil {
		return
	}
	pre := f.Stmts
	status := s0 // what $? reads so far
	var visit func(parts []syntax.WordPart)
	visit = func(parts []syntax.WordPart) {
		for i, p := range parts {
			switch p := p.(type) {
			case *syntax.DblQuoted:
				visit(p.Parts)
			case *syntax.ParamExp:
				if isStatusParam(p) {
					parts[i] = &syntax.ParamExp{Param: &syntax.Lit{Value: status}}
					continue
				}
				if !lazyWord(p) {
					continue
				}
				name := lazyVar + strconv.FormatUint(uint64(p.Pos().Offset()), 10)
				stmts := lazyStmts(p, name, s)
				if stmts == nil {
					continue
				}
				pre = append(pre, stmts...)
				parts[i] = &syntax.ParamExp{Param: &syntax.Lit{Value: name}}
				status = s
			}
		}
	}
	for _, a := range assigns {
		if a.Value != nil {
			visit(a.Value.Parts)
		}
	}
	for _, w := range args {
		visit(w.Parts)
	}
	for _, p := range pre {
		p.Position = st.Position
	}
	inner := &syntax.Stmt{Cmd: st.Cmd, Redirs: st.Redirs, Position: st.Position}
	st.Redirs = nil
	stmts := append(pre, inner)
	if bare {
		stmts = append(stmts, &syntax.Stmt{Position: st.Position, Cmd: &syntax.CallExpr{Args: []*syntax.Word{
			litWord(internalPrefix + "status"), {Parts: []syntax.WordPart{&syntax.ParamExp{Param: &syntax.Lit{Value: s}}}},
		}}})
	}
	st.Cmd = &syntax.Block{Lbrace: st.Position, Rbrace: st.End(), Stmts: stmts}
}

// hasLazy reports whether one of the words holds a lazy expansion.
func hasLazy(assigns []*syntax.Assign, args []*syntax.Word) bool {
	found := false
	check := func(w *syntax.Word) {
		if w == nil {
			return
		}
		var visit func(parts []syntax.WordPart)
		visit = func(parts []syntax.WordPart) {
			for _, p := range parts {
				switch p := p.(type) {
				case *syntax.DblQuoted:
					visit(p.Parts)
				case *syntax.ParamExp:
					found = found || lazyWord(p)
				}
			}
		}
		visit(w.Parts)
	}
	for _, a := range assigns {
		check(a.Value)
	}
	for _, w := range args {
		check(w)
	}
	return found
}

// lazyWord reports whether pe is ${name OP word} of a plain variable or
// positional parameter with OP one of - :- + :+ = := and a word that
// runs something.
func lazyWord(pe *syntax.ParamExp) bool {
	if pe.Param == nil || pe.Exp == nil || pe.Exp.Word == nil || pe.Index != nil || pe.Excl || pe.Length || pe.Width || pe.Slice != nil || pe.Repl != nil {
		return false
	}
	name := syntax.ValidName(pe.Param.Value)
	if !name && !isNumber(pe.Param.Value) {
		return false
	}
	switch pe.Exp.Op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
	case syntax.AssignUnset, syntax.AssignUnsetOrNull:
		if !name {
			return false // bash: $1: cannot assign in this way
		}
	default:
		return false
	}
	runs := false
	syntax.Walk(pe.Exp.Word, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ArithmExp, *syntax.ProcSubst:
			runs = true
		}
		return !runs
	})
	return runs
}

// lazyStmts is the statement that computes pe into the variable d,
// setting s to the word's status when it runs.
func lazyStmts(pe *syntax.ParamExp, d, s string) []*syntax.Stmt {
	x := pe.Param.Value
	test := "-n ${" + x + "+set}" // set
	switch pe.Exp.Op {
	case syntax.DefaultUnsetOrNull, syntax.AlternateUnsetOrNull, syntax.AssignUnsetOrNull:
		test = "-n ${" + x + "-}" // set and not null
	}
	word := d + "=" + lazyVar + " && " + s + "=0 || " + s + "=$?"
	var body string
	switch pe.Exp.Op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull:
		body = "then " + d + "=$" + x + "; else " + word + "; fi"
	case syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
		body = "then " + word + "; else " + d + "=; fi"
	default: // := and =
		word = x + "=" + lazyVar + " && " + s + "=0 || " + s + "=$?"
		body = "then :; else " + word + "; fi; " + d + "=$" + x
	}
	f, err := newParser().Parse(strings.NewReader("if [[ "+test+" ]]; "+body), "")
	if err != nil {
		return nil
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		if a, ok := n.(*syntax.Assign); ok && a.Value != nil && a.Value.Lit() == lazyVar {
			a.Value = &syntax.Word{Parts: pe.Exp.Word.Parts}
		}
		return true
	})
	return f.Stmts
}
