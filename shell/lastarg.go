package shell

import (
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

// setLastArg keeps bash's $_, the last argument of the previous simple
// command (mvdan/sh does not set it). The call handler runs after a
// command's words are expanded and before it runs, so setting _ there
// leaves the command's own $_ as the previous one, as in bash.
func setLastArg(hc interp.HandlerContext, args []string) {
	if strings.HasPrefix(args[0], internalPrefix) {
		return
	}
	if r := callingRunner(hc); r != nil {
		setShellVar(r, "_", expand.Variable{Set: true, Kind: expand.String, Str: args[len(args)-1]})
	}
}
