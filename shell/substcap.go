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
// limit. The same holds when the builder, as it grows, no longer fits
// in the session's memory budget (the session's Budget.Fits: the
// builder is checked, not reserved, as the value it becomes is the
// shell's). Every command writing into one substitution gets its own
// substCap over the same builder, so the limit is on the builder's
// length, not on one writer's count.
type substCap struct {
	sb     *strings.Builder
	ctx    context.Context
	stderr io.Writer
	mem    *command.Budget
}

// capSubst returns w, bounded when it is a command substitution's buffer.
func (c *core) capSubst(ctx context.Context, w, stderr io.Writer) io.Writer {
	if sb, ok := w.(*strings.Builder); ok {
		return &substCap{sb: sb, ctx: ctx, stderr: stderr, mem: c.mem}
	}
	return w
}

func (s *substCap) Write(p []byte) (int, error) {
	n := s.sb.Len() + len(p)
	if n > command.MaxHeld {
		s.stop(fmt.Sprintf("exceeds the in-memory limit of %d MiB", command.MaxHeld>>20))
		return 0, syscall.ENOSPC
	}
	if n > s.sb.Cap() {
		// growing doubles the buffer: check what it will hold
		if err := s.mem.Fits(int64(2 * n)); err != nil {
			s.stop("reached the " + strings.TrimSuffix(err.Error(), " reached (memsh --max-memory)") + " (memsh --max-memory)")
			return 0, err
		}
	}
	return s.sb.Write(p)
}

func (s *substCap) stop(why string) {
	if s.ctx.Err() == nil {
		trip(s.ctx, s.stderr, &limitError{status: 1, msg: "memsh: command substitution stopped: its output " + why + "\n"})
	}
}
