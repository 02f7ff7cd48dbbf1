package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU findutils (LC_ALL=C, TZ=UTC).
func TestXargs(t *testing.T) {
	runCases(t, runXargs, []command.Case{
		{Args: []string{"xargs"}, Stdin: "a b\nc\n", Stdout: "a b c\n"},
		{Args: []string{"xargs", "-n1"}, Stdin: "a \"b c\" d\\ e 'f g'\n", Stdout: "a\nb c\nd e\nf g\n"},
		{Args: []string{"xargs"}, Stdin: "a \"b\n", Stdout: "a\n", Stderr: "xargs: unmatched double quote; by default quotes are special to xargs unless you use the -0 option\n", Status: 1},
		{Args: []string{"xargs"}, Stdin: "a 'b\n", Stdout: "a\n", Stderr: "xargs: unmatched single quote; by default quotes are special to xargs unless you use the -0 option\n", Status: 1},
		{Args: []string{"xargs"}, Stdin: "\"a\n", Stderr: "xargs: unmatched double quote; by default quotes are special to xargs unless you use the -0 option\n", Status: 1},
		{Args: []string{"xargs", "-0", "-n1"}, Stdin: "a\x00b c\x00", Stdout: "a\nb c\n"},
		{Args: []string{"xargs", "-I{}", "echo", "x{}y"}, Stdin: "a\nb\nc\n", Stdout: "xay\nxby\nxcy\n"},
		{Args: []string{"xargs", "-I", "{}", "echo", "x{}y", "{}"}, Stdin: "a\nb\nc\n", Stdout: "xay a\nxby b\nxcy c\n"},
		{Args: []string{"xargs", "-I{}", "echo", "[{}]"}, Stdin: "  a  b \n\n c\n", Stdout: "[a  b ]\n[c]\n"},
		{Args: []string{"xargs", "-L2"}, Stdin: "a b\nc d\ne\n", Stdout: "a b c d\ne\n"},
		{Args: []string{"xargs", "-L1"}, Stdin: "a b \nc d\ne\n", Stdout: "a b c d\ne\n"},
		{Args: []string{"xargs", "-d,", "-n2"}, Stdin: "a,b,c", Stdout: "a b\nc\n"},
		{Args: []string{"xargs", "-d,"}, Stdin: "a,b,c\n", Stdout: "a b c\n\n"},
		{Args: []string{"xargs", "-d\\n", "-n1", "echo", "x"}, Stdin: "a\n\nb\n", Stdout: "x a\nx \nx b\n"},
		{Args: []string{"xargs", "echo", "hi"}, Stdout: "hi\n"},
		{Args: []string{"xargs", "-r", "echo", "hi"}},
		{Args: []string{"xargs", "echo", "hi"}, Stdin: "\n\n", Stdout: "hi\n"},
		{Args: []string{"xargs", "-t", "-n2", "echo"}, Stdin: "a b c\n", Stdout: "a b\nc\n", Stderr: "echo a b\necho c\n"},
		{Args: []string{"xargs", "-E", "b", "echo"}, Stdin: "a\nb\nc\n", Stdout: "a\n"},
		{Args: []string{"xargs", "nosuch"}, Stdin: "a\n", Stderr: "xargs: nosuch: No such file or directory\n", Status: 127},
		{Args: []string{"xargs", "-s", "15", "echo"}, Stdin: "aaaa bbbb cccc\n", Stdout: "aaaa bbbb\ncccc\n"},
		{Args: []string{"xargs", "-s", "10", "echo"}, Stdin: "aaaa bbbb cccc\n", Stdout: "aaaa\nbbbb\ncccc\n"},
		{Args: []string{"xargs", "-x", "-s", "12", "echo"}, Stdin: "aaaa bbbb cccc\n", Stdout: "aaaa\nbbbb\ncccc\n"},
		{Args: []string{"xargs", "-x", "-n2", "-s", "12", "echo"}, Stdin: "aaaa bbbb cccc\n", Stderr: "xargs: argument list too long\n", Status: 1},
		{Args: []string{"xargs", "-n", "0", "echo"}, Stderr: "xargs: value 0 for -n option should be >= 1\nTry 'xargs --help' for more information.\n", Status: 1},
		{Args: []string{"xargs", "-n", "x", "echo"}, Stderr: "xargs: invalid number \"x\" for -n option\nTry 'xargs --help' for more information.\n", Status: 1},
		{Args: []string{"xargs", "-P", "2", "-n1", "echo"}, Stdin: "1 2\n", Stdout: "1\n2\n"},
		{Args: []string{"xargs", "-i", "echo", "[{}]"}, Stdin: "a b\n", Stdout: "[a b]\n"},
		{Args: []string{"xargs", "-I"}, Stdin: "a b\n", Stderr: "xargs: option requires an argument -- 'I'\nTry 'xargs --help' for more information.\n", Status: 1},
		{Args: []string{"xargs", "--foo"}, Stdin: "x\n", Stderr: "xargs: unrecognized option '--foo'\nTry 'xargs --help' for more information.\n", Status: 1},
		{Args: []string{"xargs", "-n", "2", "-L", "1"}, Stdin: "a b c d e\n", Stdout: "a b c d e\n", Stderr: "xargs: warning: options --max-args and -L are mutually exclusive, ignoring previous --max-args value\n"},
		{Args: []string{"xargs", "--max-args=1"}, Stdin: "a b\nc\n", Stdout: "a\nb\nc\n"},
		{Args: []string{"xargs", "-n1"}, Stdin: "a\\\nb\n", Stdout: "a\nb\n"},
		{Args: []string{"xargs", "-a", "nope"}, Stdin: "x\n", Stderr: "xargs: Cannot open input file ‘nope’: No such file or directory\n", Status: 1},
		{Args: []string{"xargs", "-a", "/dev/stdin"}, Stdin: "x\ny\n", Stdout: "x y\n"},
		{Args: []string{"xargs", "--process-slot-var=SLOT", "showenv"}, Stdin: "x\n", Stdout: "HOME=/home/user\nPATH=/usr/bin:/bin\nPWD=/home/user\nTMPDIR=/tmp\nUSER=user\nLANG=C.UTF-8\nSLOT=0\n"},
		{Args: []string{"xargs", "--version"}, Stdout: "xargs (GNU findutils) 4.9.0\nmemsh's own implementation of GNU findutils 4.9.0's interface; no GNU code.\n"},
		{Args: []string{"xargs", "-d", "xy"}, Stdin: "x\n", Stderr: "xargs: Invalid input delimiter specification xy: the delimiter must be either a single character or an escape sequence starting with \\.\n", Status: 1},
		{Args: []string{"xargs", "-eb", "echo"}, Stdin: "a b\n", Stdout: "a\n"},
		{Args: []string{"xargs", "echo"}, Stdin: "a\x00b c\n", Stdout: "a c\n", Stderr: "xargs: WARNING: a NUL character occurred in the input.  It cannot be passed through in the argument list.  Did you mean to use the --null option?\n"},
		{Args: []string{"xargs", "-n1", "echo"}, Stdin: "a\x00b c\x00d\n", Stdout: "a\nc\n", Stderr: "xargs: WARNING: a NUL character occurred in the input.  It cannot be passed through in the argument list.  Did you mean to use the --null option?\n"},
		{Args: []string{"xargs", "-s", "5", "echo"}, Stdin: "abc\n", Stderr: "xargs: argument line too long\n", Status: 1},
		{Args: []string{"xargs", "-I{}", "-s", "10", "echo", "{}"}, Stdin: "abcdef\n", Stderr: "xargs: argument list too long\n", Status: 1},
		{Args: []string{"xargs", "-I{}", "-s", "10", "echo", "{}"}, Stdin: "abc\n", Stdout: "abc\n"},
	})
}
