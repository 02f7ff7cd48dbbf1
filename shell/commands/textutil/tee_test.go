package textutil

import (
	"testing"

	"memsh/shell/command"
)

func TestTee(t *testing.T) {
	runCases(t, runTee, []command.Case{
		{Name: "stdout only",
			Args:   []string{"tee"},
			Stdin:  "hi\n",
			Stdout: "hi\n",
		},
		{Name: "missing dir",
			Args:   []string{"tee", "nope/y"},
			Stdin:  "hi\n",
			Stdout: "hi\n",
			Stderr: "tee: nope/y: No such file or directory\n",
			Status: 1,
		},
		{Name: "directory",
			Files:  map[string]string{"/home/user/d/": ""},
			Args:   []string{"tee", "d"},
			Stdin:  "hi\n",
			Stdout: "hi\n",
			Stderr: "tee: d: Is a directory\n",
			Status: 1,
		},
		{Name: "bad mode",
			Args: []string{"tee", "--output-error=foo"},
			Stderr: `tee: invalid argument ‘foo’ for ‘--output-error’
Valid arguments are:
  - ‘warn’
  - ‘warn-nopipe’
  - ‘exit’
  - ‘exit-nopipe’
Try 'tee --help' for more information.
`,
			Status: 1,
		},
		{Name: "bad option",
			Args:   []string{"tee", "-x"},
			Stderr: "tee: invalid option -- 'x'\nTry 'tee --help' for more information.\n",
			Status: 1,
		},
	})
}

func TestTeeWritesFiles(t *testing.T) {
	c := command.Case{
		Files: map[string]string{"/home/user/old": "old\n"},
		Args:  []string{"tee", "new", "nope/x", "old"},
		Stdin: "a\x00\xff\n",
	}
	stdout, stderr, status, fsys := c.Run(runTee, nil)
	if stdout != "a\x00\xff\n" || stderr != "tee: nope/x: No such file or directory\n" || status != 1 {
		t.Fatalf("stdout %q stderr %q status %d", stdout, stderr, status)
	}
	for _, f := range []string{"/home/user/new", "/home/user/old"} {
		if got, err := fsys.ReadFile(f); err != nil || string(got) != "a\x00\xff\n" {
			t.Errorf("%s = %q, %v", f, got, err)
		}
	}
}

func TestTeeAppend(t *testing.T) {
	c := command.Case{
		Files: map[string]string{"/home/user/log": "one\n"},
		Args:  []string{"tee", "-a", "log"},
		Stdin: "two\n",
	}
	_, _, status, fsys := c.Run(runTee, nil)
	if got, err := fsys.ReadFile("/home/user/log"); status != 0 || err != nil || string(got) != "one\ntwo\n" {
		t.Fatalf("status %d, log = %q, %v", status, got, err)
	}
}
