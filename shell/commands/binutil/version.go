package binutil

import (
	"context"
	"fmt"

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

// withVersion answers --version (before any "--").
func withVersion(run command.Func) command.Func {
	return func(ctx context.Context, inv *command.Invocation) int {
		first, ok := versions[inv.Name()]
		if !ok {
			return run(ctx, inv)
		}
		for _, a := range inv.Args[1:] {
			if a == "--" {
				break
			}
			if a == "--version" || (a == "-V" && (inv.Name() == "hexdump" || inv.Name() == "column")) {
				fmt.Fprintf(inv.Stdout, "%s\n(memsh's implementation, in Go, over its in-memory filesystem)\n", first)
				return 0
			}
		}
		return run(ctx, inv)
	}
}
