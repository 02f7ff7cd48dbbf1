package shell

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Arithmetic that assigns to an array element (((count[$w]++)),
// $((a[i]+=2))) is evaluated by memsh: mvdan/sh v3.14.1 takes the
// element for a variable with an empty name and panics. A ((...))
// or let command becomes `__memsh_arith LINE KIND EXPR`; a $((...)) goes through
// the expansion helper (rewrite_expand.go), so its assignments happen
// before the rest of its statement runs. The evaluator follows bash:
// a variable whose value is an expression is evaluated in turn, and
// constants are checked (08, 2#3: "value too great for base").

// arithCmd is the internal command a ((...)) becomes.
const arithCmd = internalPrefix + "arith"

// elemArithStmt rewrites a ((...)) or let command that assigns to an
// element.
func (c *core) elemArithStmt(st *syntax.Stmt, src string) {
	var kind, text string
	var pos syntax.Pos
	switch cmd := st.Cmd.(type) {
	case *syntax.ArithmCmd:
		start, end := int(cmd.Left.Offset())+2, int(cmd.Right.Offset())
		if !c.memshArith(cmd.X) || start > end || end > len(src) {
			return
		}
		kind, text, pos = "((", src[start:end], cmd.Left
	case *syntax.ForClause:
		c.cfor(st, cmd, src)
		return
	case *syntax.LetClause:
		found := false
		var texts []string
		for _, x := range cmd.Exprs {
			found = found || c.memshArith(x)
			if start, end := int(x.Pos().Offset()), int(x.End().Offset()); start < end && end <= len(src) && !strings.ContainsAny(src[start:end], "\"'\\") {
				texts = append(texts, src[start:end]) // as written, for messages
				continue
			}
			var buf strings.Builder
			if err := syntax.NewPrinter().Print(&buf, &syntax.ArithmCmd{X: x}); err != nil {
				return
			}
			texts = append(texts, strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(buf.String()), "(("), "))"))
		}
		if !found {
			return
		}
		kind, text, pos = "let", strings.Join(texts, ", "), cmd.Let
	default:
		return
	}
	st.Cmd = &syntax.CallExpr{Args: []*syntax.Word{
		{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pos, Value: arithCmd}}},
		litWord(strconv.FormatUint(uint64(pos.Line()), 10)),
		{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: kind}}},
		{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: text}}},
	}}
}

// cfor rewrites `for ((INIT; COND; POST)); do BODY; done` whose header
// assigns to an element as
// `((INIT)); V=1; while { if [[ $V ]]; then V=; else ((POST)); fi; ((COND)); }; do BODY; done`
// (continue runs POST, as in the loop), whose ((...)) are then
// rewritten as above.
func (c *core) cfor(st *syntax.Stmt, fc *syntax.ForClause, src string) {
	loop, ok := fc.Loop.(*syntax.CStyleLoop)
	if !ok {
		return
	}
	text := func(x syntax.ArithmExpr, empty string) (string, bool) {
		if x == nil {
			return empty, true
		}
		start, end := int(x.Pos().Offset()), int(x.End().Offset())
		if start > end || end > len(src) {
			return "", false
		}
		return "((" + src[start:end] + "))", true
	}
	if !c.memshArith(loop.Init) && !c.memshArith(loop.Cond) && !c.memshArith(loop.Post) {
		return
	}
	init, ok1 := text(loop.Init, ":")
	cond, ok2 := text(loop.Cond, ":")
	post, ok3 := text(loop.Post, ":")
	if !ok1 || !ok2 || !ok3 {
		return
	}
	v := internalPrefix + "cf_" + strconv.FormatUint(uint64(loop.Lparen.Offset()), 10)
	tmpl := init + "; " + v + "=1; while { if [[ -n $" + v + " ]]; then " + v + "=; else " + post + "; fi; " + cond + "; }; do :; done"
	f, err := newParser().Parse(strings.NewReader(tmpl), "")
	if err != nil || len(f.Stmts) != 3 {
		return
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		if s, ok := n.(*syntax.Stmt); ok {
			c.elemArithStmt(s, tmpl)
		}
		return true
	})
	wc, ok := f.Stmts[2].Cmd.(*syntax.WhileClause)
	if !ok {
		return
	}
	wc.Do = fc.Do
	st.Cmd = &syntax.Block{Lbrace: st.Position, Rbrace: st.End(), Stmts: f.Stmts}
}

