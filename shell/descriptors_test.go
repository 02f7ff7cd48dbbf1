package shell

import (
	"strings"
	"testing"
)

func TestFds(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "exec write close", script: "exec 3>f; echo hi >&3; echo there 1>&3; exec 3>&-; cat f", stdout: "hi\nthere\n"},
		{name: "shared offset", script: "printf 'a\\nb\\nc\\n' > f; exec 3<f; read -r x <&3; head -n1 <&3; read -u 3 y; echo $x$y", stdout: "b\nac\n"},
		{name: "read -u in a loop", script: "printf '1\\n2\\n' > f; while read -r -u 3 n; do echo n$n; done 3<f", stdout: "n1\nn2\n"},
		{name: "statement scope", script: "echo x 3>f; echo y >&3; echo $?", stdout: "x\n1\n", stderr: "bash: 3: Bad file descriptor\n"},
		{name: "swap", script: "{ echo out; echo err >&2; } 3>&1 1>&2 2>&3 3>&-", stdout: "err\n", stderr: "out\n"},
		{name: "order of redirections", script: "{ echo o; echo e >&2; } 2>&1 3>&1 1>f >&3; cat f", stdout: "o\ne\n"},
		{name: "capture stderr only", script: "exec 3>&1; v=$( { echo O; echo E >&2; } 2>&1 1>&3 ); exec 3>&-; echo v=$v", stdout: "O\nv=E\n"},
		{name: "named fd", script: "exec {a}>f {b}>g; echo $a $b; echo x >&$a; exec {a}>&-; exec {c}>h; echo $c; cat f", stdout: "10 11\n10\nx\n"},
		{name: "move fd", script: "exec 3>f; exec 4>&3-; echo x >&4; echo y >&3; exec 4>&-; cat f", stdout: "x\n", stderr: "bash: 3: Bad file descriptor\n"},
		{name: "subshell copy", script: "exec 3>f; (exec 3>&-); echo ok >&3; echo sub | (cat >&3); exec 3>&-; cat f", stdout: "ok\nsub\n"},
		{name: "subshell's own fd", script: "(exec 4>f; echo in >&4); echo x >&4; cat f", stdout: "in\n", stderr: "bash: 4: Bad file descriptor\n"},
		{name: "here-document", script: "exec 3<<EOF\nh1\nh2\nEOF\nread a <&3; read b <&3; echo $a $b", stdout: "h1 h2\n"},
		{name: "eval and functions", script: "f() { echo in-f >&3; }; eval 'exec 3>f'; f; eval 'echo ev >&3'; exec 3>&-; cat f", stdout: "in-f\nev\n"},
		{name: "dev fd", script: "exec 3>f; echo a > /dev/fd/3; exec 3>&-; cat f; echo b > /dev/fd/3", stdout: "a\n", stderr: "bash: /dev/fd/3: No such file or directory\n", status: 1},
		{name: "open errors", script: "exec 3>/no/x; echo $?; echo a 4</no/y; echo $?; read -u 9 v; echo $?; read -u q v; echo $?",
			stdout: "1\n1\n1\n1\n",
			stderr: "bash: /no/x: No such file or directory\nbash: /no/y: No such file or directory\nbash: read: 9: invalid file descriptor: Bad file descriptor\nbash: read: q: invalid file descriptor specification\n"},
		{name: "dup to file", script: "echo both >&out; cat out", stdout: "both\n"},
		{name: "named fd outlives its command", script: "echo a {n}>f; echo b >&$n; exec {n}>&-; cat f", stdout: "a\nb\n"},
		{name: "child shells inherit", script: "exec 3>f; bash -c 'echo c >&3'; sh -c 'echo s >&3; exec 3>&-'; echo p >&3; exec 3>&-; cat f", stdout: "c\ns\np\n"},
		{name: "mapfile -u", script: "printf 'x\\ny\\n' > f; exec 3<f; mapfile -t -u 3 a; echo ${#a[@]} ${a[1]}", stdout: "2 y\n"},
		{name: "read -u from a copy of stdin", script: "{ exec 4<&0; read -u 4 z; echo z=$z; }", stdin: "in\n", stdout: "z=in\n"},
		{name: "exec inside a redirected group", script: "{ exec 3>f; } 4>g; echo a >&3; { exec 3>h; } 3>g; echo b >&3; cat f", stdout: "a\nb\n"},
		{name: "move to a standard stream", script: "exec 3>f; echo a >&3-; echo b >&3; exec 4>&3; echo c >&3-; echo $?; exec 5>g; exec 1>&5-; echo e; echo x >&5", stdout: "0\n", stderr: "bash: 5: Bad file descriptor\n", status: 1},
		{name: "read from a write-only fd", script: "exec 3>f; read -u 3 x; echo $?; exec 4>&1; read -u 4 y; echo $?", stdout: "1\n1\n", stderr: "bash: read: read error: 3: Bad file descriptor\nbash: read: read error: 4: Bad file descriptor\n"},
		{name: "umask", script: "umask 077; exec 3>a; exec {x}>b; echo >&c; : 1<>d; stat -c %a a b c d", stdout: "600\n600\n600\n600\n"},
		{name: "test /dev/fd/N", script: "exec 3>f 5>&1; [ -e /dev/fd/3 ] && echo e3; [ -f /dev/fd/3 ] && echo f3; [ -w /dev/fd/3 ] && echo w3; [ -e /dev/fd/4 ] || echo no4; [[ -e /dev/fd/5 ]] && echo e5", stdout: "e3\nf3\nw3\nno4\ne5\n"},
		{name: "a job keeps its fds", script: "exec 3>f; { sleep 0.1; echo job >&3; } & exec 3>&-; exec 4>g; x=$(echo in >&4; echo ok); wait; echo $x; cat f g", stdout: "ok\njob\nin\n", stderr: "[1] 2001\n"},
		{name: "named here-document", script: "exec 3>x; exec {h}<<EOF\nhd\nEOF\necho $h; read -u $h v; echo $v", stdout: "10\nhd\n"},
		{name: "fd above the limit", script: "exec 2000>f; echo $?", stdout: "1\n", stderr: "bash: 2000: Bad file descriptor\n"},
	})
}

