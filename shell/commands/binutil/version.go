package binutil

import (
	"context"
	"io"

	"memsh/shell/command"
)

// versions are the first lines of the real tools' --version, whose
// behaviour these commands follow; a second line says what this is.
var versions = func() map[string]string {
	v := map[string]string{
		"hexdump": "hexdump from util-linux 2.38.1", "column": "column from util-linux 2.38.1",
		"bc": "bc 1.07.1",
	}
	for _, n := range []string{"od", "base32", "basenc", "split", "join", "expand", "unexpand", "shuf", "cksum", "sum", "numfmt", "factor"} {
		v[n] = n + " (GNU coreutils) 9.1"
	}
	return v
}()

// versionText is a command's --version, which the dispatcher prints
// (and command.ParseFlags for an abbreviation); "" for one with none.
func versionText(name string) string {
	first, ok := versions[name]
	if !ok {
		return ""
	}
	return first + "\n(memsh's implementation, in Go, over its in-memory filesystem)\n"
}

// withShortVersion answers -V (before any "--"), which some of these
// tools take for --version.
func withShortVersion(run command.Func) command.Func {
	return func(ctx context.Context, inv *command.Invocation) int {
		if inv.Name() == "hexdump" || inv.Name() == "column" {
			for _, a := range inv.Args[1:] {
				if a == "--" {
					break
				}
				if a == "-V" {
					io.WriteString(inv.Stdout, versionText(inv.Name()))
					return 0
				}
			}
		}
		return run(ctx, inv)
	}
}
