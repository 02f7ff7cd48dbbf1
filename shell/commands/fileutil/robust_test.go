package fileutil

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestOddArguments runs every command with odd arguments over a small
// tree: each must return a status, never panic or hang.
func TestOddArguments(t *testing.T) {
	odd := [][]string{
		{}, {""}, {"-"}, {"--"}, {"/"}, {"."}, {".."}, {"//"}, {"a/"}, {"nope/x"},
		{strings.Repeat("x", 5000)}, {"\xff\x00"}, {"-z"}, {"--bogus"}, {"d", "d"},
		{"a", "a", "a"}, {"l", "l"}, {"loop"}, {"-s", ""}, {"-d", ""}, {"-c", "%"},
		{"-p", ""}, {"-m", ""}, {"-t", ""}, {"-r", "/", "x"}, {"-L", "loop"}, {"-R", "/"},
	}
	for _, c := range Commands() {
		for _, args := range odd {
			e := newEnv(t)
			e.write("/home/user/a", "a", time.Time{})
			e.write("/home/user/d/f", "f", time.Time{})
			e.fsys.Symlink("a", "/home/user/l")
			e.fsys.Symlink("loop", "/home/user/loop")
			argv := append([]string{c.Name}, args...)
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%q panicked: %v", argv, r)
					}
				}()
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				defer cancel()
				start := time.Now()
				if _, _, st := e.run(ctx, argv...); st < 0 || st > 130 {
					t.Errorf("%q: status %d", argv, st)
				}
				if ctx.Err() != nil {
					t.Errorf("%q ran until cancelled (%v)", argv, time.Since(start))
				}
			}()
		}
	}
}

// TestLsF: -f is -a -U (coreutils 9.1); a later -A or -t still wins.
func TestLsF(t *testing.T) {
	files := map[string]string{"/home/user/.h": "", "/home/user/a": "", "/home/user/b": ""}
	runTable(t, []tableCase{
		{Args: []string{"ls", "-f"}, Files: files, Stdout: ".\n..\n.h\na\nb\n"},
		{Args: []string{"ls", "-fA"}, Files: files, Stdout: ".h\na\nb\n"},
		{Args: []string{"ls", "-Af"}, Files: files, Stdout: ".\n..\n.h\na\nb\n"},
	})
}