// TestFdsAcrossRuns: an interactive session keeps its descriptors from
// one line to the next, as bash does.
func TestFdsAcrossRuns(t *testing.T) {
	s := newTestSession(t, Options{})
	for _, line := range []string{"exec 3>f", "echo one >&3", "echo two >&3", "exec 3>&-"} {
		if _, errs, st := run(t, s, line, ""); st != 0 || errs != "" {
			t.Fatalf("%q: status %d, stderr %q", line, st, errs)
		}
	}
	if out, _, _ := run(t, s, "cat f; echo x >&3", ""); out != "one\ntwo\n" {
		t.Errorf("got %q", out)
	}
	// A copy of the prompt's stdout writes to each later line's.
	run(t, s, "exec 4>&1 5>&2", "")
	if out, errs, _ := run(t, s, "echo o >&4; echo e >&5; x=$(echo in >&4); echo \"x=$x\"", ""); out != "o\nin\nx=\n" || errs != "e\n" {
		t.Errorf("got %q %q", out, errs)
	}
}

// TestFdsConcurrent: background jobs and pipeline parts write through
// one descriptor at once (run with -race).
func TestFdsConcurrent(t *testing.T) {
	s := newTestSession(t, Options{})
	out, errs, st := run(t, s, "exec 3>f; for i in 1 2 3 4 5 6 7 8; do echo $i >&3 & done; wait; seq 20 | while read n; do echo $n >&3; done | cat; exec 3>&-; wc -l < f", "")
	// The prompt's "[N] PID" line for each job.
	if out != "28\n" || errs != "[1] 2001\n[2] 2002\n[3] 2003\n[4] 2004\n[5] 2005\n[6] 2006\n[7] 2007\n[8] 2008\n" || st != 0 {
		t.Errorf("got %q %q %d", out, errs, st)
	}
}

// TestFdsErrorLines: a non-interactive shell names the line of a failed
// redirection, as bash -c does; the prompt does not.
func TestFdsErrorLines(t *testing.T) {
	s := newTestSession(t, Options{Script: true})
	_, errs, st := run(t, s, "true\necho a >&5\nexec 3>/no/x\nbash -c 'echo >&4'\necho x >/dev/fd/7", "")
	want := "bash: line 2: 5: Bad file descriptor\nbash: line 3: /no/x: No such file or directory\nbash: line 1: 4: Bad file descriptor\nbash: line 5: /dev/fd/7: No such file or directory\n"
	if errs != want || st != 1 {
		t.Errorf("got %q %d\nwant %q", errs, st, want)
	}
}

// TestFdsCloseFiles: descriptors a statement or exec opened are closed
// again, so a removed file's space is freed.
func TestFdsCloseFiles(t *testing.T) {
	s := newTestSession(t, Options{})
	run(t, s, "{ echo line; head -c 1000000 /dev/zero; } > big", "")
	before := s.FS().Usage().Bytes
	run(t, s, "for i in 1 2 3; do : 3<big; read -u 4 x 4<big; done; exec 5<big 6>>big; exec 5<&- 6>&-; exec {n}<big; exec {n}<&-; rm big", "")
	if after := s.FS().Usage().Bytes; before-after < 1000000 {
		t.Errorf("space in use: %d before, %d after removing the file", before, after)
	}
}

// BenchmarkFds is the cost of one statement using descriptors above 2,
// against the same statement on stderr: a write through fd 3, a
// statement-scoped copy (3>&1), and read -u from a file.
func BenchmarkFds(b *testing.B) {
	for _, bc := range []struct{ name, setup, loop string }{
		{"write>&2", "exec 2>f", "echo x >&2"},
		{"write>&3", "exec 3>f", "echo x >&3"},
		{"scoped3>&1", "", ": 3>&1"},
		{"read-u3", "seq 100000 > f; exec 3<f", "read -r -u 3 l"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			s := newTestSession(b, Options{})
			benchRun(b, s, bc.setup)
			script := strings.Repeat(bc.loop+"\n", 100)
			b.ReportAllocs()
			for b.Loop() {
				benchRun(b, s, script)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*100), "ns/stmt")
		})
	}
}
