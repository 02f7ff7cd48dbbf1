package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils (LC_ALL=C, TZ=UTC).
func TestNproc(t *testing.T) {
	runCases(t, runNproc, []command.Case{
		{Args: []string{"nproc", "--ignore=x"}, Stderr: "nproc: invalid number: ‘x’\n", Status: 1},
		{Args: []string{"nproc", "x"}, Stderr: "nproc: extra operand ‘x’\nTry 'nproc --help' for more information.\n", Status: 1},
	})
}
