package shell

import (
	"fmt"
	"regexp"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Two fixes to [[ ]] before it runs (testClauseRewrite).
//
// The operands of -eq, -ne, -lt, -le, -gt and -ge are arithmetic
// expressions in bash ([[ 010 -eq 8 ]], [[ x -eq 3 ]], [[ 1+1 -eq 2 ]]);
// mvdan/sh reads them as decimal numbers. Each becomes $(( operand )).
//
// In bash, the quoted parts of [[ s =~ re ]]'s right side match
// themselves (`[[ abc =~ 'a.c' ]]` fails, `[[ $s =~ "$re" ]]` matches
// $re's text); mvdan/sh reads them as regular expression syntax when the
// whole word is quoted. regexQuoteRewrite escapes them: a quoted literal
// becomes its escaped text, a quoted expansion is escaped at run time by
// an internal command (in a command substitution).

const requoteCmd = internalPrefix + "requote"

func testClauseRewrite(root syntax.Node, src string) {
	if !srcHas(src, "[[") {
		return
	}
	syntax.Walk(root, func(n syntax.Node) bool {
		bt, ok := n.(*syntax.BinaryTest)
		if !ok {
			return true
		}
		switch bt.Op {
		case syntax.TsReMatch:
			if w, ok := bt.Y.(*syntax.Word); ok {
				quoteRegexWord(w)
			}
		case syntax.TsEql, syntax.TsNeq, syntax.TsLss, syntax.TsLeq, syntax.TsGtr, syntax.TsGeq:
			bt.X, bt.Y = arithOperand(bt.X), arithOperand(bt.Y)
		}
		return true
	})
}

// arithOperand is x as $(( x )): a literal is parsed as an expression,
// other words are evaluated as one operand.
func arithOperand(x syntax.TestExpr) syntax.TestExpr {
	w, ok := x.(*syntax.Word)
	if !ok || len(w.Parts) == 0 {
		return x
	}
	if len(w.Parts) == 1 {
		if _, ok := w.Parts[0].(*syntax.ArithmExp); ok {
			return x
		}
	}
	if lit := w.Lit(); lit != "" {
		if isNumber(lit) && (lit == "0" || lit[0] != '0') {
			return x // plain decimal: nothing to evaluate
		}
		f, err := newParser().Parse(strings.NewReader("echo $(( "+lit+" ))"), "")
		if err != nil || len(f.Stmts) != 1 {
			return x
		}
		ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
		if !ok || len(ce.Args) != 2 || len(ce.Args[1].Parts) != 1 {
			return x
		}
		if _, ok := ce.Args[1].Parts[0].(*syntax.ArithmExp); !ok {
			return x
		}
		return ce.Args[1]
	}
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.ArithmExp{Left: w.Pos(), Right: w.End(), X: w}}}
}

func quoteRegexWord(w *syntax.Word) {
	var parts []syntax.WordPart
	changed := false
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted:
			if p.Dollar {
				parts = append(parts, p)
				continue
			}
			parts = append(parts, &syntax.Lit{ValuePos: p.Pos(), ValueEnd: p.End(), Value: regexp.QuoteMeta(p.Value)})
			changed = true
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if lit, ok := q.(*syntax.Lit); ok {
					parts = append(parts, &syntax.Lit{ValuePos: lit.Pos(), ValueEnd: lit.End(), Value: regexp.QuoteMeta(dquoteUnescape(lit.Value))})
					continue
				}
				arg := &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Left: q.Pos(), Right: q.End(), Parts: []syntax.WordPart{q}}}}
				call := &syntax.CallExpr{Args: []*syntax.Word{litWord(requoteCmd), arg}}
				parts = append(parts, &syntax.CmdSubst{Left: q.Pos(), Right: q.End(), Stmts: []*syntax.Stmt{{Position: q.Pos(), Cmd: call}}})
			}
			changed = true
		default:
			parts = append(parts, p)
		}
	}
	if changed {
		w.Parts = parts
	}
}

// dquoteUnescape is the text of a double-quoted literal: \ before $, `,
// ", \ or a newline is dropped.
func dquoteUnescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// requote is __memsh_requote TEXT: TEXT with the regular expression
// syntax escaped (final newlines are lost, as the command substitution
// drops them).
func requote(hc interp.HandlerContext, args []string) []string {
	if len(args) != 2 {
		return statusArgs(2)
	}
	fmt.Fprint(hc.Stdout, regexp.QuoteMeta(args[1]))
	return statusArgs(0)
}
