package fileutil

import (
	"strings"
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1.
func TestPathchk(t *testing.T) {
	long := strings.Repeat("a", 300)
	runCases(t, runPathchk, []command.Case{
		{Args: []string{"pathchk", "a", "b/c", "/tmp"}},
		{Args: []string{"pathchk"}, Stderr: "pathchk: missing operand\nTry 'pathchk --help' for more information.\n", Status: 1},
		{Args: []string{"pathchk", ""}, Stderr: "pathchk: '': No such file or directory\n", Status: 1},
		{Args: []string{"pathchk", "-p", ""}, Stderr: "pathchk: empty file name\n", Status: 1},
		{Args: []string{"pathchk", long}, Stderr: "pathchk: " + long + ": File name too long\n", Status: 1},
		{Args: []string{"pathchk", "f/x"}, Files: map[string]string{"/home/user/f": ""}, Stderr: "pathchk: f/x: Not a directory\n", Status: 1},
		{Args: []string{"pathchk", "-p", "a b"}, Stderr: "pathchk: nonportable character ‘ ’ in file name 'a b'\n", Status: 1},
		{Args: []string{"pathchk", "-p", "abcdefghijklmnop"}, Stderr: "pathchk: limit 14 exceeded by length 16 of file name component ‘abcdefghijklmnop’\n", Status: 1},
		{Args: []string{"pathchk", "-p", "--", "-x"}},
		{Args: []string{"pathchk", "-P", "a/-b"}, Stderr: "pathchk: leading '-' in a component of file name 'a/-b'\n", Status: 1},
		{Args: []string{"pathchk", "--portability", "a b"}, Stderr: "pathchk: nonportable character ‘ ’ in file name 'a b'\n", Status: 1},
	})
}

func TestDirVdir(t *testing.T) {
	files := map[string]string{"/home/user/a": "", "/home/user/b c": "", "/home/user/d\te": ""}
	runCases(t, runDir, []command.Case{
		{Args: []string{"dir"}, Files: files, Stdout: "a  b\\ c  d\\te\n"},
		{Args: []string{"dir", "-1"}, Files: files, Stdout: "a\nb\\ c\nd\\te\n"},
		{Args: []string{"dir", "nosuch"}, Stderr: "dir: cannot access 'nosuch': No such file or directory\n", Status: 2},
	})
	runCases(t, runVdir, []command.Case{
		{Args: []string{"vdir", "-x"}, Files: files, Stdout: "a  b\\ c  d\\te\n"},
	})
}
