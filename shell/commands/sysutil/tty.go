package sysutil

import (
	"context"
	"io"

	"memsh/shell/command"
)

func runTty(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{
		{'s', "silent", noArg, "s"},
		{0, "quiet", noArg, "s"},
		{0, "help", noArg, "help"},
		{0, "version", noArg, "version"},
	}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, false, nil)
	if !ok {
		return 2
	}
	silent := false
	for _, o := range opts {
		switch o.Key {
		case "help":
			return printHelp(inv, "tty")
		case "version":
			return printVersion(inv, "tty")
		case "s":
			silent = true
		}
	}
	if len(operands) > 0 {
		return inv.Usage(2, "extra operand %s", quote(inv, operands[0]))
	}
	// The TUI is the only terminal memsh has; scripts and pipes are not ttys.
	if !inv.Term {
		if !silent {
			io.WriteString(inv.Stdout, "not a tty\n")
		}
		return 1
	}
	if !silent {
		if _, err := io.WriteString(inv.Stdout, "/dev/pts/0\n"); err != nil {
			return writeFailed(inv, err)
		}
	}
	return 0
}
