package sed

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"testing"
	"time"

	"memsh/memfs"
	"memsh/shell/command"
)

func TestInPlaceAndWriteFiles(t *testing.T) {
	for _, c := range []struct {
		name  string
		files map[string]string
		args  []string
		check map[string]string // path -> content after
		out   string
	}{
		// Expected contents from GNU sed 4.9.
		{"-i", map[string]string{"/home/user/a": "x\ny\n"}, []string{"sed", "-i", "s/x/X/", "a"},
			map[string]string{"/home/user/a": "X\ny\n"}, ""},
		{"-i.bak", map[string]string{"/home/user/a": "x\n"}, []string{"sed", "-i.bak", "s/x/X/", "a"},
			map[string]string{"/home/user/a": "X\n", "/home/user/a.bak": "x\n"}, ""},
		{"--in-place=bak/*.orig", map[string]string{"/home/user/a": "x\n", "/home/user/bak/": ""}, []string{"sed", "--in-place=bak/*.orig", "s/x/X/", "a"},
			map[string]string{"/home/user/a": "X\n", "/home/user/bak/a.orig": "x\n"}, ""},
		{"-i separate $", map[string]string{"/home/user/a": "1\n2\n", "/home/user/b": "3\n4\n"}, []string{"sed", "-i", "$s/$/ last/", "a", "b"},
			map[string]string{"/home/user/a": "1\n2 last\n", "/home/user/b": "3\n4 last\n"}, ""},
		{"-n -i p", map[string]string{"/home/user/a": "1\n2\n"}, []string{"sed", "-ni", "2p", "a"},
			map[string]string{"/home/user/a": "2\n"}, ""},
		{"-i w /dev/stdout", map[string]string{"/home/user/a": "1\n2\n"}, []string{"sed", "-i", "1w /dev/stdout", "a"},
			map[string]string{"/home/user/a": "1\n2\n"}, "1\n"},
		{"w file", map[string]string{"/home/user/a": "1\n2\n3\n"}, []string{"sed", "-n", "/[13]/w out", "a"},
			map[string]string{"/home/user/out": "1\n3\n"}, ""},
		{"s w file", map[string]string{"/home/user/a": "1\n2\n"}, []string{"sed", "s/2/X/w out", "a"},
			map[string]string{"/home/user/out": "X\n"}, "1\nX\n"},
		{"w created when unused", map[string]string{"/home/user/a": "1\n"}, []string{"sed", "/z/w out", "a"},
			map[string]string{"/home/user/out": ""}, "1\n"},
		{"-f script", map[string]string{"/home/user/a": "1\n2\n", "/home/user/s.sed": "# comment\n2{\n  s/2/two/\n}\n"}, []string{"sed", "-f", "s.sed", "a"},
			nil, "1\ntwo\n"},
		{"-f and -e order", map[string]string{"/home/user/a": "x\n", "/home/user/s.sed": "s/y/z/\n"}, []string{"sed", "-e", "s/x/y/", "-f", "s.sed", "a"},
			nil, "z\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			stdout, stderr, status, fsys := command.Case{Files: c.files, Args: c.args}.Run(Run, nil)
			if status != 0 || stderr != "" || stdout != c.out {
				t.Fatalf("status %d, stderr %q, stdout %q (want %q)", status, stderr, stdout, c.out)
			}
			for p, want := range c.check {
				got, err := fsys.ReadFile(p)
				if err != nil || string(got) != want {
					t.Errorf("%s: %q %v, want %q", p, got, err, want)
				}
			}
		})
	}
}

func TestInPlaceErrors(t *testing.T) {
	for _, c := range []command.Case{
		// From GNU sed 4.9.
		{Name: "no files", Args: []string{"sed", "-i", "p"}, Stderr: "sed: no input files\n", Status: 4},
		{Name: "missing", Args: []string{"sed", "-i", "p", "nope"}, Stderr: "sed: can't read nope: No such file or directory\n", Status: 2},
		{Name: "directory", Files: map[string]string{"/home/user/d/": ""}, Args: []string{"sed", "-i", "p", "d"}, Stderr: "sed: couldn't edit d: not a regular file\n", Status: 4},
	} {
		stdout, stderr, status, _ := c.Run(Run, nil)
		if stdout != c.Stdout || stderr != c.Stderr || status != c.Status {
			t.Errorf("%s: %q %q %d, want %q %q %d", c.Name, stdout, stderr, status, c.Stdout, c.Stderr, c.Status)
		}
	}
}

