package textutil

import (
	"bytes"
	"context"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"memsh/memfs"
	"memsh/shell/command"
)

// countWriter counts bytes and keeps nothing, so a test can push more
// data through a command than it would want to hold.
type countWriter struct{ n int64 }

func (c *countWriter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }

// endless yields "y\n" forever, like `yes`.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = "y\n"[i%2]
	}
	return len(p), nil
}

func newInv(args []string, stdin io.Reader, stdout io.Writer) (*command.Invocation, *memfs.FS) {
	fsys := memfs.New(memfs.Options{})
	fsys.MkdirAll("/home/user", 0o755)
	return &command.Invocation{
		Args:  args,
		Stdio: command.Stdio{Stdin: stdin, Stdout: stdout, Stderr: io.Discard},
		FS:    fsys,
		Dir:   "/home/user",
	}, fsys
}

func TestHeadDevZeroStreams(t *testing.T) {
	var out countWriter
	inv, _ := newInv([]string{"head", "-c", "100000000", "/dev/zero"}, strings.NewReader(""), &out)
	if st := runHead(context.Background(), inv); st != 0 || out.n != 100000000 {
		t.Fatalf("status %d, %d bytes", st, out.n)
	}
}

func TestHeadStopsOnEndlessInput(t *testing.T) {
	var out bytes.Buffer
	inv, _ := newInv([]string{"head", "-n", "1"}, endless{}, &out)
	if st := runHead(context.Background(), inv); st != 0 || out.String() != "y\n" {
		t.Fatalf("status %d, output %q", st, out.String())
	}
}

func TestTailLongStream(t *testing.T) {
	var in bytes.Buffer
	for i := range 200000 {
		in.WriteString(strconv.Itoa(i))
		in.WriteByte('\n')
	}
	var out bytes.Buffer
	inv, _ := newInv([]string{"tail", "-n", "3"}, &in, &out)
	if st := runTail(context.Background(), inv); st != 0 || out.String() != "199997\n199998\n199999\n" {
		t.Fatalf("status %d, output %q", st, out.String())
	}
}

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestTailFollow(t *testing.T) {
	var out syncBuffer
	inv, fsys := newInv([]string{"tail", "-f", "-s", "0.01", "log"}, strings.NewReader(""), &out)
	if err := fsys.WriteFile("/home/user/log", []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() { done <- runTail(ctx, inv) }()
	f, err := fsys.OpenFile("/home/user/log", os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("new\n"))
	f.Close()
	for deadline := time.Now().Add(10 * time.Second); out.String() != "old\nnew\n"; {
		if time.Now().After(deadline) {
			t.Fatalf("tail -f printed %q", out.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	if st := <-done; st != statusCancelled {
		t.Fatalf("status %d", st)
	}
}

// TestInteractiveEcho checks that line-oriented commands pass each line
// on as soon as it arrives, without waiting for more input or EOF.
func TestInteractiveEcho(t *testing.T) {
	for _, tc := range []struct {
		args []string
		run  command.Func
		want string
	}{
		{[]string{"cat"}, runCat, "hello\n"},
		{[]string{"cat", "-n"}, runCat, "     1\thello\n"},
		{[]string{"tr", "a-z", "A-Z"}, runTr, "HELLO\n"},
		{[]string{"cut", "-c", "1-2"}, runCut, "he\n"},
		{[]string{"head", "-n", "5"}, runHead, "hello\n"},
		{[]string{"tee"}, runTee, "hello\n"},
	} {
		t.Run(tc.args[0], func(t *testing.T) {
			pr, pw := io.Pipe()
			var out syncBuffer
			inv, _ := newInv(tc.args, pr, &out)
			done := make(chan int)
			go func() { done <- tc.run(context.Background(), inv) }()
			pw.Write([]byte("hello\n"))
			for deadline := time.Now().Add(10 * time.Second); out.String() != tc.want; {
				if time.Now().After(deadline) {
					t.Fatalf("after one line, output is %q", out.String())
				}
				time.Sleep(2 * time.Millisecond)
			}
			pw.Close()
			if st := <-done; st != 0 {
				t.Fatalf("status %d", st)
			}
		})
	}
}

func TestBase64RoundTrip(t *testing.T) {
	data := make([]byte, 1<<20+7)
	for i := range data {
		data[i] = byte(i*7 + i>>9)
	}
	var enc, dec bytes.Buffer
	inv, _ := newInv([]string{"base64"}, bytes.NewReader(data), &enc)
	if st := runBase64(context.Background(), inv); st != 0 {
		t.Fatalf("encode status %d", st)
	}
	inv, _ = newInv([]string{"base64", "-d"}, bytes.NewReader(enc.Bytes()), &dec)
	if st := runBase64(context.Background(), inv); st != 0 || !bytes.Equal(dec.Bytes(), data) {
		t.Fatalf("decode status %d, equal %v", st, bytes.Equal(dec.Bytes(), data))
	}
}

func TestCancelStopsCat(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	inv, _ := newInv([]string{"cat", "-n"}, endless{}, io.Discard)
	if st := runCat(ctx, inv); st != statusCancelled {
		t.Fatalf("status %d", st)
	}
}

func TestRegistryHelp(t *testing.T) {
	for _, c := range Commands() {
		if c.Summary == "" || !strings.HasPrefix(c.Help, "Usage: "+c.Name+" ") || c.Run == nil {
			t.Errorf("%s: incomplete registry entry", c.Name)
		}
	}
}

// zeros is an endless stream of NUL bytes (no newline ever).
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestHeldLimit: commands that must hold input fail with a message naming
// the limit instead of growing without bound.
func TestHeldLimit(t *testing.T) {
	saved := maxHeld
	maxHeld = 1 << 20
	defer func() { maxHeld = saved }()
	for _, tc := range []struct {
		args   []string
		run    command.Func
		in     io.Reader
		status int
		stderr string
	}{
		{[]string{"sort"}, runSort, endless{}, 2, "sort: read failed: -: input exceeds the in-memory limit of 1 MiB\n"},
		{[]string{"sort", "-c"}, runSort, zeros{}, 2, "sort: read failed: -: input exceeds the in-memory limit of 1 MiB\n"},
		{[]string{"tac"}, runTac, endless{}, 1, "tac: 'standard input': read error: input exceeds the in-memory limit of 1 MiB\n"},
		{[]string{"tail", "-n", "1"}, runTail, zeros{}, 1, "tail: error reading '-': input exceeds the in-memory limit of 1 MiB\n"},
		{[]string{"cut", "-c", "1"}, runCut, zeros{}, 1, "cut: -: input exceeds the in-memory limit of 1 MiB\n"},
		{[]string{"uniq"}, runUniq, zeros{}, 1, "uniq: error reading '-': input exceeds the in-memory limit of 1 MiB\n"},
	} {
		t.Run(tc.args[0], func(t *testing.T) {
			var stderr bytes.Buffer
			inv, _ := newInv(tc.args, tc.in, io.Discard)
			inv.Stderr = &stderr
			if st := tc.run(context.Background(), inv); st != tc.status || stderr.String() != tc.stderr {
				t.Fatalf("status %d, stderr %q", st, stderr.String())
			}
		})
	}
}
