package sysutil

import (
	"context"

	"memsh/shell/command"
)

const usersHelp = `Usage: users [OPTION]... [FILE]
Output who is currently logged in according to FILE.
If FILE is not specified, use /var/run/utmp.  /var/log/wtmp as FILE is common.

` + stdOpts + `
The sandbox keeps no login records: nobody is logged in, and the output
is empty.
`

// runUsers lists logged-in users: the sandbox has none, so it prints
// nothing, as GNU users does with an empty or missing utmp file.
func runUsers(ctx context.Context, inv *command.Invocation) int {
	operands, st, done := stdOnly(inv, 1)
	if done {
		return st
	}
	if len(operands) > 1 {
		return inv.Usage(1, "extra operand %s", quote(inv, operands[1]))
	}
	return 0
}
