package shell

import (
	"context"
	"io"
	"reflect"
	"strings"
	"sync"
	"unsafe"
	"weak"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Appending to an array, `name+=(WORDS...)`, costs O(len) in mvdan/sh
// v3.14.1: every append clones the whole list (Runner.assignVal), so a
// loop that builds an array of n elements takes O(n²). memsh rewrites a
// statement that is only such an append into
//
//	if [[ -o xtrace ]]; then name+=(WORDS...); else __memsh_append name WORDS...; fi
//
// The words expand as command arguments, exactly as array elements do
// (field splitting, globbing, "$@"). The internal command appends them in
// amortized O(1) (appendArray), writing the runner's variables directly.
// Under set -x the original statement runs, so the trace shows it as
// bash does; [[ ]] is not traced by mvdan/sh.
//
// Only the plain form is rewritten: one assignment, no [i]= indexes, no
// command or process substitution in the words (their status is the
// statement's), not under declare/local/export/readonly. Anything the
// internal command is unsure of (associative arrays, sparse arrays,
// namerefs, readonly variables, an mvdan/sh whose internals moved) goes
// back to mvdan/sh's own assignment through eval.

const appendCmd = internalPrefix + "append"

// isArrayAppend reports whether st is a statement appendCall rewrites.
func isArrayAppend(st *syntax.Stmt) bool {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) != 0 || len(ce.Assigns) != 1 || len(st.Redirs) != 0 || st.Coprocess {
		return false
	}
	as := ce.Assigns[0]
	if !as.Append || as.Naked || as.Index != nil || as.Array == nil || as.Name == nil || as.Value != nil {
		return false
	}
	if strings.HasPrefix(as.Name.Value, internalPrefix) || specialVars[as.Name.Value] {
		return false
	}
	for _, el := range as.Array.Elems {
		if el.Index != nil || el.Value == nil || hasSubst(el.Value) {
			return false
		}
	}
	return true
}

// specialVars are the names mvdan/sh computes instead of storing.
var specialVars = map[string]bool{"RANDOM": true, "SRANDOM": true, "DIRSTACK": true, "PPID": true}

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

// appendCall rewrites st as described above, if it is still a plain
// append. It runs after the other rewrites, so the words it copies into
// the call are already rewritten and are not walked again, and an append
// another rewrite has changed (an integer or case-converting variable's,
// see attrs.go) is left as it is.
func appendCall(st *syntax.Stmt) {
	if !isArrayAppend(st) {
		return
	}
	ce := st.Cmd.(*syntax.CallExpr)
	as := ce.Assigns[0]
	args := []*syntax.Word{litWord(appendCmd), litWord(as.Name.Value)}
	for _, el := range as.Array.Elems {
		args = append(args, el.Value)
	}
	pos := st.Position
	call := &syntax.CallExpr{Args: args}
	xtrace := &syntax.TestClause{Left: pos, Right: pos, X: &syntax.UnaryTest{OpPos: pos, Op: syntax.TsOptSet, X: litWord("xtrace")}}
	st.Cmd = &syntax.IfClause{
		Position: pos, ThenPos: pos, FiPos: pos,
		Cond: []*syntax.Stmt{{Position: pos, Cmd: xtrace}},
		Then: []*syntax.Stmt{{Position: pos, Cmd: ce}},
		Else: &syntax.IfClause{Position: pos, FiPos: pos, Then: []*syntax.Stmt{{Position: pos, Cmd: call}}},
	}
}

// appendArray runs `__memsh_append name words...`: it appends words to
// the array name in the calling runner's variables, and gives the
// command to run instead (the status, or mvdan/sh's own assignment).
func appendArray(ctx context.Context, hc interp.HandlerContext, args []string) ([]string, error) {
	if len(args) < 2 {
		return statusArgs(2), nil
	}
	name, words := args[1], args[2:]
	env, ok := runnerEnv(hc.Env)
	if !ok {
		return slowAppend(name, words), nil
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
			return []string{"exit", "1"}, nil
		}
		stopLine(ctx, hc.Stderr, msg)
		return statusArgs(1), nil
	case vr.Kind == expand.NameRef || vr.Kind == expand.Associative:
		return slowAppend(name, words), nil
	case vr.Kind == expand.Indexed:
		if vr.Indexes != nil {
			return slowAppend(name, words), nil
		}
		list = vr.List
	case vr.Kind == expand.String && vr.IsSet():
		list = []string{vr.Str}
	case vr.Kind != expand.Unknown && vr.Kind != expand.String:
		return slowAppend(name, words), nil
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
		return slowAppend(name, words), nil
	}
	if !isFunc(hc, "true") {
		return []string{"true"}, nil // mvdan/sh's builtin: no exec handler round trip
	}
	return statusArgs(0), nil
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
