package sysutil

import (
	"context"
	"os"
	"strings"

	"memsh/shell/command"
)

const nohupHelp = `Usage: nohup COMMAND [ARG]...
  or:  nohup OPTION
Run COMMAND, ignoring hangup signals.

` + stdOpts + `
If standard input is a terminal, redirect it from an unreadable file.
If standard output is a terminal, append output to 'nohup.out' if possible,
'$HOME/nohup.out' otherwise.
If standard error is a terminal, redirect it to standard output.
To save output to FILE, use 'nohup COMMAND > FILE'.

NOTE: your shell may have its own version of nohup, which usually supersedes
the version described here.  Please refer to your shell's documentation
for details about the options it supports.
`

// runNohup runs a command. There are no hangups in memsh; what remains
// of nohup is its redirection when the output is the terminal (the TUI):
// input is ignored, output and errors go to nohup.out.
func runNohup(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{{0, "help", noArg, "help"}, {0, "version", noArg, "version"}}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, true, nil)
	if !ok {
		return 125
	}
	for _, o := range opts {
		if o.Key == "help" {
			return printHelp(inv, "nohup")
		}
		return printVersion(inv, "nohup")
	}
	if len(operands) == 0 {
		return inv.Usage(125, "missing operand")
	}
	stdio := inv.Stdio
	if inv.Term {
		name := "nohup.out"
		f, err := inv.FS.OpenFile(inv.Abs(name), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600&^inv.Umask())
		if err != nil {
			if home := inv.Getenv("HOME"); home != "" {
				name = strings.TrimSuffix(home, "/") + "/nohup.out"
				f, err = inv.FS.OpenFile(inv.Abs(name), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600&^inv.Umask())
			}
		}
		if err != nil {
			inv.Errorf("failed to open %s: %s", shellQuote(name), command.Strerror(err))
			return 125
		}
		defer f.Close()
		inv.Errorf("ignoring input and appending output to %s", shellQuote(name))
		stdio = command.Stdio{Stdin: strings.NewReader(""), Stdout: f, Stderr: f}
	}
	return runOrFail(ctx, inv, operands, stdio, shellQuote)
}
