package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils (LC_ALL=C, TZ=UTC).
func TestId(t *testing.T) {
	runCases(t, runID, []command.Case{
		{Args: []string{"id", "-u", "-g"}, Stderr: "id: cannot print \"only\" of more than one choice\n", Status: 1},
		{Args: []string{"id", "-n"}, Stderr: "id: cannot print only names or real IDs in default format\n", Status: 1},
		{Args: []string{"id", "-z"}, Stderr: "id: option --zero not permitted in default format\n", Status: 1},
		{Args: []string{"id", "nosuchuserx"}, Stderr: "id: ‘nosuchuserx’: no such user\n", Status: 1},
	})
}
