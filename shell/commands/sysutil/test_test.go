package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from GNU coreutils 9.1's /usr/bin/test
// and /usr/bin/[, run as an unprivileged user.
func TestTestProgram(t *testing.T) {
	files := map[string]string{"/etc/passwd": "root:x:0:0::/root:/bin/bash\nuser:x:1000:1000::/home/user:/bin/bash\n", "/home/user/f": "x", "/home/user/d/": ""}
	usage := func(msg string) string { return "test: " + msg + "\n" }
	runCases(t, runTest, []command.Case{
		{Args: []string{"test"}, Status: 1},
		{Args: []string{"test", ""}, Status: 1},
		{Args: []string{"test", "-n"}},
		{Args: []string{"test", "-a"}},
		{Args: []string{"test", "!", "!", "-z", "x"}, Status: 1},
		{Args: []string{"test", "-f", "f", "-a", "-d", "d"}, Files: files},
		{Args: []string{"test", "-d", "/tmp", "-a", "(", "-f", "/nope", "-o", "1", "=", "1", ")"}},
		{Args: []string{"test", "-l", "abc", "-eq", "3"}},
		{Args: []string{"test", "5", "-gt", "-l", "x"}},
		{Args: []string{"test", " 1", "-eq", "1 "}},
		{Args: []string{"test", "1", "-eq", "99999999999999999999999"}, Status: 1},
		{Args: []string{"test", "f", "-ef", "f"}, Files: files},
		{Args: []string{"test", "-s", "f"}, Files: files},
		{Args: []string{"test", "1", "2"}, Stderr: usage("missing argument after ‘2’"), Status: 2},
		{Args: []string{"test", "1", "2", "3"}, Stderr: usage("‘2’: binary operator expected"), Status: 2},
		{Args: []string{"test", "-q", "x"}, Stderr: usage("‘-q’: unary operator expected"), Status: 2},
		{Args: []string{"test", "(", "a", "b", "c"}, Stderr: usage("‘b’: binary operator expected"), Status: 2},
		{Args: []string{"test", "!", "a", "b", "c", "d", "e"}, Stderr: usage("extra argument ‘b’"), Status: 2},
		{Args: []string{"test", "x", "-lt", "2", "-o"}, Stderr: usage("invalid integer ‘x’"), Status: 2},
		{Args: []string{"test", "a", "<", "b"}, Stderr: usage("‘<’: binary operator expected"), Status: 2},
		{Args: []string{"test", "--version"}},
		{Args: []string{"[", "1", "=", "1"}, Stderr: "[: missing ‘]’\n", Status: 2},
		{Args: []string{"[", "1", "=", "1", "]"}},
		{Args: []string{"[", "]"}, Status: 1},
		{Args: []string{"[", "--version"}, Stdout: "[ (memsh) 9.1\n"},
	})
}
