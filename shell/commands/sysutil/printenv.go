package sysutil

import (
	"context"
	"strings"

	"memsh/shell/command"
)

func runPrintenv(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{
		{'0', "null", noArg, "0"},
		{0, "help", noArg, "help"},
		{0, "version", noArg, "version"},
	}
	// GNU's "+iu:0": options end at the first operand.
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, true, nil)
	if !ok {
		return 2
	}
	end := "\n"
	for _, o := range opts {
		switch o.Key {
		case "help":
			return printHelp(inv, "printenv")
		case "version":
			return printVersion(inv, "printenv")
		case "0":
			end = "\x00"
		}
	}
	w := newWriter(inv.Stdout)
	if len(operands) == 0 {
		for _, kv := range inv.Environ {
			w.WriteString(kv)
			w.WriteString(end)
		}
		return finish(inv, w, 0)
	}
	status := 0
	for _, name := range operands {
		found := false
		if !strings.Contains(name, "=") {
			for _, kv := range inv.Environ {
				if k, v, _ := strings.Cut(kv, "="); k == name {
					w.WriteString(v)
					w.WriteString(end)
					found = true
				}
			}
		}
		if !found {
			status = 1
		}
	}
	return finish(inv, w, status)
}
