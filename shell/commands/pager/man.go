package pager

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"memsh/shell/command"
)

// runMan shows a command's --help: memsh's manual pages are its commands'
// own help texts, asked for through the shell's exec path.
func runMan(ctx context.Context, inv *command.Invocation) int {
	var names []string
	for _, a := range inv.Args[1:] {
		if len(a) > 1 && a[0] == '-' {
			continue
		}
		names = append(names, a)
	}
	if len(names) == 0 {
		io.WriteString(inv.Stderr, "What manual page do you want?\nFor example, try 'man man'.\n")
		return 1
	}
	status := 0
	for _, name := range names {
		var out bytes.Buffer
		st := 127
		run := func(argv ...string) {
			out.Reset()
			st = inv.Exec(ctx, argv, nil, command.Stdio{Stdin: bytes.NewReader(nil), Stdout: &out, Stderr: io.Discard})
		}
		if inv.Exec != nil {
			run(name, "--help")
			if st == 127 {
				// A shell builtin (cd, read, ...) documents itself in help.
				run("bash", "-c", `help -- "$1"`, "bash", name)
			}
		}
		if st == 127 || out.Len() == 0 {
			fmt.Fprintf(inv.Stderr, "No manual entry for %s\n", name)
			status = 16
			continue
		}
		if inv.Pager != nil {
			inv.Pager(ctx, "man "+name, out.Bytes())
			continue
		}
		if _, err := inv.Stdout.Write(out.Bytes()); err != nil {
			if command.BrokenPipe(err) {
				return 141
			}
			return 1
		}
	}
	return status
}
