package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1 (LANG=C.UTF-8),
// as the sandbox user.
func TestRuncon(t *testing.T) {
	runCases(t, runRuncon, []command.Case{
		{Args: []string{"runcon"}, Stderr: "runcon: failed to get current context: Invalid argument\n", Status: 1},
		{Args: []string{"runcon", "x"}, Stderr: "runcon: no command specified\nTry 'runcon --help' for more information.\n", Status: 1},
		{Args: []string{"runcon", "x", "true"}, Stderr: "runcon: runcon may be used only on a SELinux kernel\n", Status: 1},
	})
}
