package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils (LC_ALL=C, TZ=UTC).
func TestYes(t *testing.T) {
	runCases(t, runYes, []command.Case{
		{Args: []string{"yes", "--foo"}, Stderr: "yes: unrecognized option '--foo'\nTry 'yes --help' for more information.\n", Status: 1},
	})
}
