package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils (LC_ALL=C, TZ=UTC).
func TestEnv(t *testing.T) {
	runCases(t, runEnv, []command.Case{
		{Args: []string{"env", "-i", "A=1", "B=2"}, Stdout: "A=1\nB=2\n"},
		{Args: []string{"env", "-i", "-0", "A=1"}, Stdout: "A=1\x00"},
		{Args: []string{"env", "-", "A=1"}, Stdout: "A=1\n"},
		{Args: []string{"env", "-u", "HOME", "-i", "X=1"}, Stdout: "X=1\n"},
		{Args: []string{"env", "-i", "=x"}, Stdout: "=x\n"},
		{Args: []string{"env", "-i", "A=1", "--"}, Stderr: "env: ‘--’: No such file or directory\n", Status: 127},
		{Args: []string{"env", "-i", "--", "A=2"}, Stdout: "A=2\n"},
		{Args: []string{"env", "-0", "true"}, Stderr: "env: cannot specify --null (-0) with command\nTry 'env --help' for more information.\n", Status: 125},
		{Args: []string{"env", "-C", "missing", "pwd"}, Stderr: "env: cannot change directory to 'missing': No such file or directory\n", Status: 125},
		// coreutils' quote(inv, ): "..." spares escaping a ', controls as $'\t'.
		{Args: []string{"env", "-C", "it's", "pwd"}, Stderr: "env: cannot change directory to \"it's\": No such file or directory\n", Status: 125},
		{Args: []string{"env", "-C", "a\tb", "pwd"}, Stderr: "env: cannot change directory to 'a'$'\\t''b': No such file or directory\n", Status: 125},
		{Args: []string{"env", "-C", "/"}, Stderr: "env: must specify command with --chdir (-C)\nTry 'env --help' for more information.\n", Status: 125},
		{Args: []string{"env", "-u", "A=B"}, Stderr: "env: cannot unset ‘A=B’: Invalid argument\n", Status: 125},
		{Args: []string{"env", "-u"}, Stderr: "env: option requires an argument -- 'u'\nTry 'env --help' for more information.\n", Status: 125},
		{Args: []string{"env", "--foo"}, Stderr: "env: unrecognized option '--foo'\nTry 'env --help' for more information.\n", Status: 125},
		{Args: []string{"env", "nosuchcmd"}, Stderr: "env: ‘nosuchcmd’: No such file or directory\n", Status: 127},
		{Args: []string{"env", "-i", "-S", "#x"}},
		{Args: []string{"env", "-i", "-S", "A=1 B=\"2 3\""}, Stdout: "A=1\nB=2 3\n"},
		{Args: []string{"env", "--i", "A=1"}, Stderr: "env: option '--i' is ambiguous; possibilities: '--ignore-environment' '--ignore-signal'\nTry 'env --help' for more information.\n", Status: 125},
		{Args: []string{"env", "--ignore", "A=1"}, Stderr: "env: option '--ignore' is ambiguous; possibilities: '--ignore-environment' '--ignore-signal'\nTry 'env --help' for more information.\n", Status: 125},
	})
}
