package shell

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"memsh/pyworker"
)

// needSigintPython points MEMSH_PYTHON_WASM at the installed python.wasm
// and skips when it cannot take a SIGINT (the npm build has no
// memsh_sigint).
func needSigintPython(t *testing.T) {
	t.Helper()
	p := os.Getenv("MEMSH_PYTHON_WASM")
	if p == "" {
		abs, _ := os.Getwd()
		p = abs + "/../bin/python.wasm" // installed by make build
	}
	b, err := os.ReadFile(p)
	if err != nil {
		if os.Getenv("MEMSH_REQUIRE_PYTHON") == "1" {
			t.Fatal(err)
		}
		t.Skip("python.wasm not installed")
	}
	if !bytes.Contains(b, []byte("memsh_sigint")) {
		t.Skip("python.wasm has no memsh_sigint (scripts/build-python.sh links it)")
	}
	t.Setenv("MEMSH_PYTHON_WASM", p)
}

// pyJob is a python3 background job running code, which writes "ready"
// to out once it can take the signal; the line after it waits for that.
func pyJob(code string) string {
	return "python3 -c '" + code + "' > out 2> err &\n" +
		"until grep -q ready out 2>/dev/null; do sleep 0.01; done\n"
}

const sleepCatch = "import time\nprint(\"ready\", flush=True)\ntry:\n time.sleep(60)\nexcept KeyboardInterrupt:\n print(\"KI\")"

// TestKillPythonJob: kill sends a python job's signal as Linux does: INT
// raises KeyboardInterrupt (caught: the job goes on; uncaught: traceback
// and 130, and the rest of the job stops), TERM stops it with 143; a
// handler python sets with signal.signal runs, for INT as often as it is
// sent and for TERM and USR1 too; SIG_IGN ignores the signal, SIG_DFL
// dies of it. The outputs and statuses are bash 5.2's with CPython 3.13
// (the sleeping python wakes for the signal, the busy one takes it in
// its loop).
func TestKillPythonJob(t *testing.T) {
	needSigintPython(t)
	cases := []scriptCase{
		{name: "INT caught", script: "set -m\n" + pyJob(sleepCatch) + "kill -INT %1; wait %1; echo $?; cat out err",
			stdout: "0\nready\nKI\n"},
		{name: "INT uncaught", script: "set -m\n" + pyJob("import time\nprint(\"ready\", flush=True)\ntime.sleep(60)") + "kill -s INT %1; wait %1; echo $?; tail -n 1 err",
			stdout: "130\nKeyboardInterrupt\n"},
		{name: "INT by pid", script: "set -m\n" + pyJob(sleepCatch) + "kill -2 $!; wait $!; echo $?; cat out",
			stdout: "0\nready\nKI\n"},
		{name: "INT in a compound job", script: "set -m\n{ python3 -c 'print(\"ready\", flush=True)\nimport time\ntime.sleep(60)' > out 2> err; echo after > after; } &\n" +
			"until grep -q ready out 2>/dev/null; do sleep 0.01; done\nkill -INT %1; wait %1; echo $?; tail -n 1 err; cat after 2>/dev/null",
			stdout: "130\nKeyboardInterrupt\n", status: 1},
		{name: "second INT", script: "set -m\n" + pyJob("import signal, time\nsignal.signal(signal.SIGINT, lambda *a: print(\"handled\", flush=True))\nprint(\"ready\", flush=True)\nwhile True: time.sleep(60)") +
			"kill -INT %1\nuntil grep -q handled out; do sleep 0.01; done\nkill -INT %1\nuntil [ $(grep -c handled out) = 2 ]; do sleep 0.01; done\nkill %1; wait %1; echo $?; cat out",
			stdout: "143\nready\nhandled\nhandled\n"},
		{name: "TERM handled", script: "set -m\n" + pyJob("import signal, sys, time\nsignal.signal(signal.SIGTERM, lambda s, f: (print(\"term\", s, flush=True), sys.exit(3)))\nprint(\"ready\", flush=True)\ntime.sleep(60)") +
			"kill %1; wait %1; echo $?; cat out err",
			stdout: "3\nready\nterm 15\n"},
		{name: "TERM and INT ignored", script: "set -m\n" + pyJob("import signal, sys, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\nsignal.signal(signal.SIGUSR1, lambda s, f: (print(\"usr1\", flush=True), sys.exit(5)))\nprint(\"ready\", flush=True)\nwhile True: time.sleep(60)") +
			"kill %1; kill -INT %1; kill -USR1 %1; wait %1; echo $?; cat out err",
			stdout: "5\nready\nusr1\n"},
		{name: "INT to its default action", script: "set -m\n" + pyJob("import signal, time\nsignal.signal(signal.SIGINT, signal.SIG_DFL)\nprint(\"ready\", flush=True)\ntime.sleep(60)") +
			"kill -INT %1; wait %1; echo $?; cat out err",
			stdout: "130\nready\n"},
		{name: "TERM", script: "set -m\n" + pyJob(sleepCatch) + "kill %1; wait %1; echo $?; cat out err",
			stdout: "143\nready\n"},
		{name: "INT ignored without job control", script: pyJob(sleepCatch) + "kill -INT %1; kill -TERM %1; wait %1; echo $?; cat out",
			stdout: "143\nready\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// A script: jobs have job control only with set -m.
			s := newTestSession(t, Options{Script: true})
			out, errs, st := run(t, s, c.script, "")
			if out != c.stdout || errs != c.stderr || st != c.status {
				t.Errorf("got %q %q %d; want %q %q %d", out, errs, st, c.stdout, c.stderr, c.status)
			}
		})
	}
	// SIGKILL cannot be ignored; bash reports the job killed on stderr
	// (in its own words for a script file), so only stdout is compared.
	s := newTestSession(t, Options{Script: true})
	script := "set -m\n" + pyJob("import signal, time\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\nprint(\"ready\", flush=True)\nwhile True: pass") +
		"kill %1; kill -KILL %1; wait %1; echo $?; cat out err"
	if out, errs, st := run(t, s, script, ""); out != "137\nready\n" || st != 0 || !strings.Contains(errs, "Killed") {
		t.Errorf("KILL: got %q %q %d; want 137, ready, a Killed notice", out, errs, st)
	}
}

