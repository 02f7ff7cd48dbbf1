package sysutil

import (
	"context"
	"fmt"

	"memsh/shell/command"
)

func runWhoami(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{{0, "help", noArg, "help"}, {0, "version", noArg, "version"}}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, false, nil)
	if !ok {
		return 1
	}
	if len(opts) > 0 {
		if opts[0].Key == "help" {
			return printHelp(inv, "whoami")
		}
		return printVersion(inv, "whoami")
	}
	if len(operands) > 0 {
		return inv.Usage(1, "extra operand %s", quote(inv, operands[0]))
	}
	uid := currentUID(inv)
	u, ok := userByUID(inv, uid)
	if !ok {
		inv.Errorf("cannot find name for user ID %d", uid)
		return 1
	}
	if _, err := fmt.Fprintln(inv.Stdout, u.Name); err != nil {
		return writeFailed(inv, err)
	}
	return 0
}
