package rg

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"memsh/memfs"
	"memsh/shell/command"
	"memsh/shell/internal/goldencases"
)

var record = flag.Bool("record", false, "rerun the cases with the host's ripgrep and rewrite testdata/ripgrep.json")

// tree is the files every case starts from, under /w (a git repository,
// so .gitignore counts).
var tree = map[string]string{
	".git/HEAD":       "ref: refs/heads/main\n",
	".gitignore":      "ignored.txt\nbuild/\n*.log\n!keep.log\n",
	".ignore":         "secret*\n",
	"a.txt":           "hello world\nfoo\nFoo bar\n",
	"d/b.c":           "int foo;\nint bar;\n",
	"d/sub/c.txt":     "foo bar\nbaz\n",
	"d/.rgignore":     "*.md\n",
	"d/notes.md":      "foo in markdown\n",
	".hid/h.txt":      "foo hidden\n",
	".x":              "foo dot\n",
	"bin.dat":         "foo\x00bin\n",
	"ignored.txt":     "foo ignored\n",
	"build/out.txt":   "foo built\n",
	"app.log":         "foo log\n",
	"keep.log":        "foo kept\n",
	"secret.txt":      "foo secret\n",
	"ctx.txt":         "one\ntwo\nthree foo\nfour\nfive\nsix\nseven foo\neight\nnine\nten\neleven foo\n",
	"main.go":         "package main\n\nfunc main() { foo() }\n",
	"script.py":       "def foo():\n    return 'FOO'\n",
	"noeol.txt":       "last foo",
	"words.txt":       "foobar\nfoo\nbarfoo bar\nfoo-bar\n",
	"caps.txt":        "Foo\nfoo\nFOO\n",
	"sub dir/s p.txt": "foo space\n",
}

// rgCase is one command line; pipe feeds Stdin through a pipe (else
// stdin is /dev/null), term runs under a terminal.
type rgCase struct {
	Name  string
	Args  []string
	Stdin string
	Pipe  bool
	Term  bool
	// Recorded from ripgrep 13.
	Stdout, Stderr string
	Status         int
}

// Key names the row for goldencases.
func (c rgCase) Key() (string, []string) { return c.Name, c.Args }

