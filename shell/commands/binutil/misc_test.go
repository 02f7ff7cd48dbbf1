package binutil

import (
	"testing"

	"memsh/shell/command"
)

func TestSums(t *testing.T) {
	runCases(t, []command.Case{
		{Args: []string{"cksum", "f", "s"}, Files: testFiles,
			Stdout: "3196496296 42 f\n1219131554 3 s\n"},
		{Args: []string{"cksum"}, Files: testFiles,
			Stdout: "4294967295 0\n"},
		{Args: []string{"cksum", "nope", "f"}, Files: testFiles,
			Stdout: "3196496296 42 f\n",
			Stderr: "cksum: nope: No such file or directory\n", Status: 1},
		{Args: []string{"cksum", "-"}, Files: testFiles, Stdin: "abc",
			Stdout: "1219131554 3 -\n"},
		{Args: []string{"sum", "f"}, Files: testFiles,
			Stdout: "26218     1 f\n"},
		{Args: []string{"sum", "f", "s"}, Files: testFiles,
			Stdout: "26218     1 f\n16556     1 s\n"},
		{Args: []string{"sum", "-s", "f", "s"}, Files: testFiles,
			Stdout: "4462 1 f\n294 1 s\n"},
		{Args: []string{"sum"}, Files: testFiles, Stdin: "hello\n",
			Stdout: "36979     1\n"},
		{Args: []string{"sum", "-s"}, Files: testFiles, Stdin: "hello\n",
			Stdout: "542 1\n"},
		{Args: []string{"cksum", "-a", "md5", "s"}, Files: testFiles,
			Stdout: "MD5 (s) = 900150983cd24fb0d6963f7d28e17f72\n"},
		{Args: []string{"cksum", "-a", "sysv", "s"}, Files: testFiles,
			Stdout: "294 1 s\n"},
		{Args: []string{"cksum", "-a", "bsd", "f"}, Files: testFiles,
			Stdout: "26218     1 f\n"},
		{Args: []string{"cksum", "-a", "sha256", "--untagged", "s"}, Files: testFiles,
			Stdout: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  s\n"},
	})
}
func TestBase32(t *testing.T) {
	runCases(t, []command.Case{
		{Args: []string{"base32", "f"}, Files: testFiles,
			Stdout: "NBSWY3DPEB3W64TMMQFAAAP75FQWEY3EMVTGO2DJNJVWY3LON5YHC4TTOR2XM53YPF5A====\n"},
		{Args: []string{"base32", "-w", "20", "f"}, Files: testFiles,
			Stdout: "NBSWY3DPEB3W64TMMQFA\nAAP75FQWEY3EMVTGO2DJ\nNJVWY3LON5YHC4TTOR2X\nM53YPF5A====\n"},
		{Args: []string{"base32", "-w", "0", "s"}, Files: testFiles,
			Stdout: "MFRGG==="},
		{Args: []string{"base32", "-d"}, Files: testFiles, Stdin: "MFRGG===\n",
			Stdout: "abc"},
		{Args: []string{"base32", "-d"}, Files: testFiles, Stdin: "MFRGG!\n",
			Stderr: "base32: invalid input\n", Status: 1},
		{Args: []string{"base32", "-d", "-i"}, Files: testFiles, Stdin: "MF RGG===\n",
			Stdout: "abc"},
		{Args: []string{"base32", "nope"}, Files: testFiles,
			Stderr: "base32: nope: No such file or directory\n", Status: 1},
		{Args: []string{"base32", "e"}, Files: testFiles},
	})
}
func TestFactor(t *testing.T) {
	runCases(t, []command.Case{
		{Args: []string{"factor", "12", "1", "0", "97", "1000000007", "18446744073709551615", "abc"}, Files: testFiles,
			Stdout: "12: 2 2 3\n1:\n0:\n97: 97\n1000000007: 1000000007\n18446744073709551615: 3 5 17 257 641 65537 6700417\n",
			Stderr: "factor: \xe2\x80\x98abc\xe2\x80\x99 is not a valid positive integer\n", Status: 1},
		{Args: []string{"factor", "340282366920938463463374607431768211455"}, Files: testFiles,
			Stdout: "340282366920938463463374607431768211455: 3 5 17 257 641 65537 274177 6700417 67280421310721\n"},
		{Args: []string{"factor", "--", "-5"}, Files: testFiles,
			Stderr: "factor: \xe2\x80\x98-5\xe2\x80\x99 is not a valid positive integer\n", Status: 1},
		{Args: []string{"factor"}, Files: testFiles, Stdin: "6 8\n 9\n",
			Stdout: "6: 2 3\n8: 2 2 2\n9: 3 3\n"},
		{Args: []string{"factor", " 12", "+7"}, Files: testFiles,
			Stdout: "12: 2 2 3\n7: 7\n"},
		{Args: []string{"factor", "999999999999999989", "600851475143"}, Files: testFiles,
			Stdout: "999999999999999989: 999999999999999989\n600851475143: 71 839 1471 6857\n"},
	})
}
func TestExpand(t *testing.T) {
	runCases(t, []command.Case{
		{Args: []string{"expand"}, Files: testFiles, Stdin: "a\tb\tc\n\tx\n",
			Stdout: "a       b       c\n        x\n"},
		{Args: []string{"expand", "-t", "4"}, Files: testFiles, Stdin: "a\tb\tc\n\tx\n",
			Stdout: "a   b   c\n    x\n"},
		{Args: []string{"expand", "-t", "2,5"}, Files: testFiles, Stdin: "a\tb\tc\n\tx\n",
			Stdout: "a b  c\n  x\n"},
		{Args: []string{"expand", "-4"}, Files: testFiles, Stdin: "a\tb\tc\n\tx\n",
			Stdout: "a   b   c\n    x\n"},
		{Args: []string{"expand", "-t", "0", "e"}, Files: testFiles,
			Stderr: "expand: tab size cannot be 0\n", Status: 1},
		{Args: []string{"expand", "-t", "4,2", "e"}, Files: testFiles,
			Stderr: "expand: tab sizes must be ascending\n", Status: 1},
		{Args: []string{"expand", "-t", "4,+3"}, Files: testFiles, Stdin: "a\tb\tc\n",
			Stdout: "a   b  c\n"},
		{Args: []string{"expand", "-i"}, Files: testFiles, Stdin: "\ta\tb\n",
			Stdout: "        a\tb\n"},
		{Args: []string{"expand"}, Files: testFiles, Stdin: "abc\x08d\te\n",
			Stdout: "abc\x08d     e\n"},
		{Args: []string{"expand", "t", "nope"}, Files: testFiles,
			Stdout: "line one\nline two\n        indented  x\n",
			Stderr: "expand: nope: No such file or directory\n", Status: 1},
		{Args: []string{"unexpand"}, Files: testFiles, Stdin: "        a       b\n  x\n",
			Stdout: "\ta       b\n  x\n"},
		{Args: []string{"unexpand", "-a"}, Files: testFiles, Stdin: "        a       b\n  x\n",
			Stdout: "\ta\tb\n  x\n"},
		{Args: []string{"unexpand", "-t", "4"}, Files: testFiles, Stdin: "            a\n",
			Stdout: "\t\t\ta\n"},
		{Args: []string{"unexpand", "-a"}, Files: testFiles, Stdin: "abcdefg h       i\n",
			Stdout: "abcdefg h\ti\n"},
		{Args: []string{"unexpand"}, Files: testFiles, Stdin: "\t  \t x\n",
			Stdout: "\t\t x\n"},
		{Args: []string{"unexpand", "-t", "3"}, Files: testFiles, Stdin: "a  b    c\n",
			Stdout: "a\tb\t  c\n"},
		{Args: []string{"unexpand", "-t", "2"}, Files: testFiles, Stdin: "a   b\n", Stdout: "a\t\tb\n"},
		{Args: []string{"unexpand", "-2"}, Files: testFiles, Stdin: "a   b\n", Stdout: "a   b\n"},
		{Args: []string{"unexpand", "-a", "-t", "2,5,+4"}, Files: testFiles, Stdin: "                 x         y\n",
			Stdout: "\t\t\t\t\tx\t\t  y\n"},
		{Args: []string{"expand", "-t", "2,5,+3"}, Files: testFiles, Stdin: "a\tb\tc\td\tefghijklmn\to\n",
			Stdout: "a b  c  d  efghijklmn  o\n"},
		{Args: []string{"expand", "-t", "-4"}, Files: testFiles, Stderr: "expand: tab size contains invalid character(s): ‘-4’\n", Status: 1},
		{Args: []string{"expand", "-t", "4x"}, Files: testFiles, Stderr: "expand: tab size contains invalid character(s): ‘x’\n", Status: 1},
		{Args: []string{"expand", "-t", "/4,5"}, Files: testFiles, Stderr: "expand: '/' specifier only allowed with the last value\n", Status: 1},
		{Args: []string{"expand", "-t", "1/2"}, Files: testFiles, Stderr: "expand: '/' specifier not at start of number: ‘/2’\n", Status: 1},
		{Args: []string{"expand", "-t", "99999999999999999999"}, Files: testFiles, Stderr: "expand: tab stop is too large ‘99999999999999999999’\n", Status: 1},
		{Args: []string{"expand", "-t", "/2", "-t", "+3"}, Files: testFiles, Stderr: "expand: '/' specifier is mutually exclusive with '+'\n", Status: 1},
	})
}
