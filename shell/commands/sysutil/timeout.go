package sysutil

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync/atomic"
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

// timeout runs a command and, after DURATION, signals it. A signal its
// programs take (SIGINT to python, through inv.Signals) is delivered and
// timeout waits for the command, up to --kill-after's interval; any
// other ends the command's context (commands stop cooperatively), so
// that signal is reported, not delivered. The status is GNU's: 124 on
// timeout (the command's with --preserve-status, 128+SIG when the
// command was stopped), 137 for KILL or --kill-after.
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
	var killAfter float64
	for _, o := range opts {
		switch o.Key {
		case "help":
			return printHelp(inv, "timeout")
		case "version":
			return printVersion(inv, "timeout")
		case "s":
			n, ok := parseSignal(o.Value)
			if !ok {
				inv.Errorf("%s: invalid signal", quote(inv, o.Value))
				return inv.Usage(125, "")
			}
			sig = n
		case "k":
			if killAfter, ok = parseInterval(o.Value); !ok {
				inv.Errorf("invalid time interval %s", quote(inv, o.Value))
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
		inv.Errorf("invalid time interval %s", quote(inv, operands[0]))
		return inv.Usage(125, "")
	}
	argv := operands[1:]
	if st, why := unrunnablePath(inv, argv[0]); st != 0 {
		inv.Errorf("failed to run command %s: %s", quote(inv, argv[0]), why)
		return st
	}
	if strings.Contains(argv[0], "/") {
		if _, denied := lookPath(inv, argv[0], ""); denied {
			inv.Errorf("failed to run command %s: Permission denied", quote(inv, argv[0]))
			return 126
		}
	}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	var signal func(int) bool
	if inv.Signals != nil {
		runCtx, signal = inv.Signals.Group(runCtx, false)
	}
	var timedOut, delivered, killed atomic.Bool
	if d, ok := interval(secs); ok {
		done := make(chan struct{})
		defer close(done)
		go func() {
			if !waitFor(done, d) {
				return
			}
			timedOut.Store(true)
			if sig == 0 || signal == nil || !signal(sig) {
				cancel()
				return
			}
			delivered.Store(true)
			if k, ok := interval(killAfter); ok && waitFor(done, k) {
				killed.Store(true)
				cancel()
			}
		}()
	}
	res := runCommand(runCtx, inv, argv, nil, inv.Stdio)
	if res.NotFound {
		inv.Errorf("failed to run command %s: No such file or directory", quote(inv, argv[0]))
		return 127
	}
	if ctx.Err() != nil {
		return cancelled
	}
	if timedOut.Load() {
		if verbose {
			// Printed once the command is done: its own output may be
			// going to the same stderr.
			fmt.Fprintf(inv.Stderr, "%s: sending signal %s to command %s\n", inv.Name(), command.SignalText(sig), quote(inv, argv[0]))
			if killed.Load() {
				fmt.Fprintf(inv.Stderr, "%s: sending signal KILL to command %s\n", inv.Name(), quote(inv, argv[0]))
			}
		}
		switch {
		case sig == 9 || killed.Load():
			return 128 + 9
		case preserve && delivered.Load():
			return res.Status
		case preserve:
			return 128 + sig
		}
		return 124
	}
	return res.Status
}

// interval is a positive DURATION in seconds as a time.Duration; false
// for 0 (no timeout) and for one too long to represent.
func interval(secs float64) (time.Duration, bool) {
	if secs <= 0 || secs >= math.MaxInt64/1e9 {
		return 0, false
	}
	return time.Duration(secs * float64(time.Second)), true
}

// waitFor reports whether d passed before done was closed.
func waitFor(done <-chan struct{}, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-done:
		return false
	case <-t.C:
		return true
	}
}
