package binutil

import (
	"testing"

	"memsh/shell/command"
)

// Messages and -w parsing as GNU coreutils 9 base32 prints them under
// LANG=C.UTF-8: option arguments quoted ‘...’ with C escapes inside.
func TestBase32WrapArgument(t *testing.T) {
	try := "Try 'base32 --help' for more information.\n"
	runCases(t, []command.Case{
		{Args: []string{"base32", "-w", "-1"}, Stderr: "base32: invalid wrap size: ‘-1’\n", Status: 1},
		{Args: []string{"base32", "-w", "abc"}, Stderr: "base32: invalid wrap size: ‘abc’\n", Status: 1},
		{Args: []string{"base32", "-w", ""}, Stderr: "base32: invalid wrap size: ‘’\n", Status: 1},
		{Args: []string{"base32", "-w", "5k"}, Stderr: "base32: invalid wrap size: ‘5k’\n", Status: 1},
		{Args: []string{"base32", "-w", "0x5"}, Stderr: "base32: invalid wrap size: ‘0x5’\n", Status: 1},
		{Args: []string{"base32", "-w", "-99999999999999999999"}, Stderr: "base32: invalid wrap size: ‘-99999999999999999999’\n", Status: 1},
		{Args: []string{"base32", "-w", "a'b"}, Stderr: "base32: invalid wrap size: ‘a'b’\n", Status: 1},
		{Args: []string{"base32", "-w", `a"b`}, Stderr: "base32: invalid wrap size: ‘a\"b’\n", Status: 1},
		{Args: []string{"base32", "-w", `a\b`}, Stderr: "base32: invalid wrap size: ‘a\\\\b’\n", Status: 1},
		{Args: []string{"base32", "-w", "‘x’"}, Stderr: "base32: invalid wrap size: ‘‘x\\’’\n", Status: 1},
		{Args: []string{"base32", "-w", "a\tb"}, Stderr: "base32: invalid wrap size: ‘a\\tb’\n", Status: 1},
		{Args: []string{"base32", "-w", "\xff"}, Stderr: "base32: invalid wrap size: ‘\\377’\n", Status: 1},
		{Args: []string{"base32", "a", "b"}, Stderr: "base32: extra operand ‘b’\n" + try, Status: 1},
		{Args: []string{"base32", "-w", " 5"}, Stdin: "abcdefghijkl", Stdout: "MFRGG\nZDFMZ\nTWQ2L\nKNNWA\n====\n"},
		{Args: []string{"base32", "-w", "+10"}, Stdin: "abcdefghijkl", Stdout: "MFRGGZDFMZ\nTWQ2LKNNWA\n====\n"},
		{Args: []string{"base32", "-w", "010"}, Stdin: "abcdefghijkl", Stdout: "MFRGGZDFMZ\nTWQ2LKNNWA\n====\n"},
		{Args: []string{"base32", "-w", "-0"}, Stdin: "abcdefghijkl", Stdout: "MFRGGZDFMZTWQ2LKNNWA===="},
		{Args: []string{"base32", "-w", "99999999999999999999999"}, Stdin: "abcdefghijkl", Stdout: "MFRGGZDFMZTWQ2LKNNWA===="},
	})
}
