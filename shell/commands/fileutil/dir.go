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

// runLsAs runs ls with format first, so the caller's options override
// it; messages keep the name dir or vdir, which makes ls quote names in
// the escape style unless QUOTING_STYLE or an option says otherwise.
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
	sub.Args = append([]string{inv.Name(), format}, inv.Args[1:]...)
	return runLs(ctx, &sub)
}
