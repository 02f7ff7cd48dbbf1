package sysutil

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"math/big"
	"math/rand/v2"
	"memsh/shell/internal/strftime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"memsh/memfs"
	"memsh/shell/command"
)

// setupRun runs a command over a memfs prepared by setup, for cases the
// Case table cannot express (symlinks, times, identities).
func setupRun(t *testing.T, setup func(fsys *memfs.FS), env []string, args ...string) (string, string, int) {
	t.Helper()
	fsys := memfs.New(memfs.Options{UID: 1000, GID: 1000})
	if err := fsys.MkdirAll("/home/user", 0o755); err != nil {
		t.Fatal(err)
	}
	if setup != nil {
		setup(fsys)
	}
	var out, errb bytes.Buffer
	if env == nil {
		env = []string{"HOME=/home/user", "PATH=/usr/bin:/bin", "USER=user", "LANG=C.UTF-8"}
	}
	inv := &command.Invocation{Args: args, Stdio: command.Stdio{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb},
		FS: fsys, Dir: "/home/user", Environ: env, Exec: testExec, Width: 80}
	var run command.Func
	for _, c := range Commands() {
		if c.Name == args[0] {
			run = c.Run
		}
	}
	st := run(context.Background(), inv)
	return out.String(), errb.String(), st
}

func mustDo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func check(t *testing.T, what, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s:\n got %q\nwant %q", what, got, want)
	}
}

func symlinkTree(t *testing.T) func(*memfs.FS) {
	return func(fsys *memfs.FS) {
		mustDo(t, fsys.MkdirAll("/home/user/d/e", 0o755))
		mustDo(t, fsys.WriteFile("/home/user/d/f", []byte("hi\n"), 0o644))
		mustDo(t, fsys.Symlink("f", "/home/user/d/l"))
		mustDo(t, fsys.Symlink("nope", "/home/user/d/dangling"))
		mustDo(t, fsys.Symlink("e", "/home/user/d/le"))
	}
}

// Symlink behaviour checked against GNU find 4.9 on the same tree.
func TestFindSymlinks(t *testing.T) {
	cases := []struct {
		args []string
		out  string
	}{
		{[]string{"find", "d", "-type", "l"}, "d/dangling\nd/l\nd/le\n"},
		{[]string{"find", "-L", "d", "-type", "l"}, "d/dangling\n"},
		{[]string{"find", "-L", "d", "-type", "f"}, "d/f\nd/l\n"},
		{[]string{"find", "-L", "d", "-type", "d"}, "d\nd/e\nd/le\n"},
		{[]string{"find", "d", "-xtype", "f"}, "d/f\nd/l\n"},
		{[]string{"find", "d", "-xtype", "l"}, "d/dangling\n"},
		{[]string{"find", "d", "-lname", "n*"}, "d/dangling\n"},
		{[]string{"find", "d", "-type", "l", "-printf", "%p %l %y %Y\n"}, "d/dangling nope l N\nd/l f l f\nd/le e l d\n"},
		{[]string{"find", "d/l"}, "d/l\n"},
		{[]string{"find", "-H", "d/le"}, "d/le\n"},
		{[]string{"find", "d", "-samefile", "d/f"}, "d/f\n"},
		{[]string{"find", "-L", "d", "-samefile", "d/f"}, "d/f\nd/l\n"},
	}
	for _, c := range cases {
		out, errs, st := setupRun(t, symlinkTree(t), nil, c.args...)
		check(t, strings.Join(c.args, " "), out, c.out)
		if errs != "" || st != 0 {
			t.Errorf("%v: stderr %q status %d", c.args, errs, st)
		}
	}
}

