package shell

import (
	"context"
	"io"
	"strings"
	"testing"

	"memsh/memfs"
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

// TestPipeBomb: a recursive pipeline stops at the process limit (every
// stage but the last is a goroutine with a copy of the shell) with bash's
// fork message naming the limit, status 254, and the session goes on.
func TestPipeBomb(t *testing.T) {
	s := newTestSession(t, Options{})
	var errb lockedBuffer // proclimit_test.go
	st, err := s.Run(context.Background(), "f() { f | f; }; f; echo no", Stdio{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &errb})
	if err != nil {
		t.Fatal(err)
	}
	if errs := errb.String(); st != 254 || !strings.Contains(errs, "bash: fork: Resource temporarily unavailable (memsh process limit: ") {
		t.Errorf("pipe bomb: status %d, stderr %.300q", st, errs)
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

// TestUlimitSandbox: ulimit reports the sandbox's own limits, never the
// host's: file size is memfs's, memory the session's budget, processes
// the interpreter's process limit.
func TestUlimitSandbox(t *testing.T) {
	s := newTestSession(t, Options{MaxMemory: 64 << 20, FSOptions: memfs.Options{MaxFileSize: 1 << 20}})
	out, errs, st := run(t, s, "ulimit -f; ulimit -d; ulimit -v; ulimit -Hm; ulimit -u; (ulimit -v 100; ulimit -v); ulimit -v", "")
	if want := "1024\n65536\n65536\n65536\n5000\n100\n65536\n"; out != want || errs != "" || st != 0 {
		t.Errorf("stdout %q (want %q) stderr %q status %d", out, want, errs, st)
	}
}
