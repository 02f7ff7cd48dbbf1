package fileutil

import (
	"fmt"

	"memsh/shell/command"
)

// version is the GNU release whose behaviour these commands follow.
const version = "9.1"

// printVersion answers --version for the commands that take it.
func printVersion(inv *command.Invocation) int {
	fmt.Fprintf(inv.Stdout, "%s (memsh) %s\n", inv.Name(), version)
	return 0
}
