package shell

import (
	"bytes"
	"context"
	"io"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// runCancelled runs script, cancels ctx once the script has started
// (it prints "started"), and returns the status. A hang fails the test
// after a generous guard (this is a hang check, not a timing assertion).
func runCancelled(t *testing.T, s *Session, script string, stdin io.Reader) (int, string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	started := make(chan struct{})
	out := &signalWriter{marker: "started", ch: started}
	var errb bytes.Buffer
	done := make(chan int, 1)
	go func() {
		st, err := s.Run(ctx, script, Stdio{Stdin: stdin, Stdout: out, Stderr: &errb})
		if err != nil {
			t.Errorf("Run: %v", err)
		}
		done <- st
	}()
	select {
	case <-started:
	case <-time.After(30 * time.Second):
		t.Fatalf("%q never started", script)
	}
	cancel()
	select {
	case st := <-done:
		return st, errb.String()
	case <-time.After(30 * time.Second):
		t.Fatalf("%q did not stop after cancel", script)
	}
	return 0, ""
}

// signalWriter closes ch the first time marker is written.
type signalWriter struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	marker string
	ch     chan struct{}
	once   sync.Once
}

func (w *signalWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	if strings.Contains(w.buf.String(), w.marker) {
		w.once.Do(func() { close(w.ch) })
	}
	return len(p), nil
}

func TestCancel(t *testing.T) {
	blocked, unblock := io.Pipe()
	defer unblock.Close()
	cases := []struct {
		name, script string
		stdin        io.Reader
	}{
		{"busy loop", "echo started; while :; do :; done", nil},
		{"function loop", "f() { while :; do x=1; done; }; echo started; f", nil},
		{"blocked read builtin", "echo started; read x; echo no", blocked},
		{"blocked read in a pipeline", "echo started; { read x; echo $x; } | { read y; echo $y; }", blocked},
		{"blocked command read", "echo started; cat", blocked},
		{"loop in a child shell", "echo started; bash -c 'while :; do :; done'", nil},
		{"loop in a command substitution", "echo started; x=$(while :; do :; done)", nil},
		{"sleep", "echo started; sleep 1000", nil},
		{"background job", "while :; do :; done & echo started; wait", nil},
		{"streaming pipeline", "echo started; yes | cat | cat > /dev/null", nil},
		{"sleep in a pipeline", "echo started; sleep 1000 | cat", nil},
		{"process substitution", "echo started; cat <(while :; do :; done)", nil},
	}
	s := newTestSession(t, Options{})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st, errs := runCancelled(t, s, c.script, c.stdin)
			if st != 130 || strings.Contains(errs, "context") {
				t.Errorf("status %d, want 130 (stderr %q)", st, errs)
			}
			// The session is still usable.
			out, _, st := run(t, s, "echo alive; cd /tmp; cd -", "")
			if out != "alive\n/home/user\n" || st != 0 {
				t.Errorf("after cancel: %q %d", out, st)
			}
		})
	}
}

func TestTimeout(t *testing.T) {
	s := newTestSession(t, Options{Timeout: 200 * time.Millisecond})
	out, errs, st := run(t, s, "echo before; while :; do :; done; echo after", "")
	if st != 124 || out != "before\n" || !strings.Contains(errs, "timed out") || !strings.Contains(errs, "timeout limit") {
		t.Errorf("got %q %q %d", out, errs, st)
	}
	out, _, st = run(t, s, "echo $?; echo next", "")
	if out != "124\nnext\n" || st != 0 {
		t.Errorf("after timeout: %q %d", out, st)
	}
}

func TestFuncNest(t *testing.T) {
	cases := []scriptCase{
		{name: "runaway recursion", script: "f() { f; }; f; echo no", stderr: "bash: f: maximum function nesting level exceeded (1000)\n", status: 1},
		{name: "FUNCNEST lowers it", script: "FUNCNEST=5; f() { echo $1; f $(($1+1)); }; f 1",
			stdout: "1\n2\n3\n4\n5\n", stderr: "bash: f: maximum function nesting level exceeded (5)\n", status: 1},
		{name: "deep but legal", script: "f() { (( $1 > 0 )) && f $(($1-1)); }; f 900; echo ok", stdout: "ok\n"},
		{name: "through command substitution", script: "f() { echo $(f); }; f", stderr: "bash: f: maximum function nesting level exceeded (1000)\n", status: 1},
		{name: "mutual recursion", script: "a() { b; }; b() { a; }; a", stderr: "bash: a: maximum function nesting level exceeded (1000)\n", status: 1},
		{name: "eval recursion", script: `x='eval "$x"'; eval "$x"`, stderr: "bash: eval: maximum nesting level exceeded (1000)\n", status: 1},
		{name: "source recursion", setup: "echo 'source self.sh' > self.sh", script: "source self.sh", stderr: "bash: self.sh: maximum nesting level exceeded (1000)\n", status: 1},
	}
	runCases(t, cases)
	// Nested shells share the budget.
	s := newTestSession(t, Options{MaxCallDepth: 20})
	_, errs, st := run(t, s, "echo 'bash ./r.sh' > r.sh; bash r.sh", "")
	if st != 1 || !strings.Contains(errs, "maximum shell nesting level exceeded (20)") {
		t.Errorf("nested shells: %q %d", errs, st)
	}
	// The session survives and recovers.
	out, _, st := run(t, s, "g() { echo fine; }; g", "")
	if out != "fine\n" || st != 0 {
		t.Errorf("after the limit: %q %d", out, st)
	}
}

