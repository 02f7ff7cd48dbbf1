package grep

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"memsh/memfs"
	"memsh/shell/command"
)

// endless repeats its line forever, like `yes`.
type endless struct{ line []byte }

func (e endless) Read(p []byte) (int, error) {
	n := 0
	for n+len(e.line) <= len(p) {
		n += copy(p[n:], e.line)
	}
	if n == 0 {
		n = copy(p, e.line)
	}
	return n, nil
}

func runOn(ctx context.Context, stdin io.Reader, args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	inv := &command.Invocation{
		Args:  append([]string{"grep"}, args...),
		Stdio: command.Stdio{Stdin: stdin, Stdout: &out, Stderr: &errb},
		FS:    memfs.New(memfs.Options{}),
		Dir:   "/",
	}
	status := Run(ctx, inv)
	return out.String(), errb.String(), status
}

func TestEndlessInput(t *testing.T) {
	// The deadline only keeps a broken grep from hanging the test run.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if out, _, st := runOn(ctx, endless{[]byte("y\n")}, "-m1", "y"); out != "y\n" || st != 0 {
		t.Errorf("grep -m1 y: %q %d", out, st)
	}
	if out, _, st := runOn(ctx, endless{[]byte("y\n")}, "-q", "y"); out != "" || st != 0 {
		t.Errorf("grep -q y: %q %d", out, st)
	}
	if out, _, st := runOn(ctx, endless{[]byte("y\n")}, "-l", "y"); out != "(standard input)\n" || st != 0 {
		t.Errorf("grep -l y: %q %d", out, st)
	}
	if out, _, st := runOn(ctx, endless{[]byte("y\n")}, "-m2", "-c", "y"); out != "2\n" || st != 0 {
		t.Errorf("grep -m2 -c y: %q %d", out, st)
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(50 * time.Millisecond)
		cancel()
	}()
	if _, errs, st := runOn(ctx, endless{[]byte("n\n")}, "y"); st != 130 || errs != "" {
		t.Errorf("cancelled grep: status %d, stderr %q", st, errs)
	}
}

// slowPipe hands out one line per read, as an interactive pipe does, and
// records what grep had written before each read.
type slowPipe struct {
	lines []string
	out   *bytes.Buffer
	seen  []string
}

func (s *slowPipe) Read(p []byte) (int, error) {
	s.seen = append(s.seen, s.out.String())
	if len(s.lines) == 0 {
		return 0, io.EOF
	}
	n := copy(p, s.lines[0])
	s.lines = s.lines[1:]
	return n, nil
}

func TestFlushesWhenInputIdle(t *testing.T) {
	var out bytes.Buffer
	pipe := &slowPipe{lines: []string{"a1\n", "b\n", "a2\n"}, out: &out}
	inv := &command.Invocation{
		Args:  []string{"grep", "a"},
		Stdio: command.Stdio{Stdin: pipe, Stdout: &out, Stderr: io.Discard},
		FS:    memfs.New(memfs.Options{}),
		Dir:   "/",
	}
	Run(context.Background(), inv)
	// Before the third read, the first match must already be out.
	if len(pipe.seen) < 3 || pipe.seen[2] != "a1\n" {
		t.Errorf("output before each read: %q", pipe.seen)
	}
}

func TestLongLineAndNUL(t *testing.T) {
	long := strings.Repeat("x", 1<<20) + "needle" + strings.Repeat("x", 1<<20) + "\n"
	if out, _, st := runOn(context.Background(), strings.NewReader("a\n"+long+"b\n"), "-c", "needle"); out != "1\n" || st != 0 {
		t.Errorf("long line: %q %d", out, st)
	}
	if out, _, st := runOn(context.Background(), strings.NewReader("a\x00\xffb\n"), "-a", "b"); out != "a\x00\xffb\n" || st != 0 {
		t.Errorf("-a keeps bytes: %q %d", out, st)
	}
}

