package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1 (LANG=C.UTF-8),
// as the sandbox user.
func TestWho(t *testing.T) {
	runCases(t, runWho, []command.Case{
		{Args: []string{"who"}},
		{Args: []string{"who", "-b"}},
		{Args: []string{"who", "am", "i"}},
		{Args: []string{"who", "-q"}, Stdout: "\n# users=0\n"},
		{Args: []string{"who", "-H"}, Stdout: "NAME     LINE         TIME             COMMENT\n"},
		{Args: []string{"who", "-Hu"}, Stdout: "NAME     LINE         TIME             IDLE          PID COMMENT\n"},
		{Args: []string{"who", "-Ha"}, Stdout: "NAME       LINE         TIME             IDLE          PID COMMENT  EXIT\n"},
		{Args: []string{"who", "-Hb"}, Stdout: "NAME     LINE         TIME                    PID COMMENT\n"},
		{Args: []string{"who", "a", "b", "c"}, Stderr: "who: extra operand ‘c’\nTry 'who --help' for more information.\n", Status: 1},
	})
}
