package sysutil

import "memsh/shell/command"

// stdOnly parses the arguments of a command whose only options are --help
// and --version (logname, arch, hostid, users, ...). done is true when
// the command has nothing left to do: it printed its help or version, or
// a usage error, and status is its exit status.
func stdOnly(inv *command.Invocation, usageStatus int) (operands []string, status int, done bool) {
	specs := []optSpec{{0, "help", noArg, "help"}, {0, "version", noArg, "version"}}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, false, nil)
	if !ok {
		return nil, usageStatus, true
	}
	if len(opts) > 0 {
		if opts[0].Key == "help" {
			return nil, printHelp(inv, inv.Name()), true
		}
		return nil, printVersion(inv, inv.Name()), true
	}
	return operands, 0, false
}

// noOperands is stdOnly for commands that take no operands either.
func noOperands(inv *command.Invocation) (status int, done bool) {
	operands, status, done := stdOnly(inv, 1)
	if done {
		return status, true
	}
	if len(operands) > 0 {
		return inv.Usage(1, "extra operand %s", quote(inv, operands[0])), true
	}
	return 0, false
}