func TestFindTimes(t *testing.T) {
	now := time.Now()
	setup := func(fsys *memfs.FS) {
		mustDo(t, fsys.MkdirAll("/home/user/d", 0o755))
		for name, age := range map[string]time.Duration{"new": time.Minute, "day": 30 * time.Hour, "old": 10 * 24 * time.Hour} {
			p := "/home/user/d/" + name
			mustDo(t, fsys.WriteFile(p, nil, 0o644))
			mustDo(t, fsys.Chtimes(p, now.Add(-age), now.Add(-age)))
		}
		mustDo(t, fsys.Chtimes("/home/user/d", now.Add(-5*time.Hour), now.Add(-5*time.Hour)))
	}
	for _, c := range []struct {
		args []string
		out  string
	}{
		{[]string{"find", "d", "-mtime", "0"}, "d\nd/new\n"},
		{[]string{"find", "d", "-mtime", "1"}, "d/day\n"},
		{[]string{"find", "d", "-mtime", "+1"}, "d/old\n"},
		{[]string{"find", "d", "-mtime", "-2", "-type", "f"}, "d/day\nd/new\n"},
		{[]string{"find", "d", "-mmin", "-10"}, "d/new\n"},
		{[]string{"find", "d", "-mmin", "+60", "-type", "f"}, "d/day\nd/old\n"},
		{[]string{"find", "d", "-newer", "d/day"}, "d\nd/new\n"},
		{[]string{"find", "d", "-type", "f", "!", "-newer", "d/day"}, "d/day\nd/old\n"},
		{[]string{"find", "d", "-newermt", "@" + strFormatUnix(now.Add(-2*time.Hour))}, "d/new\n"},
	} {
		out, errs, st := setupRun(t, setup, nil, c.args...)
		check(t, strings.Join(c.args, " "), out, c.out)
		if errs != "" || st != 0 {
			t.Errorf("%v: stderr %q status %d", c.args, errs, st)
		}
	}
}

func strFormatUnix(t time.Time) string { return strings.TrimSpace(strftime.Format("%s", t)) }

func TestFindExecStatus(t *testing.T) {
	tree := func(fsys *memfs.FS) {
		mustDo(t, fsys.MkdirAll("/home/user/d", 0o755))
		mustDo(t, fsys.WriteFile("/home/user/d/a", nil, 0o644))
	}
	// -exec ... ; is a test: false when the command fails; find's status
	// is unaffected. -exec ... + failing makes find exit 1.
	out, errs, st := setupRun(t, tree, nil, "find", "d", "-exec", "exit", "1", ";", "-o", "-print")
	check(t, "exec ; false", out, "d\nd/a\n")
	if errs != "" || st != 0 {
		t.Errorf("stderr %q status %d", errs, st)
	}
	_, _, st = setupRun(t, tree, nil, "find", "d", "-exec", "exit", "3", "{}", "+")
	if st != 1 {
		t.Errorf("exec + failing: status %d, want 1", st)
	}
	_, errs, st = setupRun(t, tree, nil, "find", "d", "-exec", "nosuch", "{}", "+")
	check(t, "exec + not found", errs, "find: ‘nosuch’: No such file or directory\n")
	if st != 1 {
		t.Errorf("status %d", st)
	}
}

func TestFindOk(t *testing.T) {
	tree := func(fsys *memfs.FS) {
		mustDo(t, fsys.MkdirAll("/home/user/d", 0o755))
		mustDo(t, fsys.WriteFile("/home/user/d/a", nil, 0o644))
	}
	c := command.Case{Args: []string{"find", "d", "-ok", "echo", "{}", ";"}, Stdin: "n\ny\n"}
	_ = tree
	c.Files = map[string]string{"/home/user/d/a": ""}
	out, errs, st, _ := c.Run(runFind, testExec)
	check(t, "stdout", out, "d/a\n")
	check(t, "stderr", errs, "< echo ... d > ? < echo ... d/a > ? ")
	if st != 0 {
		t.Errorf("status %d", st)
	}
}

func TestFindDeleteAndFprint(t *testing.T) {
	c := command.Case{Args: []string{"find", "d", "-name", "*.tmp", "-fprint", "/tmp/list", "-delete"},
		Files: map[string]string{"/home/user/d/a.tmp": "", "/home/user/d/s/b.tmp": "", "/home/user/d/keep": ""}}
	out, errs, st, fsys := c.Run(runFind, testExec)
	if out != "" || errs != "" || st != 0 {
		t.Fatalf("got %q %q %d", out, errs, st)
	}
	data, err := fsys.ReadFile("/tmp/list")
	mustDo(t, err)
	check(t, "fprint", string(data), "d/a.tmp\nd/s/b.tmp\n")
	if _, err := fsys.Stat("/home/user/d/s/b.tmp"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("b.tmp not deleted: %v", err)
	}
	if _, err := fsys.Stat("/home/user/d/keep"); err != nil {
		t.Errorf("keep: %v", err)
	}
}

