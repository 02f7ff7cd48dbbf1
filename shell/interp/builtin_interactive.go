package interp

import (
	"context"
	"strings"
)

// The builtins of bash's interactive side (history, fc, bind, logout,
// compopt, suspend) as a non-interactive shell answers them: a script has no
// history list, no line editor, no login shell and no completion
// function running.

// builtinHistory is history: a script's history list is empty (history
// is off in a non-interactive shell), so listing prints nothing and -c
// clears nothing; -p prints its arguments.
func builtinHistory(ctx context.Context, r *Runner, args []string) int {
	const usage = "history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]"
	rest := args[1:]
	for len(rest) > 0 && len(rest[0]) > 1 && rest[0][0] == '-' {
		a := rest[0]
		rest = rest[1:]
		if a == "--" {
			break
		}
		for j := 1; j < len(a); j++ {
			switch a[j] {
			case 'c', 'a', 'n', 'r', 'w':
			case 'p':
				var b strings.Builder
				for _, s := range rest {
					b.WriteString(s + "\n")
				}
				return r.writeOut("history", []byte(b.String()))
			case 's':
				return 0
			case 'd':
				off := a[j+1:]
				if off == "" && len(rest) > 0 {
					off = rest[0]
				}
				if off == "" {
					r.errorf("history: -d: option requires an argument")
					r.printErr("history: usage: " + usage + "\n")
					return 2
				}
				r.errorf("history: %s: history position out of range", off)
				return 1
			default:
				return r.usageError("history", "-"+string(a[j]), usage)
			}
		}
	}
	if len(rest) > 0 {
		if _, ok := legalNumber(rest[0]); !ok {
			r.errorf("history: %s: numeric argument required", rest[0])
			return 1
		}
	}
	return 0
}

// builtinFc is fc: with an empty history there is nothing to list, and
// nothing to run again.
func builtinFc(ctx context.Context, r *Runner, args []string) int {
	const usage = "fc [-e ename] [-lnr] [first] [last] or fc -s [pat=rep] [command]"
	rest := args[1:]
	list, again := false, false
	for len(rest) > 0 && len(rest[0]) > 1 && rest[0][0] == '-' {
		a := rest[0]
		rest = rest[1:]
		if a == "--" {
			break
		}
		if _, ok := legalNumber(a); ok {
			// fc -1: a history offset, not an option.
			break
		}
		for j := 1; j < len(a); j++ {
			switch a[j] {
			case 'l':
				list = true
			case 'n', 'r':
			case 's':
				again = true
			case 'e':
				if j == len(a)-1 && len(rest) > 0 {
					rest = rest[1:]
				}
				j = len(a)
			default:
				return r.usageError("fc", "-"+string(a[j]), usage)
			}
		}
	}
	if again || !list && len(rest) > 0 {
		r.errorf("fc: no command found")
		return 1
	}
	return 0
}

// builtinBind is bind: a script has no line editor.
func builtinBind(ctx context.Context, r *Runner, args []string) int {
	r.errorf("bind: warning: line editing not enabled")
	return 0
}

// builtinLogout is logout: a script is not a login shell.
func builtinLogout(ctx context.Context, r *Runner, args []string) int {
	r.errorf("logout: not login shell: use `exit'")
	return 1
}

// builtinCompopt is compopt: it changes the options of the completion
// running, and a script runs none.
func builtinCompopt(ctx context.Context, r *Runner, args []string) int {
	const usage = "compopt [-o|+o option] [-DEI] [name ...]"
	rest := args[1:]
	for len(rest) > 0 && len(rest[0]) > 1 && (rest[0][0] == '-' || rest[0][0] == '+') {
		a := rest[0]
		rest = rest[1:]
		if a == "--" {
			break
		}
		for j := 1; j < len(a); j++ {
			switch a[j] {
			case 'o':
				if j == len(a)-1 && len(rest) > 0 {
					rest = rest[1:]
				}
				j = len(a)
			case 'D', 'E', 'I':
			default:
				return r.usageError("compopt", string(a[0])+string(a[j]), usage)
			}
		}
	}
	if len(rest) == 0 {
		r.errorf("compopt: not currently executing completion function")
		return 1
	}
	return 0
}

// builtinSuspend is suspend [-f]: a script has no job control to stop it
// with.
func builtinSuspend(ctx context.Context, r *Runner, args []string) int {
	for _, a := range args[1:] {
		if a != "-f" && a != "--" && len(a) > 1 && a[0] == '-' {
			return r.usageError("suspend", a[:2], "suspend [-f]")
		}
	}
	r.errorf("suspend: cannot suspend: no job control")
	return 1
}
