package grep

import (
	"testing"

	"memsh/shell/command"
)

// longOptCases were recorded from GNU grep 3.8: getopt_long's
// abbreviations and its message for an ambiguous one.
var longOptCases = []command.Case{
	{Name: "ambiguous --co", Files: map[string]string{}, Args: []string{"grep", "--co", "a"}, Stdin: "ab\n",
		Stdout: "", Stderr: "grep: option '--co' is ambiguous; possibilities: '--context' '--color' '--colour' '--count'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n", Status: 2},
	{Name: "ambiguous --n", Files: map[string]string{}, Args: []string{"grep", "--n", "a"}, Stdin: "ab\n",
		Stdout: "", Stderr: "grep: option '--n' is ambiguous; possibilities: '--no-ignore-case' '--no-filename' '--no-group-separator' '--no-messages' '--null' '--null-data'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n", Status: 2},
	{Name: "ambiguous --b", Files: map[string]string{}, Args: []string{"grep", "--b", "a"}, Stdin: "ab\n",
		Stdout: "", Stderr: "grep: option '--b' is ambiguous; possibilities: '--basic-regexp' '--before-context' '--binary-files' '--byte-offset' '--binary'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n", Status: 2},
	{Name: "no argument --count=1", Files: map[string]string{}, Args: []string{"grep", "--count=1", "a"}, Stdin: "ab\n",
		Stdout: "", Stderr: "grep: option '--count' doesn't allow an argument\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n", Status: 2},
	{Name: "no argument --he=x", Files: map[string]string{}, Args: []string{"grep", "--he=x", "a"}, Stdin: "ab\n",
		Stdout: "", Stderr: "grep: option '--help' doesn't allow an argument\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n", Status: 2},
	{Name: "ambiguous --re", Files: map[string]string{}, Args: []string{"grep", "--re", "a"}, Stdin: "ab\n",
		Stdout: "", Stderr: "grep: option '--re' is ambiguous; possibilities: '--recursive' '--regexp'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n", Status: 2},
	{Name: "abbrev --ignore-c", Files: map[string]string{}, Args: []string{"grep", "--ignore-c", "A"}, Stdin: "ab\n",
		Stdout: "ab\n", Stderr: "", Status: 0},
	{Name: "abbrev --col=always", Files: map[string]string{}, Args: []string{"grep", "--col=always", "a"}, Stdin: "ab\n",
		Stdout: "\x1b[01;31m\x1b[Ka\x1b[m\x1b[Kb\n", Stderr: "", Status: 0},
	{Name: "abbrev --only", Files: map[string]string{}, Args: []string{"grep", "--only", "b"}, Stdin: "ab\n",
		Stdout: "b\n", Stderr: "", Status: 0},
	{Name: "abbrev --fixed", Files: map[string]string{}, Args: []string{"grep", "--fixed", "a"}, Stdin: "ab\n",
		Stdout: "ab\n", Stderr: "", Status: 0},
	{Name: "abbrev --max 1", Files: map[string]string{}, Args: []string{"grep", "--max", "1", "a"}, Stdin: "ab\n",
		Stdout: "ab\n", Stderr: "", Status: 0},
	{Name: "abbrev --max=1", Files: map[string]string{}, Args: []string{"grep", "--max=1", "a"}, Stdin: "ab\n",
		Stdout: "ab\n", Stderr: "", Status: 0},
	{Name: "-e value untouched", Files: map[string]string{}, Args: []string{"grep", "-e", "--co"}, Stdin: "x--co\n",
		Stdout: "x--co\n", Stderr: "", Status: 0},
	{Name: "--regexp value untouched", Files: map[string]string{}, Args: []string{"grep", "--regexp", "--co"}, Stdin: "x--co\n",
		Stdout: "x--co\n", Stderr: "", Status: 0},
	{Name: "abbrev --wo", Files: map[string]string{}, Args: []string{"grep", "--wo", "ab"}, Stdin: "ab\n",
		Stdout: "ab\n", Stderr: "", Status: 0},
	{Name: "unknown --xyz", Files: map[string]string{}, Args: []string{"grep", "--xyz", "ab"}, Stdin: "ab\n",
		Stdout: "", Stderr: "grep: unrecognized option '--xyz'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n", Status: 2},
	{Name: "abbrev --inv", Files: map[string]string{}, Args: []string{"grep", "--inv", "x"}, Stdin: "ab\n",
		Stdout: "ab\n", Stderr: "", Status: 0},
	{Name: "abbrev --line-n", Files: map[string]string{}, Args: []string{"grep", "--line-n", "a"}, Stdin: "ab\n",
		Stdout: "1:ab\n", Stderr: "", Status: 0},
}

func TestLongOptionAbbreviations(t *testing.T) {
	for _, c := range longOptCases {
		stdout, stderr, status, _ := c.Run(Run, nil)
		if stdout != c.Stdout || stderr != c.Stderr || status != c.Status {
			t.Errorf("%s: %q %q %d, want %q %q %d", c.Name, stdout, stderr, status, c.Stdout, c.Stderr, c.Status)
		}
	}
}
