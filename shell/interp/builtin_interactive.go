package interp

import (
	"context"
)

// The builtins of bash's interactive side (fc, bind, logout, suspend)
// as a non-interactive shell answers them: a script has no history to
// edit, no line editor, no login shell and no job control. history is
// in builtin_history.go, compopt in builtin_complete.go.

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
