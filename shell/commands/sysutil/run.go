package sysutil

import (
	"context"
	"strings"

	"memsh/shell/command"
)

// runOrFail runs argv for nohup, stdbuf and chroot, which report a
// command they cannot run as "failed to run command Q: REASON", with
// GNU's statuses: 126 found but not runnable, 127 not found.
func runOrFail(ctx context.Context, inv *command.Invocation, argv []string, stdio command.Stdio, q func(string) string) int {
	name := argv[0]
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

// shellQuote quotes s as gnulib's quoteaf does in messages that name a
// file: 'x', with an embedded ' written as '\”.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
