package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1's /usr/bin/pwd.
func TestPwd(t *testing.T) {
	runCases(t, runPwd, []command.Case{
		{Args: []string{"pwd"}, Stdout: "/home/user\n"},
		{Args: []string{"pwd", "-L"}, Stdout: "/home/user\n"},
		{Args: []string{"pwd", "x"}, Stdout: "/home/user\n", Stderr: "pwd: ignoring non-option arguments\n"},
		{Args: []string{"pwd", "-x"}, Stderr: "pwd: invalid option -- 'x'\nTry 'pwd --help' for more information.\n", Status: 1},
	})
}
