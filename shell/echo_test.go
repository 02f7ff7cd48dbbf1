package shell

import "testing"

// TestEchoWriteError: echo reports a failed write as bash does and
// fails, where mvdan/sh's echo dropped the error and returned 0.
func TestEchoWriteError(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "full device", script: "echo x > /dev/full; echo $?",
			stdout: "1\n", stderr: "bash: echo: write error: No space left on device\n"},
		{name: "functions named true and false are not called", script: "true() { echo T; }; false() { echo F; }; echo a; echo b > /dev/full; echo $?",
			stdout: "a\n1\n", stderr: "bash: echo: write error: No space left on device\n"},
		{name: "success", script: "echo a b; echo $?", stdout: "a b\n0\n"},
		{name: "with options", script: "echo -e 'a\\tb' > /dev/full; echo $?; echo -n > /dev/full; echo $?; echo -ne 'x\\c' y",
			stdout: "1\n0\nx", stderr: "bash: echo: write error: No space left on device\n"},
		{name: "printf", script: "printf '%s\\n' a > /dev/full; echo $?; printf '' > /dev/full; echo $?",
			stdout: "1\n0\n", stderr: "bash: printf: write error: No space left on device\n"},
	})
}

// TestFunctionOverridesBuiltin: a function named like a builtin memsh
// handles itself (echo, cd, pwd, printf, type, ...) is what runs, as in
// bash; builtin and command still reach the builtin.
func TestFunctionOverridesBuiltin(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "echo", script: `echo() { printf 'E:%s\n' "$*"; }; echo hi; builtin echo real; command echo cmd`, stdout: "E:hi\nreal\ncmd\n"},
		{name: "cd and pwd", script: `cd() { builtin cd "$@" && echo "now $PWD"; }; cd /tmp; pwd() { echo mine; }; pwd; builtin pwd`, stdout: "now /tmp\nmine\n/tmp\n"},
		{name: "others", script: `for n in printf type kill umask alias getopts jobs wait history source read; do eval "$n() { echo F:$n; }"; $n x; done`,
			stdout: "F:printf\nF:type\nF:kill\nF:umask\nF:alias\nF:getopts\nF:jobs\nF:wait\nF:history\nF:source\nF:read\n"},
	})
}

// TestClosedStdout: a standard stream closed with >&- fails writes with
// EBADF, as in bash; mvdan/sh threw them away silently. The messages are
// host bash 5.2's under -c.
func TestClosedStdout(t *testing.T) {
	s := newTestSession(t, Options{Script: true})
	out, errs, _ := run(t, s, "echo hi >&-; echo \"rc=$?\"; printf x >&-; echo \"rc=$?\"; exec 3>&1; exec >&-; ls /; echo \"ls=$?\" >&2; exec >&3; echo back", "")
	wantErr := "bash: line 1: echo: write error: Bad file descriptor\nbash: line 1: printf: write error: Bad file descriptor\nls: write error: Bad file descriptor\nls=2\n"
	if out != "rc=1\nrc=1\nback\n" || errs != wantErr {
		t.Errorf("got stdout %q stderr %q\nwant stderr %q", out, errs, wantErr)
	}
}
