package shell

import (
	"context"
	"io"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unsafe"
	"weak"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Appending to an array costs O(len) in mvdan/sh v3.14.1: every
// `name+=(WORDS...)` and every `name[i]=VALUE` clones the whole list
// (Runner.assignVal, setVarWithIndex), so a loop that builds an array of
// n elements takes O(n²). memsh rewrites a statement that is only such
// an assignment (fastAssign):
//
//	name+=(WORDS...)  ->  if [[ -o xtrace ]]; then name+=(WORDS...)
//	                      else __memsh_append name WORDS...; fi
//	name[IDX]=VALUE   ->  if [[ -o xtrace || -o allexport ]]; then name[IDX]=VALUE
//	                      else __memsh_v=VALUE; __memsh_setelem name MODE IDX ||
//	                           name[IDX]="$__memsh_v"; fi
//
// The words expand as command arguments, exactly as array elements do
// (field splitting, globbing, "$@"); VALUE expands as an assignment. The
// internal commands append in amortized O(1) (tipTable), writing the
// runner's variables directly. An element assignment is handled when it
// lands just past the last element (`a[${#a[@]}]=x`, or `a[i]=x` with i
// counting up); anywhere else __memsh_setelem fails and mvdan/sh assigns
// the value already expanded. IDX is only a number, a variable or
// ${#array[@]}, which read nothing and change nothing, so evaluating
// it twice is harmless. Under set -x the original statement runs, so the
// trace shows it as bash does ([[ ]] is not traced by mvdan/sh). So
// does an element assignment under set -a, which would export the
// hidden variable; an append needs not (bash never exports an array).
//
// Only plain statements are rewritten: one assignment, no command or
// process substitution (their status is the statement's), no [i]= in an
// array list, not under declare/local/export/readonly. Targets the
// internal commands are unsure of (associative and sparse arrays,
// namerefs, an mvdan/sh whose internals moved) go back to mvdan/sh's own
// assignment.

const (
	appendCmd  = internalPrefix + "append"
	setElemCmd = internalPrefix + "setelem"
	elemVar    = internalPrefix + "v"
)

// isFastAssign reports whether st is a statement fastAssign rewrites.
func isFastAssign(st *syntax.Stmt) bool {
	as := soleAssign(st)
	if as == nil || as.Naked || as.Name == nil || strings.HasPrefix(as.Name.Value, internalPrefix) || specialVars[as.Name.Value] {
		return false
	}
	switch {
	case as.Append && as.Index == nil && as.Array != nil && as.Value == nil:
		for _, el := range as.Array.Elems {
			if el.Index != nil || el.Value == nil || hasSubst(el.Value) {
				return false
			}
		}
		return true
	case !as.Append && as.Index != nil && as.Array == nil && as.Value != nil:
		_, _, ok := elemIndex(as.Index)
		return ok && !hasSubst(as.Value)
	}
	return false
}

// soleAssign is the assignment a statement consists of, or nil.
func soleAssign(st *syntax.Stmt) *syntax.Assign {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) != 0 || len(ce.Assigns) != 1 || len(st.Redirs) != 0 || st.Coprocess {
		return nil
	}
	return ce.Assigns[0]
}

// specialVars are the names mvdan/sh (or memsh, see paramexp.go)
// computes instead of storing.
var specialVars = map[string]bool{
	"RANDOM": true, "SRANDOM": true, "DIRSTACK": true, "PPID": true,
	"SECONDS": true, "LINENO": true, "EPOCHSECONDS": true, "EPOCHREALTIME": true, "BASHPID": true,
}

