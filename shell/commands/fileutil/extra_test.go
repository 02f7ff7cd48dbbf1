package fileutil

import (
	"bytes"
	"context"
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"time"

	"memsh/memfs"
	"memsh/shell/command"
)

// env is a small fixture: a memfs with /home/user, /tmp and the sandbox's
// passwd and group, and a way to run commands on it.
type env struct {
	t    *testing.T
	fsys *memfs.FS
	term bool
	vars []string
}

func newEnv(t *testing.T) *env {
	fsys := memfs.New(memfs.Options{UID: 1000, GID: 1000})
	for _, d := range []string{"/home/user", "/tmp", "/etc"} {
		if err := fsys.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	fsys.WriteFile("/etc/passwd", []byte("root:x:0:0:root:/root:/bin/bash\nuser:x:1000:1000:user:/home/user:/bin/bash\n"), 0o644)
	fsys.WriteFile("/etc/group", []byte("root:x:0:\nuser:x:1000:\n"), 0o644)
	return &env{t: t, fsys: fsys, vars: []string{"HOME=/home/user", "TMPDIR=/tmp", "LANG=C.UTF-8"}}
}

func (e *env) write(p, content string, mtime time.Time) {
	e.t.Helper()
	if i := strings.LastIndexByte(p, '/'); i > 0 {
		e.fsys.MkdirAll(p[:i], 0o755)
	}
	if err := e.fsys.WriteFile(p, []byte(content), 0o644); err != nil {
		e.t.Fatal(err)
	}
	if !mtime.IsZero() {
		e.fsys.Chtimes(p, mtime, mtime)
	}
}

func (e *env) run(ctx context.Context, args ...string) (string, string, int) {
	var out, errb bytes.Buffer
	inv := &command.Invocation{
		Args:    args,
		Stdio:   command.Stdio{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb},
		FS:      e.fsys,
		Dir:     "/home/user",
		Environ: e.vars,
		Term:    e.term,
		Width:   80,
	}
	status := commandFunc(e.t, args[0])(ctx, inv)
	return out.String(), errb.String(), status
}

func (e *env) expect(want string, args ...string) {
	e.t.Helper()
	out, errs, st := e.run(context.Background(), args...)
	if out+errs != want || st != 0 {
		e.t.Errorf("%s:\n got %q (status %d, stderr %q)\nwant %q", strings.Join(args, " "), out, st, errs, want)
	}
}

func TestLsTerminal(t *testing.T) {
	e := newEnv(t)
	e.term = true
	for _, n := range []string{"a b", "c", "it's", "n\nl", "dd"} {
		e.write("/home/user/"+n, "", time.Time{})
	}
	e.fsys.Mkdir("/home/user/sub", 0o755)
	// Expected values from GNU ls 9.1 on a terminal 80 columns wide.
	e.expect("'a b'   c   dd\t\"it's\"\t'n'$'\\n''l'   sub\n", "ls")
	e.expect("'a b'   c   dd\t\"it's\"\t'n'$'\\n''l'   sub\n", "ls", "-x")
	e.expect("'a b'\nc\ndd\n\"it's\"\n'n'$'\\n''l'\nsub\n", "ls", "-1")
	e.expect("'a b'   c   dd\t\"it's\"\t'n'$'\\n''l'   sub/\n", "ls", "-F")
	e.expect("'a b', c, dd, \"it's\", 'n'$'\\n''l', sub\n", "ls", "-m")
}

func TestLsLong(t *testing.T) {
	e := newEnv(t)
	old := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	e.write("/home/user/old", "12345", old)
	e.write("/home/user/older", "1", old.Add(-time.Hour))
	e.write("/home/user/d/big", strings.Repeat("x", 5000), old)
	e.fsys.Chtimes("/home/user/d", old, old)
	e.fsys.Symlink("old", "/home/user/ln")
	e.fsys.Lchtimes("/home/user/ln", old, old)
	e.expect("-rw-r--r-- 1 user user 5 Jan  2  2020 old\n", "ls", "-l", "old")
	e.expect("-rw-r--r-- 1 1000 1000 5 Jan  2  2020 old\n", "ls", "-n", "old")
	e.expect("-rw-r--r-- 1 user 5 Jan  2  2020 old\n", "ls", "-o", "old")
	e.expect("-rw-r--r-- 1 user 5 Jan  2  2020 old\n", "ls", "-g", "old")
	e.expect("total 8\n-rw-r--r-- 1 user user 5000 Jan  2  2020 big\n", "ls", "-l", "d")
	e.expect("total 8.0K\n-rw-r--r-- 1 user user 4.9K Jan  2  2020 big\n", "ls", "-lh", "d")
	e.expect("-rw-r--r-- 1 user user 5 2020-01-02 03:04:05.000000000 +0000 old\n", "ls", "-l", "--full-time", "old")
	e.expect("-rw-r--r-- 1 user user 5 2020-01-02 03:04 old\n", "ls", "-l", "--time-style=long-iso", "old")
	e.expect("-rw-r--r-- 1 user user 5 2020/01 old\n", "ls", "-l", "--time-style=+%Y/%m", "old")
	e.expect("lrwxrwxrwx 1 user user 3 Jan  2  2020 ln -> old\n", "ls", "-l", "ln")
	e.expect("d\nold\nolder\n", "ls", "-td", "old", "older", "d")
	e.expect("older\nold\nd\n", "ls", "-tdr", "old", "older", "d")
	e.expect("big\n", "ls", "-S", "d")
	e.expect("old\nln\nolder\n", "ls", "-S", "old", "older", "ln")
	// In the future: the year, not the time.
	future := time.Now().Add(48 * time.Hour)
	e.write("/home/user/future", "", future)
	out, _, _ := e.run(context.Background(), "ls", "-l", "future")
	if !strings.Contains(out, future.UTC().Format("Jan _2  2006")) {
		t.Errorf("future file: %q", out)
	}
	recent := time.Now().Add(-time.Hour)
	e.write("/home/user/recent", "", recent)
	out, _, _ = e.run(context.Background(), "ls", "-l", "recent")
	if !strings.Contains(out, recent.UTC().Format("Jan _2 15:04")) {
		t.Errorf("recent file: %q", out)
	}
}

func TestLsColor(t *testing.T) {
	e := newEnv(t)
	e.vars = append(e.vars, "TERM=xterm-256color")
	e.write("/home/user/f", "", time.Time{})
	e.write("/home/user/x", "", time.Time{})
	e.fsys.Chmod("/home/user/x", 0o755)
	e.fsys.Mkdir("/home/user/d", 0o755)
	e.fsys.Symlink("f", "/home/user/l")
	e.expect("\x1b[0m\x1b[01;34md\x1b[0m\nf\n\x1b[01;36ml\x1b[0m\n\x1b[01;32mx\x1b[0m\n", "ls", "--color=always")
	e.expect("d\nf\nl\nx\n", "ls", "--color=auto")
	e.expect("d\nf\nl\nx\n", "ls", "--color=never")
}

func TestStatNames(t *testing.T) {
	e := newEnv(t)
	e.write("/home/user/f", "abc", time.Date(2021, 3, 4, 5, 6, 7, 8, time.UTC))
	e.expect("user user 1000 1000 - 0\n", "stat", "-c", "%U %G %u %g %w %W", "f")
	e.expect("2021-03-04 05:06:07.000000008 +0000 1614834367\n", "stat", "-c", "%y %Y", "f")
	e.fsys.Chown("/home/user/f", 4242, 4343)
	e.expect("UNKNOWN UNKNOWN\n", "stat", "-c", "%U %G", "f")
	out, _, _ := e.run(context.Background(), "stat", "f")
	want := regexp.MustCompile(`^  File: f\n  Size: 3         \tBlocks: 8          IO Block: 4096   regular file\nDevice: \d+,\d+\tInode: \d+ +Links: 1\nAccess: \(0644/-rw-r--r--\)  Uid: \( 4242/ UNKNOWN\)   Gid: \( 4343/ UNKNOWN\)\nAccess: .*\nModify: 2021-03-04 05:06:07.000000008 \+0000\nChange: .*\n Birth: -\n$`)
	if !want.MatchString(out) {
		t.Errorf("stat f:\n%s", out)
	}
}

func TestTouchTimes(t *testing.T) {
	e := newEnv(t)
	e.expect("", "touch", "-d", "2020-02-03 04:05:06", "f")
	e.expect("2020-02-03 04:05:06.000000000 +0000|2020-02-03 04:05:06.000000000 +0000\n", "stat", "-c", "%x|%y", "f")
	e.expect("", "touch", "-m", "-t", "202101010000.30", "f")
	e.expect("2020-02-03 04:05:06.000000000 +0000|2021-01-01 00:00:30.000000000 +0000\n", "stat", "-c", "%x|%y", "f")
	e.expect("", "touch", "-a", "-d", "@0", "f")
	e.expect("1970-01-01 00:00:00.000000000 +0000|2021-01-01 00:00:30.000000000 +0000\n", "stat", "-c", "%x|%y", "f")
	e.expect("", "touch", "-r", "f", "g")
	e.expect("1970-01-01 00:00:00.000000000 +0000|2021-01-01 00:00:30.000000000 +0000\n", "stat", "-c", "%x|%y", "g")
	e.vars = append(e.vars, "TZ=UTC")
	e.expect("", "touch", "-d", "2020-01-02T03:04:05+02:00", "h")
	e.expect("2020-01-02 01:04:05.000000000 +0000\n", "stat", "-c", "%y", "h")
}

func TestHumanSize(t *testing.T) {
	// GNU ls -lh / du -h columns for these byte counts.
	for n, want := range map[int64]string{
		0: "0", 1023: "1023", 1024: "1.0K", 1025: "1.1K", 1536: "1.5K", 10240: "10K",
		10241: "11K", 1048575: "1.0M", 1048576: "1.0M", 1048577: "1.1M", 5000: "4.9K",
		1 << 30: "1.0G", 123456789: "118M", 1<<40 + 1: "1.1T",
	} {
		if got := humanSize(n); got != want {
			t.Errorf("humanSize(%d) = %q, want %q", n, got, want)
		}
	}
	if got := humanBase(1048577, 1000); got != "1.1M" {
		t.Errorf("si: %q", got)
	}
	if got := humanBase(1500, 1000); got != "1.5k" {
		t.Errorf("si k: %q", got)
	}
}

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"a": "'a'", "it's": `"it's"`, "a'b$c": `'a'\''b$c'`, "a\nb": `'a'$'\n''b'`,
		"\xff": `''$'\377'`, "é": "'é'", "": "''",
	} {
		if got := quote(utf8Inv(), in); got != want {
			t.Errorf("quote(%q) = %s, want %s", in, got, want)
		}
	}
	for in, want := range map[string]string{"abc": "abc", "a b": "'a b'", "x=y": "'x=y'", "~x": "'~x'", "x~": "x~"} {
		if got := quoteName(utf8Inv(), in); got != want {
			t.Errorf("quoteName(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestCpPreserve(t *testing.T) {
	e := newEnv(t)
	old := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	e.write("/home/user/f", "data\x00\xff", old)
	e.fsys.Chmod("/home/user/f", 0o751)
	e.expect("", "cp", "-p", "f", "g")
	e.expect("751 2020-01-02 03:04:05.000000000 +0000 6\n", "stat", "-c", "%a %y %s", "g")
	e.expect("", "cp", "f", "h")
	out, _, _ := e.run(context.Background(), "stat", "-c", "%a %s", "h")
	if out != "751 6\n" {
		t.Errorf("cp without -p: %q", out)
	}
	if data, _ := e.fsys.ReadFile("/home/user/h"); string(data) != "data\x00\xff" {
		t.Errorf("copy changed bytes: %q", data)
	}
	e.fsys.MkdirAll("/home/user/src/in", 0o700)
	e.write("/home/user/src/in/z", "z", old)
	e.expect("", "cp", "-a", "src", "dst")
	e.expect("700\n700\n", "stat", "-c", "%a", "dst", "dst/in")
	e.expect("644 2020-01-02 03:04:05.000000000 +0000\n", "stat", "--printf=%a %y\\n", "dst/in/z")
}

func TestCancel(t *testing.T) {
	e := newEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// /dev/zero never ends: only cancellation stops the copy.
	if _, _, st := e.run(ctx, "cp", "/dev/zero", "z"); st != cancelled {
		t.Errorf("cp /dev/zero with a cancelled context: status %d", st)
	}
	e.fsys.MkdirAll("/home/user/t/a/b", 0o755)
	for _, args := range [][]string{{"ls", "-R", "/"}, {"du", "/"}, {"rm", "-r", "t"}, {"chmod", "-R", "700", "t"}} {
		if _, _, st := e.run(ctx, args...); st != cancelled {
			t.Errorf("%v with a cancelled context: status %d", args, st)
		}
	}
}

func TestMktempCreates(t *testing.T) {
	e := newEnv(t)
	check := func(re string, dir bool, args ...string) {
		t.Helper()
		out, errs, st := e.run(context.Background(), args...)
		name := strings.TrimSuffix(out, "\n")
		if st != 0 || !regexp.MustCompile("^"+re+"$").MatchString(name) {
			t.Errorf("%v: %q %q %d", args, out, errs, st)
			return
		}
		fi, err := e.fsys.Stat(e.abs(name))
		if err != nil || fi.IsDir() != dir {
			t.Errorf("%v: %s not created right: %v", args, name, err)
			return
		}
		if want := fs.FileMode(0o600); dir {
			if fi.Mode().Perm() != 0o700 {
				t.Errorf("%v: mode %v", args, fi.Mode())
			}
		} else if fi.Mode().Perm() != want {
			t.Errorf("%v: mode %v", args, fi.Mode())
		}
	}
	check(`/tmp/tmp\.[A-Za-z0-9]{10}`, false, "mktemp")
	check(`/tmp/tmp\.[A-Za-z0-9]{10}`, true, "mktemp", "-d")
	check(`fooX*[A-Za-z0-9]{3}\.c`, false, "mktemp", "fooXXX.c")
	check(`/tmp/bar[A-Za-z0-9]{4}\.txt`, false, "mktemp", "-t", "--suffix=.txt", "barXXXX")
	check(`\./x[A-Za-z0-9]{3}`, true, "mktemp", "-d", "-p", ".", "xXXX")
	out, _, st := e.run(context.Background(), "mktemp", "-u")
	if st != 0 || !strings.HasPrefix(out, "/tmp/tmp.") {
		t.Errorf("mktemp -u: %q", out)
	} else if _, err := e.fsys.Stat(strings.TrimSpace(out)); err == nil {
		t.Errorf("mktemp -u created %s", out)
	}
}

func (e *env) abs(p string) string {
	if strings.HasPrefix(p, "/") {
		return p
	}
	return "/home/user/" + p
}

func TestDf(t *testing.T) {
	fsys := memfs.New(memfs.Options{MaxBytes: 64 << 20, MaxInodes: 1000})
	fsys.MkdirAll("/home/user", 0o755)
	fsys.WriteFile("/home/user/f", make([]byte, 1<<20), 0o644)
	e := &env{t: t, fsys: fsys, vars: []string{"LANG=C.UTF-8"}}
	out, errs, st := e.run(context.Background(), "df")
	re := regexp.MustCompile(`^Filesystem     1K-blocks  Used Available Use% Mounted on\nmemfs              65536  \d+     \d+   \d+% /\n$`)
	if st != 0 || errs != "" || !re.MatchString(out) {
		t.Errorf("df:\n%s%s", out, errs)
	}
	out, _, _ = e.run(context.Background(), "df", "-h")
	if !regexp.MustCompile(`^Filesystem      Size  Used Avail Use% Mounted on\nmemfs            64M  1\.\dM   6\dM   \d% /\n$`).MatchString(out) {
		t.Errorf("df -h:\n%s", out)
	}
	out, _, _ = e.run(context.Background(), "df", "-i", "/home/user")
	if !regexp.MustCompile(`^Filesystem     Inodes IUsed IFree IUse% Mounted on\nmemfs            1000 +\d+ +\d+ +\d+% /\n$`).MatchString(out) {
		t.Errorf("df -i:\n%s", out)
	}
	_, errs, st = e.run(context.Background(), "df", "nope")
	// GNU df 9.1 reports the operand and nothing more.
	if st != 1 || errs != "df: nope: No such file or directory\n" {
		t.Errorf("df nope: %d %q", st, errs)
	}
}

func TestCpLarge(t *testing.T) {
	e := newEnv(t)
	data := make([]byte, 3<<20+12345)
	for i := range data {
		data[i] = byte(i*7 + i>>11)
	}
	e.fsys.WriteFile("/home/user/big", data, 0o644)
	e.expect("", "cp", "big", "copy")
	got, err := e.fsys.ReadFile("/home/user/copy")
	if err != nil || !bytes.Equal(got, data) {
		t.Fatalf("copy differs: %d bytes, %v", len(got), err)
	}
	// Over an existing, longer file: truncated to the source's size.
	e.fsys.WriteFile("/home/user/longer", make([]byte, 5<<20), 0o644)
	e.expect("", "cp", "big", "longer")
	if got, _ := e.fsys.ReadFile("/home/user/longer"); !bytes.Equal(got, data) {
		t.Fatalf("copy over a longer file differs: %d bytes", len(got))
	}
}

func TestCpIntoItself(t *testing.T) {
	e := newEnv(t)
	e.write("/home/user/d/a", "a", time.Time{})
	e.write("/home/user/d/z", "z", time.Time{})
	// GNU copies in directory order until it meets the copy it is making
	// (memfs lists names in byte order: a, d, z).
	out, errs, st := e.run(context.Background(), "cp", "-rv", "d", "d")
	if out != "'d' -> 'd/d'\n'd/a' -> 'd/d/a'\n" || errs != "cp: cannot copy a directory, 'd', into itself, 'd/d'\n" || st != 1 {
		t.Errorf("cp -rv d d: %q %q %d", out, errs, st)
	}
	if _, err := e.fsys.Stat("/home/user/d/d/z"); err == nil {
		t.Errorf("copy went on past the new directory")
	}
}

func TestLsOptionArguments(t *testing.T) {
	e := newEnv(t)
	e.write("/home/user/foo", "", time.Time{})
	e.write("/home/user/bar", "", time.Time{})
	// "-Ifoo": 'o' is -I's argument, not -o (long format).
	e.expect("bar\n", "ls", "-Ifoo")
	e.expect("bar\n", "ls", "-1Ifoo")
	e.expect("bar  foo\n", "ls", "-Cw20")
}

func TestStatWidthLimit(t *testing.T) {
	e := newEnv(t)
	e.write("/home/user/f", "x", time.Time{})
	out, errs, st := e.run(context.Background(), "stat", "-c", "%999999999s", "f")
	if st != 1 || out != "" || !strings.Contains(errs, "over the limit") {
		t.Errorf("huge width: %q %q %d", out, errs, st)
	}
	e.expect("    1\n", "stat", "-c", "%5s", "f")
}
