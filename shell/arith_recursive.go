package shell

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// A variable whose value is an expression (x=1+2; echo $((x*2))) is an
// expression in bash's arithmetic, evaluated in turn; mvdan/sh reads
// such a value as 0. memsh's evaluator (arith_eval.go) gets it right but
// costs an internal command per statement, so arithmetic goes through
// it only when it reads a variable the session has seen code assign
// such a value (or the name of one such variable): a
// literal that parses as an expression with an operator (1+2, a-b,
// i*2), one that starts with a digit but is no number (or is 08, 09),
// a name that is
// the variable's own (a=a), or a word whose literal text holds an operator next to an
// expansion ("$a+$b"). Values computed at run time (read, $(...)) are
// not seen. From then on every ((...)), let, for ((...)) and $((...))
// that reads one of those variables is evaluated by memsh.

// noteArithValues records the variables f assigns a value that may be
// an arithmetic expression, and those it assigns the name of one.
func (c *core) noteArithValues(f syntax.Node) {
	found := map[string]bool{}
	names := map[string]string{} // name -> the name it is assigned
	syntax.Walk(f, func(n syntax.Node) bool {
		a, ok := n.(*syntax.Assign)
		if !ok || a.Value == nil || a.Name == nil {
			return true
		}
		if exprValue(a.Name.Value, a.Value) {
			found[a.Name.Value] = true
		} else if lit := a.Value.Lit(); syntax.ValidName(lit) {
			names[a.Name.Value] = lit
		}
		return true
	})
	if len(found) == 0 && !c.exp.arithVals.Load() {
		return
	}
	e := &c.exp
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.exprVars == nil {
		e.exprVars = map[string]bool{}
	}
	for name := range found {
		e.exprVars[name] = true
	}
	for grew := true; grew; {
		grew = false
		for name, to := range names {
			if e.exprVars[to] && !e.exprVars[name] {
				e.exprVars[name], grew = true, true
			}
		}
	}
	e.arithVals.Store(len(e.exprVars) > 0)
}

// exprVar reports whether name was seen assigned an expression.
func (e *expandState) exprVar(name string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.exprVars[name]
}

// exprValue reports whether the value w assigns to name may be an
// expression, or a number or name mvdan/sh reads otherwise than bash
// (1 2, 3abc, a=a).
func exprValue(name string, w *syntax.Word) bool {
	var lit strings.Builder
	dynamic := false
	var walk func(parts []syntax.WordPart)
	walk = func(parts []syntax.WordPart) {
		for _, p := range parts {
			switch p := p.(type) {
			case *syntax.Lit:
				lit.WriteString(p.Value)
			case *syntax.SglQuoted:
				lit.WriteString(p.Value)
			case *syntax.DblQuoted:
				walk(p.Parts)
			default:
				dynamic = true
			}
		}
	}
	walk(w.Parts)
	s := strings.TrimSpace(lit.String())
	if dynamic {
		return strings.ContainsAny(s, "+-*/%<>&|^!~?:=")
	}
	if s == name || s != "" && s[0] >= '0' && s[0] <= '9' && !isNumber(s) && !strings.HasPrefix(s, "0x") && !strings.Contains(s, "#") {
		return true
	}
	if len(s) > 1 && s[0] == '0' && isNumber(s) && strings.ContainsAny(s, "89") {
		return true // 08, 09: bash's "value too great for base"
	}
	if s == "" || isNumber(s) || syntax.ValidName(s) || strings.Contains(s, "$") {
		return false
	}
	ae := parseArithm(s)
	if ae == nil {
		return false
	}
	_, plain := ae.X.(*syntax.Word)
	return !plain
}

// memshArith reports whether memsh evaluates x: it assigns to an array
// element, holds a number mvdan/sh misreads, may divide by zero, or reads a variable seen
// assigned an expression (see above).
func (c *core) memshArith(x syntax.ArithmExpr) bool {
	if x == nil {
		return false
	}
	return hasElemTarget(x) || hasBadConstant(x) || mayDivideByZero(x) || c.exp.arithVals.Load() && c.readsExprVar(x)
}

// mayDivideByZero reports whether x divides by anything but a non-zero
// constant: mvdan/sh's error for a zero divisor is not bash's, and in
// ((...)) or let it prints it without the line.
func mayDivideByZero(x syntax.ArithmExpr) bool {
	found := false
	syntax.Walk(x, func(n syntax.Node) bool {
		if b, ok := n.(*syntax.BinaryArithm); ok {
			switch b.Op {
			case syntax.Quo, syntax.Rem, syntax.QuoAssgn, syntax.RemAssgn:
				w, ok := b.Y.(*syntax.Word)
				found = found || !ok || !isNumber(w.Lit()) || isZero(w.Lit())
			}
		}
		return !found
	})
	return found
}