// hasBadConstant reports whether x holds a number bash rejects (08,
// 0b1, 2#3), which mvdan/sh reads as 0 without a word, or a negative
// exponent written as such (2**-1), whose error mvdan/sh words its way.
func hasBadConstant(x syntax.ArithmExpr) bool {
	if x == nil {
		return false
	}
	bad := false
	syntax.Walk(x, func(n syntax.Node) bool {
		if b, ok := n.(*syntax.BinaryArithm); ok && b.Op == syntax.Pow {
			if u, ok := b.Y.(*syntax.UnaryArithm); ok && u.Op == syntax.Minus {
				bad = true // a negative exponent: bash's error
			}
		}
		if w, ok := n.(*syntax.Word); ok {
			if lit := w.Lit(); lit != "" && lit[0] >= '0' && lit[0] <= '9' {
				_, err := (&arithEval{}).constant(lit)
				bad = bad || err != nil || len(lit) > 18 && isNumber(lit) // past int64: bash wraps, mvdan/sh saturates
			}
			return false
		}
		return !bad
	})
	return bad
}

// hasElemTarget reports whether x assigns to, or steps, an array element.
func hasElemTarget(x syntax.ArithmExpr) bool {
	if x == nil {
		return false
	}
	found := false
	syntax.Walk(x, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.UnaryArithm:
			if n.Op == syntax.Inc || n.Op == syntax.Dec {
				found = found || isElemRef(n.X)
			}
		case *syntax.BinaryArithm:
			if isAssignOp(n.Op) {
				found = found || isElemRef(n.X)
			}
		}
		return !found
	})
	return found
}

func isElemRef(x syntax.ArithmExpr) bool {
	_, ok := elemRef(x)
	return ok
}

// elemRef is the name[index] that x refers to, if it is one.
func elemRef(x syntax.ArithmExpr) (*syntax.ParamExp, bool) {
	w, ok := x.(*syntax.Word)
	if !ok || len(w.Parts) != 1 {
		return nil, false
	}
	pe, ok := w.Parts[0].(*syntax.ParamExp)
	if !ok || pe.Index == nil || pe.Param == nil || !pe.Short || pe.Dollar.IsValid() {
		return nil, false
	}
	return pe, true
}

// arithBuiltin answers __memsh_arith LINE KIND EXPR: ((EXPR)) or let as
// bash runs them. An error is reported and fails the command.
func (c *core) arithBuiltin(hc interp.HandlerContext, args []string) []string {
	if len(args) != 4 {
		return statusArgs(2)
	}
	// bash shows ((...))'s text with its blanks before the )).
	val, script, done, msg := c.evalArith(hc, args[3])
	if name, ok := strings.CutPrefix(msg, unboundMark); ok {
		return []string{"eval", `: "${` + name + `}"`} // set -u's error, as mvdan/sh reports it
	}
	status := 0
	if val == 0 {
		status = 1
	}
	if msg != "" {
		// What was assigned before the error stays assigned.
		io.WriteString(hc.Stderr, c.funcMsg(hc, args[1], c.errPrefix(args[1])+args[2]+": "+msg))
		status = 1
	}
	for _, d := range done {
		if hc.Env.Get(d.ref.name).ReadOnly {
			fmt.Fprintf(hc.Stderr, "%s%s: readonly variable\n", c.errPrefix(args[1]), d.ref.name)
			return statusArgs(1)
		}
	}
	if c.setDirect(hc, done) {
		return statusArgs(status)
	}
	return []string{"eval", script + internalPrefix + "status " + strconv.Itoa(status)}
}

// evalArith evaluates text, giving its value, the assignments it made as
// shell source (up to the error, if any), and bash's message for an
// error.
func (c *core) evalArith(hc interp.HandlerContext, text string) (int64, string, []arithSet, string) {
	env := paramEnv{hc}
	cfg := &expand.Config{Env: env}
	text, _ = substituteText(cfg, text)
	ae := cachedArithm(text)
	if ae == nil {
		return 0, "", nil, fmt.Sprintf("%s: syntax error: operand expected (error token is \"%s\")\n", text, errorToken(text))
	}
	e := &arithEval{cfg: cfg, env: env, over: map[string]string{}, text: text}
	e.nounset, _ = runnerOpt(hc, optNounset)
	v, err := e.eval(ae.X)
	if u, ok := err.(unboundErr); ok {
		return 0, "", nil, unboundMark + string(u)
	}
	var sb strings.Builder
	for _, s := range e.sets {
		sb.WriteString(s + "; ")
	}
	if err != nil {
		return 0, sb.String(), e.done, err.Error() + "\n"
	}
	return v, sb.String(), e.done, ""
}

