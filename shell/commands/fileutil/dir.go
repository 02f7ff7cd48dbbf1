package fileutil

import (
	"context"
	"strings"

	"memsh/shell/command"
)

// dir and vdir are ls with another default format, as in coreutils:
// dir lists in columns and vdir in long format, both escaping
// nongraphic characters (ls -C -b, ls -l -b) whatever the output is.
var (
	dirHelp  = strings.Replace(lsHelp, "Usage: ls ", "Usage: dir ", 1)
	vdirHelp = strings.Replace(lsHelp, "Usage: ls ", "Usage: vdir ", 1)
)

func runDir(ctx context.Context, inv *command.Invocation) int {
	return runLsAs(ctx, inv, "-C")
}

func runVdir(ctx context.Context, inv *command.Invocation) int {
	return runLsAs(ctx, inv, "-l")
}

// runLsAs runs ls with format and -b first, so the caller's options
// override them; messages keep the name dir or vdir.
func runLsAs(ctx context.Context, inv *command.Invocation, format string) int {
	for _, a := range inv.Args[1:] {
		if a == "--" {
			break
		}
		if a == "--version" {
			return printVersion(inv)
		}
	}
	sub := *inv
	sub.Args = append([]string{inv.Name(), format, "-b"}, inv.Args[1:]...)
	return runLs(ctx, &sub)
}
