package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1 (LANG=C.UTF-8),
// as the sandbox user.
func TestStdbuf(t *testing.T) {
	runCases(t, runStdbuf, []command.Case{
		{Args: []string{"stdbuf", "-oL", "echo", "hi"}, Stdout: "hi\n"},
		{Args: []string{"stdbuf", "-o", "1M", "-e0", "echo", "hi"}, Stdout: "hi\n"},
		{Args: []string{"stdbuf", "echo", "hi"}, Stderr: "stdbuf: you must specify a buffering mode option\nTry 'stdbuf --help' for more information.\n", Status: 125},
		{Args: []string{"stdbuf"}, Stderr: "stdbuf: missing operand\nTry 'stdbuf --help' for more information.\n", Status: 125},
		{Args: []string{"stdbuf", "-oX", "echo"}, Stderr: "stdbuf: invalid mode ‘X’\n", Status: 125},
		{Args: []string{"stdbuf", "-iL", "echo"}, Stderr: "stdbuf: line buffering stdin is meaningless\nTry 'stdbuf --help' for more information.\n", Status: 125},
		{Args: []string{"stdbuf", "-oL", "nosuch"}, Stderr: "stdbuf: failed to run command ‘nosuch’: No such file or directory\n", Status: 127},
	})
}
