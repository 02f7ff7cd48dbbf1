package sysutil

import (
	"context"
	"strings"

	"memsh/shell/command"
)

// The sandbox's kernel identity: memsh reports a fixed Linux, never the host's.
const (
	unameSysname = "Linux"
	unameRelease = "6.1.0-memsh"
	unameVersion = "#1 SMP PREEMPT_DYNAMIC memsh"
	unameOS      = "GNU/Linux"
)

func runUname(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{
		{'a', "all", noArg, "a"},
		{'s', "kernel-name", noArg, "s"},
		{'n', "nodename", noArg, "n"},
		{'r', "kernel-release", noArg, "r"},
		{'v', "kernel-version", noArg, "v"},
		{'m', "machine", noArg, "m"},
		{'p', "processor", noArg, "p"},
		{'i', "hardware-platform", noArg, "i"},
		{'o', "operating-system", noArg, "o"},
		{0, "sysname", noArg, "s"},
		{0, "release", noArg, "r"},
		{0, "help", noArg, "help"},
		{0, "version", noArg, "version"},
	}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, false, nil)
	if !ok {
		return 1
	}
	want := map[string]bool{}
	all := false
	for _, o := range opts {
		switch o.Key {
		case "help":
			return printHelp(inv, "uname")
		case "version":
			return printVersion(inv, "uname")
		case "a":
			all = true
		default:
			want[o.Key] = true
		}
	}
	if len(operands) > 0 {
		return inv.Usage(1, "extra operand %s", quote(inv, operands[0]))
	}
	if len(want) == 0 && !all {
		want["s"] = true
	}
	var fields []string
	add := func(key, val string) {
		// -a leaves out the fields Linux does not know.
		if want[key] || (all && val != "unknown") {
			fields = append(fields, val)
		}
	}
	add("s", unameSysname)
	add("n", hostName(inv))
	add("r", unameRelease)
	add("v", unameVersion)
	add("m", command.Machine())
	add("p", "unknown")
	add("i", "unknown")
	add("o", unameOS)
	_, err := inv.Stdout.Write([]byte(strings.Join(fields, " ") + "\n"))
	if err != nil {
		return writeFailed(inv, err)
	}
	return 0
}