func TestFindLsAndOwners(t *testing.T) {
	setup := func(fsys *memfs.FS) {
		mustDo(t, fsys.MkdirAll("/etc", 0o755))
		mustDo(t, fsys.WriteFile("/etc/passwd", []byte("root:x:0:0:root:/root:/bin/sh\nuser:x:1000:1000::/home/user:/bin/sh\n"), 0o644))
		mustDo(t, fsys.WriteFile("/etc/group", []byte("root:x:0:\nuser:x:1000:\n"), 0o644))
		mustDo(t, fsys.WriteFile("/home/user/f", []byte("abc"), 0o640))
		mustDo(t, fsys.Chtimes("/home/user/f", time.Unix(1704164645, 0), time.Unix(1704164645, 0)))
	}
	out, _, _ := setupRun(t, setup, nil, "find", "f", "-user", "user", "-group", "user", "-printf", "%u %g %U %G %m %M %s\n")
	check(t, "owners", out, "user user 1000 1000 640 -rw-r----- 3\n")
	out, _, _ = setupRun(t, setup, nil, "find", "f", "-ls")
	if !strings.Contains(out, " -rw-r-----   1 user     user            3 Jan  2  2024 f\n") {
		t.Errorf("-ls: %q", out)
	}
	_, errs, st := setupRun(t, setup, nil, "find", "f", "-user", "bob")
	check(t, "unknown user", errs, "find: ‘bob’ is not the name of a known user\n")
	if st != 1 {
		t.Errorf("status %d", st)
	}
	out, _, _ = setupRun(t, setup, nil, "find", "f", "-printf", "%TY-%Tm-%Td %TT|%t|%T@\n")
	check(t, "times", out, "2024-01-02 03:04:05.0000000000|Tue Jan  2 03:04:05.0000000000 2024|1704164645.0000000000\n")
}

func TestXargsStatuses(t *testing.T) {
	for _, c := range []struct {
		args   []string
		stdin  string
		out    string
		errs   string
		status int
	}{
		{[]string{"xargs", "exit", "1"}, "a\n", "", "", 123},
		{[]string{"xargs", "-n1", "exit", "255"}, "a\nb\n", "", "xargs: exit: exited with status 255; aborting\n", 124},
		{[]string{"xargs", "-n1", "exit", "127"}, "a\nb\n", "", "", 127},
		{[]string{"xargs", "nosuch"}, "a\n", "", "xargs: nosuch: No such file or directory\n", 127},
		{[]string{"xargs", "-n1", "exit", "130"}, "a\n", "", "xargs: exit: terminated by signal 2\n", 125},
		{[]string{"xargs", "cat"}, "a\n", "a\n", "", 0}, // commands get an empty stdin
	} {
		out, errs, st, _ := command.Case{Args: c.args, Stdin: c.stdin}.Run(runXargs, testExec)
		if c.args[len(c.args)-1] == "cat" {
			check(t, "cat stdin", out, "")
			continue
		}
		check(t, strings.Join(c.args, " ")+" stdout", out, c.out)
		check(t, strings.Join(c.args, " ")+" stderr", errs, c.errs)
		if st != c.status {
			t.Errorf("%v: status %d want %d", c.args, st, c.status)
		}
	}
}