// arithms caches parsed expressions: a loop evaluates the same text on
// each pass.
var arithms parseCache[syntax.ArithmExp]

func cachedArithm(text string) *syntax.ArithmExp {
	return arithms.get(text, parseArithm)
}

// arithSet is one assignment arithmetic made.
type arithSet struct {
	ref   arithRef
	value string
}

// setDirect makes the assignments in the caller's variables without
// eval, when every target is a plain variable, an associative array or
// a dense indexed array (not read-only, with no attribute memsh
// tracks); it reports whether it did.
func (c *core) setDirect(hc interp.HandlerContext, sets []arithSet) bool {
	env, direct := runnerEnv(hc.Env)
	if !direct {
		return false
	}
	for _, s := range sets {
		vr := hc.Env.Get(s.ref.name)
		if vr.ReadOnly || vr.Kind == expand.NameRef || c.exp.attr(s.ref.name) != "" {
			return false
		}
	}
	for _, s := range sets {
		vr := env.Get(s.ref.name)
		switch {
		case !s.ref.elem && (vr.Kind == expand.String || !vr.Declared()):
			vr.Set, vr.Kind, vr.Str = true, expand.String, s.value
		case s.ref.assoc && vr.Kind == expand.Associative:
			m := make(map[string]string, len(vr.Map)+1)
			for k, v := range vr.Map {
				m[k] = v
			}
			m[s.ref.index] = s.value
			vr.Set, vr.Map = true, m
		case s.ref.elem && !s.ref.assoc && vr.Kind == expand.Indexed && vr.Indexes == nil:
			i, err := strconv.Atoi(s.ref.index)
			if err != nil || i > len(vr.List) {
				return false
			}
			list := append(make([]string, 0, max(len(vr.List), i+1)), vr.List...)
			if i == len(list) {
				list = append(list, s.value)
			} else {
				list[i] = s.value
			}
			vr.Set, vr.List = true, list
		default:
			return false
		}
		if env.Set(s.ref.name, vr) != nil {
			return false
		}
	}
	return true
}

// paramEnv is the caller's variables with its positional parameters
// and $#, $?, which the handler's environment lacks.
type paramEnv struct{ hc interp.HandlerContext }

func (p paramEnv) Get(name string) expand.Variable { return specialParam(p.hc, name) }

func (p paramEnv) Each(f func(name string, vr expand.Variable) bool) { p.hc.Env.Each(f) }

// arithEval evaluates one arithmetic expression over the caller's
// variables; assignments go to over (read back first) and to sets, as
// shell assignments in order.
type arithEval struct {
	cfg   *expand.Config
	env   expand.Environ
	over  map[string]string
	sets  []string
	done  []arithSet // the same assignments, for setting directly
	text  string
	depth int
	// nounset: reading an unset variable is set -u's error
	// (nounset.go).
	nounset bool
}

// arithError is bash's message for an arithmetic error.
func (e *arithEval) errorf(expr, format string, a ...any) error {
	return errors.New(strings.TrimLeft(expr, " \t\n") + ": " + fmt.Sprintf(format, a...))
}

// tokenFrom is the text from node n to the end of the expression, for
// bash's "(error token is ...)"; n's offsets are parseArithm's.
func (e *arithEval) tokenFrom(n syntax.Node) string {
	off := int(n.Pos().Offset()) - len(": $((")
	if off < 0 || off > len(e.text) {
		return e.text
	}
	return e.text[off:]
}

