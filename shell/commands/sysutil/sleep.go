package sysutil

import (
	"context"
	"math"
	"time"

	"memsh/shell/command"
)

func runSleep(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{{0, "help", noArg, "help"}, {0, "version", noArg, "version"}}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, false, nil)
	if !ok {
		return 1
	}
	if len(opts) > 0 {
		if opts[0].Key == "help" {
			return printHelp(inv, "sleep")
		}
		return printVersion(inv, "sleep")
	}
	if len(operands) == 0 {
		return inv.Usage(1, "missing operand")
	}
	total := 0.0
	bad := false
	for _, a := range operands {
		s, ok := parseInterval(a)
		if !ok {
			inv.Errorf("invalid time interval %s", quote(inv, a))
			bad = true
			continue
		}
		total += s
	}
	if bad {
		return inv.Usage(1, "")
	}
	return sleepFor(ctx, total)
}

// sleepFor waits total seconds or until ctx is cancelled (status 130).
func sleepFor(ctx context.Context, total float64) int {
	if total <= 0 {
		return 0
	}
	var d time.Duration
	if total >= float64(math.MaxInt64)/1e9 {
		d = time.Duration(math.MaxInt64)
	} else {
		d = time.Duration(total * 1e9)
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return 0
	case <-ctx.Done():
		return cancelled
	}
}

// parseInterval reads "N[smhd]" (N a non-negative float, "inf" allowed)
// into seconds, as sleep and timeout do.
func parseInterval(a string) (float64, bool) {
	if a == "" {
		return 0, false
	}
	mult := 1.0
	num := a
	switch a[len(a)-1] {
	case 's':
		num = a[:len(a)-1]
	case 'm':
		num, mult = a[:len(a)-1], 60
	case 'h':
		num, mult = a[:len(a)-1], 3600
	case 'd':
		num, mult = a[:len(a)-1], 86400
	}
	if num == "" {
		return 0, false
	}
	// Read as strtod does: hexadecimal, "inf" and exponents included.
	v, ok := parseCFloat(num)
	if !ok {
		return 0, false
	}
	if math.IsNaN(v) || v < 0 {
		return 0, false
	}
	return v * mult, true
}
