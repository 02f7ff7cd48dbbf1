package sysutil

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"memsh/memfs"
	"memsh/shell/command"
)

const undoHelp = `Usage: undo [N]
  or:  undo -l
Put the filesystem back to the state before a command.

With no N, undo the last command that changed the filesystem. With N,
undo command N and every command after it (N as numbered by undo -l and
by each block's fs: line in the interactive shell).

  -l, --list     list the commands that can be undone, oldest first
` + stdOpts + `
The history keeps the last 50 commands that changed files, within a
memory budget (64 MiB by default, also counted against the filesystem's
byte limit); older steps are dropped first. Only the filesystem goes
back: variables, the working directory and output stay as they are.
`

// runUndo undoes steps of memfs's journal (memfs/undo.go).
func runUndo(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{{'l', "list", noArg, "l"}, {0, "help", noArg, "help"}, {0, "version", noArg, "version"}}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, false, nil)
	if !ok {
		return 2
	}
	list := false
	for _, o := range opts {
		switch o.Key {
		case "help":
			return printHelp(inv, "undo")
		case "version":
			return printVersion(inv, "undo")
		case "l":
			list = true
		}
	}
	if len(operands) > 1 {
		inv.Errorf("too many arguments")
		return 2
	}
	f := inv.FS
	cur := f.CurrentStep()
	if cur == 0 {
		inv.Errorf("undo is off (it runs in the interactive shell)")
		return 1
	}
	var steps []memfs.StepInfo
	for _, s := range f.UndoSteps() {
		if s.ID < cur {
			steps = append(steps, s)
		}
	}
	lost, why := f.UndoLost()
	if list {
		for _, s := range steps {
			fmt.Fprintf(inv.Stdout, "%5d  %s  (%s)\n", s.ID, s.Label, changeCount(len(s.Changes)))
		}
		if lost > 0 {
			fmt.Fprintf(inv.Stdout, "older commands were dropped: %s\n", why)
		}
		return 0
	}
	var target uint64
	if len(operands) == 1 {
		n, err := strconv.ParseUint(operands[0], 10, 64)
		if err != nil || n == 0 {
			inv.Errorf("%s: not a command number (see undo -l)", shellQuote(operands[0]))
			return 2
		}
		if n >= cur {
			inv.Errorf("%d: no such command to undo (the last is %d)", n, cur-1)
			return 1
		}
		target = n
	} else {
		if len(steps) == 0 {
			if lost > 0 {
				inv.Errorf("nothing to undo: older commands were dropped by %s", why)
			} else {
				inv.Errorf("nothing to undo")
			}
			return 1
		}
		target = steps[len(steps)-1].ID
	}
	res, err := f.Undo(target)
	if errors.Is(err, memfs.ErrUndoDropped) {
		inv.Errorf("cannot undo back to command %d: its history was dropped by %s", target, why)
		return 1
	}
	if err != nil {
		inv.Errorf("%v", err)
		return 1
	}
	if len(res.Steps) == 0 {
		fmt.Fprintf(inv.Stdout, "undo: nothing changed since command %d\n", target)
		return 0
	}
	labels := make([]string, len(res.Steps))
	for i, s := range res.Steps {
		labels[i] = shellQuote(s.Label)
	}
	what := "changed by " + labels[0]
	if len(labels) > 1 {
		what = fmt.Sprintf("changed by %d commands (%s)", len(labels), strings.Join(labels, ", "))
	}
	fmt.Fprintf(inv.Stdout, "undo: restored %s %s\n", changeCount(res.Paths), what)
	return 0
}

func changeCount(n int) string {
	if n == 1 {
		return "1 file"
	}
	return fmt.Sprintf("%d files", n)
}
