package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1 (LANG=C.UTF-8),
// as the sandbox user.
func TestNohup(t *testing.T) {
	runCases(t, runNohup, []command.Case{
		{Args: []string{"nohup", "echo", "hi"}, Stdout: "hi\n"},
		{Args: []string{"nohup"}, Stderr: "nohup: missing operand\nTry 'nohup --help' for more information.\n", Status: 125},
		{Args: []string{"nohup", "nosuch"}, Stderr: "nohup: failed to run command 'nosuch': No such file or directory\n", Status: 127},
		{Args: []string{"nohup", "-x"}, Stderr: "nohup: invalid option -- 'x'\nTry 'nohup --help' for more information.\n", Status: 125},
	})
}
