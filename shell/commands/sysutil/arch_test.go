package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1 (LANG=C.UTF-8),
// as the sandbox user.
func TestArch(t *testing.T) {
	runCases(t, runArch, []command.Case{
		{Args: []string{"arch", "x"}, Stderr: "arch: extra operand ‘x’\nTry 'arch --help' for more information.\n", Status: 1},
		{Args: []string{"arch", "--bad"}, Stderr: "arch: unrecognized option '--bad'\nTry 'arch --help' for more information.\n", Status: 1},
	})
}
