package interp

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"memsh/memfs"
)

// jobCases pin the job builtins (jobs, wait, kill, disown) to bash 5.2 in
// bash -c: their messages and statuses word for word, job specs (%N, %%,
// %-, %name, %?text, ambiguous ones), jobs -x, bash's job numbering, and
// bash -c forgetting the jobs that ended once a command it waited for is
// done, while wait PID still finds their status; the line bash prints
// for a job a signal ended (not for INT or TERM, nor a trapped signal),
// and INT ignored by a background job without job control; the current
// (+) and previous (-) jobs as bash's reset_current picks them; a job's
// command as bash renders it.
var jobCases = []bashCase{
	{"job_messages", `{
wait 12x; echo "badpid=$?"; wait a b; echo "words=$?"; wait -p 1x 3; echo "ident=$?"
wait -z; echo "opt=$?"; wait -p; echo "arg=$?"; wait %2; echo "job=$?"; wait 99999; echo "pid=$?"
kill -9; echo "usage=$?"; kill -s FOO; echo "sig=$?"; kill -9 abc; echo "ids=$?"; kill -s; echo "needarg=$?"
kill -l 9 TERM sigint 300; echo "list=$?"; kill -sINT; echo "s-attached=$?"; kill -n9; echo "n-attached=$?"
kill -n 9 %1; echo "nojob=$?"; kill -l 0 EXIT 128 129 0x
jobs -x; echo "empty=$?"; jobs -lx echo a; echo "lx=$?"; jobs -rx echo a; echo "rx=$?"
f() { echo "f:$*"; return 3; }; jobs -x f 1 %1; echo "fn=$?"; jobs -x x=1 echo; echo "assign=$?"
} 2>&1 | sed -E 's/^[^ ]*bash: line [0-9]+: //; s/pid [0-9]+/pid N/'
`, "wait: `12x': not a pid or valid job spec\n" +
		"badpid=1\n" +
		"wait: `a': not a pid or valid job spec\n" +
		"wait: `b': not a pid or valid job spec\n" +
		"words=1\n" +
		"wait: `1x': not a valid identifier\n" +
		"ident=1\n" +
		"wait: -z: invalid option\n" +
		"wait: usage: wait [-fn] [-p var] [id ...]\n" +
		"opt=2\n" +
		"wait: -p: option requires an argument\n" +
		"wait: usage: wait [-fn] [-p var] [id ...]\n" +
		"arg=2\n" +
		"wait: %2: no such job\n" +
		"job=127\n" +
		"wait: pid N is not a child of this shell\n" +
		"pid=127\n" +
		"kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n" +
		"usage=2\n" +
		"kill: FOO: invalid signal specification\n" +
		"sig=1\n" +
		"kill: abc: arguments must be process or job IDs\n" +
		"ids=1\n" +
		"kill: -s: option requires an argument\n" +
		"needarg=1\n" +
		"KILL\n" +
		"15\n" +
		"2\n" +
		"kill: 300: invalid signal specification\n" +
		"list=1\n" +
		"kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n" +
		"s-attached=2\n" +
		"kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n" +
		"n-attached=2\n" +
		"kill: %1: no such job\n" +
		"nojob=1\n" +
		"EXIT\n" +
		"0\n" +
		"kill: 128: invalid signal specification\n" +
		"HUP\n" +
		"kill: 0x: invalid signal specification\n" +
		"empty=0\n" +
		"jobs: no other options allowed with `-x'\n" +
		"lx=1\n" +
		"a\n" +
		"rx=0\n" +
		"f:1 %1\n" +
		"fn=3\n" +
		"x=1: command not found\n" +
		"assign=127\n", 0},
	{"job_specs", `{
sleep 1 & sleep 1 &
jobs %sl; echo "jobs=$?"; jobs %?EE; echo "substr=$?"; kill %sl; echo "kill=$?"; wait %sl; echo "wait=$?"
disown %sl; echo "disown=$?"; jobs -x echo %sl; echo "x=$?"; jobs %3; jobs %0
kill %1; wait %1; echo "killed=$?"; sleep 1 & jobs; kill %2 %3 %9; echo "some=$?"; wait
} 2>&1 | sed -E 's/^[^ ]*bash: line [0-9]+: //; s/pid [0-9]+/pid N/'
`, `jobs: sl: ambiguous job spec
jobs: %sl: no such job
jobs=1
jobs: EE: ambiguous job spec
jobs: %?EE: no such job
substr=1
kill: sl: ambiguous job spec
kill=1
wait: sl: ambiguous job spec
wait=127
disown: sl: ambiguous job spec
disown: %sl: no such job
disown=1
jobs: sl: ambiguous job spec
%sl
x=0
jobs: %3: no such job
jobs: %0: no such job
killed=143
[2]-  Running                 sleep 1 &
[3]+  Running                 sleep 1 &
kill: %9: no such job
some=0
`, 0},
	{"job_cleanup", `{
(exit 7) & sleep 0.5; wait %1; echo "spec=$?"
(exit 6) & p=$!; sleep 0.5; jobs; wait $p; echo "id=$?"; wait $p; echo "again=$?"
sleep 0.2 & p=$!; wait; wait $p; echo "after-wait=$?"
sleep 1 & (jobs); echo "subshell=$?"; jobs | cat; echo "$(jobs)"; (wait %1; echo "sub=$?"); kill %1
} 2>&1 | sed -E 's/^[^ ]*bash: line [0-9]+: //; s/pid [0-9]+/pid N/'
`, `wait: %1: no such job
spec=127
id=6
again=6
wait: pid N is not a child of this shell
after-wait=127
subshell=0
[1]+  Running                 sleep 1 &
[1]+  Running                 sleep 1 &
wait: %1: no such job
sub=127
`, 0},
	{"job_killed", `exec 2>err.txt
sleep 1 & kill -HUP $!; wait $!; echo "hup=$?"
sleep 1 & kill -INT %1; kill %1; wait; echo "quiet=$?"
sleep 1 & kill -9 %1; sleep 0.1; wait $!; echo "again=$?"
(sleep 1 & kill -USR2 %1; wait; echo "sub=$?")
exec 2>&-; sed -E 's/^[^ ]*bash: line ([0-9]+): +[0-9]+ /line \1: PID /' err.txt; rm err.txt
`, `hup=129
quiet=0
again=137
sub=0
line 2: PID Hangup                  sleep 1
line 4: PID Killed                  sleep 1
line 5: PID User defined signal 2   sleep 1
`, 0},
	{"job_current_previous", `sleep 1 & sleep 1 & sleep 1 & jobs; kill %3; wait %3; jobs; kill %2; wait %2; jobs; sleep 1 & jobs; jobs %- %+; kill %1 %4; wait
`, `[1]   Running                 sleep 1 &
[2]-  Running                 sleep 1 &
[3]+  Running                 sleep 1 &
[1]-  Running                 sleep 1 &
[2]+  Running                 sleep 1 &
[1]+  Running                 sleep 1 &
[1]-  Running                 sleep 1 &
[2]+  Running                 sleep 1 &
[1]-  Running                 sleep 1 &
[2]+  Running                 sleep 1 &
`, 0},
	{"job_text", `sleep  1 & (sleep 1; echo x) & { sleep 1; } & sleep 1 | cat & x=1 sleep 1 & sleep 1 >/dev/null 2>&1 &
f() { sleep 1; }; f & sleep "1" & ! sleep 1 && true & sleep 1 < /dev/null 3>>/dev/null &
jobs; kill %1 %2 %3 %4 %5 %6 %7 %8 %9 %10; wait
`, `[1]   Running                 sleep 1 &
[2]   Running                 ( sleep 1; echo x ) &
[3]   Running                 { sleep 1; } &
[4]   Running                 sleep 1 | cat &
[5]   Running                 x=1 sleep 1 &
[6]   Running                 sleep 1 > /dev/null 2>&1 &
[7]   Running                 f &
[8]   Running                 sleep "1" &
[9]-  Running                 ! sleep 1 && true &
[10]+  Running                 sleep 1 < /dev/null 3>> /dev/null &
`, 0},
	{"compgen_jobs", `compgen -j; echo "none=$?"; sleep 1 & { sleep 1; } & x=1 sleep 1 | cat & (sleep 1) &
compgen -j; echo --; compgen -A running; echo --; compgen -A stopped; echo "stopped=$?"; compgen -j -P x s
complete -j fgx; complete -p fgx; kill %1 %2 %3 %4; wait
`, `none=1
(
x=1
{
sleep
--
(
x=1
{
sleep
--
stopped=1
xsleep
complete -j fgx
`, 0},
	{"procsubst_pid", `cat <(echo a) <(exit 4); p=$!; wait $p; echo "st=$?"
: > >(cat >/dev/null); [ "$!" != "$p" ] && echo new; wait $!; echo "st=$?"
cat <(exit 5) >/dev/null & wait $!; echo "job=$?"
echo $(cat <(true); [ -n "$!" ] && echo inner) "[${!:+outer}]"
`, `a
st=4
new
st=0
job=0
inner [outer]
`, 0},
}

