package shell

import (
	"fmt"
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
		fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+format, a...)
		return statusArgs(status), true
	}
	if (args[0] == "exit" || args[0] == "return") && len(args) > 1 && args[1] == "--" {
		args = append([]string{args[0]}, args[2:]...) // exit -- 3
	}
	if args[0] == "eval" || args[0] == "builtin" {
		// They take no options but --.
		if len(args) > 1 && args[1] == "--" {
			args = append([]string{args[0]}, args[2:]...)
		} else if len(args) > 1 && len(args[1]) > 1 && args[1][0] == '-' {
			usage := map[string]string{"eval": "eval [arg ...]", "builtin": "builtin [shell-builtin [arg ...]]"}[args[0]]
			return fail(2, "%s: %s: invalid option\n%s: usage: %s\n", args[0], args[1][:2], args[0], usage)
		}
		if len(args) == 1 {
			return statusArgs(0), true
		}
	}
	if out, done := c.ctlFidelity(hc, args); out != nil { // ctlflow.go
		return out, done
	}
	switch args[0] {
	case "shift":
		// bash: shifting past $# fails with 1 (silently, without
		// shift_verbose); a bad count is "numeric argument required";
		// more than one count ends the shell.
		if len(args) > 1 && args[1] == "--" {
			args = append([]string{"shift"}, args[2:]...)
		}
		if len(args) > 2 {
			fmt.Fprint(hc.Stderr, c.ctlPrefix(hc)+"shift: too many arguments\n")
			return []string{"exit", "1"}, true
		}
		n := 1
		if len(args) == 2 {
			v, err := strconv.ParseInt(strings.TrimSpace(args[1]), 10, 64)
			if err != nil {
				return fail(1, "shift: %s: numeric argument required\n", args[1])
			}
			if v < 0 {
				return fail(1, "shift: %s: shift count out of range\n", args[1])
			}
			n = int(min(v, 1<<31))
		}
		if r := callingRunner(hc); r != nil && n > len(r.Params) {
			if shoptState(hc, "shift_verbose") {
				if len(args) == 2 {
					return fail(1, "shift: %s: shift count out of range\n", args[1])
				}
				return fail(1, "shift: shift count out of range\n")
			}
			return statusArgs(1), true
		}
		return []string{"shift", strconv.Itoa(n)}, false
	case "exit":
		if len(args) > 1 {
			n, err := strconv.ParseInt(strings.TrimSpace(args[1]), 10, 64)
			if err != nil {
				// bash prints the message and exits with 2.
				fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"exit: %s: numeric argument required\n", args[1])
				return []string{"exit", "2"}, true
			}
			if len(args) > 2 {
				return fail(1, "exit: too many arguments\n")
			}
			return []string{"exit", strconv.Itoa(int(uint8(n)))}, true
		}
	case "[", "test":
		operands := args[1:]
		if args[0] == "[" {
			if len(args) == 1 || args[len(args)-1] != "]" {
				return fail(2, "[: missing `]'\n")
			}
			operands = args[1 : len(args)-1]
		}
		if msg := testSyntax(operands); msg != "" { // testsyntax.go
			if msg == "`)' expected" && args[0] == "[" {
				msg += ", found ]" // bash reads on into the ]
			}
			return fail(2, "%s: %s\n", args[0], msg)
		}
		// mvdan/sh's test has no < and >: strings sort as bytes (the
		// C.UTF-8 locale's order). Three words with a string operator in
		// the middle are that comparison whatever the words around it
		// ("! = a", "-n = a"), which mvdan/sh misparses as operators.
		negate := len(operands) == 4 && operands[0] == "!"
		if negate {
			operands = operands[1:]
		}
		if len(operands) == 3 {
			var holds bool
			switch operands[1] {
			case "<":
				holds = operands[0] < operands[2]
			case ">":
				holds = operands[0] > operands[2]
			case "=", "==":
				holds = operands[0] == operands[2]
			case "!=":
				holds = operands[0] != operands[2]
			default:
				return args, false
			}
			if holds != negate {
				return statusArgs(0), true
			}
			return statusArgs(1), true
		}
	case "dirs":
		return c.dirsBuiltin(hc, args), true // dirstack.go
	case "pushd":
		return c.pushdBuiltin(hc, args), true
	case "popd":
		return c.popdBuiltin(hc, args), true
	case "trap":
		return statusArgs(c.trapBuiltin(hc, args)), true // traps.go
	case "shopt":
		return c.shoptBuiltin(hc, args) // shopt.go
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
