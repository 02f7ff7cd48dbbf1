package fileutil

import (
	"context"

	"memsh/shell/command"
)

const linkHelp = `Usage: link FILE1 FILE2
  or:  link OPTION
Call the link function to create a link named FILE2 to an existing FILE1.

      --help        display this help and exit
      --version     output version information and exit
`

// runLink is link(2) and nothing else: no options, no directories.
func runLink(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	showVersion := f.Bool("version", false, "")
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	if *showVersion {
		return printVersion(inv)
	}
	switch len(operands) {
	case 0:
		return inv.Usage(1, "missing operand")
	case 1:
		return inv.Usage(1, "missing operand after %s", lquote(inv, operands[0]))
	case 2:
	default:
		return inv.Usage(1, "extra operand %s", lquote(inv, operands[2]))
	}
	if err := inv.FS.Link(abs(inv, operands[0]), abs(inv, operands[1])); err != nil {
		inv.Errorf("cannot create link %s to %s: %s", quote(operands[1]), quote(operands[0]), command.Strerror(err))
		return 1
	}
	return 0
}
