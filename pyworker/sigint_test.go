package pyworker

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// needSigint skips a test when the installed python.wasm has no
// memsh_sigint (the npm build, or a CPython built before pysigint.c).
func needSigint(t *testing.T) {
	t.Helper()
	needPython(t)
	p, err := FindPython("")
	if err != nil {
		t.Skip(err)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte("memsh_sigint")) {
		t.Skip("python.wasm has no memsh_sigint (scripts/build-python.sh links it)")
	}
}

// syncBuf is a bytes.Buffer guarded for a guest writing while the test
// reads.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// waitFor polls until f holds, failing the test after a minute.
func waitFor(t *testing.T, what string, f func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !f(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

type sigintRun struct {
	intr     *Interrupts
	stops    atomic.Int32 // calls of the Interrupts' stop
	out, err syncBuf
	stdin    *io.PipeWriter
	done     chan int
	cancel   context.CancelFunc
}

func startSigint(t *testing.T, r *Runtime, args ...string) *sigintRun {
	s := &sigintRun{done: make(chan int, 1)}
	s.intr = NewInterrupts(func() { s.stops.Add(1) })
	ctx, cancel := context.WithCancel(WithInterrupts(context.Background(), s.intr))
	s.cancel = cancel
	t.Cleanup(cancel)
	pr, pw := io.Pipe()
	s.stdin = pw
	t.Cleanup(func() { pw.Close() })
	go func() {
		s.done <- r.RunPython(ctx, Proc{Args: append([]string{"python3"}, args...), Env: []string{"HOME=/root"},
			FS: newFS(t), Dir: "/", Stdin: pr, Stdout: &s.out, Stderr: &s.err})
	}()
	return s
}

func (s *sigintRun) status(t *testing.T) int {
	t.Helper()
	select {
	case st := <-s.done:
		return st
	case <-time.After(time.Minute):
		t.Fatal("python3 did not end")
		return -1
	}
}

// TestPythonKeyboardInterrupt checks a Ctrl-C reaches python as SIGINT in
// both modes: a busy script and a sleeping one print the traceback and
// end with 130, as CPython does for an uncaught KeyboardInterrupt.
func TestPythonKeyboardInterrupt(t *testing.T) {
	needSigint(t)
	for _, fast := range []bool{false, true} {
		r := New(Config{Fast: fast})
		defer r.Close()
		for _, code := range []string{
			"print('go', flush=True)\nwhile True: pass",
			"import time\nprint('go', flush=True)\ntime.sleep(600)",
		} {
			s := startSigint(t, r, "-c", code)
			waitFor(t, "go", func() bool { return s.out.String() == "go\n" })
			if !s.intr.Interrupt() {
				t.Fatalf("fast %v: %q: Interrupt found no guest to take it", fast, code)
			}
			if st := s.status(t); st != 130 || !strings.Contains(s.err.String(), "Traceback") || !strings.HasSuffix(s.err.String(), "KeyboardInterrupt\n") {
				t.Errorf("fast %v: %q: status %d stderr %q; want 130 and a KeyboardInterrupt traceback", fast, code, st, s.err.String())
			}
			if n := s.stops.Load(); n != 1 {
				t.Errorf("fast %v: %q: ended by SIGINT, stop called %d times; want 1", fast, code, n)
			}
		}
	}
	// Caught: the script goes on and ends as it will; nothing to stop.
	s := startSigint(t, testRuntime(), "-c", "print('go', flush=True)\ntry:\n  while True: pass\nexcept KeyboardInterrupt:\n  print('caught')")
	waitFor(t, "go", func() bool { return s.out.String() == "go\n" })
	if !s.intr.Interrupt() {
		t.Fatal("caught: Interrupt found no guest")
	}
	if st := s.status(t); st != 0 || s.out.String() != "go\ncaught\n" || s.stops.Load() != 0 {
		t.Errorf("caught KeyboardInterrupt: status %d stdout %q stops %d; want 0, caught, 0", st, s.out.String(), s.stops.Load())
	}
}

// TestPythonKeyboardInterruptREPL checks Ctrl-C at python's REPL (a read
// of stdin, as in the TUI) and during a computation it runs brings it
// back to its prompt, each time, and it goes on evaluating.
func TestPythonKeyboardInterruptREPL(t *testing.T) {
	needSigint(t)
	s := startSigint(t, testRuntime(), "-i")
	waitFor(t, "the prompt", func() bool { return strings.Contains(s.err.String(), ">>> ") })
	for i := range 2 {
		if !s.intr.Interrupt() {
			t.Fatalf("Ctrl-C %d at the prompt: not taken", i+1)
		}
		waitFor(t, "KeyboardInterrupt", func() bool { return strings.Count(s.err.String(), "KeyboardInterrupt") == i+1 })
		waitFor(t, "the next prompt", func() bool { return strings.HasSuffix(s.err.String(), ">>> ") })
	}
	s.stdin.Write([]byte("exec('print(\"ready\", flush=True)\\nwhile True: pass')\n"))
	waitFor(t, "ready", func() bool { return s.out.String() == "ready\n" })
	if !s.intr.Interrupt() {
		t.Fatal("Ctrl-C in a loop the REPL runs: not taken")
	}
	waitFor(t, "KeyboardInterrupt", func() bool { return strings.Count(s.err.String(), "KeyboardInterrupt") == 3 })
	s.stdin.Write([]byte("print(6*7)\n"))
	waitFor(t, "42", func() bool { return s.out.String() == "ready\n42\n" })
	s.stdin.Close()
	if st := s.status(t); st != 0 {
		t.Errorf("status %d after EOF; stderr %q", st, s.err.String())
	}
}

// TestPythonKeyboardInterruptIgnored checks a guest that handles the
// first Ctrl-C without going back to a prompt (it catches
// KeyboardInterrupt, or ignores SIGINT) does not take a second one:
// Interrupt says so, and the caller stops the run. A guest that leaves
// SIGINT to its default action does not take the first: it dies of it.
func TestPythonKeyboardInterruptIgnored(t *testing.T) {
	needSigint(t)
	for _, c := range []struct{ code, after string }{
		{"print('go', flush=True)\nwhile True:\n  try:\n    while True: pass\n  except KeyboardInterrupt:\n    print('caught', flush=True)", "go\ncaught\n"},
		{"import signal\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\nprint('go', flush=True)\nwhile True: pass", "go\n"},
	} {
		s := startSigint(t, testRuntime(), "-c", c.code)
		waitFor(t, "go", func() bool { return strings.HasPrefix(s.out.String(), "go\n") })
		if !s.intr.Interrupt() {
			t.Fatalf("%q: first Ctrl-C not taken", c.code)
		}
		waitFor(t, "the first Ctrl-C handled", func() bool { return s.out.String() == c.after })
		if s.intr.Interrupt() {
			t.Errorf("%q: second Ctrl-C taken as SIGINT again; want it refused", c.code)
		}
		s.cancel()
		if st := s.status(t); st != 130 {
			t.Errorf("%q: status %d, want 130", c.code, st)
		}
	}
	s := startSigint(t, testRuntime(), "-c", "import signal\nsignal.signal(signal.SIGINT, signal.SIG_DFL)\nprint('go', flush=True)\nwhile True: pass")
	waitFor(t, "go", func() bool { return s.out.String() == "go\n" })
	if s.intr.Interrupt() {
		t.Error("SIG_DFL: Ctrl-C taken; want it refused (python dies of it)")
	}
	s.cancel()
	s.status(t)
	if NewInterrupts(nil).Interrupt() {
		t.Error("Interrupt with no guest reported it taken")
	}
}

// TestPythonSignalHandlers checks kill's signals reach python's own
// handlers (pysigint.c's layout 2): a SIGTERM handler runs, SIG_IGN
// ignores, a signal left to its default is refused (the caller stops the
// run with 128+N), and SIGKILL is never handled.
func TestPythonSignalHandlers(t *testing.T) {
	needSigint(t)
	code := `import signal, sys, time
signal.signal(signal.SIGTERM, lambda s, f: (print("term", s, flush=True), sys.exit(3)))
signal.signal(signal.SIGUSR1, signal.SIG_IGN)
signal.signal(signal.SIGHUP, lambda s, f: print("hup", s, flush=True))
print("ready", flush=True)
while True: time.sleep(60)`
	s := startSigint(t, testRuntime(), "-c", code)
	waitFor(t, "ready", func() bool { return s.out.String() == "ready\n" })
	if s.intr.Signal(12) { // SIGUSR2: default
		t.Error("SIGUSR2 (default action) taken; want it refused")
	}
	if s.intr.Signal(9) {
		t.Error("SIGKILL taken; want it refused")
	}
	if !s.intr.Signal(10) { // SIGUSR1: ignored
		t.Error("SIGUSR1 (SIG_IGN) refused; want it taken")
	}
	for i := range 2 {
		if !s.intr.Signal(1) {
			t.Fatal("SIGHUP (handled) refused")
		}
		waitFor(t, "hup", func() bool { return strings.Count(s.out.String(), "hup 1\n") == i+1 })
	}
	if !s.intr.Signal(15) {
		t.Fatal("SIGTERM (handled) refused")
	}
	if st := s.status(t); st != 3 || s.out.String() != "ready\nhup 1\nhup 1\nterm 15\n" || s.err.String() != "" {
		t.Errorf("status %d stdout %q stderr %q; want 3 and the handlers' lines", st, s.out.String(), s.err.String())
	}
	if n := s.stops.Load(); n != 0 {
		t.Errorf("stop called %d times; want 0 (no SIGINT)", n)
	}
}

// TestInterruptsGroup checks process groups: a group within the line's
// (timeout's command) gets the line's Ctrl-C, an own group (a background
// job) does not, and a guest dying of a SIGINT stops the group that sent
// it and those within it down to the guest's own, not the others.
func TestInterruptsGroup(t *testing.T) {
	needSigint(t)
	r := testRuntime()
	code := "import time\nprint('go', flush=True)\ntime.sleep(600)"
	for _, own := range []bool{false, true} {
		s := &sigintRun{done: make(chan int, 1)}
		s.intr = NewInterrupts(func() { s.stops.Add(1) })
		var groupStops atomic.Int32
		ctx, cancel := context.WithCancel(WithInterrupts(context.Background(), s.intr))
		gctx, group := Group(ctx, own, func() { groupStops.Add(1) })
		go func() {
			s.done <- r.RunPython(gctx, Proc{Args: []string{"python3", "-c", code}, Env: []string{"HOME=/root"},
				FS: newFS(t), Dir: "/", Stdout: &s.out, Stderr: &s.err})
		}()
		waitFor(t, "go", func() bool { return s.out.String() == "go\n" })
		if got := s.intr.Interrupt(); got == own {
			t.Errorf("own %v: the line's Interrupt reported %v", own, got)
		}
		if own && !group.Interrupt() {
			t.Errorf("own group: its Interrupt found no guest")
		}
		if st := s.status(t); st != 130 || !strings.HasSuffix(s.err.String(), "KeyboardInterrupt\n") {
			t.Errorf("own %v: status %d stderr %q; want 130 and KeyboardInterrupt", own, st, s.err.String())
		}
		// The line's SIGINT stops the line and the group within it (as
		// it reaches both on Linux); an own group's stops that group.
		if line, g := s.stops.Load(), groupStops.Load(); own && (line != 0 || g != 1) || !own && (line != 1 || g != 1) {
			t.Errorf("own %v: stops: line %d group %d", own, line, g)
		}
		cancel()
	}
}

// TestInterruptsForeground checks Foreground: a job's own group takes the
// line's Ctrl-C while it is in the foreground (bash's fg) and not
// before or after; a python dying of it stops the line and the job.
func TestInterruptsForeground(t *testing.T) {
	needSigint(t)
	r := testRuntime()
	s := &sigintRun{done: make(chan int, 1)}
	s.intr = NewInterrupts(func() { s.stops.Add(1) })
	ctx, cancel := context.WithCancel(WithInterrupts(context.Background(), s.intr))
	defer cancel()
	var jobStops atomic.Int32
	jctx, _ := Group(ctx, true, func() { jobStops.Add(1) })
	go func() {
		s.done <- r.RunPython(jctx, Proc{Args: []string{"python3", "-c", "import time\nprint('ready', flush=True)\ntime.sleep(600)"},
			Env: []string{"HOME=/root"}, FS: newFS(t), Dir: "/", Stdout: &s.out, Stderr: &s.err})
	}()
	waitFor(t, "ready", func() bool { return s.out.String() == "ready\n" })
	if s.intr.Interrupt() {
		t.Error("the line's Ctrl-C reached a job in the background")
	}
	release := Foreground(ctx, jctx)
	release()
	if s.intr.Interrupt() {
		t.Error("the line's Ctrl-C reached a job no longer in the foreground")
	}
	defer Foreground(ctx, jctx)()
	if !s.intr.Interrupt() {
		t.Fatal("the line's Ctrl-C did not reach the job in the foreground")
	}
	if st := s.status(t); st != 130 || !strings.HasSuffix(s.err.String(), "KeyboardInterrupt\n") {
		t.Errorf("status %d stderr %q; want 130 and KeyboardInterrupt", st, s.err.String())
	}
	if line, job := s.stops.Load(), jobStops.Load(); line != 1 || job != 1 {
		t.Errorf("stops: line %d job %d; want 1 and 1", line, job)
	}
}

// TestInterruptsStopOtherGuests checks a guest without memsh_sigint
// (lua) in a group whose python takes the Ctrl-C dies of the SIGINT
// (130) as on Linux, and stops the group as a program killed by SIGINT
// does; alone, it leaves the stopping to the caller.
func TestInterruptsStopOtherGuests(t *testing.T) {
	needSigint(t)
	if _, err := FindTool("lua"); err != nil {
		t.Skip(err)
	}
	r := testRuntime()
	var stops atomic.Int32
	intr := NewInterrupts(func() { stops.Add(1) })
	ctx, cancel := context.WithCancel(WithInterrupts(context.Background(), intr))
	defer cancel()
	var luaOut, pyOut, pyErr syncBuf
	luaDone, pyDone := make(chan int, 1), make(chan int, 1)
	go func() {
		luaDone <- r.RunTool(ctx, "lua", Proc{Args: []string{"lua", "-e", "io.write('ready') io.flush() while true do end"}, FS: newFS(t), Dir: "/", Stdout: &luaOut})
	}()
	waitFor(t, "lua", func() bool { return luaOut.String() == "ready" })
	if intr.Interrupt() {
		t.Error("Ctrl-C with lua alone reported taken")
	}
	go func() {
		pyDone <- r.RunPython(ctx, Proc{Args: []string{"python3", "-c", "import time\nprint('ready', flush=True)\ntry:\n  time.sleep(600)\nexcept KeyboardInterrupt:\n  print('KI')"},
			Env: []string{"HOME=/root"}, FS: newFS(t), Dir: "/", Stdout: &pyOut, Stderr: &pyErr})
	}()
	waitFor(t, "python", func() bool { return pyOut.String() == "ready\n" })
	if !intr.Interrupt() {
		t.Fatal("Ctrl-C not taken by python")
	}
	for _, c := range []struct {
		name string
		done chan int
		want int
	}{{"lua", luaDone, 130}, {"python3", pyDone, 0}} {
		select {
		case st := <-c.done:
			if st != c.want {
				t.Errorf("%s: status %d, want %d", c.name, st, c.want)
			}
		case <-time.After(time.Minute):
			t.Fatalf("%s did not end", c.name)
		}
	}
	if pyOut.String() != "ready\nKI\n" || stops.Load() != 1 {
		t.Errorf("python stdout %q stderr %q, stops %d; want KI and 1 (lua died of SIGINT)", pyOut.String(), pyErr.String(), stops.Load())
	}
}

// TestInterruptsStopProgram checks a Program (one of memsh's own
// commands) in a group whose python takes the Ctrl-C: it dies of the
// SIGINT (its context ends, End gives 130), and the group stops once the
// python, which caught KeyboardInterrupt, has ended, as bash stops the
// line after the whole pipeline. A Program that left (it runs a guest)
// and one without a group keep their status.
func TestInterruptsStopProgram(t *testing.T) {
	needSigint(t)
	if ctx, p := StartProgram(context.Background(), nil); p != nil || ctx.Err() != nil || p.End(7) != 7 {
		t.Error("StartProgram without a group made a Program")
	}
	r := testRuntime()
	var stops atomic.Int32
	intr := NewInterrupts(func() { stops.Add(1) })
	ctx, cancel := context.WithCancel(WithInterrupts(context.Background(), intr))
	defer cancel()
	var killed atomic.Int32
	progCtx, prog := StartProgram(ctx, func() { killed.Add(1) })
	_, left := StartProgram(ctx, func() { killed.Add(1) })
	left.Leave()
	if intr.Interrupt() || progCtx.Err() != nil {
		t.Error("Ctrl-C with no python reported taken or stopped the program")
	}
	var pyOut syncBuf
	pr, pw := io.Pipe()
	defer pw.Close()
	pyDone := make(chan int, 1)
	go func() {
		pyDone <- r.RunPython(ctx, Proc{Args: []string{"python3", "-c", "import sys, time\nprint('ready', flush=True)\ntry:\n  time.sleep(600)\nexcept KeyboardInterrupt:\n  print('KI', flush=True)\n  sys.stdin.read()"},
			Env: []string{"HOME=/root"}, FS: newFS(t), Dir: "/", Stdin: pr, Stdout: &pyOut})
	}()
	waitFor(t, "python", func() bool { return pyOut.String() == "ready\n" })
	if !intr.Interrupt() {
		t.Fatal("Ctrl-C not taken by python")
	}
	<-progCtx.Done()
	if st := prog.End(0); st != 130 || killed.Load() != 1 {
		t.Errorf("program killed by SIGINT: status %d, killed %d; want 130 and 1", st, killed.Load())
	}
	if st := left.End(5); st != 5 {
		t.Errorf("program that left: status %d, want 5", st)
	}
	waitFor(t, "KI", func() bool { return pyOut.String() == "ready\nKI\n" })
	if stops.Load() != 0 {
		t.Error("the group stopped before python ended")
	}
	pw.Close()
	if st := <-pyDone; st != 0 || stops.Load() != 1 {
		t.Errorf("python status %d, stops %d; want 0 and 1", st, stops.Load())
	}
}
