package interp

import (
	"context"
	"strconv"
	"strings"
)

// builtinBreak is break [n] and continue [n].
func builtinBreak(ctx context.Context, r *Runner, args []string) int {
	n, status := 1, 0
	if len(args) > 2 {
		r.errorf("%s: too many arguments", args[0])
		r.exitShell(1)
		return 1
	}
	if len(args) > 1 {
		v, err := strconv.Atoi(strings.TrimSpace(args[1]))
		if err != nil {
			r.errorf("%s: %s: numeric argument required", args[0], args[1])
			r.exitShell(128)
			return 128
		}
		if v < 1 {
			// Out of range: bash leaves every loop, with status 1.
			r.errorf("%s: %s: loop count out of range", args[0], args[1])
			v, status = r.loopDepth, 1
			if r.loopDepth == 0 {
				return 1
			}
			r.flow, r.flowN = flowBreak, v
			return status
		}
		n = v
	}
	if r.loopDepth == 0 {
		// bash: "only meaningful in a `for', `while', or `until' loop",
		// printed only when not in a loop at all.
		r.errorf("%s: only meaningful in a `for', `while', or `until' loop", args[0])
		return 0
	}
	n = min(n, r.loopDepth)
	r.flowN = n
	if args[0] == "break" {
		r.flow = flowBreak
	} else {
		r.flow = flowContinue
	}
	return status
}

// legalNumber is bash's legal_number: blanks around an optionally signed
// decimal integer that fits in 64 bits.
func legalNumber(s string) (int64, bool) {
	v, err := strconv.ParseInt(strings.Trim(s, " \t\n"), 10, 64)
	return v, err == nil && strings.TrimSpace(s) != "" && !strings.HasPrefix(strings.TrimLeft(s, " \t\n"), "+-")
}

// builtinReturn is return [n].
func builtinReturn(ctx context.Context, r *Runner, args []string) int {
	status := r.lastStatus
	if len(args) > 2 {
		r.errorf("return: too many arguments")
		return 1
	}
	if len(args) > 1 {
		v, ok := legalNumber(args[1])
		if !ok {
			r.errorf("return: %s: numeric argument required", args[1])
			status = 2
		} else {
			status = int(v & 0xff)
		}
	}
	if len(r.frames) == 0 {
		r.errorf("return: can only `return' from a function or sourced script")
		return 2
	}
	r.flow = flowReturn
	r.lastStatus = status
	return status
}

// builtinExit is exit [n].
func builtinExit(ctx context.Context, r *Runner, args []string) int {
	status := r.lastStatus
	if len(args) > 1 && args[1] == "--" {
		args = args[1:]
	}
	if len(args) > 1 {
		v, ok := legalNumber(args[1])
		if !ok {
			r.errorf("exit: %s: numeric argument required", args[1])
			status = 2
		} else {
			status = int(v & 0xff)
		}
		if len(args) > 2 && ok {
			// A shell without a prompt exits all the same, with 1.
			r.errorf("exit: too many arguments")
			if r.cfg.Interactive && r.subshell == 0 {
				return 1
			}
			status = 1
		}
	}
	if r.stoppedJobsKeepShell() {
		return 1
	}
	r.exitShell(status)
	return status
}

// builtinShift is shift [n].
func builtinShift(ctx context.Context, r *Runner, args []string) int {
	n := int64(1)
	rest := args[1:]
	if len(rest) > 0 && rest[0] == "--" {
		rest = rest[1:]
	}
	if len(rest) > 1 {
		r.errorf("shift: too many arguments")
		r.exitShell(1)
		return 1
	}
	if len(rest) > 0 {
		v, ok := legalNumber(rest[0])
		if !ok {
			r.errorf("shift: %s: numeric argument required", rest[0])
			return 1
		}
		if v < 0 {
			r.errorf("shift: %s: shift count out of range", rest[0])
			return 1
		}
		n = v
	}
	if n > int64(len(r.params)) {
		if r.opts.shiftVerbose {
			if len(rest) > 0 {
				r.errorf("shift: %s: shift count out of range", rest[0])
			} else {
				r.errorf("shift: shift count out of range")
			}
		}
		return 1
	}
	r.params = r.params[n:]
	return 0
}

// builtinCaller is caller [n]: the line and source file of the current
// call (n absent), or line, function and file of the nth frame up, from
// the call stack as bash keeps it (a sourced file's frame and a script's
// "main" too, which ${FUNCNAME[@]} shows only inside a function).
func builtinCaller(ctx context.Context, r *Runner, args []string) int {
	lines, files := r.callStack("BASH_LINENO"), r.callStack("BASH_SOURCE")
	if len(lines) == 0 {
		return 1
	}
	args, st, ok := r.noOptions(args, "caller [expr]")
	if !ok {
		return st
	}
	at := func(list []string, i int64) (string, bool) {
		if i < 0 || i >= int64(len(list)) {
			return "", false
		}
		return list[i], true
	}
	if len(args) == 0 {
		file, ok := at(files, 1)
		if !ok {
			file = "NULL"
		}
		return r.writeOut("caller", []byte(lines[0]+" "+file+"\n"))
	}
	n, ok := legalNumber(args[0])
	if !ok {
		r.errorf("caller: %s: invalid number", args[0])
		r.printErr("caller: usage: caller [expr]\n")
		return 2
	}
	line, ok1 := at(lines, n)
	name, ok2 := at(r.callStack("FUNCNAME"), n+1)
	file, ok3 := at(files, n+1)
	if !ok1 || !ok2 || !ok3 {
		return 1
	}
	return r.writeOut("caller", []byte(line+" "+name+" "+file+"\n"))
}
