package shell

import (
	"context"
	"errors"
	"io"
)

// DefaultMaxCallDepth is the function nesting limit when
// Options.MaxCallDepth is 0. Bash has no default (FUNCNEST unset) and
// crashes on runaway recursion; memsh stops it with bash's FUNCNEST
// message instead. The same budget bounds nested shells (bash -c,
// scripts) and eval/source recursion.
const DefaultMaxCallDepth = 1000

// limitError is a limit the session enforces around the interpreter (the
// memory watchdog): its message is printed once, and the line that hit
// it stops with status.
type limitError struct {
	msg    string
	status int
}

func (e *limitError) Error() string { return e.msg }

type tripKey struct{}

// withTrip returns a context that a limit can cancel, so a tripped limit
// stops everything the line started.
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
