package sysutil

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"memsh/shell/command"
)

const niceHelp = `Usage: nice [OPTION] [COMMAND [ARG]...]
Run COMMAND with an adjusted niceness, which affects process scheduling.
With no COMMAND, print the current niceness.  Niceness values range from
-20 (most favorable to the process) to 19 (least favorable to the process).

Mandatory arguments to long options are mandatory for short options too.
  -n, --adjustment=N   add integer N to the niceness (default 10)
` + stdOpts + `
Commands run in-process, so niceness changes nothing but what nice
reports; lowering it needs privileges the sandbox user does not have.
`

// niceKey carries the niceness a command was started with down the
// context, so that "nice -n 5 nice" prints 5.
type niceKey struct{}

func niceness(ctx context.Context) int {
	n, _ := ctx.Value(niceKey{}).(int)
	return n
}

func runNice(ctx context.Context, inv *command.Invocation) int {
	args := inv.Args[1:]
	adjust, given := "", false
	// The obsolete "-N" form (also "--N", "-+N") comes first, alone.
	for len(args) > 0 && isObsoleteAdjustment(args[0]) {
		adjust, given = args[0][1:], true
		args = args[1:]
	}
	specs := []optSpec{{'n', "adjustment", requiredArg, "n"}, {0, "help", noArg, "help"}, {0, "version", noArg, "version"}}
	opts, operands, ok := getopt(inv, args, specs, true, nil)
	if !ok {
		return 125
	}
	for _, o := range opts {
		switch o.Key {
		case "help":
			return printHelp(inv, "nice")
		case "version":
			return printVersion(inv, "nice")
		case "n":
			adjust, given = o.Value, true
		}
	}
	current := niceness(ctx)
	if len(operands) == 0 {
		if given {
			return inv.Usage(125, "a command must be given with an adjustment")
		}
		if _, err := fmt.Fprintln(inv.Stdout, current); err != nil {
			return writeFailed(inv, err)
		}
		return 0
	}
	n := 10
	if given {
		v, err := strconv.ParseInt(strings.TrimLeft(adjust, " \t\n\v\f\r"), 10, 64)
		if err != nil {
			if ne, ok := err.(*strconv.NumError); !ok || ne.Err != strconv.ErrRange {
				inv.Errorf("invalid adjustment %s", quote(inv, adjust))
				return 125
			}
			v = 1 << 40
			if strings.Contains(adjust, "-") {
				v = -v
			}
		}
		n = int(max(-40, min(40, v)))
	}
	target := max(-20, min(19, current+n))
	if target < current {
		// Only root may lower a niceness; GNU warns and runs the command.
		inv.Errorf("cannot set niceness: Permission denied")
		target = current
	}
	return execNamed(context.WithValue(ctx, niceKey{}, target), inv, operands, operands[0], nil)
}

// isObsoleteAdjustment reports whether arg is an obsolete "-N" option:
// a dash, an optional sign, then a digit (what follows is checked later,
// as GNU does: "-3x" is an invalid adjustment, not an invalid option).
func isObsoleteAdjustment(arg string) bool {
	if len(arg) < 2 || arg[0] != '-' {
		return false
	}
	s := arg[1:]
	if s[0] == '-' || s[0] == '+' {
		s = s[1:]
	}
	return s != "" && s[0] >= '0' && s[0] <= '9'
}
