package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// TestLocaleQuoting: messages as GNU findutils 4.9 and coreutils 9 print
// them under LANG=C.UTF-8, memsh's locale: gnulib's quote(inv, ) gives ‘x’
// (escaping a backslash, not a '), while find's own parser messages keep
// the old `x' form.
func TestLocaleQuoting(t *testing.T) {
	runCases(t, runFind, []command.Case{
		{Args: []string{"find", "nodir"}, Stderr: "find: ‘nodir’: No such file or directory\n", Status: 1},
		{Args: []string{"find", "it's"}, Stderr: "find: ‘it's’: No such file or directory\n", Status: 1},
		{Args: []string{"find", "a\tb"}, Stderr: "find: ‘a\\tb’: No such file or directory\n", Status: 1},
		{Args: []string{"find", "a\\b"}, Stderr: "find: ‘a\\\\b’: No such file or directory\n", Status: 1},
		{Args: []string{"find", "\xff"}, Stderr: "find: ‘\\377’: No such file or directory\n", Status: 1},
		{Args: []string{"find", "é"}, Stderr: "find: ‘é’: No such file or directory\n", Status: 1},
		{Args: []string{"find", ".", "-foo"}, Stderr: "find: unknown predicate `-foo'\n", Status: 1},
		{Args: []string{"find", ".", "-newerXt", "x"}, Stderr: "find: invalid predicate `-newerXt'\n", Status: 1},
		{Args: []string{"find", ".", "-name"}, Stderr: "find: missing argument to `-name'\n", Status: 1},
		{Args: []string{"find", ".", "-exec"}, Stderr: "find: missing argument to `-exec'\n", Status: 1},
		{Args: []string{"find", ".", "-name", "x", "y"}, Stderr: "find: paths must precede expression: `y'\n", Status: 1},
		{Args: []string{"find", ".", "-inum", "abc"}, Stderr: "find: invalid argument `abc' to `-inum'\n", Status: 1},
		{Args: []string{"find", ".", "-mtime", "x"}, Stderr: "find: invalid argument `x' to `-mtime'\n", Status: 1},
		{Args: []string{"find", ".", "-size", "3x"}, Stderr: "find: invalid -size type `x'\n", Status: 1},
		{Args: []string{"find", ".", "-size", "+"}, Stderr: "find: invalid -size type `+'\n", Status: 1},
		{Args: []string{"find", ".", "-size", ""}, Stderr: "find: invalid null argument to -size\n", Status: 1},
		{Args: []string{"find", ".", "-size", "3kk"}, Stderr: "find: Invalid argument `3kk' to -size\n", Status: 1},
		{Args: []string{"find", ".", "-maxdepth", "x"}, Stderr: "find: Expected a positive decimal integer argument to -maxdepth, but got ‘x’\n", Status: 1},
		{Args: []string{"find", ".", "-perm", "abc"}, Stderr: "find: invalid mode ‘abc’\n", Status: 1},
		{Args: []string{"find", ".", "-newermt", "foo"}, Stderr: "find: I cannot figure out how to interpret ‘foo’ as a date or time\n", Status: 1},
		{Args: []string{"find", ".", "-exec", "echo", "{}x", "+"}, Stderr: "find: In ‘-exec ... {} +’ the ‘{}’ must appear by itself, but you specified ‘{}x’\n", Status: 1},
		{Args: []string{"find", ".", "-regextype", "foo"}, Stderr: "find: Unknown regular expression type ‘foo’; valid types are ‘findutils-default’, ‘ed’, ‘emacs’, ‘gnu-awk’, ‘grep’, ‘posix-awk’, ‘awk’, ‘posix-basic’, ‘posix-egrep’, ‘egrep’, ‘posix-extended’, ‘posix-minimal-basic’, ‘sed’.\n", Status: 1},
		{Args: []string{"find", ".", "-o"}, Stderr: "find: invalid expression; you have used a binary operator '-o' with nothing before it.\n", Status: 1},
	})
	runCases(t, runSeq, []command.Case{
		{Args: []string{"seq", "nan"}, Stderr: "seq: invalid ‘not-a-number’ argument: ‘nan’\nTry 'seq --help' for more information.\n", Status: 1},
	})
	runCases(t, runDate, []command.Case{
		{Args: []string{"date", "-Ix"}, Stderr: "date: invalid argument ‘x’ for ‘--iso-8601’\nValid arguments are:\n  - ‘hours’\n  - ‘minutes’\n  - ‘date’\n  - ‘seconds’\n  - ‘ns’\nTry 'date --help' for more information.\n", Status: 1},
		{Args: []string{"date", "-d", "it's"}, Stderr: "date: invalid date ‘it's’\n", Status: 1},
	})
}
