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
		switch inner.Exp.Op {
		case syntax.UpperFirst, syntax.UpperAll, syntax.LowerFirst, syntax.LowerAll:
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
		cfg := &expand.Config{Env: paramEnv{hc}}
		for i, f := range fields {
			env := expand.ListEnviron(internalPrefix + "case=" + f)
			w := &syntax.Word{Parts: []syntax.WordPart{&syntax.ParamExp{Param: &syntax.Lit{Value: internalPrefix + "case"}, Exp: conv}}}
			if s, err := expand.Literal(&expand.Config{Env: env, CmdSubst: cfg.CmdSubst}, w); err == nil {
				fields[i] = s
			}
		}
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
