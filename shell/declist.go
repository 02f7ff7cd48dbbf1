package shell

import (
	"io"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unsafe"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// declListCmd stands for the declarations that list variables, which
// mvdan/sh runs as printing nothing: `__memsh_declist LINE MODE`, MODE
// being "set" (a bare declare or typeset: every variable and function,
// as set prints them), "p" (declare -p without names) or "local" (a bare
// local or local -p: the function's own locals, as declare -p prints
// them, sorted).
const declListCmd = internalPrefix + "declist"

// declListRewrite finds those declarations in root.
func declListRewrite(root syntax.Node, src string) {
	if !srcHas(src, "declare") && !srcHas(src, "typeset") && !srcHas(src, "local") {
		return
	}
	syntax.Walk(root, func(n syntax.Node) bool {
		st, ok := n.(*syntax.Stmt)
		if !ok {
			return true
		}
		dc, ok := st.Cmd.(*syntax.DeclClause)
		if !ok || dc.Variant == nil {
			return true
		}
		printing := len(dc.Args) == 1 && dc.Args[0].Naked && dc.Args[0].Name == nil && dc.Args[0].Value.Lit() == "-p"
		if len(dc.Args) > 0 && !printing {
			return true
		}
		mode := ""
		switch dc.Variant.Value {
		case "local":
			mode = "local"
		case "declare", "typeset":
			mode = "set"
			if printing {
				mode = "p"
			}
		default:
			return true
		}
		pos := dc.Variant.Pos()
		word := func(s string) *syntax.Word {
			return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: s}}}
		}
		st.Cmd = &syntax.CallExpr{Args: []*syntax.Word{word(declListCmd), word(strconv.FormatUint(uint64(pos.Line()), 10)), word(mode)}}
		return true
	})
}

// declList answers declListCmd.
func (c *core) declList(hc interp.HandlerContext, args []string) []string {
	if len(args) < 3 {
		return statusArgs(2)
	}
	switch args[2] {
	case "set":
		printSet(hc) // callhandler.go
		return statusArgs(c.declareFuncs(hc, nil))
	case "p":
		var names []string
		hc.Env.Each(func(name string, vr expand.Variable) bool {
			if vr.Declared() && !strings.HasPrefix(name, internalPrefix) && !strings.Contains(name, " ") {
				names = append(names, name)
			}
			return true
		})
		sort.Strings(names)
		names = slices.Compact(names)
		return statusArgs(c.declarePrint(hc, append([]string{args[1]}, names...)))
	}
	if !runnerFlag(hc, inFuncField) && funcDepth(hc.Env) == 0 {
		io.WriteString(hc.Stderr, c.errPrefix(args[1])+"local: can only be used in a function\n")
		return statusArgs(1)
	}
	names := funcLocals(hc.Env)
	if len(names) == 0 {
		return statusArgs(0)
	}
	return statusArgs(c.declarePrint(hc, append([]string{args[1]}, names...)))
}

// funcLocals lists, sorted, the variables local to the innermost function
// running: those in its scope, the first overlay with funcScope set in
// the chain (memsh's call-stack variables aside).
func funcLocals(env expand.Environ) []string {
	if funcDepth(env) == 0 || !overlay.ok { // learns the overlay's layout
		return nil
	}
	v := reflect.ValueOf(env)
	for v.IsValid() && v.Type() == overlay.typ && !v.IsNil() {
		s := v.Elem()
		if !s.Field(overlay.funcScope).Bool() {
			v = s.Field(overlay.parent).Elem()
			continue
		}
		f := s.FieldByName("values")
		if !f.IsValid() || f.Kind() != reflect.Map {
			return nil
		}
		values := reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
		var names []string
		for it := values.MapRange(); it.Next(); {
			name := it.Key().String()
			vf := it.Value().FieldByName("Variable")
			if !vf.IsValid() || strings.HasPrefix(name, internalPrefix) || name == "FUNCNAME" || name == "BASH_LINENO" || name == "BASH_SOURCE" {
				continue
			}
			if vr, ok := vf.Interface().(expand.Variable); ok && vr.Local {
				names = append(names, name)
			}
		}
		sort.Strings(names)
		return names
	}
	return nil
}

// dropShellVar removes name from every scope of r's variables outright.
// mvdan/sh's unset leaves an unset entry behind, which every copy of the
// shell (a subshell, a background job) copies again.
func dropShellVar(r *interp.Runner, name string) {
	if r == nil || !writeEnvField.ok {
		return
	}
	env := *(*expand.WriteEnviron)(unsafe.Add(unsafe.Pointer(r), writeEnvField.off))
	funcDepth(env) // learns the overlay's layout
	if !overlay.ok {
		return
	}
	v := reflect.ValueOf(env)
	for v.IsValid() && v.Type() == overlay.typ && !v.IsNil() {
		s := v.Elem()
		if f := s.FieldByName("values"); f.IsValid() && f.Kind() == reflect.Map && !f.IsNil() {
			values := reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
			values.SetMapIndex(reflect.ValueOf(name), reflect.Value{})
		}
		v = s.Field(overlay.parent).Elem()
	}
}
