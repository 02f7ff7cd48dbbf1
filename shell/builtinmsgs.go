package shell

import (
	"fmt"
	"memsh/shell/command"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/interp"
)

// builtinFidelity checks the arguments of builtins mvdan/sh runs itself
// and, where mvdan/sh would give another status or message than bash,
// answers as bash does: args to run instead (statusArgs) and true. Other
// calls go on with the args it returns (trap's, filtered) or, when that
// is nil, unchanged.
func (c *core) builtinFidelity(hc interp.HandlerContext, args []string) ([]string, bool) {
	fail := func(status int, format string, a ...any) ([]string, bool) {
		fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+format, a...)
		return statusArgs(status), true
	}
	switch args[0] {
	case "shift":
		// bash: shifting past $# fails with 1 (silently, without
		// shift_verbose); a bad count is "numeric argument required".
		if len(args) > 2 {
			return fail(1, "shift: too many arguments\n")
		}
		n := 1
		if len(args) == 2 {
			v, err := strconv.Atoi(args[1])
			if err != nil {
				return fail(1, "shift: %s: numeric argument required\n", args[1])
			}
			if v < 0 {
				return fail(1, "shift: %s: shift count out of range\n", args[1])
			}
			n = v
		}
		if r := callingRunner(hc); r != nil && n > len(r.Params) {
			return statusArgs(1), true
		}
	case "exit":
		if len(args) > 1 {
			if _, err := strconv.Atoi(args[1]); err != nil {
				// bash prints the message and exits with 2.
				fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"exit: %s: numeric argument required\n", args[1])
				return []string{"exit", "2"}, true
			}
			if len(args) > 2 {
				return fail(1, "exit: too many arguments\n")
			}
		}
	case "[":
		if len(args) == 1 || args[len(args)-1] != "]" {
			return fail(2, "[: missing `]'\n")
		}
	case "trap":
		specs := args[1:]
		if len(specs) > 0 && specs[0] == "--" {
			specs = specs[1:]
		}
		if len(specs) < 2 || strings.HasPrefix(specs[0], "-") && len(specs[0]) > 1 {
			break // listing, -l, -p, or a single argument: mvdan/sh's
		}
		// mvdan/sh keeps EXIT and ERR traps only. Signals are valid specs
		// in bash; nothing in the sandbox delivers them, so a trap on one
		// is accepted and never runs (trap 'cleanup' EXIT INT TERM).
		keep := []string{"trap", specs[0]}
		for _, sig := range specs[1:] {
			switch strings.TrimPrefix(strings.ToUpper(sig), "SIG") {
			case "EXIT", "0":
				keep = append(keep, "EXIT")
				continue
			case "ERR":
				keep = append(keep, "ERR")
				continue
			case "DEBUG", "RETURN":
				continue
			}
			if _, ok := command.SignalNumber(sig); !ok {
				return fail(1, "trap: %s: invalid signal specification\n", sig)
			}
		}
		if len(keep) == 2 {
			return statusArgs(0), true
		}
		return keep, false
	case "shopt":
		// lastpipe is honoured by leaving pipelines of scripts that name
		// it as mvdan/sh runs them (lastpipe.go); mvdan/sh's shopt does
		// not know the name.
		var keep []string
		for _, a := range args {
			if a != "lastpipe" {
				keep = append(keep, a)
			}
		}
		if len(keep) < len(args) {
			if len(keep) == 1 || len(keep) == 2 && strings.HasPrefix(keep[1], "-") {
				return statusArgs(0), true
			}
			return keep, false
		}
	case "unset":
		for _, a := range args[1:] {
			if a == "--" || !strings.HasPrefix(a, "-") || a == "-" {
				break
			}
			for _, f := range a[1:] {
				if !strings.ContainsRune("fvn", f) {
					return fail(2, "unset: -%c: invalid option\nunset: usage: unset [-f] [-v] [-n] [name ...]\n", f)
				}
			}
		}
	}
	return args, false
}

// builtinOpts reads the leading one-letter options of a builtin's args,
// as bash's builtins take them ("-ab" is "-a -b", "--" ends them, "-" is
// an operand): the letters seen, the index of the first operand, and the
// first letter not in allowed (0 when there is none).
func builtinOpts(args []string, allowed string) (flags string, next int, bad rune) {
	i := 1
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		for _, f := range a[1:] {
			if !strings.ContainsRune(allowed, f) {
				return flags, i, f
			}
			flags += string(f)
		}
	}
	return flags, i, 0
}
