package shell

import (
	"context"
	"io"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// An assignment to an element before the start of an indexed array
// (a=(); a[-5]=q) is an assignment error in bash: "a[-5]: bad array
// subscript" with the line, after which bash abandons the line (ends
// bash -c, a subshell). mvdan/sh prints "a: bad array subscript" and
// goes on. A statement assigning to a constant negative index is
// preceded by `__memsh_negidx LINE NAME INDEX`, which checks it first.

const negIdxCmd = internalPrefix + "negidx"

// negIndexCheck puts the check before st when it assigns to a negative
// constant index.
func negIndexCheck(st *syntax.Stmt) {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Assigns) == 0 || len(ce.Args) > 0 {
		return
	}
	var checks []*syntax.Stmt
	for _, a := range ce.Assigns {
		if a.Name == nil || a.Index == nil || a.Array != nil {
			continue
		}
		u, ok := a.Index.(*syntax.UnaryArithm)
		if !ok || u.Op != syntax.Minus || u.Post {
			continue
		}
		w, ok := u.X.(*syntax.Word)
		if !ok || !isNumber(w.Lit()) {
			continue
		}
		a.Index = &syntax.ParenArithm{X: u} // the same index, not checked twice
		checks = append(checks, &syntax.Stmt{Position: st.Position, Cmd: &syntax.CallExpr{Args: []*syntax.Word{
			litWord(negIdxCmd), litWord(strconv.FormatUint(uint64(a.Pos().Line()), 10)), litWord(a.Name.Value), litWord("-" + w.Lit()),
		}}})
	}
	if len(checks) == 0 {
		return
	}
	inner := &syntax.Stmt{Cmd: st.Cmd, Redirs: st.Redirs, Position: st.Position}
	st.Redirs = nil
	st.Cmd = &syntax.Block{Lbrace: st.Position, Rbrace: st.End(), Stmts: append(checks, inner)}
}

// negIndexBuiltin answers __memsh_negidx LINE NAME INDEX.
func (c *core) negIndexBuiltin(ctx context.Context, hc interp.HandlerContext, args []string) []string {
	if len(args) != 4 {
		return statusArgs(2)
	}
	k, err := strconv.Atoi(args[3])
	vr := hc.Env.Get(args[2])
	if err != nil || vr.Kind == expand.Associative {
		return statusArgs(hc.LastExitStatus)
	}
	top := 0 // a string is element 0
	switch {
	case vr.Kind == expand.Indexed && len(vr.Indexes) > 0:
		top = vr.Indexes[len(vr.Indexes)-1] + 1
	case vr.Kind == expand.Indexed:
		top = len(vr.List)
	case !vr.IsSet():
		top = 0
	default:
		top = 1
	}
	if k+top >= 0 {
		return statusArgs(hc.LastExitStatus)
	}
	msg := c.funcMsg(hc, args[1], c.errPrefix(args[1])+args[2]+"["+args[3]+"]: bad array subscript\n")
	if env, direct := runnerEnv(hc.Env); direct && inSubshell(env) {
		io.WriteString(hc.Stderr, msg)
		return []string{"exit", "1"}
	}
	stopLine(ctx, hc.Stderr, msg)
	return statusArgs(1)
}

// negUnsetMsg is bash's message for unset 'a[-N]' before the start of
// an array ("[-5]: bad array subscript", without the name) or of a
// string ("b: not an array variable"), or "" when arg is none of those.
func negUnsetMsg(hc interp.HandlerContext, arg string) string {
	name, idx, ok := strings.Cut(strings.TrimSuffix(arg, "]"), "[")
	if !ok || !strings.HasSuffix(arg, "]") || !strings.HasPrefix(idx, "-") || !syntax.ValidName(name) {
		return ""
	}
	k, err := strconv.Atoi(idx)
	if err != nil {
		return ""
	}
	vr := hc.Env.Get(name)
	switch {
	case vr.Kind == expand.Indexed:
		top := len(vr.List)
		if len(vr.Indexes) > 0 {
			top = vr.Indexes[len(vr.Indexes)-1] + 1
		}
		if k+top < 0 {
			return "[" + idx + "]: bad array subscript"
		}
	case vr.Kind == expand.String && vr.IsSet() && k+1 < 0:
		return name + ": not an array variable"
	}
	return ""
}