type endless struct{ line []byte }

func (e endless) Read(p []byte) (int, error) {
	n := 0
	for n+len(e.line) <= len(p) {
		n += copy(p[n:], e.line)
	}
	return n, nil
}

func run(ctx context.Context, stdin io.Reader, args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	inv := &command.Invocation{
		Args:  append([]string{"sed"}, args...),
		Stdio: command.Stdio{Stdin: stdin, Stdout: &out, Stderr: &errb},
		FS:    memfs.New(memfs.Options{}),
		Dir:   "/",
	}
	status := Run(ctx, inv)
	return out.String(), errb.String(), status
}

func TestEndlessInput(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if out, _, st := run(ctx, endless{[]byte("y\n")}, "2q"); out != "y\ny\n" || st != 0 {
		t.Errorf("sed 2q: %q %d", out, st)
	}
	if out, _, st := run(ctx, endless{[]byte("y\n")}, "-n", "3{p;q}"); out != "y\n" || st != 0 {
		t.Errorf("sed -n '3{p;q}': %q %d", out, st)
	}
}

// TestEndlessLine: a line longer than command.MaxHeld (`sed p
// /dev/zero`) stops sed with a message naming the limit.
func TestEndlessLine(t *testing.T) {
	saved := command.MaxHeld
	command.MaxHeld = 1 << 17
	defer func() { command.MaxHeld = saved }()
	out, errs, st := run(context.Background(), endless{[]byte("y")}, "p")
	if out != "" || errs != "sed: can't read -: input exceeds the in-memory limit of 0 MiB\n" || st != 2 {
		t.Errorf("sed p on an endless line: %q %q %d", out, errs, st)
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(50 * time.Millisecond)
		cancel()
	}()
	if _, errs, st := run(ctx, endless{[]byte("n\n")}, "-n", "/y/p"); st != 130 || errs != "" {
		t.Errorf("cancelled sed: status %d, stderr %q", st, errs)
	}
}

func TestBytesSurvive(t *testing.T) {
	in := "a\x00b\xff\n\xfe\n"
	if out, _, st := run(context.Background(), strings.NewReader(in), "s/b/B/"); out != "a\x00B\xff\n\xfe\n" || st != 0 {
		t.Errorf("%q %d", out, st)
	}
}

func BenchmarkSed(b *testing.B) {
	var text bytes.Buffer
	for text.Len() < 16<<20 {
		text.WriteString("the quick brown fox jumps over the lazy dog 0123456789 line\n")
	}
	data := text.Bytes()
	for _, bc := range []struct {
		name string
		args []string
	}{
		{"print", []string{"p"}},
		{"subst", []string{"s/o/0/"}},
		{"subst-g", []string{"s/o/0/g"}},
		{"backref", []string{`s/\(o\)\(.\)/\2\1/g`}},
		{"delete-range", []string{"/fox/,/dog/d"}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				run(context.Background(), bytes.NewReader(data), bc.args...)
			}
		})
	}
}

// TestExecute checks that e and s///e hand the command to the shell's
// sh -c and use what it prints (the shell itself is tested elsewhere).
func TestExecute(t *testing.T) {
	fakeShell := func(ctx context.Context, argv, env []string, stdio command.Stdio) int {
		if len(argv) != 3 || argv[0] != "sh" || argv[1] != "-c" {
			t.Errorf("argv %q", argv)
			return 127
		}
		io.WriteString(stdio.Stdout, "ran["+argv[2]+"]\n")
		return 0
	}
	for _, c := range []command.Case{
		{Args: []string{"sed", "e"}, Stdin: "echo hi\n", Stdout: "ran[echo hi]\n"},
		{Args: []string{"sed", "1e date"}, Stdin: "a\nb\n", Stdout: "ran[date]\na\nb\n"},
		{Args: []string{"sed", "s/.*/cmd &/e"}, Stdin: "x\n", Stdout: "ran[cmd x]\n"},
		{Args: []string{"sed", "s/y/z/e"}, Stdin: "x\n", Stdout: "x\n"},
	} {
		stdout, stderr, status, _ := c.Run(Run, fakeShell)
		if stdout != c.Stdout || stderr != "" || status != 0 {
			t.Errorf("%v: %q %q %d, want %q", c.Args, stdout, stderr, status, c.Stdout)
		}
	}
}

