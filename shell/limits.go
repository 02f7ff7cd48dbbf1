package shell

import (
	"context"
	"fmt"
	"reflect"
	"runtime"
	"strconv"
	"sync"

	"mvdan.cc/sh/v3/expand"
)

// DefaultMaxCallDepth is the function nesting limit when
// Options.MaxCallDepth is 0. Bash has no default (FUNCNEST unset) and
// crashes on runaway recursion; memsh stops it with bash's FUNCNEST
// message instead. The same budget bounds nested shells (bash -c,
// scripts) and eval/source recursion.
const DefaultMaxCallDepth = 1000

// psubLimit bounds what one process substitution may produce: its output
// is kept in memfs until the reader is done (see rewrite.go).
const psubLimit = 256 << 20

// limitError is a fatal error raised by a limit: the message has been
// printed, the whole line stops with status.
type limitError struct {
	msg    string
	status int
}

func (e *limitError) Error() string { return e.msg }

type depthKey struct{}

// depthOf is the nesting already used by the shells enclosing ctx: the
// function depth at the point each child shell was started, plus one per
// shell.
func depthOf(ctx context.Context) int {
	d, _ := ctx.Value(depthKey{}).(int)
	return d
}

func withDepth(ctx context.Context, d int) context.Context {
	if d == depthOf(ctx) {
		return ctx
	}
	return context.WithValue(ctx, depthKey{}, d)
}

// Function depth is read from the runner's variable scopes. mvdan/sh
// pushes one scope (an *interp.overlayEnviron with funcScope set) per
// active function call and hands handlers a view whose parent chain holds
// them; counting those is O(depth), with no bookkeeping on return (which
// mvdan/sh has no hook for). The fields are read with reflect: TestFuncNest
// fails if a new mvdan/sh version changes them.
var overlay struct {
	once      sync.Once
	typ       reflect.Type
	parent    int
	funcScope int
	ok        bool
}

func funcDepth(env expand.Environ) int {
	v := reflect.ValueOf(env)
	overlay.once.Do(func() { learnOverlay(v.Type()) })
	if !overlay.ok {
		return 0
	}
	n := 0
	for v.IsValid() && v.Type() == overlay.typ && !v.IsNil() {
		s := v.Elem()
		if s.Field(overlay.funcScope).Bool() {
			n++
		}
		v = s.Field(overlay.parent).Elem()
	}
	return n
}

func learnOverlay(t reflect.Type) {
	if t == nil || t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
		return
	}
	st := t.Elem()
	p, ok1 := st.FieldByName("parent")
	fsc, ok2 := st.FieldByName("funcScope")
	if !ok1 || !ok2 || p.Type.Kind() != reflect.Interface || fsc.Type.Kind() != reflect.Bool {
		return
	}
	overlay.typ, overlay.parent, overlay.funcScope = t, p.Index[0], fsc.Index[0]
	overlay.ok = true
}

// funcNest is the function nesting limit in force: Options.MaxCallDepth,
// or a smaller FUNCNEST the script set.
func (c *core) funcNest(env expand.Environ) int {
	limit := c.maxDepth
	if v := env.Get("FUNCNEST"); v.IsSet() {
		if n, err := strconv.Atoi(v.String()); err == nil && n > 0 && n < limit {
			limit = n
		}
	}
	return limit
}

// framesPerLevel is a generous bound on the Go frames one level of shell
// nesting (a function call, an eval, a source) takes in mvdan/sh.
const framesPerLevel = 40

// stackTooDeep reports whether the Go stack holds more frames than the
// nesting limit allows. It guards eval and source recursion, which no
// scope counts; it costs one stack walk, so it runs only for those.
func (c *core) stackTooDeep() bool {
	limit := c.maxDepth * framesPerLevel
	pcs := make([]uintptr, 1)
	return runtime.Callers(limit, pcs) > 0
}

func nestError(name string, limit int) *limitError {
	return &limitError{msg: fmt.Sprintf("bash: %s: maximum function nesting level exceeded (%d)\n", name, limit), status: 1}
}
