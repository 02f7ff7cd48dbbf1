package sysutil

import (
	"context"
	"fmt"

	"memsh/shell/command"
)

const archHelp = `Usage: arch [OPTION]...
Print machine architecture.

` + stdOpts

// runArch prints what uname -m prints.
func runArch(ctx context.Context, inv *command.Invocation) int {
	if st, done := noOperands(inv); done {
		return st
	}
	if _, err := fmt.Fprintln(inv.Stdout, command.Machine()); err != nil {
		return writeFailed(inv, err)
	}
	return 0
}