// TestTimeoutSignalPython: timeout -s INT raises KeyboardInterrupt in
// python, as GNU timeout's SIGINT does, and reports 124 (the command's
// status with --preserve-status); -k stops one that goes on (137); its
// default TERM runs python's SIGTERM handler. A
// python that had not started when the time ran out cannot take it: the
// case is skipped then.
func TestTimeoutSignalPython(t *testing.T) {
	needSigintPython(t)
	loop := "import time\nwhile True:\n try:\n  time.sleep(60)\n except KeyboardInterrupt:\n  print(\"KI\", flush=True)"
	cases := []struct {
		name, script, stdout, stderrEnd string
	}{
		{"caught", "timeout -s INT 3 python3 -c '" + sleepCatch + "'; echo $?", "ready\nKI\n124\n", ""},
		{"uncaught", "timeout -s INT 3 python3 -c 'print(\"ready\", flush=True)\nimport time\ntime.sleep(60)'; echo $?", "ready\n124\n", "KeyboardInterrupt\n"},
		{"preserve-status", "timeout --preserve-status -s INT 3 python3 -c 'print(\"ready\", flush=True)\nimport time\ntime.sleep(60)'; echo $?", "ready\n130\n", "KeyboardInterrupt\n"},
		{"kill-after", "timeout -k 0.2 -s INT 3 python3 -c 'print(\"ready\", flush=True)\n" + loop + "'; echo $?", "ready\nKI\n137\n", ""},
		{"TERM handled", "timeout 3 python3 -c 'import signal, sys, time\nsignal.signal(signal.SIGTERM, lambda s, f: (print(\"term\", flush=True), sys.exit(0)))\nprint(\"ready\", flush=True)\ntime.sleep(60)'; echo $?", "ready\nterm\n124\n", ""},
		{"TERM handled, preserve-status", "timeout --preserve-status 3 python3 -c 'import signal, sys, time\nsignal.signal(signal.SIGTERM, lambda s, f: (print(\"term\", flush=True), sys.exit(7)))\nprint(\"ready\", flush=True)\ntime.sleep(60)'; echo $?", "ready\nterm\n7\n", ""},
		{"in sh -c", "timeout -s SIGINT 3 sh -c 'python3 -c \"print(1, flush=True)\nimport time\ntime.sleep(60)\"; echo after'; echo $?", "1\n124\n", "KeyboardInterrupt\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newTestSession(t, Options{})
			out, errs, st := run(t, s, c.script, "")
			if !strings.HasPrefix(out, "ready\n") && !strings.HasPrefix(out, "1\n") {
				t.Skipf("python had not started when the time ran out: %q %q", out, errs)
			}
			if out != c.stdout || !strings.HasSuffix(errs, c.stderrEnd) || st != 0 {
				t.Errorf("got %q %q %d; want %q, stderr ending %q", out, errs, st, c.stdout, c.stderrEnd)
			}
		})
	}
}

