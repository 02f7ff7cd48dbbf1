package fileutil

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"memsh/memfs"
	"memsh/shell/command"
)

// tableCase is a command.Case with symlinks to make first and the state
// of some paths afterwards: "<none>", "<dir>0o755", "->target", or
// "content|0o644".
type tableCase struct {
	Args           []string
	Files          map[string]string
	Links          [][2]string // target, link path
	Stdin          string
	Stdout, Stderr string
	Status         int
	After          map[string]string
}

func commandFunc(t *testing.T, name string) command.Func {
	for _, c := range Commands() {
		if c.Name == name {
			return c.Run
		}
	}
	t.Fatalf("no command %s", name)
	return nil
}

func runTable(t *testing.T, cases []tableCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(strings.Join(tc.Args, " "), func(t *testing.T) {
			run := commandFunc(t, tc.Args[0])
			c := command.Case{Files: tc.Files, Args: tc.Args, Stdin: tc.Stdin}
			var stdout, stderr string
			var status int
			var fsys *memfs.FS
			if len(tc.Links) == 0 {
				stdout, stderr, status, fsys = c.Run(run, nil)
			} else {
				stdout, stderr, status, fsys = runWithLinks(t, c, tc.Links, run)
			}
			if stdout != tc.Stdout {
				t.Errorf("stdout:\n got %q\nwant %q", stdout, tc.Stdout)
			}
			if stderr != tc.Stderr {
				t.Errorf("stderr:\n got %q\nwant %q", stderr, tc.Stderr)
			}
			if status != tc.Status {
				t.Errorf("status: got %d, want %d", status, tc.Status)
			}
			for p, want := range tc.After {
				if got := describe(fsys, p); got != want {
					t.Errorf("after: %s is %q, want %q", p, got, want)
				}
			}
		})
	}
}

// runWithLinks is command.Case.Run with symlinks added before the command.
func runWithLinks(t *testing.T, c command.Case, links [][2]string, run command.Func) (string, string, int, *memfs.FS) {
	fsys := memfs.New(memfs.Options{})
	for _, d := range []string{"/home/user", "/tmp"} {
		if err := fsys.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for p, content := range c.Files {
		if strings.HasSuffix(p, "/") {
			fsys.MkdirAll(p, 0o755)
			continue
		}
		fsys.MkdirAll(p[:strings.LastIndex(p, "/")], 0o755)
		if err := fsys.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range links {
		if err := fsys.Symlink(l[0], l[1]); err != nil {
			t.Fatal(err)
		}
	}
	var out, errb bytes.Buffer
	inv := &command.Invocation{
		Args:    c.Args,
		Stdio:   command.Stdio{Stdin: strings.NewReader(c.Stdin), Stdout: &out, Stderr: &errb},
		FS:      fsys,
		Dir:     "/home/user",
		Environ: []string{"HOME=/home/user", "PATH=/usr/bin:/bin", "PWD=/home/user", "TMPDIR=/tmp", "USER=user", "LANG=C.UTF-8"},
		Width:   80,
	}
	status := run(context.Background(), inv)
	return out.String(), errb.String(), status, fsys
}

func describe(fsys *memfs.FS, p string) string {
	fi, err := fsys.Lstat(p)
	if err != nil {
		return "<none>"
	}
	perm := fmt.Sprintf("0o%o", permBits(fi.Mode()))
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		target, _ := fsys.Readlink(p)
		return "->" + target
	case fi.IsDir():
		return "<dir>" + perm
	}
	data, _ := fsys.ReadFile(p)
	return string(data) + "|" + perm
}

func TestLs(t *testing.T)       { runTable(t, lsCases) }
func TestCp(t *testing.T)       { runTable(t, cpCases) }
func TestMv(t *testing.T)       { runTable(t, mvCases) }
func TestRm(t *testing.T)       { runTable(t, rmCases) }
func TestMkdir(t *testing.T)    { runTable(t, mkdirCases) }
func TestRmdir(t *testing.T)    { runTable(t, rmdirCases) }
func TestTouch(t *testing.T)    { runTable(t, touchCases) }
func TestChmod(t *testing.T)    { runTable(t, chmodCases) }
func TestLn(t *testing.T)       { runTable(t, lnCases) }
func TestReadlink(t *testing.T) { runTable(t, readlinkCases) }
func TestRealpath(t *testing.T) { runTable(t, realpathCases) }
func TestStat(t *testing.T)     { runTable(t, statCases) }
func TestTruncate(t *testing.T) { runTable(t, truncateCases) }
func TestDu(t *testing.T)       { runTable(t, duCases) }
func TestBasename(t *testing.T) { runTable(t, basenameCases) }
func TestDirname(t *testing.T)  { runTable(t, dirnameCases) }
func TestMktemp(t *testing.T)   { runTable(t, mktempCases) }