// elemIndex classifies an element assignment's index: a decimal number
// ("n"), a variable ("v": i, $i or ${i}), or an array's length ("c":
// ${#a[@]}); ok is false for anything else.
func elemIndex(x syntax.ArithmExpr) (mode, arg string, ok bool) {
	w, isWord := x.(*syntax.Word)
	if !isWord || len(w.Parts) != 1 {
		return "", "", false
	}
	switch p := w.Parts[0].(type) {
	case *syntax.Lit:
		switch {
		case isDecimal(p.Value):
			return "n", p.Value, true
		case syntax.ValidName(p.Value) && !specialVars[p.Value]:
			return "v", p.Value, true
		}
	case *syntax.ParamExp:
		if p.Param == nil || !syntax.ValidName(p.Param.Value) || specialVars[p.Param.Value] ||
			p.Excl || p.Width || p.IsSet || p.Slice != nil || p.Repl != nil || p.Exp != nil || p.Names != 0 {
			return "", "", false
		}
		if p.Length {
			if idx, ok := p.Index.(*syntax.Word); ok && (idx.Lit() == "@" || idx.Lit() == "*") {
				return "c", p.Param.Value, true
			}
			return "", "", false
		}
		if p.Index == nil {
			return "v", p.Param.Value, true
		}
	}
	return "", "", false
}

// isDecimal reports whether s is a decimal number as bash's arithmetic
// reads it (no leading zero, which would make it octal).
func isDecimal(s string) bool {
	return s == "0" || (s != "" && s[0] != '0' && len(s) < 10 && strings.Trim(s, "0123456789") == "")
}

// hasSubst reports whether w runs commands: an assignment's status is
// the last one's, which the rewritten statement would lose.
func hasSubst(w *syntax.Word) bool {
	found := false
	syntax.Walk(w, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			found = true
		}
		return !found
	})
	return found
}

// fastAssign rewrites st as described above, if it is still a plain
// assignment. It runs after the other rewrites, so the words it copies
// are already rewritten and are not walked again, and an assignment
// another rewrite has changed (an integer or case-converting variable's,
// see attrs.go) is left as it is.
func fastAssign(st *syntax.Stmt) {
	if !isFastAssign(st) {
		return
	}
	ce := st.Cmd.(*syntax.CallExpr)
	as := ce.Assigns[0]
	pos := st.Position
	stmt := func(cmd syntax.Command) *syntax.Stmt { return &syntax.Stmt{Position: pos, Cmd: cmd} }
	var fast []*syntax.Stmt
	if as.Array != nil {
		args := []*syntax.Word{litWord(appendCmd), litWord(as.Name.Value)}
		for _, el := range as.Array.Elems {
			args = append(args, el.Value)
		}
		fast = []*syntax.Stmt{stmt(&syntax.CallExpr{Args: args})}
	} else {
		mode, arg, _ := elemIndex(as.Index)
		set := &syntax.CallExpr{Assigns: []*syntax.Assign{{Name: &syntax.Lit{Value: elemVar}, Value: as.Value}}}
		call := &syntax.CallExpr{Args: []*syntax.Word{litWord(setElemCmd), litWord(as.Name.Value), litWord(mode), litWord(arg)}}
		slow := &syntax.CallExpr{Assigns: []*syntax.Assign{{Name: as.Name, Index: as.Index, Value: &syntax.Word{Parts: []syntax.WordPart{
			&syntax.DblQuoted{Parts: []syntax.WordPart{&syntax.ParamExp{Short: true, Param: &syntax.Lit{Value: elemVar}}}},
		}}}}}
		fast = []*syntax.Stmt{stmt(set), stmt(&syntax.BinaryCmd{OpPos: pos, Op: syntax.OrStmt, X: stmt(call), Y: stmt(slow)})}
	}
	opt := func(name string) syntax.TestExpr {
		return &syntax.UnaryTest{OpPos: pos, Op: syntax.TsOptSet, X: litWord(name)}
	}
	var test syntax.TestExpr = opt("xtrace")
	if as.Array == nil {
		test = &syntax.BinaryTest{OpPos: pos, Op: syntax.OrTest, X: test, Y: opt("allexport")}
	}
	cond := &syntax.TestClause{Left: pos, Right: pos, X: test}
	st.Cmd = &syntax.IfClause{
		Position: pos, ThenPos: pos, FiPos: pos,
		Cond: []*syntax.Stmt{stmt(cond)},
		Then: []*syntax.Stmt{stmt(ce)},
		Else: &syntax.IfClause{Position: pos, FiPos: pos, Then: fast},
	}
}

