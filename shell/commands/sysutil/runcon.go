package sysutil

import (
	"context"

	"memsh/shell/command"
)

const runconHelp = `Usage: runcon CONTEXT COMMAND [args]
  or:  runcon [ -c ] [-u USER] [-r ROLE] [-t TYPE] [-l RANGE] COMMAND [args]
Run a program in a different SELinux security context.
With neither CONTEXT nor COMMAND, print the current security context.

Mandatory arguments to long options are mandatory for short options too.
  CONTEXT            Complete security context
  -c, --compute      compute process transition context before modifying
  -t, --type=TYPE    type (for same role as parent)
  -u, --user=USER    user identity
  -r, --role=ROLE    role
  -l, --range=RANGE  levelrange
` + stdOpts + `
The sandbox is not an SELinux system: runcon always fails, as on a kernel
without SELinux.
`

// runRuncon fails as GNU runcon does on a kernel without SELinux.
func runRuncon(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{
		{'c', "compute", noArg, "c"},
		{'u', "user", requiredArg, "part"}, {'r', "role", requiredArg, "part"},
		{'t', "type", requiredArg, "part"}, {'l', "range", requiredArg, "part"},
		{0, "help", noArg, "help"}, {0, "version", noArg, "version"},
	}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, true, nil)
	if !ok {
		return 1
	}
	partial := false
	for _, o := range opts {
		switch o.Key {
		case "help":
			return printHelp(inv, "runcon")
		case "version":
			return printVersion(inv, "runcon")
		case "part":
			partial = true
		}
	}
	switch {
	case len(operands) == 0:
		inv.Errorf("failed to get current context: Invalid argument")
		return 1
	case !partial && len(operands) == 1:
		return inv.Usage(1, "no command specified")
	}
	inv.Errorf("runcon may be used only on a SELinux kernel")
	return 1
}
