// Package devutil holds the developer's tools users expect in a shell:
// patch, strings, iconv, envsubst, tree and file. Each follows the GNU
// (or common Linux) tool's flags, output and messages, over memfs.
package devutil

import "memsh/shell/command"

// Commands is this package's registry table.
func Commands() []command.Command {
	return []command.Command{
		{Name: "patch", Summary: "apply a diff file to an original", Help: patchHelp, Run: runPatch},
		{Name: "tree", Summary: "list contents of directories in a tree-like format", Help: treeHelp, Run: runTree, RawArgs: true},
		{Name: "file", Summary: "determine file type", Help: fileHelp, Run: runFile},
		{Name: "strings", Summary: "print the sequences of printable characters in files", Help: stringsHelp, Run: runStrings},
		{Name: "envsubst", Summary: "substitutes environment variables in shell format strings", Help: envsubstHelp, Run: runEnvsubst},
		{Name: "iconv", Summary: "convert text from one character encoding to another", Help: iconvHelp, Run: runIconv},
	}
}
