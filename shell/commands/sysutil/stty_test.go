package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1 (LANG=C.UTF-8),
// as the sandbox user.
func TestStty(t *testing.T) {
	runCases(t, runStty, []command.Case{
		{Args: []string{"stty"}, Stderr: "stty: 'standard input': Inappropriate ioctl for device\n", Status: 1},
		{Args: []string{"stty", "-echo", "min", "1", "raw", "9600"}, Stderr: "stty: 'standard input': Inappropriate ioctl for device\n", Status: 1},
		{Args: []string{"stty", "-F", "/dev/tty"}, Stderr: "stty: /dev/tty: No such device or address\n", Status: 1},
		{Args: []string{"stty", "-F", "/dev/x"}, Stderr: "stty: /dev/x: No such file or directory\n", Status: 1},
		{Args: []string{"stty", "x"}, Stderr: "stty: invalid argument ‘x’\nTry 'stty --help' for more information.\n", Status: 1},
		{Args: []string{"stty", "rows"}, Stderr: "stty: missing argument to ‘rows’\nTry 'stty --help' for more information.\n", Status: 1},
		{Args: []string{"stty", "-a", "-g"}, Stderr: "stty: the options for verbose and stty-readable output styles are\nmutually exclusive\n", Status: 1},
		{Args: []string{"stty", "-g", "sane"}, Stderr: "stty: when specifying an output style, modes may not be set\n", Status: 1},
	})
}