func (e *arithEval) eval(x syntax.ArithmExpr) (int64, error) {
	switch x := x.(type) {
	case *syntax.ParenArithm:
		return e.eval(x.X)
	case *syntax.Word:
		if pe, ok := elemRef(x); ok {
			ref, err := e.elemKey(pe)
			if err != nil {
				return 0, err
			}
			return e.valueOf(e.get(ref))
		}
		s, err := expand.Literal(e.cfg, x)
		if err != nil {
			return 0, err
		}
		if x.Lit() == "" {
			// An expansion's text is an expression of its own.
			return e.valueOf(s)
		}
		if syntax.ValidName(s) {
			if err := e.checkSet(arithRef{name: s}); err != nil {
				return 0, err
			}
			return e.valueOf(e.get(arithRef{name: s}))
		}
		return e.constant(s)
	case *syntax.UnaryArithm:
		if x.Op == syntax.Inc || x.Op == syntax.Dec {
			ref, err := e.target(x.X)
			if err != nil {
				return 0, err
			}
			if err := e.checkSet(ref); err != nil {
				return 0, err
			}
			old, err := e.valueOf(e.get(ref))
			if err != nil {
				return 0, err
			}
			v := old + 1
			if x.Op == syntax.Dec {
				v = old - 1
			}
			e.set(ref, v)
			if x.Post {
				return old, nil
			}
			return v, nil
		}
		v, err := e.eval(x.X)
		if err != nil {
			return 0, err
		}
		switch x.Op {
		case syntax.Not:
			return boolInt(v == 0), nil
		case syntax.BitNegation:
			return ^v, nil
		case syntax.Minus:
			return -v, nil
		}
		return v, nil
	case *syntax.BinaryArithm:
		return e.binary(x)
	}
	return 0, e.errorf(e.text, "syntax error in expression")
}

func (e *arithEval) binary(x *syntax.BinaryArithm) (int64, error) {
	switch x.Op {
	case syntax.TernQuest:
		cond, err := e.eval(x.X)
		if err != nil {
			return 0, err
		}
		alt, ok := x.Y.(*syntax.BinaryArithm)
		if !ok || alt.Op != syntax.TernColon {
			return 0, e.errorf(e.text, "`:' expected for conditional expression")
		}
		if cond != 0 {
			return e.eval(alt.X)
		}
		return e.eval(alt.Y)
	case syntax.AndArit, syntax.OrArit:
		l, err := e.eval(x.X)
		if err != nil {
			return 0, err
		}
		if x.Op == syntax.AndArit && l == 0 || x.Op == syntax.OrArit && l != 0 {
			return boolInt(l != 0), nil
		}
		r, err := e.eval(x.Y)
		return boolInt(r != 0), err
	}
	if isAssignOp(x.Op) {
		// bash evaluates the value before the element's index for =
		// (a[i++]=i), and the index first for += and the like, which
		// read the element (a[i]+=i++).
		var ref arithRef
		var err error
		if x.Op != syntax.Assgn {
			if ref, err = e.target(x.X); err != nil {
				return 0, err
			}
		}
		r, err := e.eval(x.Y)
		if err != nil {
			return 0, err
		}
		if x.Op == syntax.Assgn {
			if ref, err = e.target(x.X); err != nil {
				return 0, err
			}
		}
		v := r
		if (x.Op == syntax.QuoAssgn || x.Op == syntax.RemAssgn) && r == 0 {
			// bash has read the whole value: its error names the
			// value's last token.
			return 0, e.errorf(e.text, "division by 0 (error token is \"%s\")", lastToken(e.tokenFrom(x.Y)))
		}
		if x.Op != syntax.Assgn {
			if err := e.checkSet(ref); err != nil {
				return 0, err
			}
			old, err := e.valueOf(e.get(ref))
			if err != nil {
				return 0, err
			}
			if v, err = e.apply(assignBase(x.Op), old, r, x.Y); err != nil {
				return 0, err
			}
		}
		e.set(ref, v)
		return v, nil
	}
	l, err := e.eval(x.X)
	if err != nil {
		return 0, err
	}
	r, err := e.eval(x.Y)
	if err != nil {
		return 0, err
	}
	return e.apply(x.Op, l, r, x.Y)
}

func assignBase(op syntax.BinAritOperator) syntax.BinAritOperator {
	switch op {
	case syntax.AddAssgn:
		return syntax.Add
	case syntax.SubAssgn:
		return syntax.Sub
	case syntax.MulAssgn:
		return syntax.Mul
	case syntax.QuoAssgn:
		return syntax.Quo
	case syntax.RemAssgn:
		return syntax.Rem
	case syntax.AndAssgn:
		return syntax.And
	case syntax.OrAssgn:
		return syntax.Or
	case syntax.XorAssgn:
		return syntax.Xor
	case syntax.ShlAssgn:
		return syntax.Shl
	case syntax.ShrAssgn:
		return syntax.Shr
	}
	return op
}

