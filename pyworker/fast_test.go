package pyworker

import (
	"bytes"
	"context"
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	fastOnce sync.Once
	fastRT   *Runtime
)

func fastRuntime() *Runtime {
	fastOnce.Do(func() { fastRT = New(Config{Fast: true}) })
	return fastRT
}

// runFast runs python in fast mode under ctx, failing the test instead of
// hanging when the guest cannot be stopped.
func runFast(t *testing.T, ctx context.Context, p Proc) int {
	t.Helper()
	done := make(chan int, 1)
	go func() { done <- fastRuntime().RunPython(ctx, p) }()
	select {
	case st := <-done:
		return st
	case <-time.After(3 * time.Minute):
		t.Fatalf("%q did not stop", p.Args)
		return -1
	}
}

func TestFastModeRuns(t *testing.T) {
	needPython(t)
	f := newFS(t)
	var out, errb bytes.Buffer
	st := runFast(t, context.Background(), Proc{
		Args: []string{"python3", "-c", `
import sys
with open('/tmp/f', 'wb', buffering=0) as w:
    for i in range(1024):
        w.write(b'x' * 1024)
print(len(open('/tmp/f', 'rb').read()), sys.stdin.read())
sys.exit(3)`},
		Stdin: strings.NewReader("in"), Stdout: &out, Stderr: &errb, FS: f, Dir: "/",
	})
	if st != 3 || out.String() != "1048576 in\n" || errb.String() != "" {
		t.Errorf("status %d stdout %q stderr %q", st, out.String(), errb.String())
	}
}

// A guest compiled without termination checks must still stop: a busy
// loop, in Python or in C, at its stop checks (stopcheck.go), a blocked
// read and a sleep at their WASI calls. Each loop says "ready" first.
func TestFastModeStopsBusyLoop(t *testing.T) {
	needPython(t)
	f := newFS(t)
	for _, src := range []string{
		"while True: pass",
		"x = []\nwhile True: x.append(1)",
		"def f(n): return n if n < 2 else f(n-1) + f(n-2)\nwhile True: f(20)",
		"sum(range(10**15))",
	} {
		ctx, cancel := context.WithCancel(context.Background())
		var out, errb syncBuf
		done := make(chan int, 1)
		go func() {
			done <- fastRuntime().RunPython(ctx, Proc{Args: []string{"python3", "-c", "print('ready', flush=True)\n" + src}, Stdout: &out, Stderr: &errb, FS: f, Dir: "/"})
		}()
		waitFor(t, "ready", func() bool { return out.String() == "ready\n" })
		cancel()
		select {
		case st := <-done:
			if st != 130 || errb.String() != "" {
				t.Errorf("%q cancelled: status %d stderr %q, want 130 and nothing", src, st, errb.String())
			}
		case <-time.After(3 * time.Minute):
			t.Fatalf("%q did not stop", src)
		}
	}
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if st := runFast(t, ctx, Proc{Args: []string{"python3", "-c", "import sys; sys.stdin.read()"}, Stdin: pr, FS: f, Dir: "/"}); st != 124 {
		t.Errorf("deadline while reading stdin: status %d, want 124", st)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if st := runFast(t, ctx, Proc{Args: []string{"python3", "-c", "import time; time.sleep(60)"}, FS: f, Dir: "/"}); st != 124 {
		t.Errorf("deadline while sleeping: status %d, want 124", st)
	}
	// The runtime survives.
	var out bytes.Buffer
	if st := runFast(t, context.Background(), Proc{Args: []string{"python3", "-c", "print('ok')"}, Stdout: &out, FS: f, Dir: "/"}); st != 0 || out.String() != "ok\n" {
		t.Errorf("after cancel: status %d stdout %q", st, out.String())
	}
}

// Several busy guests at once, as many as there are CPUs and more, still
// stop on their deadlines.
func TestFastModeStopsConcurrentBusyLoops(t *testing.T) {
	needPython(t)
	f := newFS(t)
	n := runtime.NumCPU() + 1
	sts := make(chan int, n)
	for range n {
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
			defer cancel()
			sts <- fastRuntime().RunPython(ctx, Proc{Args: []string{"python3", "-c", "while True: pass"}, FS: f, Dir: "/"})
		}()
	}
	for range n {
		select {
		case st := <-sts:
			if st != 124 {
				t.Errorf("status %d, want 124", st)
			}
		case <-time.After(3 * time.Minute):
			t.Fatal("concurrent busy guests did not stop")
		}
	}
}