// TestJobBuiltins runs jobCases.
func TestJobBuiltins(t *testing.T) { runCases(t, jobCases) }

// jobsScriptFile is a script read from a file, where bash keeps a job
// that ended in its table until jobs or wait reports it;
// jobsScriptFileStdout is its stdout, recorded from bash 5.2 (bash FILE).
const jobsScriptFile = `sleep 0.05 & sleep 0.5; jobs; echo ---
(exit 7) & sleep 0.5; wait %1; echo "spec=$?"
sleep 0.05 & sleep 0.5; jobs -p | wc -l; jobs %1 >/dev/null; echo "kept=$?"; jobs; jobs; echo "reported=$?"
`

const jobsScriptFileStdout = `[1]+  Done                    sleep 0.05
---
spec=7
1
kept=0
reported=0
`

// TestJobsInScriptFile: in a script read from a file the jobs that ended
// stay in jobs ("Done") and in %N until reported, as bash keeps them;
// bash -c would have forgotten them (TestJobBuiltins).
func TestJobsInScriptFile(t *testing.T) {
	if bash, err := exec.LookPath("bash"); err == nil {
		file := filepath.Join(t.TempDir(), "jobs.sh")
		if err := os.WriteFile(file, []byte(jobsScriptFile), 0o644); err != nil {
			t.Fatal(err)
		}
		out, _ := exec.Command(bash, file).Output()
		if string(out) != jobsScriptFileStdout {
			t.Errorf("recording no longer matches host bash: %q", out)
		}
	}
	fsys := memfs.New(memfs.Options{UID: sandboxUID, GID: sandboxGID})
	fsys.MkdirAll("/tmp", 0o1777)
	r := New(Config{FS: fsys, Commands: registry(), Env: testEnvVars, Dir: "/tmp", Script: true, FromFile: true})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var out, errb bytes.Buffer
	status, _ := r.Run(ctx, jobsScriptFile, Stdio{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb})
	if out.String() != jobsScriptFileStdout || status != 0 {
		t.Errorf("status %d stdout\n%s--- want\n%s--- stderr\n%s", status, out.String(), jobsScriptFileStdout, errb.String())
	}
}

