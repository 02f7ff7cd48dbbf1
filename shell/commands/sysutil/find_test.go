package sysutil

import (
	"testing"

	"memsh/shell/command"
)

var findTree = map[string]string{
	"/home/user/d/f":       "hi\n",
	"/home/user/d/e/":      "",
	"/home/user/d/g.txt":   "",
	"/home/user/d/e/h.TXT": "0123456789",
}

func TestFind(t *testing.T) {
	runCases(t, runFind, []command.Case{
		{Args: []string{"find", "d"}, Files: findTree, Stdout: "d\nd/e\nd/e/h.TXT\nd/f\nd/g.txt\n"},
	})
}
