package shell

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"memsh/shell/command"
)

// endlessTimeout is the per-run timeout of the sweep; endlessGrace is how
// much later than it a run may end before the sweep calls it a hang (a
// hang check on a loaded machine, not a timing assertion).
const (
	endlessTimeout = 400 * time.Millisecond
	endlessGrace   = 10 * time.Second
)

// TestEndlessInputs runs every registered command on /dev/zero and on
// `yes` output, under a low memory budget and held-input limit and a
// per-run timeout, and checks that each stops: by itself with a status
// and, when a limit stopped it, a message naming the limit; or at the
// timeout with 124. No run may panic (an "internal error") or outlive
// the timeout by more than the grace. python3/python are left out: a
// guest's start is seconds of compilation, and guests' timeouts have
// their own tests (pyworker).
func TestEndlessInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("sweep of every command")
	}
	saved := command.MaxHeld
	command.MaxHeld = 4 << 20
	defer func() { command.MaxHeld = saved }()

	probe, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	names := probe.Commands()
	probe.Close()
	sort.Strings(names)
	skip := map[string]bool{"python3": true, "python": true}
	var scripts []string
	for _, name := range names {
		if skip[name] {
			continue
		}
		for _, shape := range []string{"%s /dev/zero", "yes | %s", "%s < /dev/zero"} {
			scripts = append(scripts, fmt.Sprintf(shape, name))
		}
	}
	// The builtins' options that take the read over from mvdan/sh's.
	scripts = append(scripts, "read -t 100 x < /dev/zero", "read -d q x < /dev/zero",
		"yes | read -t 100 -d q x", "read -n 999999999 x < /dev/zero", "mapfile -n 999999999 a < /dev/zero")
	before := runtime.NumGoroutine()
	// Four at a time: most runs wait for the wall-clock timeout.
	lines := make([]string, len(scripts))
	var wg sync.WaitGroup
	next := make(chan int)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				script := scripts[i]
				st, stderr, took := runEndless(t, script)
				if took > endlessTimeout+endlessGrace {
					t.Errorf("%q took %v: it does not stop at the timeout", script, took)
				}
				if strings.Contains(stderr, "internal error") || strings.Contains(stderr, "panic") {
					t.Errorf("%q crashed: %s", script, firstLine(stderr))
				}
				if strings.Contains(stderr, "limit") && st == 0 {
					t.Errorf("%q hit a limit but exited 0: %s", script, firstLine(stderr))
				}
				lines[i] = fmt.Sprintf("%-28s %3d %6.2fs %s\n", script, st, took.Seconds(), firstLine(stderr))
			}
		}()
	}
	for i := range scripts {
		next <- i
	}
	close(next)
	wg.Wait()
	var summary strings.Builder
	for _, l := range lines {
		summary.WriteString(l)
	}
	t.Logf("command, status, time, first line of stderr:\n%s", summary.String())
	checkNoneLeft(t, before)
}

// checkNoneLeft fails the test when, a few seconds after every run has
// returned, more goroutines are alive than before them: a command that
// was stopped but kept reading or computing in a goroutine of its own.
func checkNoneLeft(t *testing.T, before int) {
	t.Helper()
	deadline := time.Now().Add(endlessGrace)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<20)
		t.Errorf("%d goroutines before the runs, %d after them:\n%s", before, n, buf[:runtime.Stack(buf, true)])
	}
}

// TestIdleStdinStops: a command or builtin blocked reading an idle host
// pipe (memsh's stdin with nothing written to it) stops at the timeout,
// and nothing of it keeps running. read -t, read -n and mapfile read the
// descriptor themselves; each gets a deadline when the run is stopped.
func TestIdleStdinStops(t *testing.T) {
	before := runtime.NumGoroutine()
	for _, script := range []string{
		"read x", "read -t 100 x", "read -n 5 x", "read -d q x", "mapfile a", "mapfile -n 3 a",
		"xargs", "cat", "head -n 1", "sort", "select a in b c; do :; done", "while read -r l; do :; done",
	} {
		pr, pw, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		s, err := New(Options{Timeout: endlessTimeout, Script: true})
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		done := make(chan int, 1)
		go func() {
			st, _ := s.Run(context.Background(), script, Stdio{Stdin: pr, Stdout: io.Discard, Stderr: io.Discard})
			done <- st
		}()
		select {
		case st := <-done:
			if st != 124 {
				t.Errorf("%q on an idle pipe: status %d, want 124", script, st)
			}
		case <-time.After(endlessTimeout + endlessGrace):
			t.Errorf("%q on an idle pipe: still running %v after the timeout", script, endlessGrace)
		}
		t.Logf("%-28s stopped after %v", script, time.Since(start).Round(time.Millisecond))
		s.Close()
		pw.Close()
		pr.Close()
	}
	checkNoneLeft(t, before)
}