func BenchmarkGrep(b *testing.B) {
	var text bytes.Buffer
	for i := 0; text.Len() < 16<<20; i++ {
		text.WriteString("the quick brown fox jumps over the lazy dog 0123456789 line\n")
		if i%1000 == 0 {
			text.WriteString("a rare needle in the haystack\n")
		}
	}
	data := text.Bytes()
	for _, bc := range []struct {
		name string
		args []string
	}{
		{"literal", []string{"-c", "needle"}},
		{"regex", []string{"-c", "n[aeiou]*dle"}},
		{"ignorecase", []string{"-ci", "NEEDLE"}},
		{"invert", []string{"-vc", "fox"}},
		{"word", []string{"-cw", "needle"}},
		{"backref", []string{"-c", `\(e\)\1`}},
		{"print", []string{"o"}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				runOn(context.Background(), bytes.NewReader(data), bc.args...)
			}
		})
	}
}

func TestSymlinkLoops(t *testing.T) {
	fsys := memfs.New(memfs.Options{})
	for _, err := range []error{
		fsys.MkdirAll("/d/sub", 0o755),
		fsys.WriteFile("/d/sub/f", []byte("foo\n"), 0o644),
		fsys.Symlink("..", "/d/sub/up"),
		fsys.Symlink("nowhere", "/d/dangling"),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		args           []string
		stdout, stderr string
		status         int
	}{
		// From GNU grep 3.8 over the same tree.
		{[]string{"-R", "foo", "d"}, "d/sub/f:foo\n", "grep: d/dangling: No such file or directory\ngrep: d/sub/up: warning: recursive directory loop\n", 2},
		{[]string{"-r", "foo", "d"}, "d/sub/f:foo\n", "", 0},
		{[]string{"-r", "foo", "d/dangling"}, "", "grep: d/dangling: No such file or directory\n", 2},
	} {
		var out, errb bytes.Buffer
		inv := &command.Invocation{Args: append([]string{"grep"}, c.args...), FS: fsys, Dir: "/",
			Stdio: command.Stdio{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}}
		st := Run(context.Background(), inv)
		if out.String() != c.stdout || errb.String() != c.stderr || st != c.status {
			t.Errorf("grep %v: %q %q %d, want %q %q %d", c.args, out.String(), errb.String(), st, c.stdout, c.stderr, c.status)
		}
	}
}

func TestHugeContext(t *testing.T) {
	in := "a\nb\nc\nd\ne\n"
	if out, _, st := runOn(context.Background(), strings.NewReader(in), "-B", "999999999", "-A", "999999999", "c"); out != in || st != 0 {
		t.Errorf("huge context: %q %d", out, st)
	}
	var long strings.Builder
	for i := 0; i < 100; i++ {
		fmt.Fprintf(&long, "%d\n", i)
	}
	want := long.String()[strings.Index(long.String(), "\n60\n")+1 : strings.Index(long.String(), "\n81\n")+1]
	if out, _, _ := runOn(context.Background(), strings.NewReader(long.String()), "-B", "20", "^80$"); out != want {
		t.Errorf("-B 20 over a growing ring: %q, want %q", out, want)
	}
}

func TestInputIsOutput(t *testing.T) {
	fsys := memfs.New(memfs.Options{})
	if err := fsys.WriteFile("/a", []byte("foo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := fsys.Create("/out")
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	inv := &command.Invocation{Args: []string{"grep", "-r", "foo", "."}, FS: fsys, Dir: "/",
		Stdio: command.Stdio{Stdin: strings.NewReader(""), Stdout: out, Stderr: &errb}}
	st := Run(context.Background(), inv)
	out.Close()
	got, _ := fsys.ReadFile("/out")
	// As GNU grep 3.8 does for `grep -r foo . > out`.
	if string(got) != "./a:foo\n" || errb.String() != "grep: ./out: input file is also the output\n" || st != 2 {
		t.Errorf("%q %q %d", got, errb.String(), st)
	}
}
