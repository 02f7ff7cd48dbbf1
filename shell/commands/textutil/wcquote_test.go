package textutil

import (
	"testing"

	"memsh/shell/command"
)

// TestWcQuotesNewlineNames: wc quotes a name only when it holds a
// newline, recorded from coreutils 9.1 `wc -- *`.
func TestWcQuotesNewlineNames(t *testing.T) {
	files := map[string]string{"/home/user/a\nb": "", "/home/user/a b": "", "/home/user/it's": ""}
	runCases(t, runWc, []command.Case{
		{Args: []string{"wc", "-c", "a\nb"}, Files: files, Stdout: "0 'a'$'\\n''b'\n"},
		{Args: []string{"wc", "-c", "a b", "it's"}, Files: files, Stdout: "0 a b\n0 it's\n0 total\n"},
	})
}
