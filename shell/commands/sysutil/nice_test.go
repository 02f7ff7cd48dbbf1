package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1 (LANG=C.UTF-8),
// as the sandbox user.
func TestNice(t *testing.T) {
	runCases(t, runNice, []command.Case{
		{Args: []string{"nice"}, Stdout: "0\n"},
		{Args: []string{"nice", "-n", "5", "nice"}, Stdout: "5\n"},
		{Args: []string{"nice", "-5", "nice"}, Stdout: "5\n"},
		{Args: []string{"nice", "--adjustment=3", "nice"}, Stdout: "3\n"},
		{Args: []string{"nice", "-n", "99", "nice"}, Stdout: "19\n"},
		{Args: []string{"nice", "nice"}, Stdout: "10\n"},
		{Args: []string{"nice", "-n", "-5", "nice"}, Stdout: "0\n", Stderr: "nice: cannot set niceness: Permission denied\n"},
		{Args: []string{"nice", "echo", "hi"}, Stdout: "hi\n"},
		{Args: []string{"nice", "-n", "x", "echo"}, Stderr: "nice: invalid adjustment ‘x’\n", Status: 125},
		{Args: []string{"nice", "-3x", "echo"}, Stderr: "nice: invalid adjustment ‘3x’\n", Status: 125},
		{Args: []string{"nice", "-n", "5"}, Stderr: "nice: a command must be given with an adjustment\nTry 'nice --help' for more information.\n", Status: 125},
		{Args: []string{"nice", "-n"}, Stderr: "nice: option requires an argument -- 'n'\nTry 'nice --help' for more information.\n", Status: 125},
		{Args: []string{"nice", "nosuch"}, Stderr: "nice: ‘nosuch’: No such file or directory\n", Status: 127},
		{Args: []string{"nice", "exit", "3"}, Status: 3},
	})
}
