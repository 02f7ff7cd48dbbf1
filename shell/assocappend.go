package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// splitAssocAppend rewrites `h+=([k]=v [j]=w)` on an array declared with
// -A into `h[k]=v h[j]=w`, which is what bash does with it; mvdan/sh
// v3.14.1 leaves an associative array unchanged on `+=(...)`. Only
// statements that are nothing but such assignments, every element with
// its [key], and names this session saw declared -A are rewritten.
//
// And `a[i]+=v` becomes `a[i]=${a[i]}v`: mvdan/sh v3.14.1 sets the
// element to "" there (and puts v in element 0 of an indexed array).
func (c *core) splitAssocAppend(st *syntax.Stmt) {
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 0 || len(call.Assigns) == 0 {
		return
	}
	for _, as := range call.Assigns {
		if as.Append && as.Index != nil && as.Array == nil && as.Name != nil && as.Value != nil && !strings.Contains(c.exp.attr(as.Name.Value), "i") {
			old := &syntax.ParamExp{Param: &syntax.Lit{Value: as.Name.Value}, Index: as.Index}
			as.Value = &syntax.Word{Parts: append([]syntax.WordPart{old}, as.Value.Parts...)}
			as.Append = false
		}
	}
	c.assocMu.Lock()
	defer c.assocMu.Unlock()
	var out []*syntax.Assign
	changed := false
	for _, as := range call.Assigns {
		if !as.Append || as.Array == nil || as.Index != nil || as.Name == nil || !c.assocNames[as.Name.Value] {
			out = append(out, as)
			continue
		}
		for _, e := range as.Array.Elems {
			if e.Index == nil || e.Value == nil {
				return // bash's own error for a missing key: leave it to mvdan/sh
			}
		}
		for _, e := range as.Array.Elems {
			out = append(out, &syntax.Assign{Name: as.Name, Index: e.Index, Value: e.Value})
		}
		changed = true
	}
	if changed {
		call.Assigns = out
	}
}
