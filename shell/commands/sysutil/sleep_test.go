package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils (LC_ALL=C, TZ=UTC).
func TestSleep(t *testing.T) {
	runCases(t, runSleep, []command.Case{
		{Args: []string{"sleep"}, Stderr: "sleep: missing operand\nTry 'sleep --help' for more information.\n", Status: 1},
		{Args: []string{"sleep", "x", "1"}, Stderr: "sleep: invalid time interval ‘x’\nTry 'sleep --help' for more information.\n", Status: 1},
		{Args: []string{"sleep", "0.01s", "0.01"}},
		{Args: []string{"sleep", "1", "2", "--foo"}, Stderr: "sleep: unrecognized option '--foo'\nTry 'sleep --help' for more information.\n", Status: 1},
		{Args: []string{"sleep", "-1"}, Stderr: "sleep: invalid option -- '1'\nTry 'sleep --help' for more information.\n", Status: 1},
		{Args: []string{"sleep", "1x"}, Stderr: "sleep: invalid time interval ‘1x’\nTry 'sleep --help' for more information.\n", Status: 1},
		{Args: []string{"sleep", "0"}},
	})
}
