package textutil

import (
	"memsh/shell/command"
)

// Commands is this package's registry table.
func Commands() []command.Command {
	cmds := []command.Command{
		{Name: "cat", Summary: "concatenate files and print on the standard output", Help: catHelp, Run: runCat},
		{Name: "head", Summary: "output the first part of files", Help: headHelp, Run: runHead},
		{Name: "tail", Summary: "output the last part of files", Help: tailHelp, Run: runTail},
		{Name: "wc", Summary: "print newline, word, and byte counts for each file", Help: wcHelp, Run: runWc},
		{Name: "sort", Summary: "sort lines of text files", Help: sortHelp, Run: runSort},
		{Name: "uniq", Summary: "report or omit repeated lines", Help: uniqHelp, Run: runUniq},
		{Name: "cut", Summary: "remove sections from each line of files", Help: cutHelp, Run: runCut},
		{Name: "tr", Summary: "translate or delete characters", Help: trHelp, Run: runTr},
		{Name: "base64", Summary: "base64 encode/decode data and print to standard output", Help: base64Help, Run: runBase64},
		{Name: "cmp", Summary: "compare two files byte by byte", Help: cmpHelp, Run: runCmp},
		{Name: "tee", Summary: "read from standard input and write to standard output and files", Help: teeHelp, Run: runTee},
		{Name: "tac", Summary: "concatenate and print files in reverse", Help: tacHelp, Run: runTac},
	}
	for _, a := range sumAlgos {
		cmds = append(cmds, a.command())
	}
	for i := range cmds {
		// The dispatcher answers --version, and ParseFlags its
		// abbreviations (--vers; --v where no other option starts so).
		cmds[i].Version = command.CoreutilsVersion(cmds[i].Name)
	}
	return cmds
}
