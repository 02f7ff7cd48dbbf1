package shell

import (
	"context"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"

	"memsh/shell/command"
)

// TestSubstLimit: a command substitution that never ends stops at the
// in-memory limit with a message naming it, and the session goes on.
func TestSubstLimit(t *testing.T) {
	old := command.MaxHeld
	command.MaxHeld = 1 << 20
	defer func() { command.MaxHeld = old }()
	s := newTestSession(t, Options{})
	for _, script := range []string{
		"x=$(yes); echo unreached",
		"x=$(while :; do echo abcdefgh; done); echo unreached",
		"x=$(printf '%s\\n' {1..200000}; cat /dev/zero); echo unreached",
		"x=$(yes | cat); echo unreached",
	} {
		out, errs, st := run(t, s, script, "")
		if st == 0 || out != "" || !strings.Contains(errs, "command substitution stopped: its output exceeds the in-memory limit of 1 MiB") {
			t.Errorf("%s: stdout %q stderr %q status %d", script, out, errs, st)
		}
	}
	out, _, st := run(t, s, "x=$(seq 100000); echo ${#x}", "")
	if out != "588894\n" || st != 0 {
		t.Errorf("under the limit: %q %d", out, st)
	}
}

// TestPipeBomb: a recursive pipeline stops at the open file limit (each
// pipe is two of the process's files) with a message naming it, and the
// session goes on.
func TestPipeBomb(t *testing.T) {
	fdLimitTest.Store(openFiles() + 400)
	defer fdLimitTest.Store(0)
	procLimitSaid.Store(0)
	s := newTestSession(t, Options{})
	var errb lockedBuffer // proclimit_test.go
	st, err := s.Run(context.Background(), "f() { f | f; }; f; echo no", Stdio{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &errb})
	if err != nil {
		t.Fatal(err)
	}
	if errs := errb.String(); st != 254 || !strings.Contains(errs, "bash: pipe error: Too many open files (memsh open file limit: ") {
		t.Errorf("pipe bomb: status %d, stderr %q", st, errs)
	}
	fdLimitTest.Store(0)
	for deadline := time.Now().Add(10 * time.Second); runtime.NumGoroutine() > fdCheckFloor && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	out, _, st := run(t, s, "g() { echo fine | cat; }; g", "")
	if out != "fine\n" || st != 0 {
		t.Errorf("after the limit: %q %d", out, st)
	}
}

// TestJobsCleanup: bash -c drops the jobs that ended once a command it
// waited for is done, so jobs lists nothing and %N is gone, while wait
// still finds the job by its id.
func TestJobsCleanup(t *testing.T) {
	s := newTestSession(t, Options{Script: true})
	out, errs, st := run(t, s, "true & sleep 0.2; jobs; echo listed; (exit 7) & sleep 0.2; wait %2; echo $?; wait $!; echo $?", "")
	if out != "listed\n127\n7\n" || !strings.Contains(errs, "wait: %2: no such job") || st != 0 {
		t.Errorf("stdout %q stderr %q status %d", out, errs, st)
	}
}

// TestJobsForgotten: a loop of background jobs keeps only the last
// keptEndedJobs ended jobs as variables (each job's copy of the shell
// copies them all), while wait still gets a forgotten job's status.
func TestJobsForgotten(t *testing.T) {
	s := newTestSession(t, Options{Script: true})
	out, errs, st := run(t, s, "(exit 5) & p=$!; for i in $(seq 300); do true & done; wait; true & n=(${!__memsh_job_*}); echo ${#n[@]}; wait $p; echo $?", "")
	if out != "65\n5\n" || errs != "" || st != 0 {
		t.Errorf("stdout %q stderr %q status %d", out, errs, st)
	}
}
