package binutil

import "memsh/shell/command"

// Commands is this package's registry table.
func Commands() []command.Command {
	cmds := []command.Command{
		{Name: "od", Summary: "dump files in octal and other formats", Help: odHelp, Run: runOd},
		{Name: "hexdump", Summary: "display file contents in hexadecimal, decimal, octal, or ascii", Help: hexdumpHelp, Run: runHexdump},
		{Name: "xxd", Summary: "make a hex dump or do the reverse", Help: xxdHelp, Run: runXxd, RawArgs: true},
		{Name: "cksum", Summary: "compute and verify file checksums", Help: cksumHelp, Run: runCksum},
		{Name: "sum", Summary: "checksum and count the blocks in a file", Help: sumHelp, Run: runSum},
		{Name: "base32", Summary: "base32 encode/decode data and print to standard output", Help: base32Help, Run: runBase32},
		{Name: "basenc", Summary: "encode/decode data and print to standard output", Help: basencHelp, Run: runBasenc},
		{Name: "expand", Summary: "convert tabs to spaces", Help: expandHelp, Run: runExpand},
		{Name: "unexpand", Summary: "convert spaces to tabs", Help: unexpandHelp, Run: runUnexpand},
		{Name: "factor", Summary: "factor numbers", Help: factorHelp, Run: runFactor},
		{Name: "csplit", Summary: "split a file into sections determined by context lines", Help: csplitHelp, Run: runCsplit},
		{Name: "split", Summary: "split a file into pieces", Help: splitHelp, Run: runSplit},
		{Name: "join", Summary: "join lines of two files on a common field", Help: joinHelp, Run: runJoin},
		{Name: "column", Summary: "columnate lists", Help: columnHelp, Run: runColumn},
		{Name: "numfmt", Summary: "convert numbers from/to human-readable strings", Help: numfmtHelp, Run: runNumfmt},
		{Name: "shuf", Summary: "generate random permutations", Help: shufHelp, Run: runShuf},
		{Name: "bc", Summary: "an arbitrary precision calculator language", Help: bcHelp, Run: runBc},
	}
	for i := range cmds {
		cmds[i].Version = versionText(cmds[i].Name)
		cmds[i].Run = withShortVersion(cmds[i].Run)
	}
	return cmds
}