// appendArray runs `__memsh_append name words...`, and gives the
// command to run instead: the status, or mvdan/sh's own assignment.
func appendArray(ctx context.Context, hc interp.HandlerContext, args []string) ([]string, error) {
	if len(args) < 2 {
		return statusArgs(2), nil
	}
	name, words := args[1], args[2:]
	if out, ok := growArray(ctx, hc, name, -1, words); ok {
		return out, nil
	}
	return slowAppend(name, words), nil
}

// setElem runs `__memsh_setelem name mode arg` (see elemIndex), with
// the value in $__memsh_v; it fails when mvdan/sh must assign it.
func setElem(ctx context.Context, hc interp.HandlerContext, args []string) ([]string, error) {
	if len(args) != 4 {
		return statusArgs(2), nil
	}
	name, mode, arg := args[1], args[2], args[3]
	at := -1
	switch mode {
	case "n":
		at, _ = strconv.Atoi(arg)
	case "v":
		if v := hc.Env.Get(arg); v.Kind == expand.String && isDecimal(v.Str) {
			at, _ = strconv.Atoi(v.Str)
		}
	case "c":
		switch v := hc.Env.Get(arg); {
		case v.Kind == expand.NameRef:
			// mvdan/sh resolves it
		case v.Kind == expand.Indexed:
			at = len(v.List)
		case v.Kind == expand.Associative:
			at = len(v.Map)
		case v.IsSet():
			at = 1
		default:
			at = 0
		}
	}
	if at < 0 {
		return statusArgs(1), nil
	}
	if out, ok := growArray(ctx, hc, name, at, []string{hc.Env.Get(elemVar).Str}); ok {
		return out, nil
	}
	return statusArgs(1), nil
}

// growArray appends words to the array name in the calling runner's
// variables; at, unless negative, is the index the first word must get.
// ok is false when mvdan/sh must do the assignment: out is then nil.
func growArray(ctx context.Context, hc interp.HandlerContext, name string, at int, words []string) (out []string, ok bool) {
	env, ok := runnerEnv(hc.Env)
	if !ok {
		return nil, false
	}
	vr := env.Get(name)
	var list []string
	switch {
	case vr.ReadOnly:
		// bash's assignment error: the rest of the line does not run, or
		// in a subshell the rest of the subshell.
		msg := "bash: " + name + ": readonly variable\n"
		if inSubshell(env) {
			io.WriteString(hc.Stderr, msg)
			return []string{"exit", "1"}, true
		}
		stopLine(ctx, hc.Stderr, msg)
		return statusArgs(1), true
	case vr.Kind == expand.NameRef || vr.Kind == expand.Associative:
		return nil, false
	case vr.Kind == expand.Indexed:
		if vr.Indexes != nil {
			return nil, false
		}
		list = vr.List
	case vr.Kind == expand.String && vr.IsSet():
		list = []string{vr.Str}
	case vr.Kind != expand.Unknown && vr.Kind != expand.String:
		return nil, false
	}
	if at >= 0 && at != len(list) {
		return nil, false
	}
	// A plain assignment: a local of an enclosing function stays that
	// function's (mvdan/sh clears the flag the same way).
	vr.Local = false
	vr.Set = true
	vr.Kind = expand.Indexed
	vr.Str = ""
	vr.Indexes = nil
	vr.Map = nil
	vr.List = tips.append(list, words)
	if err := env.Set(name, vr); err != nil {
		return nil, false
	}
	if !isFunc(hc, "true") {
		return []string{"true"}, true // mvdan/sh's builtin: no exec handler round trip
	}
	return statusArgs(0), true
}

