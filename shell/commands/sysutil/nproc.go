package sysutil

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"

	"memsh/shell/command"
)

// nproc reports the CPUs the sandbox runs on: memsh's GOMAXPROCS (set by
// the GOMAXPROCS variable memsh was started with, or the host's CPU
// quota), not the host's installed processors, so --all gives the same.
// Pipeline stages and WASI guests run in parallel on that many.
func runNproc(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{
		{0, "all", noArg, "all"},
		{0, "ignore", requiredArg, "ignore"},
		{0, "help", noArg, "help"},
		{0, "version", noArg, "version"},
	}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, false, nil)
	if !ok {
		return 1
	}
	all := false
	var ignore uint64
	for _, o := range opts {
		switch o.Key {
		case "help":
			return printHelp(inv, "nproc")
		case "version":
			return printVersion(inv, "nproc")
		case "all":
			all = true
		case "ignore":
			n, err := strconv.ParseUint(strings.TrimLeft(o.Value, " \t"), 10, 64)
			if err != nil {
				inv.Errorf("invalid number: %s", quote(inv, o.Value))
				return 1
			}
			ignore = n
		}
	}
	if len(operands) > 0 {
		return inv.Usage(1, "extra operand %s", quote(inv, operands[0]))
	}
	n := uint64(runtime.GOMAXPROCS(0))
	if !all {
		// GNU honours the OpenMP variables: OMP_NUM_THREADS replaces the
		// count (first list element), OMP_THREAD_LIMIT caps it.
		if v, err := strconv.ParseUint(firstListItem(inv.Getenv("OMP_NUM_THREADS")), 10, 64); err == nil && v > 0 {
			n = v
		}
		if v, err := strconv.ParseUint(strings.TrimSpace(inv.Getenv("OMP_THREAD_LIMIT")), 10, 64); err == nil && v > 0 && v < n {
			n = v
		}
	}
	if ignore >= n {
		n = 1
	} else {
		n -= ignore
	}
	if _, err := fmt.Fprintln(inv.Stdout, n); err != nil {
		return writeFailed(inv, err)
	}
	return 0
}

func firstListItem(s string) string {
	s, _, _ = strings.Cut(s, ",")
	return strings.TrimSpace(s)
}
