package binutil

import "memsh/shell/command"

// Commands is this package's registry table.
func Commands() []command.Command {
	return []command.Command{
		{Name: "od", Summary: "dump files in octal and other formats", Help: odHelp, Run: runOd},
		{Name: "hexdump", Summary: "display file contents in hexadecimal, decimal, octal, or ascii", Help: hexdumpHelp, Run: runHexdump},
		{Name: "xxd", Summary: "make a hex dump or do the reverse", Help: xxdHelp, Run: runXxd, RawArgs: true},
	}
}
