package fileutil

import (
	"context"
	"syscall"

	"memsh/shell/command"
)

const unlinkHelp = `Usage: unlink FILE
  or:  unlink OPTION
Call the unlink function to remove the specified FILE.

      --help        display this help and exit
      --version     output version information and exit
`

// runUnlink is unlink(2): one name, never a directory.
func runUnlink(ctx context.Context, inv *command.Invocation) int {
	operands, st, done := exactOperands(inv, 1) // link.go
	if done {
		return st
	}
	name := operands[0]
	p := abs(inv, name)
	fi, err := inv.FS.Lstat(p)
	if err == nil && fi.IsDir() {
		err = syscall.EISDIR
	}
	if err == nil {
		err = inv.FS.Remove(p)
	}
	if err != nil {
		inv.Errorf("cannot unlink %s: %s", quote(inv, name), command.Strerror(err))
		return 1
	}
	return 0
}
