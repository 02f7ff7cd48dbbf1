package interp

import (
	"context"
	"strconv"
	"strings"
)

// builtinGetopts is getopts optstring name [args].
func builtinGetopts(ctx context.Context, r *Runner, args []string) int {
	if len(args) < 3 {
		r.errorf("getopts: usage: getopts optstring name [arg ...]")
		return 2
	}
	optstr, name := args[1], args[2]
	// The option is read (OPTIND, OPTARG) before name is bound, which
	// fails for a name that is no identifier, as bash's
	// getopts_bind_variable: status 1.
	status := 0
	bind := func(val string) {
		if !validName(name) {
			r.errorf("getopts: `%s': not a valid identifier", name)
			status = 1
			return
		}
		r.setVar(name, val, false)
	}
	params := r.params
	if len(args) > 3 {
		params = args[3:]
	}
	silent := strings.HasPrefix(optstr, ":")
	if silent {
		optstr = optstr[1:]
	}
	optind := 1
	if s, ok := r.getVar("OPTIND"); ok {
		if n, err := strconv.Atoi(s); err == nil && n > 0 {
			optind = n
		}
	}
	if optind != r.optIndexFor {
		r.optIndex = 0
	}
	done := func() int {
		bind("?")
		r.unsetVar("OPTARG")
		return 1
	}
	if optind > len(params) {
		r.setVar("OPTIND", strconv.Itoa(len(params)+1), false)
		return done()
	}
	arg := params[optind-1]
	if r.optIndex == 0 {
		if arg == "--" {
			r.setVar("OPTIND", strconv.Itoa(optind+1), false)
			r.optIndexFor = optind + 1
			return done()
		}
		if len(arg) < 2 || arg[0] != '-' {
			return done()
		}
		r.optIndex = 1
	}
	c := arg[r.optIndex]
	r.optIndex++
	next := func() {
		if r.optIndex >= len(arg) {
			r.optIndex = 0
			optind++
		}
		r.setVar("OPTIND", strconv.Itoa(optind), false)
		r.optIndexFor = optind
	}
	i := strings.IndexByte(optstr, c)
	if i < 0 || c == ':' {
		if silent {
			r.setVar("OPTARG", string(c), false)
		} else {
			if optErr, _ := r.getVar("OPTERR"); optErr != "0" {
				r.printErr(r.arg0 + ": illegal option -- " + string(c) + "\n")
			}
			r.unsetVar("OPTARG")
		}
		bind("?")
		next()
		return status
	}
	if i+1 < len(optstr) && optstr[i+1] == ':' {
		if r.optIndex < len(arg) {
			r.setVar("OPTARG", arg[r.optIndex:], false)
			r.optIndex = len(arg)
		} else if optind < len(params) {
			optind++
			r.setVar("OPTARG", params[optind-1], false)
			r.optIndex = len(arg)
		} else {
			if silent {
				bind(":")
				r.setVar("OPTARG", string(c), false)
			} else {
				if optErr, _ := r.getVar("OPTERR"); optErr != "0" {
					r.printErr(r.arg0 + ": option requires an argument -- " + string(c) + "\n")
				}
				bind("?")
				r.unsetVar("OPTARG")
			}
			r.optIndex = len(arg)
			next()
			return status
		}
	} else {
		r.unsetVar("OPTARG")
	}
	bind(string(c))
	next()
	return status
}
