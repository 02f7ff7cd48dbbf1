package shell

import (
	"fmt"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

// optPosVar holds getopts' position inside a group of options (-abc)
// and the OPTIND it belongs to, "OPTIND:POS": assigning OPTIND (as
// OPTIND=1 to parse again) starts over, as in bash.
const optPosVar = internalPrefix + "optpos"

// getoptsBuiltin is bash's getopts, which memsh runs instead of
// mvdan/sh's for bash's messages ("$0: illegal option -- x") and its
// handling of a missing argument (name set to ?, OPTARG unset) and of
// OPTERR=0.
func (c *core) getoptsBuiltin(hc interp.HandlerContext, args []string) []string {
	if len(args) < 3 {
		fmt.Fprintln(hc.Stderr, "getopts: usage: getopts optstring name [arg ...]")
		return statusArgs(2)
	}
	r := callingRunner(hc)
	if r == nil {
		return args
	}
	optstring, name := args[1], args[2]
	if !validAssignTarget(name) || strings.Contains(name, "[") {
		fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"getopts: `%s': not a valid identifier\n", name)
		return statusArgs(1)
	}
	operands := args[3:]
	if len(args) == 3 {
		operands = r.Params
	}
	silent := strings.HasPrefix(optstring, ":")
	if silent {
		optstring = optstring[1:]
	}
	report := !silent && hc.Env.Get("OPTERR").String() != "0"
	argv0 := hc.Env.Get("BASH_ARGV0").String()

	optVar, posVar := hc.Env.Get("OPTIND"), hc.Env.Get(optPosVar)
	optind, err := strconv.Atoi(strings.TrimSpace(optVar.String()))
	if err != nil || optind < 1 {
		optind = 1
	}
	// `local OPTIND` gives a function its own parse from the start, as
	// in bash; mvdan/sh's local keeps the global value, so a local
	// OPTIND without local getopts state starts over.
	local := optVar.Local
	if local && !posVar.Local {
		optind, posVar = 1, expand.Variable{}
	}
	pos := 0
	if saved, p, ok := strings.Cut(posVar.String(), ":"); ok && saved == strconv.Itoa(optind) {
		pos, _ = strconv.Atoi(p)
	}
	setStr := func(n, v string) {
		setShellVar(r, n, expand.Variable{Set: true, Kind: expand.String, Str: v})
	}
	unset := func(n string) { setShellVar(r, n, expand.Variable{}) }
	finish := func(status int) []string {
		setStr("OPTIND", strconv.Itoa(optind))
		setShellVar(r, optPosVar, expand.Variable{Set: true, Local: local, Kind: expand.String, Str: strconv.Itoa(optind) + ":" + strconv.Itoa(pos)})
		return statusArgs(status)
	}

	if pos == 0 {
		if optind > len(operands) {
			optind = len(operands) + 1 // bash's OPTIND past the end
			setStr(name, "?")
			return finish(1)
		}
		arg := operands[optind-1]
		if len(arg) < 2 || arg[0] != '-' {
			setStr(name, "?")
			return finish(1)
		}
		if arg == "--" {
			optind++
			setStr(name, "?")
			return finish(1)
		}
		pos = 1
	}
	arg := operands[optind-1]
	opt := arg[pos]
	pos++
	next := func() {
		if pos >= len(arg) {
			optind++
			pos = 0
		}
	}
	i := strings.IndexByte(optstring, opt)
	if i < 0 || opt == ':' {
		if silent {
			setStr("OPTARG", string(opt))
		} else {
			if report {
				fmt.Fprintf(hc.Stderr, "%s: illegal option -- %c\n", argv0, opt)
			}
			unset("OPTARG")
		}
		setStr(name, "?")
		next()
		return finish(0)
	}
	if i+1 < len(optstring) && optstring[i+1] == ':' {
		switch {
		case pos < len(arg):
			setStr("OPTARG", arg[pos:])
			optind++
		case optind < len(operands):
			setStr("OPTARG", operands[optind])
			optind += 2
		default:
			optind++
			pos = 0
			if silent {
				setStr(name, ":")
				setStr("OPTARG", string(opt))
			} else {
				if report {
					fmt.Fprintf(hc.Stderr, "%s: option requires an argument -- %c\n", argv0, opt)
				}
				setStr(name, "?")
				unset("OPTARG")
			}
			return finish(0)
		}
		pos = 0
		setStr(name, string(opt))
		return finish(0)
	}
	unset("OPTARG")
	setStr(name, string(opt)) // after: the name may be OPTARG
	next()
	return finish(0)
}
