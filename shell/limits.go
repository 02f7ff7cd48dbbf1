package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"

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

// limitError is a fatal error raised by a limit: its message is printed
// once, and the line (or the child shell) that hit it stops with status.
type limitError struct {
	msg    string
	status int
}

// Error is a fixed text: mvdan/sh prints a fatal error once per command
// substitution it unwinds through, and quietStderr drops this line.
func (e *limitError) Error() string { return limitSentinel }

const limitSentinel = "memsh: stopped by a limit"

type tripKey struct{}

// lineStopKey holds the cancel function of the line running (see
// runStatements); errLineStopped is its cause.
type lineStopKey struct{}

var errLineStopped = errors.New("memsh: line stopped by an error")

// stopLine prints msg and stops the rest of the running line, as bash
// does after an expansion error (the next line runs); outside a line it
// stops the whole run, as a limit does.
func stopLine(ctx context.Context, stderr io.Writer, msg string) {
	if cancel, ok := ctx.Value(lineStopKey{}).(context.CancelCauseFunc); ok {
		io.WriteString(stderr, msg)
		cancel(errLineStopped)
		return
	}
	if ctx.Err() != nil {
		return // already stopped (an EXIT trap after a stop): said once
	}
	trip(ctx, stderr, &limitError{msg: msg, status: 1})
}

// withTrip returns a context that a limit can cancel, so a tripped limit
// stops everything the line started (mvdan/sh does not carry a handler's
// fatal error out of command substitutions).
func withTrip(ctx context.Context) (context.Context, context.CancelCauseFunc) {
	ctx, cancel := context.WithCancelCause(ctx)
	return context.WithValue(ctx, tripKey{}, cancel), cancel
}

// trip prints err's message and stops the line ctx belongs to.
func trip(ctx context.Context, stderr io.Writer, err *limitError) error {
	io.WriteString(stderr, err.msg)
	if cancel, ok := ctx.Value(tripKey{}).(context.CancelCauseFunc); ok {
		cancel(err)
	}
	return err
}

// tripped reports the limit that stopped ctx, if any.
func tripped(ctx context.Context) (*limitError, bool) {
	var le *limitError
	if errors.As(context.Cause(ctx), &le) {
		return le, true
	}
	return nil, false
}

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

// overlayLearned is set once learnOverlay has run: every command asks
// for the depth, and reflect's type names are too slow to check each time.
var overlayLearned atomic.Bool

func funcDepth(env expand.Environ) int {
	v := reflect.ValueOf(env)
	if !v.IsValid() {
		return 0
	}
	if !overlayLearned.Load() {
		t := v.Type()
		if t.Kind() != reflect.Pointer || t.Elem().Name() != "overlayEnviron" || t.Elem().PkgPath() != "mvdan.cc/sh/v3/interp" {
			return 0
		}
		overlay.once.Do(func() { learnOverlay(t) })
		overlayLearned.Store(true)
	}
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

// framesPerLevel bounds the Go frames one level of shell nesting takes in
// mvdan/sh v3.14.1 (measured: a function call 11, an eval 6), so a legal
// function depth never trips the eval/source guard.
const framesPerLevel = 16

// stackTooDeep reports whether the Go stack holds more frames than the
// nesting limit allows. It guards eval and source recursion, which no
// scope counts. A stack walk costs O(depth), so only every 16th call
// walks: recursion overshoots by at most 16 levels, and a runaway one
// costs O(depth²/16) frames in all rather than O(depth²).
func (c *core) stackTooDeep() bool {
	if c.nestChecks.Add(1)%16 != 0 {
		return false
	}
	limit := c.maxDepth * framesPerLevel
	pcs := make([]uintptr, 1)
	return runtime.Callers(limit, pcs) > 0
}

func nestError(name string, limit int) *limitError {
	return &limitError{msg: fmt.Sprintf("bash: %s: maximum function nesting level exceeded (%d)\n", name, limit), status: 1}
}
