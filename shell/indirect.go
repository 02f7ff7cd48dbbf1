package shell

import (
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// indirectOps evaluates inner, the target of ${!n OP...} with pe's
// operator moved onto it: the case operators (^ ^^ , ,,), which memsh's
// evaluator leaves to mvdan/sh, are applied here; a[*] as the target
// joins its elements; ${!n?msg} names !n, as bash does.
func (c *core) indirectOps(hc interp.HandlerContext, pe, inner *syntax.ParamExp) ([]string, string) {
	var conv *syntax.Expansion
	if inner.Exp != nil {
		if isCaseOp(inner.Exp.Op) {
			conv, inner.Exp = inner.Exp, nil
		}
	}
	fields, msg := c.evalParam(hc, inner)
	if msg != "" {
		target := inner.Param.Value
		if idx := listIndex(inner); idx != "" {
			target += "[" + idx + "]"
		}
		if i := strings.Index(msg, target+": "); i >= 0 {
			msg = msg[:i] + "!" + pe.Param.Value + msg[i+len(target):]
		}
		return fields, msg
	}
	if conv != nil {
		fields = caseConv(conv, fields)
	}
	if listIndex(inner) == "*" {
		sep := " "
		if v := hc.Env.Get("IFS"); v.IsSet() {
			sep = v.String()
			if sep != "" {
				sep = sep[:1]
			}
		}
		return []string{strings.Join(fields, sep)}, ""
	}
	return fields, ""
}

// isCaseOp reports whether op is ^ ^^ , or ,,.
func isCaseOp(op syntax.ParExpOperator) bool {
	switch op {
	case syntax.UpperFirst, syntax.UpperAll, syntax.LowerFirst, syntax.LowerAll:
		return true
	}
	return false
}

// caseConv applies a case operator (with its pattern, which holds no
// expansion memsh needs) to each field, through mvdan/sh's own.
func caseConv(conv *syntax.Expansion, fields []string) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f
		env := expand.ListEnviron(internalPrefix + "case=" + f)
		w := &syntax.Word{Parts: []syntax.WordPart{&syntax.ParamExp{Param: &syntax.Lit{Value: internalPrefix + "case"}, Exp: conv}}}
		if s, err := expand.Literal(&expand.Config{Env: env}, w); err == nil {
			out[i] = s
		}
	}
	return out
}
