package sysutil

import (
	"context"
	"io"

	"memsh/shell/command"
)

func runClear(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{
		{'x', "", noArg, "x"},
		{'T', "", requiredArg, "T"},
		{'V', "", noArg, "V"},
	}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, false, nil)
	if !ok || len(operands) > 0 {
		io.WriteString(inv.Stderr, helpText("clear"))
		return 1
	}
	// Home, erase display, and (unless -x) erase scrollback: what ncurses
	// clear sends for xterm-like terminals.
	seq := "\x1b[H\x1b[2J\x1b[3J"
	for _, o := range opts {
		switch o.Key {
		case "x":
			seq = "\x1b[H\x1b[2J"
		case "V":
			io.WriteString(inv.Stdout, "ncurses 6.4 (memsh)\n")
			return 0
		}
	}
	if _, err := io.WriteString(inv.Stdout, seq); err != nil {
		return writeFailed(inv, err)
	}
	return 0
}
