package sysutil

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"memsh/shell/command"
)

// parseSignal reads a signal name (with or without SIG, in any case, as
// GNU's timeout takes it) or number; IOT, POLL and EXIT are aliases too.
func parseSignal(s string) (int, bool) {
	if n, err := strconv.Atoi(s); err == nil {
		return n, n >= 0 && n <= 64
	}
	switch name := strings.TrimPrefix(strings.ToUpper(s), "SIG"); name {
	case "IOT":
		return 6, true
	case "POLL":
		return 29, true
	case "EXIT":
		return 0, true
	default:
		return command.SignalNumber(name)
	}
}

// timeout runs a command with a context that expires after DURATION.
// Commands stop cooperatively when their context ends, so the signal is
// reported, not delivered: 124 on timeout (128+SIG with
// --preserve-status, 137 for KILL, as GNU).
func runTimeout(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{
		{'s', "signal", requiredArg, "s"},
		{'k', "kill-after", requiredArg, "k"},
		{0, "preserve-status", noArg, "preserve"},
		{0, "foreground", noArg, "foreground"},
		{'v', "verbose", noArg, "v"},
		{0, "help", noArg, "help"},
		{0, "version", noArg, "version"},
	}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, true, nil)
	if !ok {
		return 125
	}
	sig := 15
	preserve, verbose := false, false
	for _, o := range opts {
		switch o.Key {
		case "help":
			return printHelp(inv, "timeout")
		case "version":
			return printVersion(inv, "timeout")
		case "s":
			n, ok := parseSignal(o.Value)
			if !ok {
				inv.Errorf("%s: invalid signal", quote(o.Value))
				return inv.Usage(125, "")
			}
			sig = n
		case "k":
			if _, ok := parseInterval(o.Value); !ok {
				inv.Errorf("invalid time interval %s", quote(o.Value))
				return inv.Usage(125, "")
			}
		case "preserve":
			preserve = true
		case "v":
			verbose = true
		}
	}
	if len(operands) < 2 {
		return inv.Usage(125, "")
	}
	secs, ok := parseInterval(operands[0])
	if !ok {
		inv.Errorf("invalid time interval %s", quote(operands[0]))
		return inv.Usage(125, "")
	}
	argv := operands[1:]
	if st, why := unrunnablePath(inv, argv[0]); st != 0 {
		inv.Errorf("failed to run command %s: %s", quote(argv[0]), why)
		return st
	}
	if strings.Contains(argv[0], "/") {
		if _, denied := lookPath(inv, argv[0], ""); denied {
			inv.Errorf("failed to run command %s: Permission denied", quote(argv[0]))
			return 126
		}
	}
	runCtx, cancel := ctx, context.CancelFunc(func() {})
	if secs > 0 && secs < math.MaxInt64/1e9 {
		runCtx, cancel = context.WithTimeout(ctx, time.Duration(secs*float64(time.Second)))
	}
	defer cancel()
	res := runCommand(runCtx, inv, argv, nil, inv.Stdio)
	if res.NotFound {
		inv.Errorf("failed to run command %s: No such file or directory", quote(argv[0]))
		return 127
	}
	if ctx.Err() != nil {
		return cancelled
	}
	if errors.Is(runCtx.Err(), context.DeadlineExceeded) {
		if verbose {
			fmt.Fprintf(inv.Stderr, "%s: sending signal %s to command %s\n", inv.Name(), command.SignalText(sig), quote(argv[0]))
		}
		switch {
		case sig == 9:
			return 128 + 9
		case preserve:
			return 128 + sig
		}
		return 124
	}
	return res.Status
}
