package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1 (LANG=C.UTF-8),
// as the sandbox user.
func TestUsers(t *testing.T) {
	runCases(t, runUsers, []command.Case{
		{Args: []string{"users"}},
		{Args: []string{"users", "/var/log/wtmp"}},
		{Args: []string{"users", "a", "b"}, Stderr: "users: extra operand ‘b’\nTry 'users --help' for more information.\n", Status: 1},
	})
}