// TestEndlessInputsNamed: the commands that hold a whole input (issue's
// list) fail on /dev/zero with a message naming the limit, well before
// the timeout.
func TestEndlessInputsNamed(t *testing.T) {
	saved := command.MaxHeld
	command.MaxHeld = 4 << 20
	defer func() { command.MaxHeld = saved }()
	for _, script := range []string{
		"source /dev/zero", "bash /dev/zero", "bash < /dev/zero", "diff /dev/zero /dev/null",
		"join /dev/zero /dev/zero", "csplit /dev/zero 1", "patch -i /dev/zero", "envsubst < /dev/zero",
		"jq -R . /dev/zero", "jq -Rs . /dev/zero", "numfmt < /dev/zero", "column /dev/zero",
		"tsort /dev/zero", "shuf /dev/zero", "pr /dev/zero", "ptx /dev/zero", "dircolors /dev/zero",
		"echo x > f; grep -f /dev/zero f", "echo x > f; sed -f /dev/zero f", "echo x > f; awk -f /dev/zero f",
		"echo x > f; hexdump -f /dev/zero f", "sort /dev/zero", "yes | sort", "tac /dev/zero",
		"yes | shuf", "comm /dev/zero /dev/zero", "uniq /dev/zero", "mapfile a < /dev/zero",
		"x=$(cat /dev/zero)",
	} {
		st, stderr, took := runEndlessBudget(t, script, 5*time.Second)
		if st == 0 || st == 124 || !strings.Contains(stderr, "limit") {
			t.Errorf("%q: status %d after %v, stderr %q: want a failure naming the limit", script, st, took, firstLine(stderr))
		}
	}
}

func runEndless(t *testing.T, script string) (int, string, time.Duration) {
	return runEndlessBudget(t, script, endlessTimeout)
}

func runEndlessBudget(t *testing.T, script string, timeout time.Duration) (int, string, time.Duration) {
	t.Helper()
	s, err := New(Options{MaxMemory: 64 << 20, Timeout: timeout, Script: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var stderr lockedBuffer
	start := time.Now()
	done := make(chan int, 1)
	go func() {
		st, _ := s.Run(context.Background(), script, Stdio{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &stderr})
		done <- st
	}()
	select {
	case st := <-done:
		return st, stderr.String(), time.Since(start)
	case <-time.After(timeout + endlessGrace + 20*time.Second):
		t.Errorf("%q hangs", script)
		return -1, "", timeout + endlessGrace + 20*time.Second
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// TestSessionGoesOnAfterMemoryLimit: a line stopped by the memory budget
// (the heap backstop, a command, a substitution) leaves a session whose
// next line runs, and the big value can be dropped.
func TestSessionGoesOnAfterMemoryLimit(t *testing.T) {
	s, err := New(Options{MaxMemory: 32 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, line := range []string{`x=a; while :; do x=$x$x; done`, `y=$(yes)`, `sort /dev/zero`} {
		var errb, out lockedBuffer
		st, err := s.Run(context.Background(), line, Stdio{Stdout: &out, Stderr: &errb})
		if err != nil || st == 0 || !strings.Contains(errb.String(), "memory limit of 32 MiB") {
			t.Errorf("%q: status %d, err %v, stderr %q", line, st, err, errb.String())
		}
		out = lockedBuffer{}
		if st, _ := s.Run(context.Background(), `unset x y; echo ok`, Stdio{Stdout: &out}); st != 0 || out.String() != "ok\n" {
			t.Errorf("after %q: status %d, stdout %q", line, st, out.String())
		}
	}
}
