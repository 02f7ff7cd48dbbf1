package sysutil

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"memsh/shell/command"
)

// The expression itself is bash's builtin's business (the shell's tests
// cover it); here only what the program adds: [ --version, and the child
// shell line that evaluates the rest.
func TestTestProgram(t *testing.T) {
	show := func(ctx context.Context, argv, env []string, stdio command.Stdio) int {
		fmt.Fprintln(stdio.Stdout, strings.Join(argv, " "))
		return 0
	}
	for _, c := range []command.Case{
		{Args: []string{"[", "--version"}, Stdout: "[ (memsh) 9.1\n"},
		{Args: []string{"/usr/bin/[", "--help", "]"}, Stdout: `sh -c "$@" sh [ --help ]` + "\n"},
		{Args: []string{"test", "--version"}, Stdout: `sh -c "$@" sh test --version` + "\n"},
	} {
		out, errs, status, _ := c.Run(runTest, show)
		if out != c.Stdout || errs != "" || status != 0 {
			t.Errorf("%q: got %q, %q, %d; want %q", c.Args, out, errs, status, c.Stdout)
		}
	}
}
