package sysutil

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"memsh/shell/command"
)

// testExec stands in for the shell's exec path: this package's commands,
// plus echo, cat and sh -c "exit N"; anything else is "command not found".
func testExec(ctx context.Context, argv, env []string, stdio command.Stdio) int {
	switch argv[0] {
	case "echo":
		fmt.Fprintln(stdio.Stdout, strings.Join(argv[1:], " "))
		return 0
	case "cat":
		io.Copy(stdio.Stdout, stdio.Stdin)
		return 0
	case "exit":
		var n int
		fmt.Sscan(argv[1], &n)
		return n
	case "showenv":
		for _, kv := range env {
			fmt.Fprintln(stdio.Stdout, kv)
		}
		return 0
	}
	for _, c := range Commands() {
		if c.Name == argv[0] {
			inv := &command.Invocation{Args: argv, Stdio: stdio, Dir: "/home/user", Environ: env, Exec: testExec}
			return c.Run(ctx, inv)
		}
	}
	fmt.Fprintf(stdio.Stderr, "%s: command not found\n", argv[0])
	return 127
}

func runCases(t *testing.T, fn command.Func, cases []command.Case) {
	t.Helper()
	for _, c := range cases {
		name := c.Name
		if name == "" {
			name = strings.Join(c.Args, " ")
		}
		t.Run(name, func(t *testing.T) {
			out, errs, status, _ := c.Run(fn, testExec)
			if out != c.Stdout {
				t.Errorf("stdout:\n got %q\nwant %q", out, c.Stdout)
			}
			if errs != c.Stderr {
				t.Errorf("stderr:\n got %q\nwant %q", errs, c.Stderr)
			}
			if status != c.Status {
				t.Errorf("status: got %d want %d", status, c.Status)
			}
		})
	}
}
