package sysutil

import (
	"context"
	"fmt"
	"strings"

	"memsh/shell/command"
)

// which is debianutils' which: print where each name would be run from
// along $PATH (in memfs), nothing for a missing one, status 1 if any is
// missing.
func runWhich(ctx context.Context, inv *command.Invocation) int {
	all := false
	args := inv.Args[1:]
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && args[0] != "-" {
		a := args[0]
		args = args[1:]
		if a == "--" {
			break
		}
		for _, c := range a[1:] {
			if c != 'a' {
				fmt.Fprintf(inv.Stderr, "Illegal option -%c\n", c)
				fmt.Fprintln(inv.Stderr, "Usage: /usr/bin/which [-a] args")
				return 2
			}
			all = true
		}
	}
	if len(args) == 0 {
		return 1
	}
	pathVar := inv.Getenv("PATH")
	w := newWriter(inv.Stdout)
	status := 0
	for _, name := range args {
		found := false
		if strings.Contains(name, "/") {
			if isExecutable(inv, inv.Abs(name)) {
				fmt.Fprintln(w, name)
				found = true
			}
		} else {
			for _, dir := range strings.Split(pathVar, ":") {
				if dir == "" {
					dir = "."
				}
				if isExecutable(inv, inv.Abs(dir+"/"+name)) {
					fmt.Fprintf(w, "%s/%s\n", dir, name)
					found = true
					if !all {
						break
					}
				}
			}
		}
		if !found {
			status = 1
		}
	}
	return finish(inv, w, status)
}

func isExecutable(inv *command.Invocation, p string) bool {
	fi, err := inv.FS.Stat(p)
	return err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0
}
