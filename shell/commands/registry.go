// Package commands is memsh's command registry: one explicit table built
// from each command package's own table (no init side effects).
package commands

import (
	"slices"

	"memsh/shell/command"
	"memsh/shell/commands/archive"
	"memsh/shell/commands/awk"
	"memsh/shell/commands/binutil"
	"memsh/shell/commands/devutil"
	"memsh/shell/commands/diff"
	"memsh/shell/commands/fileutil"
	"memsh/shell/commands/grep"
	"memsh/shell/commands/jq"
	"memsh/shell/commands/lineutil"
	"memsh/shell/commands/pager"
	"memsh/shell/commands/printf"
	"memsh/shell/commands/rg"
	"memsh/shell/commands/sed"
	"memsh/shell/commands/sysutil"
	"memsh/shell/commands/textutil"
	"memsh/shell/commands/wasitool"
	"memsh/shell/commands/yq"
)

// All returns every registered command.
func All() []command.Command {
	tables := [][]command.Command{
		fileutil.Commands(),
		textutil.Commands(),
		grep.Commands(),
		sysutil.Commands(),
		jq.Commands(),
		awk.Commands(),
		lineutil.Commands(),
		diff.Commands(),
		printf.Commands(),
		sed.Commands(),
		archive.Commands(),
		binutil.Commands(),
		devutil.Commands(),
		wasitool.Commands(),
		pager.Commands(),
		rg.Commands(),
		yq.Commands(),
	}
	all := slices.Concat(tables...)
	for i := range all {
		if all[i].Version == "" && dispatcherVersion(all[i].Name) {
			all[i].Version = command.CoreutilsVersion(all[i].Name)
		}
	}
	return all
}

// dispatcherVersion lists the coreutils commands whose own flag parsing
// has no --version, which the dispatcher then answers.
func dispatcherVersion(name string) bool {
	switch name {
	case "basename", "chmod", "comm", "cp", "csplit", "df", "dirname", "du",
		"fmt", "fold", "install", "ln", "ls", "mkdir", "mktemp", "mv", "nl",
		"paste", "pr", "readlink", "realpath", "rm", "rmdir", "stat", "touch",
		"truncate", "tsort":
		return true
	}
	return false
}
