package archive

import (
	"context"
	"fmt"

	"memsh/shell/command"
)

// versions are the first lines of the real tools' --version, whose
// behaviour these commands follow; a second line says what this is.
var versions = map[string]string{
	"tar": "tar (GNU tar) 1.34", "gzip": "gzip 1.12", "gunzip": "gunzip (gzip) 1.12", "zcat": "zcat (gzip) 1.12",
	"xz": "xz (XZ Utils) 5.4.1", "unxz": "unxz (XZ Utils) 5.4.1", "xzcat": "xzcat (XZ Utils) 5.4.1",
	"zstd":   "*** Zstandard CLI (64-bit) v1.5.4, by Yann Collet ***",
	"unzstd": "*** Zstandard CLI (64-bit) v1.5.4, by Yann Collet ***", "zstdcat": "*** Zstandard CLI (64-bit) v1.5.4, by Yann Collet ***",
}

// withVersion answers --version (before any "--") for commands that
// have one.
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
			if a == "--version" || (a == "-V" && inv.Name() == "zstd") {
				fmt.Fprintf(inv.Stdout, "%s\n(memsh's implementation, in Go, over its in-memory filesystem)\n", first)
				return 0
			}
		}
		return run(ctx, inv)
	}
}
