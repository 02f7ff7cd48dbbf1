package fileutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1.
func TestLink(t *testing.T) {
	runCases(t, runLink, []command.Case{
		{Args: []string{"link", "a", "b"}, Files: map[string]string{"/home/user/a": "x"}},
		{Args: []string{"link"}, Stderr: "link: missing operand\nTry 'link --help' for more information.\n", Status: 1},
		{Args: []string{"link", "a"}, Stderr: "link: missing operand after ‘a’\nTry 'link --help' for more information.\n", Status: 1},
		{Args: []string{"link", "a", "b", "c"}, Stderr: "link: extra operand ‘c’\nTry 'link --help' for more information.\n", Status: 1},
		{Args: []string{"link", "a", "b"}, Stderr: "link: cannot create link 'b' to 'a': No such file or directory\n", Status: 1},
		{Args: []string{"link", "a", "b"}, Files: map[string]string{"/home/user/a": "", "/home/user/b": ""}, Stderr: "link: cannot create link 'b' to 'a': File exists\n", Status: 1},
		{Args: []string{"link", "d", "e"}, Files: map[string]string{"/home/user/d/": ""}, Stderr: "link: cannot create link 'e' to 'd': Operation not permitted\n", Status: 1},
		{Args: []string{"link", "--version"}, Stdout: "link (memsh) 9.1\n"},
	})
}
