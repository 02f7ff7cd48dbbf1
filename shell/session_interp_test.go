package shell

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// These tests pin what a session keeps across Runs on shell/interp.

func newInterpSession(t *testing.T, opts Options) *Session {
	t.Helper()
	return newTestSession(t, opts)
}

// waitFor runs probe in s until its output contains want (a job ends
// on its own goroutine; the outcome is fixed, only when it shows is
// not). It returns everything the probes printed to stderr.
func waitFor(t *testing.T, s *Session, probe, want string) string {
	t.Helper()
	var all strings.Builder
	for range 500 {
		out, errs, _ := run(t, s, probe, "")
		all.WriteString(errs)
		if strings.Contains(out+errs, want) {
			return all.String()
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("%q never printed %q; stderr so far %q", probe, want, all.String())
	return ""
}

func TestInterpJobsAcrossRuns(t *testing.T) {
	s := newInterpSession(t, Options{})
	// A job that ends when the test says so.
	out, errs, st := run(t, s, `until [ -e /tmp/go1 ]; do sleep 0.01; done & echo $!`, "")
	if out != "2001\n" || errs != "[1] 2001\n" || st != 0 {
		t.Fatalf("start: out %q errs %q status %d", out, errs, st)
	}
	run(t, s, `sleep 100 &`, "")
	out, _, _ = run(t, s, `jobs; jobs -p`, "")
	want := "[1]-  Running                 until [ -e /tmp/go1 ]; do sleep 0.01; done &\n" +
		"[2]+  Running                 sleep 100 &\n2001\n2002\n"
	if out != want {
		t.Errorf("jobs:\n%s\nwant\n%s", out, want)
	}
	// kill and wait take the numeric $! and %N.
	out, errs, _ = run(t, s, `kill $!; wait %2; echo $?`, "")
	if out != "143\n" || errs != "" {
		t.Errorf("kill $!: out %q errs %q", out, errs)
	}
	// The first job ends between lines: the notice comes before a prompt.
	run(t, s, `touch /tmp/go1`, "")
	notices := waitFor(t, s, `:`, "Done")
	if notices != "[1]+  Done                    until [ -e /tmp/go1 ]; do sleep 0.01; done\n" {
		t.Errorf("notice %q", notices)
	}
	if out, _, _ := run(t, s, `jobs`, ""); out != "" {
		t.Errorf("jobs after the notice: %q", out)
	}
	// A job's output after its line ended reaches the latest line's writer.
	run(t, s, `{ until [ -e /tmp/go2 ]; do sleep 0.01; done; echo late; } &`, "")
	var later bytes.Buffer
	if _, err := s.Run(context.Background(), `touch /tmp/go2; wait`, Stdio{Stdout: &later, Stderr: io.Discard}); err != nil {
		t.Fatal(err)
	}
	if later.String() != "late\n" {
		t.Errorf("late output %q", later.String())
	}
	// fg waits for the job and takes its status; disown forgets one.
	run(t, s, `{ until [ -e /tmp/go3 ]; do sleep 0.01; done; exit 3; } &`, "")
	out, _, st = run(t, s, `touch /tmp/go3; fg %1`, "")
	if out != "{ until [ -e /tmp/go3 ]; do sleep 0.01; done; exit 3; }\n" || st != 3 {
		t.Errorf("fg: out %q status %d", out, st)
	}
	run(t, s, `sleep 100 &`, "")
	out, errs, st = run(t, s, `bg; disown; jobs; disown %1`, "")
	if out != "" || errs != "bash: bg: job 1 already in background\nbash: disown: %1: no such job\n" || st != 1 {
		t.Errorf("bg, disown: out %q errs %q status %d", out, errs, st)
	}
}

// TestInterpJobReadsTerminalInForeground: a job reading the terminal
// waits (bash: stopped by SIGTTIN) until fg gives it fg's stdin; wait
// then says it is stopped (149), the next notice and jobs say Stopped,
// bg lets it read again (it stops again), and fg's stdin reaches it.
func TestInterpJobReadsTerminalInForeground(t *testing.T) {
	s := newInterpSession(t, Options{})
	_, errs, _ := run(t, s, `cat > /tmp/f &`, "")
	// The notice comes once, at the first prompt after the job stopped.
	if !strings.Contains(errs, "Stopped") {
		errs += waitFor(t, s, `:`, "Stopped")
	}
	if errs != "[1] 2001\n[1]+  Stopped                 cat > /tmp/f\n" {
		t.Errorf("start: errs %q", errs)
	}
	out, errs, st := run(t, s, `wait %1; echo $?; jobs -l; wait; echo $?`, "")
	if out != "149\n[1]+ 2001 Stopped (tty input)     cat > /tmp/f\n0\n" ||
		errs != "bash: warning: wait_for_job: job 1 is stopped\nbash: wait: warning: job 1[2001] stopped\n" {
		t.Errorf("wait: out %q errs %q status %d", out, errs, st)
	}
	if out, _, _ = run(t, s, `bg`, ""); out != "[1]+ cat > /tmp/f &\n" {
		t.Errorf("bg: %q", out)
	}
	waitFor(t, s, `jobs`, "Stopped")
	out, errs, st = run(t, s, `fg`, "line1\nline2\n")
	if out != "cat > /tmp/f\n" || errs != "" || st != 0 {
		t.Errorf("fg: out %q errs %q status %d", out, errs, st)
	}
	if out, _, _ = run(t, s, `cat /tmp/f; jobs`, ""); out != "line1\nline2\n" {
		t.Errorf("after fg: %q", out)
	}
}

// TestInterpSuspendForeground: Ctrl-Z (SuspendForeground) while fg's
// job reads the terminal sends it back to the background, stopped, with
// bash's line and status 148; nothing it had not read is lost, and the
// next fg gives it the next line's stdin. With no fg running it does
// nothing.
func TestInterpSuspendForeground(t *testing.T) {
	s := newInterpSession(t, Options{})
	if s.SuspendForeground() {
		t.Error("suspended with nothing running")
	}
	run(t, s, `cat > /tmp/g &`, "")
	pr, pw := io.Pipe()
	defer pw.Close()
	type result struct {
		out, errs string
		st        int
	}
	done := make(chan result)
	go func() {
		var out, errs bytes.Buffer
		st, _ := s.Run(context.Background(), `fg`, Stdio{Stdin: pr, Stdout: &out, Stderr: &errs})
		done <- result{out.String(), errs.String(), st}
	}()
	pw.Write([]byte("one\n"))
	// cat took the line and waits for the next.
	for b, _ := s.FS().ReadFile("/tmp/g"); string(b) != "one\n" || !s.StdinWaiting(); b, _ = s.FS().ReadFile("/tmp/g") {
		time.Sleep(time.Millisecond)
	}
	for !s.SuspendForeground() {
		time.Sleep(time.Millisecond)
	}
	r := <-done
	if r.out != "cat > /tmp/g\n" || r.errs != "\n[1]+  Stopped                 cat > /tmp/g\n" || r.st != 148 {
		t.Errorf("fg: out %q errs %q status %d", r.out, r.errs, r.st)
	}
	if out, _, _ := run(t, s, `jobs`, ""); out != "[1]+  Stopped                 cat > /tmp/g\n" {
		t.Errorf("jobs: %q", out)
	}
	if out, _, st := run(t, s, `fg %cat`, "two\n"); out != "cat > /tmp/g\n" || st != 0 {
		t.Errorf("second fg: %q %d", out, st)
	}
	if out, _, _ := run(t, s, `cat /tmp/g`, ""); out != "one\ntwo\n" {
		t.Errorf("the file: %q", out)
	}
}

// TestInterpFgCtrlC: Ctrl-C (the line's context) while fg's job reads
// the terminal ends the job with 130, quietly, as the signal ends cat.
func TestInterpFgCtrlC(t *testing.T) {
	s := newInterpSession(t, Options{})
	run(t, s, `cat &`, "")
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for !s.StdinWaiting() {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	var out, errs bytes.Buffer
	st, _ := s.Run(ctx, `fg`, Stdio{Stdin: pr, Stdout: &out, Stderr: &errs})
	if out.String() != "cat\n" || errs.String() != "" || st != 130 {
		t.Errorf("fg: out %q errs %q status %d", out.String(), errs.String(), st)
	}
	if out, _, _ := run(t, s, `jobs`, ""); out != "" {
		t.Errorf("jobs: %q", out)
	}
}

// TestInterpExitWithStoppedJobs: exit at a prompt with a job stopped
// says so and stays, as bash does, unless the command before was such an
// exit too.
func TestInterpExitWithStoppedJobs(t *testing.T) {
	s := newInterpSession(t, Options{})
	run(t, s, `cat &`, "")
	waitFor(t, s, `jobs`, "Stopped")
	for _, line := range []string{"exit 3", "jobs >/dev/null", "exit 3"} {
		if _, errs, st := run(t, s, line, ""); (line == "exit 3") != (errs == "There are stopped jobs.\n") || line == "exit 3" && st != 1 {
			t.Errorf("%s: errs %q status %d", line, errs, st)
		}
		if _, exited := s.Exited(); exited {
			t.Fatalf("%s: the shell exited", line)
		}
	}
	run(t, s, `exit 4`, "")
	if st, exited := s.Exited(); !exited || st != 4 {
		t.Errorf("second exit: exited %v status %d", exited, st)
	}
}

func TestInterpNoJobControlInScripts(t *testing.T) {
	s := newInterpSession(t, Options{Script: true})
	_, errs, st := run(t, s, "sleep 0.01 &\nfg", "")
	if errs != "bash: line 2: fg: no job control\n" || st != 1 {
		t.Errorf("errs %q status %d", errs, st)
	}
}

func TestInterpTrapsAcrossRuns(t *testing.T) {
	s := newInterpSession(t, Options{})
	run(t, s, `trap 'echo "err $?"' ERR; trap 'echo bye' EXIT`, "")
	if out, _, _ := run(t, s, `false`, ""); out != "err 1\n" {
		t.Errorf("ERR trap on a later line: %q", out)
	}
	if out, _, _ := run(t, s, `trap -p EXIT`, ""); out != "trap -- 'echo bye' EXIT\n" {
		t.Errorf("trap -p: %q", out)
	}
	var out bytes.Buffer
	s.Run(context.Background(), `:`, Stdio{Stdout: &out})
	s.Close()
	if out.String() != "bye\n" {
		t.Errorf("EXIT trap at Close: %q", out.String())
	}
}

func TestInterpMemoryBudget(t *testing.T) {
	s := newInterpSession(t, Options{MaxMemory: 64 << 20})
	_, errs, st := run(t, s, `x=a; while :; do x=$x$x; done; echo unreached`, "")
	if st != 1 || !strings.Contains(errs, "x: memory limit of 64 MiB reached (memsh --max-memory)") {
		t.Errorf("doubling: status %d errs %q", st, errs)
	}
	if out, _, st := run(t, s, `x=; echo ok`, ""); out != "ok\n" || st != 0 {
		t.Errorf("the session goes on: %q %d", out, st)
	}
}

func TestInterpSilentRead(t *testing.T) {
	s := newInterpSession(t, Options{})
	pr, pw := io.Pipe()
	done := make(chan string)
	go func() {
		var out bytes.Buffer
		s.Run(context.Background(), `read -s x; echo "got $x"`, Stdio{Stdin: pr, Stdout: &out})
		done <- out.String()
	}()
	for i := 0; s.StdinEcho(); i++ {
		if i > 2000 {
			t.Fatal("echo never turned off for read -s")
		}
		time.Sleep(time.Millisecond)
	}
	io.WriteString(pw, "secret\n")
	if out := <-done; out != "got secret\n" {
		t.Errorf("out %q", out)
	}
	if !s.StdinEcho() {
		t.Error("echo stays off after read -s")
	}
}

// TestInterpReadTerminal: read of the line's own stdin (the terminal
// at a prompt) shows -p's prompt, and -t ends a read of it that gets
// nothing (bash's 142) or, with 0, only asks whether input is there.
func TestInterpReadTerminal(t *testing.T) {
	s := newInterpSession(t, Options{})
	pr, pw := io.Pipe() // idle: nothing is ever typed
	defer pw.Close()
	for _, c := range []struct{ script, out, errs string }{
		{`read -p 'P> ' -t 0.2 x; echo $? "[$x]"`, "142 []\n", "P> "},
		{`read -t 0 x; echo $?`, "1\n", ""},
		{`read -p 'Q> ' y <<< z; echo $y`, "z\n", ""},
	} {
		var out, errs bytes.Buffer
		s.Run(context.Background(), c.script, Stdio{Stdin: pr, Stdout: &out, Stderr: &errs})
		if out.String() != c.out || errs.String() != c.errs {
			t.Errorf("%s: out %q errs %q, want %q %q", c.script, out.String(), errs.String(), c.out, c.errs)
		}
	}
}

// TestInterpShellVariables: the variables bash sets at start-up, with
// the sandbox user's ids (bash has no GID).
func TestInterpShellVariables(t *testing.T) {
	s := newInterpSession(t, Options{})
	out, errs, _ := run(t, s, `declare -p UID EUID PPID BASH_VERSINFO GROUPS COMP_WORDBREAKS; echo ${GID-unset} $BASH_ARGV0`, "")
	want := `declare -ir UID="1000"
declare -ir EUID="1000"
declare -ir PPID="1"
declare -ar BASH_VERSINFO=([0]="5" [1]="2" [2]="15" [3]="1" [4]="release" [5]="x86_64-pc-linux-gnu")
declare -a GROUPS=([0]="1000")
declare -- COMP_WORDBREAKS=$' \t\n"\'@><=;|&(:'
unset bash
`
	if out != want || errs != "" {
		t.Errorf("got %q (stderr %q), want %q", out, errs, want)
	}
}

// TestInterpFdsClose: a file stays open while any descriptor names it
// (a dup, a job's copy of the table) and is closed with the last, so a
// removed file's space comes back then and not before.
func TestInterpFdsClose(t *testing.T) {
	for _, c := range []struct{ script, thenScript string }{
		{"exec 3<big 4<&3; exec 3<&-; rm big", "exec 4<&-"},
		{"exec 3<big; { sleep 0.2; cat <&3 >/dev/null; } & exec 3<&-; rm big", "wait"},
		{"exec 3>>big; exec 3>&3; rm big; echo x >&3", "exec 3>&-"},
		{"exec 3<big; (exec 3<&-); rm big", "exec 3<&-"},
	} {
		s := newInterpSession(t, Options{})
		run(t, s, "head -c 1000000 /dev/zero > big", "")
		before := s.FS().Usage().Bytes
		if _, errs, _ := run(t, s, c.script, ""); errs != "" && errs != "[1] 2001\n" {
			t.Errorf("%s: %s", c.script, errs)
		}
		if freed := before - s.FS().Usage().Bytes; freed >= 1000000 {
			t.Errorf("%s: the file was closed while a descriptor names it", c.script)
		}
		run(t, s, c.thenScript, "")
		if freed := before - s.FS().Usage().Bytes; freed < 1000000 {
			t.Errorf("%s; %s: %d bytes freed, the file is still open", c.script, c.thenScript, freed)
		}
	}
}

// TestInterpSessionsIndependent runs two sessions at once in one process
// with different options, aliases, functions, traps, variables and
// directories: neither ever sees the other's.
func TestInterpSessionsIndependent(t *testing.T) {
	setups := []string{
		`set -o pipefail; shopt -s nullglob; alias ll='echo A'; f() { echo fa; }; trap 'echo trapA' USR1; v=A; cd /tmp; umask 077`,
		`set -u; shopt -s extglob; alias ll='echo B'; f() { echo fb; }; trap 'echo trapB' USR1; v=B; cd /; umask 022`,
	}
	wants := []string{
		"trap -- 'echo trapA' SIGUSR1\nfa A /tmp 0077 alias ll='echo A' pipefail=on nullglob=on extglob=off nounset=off\n",
		"trap -- 'echo trapB' SIGUSR1\nfb B / 0022 alias ll='echo B' pipefail=off nullglob=off extglob=on nounset=on\n",
	}
	probe := `trap -p USR1; echo "$(f) $v $PWD $(umask) $(alias ll)` +
		` pipefail=$(set -o | grep -q 'pipefail.*on' && echo on || echo off)` +
		` nullglob=$(shopt -q nullglob && echo on || echo off)` +
		` extglob=$(shopt -q extglob && echo on || echo off)` +
		` nounset=$([[ $- == *u* ]] && echo on || echo off)"`
	var wg sync.WaitGroup
	errs := make(chan error, 2)
	for i := range setups {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := New(Options{})
			if err != nil {
				errs <- err
				return
			}
			defer s.Close()
			var out bytes.Buffer
			s.Run(context.Background(), setups[i], Stdio{Stdout: &out, Stderr: &out})
			for n := range 50 {
				out.Reset()
				s.Run(context.Background(), probe, Stdio{Stdout: &out, Stderr: &out})
				if out.String() != wants[i] {
					errs <- fmt.Errorf("session %d, probe %d: %q, want %q", i, n, out.String(), wants[i])
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
