package shell

import (
	"context"
	"fmt"
	"io"
	"strings"
	"syscall"

	"memsh/shell/command"
)

// substCap bounds what a command substitution collects. mvdan/sh gathers
// its output in a strings.Builder, which `x=$(yes)` would grow until the
// process runs out of memory; past command.MaxHeld bytes the writing
// command gets ENOSPC and the line stops with a message naming the
// limit. Every command writing into one substitution gets its own
// substCap over the same builder, so the limit is on the builder's
// length, not on one writer's count.
type substCap struct {
	sb     *strings.Builder
	ctx    context.Context
	stderr io.Writer
}

// capSubst returns w, bounded when it is a command substitution's buffer.
func capSubst(ctx context.Context, w, stderr io.Writer) io.Writer {
	if sb, ok := w.(*strings.Builder); ok {
		return &substCap{sb: sb, ctx: ctx, stderr: stderr}
	}
	return w
}

func (s *substCap) Write(p []byte) (int, error) {
	if s.sb.Len()+len(p) <= command.MaxHeld {
		return s.sb.Write(p)
	}
	if s.ctx.Err() == nil {
		trip(s.ctx, s.stderr, &limitError{status: 1, msg: fmt.Sprintf(
			"memsh: command substitution stopped: its output exceeds the in-memory limit of %d MiB\n", command.MaxHeld>>20)})
	}
	return 0, syscall.ENOSPC
}
