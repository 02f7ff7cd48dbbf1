package binutil

import (
	"slices"
	"strings"
	"testing"

	"memsh/shell/command"
)

func TestShufPermutes(t *testing.T) {
	run := func(c command.Case) (string, string, int) {
		out, errs, st, _ := c.Run(runShuf, nil)
		return out, errs, st
	}
	in := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"
	out, _, st := run(command.Case{Args: []string{"shuf"}, Stdin: in})
	got := strings.Fields(out)
	slices.Sort(got)
	want := strings.Fields(in)
	slices.Sort(want)
	if st != 0 || !slices.Equal(got, want) {
		t.Fatalf("not a permutation: %q", out)
	}
	out, _, _ = run(command.Case{Args: []string{"shuf", "-n", "3"}, Stdin: in})
	if n := len(strings.Fields(out)); n != 3 {
		t.Fatalf("-n 3 gave %d lines", n)
	}
	out, _, _ = run(command.Case{Args: []string{"shuf", "-i", "1-1000000000", "-n", "4"}})
	if n := len(strings.Fields(out)); n != 4 {
		t.Fatalf("-i -n gave %d lines", n)
	}
	out, _, _ = run(command.Case{Args: []string{"shuf", "-r", "-n", "6", "-e", "x"}})
	if out != "x\nx\nx\nx\nx\nx\n" {
		t.Fatalf("-r: %q", out)
	}
	// The same random source gives the same order.
	a, _, _ := run(command.Case{Args: []string{"shuf", "--random-source=/home/user/f", "-i", "1-50"}, Files: testFiles})
	b, _, _ := run(command.Case{Args: []string{"shuf", "--random-source=/home/user/f", "-i", "1-50"}, Files: testFiles})
	if a != b || len(strings.Fields(a)) != 50 {
		t.Fatal("--random-source is not reproducible")
	}
}

func TestShufErrors(t *testing.T) {
	runCases(t, []command.Case{
		{Args: []string{"shuf", "-i", "1-a"}, Files: testFiles, Stderr: "shuf: invalid input range: ‘a’\n", Status: 1},
		{Args: []string{"shuf", "-i", "1"}, Files: testFiles, Stderr: "shuf: invalid input range: ‘1’\n", Status: 1},
		{Args: []string{"shuf", "-i", "3-1"}, Files: testFiles, Stderr: "shuf: invalid input range: ‘3-1’\n", Status: 1},
		{Args: []string{"shuf", "-i", ""}, Files: testFiles, Stderr: "shuf: invalid input range: ‘’\n", Status: 1},
		{Args: []string{"shuf", "-i", "5-3"}, Stderr: "shuf: invalid input range: ‘5-3’\n", Status: 1},
		{Args: []string{"shuf", "-e", "-i", "1-2"}, Stderr: "shuf: cannot combine -e and -i options\nTry 'shuf --help' for more information.\n", Status: 1},
		{Args: []string{"shuf", "-r", "-e"}, Stderr: "shuf: no lines to repeat\n", Status: 1},
		{Args: []string{"shuf", "nope"}, Stderr: "shuf: nope: No such file or directory\n", Status: 1},
		{Args: []string{"shuf", "-n", "0", "-e", "a"}},
		{Args: []string{"shuf", "-i", "5-4"}},
	})
}

// TestShufOutputIsInput: -o FILE opens FILE after reading the input, so
// `shuf -o f f` shuffles f in place instead of emptying it.
func TestShufOutputIsInput(t *testing.T) {
	c := command.Case{Args: []string{"shuf", "-o", "f", "f"}, Files: map[string]string{"/home/user/f": "1\n2\n3\n"}}
	_, stderr, st, fsys := c.Run(runShuf, nil)
	got, err := fsys.ReadFile("/home/user/f")
	lines := strings.Split(strings.TrimSpace(string(got)), "\n")
	slices.Sort(lines)
	if err != nil || st != 0 || stderr != "" || strings.Join(lines, ",") != "1,2,3" {
		t.Errorf("shuf -o f f: %q %v, status %d, stderr %q", got, err, st, stderr)
	}
	c = command.Case{Args: []string{"shuf", "-o", "/nonexist/x", "-n", "0", "-e", "a"}}
	if _, stderr, st, _ = c.Run(runShuf, nil); st != 1 || stderr != "shuf: /nonexist/x: No such file or directory\n" {
		t.Errorf("shuf -o into a missing directory: %d %q", st, stderr)
	}
}
