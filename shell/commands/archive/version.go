package archive

import (
	"context"
	"io"

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
		if inv.Name() == "zstd" {
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
