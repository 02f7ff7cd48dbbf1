package sysutil

import (
	"context"
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1 (LANG=C.UTF-8),
// as the sandbox user.
func TestNohup(t *testing.T) {
	runCases(t, runNohup, []command.Case{
		{Args: []string{"nohup", "echo", "hi"}, Stdout: "hi\n"},
		{Args: []string{"nohup"}, Stderr: "nohup: missing operand\nTry 'nohup --help' for more information.\n", Status: 125},
		{Args: []string{"nohup", "nosuch"}, Stderr: "nohup: failed to run command 'nosuch': No such file or directory\n", Status: 127},
		{Args: []string{"nohup", "-x"}, Stderr: "nohup: invalid option -- 'x'\nTry 'nohup --help' for more information.\n", Status: 125},
	})
}

// On the TUI's terminal, output goes to nohup.out (created 0600 less
// the umask), with GNU's notice.
func TestNohupTerminal(t *testing.T) {
	c := command.Case{Args: []string{"nohup", "echo", "hi"}}
	out, errs, status, fsys := c.Run(func(ctx context.Context, inv *command.Invocation) int {
		inv.Term = true
		return runNohup(ctx, inv)
	}, testExec)
	if out != "" || errs != "nohup: ignoring input and appending output to 'nohup.out'\n" || status != 0 {
		t.Errorf("got %q %q %d", out, errs, status)
	}
	data, err := fsys.ReadFile("/home/user/nohup.out")
	if err != nil || string(data) != "hi\n" {
		t.Errorf("nohup.out = %q, %v", data, err)
	}
	if fi, err := fsys.Stat("/home/user/nohup.out"); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("nohup.out mode: %v %v", fi.Mode(), err)
	}
}
