package command

import (
	"context"
	"errors"
	"io"
	"strings"
	"syscall"
	"testing"

	"memsh/memfs"
)

func newInputInv(t *testing.T, stdin string) *Invocation {
	t.Helper()
	fsys := memfs.New(memfs.Options{})
	if err := fsys.MkdirAll("/home/user/dir", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := fsys.WriteFile("/home/user/f", []byte("file\x00\xff"), 0o644); err != nil {
		t.Fatal(err)
	}
	return &Invocation{
		Args:  []string{"t"},
		Stdio: Stdio{Stdin: strings.NewReader(stdin), Stdout: io.Discard, Stderr: io.Discard},
		FS:    fsys,
		Dir:   "/home/user",
	}
}

func readAll(t *testing.T, open func(context.Context, string) (io.ReadCloser, error), name string) (string, error) {
	t.Helper()
	r, err := open(context.Background(), name)
	if err != nil {
		return "", err
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	return string(b), err
}

func TestOpenInput(t *testing.T) {
	for _, name := range []string{"-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"} {
		inv := newInputInv(t, "in\n")
		got, err := readAll(t, inv.OpenInput, name)
		if err != nil || got != "in\n" {
			t.Errorf("OpenInput(%q) = %q, %v; want stdin", name, got, err)
		}
	}
	inv := newInputInv(t, "")
	if got, err := readAll(t, inv.OpenInput, "f"); err != nil || got != "file\x00\xff" {
		t.Errorf("OpenInput(f) = %q, %v", got, err)
	}
	_, err := readAll(t, inv.OpenInput, "dir")
	if !errors.Is(err, syscall.EISDIR) {
		t.Errorf("OpenInput(dir) read error = %v, want EISDIR", err)
	}
	if _, err := inv.OpenInput(context.Background(), "nope"); !errors.Is(err, syscall.ENOENT) {
		t.Errorf("OpenInput(nope) = %v, want ENOENT", err)
	}
}

func TestOpenOperandStdinPath(t *testing.T) {
	inv := newInputInv(t, "in\n")
	if got, err := readAll(t, inv.OpenOperand, "-"); err != nil || got != "in\n" {
		t.Errorf("OpenOperand(-) = %q, %v", got, err)
	}
	// Only "-" is stdin here: /dev/stdin is a memfs path, absent in a
	// bare filesystem.
	if _, err := inv.OpenOperand(context.Background(), "/dev/stdin"); err == nil {
		t.Errorf("OpenOperand(/dev/stdin) opened stdin, want a memfs lookup")
	}
}

func TestStdFD(t *testing.T) {
	inv := newInputInv(t, "")
	for name, want := range map[string]int{"/dev/stdin": 0, "/dev/fd/1": 1, "/proc/self/fd/2": 2, "/dev/null": -1, "-": -1} {
		if got := inv.StdFD(name); got != want {
			t.Errorf("StdFD(%q) = %d, want %d", name, got, want)
		}
	}
	inv.Dir = "/dev"
	if got := inv.StdFD("stdout"); got != 1 {
		t.Errorf("StdFD(stdout) in /dev = %d, want 1", got)
	}
}

func TestContextReaderWriter(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := ContextReader(ctx, strings.NewReader("abc"))
	w := ContextWriter(ctx, io.Discard)
	p := make([]byte, 2)
	if n, err := r.Read(p); n != 2 || err != nil {
		t.Fatalf("Read before cancel = %d, %v", n, err)
	}
	if _, err := w.Write(p); err != nil {
		t.Fatalf("Write before cancel: %v", err)
	}
	cancel()
	if _, err := r.Read(p); !errors.Is(err, context.Canceled) {
		t.Errorf("Read after cancel = %v, want context.Canceled", err)
	}
	if _, err := w.Write(p); !errors.Is(err, context.Canceled) {
		t.Errorf("Write after cancel = %v, want context.Canceled", err)
	}
}

// failAfterCancel is a reader whose read fails with an I/O error once the
// context it watches is cancelled, as a pipe read interrupted on cancel.
type failAfterCancel struct{ cancel context.CancelFunc }

func (f failAfterCancel) Read([]byte) (int, error) {
	f.cancel()
	return 0, syscall.EIO
}

func TestContextReaderInterruptedRead(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := ContextReader(ctx, failAfterCancel{cancel})
	if _, err := r.Read(make([]byte, 1)); !errors.Is(err, context.Canceled) {
		t.Errorf("interrupted Read = %v, want context.Canceled", err)
	}
}