// TestJobStatusesBounded: a loop of many short jobs keeps at most
// keptStatuses ended ones for wait PID (besides the table), not one per
// job, and wait PID still finds the newest.
func TestJobStatusesBounded(t *testing.T) {
	fsys := memfs.New(memfs.Options{UID: sandboxUID, GID: sandboxGID})
	r := New(Config{FS: fsys, Commands: registry(), Env: testEnvVars, Script: true})
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var out bytes.Buffer
	r.Run(ctx, "for i in $(seq 3000); do (exit 3) & done; p=$!; sleep 0.1; true & wait $p; echo $?", Stdio{Stdout: &out})
	r.waitAll()
	if out.String() != "3\n" {
		t.Errorf("wait $p: %q", out.String())
	}
	r.bg.mu.Lock()
	n := len(r.bg.byPid)
	r.bg.mu.Unlock()
	if n > 2*keptStatuses+1 {
		t.Errorf("%d statuses kept after 3000 jobs", n)
	}
}

// TestJobTerminalAtPrompt: at a prompt a job starting prints bash -i's
// "[1] PID" line; a job reading the terminal stops (wait returns 149
// once it does, with bash's notice) until fg gives it fg's stdin; bg
// lets it read again, when it stops again.
func TestJobTerminalAtPrompt(t *testing.T) {
	fsys := memfs.New(memfs.Options{UID: sandboxUID, GID: sandboxGID})
	fsys.MkdirAll("/tmp", 0o1777)
	r := New(Config{FS: fsys, Commands: registry(), Env: testEnvVars, Dir: "/tmp", Interactive: true})
	defer r.KillJobs()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	run := func(src, stdin string) (string, string, int) {
		var out, errb bytes.Buffer
		st, _ := r.Run(ctx, src, Stdio{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb})
		return out.String(), errb.String(), st
	}
	// wait tells of a stop it saw happen, or warns of one that came first.
	const stopSeen, stopBefore = "\n[1]+  Stopped                 cat > f\n", "bash: warning: wait_for_job: job 1 is stopped\n"
	steps := []struct{ src, stdin, out, errs string }{
		{"cat > f &", "", "", "[1] 2001\n"},
		{"wait %1; echo $?", "", "149\n", stopSeen},
		{"jobs; compgen -A stopped; bg", "", "[1]+  Stopped                 cat > f\ncat\n[1]+ cat > f &\n", ""},
		{"wait $!; echo $?", "", "149\n", stopSeen},
		{"wait %1; echo $?", "", "149\n", stopBefore},
		{"fg; echo $?", "a\nb\n", "cat > f\n0\n", ""},
		{"cat f; jobs", "", "a\nb\n", ""},
	}
	for _, s := range steps {
		out, errs, _ := run(s.src, s.stdin)
		if s.errs == stopSeen && errs == stopBefore {
			errs = stopSeen
		}
		if out != s.out || errs != s.errs {
			t.Errorf("%s:\n got %q %q\nwant %q %q", s.src, out, errs, s.out, s.errs)
		}
	}
}

