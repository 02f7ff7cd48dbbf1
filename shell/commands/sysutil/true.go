package sysutil

import (
	"context"

	"memsh/shell/command"
)

// true and false ignore their arguments, except that a lone --help or
// --version is honoured (with the command's own status), as in GNU.
func runTrue(ctx context.Context, inv *command.Invocation) int  { return trueFalse(inv, "true", 0) }
func runFalse(ctx context.Context, inv *command.Invocation) int { return trueFalse(inv, "false", 1) }

func trueFalse(inv *command.Invocation, name string, status int) int {
	if len(inv.Args) == 2 {
		switch inv.Args[1] {
		case "--help":
			printHelp(inv, name)
		case "--version":
			printVersion(inv, name)
		}
	}
	return status
}
