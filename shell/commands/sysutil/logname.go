package sysutil

import (
	"context"

	"memsh/shell/command"
)

const lognameHelp = `Usage: logname [OPTION]
Print the user's login name.

` + stdOpts + `
memsh has no login records (utmp): nobody logged in on a terminal, so
there is no login name, as for a script run from cron or a container.
`

// runLogname is GNU logname where getlogin() finds no utmp entry for
// the controlling terminal: the sandbox has no terminal and no utmp.
func runLogname(ctx context.Context, inv *command.Invocation) int {
	if st, done := noOperands(inv); done {
		return st
	}
	inv.Errorf("no login name")
	return 1
}
