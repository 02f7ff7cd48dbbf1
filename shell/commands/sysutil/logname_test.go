package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1 (LANG=C.UTF-8),
// as the sandbox user.
func TestLogname(t *testing.T) {
	runCases(t, runLogname, []command.Case{
		{Args: []string{"logname"}, Stderr: "logname: no login name\n", Status: 1},
		{Args: []string{"logname", "x"}, Stderr: "logname: extra operand ‘x’\nTry 'logname --help' for more information.\n", Status: 1},
	})
}
