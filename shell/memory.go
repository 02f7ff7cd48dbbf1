package shell

import (
	"io"
	"io/fs"
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

// readHeld reads a whole text the shell must hold (a sourced file, the
// script of `bash FILE` or `bash < input`) within command.MaxHeld and the
// memory budget, so `source /dev/zero` fails with a message naming the
// limit. The bytes count against the budget while they are read.
func (c *core) readHeld(r io.Reader, hint int64) ([]byte, error) {
	var held int64
	defer func() { c.mem.Release(held) }()
	return command.ReadHeld(r, hint, func(n int) error {
		if err := c.mem.Reserve(int64(n)); err != nil {
			return err
		}
		held += int64(n)
		return nil
	})
}

// readFileHeld is readHeld for a memfs file.
func (c *core) readFileHeld(abs string) ([]byte, error) {
	f, err := c.fs.Open(abs)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var hint int64
	if fi, err := f.Stat(); err == nil {
		if fi.IsDir() {
			return nil, &fs.PathError{Op: "read", Path: abs, Err: syscall.EISDIR}
		}
		if fi.Mode().IsRegular() {
			hint = fi.Size()
		}
	}
	return c.readHeld(f, hint)
}
