package sysutil

import (
	"context"
	"fmt"
	"strings"

	"memsh/shell/command"
)

func runHostname(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{
		{'s', "short", noArg, "s"},
		{'f', "fqdn", noArg, "f"},
		{0, "long", noArg, "f"},
		{'d', "domain", noArg, "d"},
		{'i', "ip-address", noArg, "i"},
		{'I', "all-ip-addresses", noArg, "I"},
		{'a', "alias", noArg, "a"},
		{'A', "all-fqdns", noArg, "f"},
		{'h', "help", noArg, "help"},
		{'V', "version", noArg, "version"},
	}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, false, nil)
	if !ok {
		return 1
	}
	name := hostName(inv)
	out := name
	for _, o := range opts {
		switch o.Key {
		case "help":
			return printHelp(inv, "hostname")
		case "version":
			return printVersion(inv, "hostname")
		case "s":
			out, _, _ = strings.Cut(name, ".")
		case "f":
			out = name
		case "d":
			_, out, _ = strings.Cut(name, ".")
		case "i", "I":
			// The sandbox has no network: only loopback.
			out = "127.0.0.1"
		case "a":
			out = ""
		}
	}
	if len(operands) > 0 {
		inv.Errorf("you must be root to change the host name")
		return 1
	}
	if _, err := fmt.Fprintln(inv.Stdout, out); err != nil {
		return writeFailed(inv, err)
	}
	return 0
}
