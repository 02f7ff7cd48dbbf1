package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils (LC_ALL=C, TZ=UTC).
func TestTimeout(t *testing.T) {
	runCases(t, runTimeout, []command.Case{
		{Args: []string{"timeout", "1"}, Stderr: "Try 'timeout --help' for more information.\n", Status: 125},
		{Args: []string{"timeout", "x", "true"}, Stderr: "timeout: invalid time interval ‘x’\nTry 'timeout --help' for more information.\n", Status: 125},
		{Args: []string{"timeout", "-s", "FOO", "1", "true"}, Stderr: "timeout: ‘FOO’: invalid signal\nTry 'timeout --help' for more information.\n", Status: 125},
		{Args: []string{"timeout", "--foo", "1", "true"}, Stderr: "timeout: unrecognized option '--foo'\nTry 'timeout --help' for more information.\n", Status: 125},
		{Args: []string{"timeout", "-k", "x", "1", "true"}, Stderr: "timeout: invalid time interval ‘x’\nTry 'timeout --help' for more information.\n", Status: 125},
		{Args: []string{"timeout", "1", "nosuch"}, Stderr: "timeout: failed to run command ‘nosuch’: No such file or directory\n", Status: 127},
		{Args: []string{"timeout", "0.01", "sleep", "1"}, Status: 124},
		{Args: []string{"timeout", "--preserve-status", "0.01", "sleep", "1"}, Status: 143},
		{Args: []string{"timeout", "0", "true"}},
		{Args: []string{"timeout", "1d", "true"}},
	})
}