func TestCancelEndlessScript(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(50 * time.Millisecond)
		cancel()
	}()
	if _, errs, st := run(ctx, strings.NewReader("x\n"), ":a;s/x/x/;ta"); st != 130 || errs != "" {
		t.Errorf("cancelled loop: status %d, stderr %q", st, errs)
	}
}

// FuzzScript: any script either fails to compile with a message or runs
// over a small input without panicking.
func FuzzScript(f *testing.F) {
	for _, s := range []string{"s/a/b/g", "1!G;h;$!d", "$!N;P;D", "/x/,/y/{s/./&&/2;p}", "y/ab/ba/;l 3", "a\\\nfoo", "0,/a/d;=", "s/\\(a\\)\\|b/\\U\\1/gw /dev/stdout"} {
		f.Add(s, "abc\nxay\n\nb")
	}
	f.Fuzz(func(t *testing.T, script, input string) {
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		defer cancel()
		// A script that ignores cancellation would hang the fuzzer: name it.
		watchdog := time.AfterFunc(time.Minute, func() { panic(fmt.Sprintf("hung on %q %q", script, input)) })
		defer watchdog.Stop()
		run(ctx, strings.NewReader(input), "-n", "--", script)
	})
}

func TestSandbox(t *testing.T) {
	// From GNU sed 4.9.
	for script, char := range map[string]int{"r x": 1, "s/a/b/w x": 7, "e ls": 1, "s/a/b/e": 7, "1w x": 2} {
		c := command.Case{Args: []string{"sed", "--sandbox", script}, Stdin: "a\n",
			Stderr: fmt.Sprintf("sed: -e expression #1, char %d: e/r/w commands disabled in sandbox mode\n", char), Status: 1}
		stdout, stderr, status, _ := c.Run(Run, nil)
		if stdout != "" || stderr != c.Stderr || status != 1 {
			t.Errorf("%q: %q %q %d, want %q", script, stdout, stderr, status, c.Stderr)
		}
	}
}

func TestLongOptionAbbreviations(t *testing.T) {
	// From GNU sed 4.9.
	for _, c := range []command.Case{
		{Args: []string{"sed", "--expr=p"}, Stdin: "a\n", Stdout: "a\na\n"},
		{Args: []string{"sed", "--qu", "p"}, Stdin: "a\n", Stdout: "a\n"},
		{Args: []string{"sed", "--exp", "p"}, Stdin: "a\n", Stdout: "a\na\n"},
		{Args: []string{"sed", "--reg", "s/(a)/[\\1]/"}, Stdin: "a\n", Stdout: "[a]\n"},
		{Args: []string{"sed", "--zero", "s/^/>/"}, Stdin: "a\x00b\x00", Stdout: ">a\x00>b\x00"},
		{Args: []string{"sed", "--s", "p"}, Stdin: "a\n", Stderr: "sed: option '--s' is ambiguous; possibilities: '--silent' '--sandbox' '--separate'\n" + sedUsage, Status: 1},
		{Args: []string{"sed", "--posix=1", "p"}, Stdin: "a\n", Stderr: "sed: option '--posix' doesn't allow an argument\n" + sedUsage, Status: 1},
		{Args: []string{"sed", "--he=x", "p"}, Stdin: "a\n", Stderr: "sed: option '--help' doesn't allow an argument\n" + sedUsage, Status: 1},
		{Args: []string{"sed", "--f", "p"}, Stdin: "a\n", Stderr: "sed: option '--f' is ambiguous; possibilities: '--file' '--follow-symlinks'\n" + sedUsage, Status: 1},
	} {
		stdout, stderr, status, _ := c.Run(Run, nil)
		if stdout != c.Stdout || stderr != c.Stderr || status != c.Status {
			t.Errorf("%v: %q %q %d, want %q %q %d", c.Args, stdout, stderr, status, c.Stdout, c.Stderr, c.Status)
		}
	}
}

