package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils (LC_ALL=C, TZ=UTC).
func TestTty(t *testing.T) {
	runCases(t, runTty, []command.Case{
		{Args: []string{"tty", "x"}, Stderr: "tty: extra operand ‘x’\nTry 'tty --help' for more information.\n", Status: 2},
		{Args: []string{"tty"}, Stdout: "not a tty\n", Status: 1},
		{Args: []string{"tty", "-s"}, Status: 1},
	})
}