// lockedBuf is a bytes.Buffer the test reads while the shell writes.
type lockedBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestCtrlCSkipsBackgroundPython: the line's Ctrl-C reaches the
// foreground python, not one started with & (bash gives a background job
// its own process group).
func TestCtrlCSkipsBackgroundPython(t *testing.T) {
	needSigintPython(t)
	s := newTestSession(t, Options{})
	intr := pyworker.NewInterrupts(nil)
	ctx := pyworker.WithInterrupts(context.Background(), intr)
	script := "set -m\n" + pyJob(sleepCatch) +
		"python3 -c '" + strings.Replace(sleepCatch, "ready", "fg", 1) + "'\n" +
		"kill %1; wait %1; echo $?; cat out"
	var out, errb lockedBuf
	done := make(chan int, 1)
	go func() {
		st, err := s.Run(ctx, script, Stdio{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb})
		if err != nil {
			t.Error(err)
		}
		done <- st
	}()
	for deadline := time.Now().Add(time.Minute); out.String() != "fg\n"; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the foreground python did not start: %q %q", out.String(), errb.String())
		}
	}
	if !intr.Interrupt() {
		t.Fatal("Interrupt found no python to take it")
	}
	<-done
	if got, want := out.String(), "fg\nKI\n143\nready\n"; got != want {
		t.Errorf("stdout %q (stderr %q); want %q", got, errb.String(), want)
	}
}

// ctrlCRun runs script in s as the TUI runs a line: the
// line's context carries an Interrupts whose stop cancels the line. It
// waits until stderr or stdout holds ready, sends one Ctrl-C (which must
// be taken) and returns the outputs and status.
func ctrlCRun(t *testing.T, s *Session, script, ready string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	intr := pyworker.NewInterrupts(cancel)
	ctx = pyworker.WithInterrupts(ctx, intr)
	var out, errb lockedBuf
	done := make(chan int, 1)
	go func() {
		st, err := s.Run(ctx, script, Stdio{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb})
		if err != nil {
			t.Error(err)
		}
		done <- st
	}()
	for deadline := time.Now().Add(time.Minute); !strings.Contains(out.String()+errb.String(), ready); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no %q: %q %q", ready, out.String(), errb.String())
		}
	}
	if !intr.Interrupt() {
		t.Fatalf("Ctrl-C not taken: %q %q", out.String(), errb.String())
	}
	select {
	case st := <-done:
		return out.String(), errb.String(), st
	case <-time.After(time.Minute):
		t.Fatalf("the line did not stop after Ctrl-C: %q %q", out.String(), errb.String())
		return "", "", -1
	}
}

// TestCtrlCFgPython: fg puts a python job in the foreground, and the
// terminal's Ctrl-C reaches it: KeyboardInterrupt's traceback, status
// 130, the rest of the job (echo after) and of the line (echo next) do
// not run. Checked against bash 5.2 at a terminal (bash -i, Ctrl-C on
// its pty) with CPython 3.13.
func TestCtrlCFgPython(t *testing.T) {
	needSigintPython(t)
	job := "{ python3 -c 'import time\nprint(\"ready\", flush=True)\ntime.sleep(60)' > out 2> err; echo after > after; }"
	script := "set -m\n" + job + " &\nuntil grep -q ready out 2>/dev/null; do sleep 0.01; done\nfg; echo next"
	s := newTestSession(t, Options{})
	out, errs, st := ctrlCRun(t, s, script, "echo after > after; }\n")
	if st != 130 || out != job+"\n" {
		t.Errorf("stdout %q stderr %q status %d; want the job's text and 130", out, errs, st)
	}
	if out, _, _ := run(t, s, "tail -n 1 err; cat after 2>/dev/null; jobs", ""); out != "KeyboardInterrupt\n" {
		t.Errorf("after: %q; want KeyboardInterrupt, no after, no job left", out)
	}
}