// TestInPlaceRenames checks what GNU sed 4.9's write-then-rename does to
// links: a symlink becomes a regular file (its target untouched) unless
// --follow-symlinks, a hard link keeps the old text, and a read-only
// file is still edited and keeps its mode.
func TestInPlaceRenames(t *testing.T) {
	setup := func(t *testing.T, args ...string) *memfs.FS {
		t.Helper()
		fsys := memfs.New(memfs.Options{})
		fsys.MkdirAll("/home/user", 0o755)
		fsys.WriteFile("/home/user/f", []byte("a\n"), 0o444)
		fsys.Symlink("f", "/home/user/l")
		fsys.Link("/home/user/f", "/home/user/h")
		var stderr bytes.Buffer
		inv := &command.Invocation{
			Args:  append([]string{"sed"}, args...),
			Stdio: command.Stdio{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &stderr},
			FS:    fsys, Dir: "/home/user",
		}
		if status := Run(context.Background(), inv); status != 0 || stderr.Len() > 0 {
			t.Fatalf("status %d, stderr %q", status, stderr.String())
		}
		return fsys
	}
	read := func(fsys *memfs.FS, p string) string {
		b, _ := fsys.ReadFile("/home/user/" + p)
		return string(b)
	}
	t.Run("symlink replaced", func(t *testing.T) {
		fsys := setup(t, "-i.bak", "s/a/b/", "l")
		if st, err := fsys.Lstat("/home/user/l"); err != nil || !st.Mode().IsRegular() {
			t.Errorf("l is not a regular file: %v %v", st, err)
		}
		if st, err := fsys.Lstat("/home/user/l.bak"); err != nil || st.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("l.bak is not the old symlink: %v %v", st, err)
		}
		if read(fsys, "f") != "a\n" || read(fsys, "l") != "b\n" {
			t.Errorf("f %q, l %q", read(fsys, "f"), read(fsys, "l"))
		}
	})
	t.Run("--follow-symlinks", func(t *testing.T) {
		fsys := setup(t, "-i", "--follow-symlinks", "s/a/b/", "l")
		if st, err := fsys.Lstat("/home/user/l"); err != nil || st.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("l is no longer a symlink: %v %v", st, err)
		}
		if read(fsys, "f") != "b\n" || read(fsys, "h") != "a\n" {
			t.Errorf("f %q, h %q", read(fsys, "f"), read(fsys, "h"))
		}
		if st, _ := fsys.Stat("/home/user/f"); st.Mode().Perm() != 0o444 {
			t.Errorf("mode %v, want 0444", st.Mode())
		}
	})
}

// TestErrorBeforeBufferedOutput: with stdout and stderr on one pipe, GNU
// sed's fully buffered output comes after a missing file's message.
func TestErrorBeforeBufferedOutput(t *testing.T) {
	fsys := memfs.New(memfs.Options{})
	fsys.MkdirAll("/home/user", 0o755)
	fsys.WriteFile("/home/user/f", []byte("a\n"), 0o644)
	var both bytes.Buffer
	inv := &command.Invocation{
		Args:  []string{"sed", "p", "f", "missing", "f"},
		Stdio: command.Stdio{Stdin: strings.NewReader(""), Stdout: &both, Stderr: &both},
		FS:    fsys, Dir: "/home/user",
	}
	status := Run(context.Background(), inv)
	want := "sed: can't read missing: No such file or directory\na\na\na\na\n"
	if status != 2 || both.String() != want {
		t.Errorf("status %d, output %q, want 2 %q", status, both.String(), want)
	}
}
