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
	operands, st, done := exactOperands(inv, 2)
	if done {
		return st
	}
	if err := inv.FS.Link(abs(inv, operands[0]), abs(inv, operands[1])); err != nil {
		inv.Errorf("cannot create link %s to %s: %s", quote(inv, operands[1]), quote(inv, operands[0]), command.Strerror(err))
		return 1
	}
	return 0
}

// exactOperands parses a command that takes no options but --version and
// exactly n operands (link, unlink), with GNU's messages for too few
// ("missing operand after 'a'") and too many ("extra operand 'c'"); done
// says the command has nothing left to do but return st.
func exactOperands(inv *command.Invocation, n int) (operands []string, st int, done bool) {
	f := inv.NewFlags()
	showVersion := f.Bool("version", false, "")
	operands, st, ok := inv.ParseFlags(f, 1)
	switch {
	case !ok:
		return nil, st, true
	case *showVersion:
		return nil, printVersion(inv), true
	case len(operands) == 0:
		return nil, inv.Usage(1, "missing operand"), true
	case len(operands) < n:
		return nil, inv.Usage(1, "missing operand after %s", lquote(inv, operands[len(operands)-1])), true
	case len(operands) > n:
		return nil, inv.Usage(1, "extra operand %s", lquote(inv, operands[n])), true
	}
	return operands, 0, false
}