func TestXargsStreams(t *testing.T) {
	// A large input runs in batches bounded by -s, never all at once.
	var in strings.Builder
	for i := 0; i < 50000; i++ {
		in.WriteString("word ")
	}
	out, errs, st, _ := command.Case{Args: []string{"xargs", "-s", "1000"}, Stdin: in.String()}.Run(runXargs, testExec)
	if errs != "" || st != 0 {
		t.Fatalf("%q %d", errs, st)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for _, l := range lines {
		if len(l)+1+len("echo ") > 1000 {
			t.Fatalf("line too long: %d", len(l))
		}
	}
	if got := strings.Count(out, "word"); got != 50000 {
		t.Errorf("words: %d", got)
	}
}

func TestEnvPassesEnvironment(t *testing.T) {
	out, errs, st := setupRun(t, nil, []string{"A=1", "B=2", "HOME=/h"}, "env", "-u", "A", "C=3", "B=4", "showenv")
	check(t, "env", out, "B=4\nHOME=/h\nC=3\n")
	if errs != "" || st != 0 {
		t.Errorf("%q %d", errs, st)
	}
	out, _, _ = setupRun(t, nil, []string{"A=1"}, "env", "-i", "showenv")
	check(t, "env -i", out, "")
	out, _, _ = setupRun(t, nil, []string{"A=1"}, "env", "-S", "showenv -i", "X=1")
	check(t, "env -S passes the split words", out, "A=1\n")
	_, errs, st = setupRun(t, func(fsys *memfs.FS) {
		mustDo(t, fsys.WriteFile("/home/user/script", []byte("#!/bin/sh\n"), 0o644))
	}, nil, "env", "./script")
	check(t, "not executable", errs, "env: ‘./script’: Permission denied\n")
	if st != 126 {
		t.Errorf("status %d", st)
	}
	out, _, _ = setupRun(t, nil, []string{"A=1"}, "env")
	check(t, "print", out, "A=1\n")
}

func TestIdentity(t *testing.T) {
	setup := func(fsys *memfs.FS) {
		mustDo(t, fsys.MkdirAll("/etc", 0o755))
		mustDo(t, fsys.WriteFile("/etc/passwd", []byte("root:x:0:0:root:/root:/bin/sh\nuser:x:1000:1000::/home/user:/bin/sh\n"), 0o644))
		mustDo(t, fsys.WriteFile("/etc/group", []byte("root:x:0:\nuser:x:1000:\nwheel:x:10:user\n"), 0o644))
		mustDo(t, fsys.WriteFile("/etc/hostname", []byte("box.example\n"), 0o644))
	}
	env := []string{"UID=1000", "USER=user"}
	for _, c := range []struct {
		args []string
		out  string
	}{
		{[]string{"id"}, "uid=1000(user) gid=1000(user) groups=1000(user),10(wheel)\n"},
		{[]string{"id", "-u"}, "1000\n"},
		{[]string{"id", "-un"}, "user\n"},
		{[]string{"id", "-G"}, "1000 10\n"},
		{[]string{"id", "-Gn"}, "user wheel\n"},
		{[]string{"id", "-gn"}, "user\n"},
		{[]string{"id", "root"}, "uid=0(root) gid=0(root) groups=0(root)\n"},
		{[]string{"whoami"}, "user\n"},
		{[]string{"hostname"}, "box.example\n"},
		{[]string{"hostname", "-s"}, "box\n"},
		{[]string{"hostname", "-d"}, "example\n"},
		{[]string{"uname"}, "Linux\n"},
		{[]string{"uname", "-n"}, "box.example\n"},
		{[]string{"uname", "-a"}, "Linux box.example 6.1.0-memsh #1 SMP PREEMPT_DYNAMIC memsh " + command.Machine() + " GNU/Linux\n"},
		{[]string{"uname", "-srpio"}, "Linux 6.1.0-memsh unknown unknown GNU/Linux\n"},
	} {
		out, errs, st := setupRun(t, setup, env, c.args...)
		check(t, strings.Join(c.args, " "), out, c.out)
		if errs != "" || st != 0 {
			t.Errorf("%v: %q %d", c.args, errs, st)
		}
	}
	// Without /etc files the sandbox user still has a name.
	out, _, _ := setupRun(t, nil, []string{"USER=user"}, "id")
	check(t, "bare id", out, "uid=1000(user) gid=1000(user) groups=1000(user)\n")
	out, _, _ = setupRun(t, nil, nil, "hostname")
	check(t, "default hostname", out, "memsh\n")
}

func TestWhich(t *testing.T) {
	setup := func(fsys *memfs.FS) {
		mustDo(t, fsys.MkdirAll("/usr/bin", 0o755))
		mustDo(t, fsys.MkdirAll("/bin", 0o755))
		mustDo(t, fsys.WriteFile("/usr/bin/ls", nil, 0o755))
		mustDo(t, fsys.WriteFile("/bin/ls", nil, 0o755))
		mustDo(t, fsys.WriteFile("/usr/bin/data", nil, 0o644))
		mustDo(t, fsys.WriteFile("/home/user/run", nil, 0o755))
	}
	env := []string{"PATH=/usr/bin:/bin"}
	for _, c := range []struct {
		args   []string
		out    string
		errs   string
		status int
	}{
		{[]string{"which", "ls"}, "/usr/bin/ls\n", "", 0},
		{[]string{"which", "-a", "ls"}, "/usr/bin/ls\n/bin/ls\n", "", 0},
		{[]string{"which", "ls", "nope", "data"}, "/usr/bin/ls\n", "", 1},
		{[]string{"which", "./run"}, "./run\n", "", 0},
		{[]string{"which"}, "", "", 1},
		{[]string{"which", "-x"}, "", "Illegal option -x\nUsage: /usr/bin/which [-a] args\n", 2},
	} {
		out, errs, st := setupRun(t, setup, env, c.args...)
		check(t, strings.Join(c.args, " "), out, c.out)
		check(t, strings.Join(c.args, " ")+" stderr", errs, c.errs)
		if st != c.status {
			t.Errorf("%v: status %d", c.args, st)
		}
	}
}

func TestTrueFalseClear(t *testing.T) {
	runCases(t, runTrue, []command.Case{
		{Args: []string{"true"}},
		{Args: []string{"true", "--foo", "x"}},
		{Args: []string{"true", "--help", "x"}},
		{Args: []string{"true", "--version"}, Stdout: "true (memsh) 9.1\n"},
	})
	runCases(t, runFalse, []command.Case{
		{Args: []string{"false"}, Status: 1},
		{Args: []string{"false", "--version"}, Stdout: "false (memsh) 9.1\n", Status: 1},
	})
	runCases(t, runClear, []command.Case{
		{Args: []string{"clear"}, Stdout: "\x1b[H\x1b[2J\x1b[3J"},
		{Args: []string{"clear", "-x"}, Stdout: "\x1b[H\x1b[2J"},
	})
	out, _, st, _ := command.Case{Args: []string{"true", "--help"}}.Run(runTrue, nil)
	if !strings.HasPrefix(out, "Usage: true") || st != 0 {
		t.Errorf("true --help: %q %d", out, st)
	}
	out, _, st, _ = command.Case{Args: []string{"false", "--help"}}.Run(runFalse, nil)
	if !strings.HasPrefix(out, "Usage: false") || st != 1 {
		t.Errorf("false --help: %q %d", out, st)
	}
}

// failAfter accepts n bytes, then fails as a closed pipe does.
type failAfter struct {
	n   int
	err error
}

func (w *failAfter) Write(p []byte) (int, error) {
	if w.n <= 0 {
		return 0, w.err
	}
	w.n -= len(p)
	return len(p), nil
}

func TestYesStopsOnBrokenPipe(t *testing.T) {
	inv := &command.Invocation{Args: []string{"yes", "abc"}, Stdio: command.Stdio{Stdout: &failAfter{n: 1 << 20, err: syscall.EPIPE}, Stderr: io.Discard}}
	if st := runYes(context.Background(), inv); st != 141 {
		t.Errorf("status %d, want 141", st)
	}
	var errb bytes.Buffer
	inv = &command.Invocation{Args: []string{"yes"}, Stdio: command.Stdio{Stdout: &failAfter{n: 10, err: syscall.ENOSPC}, Stderr: &errb}}
	if st := runYes(context.Background(), inv); st != 1 {
		t.Errorf("status %d, want 1", st)
	}
	check(t, "ENOSPC", errb.String(), "yes: write error: No space left on device\n")
}

func TestSleepAndTimeoutCancel(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	inv := &command.Invocation{Args: []string{"sleep", "1d"}, Stdio: command.Stdio{Stdout: io.Discard, Stderr: io.Discard}}
	if st := runSleep(ctx, inv); st != 130 {
		t.Errorf("sleep cancelled: %d", st)
	}
	// timeout stops a command that honours its context.
	out, errs, st, _ := command.Case{Args: []string{"timeout", "-v", "0.02", "sleep", "10"}}.Run(runTimeout, testExec)
	if out != "" || errs != "timeout: sending signal TERM to command ‘sleep’\n" || st != 124 {
		t.Errorf("timeout: %q %q %d", out, errs, st)
	}
	_, _, st, _ = command.Case{Args: []string{"timeout", "-s", "KILL", "0.02", "sleep", "10"}}.Run(runTimeout, testExec)
	if st != 137 {
		t.Errorf("timeout -s KILL: %d", st)
	}
	_, _, st, _ = command.Case{Args: []string{"timeout", "--preserve-status", "-s", "HUP", "0.02", "sleep", "10"}}.Run(runTimeout, testExec)
	if st != 129 {
		t.Errorf("timeout --preserve-status -s HUP: %d", st)
	}
	_, _, st, _ = command.Case{Args: []string{"timeout", "5", "exit", "3"}}.Run(runTimeout, testExec)
	if st != 3 {
		t.Errorf("timeout passes the status: %d", st)
	}
}

func TestSeqLarge(t *testing.T) {
	out, _, st, _ := command.Case{Args: []string{"seq", "999998", "1000002"}}.Run(runSeq, nil)
	check(t, "carry", out, "999998\n999999\n1000000\n1000001\n1000002\n")
	out, _, _, _ = command.Case{Args: []string{"seq", "18446744073709551614", "2", "18446744073709551619"}}.Run(runSeq, nil)
	check(t, "beyond uint64", out, "18446744073709551614\n18446744073709551616\n18446744073709551618\n")
	if st != 0 {
		t.Errorf("status %d", st)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	inv := &command.Invocation{Args: []string{"seq", "inf"}, Stdio: command.Stdio{Stdout: io.Discard, Stderr: io.Discard}}
	if st := runSeq(ctx, inv); st != 130 {
		t.Errorf("cancelled seq: %d", st)
	}
}

func TestDateReference(t *testing.T) {
	setup := func(fsys *memfs.FS) {
		mustDo(t, fsys.WriteFile("/home/user/f", nil, 0o644))
		mustDo(t, fsys.Chtimes("/home/user/f", time.Unix(1700000000, 0), time.Unix(1700000000, 0)))
		mustDo(t, fsys.WriteFile("/home/user/dates", []byte("@0\n2024-01-02\nbogus\n"), 0o644))
	}
	out, errs, st := setupRun(t, setup, nil, "date", "-r", "f", "+%F %T %Z")
	check(t, "date -r", out, "2023-11-14 22:13:20 UTC\n")
	if errs != "" || st != 0 {
		t.Errorf("%q %d", errs, st)
	}
	out, _, _ = setupRun(t, setup, []string{"TZ=Asia/Tokyo"}, "date", "-r", "f", "+%F %T %Z %z")
	if out != "2023-11-15 07:13:20 JST +0900\n" {
		t.Logf("TZ database unavailable? %q", out)
	}
	out, _, _ = setupRun(t, setup, []string{"TZ=UTC-3"}, "date", "-d", "@0", "+%H %Z %z")
	check(t, "POSIX TZ", out, "03 UTC +0300\n")
	out, errs, st = setupRun(t, setup, nil, "date", "-f", "dates", "+%F")
	check(t, "date -f", out, "1970-01-01\n2024-01-02\n")
	check(t, "date -f errors", errs, "date: invalid date ‘bogus’\n")
	if st != 1 {
		t.Errorf("status %d", st)
	}
	_, errs, st = setupRun(t, setup, nil, "date", "-r", "nope")
	check(t, "date -r nope", errs, "date: nope: No such file or directory\n")
	if st != 1 {
		t.Errorf("status %d", st)
	}
}

func TestGetoptAbbreviations(t *testing.T) {
	runCases(t, runSeq, []command.Case{
		{Args: []string{"seq", "--sep=,", "--equal", "8", "10"}, Stdout: "08,09,10\n"},
		{Args: []string{"seq", "--s", ",", "2"}, Stdout: "1,2\n"},
		{Args: []string{"seq", "--format"}, Stderr: "seq: option '--format' requires an argument\nTry 'seq --help' for more information.\n", Status: 1},
		{Args: []string{"seq", "--equal-width=3", "1"}, Stderr: "seq: option '--equal-width' doesn't allow an argument\nTry 'seq --help' for more information.\n", Status: 1},
	})
}

func TestFindStopsOnBrokenPipe(t *testing.T) {
	fsys := memfs.New(memfs.Options{})
	for i := 0; i < 2000; i++ {
		mustDo(t, fsys.MkdirAll("/t/"+strings.Repeat("d", i%50+1)+"/x"+strconv.Itoa(i), 0o755))
	}
	w := &failAfter{n: 100, err: syscall.EPIPE}
	inv := &command.Invocation{Args: []string{"find", "/t"}, Stdio: command.Stdio{Stdout: w, Stderr: io.Discard}, FS: fsys, Dir: "/", Environ: []string{"LANG=C.UTF-8"}}
	if st := runFind(context.Background(), inv); st != 141 {
		t.Errorf("status %d, want 141", st)
	}
}

func TestFindSymlinkLoop(t *testing.T) {
	setup := func(fsys *memfs.FS) {
		mustDo(t, fsys.MkdirAll("/home/user/d/e", 0o755))
		mustDo(t, fsys.Symlink("..", "/home/user/d/e/up"))
	}
	// As GNU find 4.9: the looping directory is reported, not listed.
	out, errs, st := setupRun(t, setup, nil, "find", "-L", "d")
	check(t, "stdout", out, "d\nd/e\n")
	check(t, "stderr", errs, "find: File system loop detected; ‘d/e/up’ is part of the same file system loop as ‘d’.\n")
	if st != 1 {
		t.Errorf("status %d", st)
	}
	out, _, st = setupRun(t, setup, nil, "find", "d")
	check(t, "no follow", out, "d\nd/e\nd/e/up\n")
}

func TestFindPrintfStartPoints(t *testing.T) {
	setup := func(fsys *memfs.FS) {
		mustDo(t, fsys.MkdirAll("/home/user/d", 0o755))
		mustDo(t, fsys.WriteFile("/home/user/d/f", nil, 0o644))
	}
	// Recorded from GNU find 4.9.
	out, _, _ := setupRun(t, setup, nil, "find", "d/", ".", "/", "-maxdepth", "0", "-printf", "[%p|%h|%f|%P|%H|%d]\n")
	check(t, "start points", out, "[d/|d|d/||d/|0]\n[.|.|.||.|0]\n[/||/||/|0]\n")
	out, _, _ = setupRun(t, setup, nil, "find", "d//", "-maxdepth", "1", "-name", "f", "-printf", "[%p|%h|%f|%P]\n")
	check(t, "double slash", out, "[d//f|d/|f|f]\n")
}

func TestXargsHugeArgument(t *testing.T) {
	// One 16 MiB word: rejected without being held in memory whole.
	big := strings.Repeat("x", 16<<20)
	for _, args := range [][]string{{"xargs", "echo"}, {"xargs", "-0", "echo"}} {
		_, errs, st, _ := command.Case{Args: args, Stdin: big}.Run(runXargs, testExec)
		check(t, strings.Join(args, " "), errs, "xargs: argument line too long\n")
		if st != 1 {
			t.Errorf("%v: status %d", args, st)
		}
	}
}

func TestFixedLongMatchesBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 20000; i++ {
		mant := rng.Uint64() | 1<<63
		exp := rng.IntN(140) - 100
		x := new(big.Float).SetPrec(longPrec).SetMantExp(new(big.Float).SetUint64(mant), exp-64)
		if i%7 == 0 {
			// values near ties: few significant bits
			x.SetPrec(longPrec).SetMantExp(new(big.Float).SetUint64(mant>>50), exp-14)
		}
		p := rng.IntN(20)
		got, ok := fixedLong(x, p)
		if !ok {
			continue
		}
		if want := x.Text('f', p); got != want {
			t.Fatalf("%s at %d: got %s want %s", x.Text('p', 0), p, got, want)
		}
	}
}

func TestFindPrintfFlags(t *testing.T) {
	setup := func(fsys *memfs.FS) {
		mustDo(t, fsys.MkdirAll("/home/user/pd", 0o755))
		mustDo(t, fsys.WriteFile("/home/user/pd/f", []byte("hello\n"), 0o644))
	}
	// Recorded from GNU find 4.9: only %d and %m are numbers.
	out, _, _ := setupRun(t, setup, nil, "find", "pd/f", "-printf", "[%05d][%07s][%.1s][%+d][%04m][%#m][% d][%-4n|][%Tq]\n")
	check(t, "flags", out, "[00000][      6][6][+0][0644][0644][ 0][1   |][%q]\n")
}

func TestDateTZPrefix(t *testing.T) {
	// GNU: TZ="ZONE" at the start of -d says how to read the rest.
	out, _, st := setupRun(t, nil, []string{"TZ=UTC-3"}, "date", "-d", `TZ="UTC+2" 2024-01-01 12:00`, "+%F %T %z")
	check(t, "TZ prefix", out, "2024-01-01 17:00:00 +0300\n")
	if st != 0 {
		t.Errorf("status %d", st)
	}
}

func TestFindExpressionErrors(t *testing.T) {
	// Recorded from GNU find 4.9.
	for _, c := range []struct {
		args []string
		errs string
	}{
		{[]string{"find", "d", "-name", "f", "-o"}, "find: expected an expression after '-o'\n"},
		{[]string{"find", "d", "-name", "f", ","}, "find: expected an expression after ','\n"},
		{[]string{"find", "d", "-name", "f", "!"}, "find: expected an expression after '!'\n"},
		{[]string{"find", "d", "-name", "f", "-o", ")"}, "find: expected an expression between '-o' and ')'\n"},
		{[]string{"find", "d", "!", ")"}, "find: expected an expression between '!' and ')'\n"},
		{[]string{"find", "d", "-name", "f", "-o", "-a", "-name", "e"}, "find: invalid expression; you have used a binary operator '-a' with nothing before it.\n"},
		{[]string{"find", "d", "(", ")"}, "find: invalid expression; empty parentheses are not allowed.\n"},
		{[]string{"find", "d", "(", "-name", "f"}, "find: invalid expression; I was expecting to find a ')' somewhere but did not see one.\n"},
		{[]string{"find", "d", "-name", "f", ")"}, "find: you have too many ')'\n"},
	} {
		out, errs, st, _ := command.Case{Args: c.args, Files: map[string]string{"/home/user/d/f": ""}}.Run(runFind, testExec)
		check(t, strings.Join(c.args, " "), errs, c.errs)
		if out != "" || st != 1 {
			t.Errorf("%v: %q %d", c.args, out, st)
		}
	}
	out, errs, st, _ := command.Case{Args: []string{"find", "d", ","}, Files: map[string]string{"/home/user/d/f": ""}}.Run(runFind, testExec)
	check(t, "comma path", out+errs, "d\nd/f\nfind: ‘,’: No such file or directory\n")
	if st != 1 {
		t.Errorf("status %d", st)
	}
}

func TestStrftimeZoneAndCaseFlags(t *testing.T) {
	// Recorded from GNU date 9.1 (TZ=UTC, and America/New_York for -0500).
	utc := time.Unix(0, 0).UTC()
	check(t, "utc", strftime.Format("[%-z][%_z][%-:z][%_:z][%_8z][%-8z][%_6:z][%3z][%03:z][%#a][%#A][%#b][%#h][%#x][%#P][%#Z][%^Z][%#B][%#c]", utc),
		"[+0][   +0][+0:00][ +0:00][      +0][+0][ +0:00][+00][+0:00][THU][THURSDAY][JAN][JAN][01/01/70][am][utc][UTC][JANUARY][Thu Jan  1 00:00:00 1970]")
	est := time.Unix(946702799, 0).In(time.FixedZone("EST", -5*3600))
	check(t, "est", strftime.Format("%z|%:z|%::z|%3z|%10z|%_10:z|%010:z", est), "-0500|-05:00|-05:00:00|-500|-000000500|     -5:00|-000005:00")
}