// readsExprVar reports whether x reads, by name or by expansion, a
// variable seen assigned an expression.
func (c *core) readsExprVar(x syntax.ArithmExpr) bool {
	found := false
	syntax.Walk(x, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Word:
			if lit := n.Lit(); lit != "" {
				found = found || syntax.ValidName(lit) && c.exp.exprVar(lit)
				return false
			}
		case *syntax.ParamExp:
			// $1 may hold a name or expression too (f x; $(($1 * 2)))
			found = found || n.Param != nil && (c.exp.exprVar(n.Param.Value) || isNumber(n.Param.Value))
		case *syntax.CmdSubst:
			return false // its words are its own; memsh's evaluator cannot run it
		}
		return !found
	})
	return found
}

// substituteText expands the $-expansions of arithmetic text as bash
// does before it parses the expression (v=1+2; $(( $v * 2 )) is 1+2*2).
// Text with a command substitution or a subscript (whose key may hold
// blanks: c[$w]++) is left to the evaluator, which expands each word by
// itself.
func substituteText(cfg *expand.Config, text string) (string, bool) {
	if !strings.Contains(text, "$") || strings.ContainsAny(text, "`[") || strings.Contains(text, "$(") {
		return text, true
	}
	w, err := newParser().Document(strings.NewReader(text))
	if err != nil {
		return text, false
	}
	s, err := expand.Document(cfg, w)
	if err != nil {
		return text, false
	}
	return s, true
}

// maskShifts makes the shift counts in x count modulo 64, as bash's
// (x86's) shifts do: 1<<64 is 1, 1<<-1 the sign bit. mvdan/sh shifts by
// the full count, which gives 0.
func maskShifts(x syntax.ArithmExpr) {
	syntax.Walk(x, func(n syntax.Node) bool {
		b, ok := n.(*syntax.BinaryArithm)
		if !ok {
			return true
		}
		switch b.Op {
		case syntax.Shl, syntax.Shr, syntax.ShlAssgn, syntax.ShrAssgn:
			if w, ok := b.Y.(*syntax.Word); ok && isNumber(w.Lit()) && len(w.Lit()) < 3 && w.Lit()[0] != '0' {
				if v, _ := strconv.Atoi(w.Lit()); v < 64 {
					return true
				}
			}
			b.Y = &syntax.ParenArithm{X: &syntax.BinaryArithm{Op: syntax.And, X: b.Y, Y: litWord("63")}}
		}
		return true
	})
}

// exprIndex reports whether pe is an element ${a[x]} whose subscript,
// or a substring ${s:x:y} whose offset or length, reads a variable seen
// assigned an expression: memsh computes it, so the arithmetic is
// evaluated as bash's (indexArith).
func (c *core) exprIndex(pe *syntax.ParamExp) bool {
	if pe.Param == nil || listIndex(pe) != "" || !c.exp.arithVals.Load() || pe.Excl || pe.Names != 0 || pe.Length || pe.Width || pe.IsSet {
		return false
	}
	if pe.Slice != nil && pe.Index == nil && pe.Repl == nil && pe.Exp == nil {
		// ${s:x:y} of a string
		return pe.Slice.Offset != nil && c.readsExprVar(pe.Slice.Offset) || pe.Slice.Length != nil && c.readsExprVar(pe.Slice.Length)
	}
	if pe.Index == nil || pe.Slice != nil {
		return false
	}
	c.assocMu.Lock()
	assoc := c.assocNames[pe.Param.Value]
	c.assocMu.Unlock()
	return !assoc && c.readsExprVar(pe.Index)
}

// indexArith evaluates an indexed array's subscript with memsh's
// evaluator: a variable whose value is an expression counts as one.
func indexArith(cfg *expand.Config, x syntax.ArithmExpr) (int, error) {
	e := &arithEval{cfg: cfg, env: cfg.Env, over: map[string]string{}}
	v, err := e.eval(x)
	return int(v), err
}

// hasShift reports whether x shifts: mvdan/sh shifts by the full count.
func hasShift(x syntax.ArithmExpr) bool {
	found := false
	syntax.Walk(x, func(n syntax.Node) bool {
		if b, ok := n.(*syntax.BinaryArithm); ok {
			switch b.Op {
			case syntax.Shl, syntax.Shr, syntax.ShlAssgn, syntax.ShrAssgn:
				found = true
			}
		}
		return !found
	})
	return found
}

// lastToken is the last token of arithmetic text s, with the blanks
// after it: ")" or an operand such as a[i], 0x1f or i++.
func lastToken(s string) string {
	t := strings.TrimRight(s, " \t\n")
	trailing := s[len(t):]
	if strings.HasSuffix(t, ")") {
		return ")" + trailing
	}
	i := len(t)
	if strings.HasSuffix(t, "++") || strings.HasSuffix(t, "--") {
		i -= 2
	}
	for i > 0 && (isNameByte(t[i-1]) || strings.IndexByte("#@[]", t[i-1]) >= 0) {
		i--
	}
	if i == len(t) {
		return s
	}
	return t[i:] + trailing
}

func isNameByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