// inSubshell reports whether env, a runner's variables, belongs to a
// subshell: below its function scopes, a shell's own scope has memsh's
// base environment as parent, a subshell's has its parent's scope or
// (a background copy) none.
func inSubshell(env expand.Environ) bool {
	base := reflect.TypeFor[*baseEnviron]()
	v := reflect.ValueOf(env)
	for v.IsValid() && v.Type() == overlay.typ && !v.IsNil() {
		s := v.Elem()
		parent := s.Field(overlay.parent) // an interface
		if !s.Field(overlay.funcScope).Bool() {
			return parent.IsNil() || parent.Elem().Type() != base
		}
		v = parent.Elem()
	}
	return false
}

// slowAppend is mvdan/sh's own `name+=(words...)`, the words quoted.
func slowAppend(name string, words []string) []string {
	var b strings.Builder
	b.WriteString(name + "+=(")
	for i, w := range words {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(shellQuote(w))
	}
	b.WriteString(")")
	return []string{"eval", b.String()}
}

// runnerEnv is the calling runner's own variables: a handler's Env is
// a fresh *interp.overlayEnviron whose parent is them (mvdan/sh gives
// no exported way to write them). The field is found with reflect (see
// learnOverlay); ok is false if mvdan/sh's types have changed.
func runnerEnv(env expand.Environ) (expand.WriteEnviron, bool) {
	v := reflect.ValueOf(env)
	if !v.IsValid() {
		return nil, false
	}
	if t := v.Type(); t.Kind() == reflect.Pointer && t.Elem().Name() == "overlayEnviron" && t.Elem().PkgPath() == "mvdan.cc/sh/v3/interp" {
		overlay.once.Do(func() { learnOverlay(t) })
	}
	if !overlay.ok || v.Type() != overlay.typ || v.IsNil() {
		return nil, false
	}
	f := v.Elem().Field(overlay.parent)
	parent := reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Interface()
	w, ok := parent.(expand.WriteEnviron)
	return w, ok
}

// tips records, for each backing array appendArray allocated, the
// length of the longest list that uses it. Lists share backing arrays
// (a subshell's copy, a background job's, a pipeline part's): only the
// one as long as the tip may grow in place, into capacity no other list
// can see; any other copies. Keys are weak, so a recycled address is
// never taken for an array seen before.
var tips = newTipTable()

type tipTable struct {
	mu      sync.Mutex
	m       map[weak.Pointer[string]]int
	pruneAt int
}

func newTipTable() *tipTable {
	return &tipTable{m: map[weak.Pointer[string]]int{}, pruneAt: 64}
}

// append returns list with words appended: in place when list ends at
// the tip of a backing array this table owns and there is room, else in
// a new array with twice the room needed.
func (t *tipTable) append(list, words []string) []string {
	n, k := len(list), len(words)
	switch {
	case k == 0 && list == nil:
		return []string{} // an empty array, still set
	case k == 0:
		return list
	}
	if n > 0 && cap(list)-n >= k {
		key := weak.Make(unsafe.SliceData(list))
		t.mu.Lock()
		tip, ok := t.m[key]
		if ok && tip == n {
			t.m[key] = n + k
		}
		t.mu.Unlock()
		if ok && tip == n {
			out := list[:n+k]
			copy(out[n:], words)
			return out
		}
	}
	out := make([]string, n+k, 2*(n+k))
	copy(out, list)
	copy(out[n:], words)
	key := weak.Make(unsafe.SliceData(out))
	t.mu.Lock()
	t.m[key] = n + k
	if len(t.m) >= t.pruneAt {
		for p := range t.m {
			if p.Value() == nil {
				delete(t.m, p)
			}
		}
		t.pruneAt = 2*len(t.m) + 64
	}
	t.mu.Unlock()
	return out
}