// TestCtrlCPipelineGuests: the terminal's Ctrl-C reaches every program
// of the foreground pipeline: python takes it (here it catches
// KeyboardInterrupt and writes on), lua, which is reading its chunk and
// has no handler, dies of it, so python's writes meet a closed pipe and
// the line stops (bash: the pipeline's last program died of SIGINT). Before,
// lua read python's output for ever.
func TestCtrlCPipelineGuests(t *testing.T) {
	needSigintPython(t)
	if _, err := pyworker.FindTool("lua"); err != nil {
		t.Skip(err)
	}
	code := "import sys, time\nprint(\"ready\", file=sys.stderr, flush=True)\ntry:\n time.sleep(60)\nexcept KeyboardInterrupt:\n pass\ntry:\n while True: print(\"x = 1\", flush=True)\nexcept BrokenPipeError:\n sys.stdout = None"
	s := newTestSession(t, Options{})
	out, errs, st := ctrlCRun(t, s, "python3 -c '"+code+"' | lua -; echo next", "ready\n")
	if st != 130 || out != "" {
		t.Errorf("stdout %q stderr %q status %d; want 130 and no next", out, errs, st)
	}
}

// TestSignalsBusyPythonScriptMode: script mode's python (pyworker's fast
// mode, without wazero's termination checks) computing in a loop that
// never calls out is still stopped by kill (143), timeout (124) and the
// terminal's Ctrl-C (KeyboardInterrupt, 130), and its SIGTERM handler
// runs.
func TestSignalsBusyPythonScriptMode(t *testing.T) {
	needSigintPython(t)
	py := pyworker.New(pyworker.Config{Fast: true})
	t.Cleanup(func() { py.Close() })
	busy := "import signal, sys\nprint(\"ready\", flush=True)\nwhile True: pass"
	for _, c := range []scriptCase{
		{name: "kill", script: "set -m\n" + pyJob(busy) + "kill %1; wait %1; echo $?; cat out err", stdout: "143\nready\n"},
		{name: "kill, handled", script: "set -m\n" + pyJob("import signal, sys\nsignal.signal(signal.SIGTERM, lambda s, f: sys.exit(4))\nprint(\"ready\", flush=True)\nwhile True: pass") +
			"kill %1; wait %1; echo $?; cat out err", stdout: "4\nready\n"},
		{name: "timeout", script: "timeout 0.5 python3 -c 'while True: pass'; echo $?", stdout: "124\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newTestSession(t, Options{Script: true, Python: py})
			out, errs, st := run(t, s, c.script, "")
			if out != c.stdout || errs != c.stderr || st != c.status {
				t.Errorf("got %q %q %d; want %q %q %d", out, errs, st, c.stdout, c.stderr, c.status)
			}
		})
	}
	s := newTestSession(t, Options{Script: true, Python: py})
	out, errs, st := ctrlCRun(t, s, "python3 -c '"+busy+"'; echo next", "ready\n")
	if st != 130 || out != "ready\n" || !strings.HasSuffix(errs, "KeyboardInterrupt\n") {
		t.Errorf("Ctrl-C: stdout %q stderr %q status %d; want ready, KeyboardInterrupt, 130", out, errs, st)
	}
}

