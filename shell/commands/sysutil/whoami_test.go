package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils (LC_ALL=C, TZ=UTC).
func TestWhoami(t *testing.T) {
	runCases(t, runWhoami, []command.Case{
		{Args: []string{"whoami", "x"}, Stderr: "whoami: extra operand ‘x’\nTry 'whoami --help' for more information.\n", Status: 1},
	})
}
