package interp

import (
	"context"
)

// The builtins of bash's interactive side (logout, suspend) as a
// non-interactive shell answers them: a script has no login shell and
// no job control. history and fc are in builtin_history.go, bind in
// builtin_bind.go, compopt in builtin_complete.go.

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