var cases = []rgCase{
	{Name: "plain", Args: []string{"foo"}},
	{Name: "status 1", Args: []string{"zzz"}},
	{Name: "-n", Args: []string{"-n", "foo"}},
	{Name: "explicit dot", Args: []string{"foo", "."}},
	{Name: "dir operand", Args: []string{"foo", "d"}},
	{Name: "dir operand slash", Args: []string{"foo", "d/"}},
	{Name: "one file", Args: []string{"foo", "a.txt"}},
	{Name: "one file -H", Args: []string{"-H", "foo", "a.txt"}},
	{Name: "two files", Args: []string{"o", "a.txt", "d/b.c"}},
	{Name: "-I", Args: []string{"-I", "foo", "a.txt", "d"}},
	{Name: "-i", Args: []string{"-i", "foo", "caps.txt"}},
	{Name: "-S lower", Args: []string{"-S", "foo", "caps.txt"}},
	{Name: "-S upper", Args: []string{"-S", "Foo", "caps.txt"}},
	{Name: "-i then -s", Args: []string{"-i", "-s", "foo", "caps.txt"}},
	{Name: "-w", Args: []string{"-w", "foo", "words.txt"}},
	{Name: "-x", Args: []string{"-x", "foo", "words.txt"}},
	{Name: "-v", Args: []string{"-v", "foo", "words.txt"}},
	{Name: "-c", Args: []string{"-c", "foo"}},
	{Name: "-c one file", Args: []string{"-c", "o", "a.txt"}},
	{Name: "--count-matches", Args: []string{"--count-matches", "o", "a.txt"}},
	{Name: "-l", Args: []string{"-l", "foo"}},
	{Name: "--files-without-match", Args: []string{"--files-without-match", "foo"}},
	{Name: "-o", Args: []string{"-o", "-n", "o+", "a.txt"}},
	{Name: "-F", Args: []string{"-F", "f()", "."}},
	{Name: "-F regexp chars", Args: []string{"-F", "foo(", "main.go"}},
	{Name: "-e twice", Args: []string{"-e", "hello", "-e", "bar", "a.txt"}},
	{Name: "-e dash", Args: []string{"-e", "-bar", "words.txt"}},
	{Name: "-A", Args: []string{"-A1", "foo", "ctx.txt"}},
	{Name: "-B", Args: []string{"-B", "2", "foo", "ctx.txt"}},
	{Name: "-C", Args: []string{"-C1", "-n", "foo", "ctx.txt"}},
	{Name: "-C across files", Args: []string{"-C1", "foo", "ctx.txt", "a.txt"}},
	{Name: "-m", Args: []string{"-m1", "foo", "ctx.txt"}},
	{Name: "-g", Args: []string{"-g", "*.txt", "foo"}},
	{Name: "-g negated", Args: []string{"-g", "!*.txt", "foo"}},
	{Name: "-t", Args: []string{"-t", "py", "foo"}},
	{Name: "-t two", Args: []string{"-tgo", "-t", "c", "foo"}},
	{Name: "-T", Args: []string{"-T", "txt", "foo"}},
	{Name: "-t unknown", Args: []string{"-t", "nosuch", "foo"}},
	{Name: "--hidden", Args: []string{"--hidden", "foo"}},
	{Name: "--no-ignore", Args: []string{"--no-ignore", "foo"}},
	{Name: "-u", Args: []string{"-u", "foo"}},
	{Name: "-uu", Args: []string{"-uu", "foo"}},
	{Name: "-uuu", Args: []string{"-uuu", "foo"}},
	{Name: "binary explicit", Args: []string{"foo", "bin.dat"}},
	{Name: "binary explicit two", Args: []string{"foo", "bin.dat", "a.txt"}},
	{Name: "binary -a", Args: []string{"-a", "bin", "bin.dat"}},
	{Name: "missing", Args: []string{"foo", "nope"}},
	{Name: "missing and match", Args: []string{"foo", "a.txt", "nope"}},
	{Name: "bad regex", Args: []string{"foo("}},
	{Name: "no pattern", Args: []string{}},
	{Name: "unknown flag", Args: []string{"--frobnicate", "foo"}},
	{Name: "--files", Args: []string{"--files"}},
	{Name: "--files dir", Args: []string{"--files", "d"}},
	{Name: "-r", Args: []string{"-r", "[$0]", "fo(o)", "a.txt"}},
	{Name: "-r group", Args: []string{"-r", "<$1>", "f(o+)", "a.txt"}},
	{Name: "--column", Args: []string{"--column", "o", "a.txt"}},
	{Name: "-q", Args: []string{"-q", "foo"}},
	{Name: "-q none", Args: []string{"-q", "zzz"}},
	{Name: "no eol", Args: []string{"foo", "noeol.txt"}},
	{Name: "space in name", Args: []string{"space"}},
	{Name: "stdin", Args: []string{"b"}, Stdin: "abc\nxyz\nbcd\n", Pipe: true},
	{Name: "stdin -n", Args: []string{"-n", "b"}, Stdin: "abc\nxyz\nbcd\n", Pipe: true},
	{Name: "stdin dash and file", Args: []string{"b", "-", "d/b.c"}, Stdin: "abc\n", Pipe: true},
	{Name: "--json", Args: []string{"--json", "o", "a.txt", "d/b.c"}},
	{Name: "--json context", Args: []string{"--json", "-C1", "seven", "ctx.txt"}},
	{Name: "--type-list", Args: []string{"--type-list"}},
	{Name: "--max-depth", Args: []string{"--max-depth", "1", "foo"}},
	{Name: "--null -l", Args: []string{"-0", "-l", "bar", "d"}},
	{Name: "terminal", Args: []string{"foo"}, Term: true},
	{Name: "terminal context", Args: []string{"-C1", "foo", "ctx.txt", "a.txt"}, Term: true},
	{Name: "terminal -c", Args: []string{"-c", "foo"}, Term: true},
	{Name: "terminal --no-heading", Args: []string{"--no-heading", "foo", "d"}, Term: true},
	{Name: "terminal no color", Args: []string{"--color=never", "foo", "d"}, Term: true},
	{Name: "--heading in pipe", Args: []string{"--heading", "foo", "d"}},
	{Name: "-w punctuation", Args: []string{"-w", "foo-bar", "words.txt"}},
	{Name: "-o -r", Args: []string{"-o", "-r", "X", "o", "a.txt"}},
	{Name: "-v -c", Args: []string{"-v", "-c", "foo", "words.txt", "caps.txt"}},
	{Name: "-l -v", Args: []string{"-l", "-v", "foo", "d"}},
	{Name: "-g dir glob", Args: []string{"-g", "d/**", "foo"}},
	{Name: "-A -B overlap", Args: []string{"-A2", "-B2", "-n", "foo", "ctx.txt"}},
	{Name: "--include-zero", Args: []string{"-c", "--include-zero", "bar", "d"}},
	{Name: "color always", Args: []string{"--color=always", "-n", "o", "a.txt", "d/b.c"}},
}