// TestSubshellLeavesJobs: a ( ) subshell ends without waiting for the
// jobs it started, as bash's does, so a reader after it can meet their
// writes: (echo x > fifo &); cat fifo. The script's end still waits.
func TestSubshellLeavesJobs(t *testing.T) {
	out, _, st := runMemsh(t, `mkfifo p
(echo via-fifo > p &)
cat p
(sleep 0.05; echo late) &
wait
( (echo from-orphan) & )
`)
	if want := "via-fifo\nlate\nfrom-orphan\n"; out != want || st != 0 {
		t.Errorf("got %q (status %d), want %q", out, st, want)
	}
}

// TestSignalParentShell: a child shell's kill reaches the shell that ran
// it (sh -c "kill -USR1 $$"), whose trap runs when the child has ended,
// or whose default action ends it, as in bash.
func TestSignalParentShell(t *testing.T) {
	runCases(t, []bashCase{
		{"usr1_trap", `trap 'echo usr1' USR1
sh -c "kill -USR1 $$; echo child"
echo after=$?
`, "child\nusr1\nafter=0\n", 0},
		{"term_default", `bash -c 'sh -c "kill -TERM $$"; echo not-reached'
echo status=$?
`, "status=143\n", 0},
		{"two_levels", `trap 'echo top' USR2
bash -c 'sh -c "kill -USR2 '$$'"; echo middle'
echo end
`, "middle\ntop\nend\n", 0},
	})
}
