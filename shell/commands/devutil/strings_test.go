package devutil

import (
	"strings"
	"testing"

	"memsh/shell/command"
)

// The expected outputs were produced by GNU strings 2.40 on the same files.
func TestStrings(t *testing.T) {
	files := map[string]string{
		"/home/user/b":  "abc\x00hello world\x01\tTabbed line\nnext line here\xffxyz1234\x00end!",
		"/home/user/w":  "h\x00e\x00l\x00l\x00o\x00\x00\x00",
		"/home/user/d/": "",
	}
	runCases(t, []fileCase{
		{Case: command.Case{Args: []string{"strings", "b"}, Files: files, Stdout: "hello world\n\tTabbed line\nnext line here\nxyz1234\nend!\n"}},
		{Case: command.Case{Args: []string{"strings", "-t", "x", "-n", "8", "b"}, Files: files, Stdout: "      4 hello world\n     10 \tTabbed line\n     1d next line here\n"}},
		{Case: command.Case{Args: []string{"strings", "-3", "-f", "b"}, Files: files, Stdout: "b: abc\nb: hello world\nb: \tTabbed line\nb: next line here\nb: xyz1234\nb: end!\n"}},
		{Case: command.Case{Args: []string{"strings", "-s", "|", "b"}, Files: files, Stdout: "hello world|\tTabbed line|next line here|xyz1234|end!|"}},
		{Case: command.Case{Args: []string{"strings", "-e", "l", "w"}, Files: files, Stdout: "hello\n"}},
		{Case: command.Case{Args: []string{"strings", "-e", "b", "w"}, Files: files, Stdout: "ello\n"}},
		{Case: command.Case{Args: []string{"strings"}, Stdin: "hello\n", Stdout: "hello\n"}},
		{Case: command.Case{Name: "across chunks", Args: []string{"strings", "-t", "d", "-e", "l"},
			Stdin: "\x00" + strings.Repeat("a\x00", 70000) + "\x01\x00xy", Stdout: "      1 " + strings.Repeat("a", 70000) + "\n"}},
		{Case: command.Case{Args: []string{"strings", "nope", "d"}, Files: files, Stderr: "strings: 'nope': No such file\nstrings: Warning: 'd' is a directory\n", Status: 1}},
		{Case: command.Case{Args: []string{"strings", "-n", "0", "b"}, Files: files, Stderr: "strings: invalid minimum string length 0\n", Status: 1}},
	})
}
