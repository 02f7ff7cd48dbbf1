package shell

import (
	"strconv"

	"mvdan.cc/sh/v3/syntax"
)

// In bash a command substitution sets $? as soon as it ends, so a later
// $? in the same command's words reads its status (echo $(exit 3) $?
// prints 3); mvdan/sh sets $? only after the command. substStatus
// rewrites such a simple command as
//
//	{ S=$?; C1=$(...) && S1=0 || S1=$?; CMD; }
//
// with the substitution replaced by ${C1} and each $? by ${S1} after it,
// ${S} before it.
// The && || keeps a failing substitution from ending the shell under
// set -e, as it does not in bash's arguments.

// csVar prefixes the hidden variables of substStatus.
const csVar = internalPrefix + "cs_"

func substStatus(st *syntax.Stmt) {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || !statusAfterSubst(ce) {
		return
	}
	// A $? before the first substitution reads the status from before
	// the command.
	status := csVar + "s"
	pre := []*syntax.Stmt{{Position: st.Position, Cmd: &syntax.CallExpr{Assigns: []*syntax.Assign{{
		Name: &syntax.Lit{Value: status}, Value: &syntax.Word{Parts: []syntax.WordPart{&syntax.ParamExp{Short: true, Param: &syntax.Lit{Value: "?"}}}},
	}}}}}
	var visit func(parts []syntax.WordPart)
	visit = func(parts []syntax.WordPart) {
		for i, p := range parts {
			switch p := p.(type) {
			case *syntax.DblQuoted:
				visit(p.Parts)
			case *syntax.CmdSubst:
				n := strconv.FormatUint(uint64(p.Pos().Offset()), 10)
				out, st := csVar+"c"+n, csVar+"s"+n
				assign := &syntax.Stmt{Position: p.Pos(), Cmd: &syntax.BinaryCmd{
					Op: syntax.OrStmt,
					X: &syntax.Stmt{Cmd: &syntax.BinaryCmd{
						Op: syntax.AndStmt,
						X: &syntax.Stmt{Cmd: &syntax.CallExpr{Assigns: []*syntax.Assign{{
							Name: &syntax.Lit{Value: out}, Value: &syntax.Word{Parts: []syntax.WordPart{p}},
						}}}},
						Y: &syntax.Stmt{Cmd: &syntax.CallExpr{Assigns: []*syntax.Assign{{Name: &syntax.Lit{Value: st}, Value: litWord("0")}}}},
					}},
					Y: &syntax.Stmt{Cmd: &syntax.CallExpr{Assigns: []*syntax.Assign{{
						Name: &syntax.Lit{Value: st}, Value: &syntax.Word{Parts: []syntax.WordPart{&syntax.ParamExp{Short: true, Param: &syntax.Lit{Value: "?"}}}},
					}}}},
				}}
				pre = append(pre, assign)
				parts[i] = &syntax.ParamExp{Param: &syntax.Lit{Value: out}}
				status = st
			case *syntax.ParamExp:
				if isStatusParam(p) {
					parts[i] = &syntax.ParamExp{Param: &syntax.Lit{Value: status}}
				}
			}
		}
	}
	for _, a := range ce.Assigns {
		if a.Value != nil {
			visit(a.Value.Parts)
		}
	}
	for _, w := range ce.Args {
		visit(w.Parts)
	}
	inner := &syntax.Stmt{Cmd: ce, Redirs: st.Redirs, Position: st.Position}
	st.Redirs = nil
	st.Cmd = &syntax.Block{Lbrace: st.Position, Rbrace: st.End(), Stmts: append(pre, inner)}
}

// statusAfterSubst reports whether a $? follows a command substitution
// among ce's own words (not inside the substitution).
func statusAfterSubst(ce *syntax.CallExpr) bool {
	seen, found := false, false
	var visit func(parts []syntax.WordPart)
	visit = func(parts []syntax.WordPart) {
		for _, p := range parts {
			switch p := p.(type) {
			case *syntax.DblQuoted:
				visit(p.Parts)
			case *syntax.CmdSubst:
				seen = true
			case *syntax.ParamExp:
				found = found || seen && isStatusParam(p)
			}
		}
	}
	for _, a := range ce.Assigns {
		if a.Value != nil {
			visit(a.Value.Parts)
		}
	}
	for _, w := range ce.Args {
		visit(w.Parts)
	}
	return found
}

func isStatusParam(p *syntax.ParamExp) bool {
	return p.Param != nil && p.Param.Value == "?" && plain0(p) && p.Index == nil && !p.Length && !p.Excl && !p.Width && !p.IsSet
}