const goldenPath = "testdata/ripgrep.json"

// TestRipgrep replays the cases against memsh's rg and compares with
// what ripgrep 13 printed (`go test -run TestRipgrep -record` reruns
// them with the host's rg).
func TestRipgrep(t *testing.T) {
	if *record {
		recordCases(t)
		return
	}
	want := goldencases.Load(t, goldenPath, cases)
	for i, c := range cases {
		w := want[i]
		t.Run(c.Name, func(t *testing.T) {
			stdout, stderr, status := runMemsh(c)
			if stdout != w.Stdout || stderr != w.Stderr || status != w.Status {
				t.Errorf("rg %q\nstdout:\n%s\nwant:\n%s\nstderr:\n%s\nwant:\n%s\nstatus %d, want %d",
					c.Args, stdout, w.Stdout, stderr, w.Stderr, status, w.Status)
			}
		})
	}
}

func runMemsh(c rgCase) (string, string, int) {
	fsys := memfs.New(memfs.Options{})
	for p, content := range tree {
		abs := "/w/" + p
		if err := fsys.MkdirAll(abs[:strings.LastIndex(abs, "/")], 0o755); err != nil {
			panic(err)
		}
		if err := fsys.WriteFile(abs, []byte(content), fs.FileMode(0o644)); err != nil {
			panic(err)
		}
	}
	var out, errb bytes.Buffer
	inv := &command.Invocation{
		Args:        append([]string{"rg"}, c.Args...),
		Stdio:       command.Stdio{Stdin: strings.NewReader(c.Stdin), Stdout: &out, Stderr: &errb},
		FS:          fsys,
		Dir:         "/w",
		Environ:     []string{"HOME=/home/user", "TERM=xterm"},
		Width:       80,
		Term:        c.Term,
		StdinDevice: !c.Pipe,
	}
	status := Run(context.Background(), inv)
	return out.String(), errb.String(), status
}

// recordCases runs every case with the host's ripgrep in a temporary
// copy of tree, sorted by path (memsh's order; ripgrep's own is that of
// its threads), and writes the golden file.
func recordCases(t *testing.T) {
	rgPath, err := exec.LookPath("rg")
	if err != nil {
		t.Skip("ripgrep is not installed (apt-get install ripgrep): cannot record")
	}
	out, _ := exec.Command(rgPath, "--version").Output()
	if !strings.HasPrefix(string(out), "ripgrep 13.") {
		t.Skipf("recording wants ripgrep 13, the host has %q", strings.SplitN(string(out), "\n", 2)[0])
	}
	dir := t.TempDir()
	for p, content := range tree {
		abs := filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var got []rgCase
	for _, c := range cases {
		args := append([]string{"--sort", "path", "--no-config"}, c.Args...)
		var stdout, stderr bytes.Buffer
		var cmd *exec.Cmd
		if c.Term {
			// script(1) gives rg a terminal; it turns "\n" into "\r\n".
			line := rgPath
			for _, a := range args {
				line += " '" + strings.ReplaceAll(a, "'", `'\''`) + "'"
			}
			cmd = exec.Command("script", "-qec", line, "/dev/null")
			cmd.Env = append(os.Environ(), "TERM=xterm", "COLUMNS=80")
		} else {
			cmd = exec.Command(rgPath, args...)
			cmd.Env = append(os.Environ(), "TERM=xterm")
		}
		cmd.Dir = dir
		if c.Pipe {
			cmd.Stdin = strings.NewReader(c.Stdin)
		}
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		status := 0
		if ee, ok := err.(*exec.ExitError); ok {
			status = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		c.Stdout, c.Stderr, c.Status = stdout.String(), stderr.String(), status
		if c.Term {
			c.Stdout = strings.ReplaceAll(c.Stdout, "\r\n", "\n")
		}
		c.Stdout = elapsedRe.ReplaceAllString(c.Stdout, `$1"secs":0,"nanos":0,"human":"0.000000s"}`)
		c.Stdout = elapsedSortedRe.ReplaceAllString(c.Stdout, `$1"human":"0.000000s","nanos":0,"secs":0}`)
		got = append(got, c)
	}
	data, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll("testdata", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(goldenPath, append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// ripgrep's timings, zeroed as memsh prints them.
var (
	elapsedRe       = regexp.MustCompile(`("elapsed":\{)"secs":\d+,"nanos":\d+,"human":"[0-9.]+s"\}`)
	elapsedSortedRe = regexp.MustCompile(`("elapsed(?:_total)?":\{)"human":"[0-9.]+s","nanos":\d+,"secs":\d+\}`)
)
