package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1 (LANG=C.UTF-8),
// as the sandbox user.
func TestHostid(t *testing.T) {
	runCases(t, runHostid, []command.Case{
		{Args: []string{"hostid"}, Stdout: "007f0100\n"},
		{Args: []string{"hostid"}, Files: map[string]string{"/etc/hostid": "\x78\x56\x34\x12"}, Stdout: "12345678\n"},
		{Args: []string{"hostid", "x"}, Stderr: "hostid: extra operand ‘x’\nTry 'hostid --help' for more information.\n", Status: 1},
	})
}
