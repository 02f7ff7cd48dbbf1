package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1's /usr/bin/echo.
func TestEcho(t *testing.T) {
	runCases(t, runEcho, []command.Case{
		{Args: []string{"echo", "a", "b"}, Stdout: "a b\n"},
		{Args: []string{"echo", "-n", "a"}, Stdout: "a"},
		{Args: []string{"echo", "-nE", "-x", "a"}, Stdout: "-x a"},
		{Args: []string{"echo", "-e", `a\tb\x41\0101\101\c`, "z"}, Stdout: "a\tbAAA"},
		{Args: []string{"echo", "-e", `\q\x\\`}, Stdout: "\\q\\x\\\n"},
		{Args: []string{"echo", "-eE", `a\n`}, Stdout: "a\\n\n"},
		{Args: []string{"echo", "--help", "x"}, Stdout: "--help x\n"},
		{Args: []string{"echo", "--version"}, Stdout: "echo (memsh) 9.1\n"},
		{Args: []string{"echo", "-"}, Stdout: "-\n"},
	})
}
