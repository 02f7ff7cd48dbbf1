package fileutil

import (
	"slices"
	"strings"
	"testing"

	"memsh/shell/command"
)

// Messages were recorded from GNU coreutils 9.1; with -n 0 or -n 1 -z
// the output is the same every run.
func TestShred(t *testing.T) {
	f := map[string]string{"/home/user/f": "hello"}
	runCases(t, runShred, []command.Case{
		{Args: []string{"shred", "-v", "-n", "1", "-z", "-u", "f"}, Files: f, Stderr: "shred: f: pass 1/2 (random)...\nshred: f: pass 2/2 (000000)...\nshred: f: removing\nshred: f: renamed to 0\nshred: f: removed\n"},
		{Args: []string{"shred", "-v", "--remove=unlink", "-n", "0", "f"}, Files: f, Stderr: "shred: f: removing\nshred: f: removed\n"},
		{Args: []string{"shred", "-v", "f"}, Files: f, Stderr: "shred: f: pass 1/3 (random)...\nshred: f: pass 2/3 (random)...\nshred: f: pass 3/3 (random)...\n"},
		{Args: []string{"shred", "-n", "x", "f"}, Files: f, Stderr: "shred: invalid number of passes: ‘x’\n", Status: 1},
		{Args: []string{"shred"}, Stderr: "shred: missing file operand\nTry 'shred --help' for more information.\n", Status: 1},
		{Args: []string{"shred", "nosuch"}, Stderr: "shred: nosuch: failed to open for writing: No such file or directory\n", Status: 1},
		{Args: []string{"shred", "d"}, Files: map[string]string{"/home/user/d/": ""}, Stderr: "shred: d: failed to open for writing: Is a directory\n", Status: 1},
	})
}

func TestShredContents(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"shred", "-x", "-n", "1", "-z", "f"}, "\x00\x00\x00\x00\x00"},
		{[]string{"shred", "-n", "0", "-z", "f"}, strings.Repeat("\x00", 4096)},
		{[]string{"shred", "-s", "2", "-n", "0", "-z", "f"}, "\x00\x00llo"},
	} {
		_, errs, status, fsys := command.Case{Args: c.args, Files: map[string]string{"/home/user/f": "hello"}}.Run(runShred, nil)
		got, _ := fsys.ReadFile("/home/user/f")
		if string(got) != c.want || status != 0 || errs != "" {
			t.Errorf("%q: f = %q, status %d, %q", c.args, got, status, errs)
		}
	}
}

func TestShredPlan(t *testing.T) {
	s := &shredder{random: strings.NewReader(strings.Repeat("\x07", 400))}
	for n, randoms := range map[int][]int{3: {0, 1, 2}, 5: {0, 2, 4}, 30: {0, 10, 20, 29}} {
		plan := s.plan(n)
		var got []int
		for i, p := range plan {
			if p < 0 {
				got = append(got, i)
			}
		}
		if len(plan) != n || !slices.Equal(got, randoms) {
			t.Errorf("plan(%d): random passes at %v, want %v", n, got, randoms)
		}
	}
}

func TestShredStdout(t *testing.T) {
	runCases(t, runShred, []command.Case{
		{Args: []string{"shred", "-"}, Stderr: "shred: -: invalid file type\n", Status: 1},
	})
}
