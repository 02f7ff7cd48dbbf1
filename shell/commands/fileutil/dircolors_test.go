package fileutil

import (
	"context"
	"strings"
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1.
func TestDircolors(t *testing.T) {
	db := map[string]string{"/home/user/db": "TERM xterm*\nDIR 01;35 # dirs\n.go 01;32\n*README 1\nTERM dumb\nEXEC 1\n"}
	runCases(t, dircolorsOnXterm, []command.Case{
		{Args: []string{"dircolors", "-b", "db"}, Files: db, Stdout: "LS_COLORS='di=01;35:*.go=01;32:*README=1:';\nexport LS_COLORS\n"},
		{Args: []string{"dircolors", "-c", "db"}, Files: db, Stdout: "setenv LS_COLORS 'di=01;35:*.go=01;32:*README=1:'\n"},
		{Args: []string{"dircolors", "-b", "-"}, Stdin: "TERM xterm*\nDIR 0'1\n", Stdout: "LS_COLORS='di=0'\\''1:';\nexport LS_COLORS\n"},
		{Args: []string{"dircolors", "-b", "-"}, Stdin: "TERM xterm*\nDIR 01;35\nFOO 1\nBAR\n", Stderr: "dircolors: -:3: unrecognized keyword FOO\ndircolors: -:4: invalid line;  missing second token\n", Status: 1},
		{Args: []string{"dircolors", "-p", "-b"}, Stderr: "dircolors: the options to output non shell syntax,\nand to select a shell syntax are mutually exclusive\nTry 'dircolors --help' for more information.\n", Status: 1},
		{Args: []string{"dircolors", "-p", "db"}, Stderr: "dircolors: extra operand ‘db’\nfile operands cannot be combined with --print-database (-p)\nTry 'dircolors --help' for more information.\n", Status: 1},
		{Args: []string{"dircolors", "-b", "nosuch"}, Stderr: "dircolors: nosuch: No such file or directory\n", Status: 1},
		{Args: []string{"dircolors", "-p"}, Stdout: dircolorsDatabase},
	})
}

// The built-in database gives xterm GNU's LS_COLORS.
func TestDircolorsDefault(t *testing.T) {
	c := command.Case{Args: []string{"dircolors", "-b"}}
	out, _, status, _ := c.Run(dircolorsOnXterm, nil)
	if status != 0 || !strings.HasPrefix(out, "LS_COLORS='rs=0:di=01;34:ln=01;36:mh=00:pi=40;33:") || !strings.HasSuffix(out, ":*.rpmsave=00;90:';\nexport LS_COLORS\n") {
		t.Errorf("dircolors -b: %q", out)
	}
}

func dircolorsOnXterm(ctx context.Context, inv *command.Invocation) int {
	inv.Environ = append(inv.Environ, "TERM=xterm-256color")
	return runDircolors(ctx, inv)
}