func (e *arithEval) apply(op syntax.BinAritOperator, l, r int64, rnode syntax.Node) (int64, error) {
	switch op {
	case syntax.Add:
		return l + r, nil
	case syntax.Sub:
		return l - r, nil
	case syntax.Mul:
		return l * r, nil
	case syntax.Quo, syntax.Rem:
		if r == 0 {
			return 0, e.errorf(e.text, "division by 0 (error token is \"%s\")", e.tokenFrom(rnode))
		}
		if r == -1 {
			if op == syntax.Rem {
				return 0, nil
			}
			return -l, nil // wraps at the minimum, as bash
		}
		if op == syntax.Quo {
			return l / r, nil
		}
		return l % r, nil
	case syntax.Pow:
		if r < 0 {
			// bash names the text after the exponent, or the exponent
			// (without its sign) when nothing follows it.
			if end := int(rnode.End().Offset()) - len(": $(("); end >= 0 && end <= len(e.text) && strings.TrimSpace(e.text[end:]) != "" {
				return 0, e.errorf(e.text, "exponent less than 0 (error token is \"%s\")", strings.TrimLeft(e.text[end:], " \t\n"))
			}
			if u, ok := rnode.(*syntax.UnaryArithm); ok {
				rnode = u.X
			}
			return 0, e.errorf(e.text, "exponent less than 0 (error token is \"%s\")", e.tokenFrom(rnode))
		}
		p := int64(1)
		for ; r > 0; r >>= 1 {
			if r&1 != 0 {
				p *= l
			}
			l *= l
		}
		return p, nil
	case syntax.Eql:
		return boolInt(l == r), nil
	case syntax.Neq:
		return boolInt(l != r), nil
	case syntax.Lss:
		return boolInt(l < r), nil
	case syntax.Leq:
		return boolInt(l <= r), nil
	case syntax.Gtr:
		return boolInt(l > r), nil
	case syntax.Geq:
		return boolInt(l >= r), nil
	case syntax.And:
		return l & r, nil
	case syntax.Or:
		return l | r, nil
	case syntax.Xor:
		return l ^ r, nil
	case syntax.Shl:
		return l << uint64(r&63), nil
	case syntax.Shr:
		return l >> uint64(r&63), nil
	case syntax.Comma:
		return r, nil
	}
	return 0, e.errorf(e.text, "syntax error in expression")
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// target is the variable or element an assignment or ++/-- changes.
func (e *arithEval) target(x syntax.ArithmExpr) (arithRef, error) {
	if pe, ok := elemRef(x); ok {
		return e.elemKey(pe)
	}
	if w, ok := x.(*syntax.Word); ok && syntax.ValidName(w.Lit()) {
		return arithRef{name: w.Lit()}, nil
	}
	return arithRef{}, e.errorf(e.text, "attempted assignment to non-variable (error token is \"%s\")", e.tokenFrom(x))
}

// arithRef names a variable, or an element when elem is set.
type arithRef struct {
	name, index string
	elem, assoc bool
}

func (r arithRef) key() string {
	if r.elem {
		return r.name + "[" + r.index + "]"
	}
	return r.name
}

func (e *arithEval) elemKey(pe *syntax.ParamExp) (arithRef, error) {
	name := pe.Param.Value
	vr := e.env.Get(name)
	if vr.Kind == expand.Associative {
		w, ok := pe.Index.(*syntax.Word)
		if !ok {
			// h[a-b]: the key is the text (see assocIndex).
			start, end := int(pe.Index.Pos().Offset())-len(": $(("), int(pe.Index.End().Offset())-len(": $((")
			if start < 0 || end > len(e.text) || start >= end {
				return arithRef{}, e.errorf(e.text, "bad array subscript")
			}
			return arithRef{name: name, index: e.text[start:end], elem: true, assoc: true}, nil
		}
		k, err := expand.Literal(e.cfg, w)
		return arithRef{name: name, index: k, elem: true, assoc: true}, err
	}
	i, err := e.eval(pe.Index)
	if err != nil {
		return arithRef{}, err
	}
	if i < 0 {
		n := int64(len(vr.List))
		if vr.Kind != expand.Indexed {
			n = 1
		}
		if i += n; i < 0 {
			return arithRef{}, e.errorf(name+"["+strconv.FormatInt(i-n, 10)+"]", "bad array subscript")
		}
	}
	return arithRef{name: name, index: strconv.FormatInt(i, 10), elem: true}, nil
}

func (e *arithEval) get(ref arithRef) string {
	if v, ok := e.over[ref.key()]; ok {
		return v
	}
	if !ref.elem {
		return e.env.Get(ref.name).String()
	}
	var idx syntax.WordPart = &syntax.Lit{Value: ref.index}
	if ref.assoc {
		idx = &syntax.SglQuoted{Value: ref.index}
	}
	pe := &syntax.ParamExp{Param: &syntax.Lit{Value: ref.name}, Index: &syntax.Word{Parts: []syntax.WordPart{idx}}}
	s, _ := expand.Literal(e.cfg, &syntax.Word{Parts: []syntax.WordPart{pe}})
	return s
}

func (e *arithEval) set(r arithRef, v int64) {
	s := strconv.FormatInt(v, 10)
	e.over[r.key()] = s
	e.done = append(e.done, arithSet{r, s})
	switch {
	case r.assoc:
		e.sets = append(e.sets, r.name+"["+bashQuote(r.index)+"]="+s)
	default:
		e.sets = append(e.sets, r.key()+"="+s)
	}
}

// valueOf is a variable's value in arithmetic: empty is 0, a constant
// its value, and anything else an expression evaluated in turn.
func (e *arithEval) valueOf(s string) (int64, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, nil
	}
	if t[0] >= '0' && t[0] <= '9' && !strings.ContainsAny(t, " \t\n+-*/%()<>=!&|^~?:,[]$") {
		sub := *e
		sub.text = t
		return sub.constant(t)
	}
	if e.depth >= 1024 {
		return 0, e.errorf(t, "expression recursion level exceeded (error token is \"%s\")", t)
	}
	if syntax.ValidName(t) {
		e.depth++
		defer func() { e.depth-- }()
		return e.valueOf(e.get(arithRef{name: t}))
	}
	ae := parseArithm(t)
	if ae == nil {
		tok := errorToken(t)
		if strings.IndexByte("+-*/%<>=!&|^~?:,", tok[0]) < 0 {
			// two operands in a row (x="1 2")
			return 0, e.errorf(t, "syntax error in expression (error token is \"%s\")", tok)
		}
		return 0, e.errorf(t, "syntax error: operand expected (error token is \"%s\")", tok)
	}
	sub := *e
	sub.text, sub.depth = t, e.depth+1
	v, err := sub.eval(ae.X)
	e.sets, e.done = sub.sets, sub.done
	return v, err
}

