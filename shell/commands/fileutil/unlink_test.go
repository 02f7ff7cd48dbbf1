package fileutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1.
func TestUnlink(t *testing.T) {
	runCases(t, runUnlink, []command.Case{
		{Args: []string{"unlink", "a"}, Files: map[string]string{"/home/user/a": "x"}},
		{Args: []string{"unlink"}, Stderr: "unlink: missing operand\nTry 'unlink --help' for more information.\n", Status: 1},
		{Args: []string{"unlink", "a", "b"}, Stderr: "unlink: extra operand ‘b’\nTry 'unlink --help' for more information.\n", Status: 1},
		{Args: []string{"unlink", "a"}, Stderr: "unlink: cannot unlink 'a': No such file or directory\n", Status: 1},
		{Args: []string{"unlink", "d"}, Files: map[string]string{"/home/user/d/": ""}, Stderr: "unlink: cannot unlink 'd': Is a directory\n", Status: 1},
		{Args: []string{"unlink", "/"}, Stderr: "unlink: cannot unlink '/': Is a directory\n", Status: 1},
	})
}