// TestCtrlCPipelineCommands: the terminal's Ctrl-C reaches memsh's own
// commands of the foreground pipeline as well as python: they die of it
// (130), which closes their pipes, and once the python that caught
// KeyboardInterrupt has finished (bash waits for the whole pipeline) the
// line stops. A command that runs python (env) leaves the signal to it.
// Checked against bash 5.2 at a terminal (tmux, Ctrl-C) with CPython
// 3.13; before, cat and yes ran until python's end closed their pipe and
// the line went on.
func TestCtrlCPipelineCommands(t *testing.T) {
	needSigintPython(t)
	catchExit := "import sys, time\ntry:\n %s\n print(\"ready\", flush=True)\n time.sleep(60)\nexcept KeyboardInterrupt:\n print(\"KI\", file=sys.stderr)\n open(\"after\", \"w\").write(\"x\")\n sys.exit(3)"
	for _, c := range []struct {
		name, line, stdout string
		status             int
	}{
		// python's ready goes through cat: cat runs when it shows.
		{"python | cat", "python3 -c '" + fmt.Sprintf(catchExit, "pass") + "' | cat; echo next", "ready\n", 130},
		// python has read yes's line: yes runs.
		{"yes | python", "yes | python3 -c '" + fmt.Sprintf(catchExit, "sys.stdin.readline()") + "'; echo next", "ready\n", 130},
		{"python | grep", "python3 -c '" + fmt.Sprintf(catchExit, "pass") + "' | grep -v x; echo next", "ready\n", 130},
		{"env python", "env python3 -c '" + fmt.Sprintf(catchExit, "pass") + "'; echo $?", "ready\n3\n", 0},
		// The shell's loop in a stage dies of it as bash's subshell does.
		{"loop | python", "while :; do echo y; done | python3 -c '" + fmt.Sprintf(catchExit, "sys.stdin.readline()") + "'; echo next", "ready\n", 130},
		{"python | loop", "python3 -c '" + fmt.Sprintf(catchExit, "pass") + "' | while read -r l; do echo \"$l\"; done; echo next", "ready\n", 130},
		{"{ python } | cat", "{ python3 -c '" + fmt.Sprintf(catchExit, "pass") + "'; echo $?; } | cat; echo next", "ready\n", 130},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newTestSession(t, Options{})
			out, errs, st := ctrlCRun(t, s, c.line, "ready\n")
			if out != c.stdout || st != c.status || !strings.Contains(errs, "KI\n") {
				t.Errorf("stdout %q stderr %q status %d; want %q, KI, %d", out, errs, st, c.stdout, c.status)
			}
			if out, _, _ := run(t, s, "cat after", ""); out != "x" {
				t.Errorf("python did not finish after KeyboardInterrupt: %q", out)
			}
		})
	}
}

// TestCtrlCStageJob: a background job started in a pipeline stage is
// no part of the stage's program: the Ctrl-C that kills the stage's
// loop does not reach it (bash's asynchronous commands ignore SIGINT
// without job control). The job waits for the file go, which python
// writes only after its KeyboardInterrupt, and then writes job, which
// python waits for before it exits.
func TestCtrlCStageJob(t *testing.T) {
	needSigintPython(t)
	code := "import os, sys, time\nsys.stdin.readline()\ntry:\n print(\"ready\", flush=True)\n time.sleep(60)\nexcept KeyboardInterrupt:\n" +
		" open(\"go\", \"w\").close()\n for _ in range(3000):\n  if os.path.exists(\"job\"): break\n  time.sleep(0.01)\n sys.exit(3)"
	job := "(until [ -e go ]; do sleep 0.01; done; echo x > job) &"
	s := newTestSession(t, Options{})
	out, errs, st := ctrlCRun(t, s, "{ "+job+" while :; do echo y; done; } | python3 -c '"+code+"'; echo next", "ready\n")
	if out != "ready\n" || st != 130 {
		t.Errorf("stdout %q stderr %q status %d; want ready, 130", out, errs, st)
	}
	if out, errs, _ := run(t, s, "cat job", ""); out != "x\n" {
		t.Errorf("the job did not survive the stage: %q %q", out, errs)
	}
}

// TestStageJobOutlivesStage: a background job started in a pipeline
// stage run as a program of the line's signal group outlives the
// stage's end, and what it writes reaches the next stage, as the child
// process holding the pipe does in bash.
func TestStageJobOutlivesStage(t *testing.T) {
	s := newTestSession(t, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ctx = pyworker.WithInterrupts(ctx, pyworker.NewInterrupts(cancel))
	var out, errb lockedBuf
	st, err := s.Run(ctx, "{ (sleep 0.2; echo x) & } | cat; echo $?; { (sleep 0.2; echo y >&2) & } | cat", Stdio{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb})
	if err != nil || out.String() != "x\n0\n" || errb.String() != "y\n" || st != 0 {
		t.Errorf("got %q %q %d %v; want x, 0 and y", out.String(), errb.String(), st, err)
	}
}
