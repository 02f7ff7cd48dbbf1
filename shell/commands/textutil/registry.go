package textutil

import (
	"context"
	"fmt"

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
		cmds[i].Run = withVersion(cmds[i].Run)
	}
	return cmds
}

// withVersion answers --version (an option anywhere before "--", as
// getopt sees it) the way memsh's other commands do.
func withVersion(run command.Func) command.Func {
	return func(ctx context.Context, inv *command.Invocation) int {
		for _, a := range inv.Args[1:] {
			if a == "--" {
				break
			}
			if a == "--version" {
				fmt.Fprintf(inv.Stdout, "%s (memsh) %s\n", inv.Name(), version)
				return 0
			}
		}
		return run(ctx, inv)
	}
}

// version is the GNU release whose behaviour these commands follow.
const version = "9.1"
