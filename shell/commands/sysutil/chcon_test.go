package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1 (LANG=C.UTF-8),
// as the sandbox user.
func TestChcon(t *testing.T) {
	runCases(t, runChcon, []command.Case{
		{Args: []string{"chcon"}, Stderr: "chcon: missing operand\nTry 'chcon --help' for more information.\n", Status: 1},
		{Args: []string{"chcon", "x"}, Stderr: "chcon: missing operand after ‘x’\nTry 'chcon --help' for more information.\n", Status: 1},
		{Args: []string{"chcon", "-t", "x"}, Stderr: "chcon: missing operand\nTry 'chcon --help' for more information.\n", Status: 1},
		{Args: []string{"chcon", "x", "nof"}, Stderr: "chcon: cannot access 'nof': No such file or directory\n", Status: 1},
		{Args: []string{"chcon", "-v", "x", "f"}, Files: map[string]string{"/home/user/f": ""}, Stdout: "changing security context of 'f'\n", Stderr: "chcon: failed to change context of 'f' to ‘x’: Operation not supported\n", Status: 1},
		{Args: []string{"chcon", "--reference=nof", "f"}, Stderr: "chcon: failed to get security context of 'nof': No such file or directory\n", Status: 1},
	})
}
