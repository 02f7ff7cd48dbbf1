package sysutil

import (
	"context"
	"errors"
	"io/fs"
	"strings"
	"syscall"

	"memsh/shell/command"
)

// runOrFail runs argv for nohup, stdbuf and chroot, which report a
// command they cannot run as "failed to run command Q: REASON", with
// GNU's statuses: 126 found but not runnable, 127 not found.
func runOrFail(ctx context.Context, inv *command.Invocation, argv []string, stdio command.Stdio, q func(string) string) int {
	name := argv[0]
	if st, why := unrunnablePath(inv, name); st != 0 {
		inv.Errorf("failed to run command %s: %s", q(name), why)
		return st
	}
	if strings.Contains(name, "/") {
		if _, denied := lookPath(inv, name, ""); denied {
			inv.Errorf("failed to run command %s: Permission denied", q(name))
			return 126
		}
	}
	res := runCommand(ctx, inv, argv, nil, stdio)
	if res.NotFound {
		inv.Errorf("failed to run command %s: No such file or directory", q(name))
		return 127
	}
	return res.Status
}

// unrunnablePath checks a command named by a path before it is run, as
// execvp fails on it (a missing file, a file used as a directory), so
// the caller reports it in its own words rather than the shell's. It
// returns GNU's status (127, or 126 for ENOTDIR) and the reason, or 0.
func unrunnablePath(inv *command.Invocation, name string) (int, string) {
	if !strings.Contains(name, "/") {
		return 0, ""
	}
	_, err := inv.FS.Stat(inv.Abs(name))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return 127, "No such file or directory"
	case errors.Is(err, syscall.ENOTDIR):
		return 126, "Not a directory"
	}
	return 0, ""
}

// shellQuote quotes s as gnulib's quoteaf does in messages that name a
// file: 'x', "it's", 'a'$'\n' (command.ShellQuote).
func shellQuote(s string) string { return command.ShellQuote(s, true) }
