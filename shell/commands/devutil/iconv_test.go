package devutil

import (
	"strings"
	"testing"

	"memsh/shell/command"
)

// The expected outputs were produced by glibc 2.36's iconv.
func TestIconv(t *testing.T) {
	u := "caf\xc3\xa9 \xe2\x82\xac\n"
	runCases(t, []fileCase{
		{Case: command.Case{Args: []string{"iconv", "-f", "UTF-8", "-t", "ISO-8859-1"}, Stdin: u,
			Stdout: "caf\xe9 ", Stderr: "iconv: illegal input sequence at position 6\n", Status: 1}},
		{Case: command.Case{Args: []string{"iconv", "-f", "utf8", "-t", "latin9"}, Stdin: u, Stdout: "caf\xe9 \xa4\n"}},
		{Case: command.Case{Args: []string{"iconv", "-t", "ASCII//TRANSLIT"}, Stdin: u, Stdout: "cafe EUR\n"}},
		{Case: command.Case{Args: []string{"iconv", "-c", "-t", "ASCII"}, Stdin: u, Stdout: "caf \n"}},
		{Case: command.Case{Args: []string{"iconv", "-t", "ASCII//IGNORE"}, Stdin: "\xe2\x82\xacxyz\n", Stdout: "xyz\n",
			Stderr: "iconv: illegal input sequence at position 7\n", Status: 1}},
		{Case: command.Case{Args: []string{"iconv", "-t", "UTF-16"}, Stdin: "hi", Stdout: "\xff\xfeh\x00i\x00"}},
		{Case: command.Case{Args: []string{"iconv", "-f", "UTF-16", "-t", "UTF-8"}, Stdin: "\xfe\xff\x00h\x00i", Stdout: "hi"}},
		{Case: command.Case{Args: []string{"iconv", "-f", "cp1252"}, Stdin: "\x80\x93\n", Stdout: "\xe2\x82\xac\xe2\x80\x9c\n"}},
		{Case: command.Case{Args: []string{"iconv", "-t", "latin1"}, Stdin: "caf\xc3", Stdout: "caf",
			Stderr: "iconv: incomplete character or shift sequence at end of buffer\n", Status: 1}},
		{Case: command.Case{Args: []string{"iconv", "-f", "FOO"}, Stdin: "x", Stderr: "iconv: failed to start conversion processing: No such file or directory\n", Status: 1}},
		{Case: command.Case{Name: "across chunks", Args: []string{"iconv", "-f", "utf-8", "-t", "utf-16be"}, Stdin: strings.Repeat("é", 40000) + "\xff",
			Stdout: strings.Repeat("\x00\xe9", 40000), Stderr: "iconv: illegal input sequence at position 80000\n", Status: 1}},
		{Case: command.Case{Args: []string{"iconv", "nope"}, Stderr: "iconv: cannot open input file `nope': No such file or directory\n", Status: 1}},
	})
}
