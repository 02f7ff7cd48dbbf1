package binutil

import "memsh/shell/command"

// Commands is this package's registry table.
func Commands() []command.Command {
	return []command.Command{
		{Name: "hexdump", Summary: "display file contents in hexadecimal, decimal, octal, or ascii", Help: hexdumpHelp, Run: runHexdump},
		{Name: "xxd", Summary: "make a hex dump or do the reverse", Help: xxdHelp, Run: runXxd, RawArgs: true},
	}
}
