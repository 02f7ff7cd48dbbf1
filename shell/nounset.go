package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Under set -u, bash's arithmetic reports a variable it reads that is
// unset ("y: unbound variable"); mvdan/sh's reads it as 0. In code that
// may turn nounset on, each variable arithmetic reads by name becomes
// ${name}: the same value to mvdan/sh's evaluator, which follows a name
// in the value either way, and the expansion is checked for set -u like
// any other. z++ and z += 1 become (${z}, z++), so their target is read
// first; memsh's own evaluator checks as it reads.

// noteNounset turns the rewrite on once src may set nounset: it says
// nounset, or set followed by flags holding u (set -u, set -euo).
func (c *core) noteNounset(src string) {
	if !c.exp.nounset.Load() && mayNounset(src) {
		c.exp.nounset.Store(true)
	}
}

func mayNounset(src string) bool {
	if strings.Contains(src, "nounset") {
		return true
	}
	for rest := src; ; {
		i := strings.Index(rest, "set")
		if i < 0 {
			return false
		}
		rest = rest[i+3:]
		flags := strings.TrimLeft(rest, " \t")
		if len(flags) == len(rest) || !strings.HasPrefix(flags, "-") {
			continue
		}
		end := strings.IndexAny(flags, " \t\n;&|)")
		if end < 0 {
			end = len(flags)
		}
		if strings.Contains(flags[1:end], "u") {
			return true
		}
	}
}

// nounsetArith rewrites the names the expression at x reads (see above).
func (c *core) nounsetArith(x *syntax.ArithmExpr) {
	if x == nil || *x == nil || !c.exp.nounset.Load() {
		return
	}
	var walk func(x syntax.ArithmExpr)
	ref := func(w *syntax.Word) *syntax.Word {
		return &syntax.Word{Parts: []syntax.WordPart{&syntax.ParamExp{Dollar: w.Pos(), Param: &syntax.Lit{ValuePos: w.Pos(), ValueEnd: w.End(), Value: w.Lit()}}}}
	}
	// checked is z++ or z += 1 with z read first: (${z}, z++).
	checked := func(target syntax.ArithmExpr, x syntax.ArithmExpr) syntax.ArithmExpr {
		if w, ok := target.(*syntax.Word); ok && syntax.ValidName(w.Lit()) {
			return &syntax.ParenArithm{X: &syntax.BinaryArithm{Op: syntax.Comma, X: ref(w), Y: x}}
		}
		return x
	}
	read := func(p *syntax.ArithmExpr) {
		switch x := (*p).(type) {
		case *syntax.Word:
			if syntax.ValidName(x.Lit()) {
				*p = ref(x)
				return
			}
		case *syntax.UnaryArithm:
			if x.Op == syntax.Inc || x.Op == syntax.Dec {
				*p = checked(x.X, x)
				return
			}
		case *syntax.BinaryArithm:
			if isAssignOp(x.Op) && x.Op != syntax.Assgn {
				walk(x)
				*p = checked(x.X, x)
				return
			}
		}
		walk(*p)
	}
	walk = func(x syntax.ArithmExpr) {
		switch x := x.(type) {
		case *syntax.ParenArithm:
			read(&x.X)
		case *syntax.UnaryArithm:
			if x.Op != syntax.Inc && x.Op != syntax.Dec {
				read(&x.X)
			}
		case *syntax.BinaryArithm:
			if !isAssignOp(x.Op) {
				read(&x.X)
			} else {
				walk(x.X) // a target's subscript
			}
			read(&x.Y)
		}
	}
	read(x)
}

// unboundErr is set -u's error for a variable memsh's evaluator reads.
type unboundErr string

func (u unboundErr) Error() string { return string(u) + ": unbound variable" }

// checkSet is set -u's check of a plain variable arithmetic reads.
func (e *arithEval) checkSet(ref arithRef) error {
	if !e.nounset || ref.elem {
		return nil
	}
	if _, ok := e.over[ref.key()]; ok {
		return nil
	}
	if !e.env.Get(ref.name).IsSet() {
		return unboundErr(ref.name)
	}
	return nil
}
