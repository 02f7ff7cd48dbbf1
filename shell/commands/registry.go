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
	"memsh/shell/commands/printf"
	"memsh/shell/commands/rg"
	"memsh/shell/commands/sed"
	"memsh/shell/commands/sysutil"
	"memsh/shell/commands/textutil"
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
		rg.Commands(),
		yq.Commands(),
	}
	return slices.Concat(tables...)
}
