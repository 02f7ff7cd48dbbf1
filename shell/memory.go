package shell

import (
	"syscall"

	"memsh/shell/command"
)

// DefaultMaxMemory is the memory budget of a session whose
// Options.MaxMemory is 0: an eighth of the machine's memory. memfs's own
// default ceiling is half of it; an eighth for everything else leaves
// room for what the budget's backstop (memwatch.go) sees late: a value
// doubling in one statement overshoots the budget up to about three
// times (measured: --max-memory 1G peaks at 3 GB RSS).
func DefaultMaxMemory() int64 {
	var si syscall.Sysinfo_t
	if syscall.Sysinfo(&si) != nil || si.Totalram == 0 {
		return 1 << 62
	}
	return int64(si.Totalram) * int64(si.Unit) / 8
}

// newBudget is the session's budget for opts: MaxMemory bytes (0: the
// default; negative: none), with memfs's allocated bytes counted against
// it. memfs enforces its own byte limit on writes; the budget makes what
// memfs holds leave less room for everything else.
func newBudget(opts Options, files func() int64) *command.Budget {
	limit := opts.MaxMemory
	if limit == 0 {
		limit = DefaultMaxMemory()
	}
	if limit < 0 {
		return nil
	}
	return command.NewBudget(limit, files)
}

// Memory is the session's memory budget (nil when Options.MaxMemory is
// negative), for a program that holds data on the session's behalf (the
// --json output buffer of memsh's script mode).
func (s *Session) Memory() *command.Budget { return s.c.mem }
