package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils (LC_ALL=C, TZ=UTC).
func TestPrintenv(t *testing.T) {
	runCases(t, runPrintenv, []command.Case{
		{Args: []string{"printenv", "HOME"}, Stdout: "/home/user\n"},
		{Args: []string{"printenv", "HOME", "NOPE", "HOME"}, Stdout: "/home/user\n/home/user\n", Status: 1},
		{Args: []string{"printenv", "--foo"}, Stderr: "printenv: unrecognized option '--foo'\nTry 'printenv --help' for more information.\n", Status: 2},
		{Args: []string{"printenv", "A=B"}, Status: 1},
		{Args: []string{"printenv", "HOME", "-0"}, Stdout: "/home/user\n", Status: 1},
		{Args: []string{"printenv", "-0", "HOME"}, Stdout: "/home/user\x00"},
	})
}
