package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1 (LANG=C.UTF-8),
// as the sandbox user.
func TestSync(t *testing.T) {
	runCases(t, runSync, []command.Case{
		{Args: []string{"sync"}},
		{Args: []string{"sync", "f"}, Files: map[string]string{"/home/user/f": ""}},
		{Args: []string{"sync", "x"}, Stderr: "sync: error opening 'x': No such file or directory\n", Status: 1},
		{Args: []string{"sync", "-d"}, Stderr: "sync: --data needs at least one argument\n", Status: 1},
		{Args: []string{"sync", "-df", "x"}, Stderr: "sync: cannot specify both --data and --file-system\n", Status: 1},
	})
}
