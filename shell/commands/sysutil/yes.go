package sysutil

import (
	"context"
	"strings"

	"memsh/shell/command"
)

func runYes(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{{0, "help", noArg, "help"}, {0, "version", noArg, "version"}}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, false, nil)
	if !ok {
		return 1
	}
	if len(opts) > 0 {
		if opts[0].Key == "help" {
			return printHelp(inv, "yes")
		}
		return printVersion(inv, "yes")
	}
	line := "y\n"
	if len(operands) > 0 {
		line = strings.Join(operands, " ") + "\n"
	}
	// Fill one large buffer with whole copies of the line and write it
	// over and over: a few writes per megabyte, not one per line.
	n := bufSize / len(line)
	if n < 1 {
		n = 1
	}
	buf := []byte(strings.Repeat(line, n))
	for {
		if ctx.Err() != nil {
			return cancelled
		}
		if _, err := inv.Stdout.Write(buf); err != nil {
			if ctx.Err() != nil {
				return cancelled
			}
			return writeFailed(inv, err)
		}
	}
}
