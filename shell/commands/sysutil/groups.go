package sysutil

import (
	"context"
	"strconv"
	"strings"

	"memsh/shell/command"
)

const groupsHelp = `Usage: groups [OPTION]... [USERNAME]...
Print group memberships for each USERNAME or, if no USERNAME is specified, for
the current process (which may differ if the groups database has changed).
` + stdOpts

// runGroups prints group names from /etc/passwd and /etc/group in memfs:
// the sandbox user's with no operand, "NAME : GROUPS" for each operand.
func runGroups(ctx context.Context, inv *command.Invocation) int {
	operands, st, done := stdOnly(inv, 1)
	if done {
		return st
	}
	w := newWriter(inv.Stdout)
	groups := groupTable(inv)
	names := func(u passwdEntry) string {
		var out []string
		for _, gid := range groupsOf(groups, u) {
			if n, ok := groupName(inv, groups, gid); ok {
				out = append(out, n)
			} else {
				out = append(out, strconv.Itoa(gid))
			}
		}
		return strings.Join(out, " ")
	}
	if len(operands) == 0 {
		u, ok := userByUID(inv, currentUID(inv))
		if !ok {
			inv.Errorf("cannot find name for user ID %d", currentUID(inv))
			return 1
		}
		w.WriteString(names(u) + "\n")
		return finish(inv, w, 0)
	}
	status := 0
	for _, name := range operands {
		u, ok := userByName(inv, name)
		if !ok {
			w.Flush()
			inv.Errorf("%s: no such user", quote(inv, name))
			status = 1
			continue
		}
		w.WriteString(name + " : " + names(u) + "\n")
	}
	return finish(inv, w, status)
}