// TestOrdinaryScriptsUnlimited runs the sizes issue 3 names: none may hit
// a limit.
func TestOrdinaryScriptsUnlimited(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	runCases(t, []scriptCase{
		{name: "200,000 iterations", script: "n=0; for ((i=0;i<200000;i++)); do ((n++)); done; echo $n", stdout: "200000\n"},
		{name: "32,000 appends", script: "for ((i=0;i<32000;i++)); do echo line$i >> f; done; n=0; while read l; do ((n++)); done < f; echo $n", stdout: "32000\n"},
	})
	s := newTestSession(t, Options{})
	if !s.IsCommand("sort") || !s.IsCommand("seq") || !s.IsCommand("tail") {
		t.Skip("seq, sort or tail not registered yet")
	}
	out, errs, st := run(t, s, "seq 100000 | sort -r | tail -1", "")
	if out != "1\n" || st != 0 {
		t.Errorf("100,000-line sort: %q %q %d", out, errs, st)
	}
}

func TestStdinBytes(t *testing.T) {
	s := newTestSession(t, Options{})
	before := s.StdinBytes()
	data := strings.Repeat("x", 100000)
	out, _, st := run(t, s, "cat > f; cat f | cat > /dev/null; echo done", data)
	if st != 0 || out != "done\n" {
		t.Fatalf("got %q %d", out, st)
	}
	// The first cat reads 100000 bytes, the pipeline's second cat another
	// 100000; the first cat of the pipeline reads a file, not stdin.
	if got := s.StdinBytes() - before; got != 200000 {
		t.Errorf("StdinBytes grew by %d, want 200000", got)
	}
	// A command handing its stdin to another (env) is counted once.
	before = s.StdinBytes()
	run(t, s, "env cat > /dev/null", data)
	if got := s.StdinBytes() - before; got != 100000 {
		t.Errorf("through env: StdinBytes grew by %d, want 100000", got)
	}
}

// TestQueriesWhileRunning calls the query methods from another goroutine
// while Run runs (run with -race).
func TestQueriesWhileRunning(t *testing.T) {
	s := newTestSession(t, Options{})
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			s.Dir()
			s.Getenv("x")
			s.Vars()
			s.Commands()
			s.IsCommand("f")
			s.Exited()
			s.StdinBytes()
		}
	})
	for i := 0; i < 20; i++ {
		run(t, s, "x=$RANDOM; f() { :; }; cd /tmp; echo hi | cat > /dev/null; alias a=b; cd", "")
	}
	close(stop)
	wg.Wait()
}

func TestStreaming(t *testing.T) {
	s := newTestSession(t, Options{})
	for _, c := range []struct{ script, out string }{
		{"yes | head -1", "y\n"},
		{"yes | head -c 5 | cat", "y\ny\ny"},
		{"head -c 3000000 /dev/zero | wc -c", "3000000\n"},
	} {
		if !s.IsCommand("head") || !s.IsCommand("wc") || !s.IsCommand("yes") {
			t.Skip("head, wc or yes not registered yet")
		}
		out, errs, st := run(t, s, c.script, "")
		if out != c.out || st != 0 {
			t.Errorf("%q: %q %q %d", c.script, out, errs, st)
		}
	}
}

// TestStreamingMemory pushes 256 MiB through a pipeline and checks the
// heap stays small: the data streams, it is never held.
func TestStreamingMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	s := newTestSession(t, Options{})
	if !s.IsCommand("head") || !s.IsCommand("wc") {
		t.Skip("head or wc not registered yet")
	}
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		var ms runtime.MemStats
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
		}
	})
	out, errs, st := run(t, s, "head -c 268435456 /dev/zero | cat | wc -c", "")
	close(stop)
	wg.Wait()
	if out != "268435456\n" || st != 0 {
		t.Fatalf("got %q %q %d", out, errs, st)
	}
	if grew := int64(peak.Load()) - int64(base.HeapInuse); grew > 64<<20 {
		t.Errorf("heap grew by %d MiB while streaming 256 MiB", grew>>20)
	}
}

// TestNoGoroutineLeak runs pipelines, redirections, here-docs, command
// substitutions and child shells, and checks every goroutine they started
// has ended.
func TestNoGoroutineLeak(t *testing.T) {
	s := newTestSession(t, Options{})
	base := runtime.NumGoroutine()
	for i := 0; i < 20; i++ {
		run(t, s, "echo a | cat | cat > /dev/null; cat <<< here > f; read x < f; y=$(echo sub); bash -c 'echo child' > /dev/null; cat <(echo p) > /dev/null; yes | head -1 > /dev/null", "stdin data")
	}
	var n int
	for try := 0; try < 200; try++ {
		if n = runtime.NumGoroutine(); n <= base {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	buf := make([]byte, 1<<16)
	t.Errorf("%d goroutines left running (started with %d):\n%s", n, base, buf[:runtime.Stack(buf, true)])
}
