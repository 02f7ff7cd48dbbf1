package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils (LC_ALL=C, TZ=UTC).
func TestUname(t *testing.T) {
	runCases(t, runUname, []command.Case{
		{Args: []string{"uname", "x"}, Stderr: "uname: extra operand ‘x’\nTry 'uname --help' for more information.\n", Status: 1},
		{Args: []string{"uname", "-z"}, Stderr: "uname: invalid option -- 'z'\nTry 'uname --help' for more information.\n", Status: 1},
	})
}