// constant parses a bash integer constant: decimal, 0 octal, 0x hex or
// BASE#DIGITS (bases 2 to 64).
func (e *arithEval) constant(s string) (int64, error) {
	// bash shows the expression up to the bad number.
	upTo := e.text
	if i := strings.Index(e.text, s); i >= 0 {
		upTo = e.text[:i+len(s)]
	}
	tooGreat := func() error {
		return e.errorf(upTo, "value too great for base (error token is \"%s\")", s)
	}
	base, digits := int64(10), s
	switch {
	case strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X"):
		base, digits = 16, s[2:]
	case strings.Contains(s, "#"):
		b, d, _ := strings.Cut(s, "#")
		n, err := strconv.Atoi(b)
		if err != nil || n < 2 || n > 64 {
			return 0, e.errorf(upTo, "invalid arithmetic base (error token is \"%s\")", s)
		}
		base, digits = int64(n), d
	case len(s) > 1 && s[0] == '0':
		base, digits = 8, s[1:]
	}
	var v int64
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		var d int64
		switch {
		case c >= '0' && c <= '9':
			d = int64(c - '0')
		case c >= 'a' && c <= 'z':
			d = int64(c-'a') + 10
		case c >= 'A' && c <= 'Z':
			d = int64(c - 'A' + 10)
			if base > 36 {
				d += 26
			}
		case c == '@':
			d = 62
		case c == '_':
			d = 63
		default:
			return 0, tooGreat()
		}
		if d >= base {
			return 0, tooGreat()
		}
		v = v*base + d
	}
	return v, nil
}
