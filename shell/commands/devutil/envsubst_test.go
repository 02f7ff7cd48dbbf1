package devutil

import (
	"testing"

	"memsh/shell/command"
)

// The expected outputs were produced by GNU envsubst 0.21.
func TestEnvsubst(t *testing.T) {
	runCases(t, []fileCase{
		{Case: command.Case{Args: []string{"envsubst"}, Stdin: "a $USER ${USER} $NOPE $$ $1 ${USER:-d} \\$USER ${USER\n",
			Stdout: "a user user  $$ $1 ${USER:-d} \\user ${USER\n"}},
		{Case: command.Case{Args: []string{"envsubst", "$HOME"}, Stdin: "$USER $HOME\n", Stdout: "$USER /home/user\n"}},
		{Case: command.Case{Args: []string{"envsubst", "-v", "a $X ${Y} $X $9"}, Stdout: "X\nY\nX\n"}},
		{Case: command.Case{Args: []string{"envsubst", "-v"}, Stderr: "envsubst: missing arguments\n", Status: 1}},
		{Case: command.Case{Args: []string{"envsubst", "a", "b"}, Stderr: "envsubst: too many arguments\n", Status: 1}},
	})
}
