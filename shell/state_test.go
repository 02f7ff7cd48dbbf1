package shell

import (
	"os"
	"testing"
)

// Shell state and builtins that mvdan/sh lacks or gets wrong: umask,
// PIPESTATUS, FUNCNAME, set -u, getopts, kill/jobs, select. The
// differential corpus (testdata/diff) checks the same against bash;
// these rows pin stderr and the interactive session, which it cannot.
func TestShellState(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "unbound interactive", script: "set -u; echo $nosuch; echo same", stderr: "bash: nosuch: unbound variable\n", status: 1},
		{name: "unbound child", script: "bash -c 'set -u; echo $nosuch; echo same'", stderr: "bash: line 1: nosuch: unbound variable\n", status: 127},
		{name: "unbound child named", script: "bash -c 'echo a\nset -u; echo $u' nm", stdout: "a\n", stderr: "nm: line 2: u: unbound variable\n", status: 127},
		{name: "umask state", script: "umask 027; umask; (umask 077; umask); umask -S", stdout: "0027\n0077\nu=rwx,g=rx,o=\n"},
		{name: "umask bad", script: "umask 089", stderr: "bash: umask: 089: octal number out of range\n", status: 1},
		{name: "umask redirection", script: "umask 077; echo x > f; stat -c %a f", stdout: "600\n"},
		{name: "getopts illegal", script: "getopts ab: o -x; echo \"$o ${OPTARG-unset}\"", stdout: "? unset\n", stderr: "bash: illegal option -- x\n"},
		{name: "getopts missing", script: "getopts ab: o -b; echo \"$o\"", stdout: "?\n", stderr: "bash: option requires an argument -- b\n"},
		{name: "pipestatus", script: "true | false | true; echo ${PIPESTATUS[@]}", stdout: "0 1 0\n"},
		{name: "funcname", script: "f() { g; }; g() { echo ${FUNCNAME[@]}; }; f", stdout: "g f\n"},
		{name: "trace hides helpers", script: "set -x; f() { echo $FUNCNAME; }; f", stdout: "f\n", stderr: "+ f\n+ echo f\n"},
		// bash 5.2 quotes only what it must (sh_contains_shell_metas).
		{name: "set quotes as bash", script: `v2=a~b v4=a# v6=a=~b v7=$'\xff' q="'"; set | grep "^[vq][0-9]*="`, stdout: "q=\\'\nv2=a~b\nv4=a#\nv6='a=~b'\nv7=$'\\377'\n"},
		{name: "xtrace quotes as bash", script: `set -x; : a=~b a:~b a~b "#a" a# $'\xff'`, stderr: "+ : 'a=~b' 'a:~b' a~b '#a' a# $'\\377'\n"},
		{name: "declare -p keys as bash", script: `declare -A h g; k=a~b; h[$k]=1; declare -p h; k=~a; g["$k"]=1; declare -p g`, stdout: "declare -A h=([a~b]=\"1\" )\ndeclare -A g=([\"~a\"]=\"1\" )\n"},
		{name: "caller", script: "f() { caller; caller 0; }\ng() { f; }\ng\nf", stdout: "2 environment\n2 g environment\n4 NULL\n", status: 1},
		{name: "bash lineno", script: "f() { echo ${BASH_LINENO[@]}; }\ng() {\n  f\n}\ng", stdout: "3 5\n"},
		{name: "last argument", script: "true a b; echo $_; mkdir -p d/e && cd $_ && pwd", stdout: "b\n/home/user/d/e\n"},
		{name: "bash source", script: "f() { echo ${BASH_SOURCE[@]}; }; g() { f; }; g; echo ${#BASH_SOURCE[@]}", stdout: "environment environment\n0\n"},
		{name: "kill job", script: "sleep 30 & kill -9 $!; wait $!", stderr: "[1] 2001\n", status: 137},
		// A session at a prompt has job control, as interactive bash
		// does (memsh prints no "[1] PID" when a job starts).
		{name: "job control at the prompt", script: "echo $-; fg; echo $?; bg; sleep 1 & disown; jobs; trap -l | head -1; set -o | grep monitor", stdout: "himBHs\n1\n 1) SIGHUP\t 2) SIGINT\t 3) SIGQUIT\t 4) SIGILL\t 5) SIGTRAP\nmonitor        \ton\n", stderr: "bash: fg: current: no such job\nbash: bg: current: no such job\n[1] 2001\n", status: 0},
		{name: "no job control in a script", script: "bash -c 'echo $-; fg 2>&1 | grep -c \"no job control\"; set -o | grep monitor'", stdout: "hBc\n1\nmonitor        \toff\n"},
		{name: "kill no job", script: "kill %3", stderr: "bash: kill: %3: no such job\n", status: 1},
		{name: "select from file", script: "printf '1\\n' > r; select x in a b; do echo $x; break; done < r", stdout: "a\n", stderr: "1) a\n2) b\n#? "},
		{name: "select at end of input", script: "select x in a; do break; done < /dev/null; echo $?", stdout: "\n1\n", stderr: "1) a\n#? "},
		{name: "select return", script: "f() { select x in a b; do return 3; done; }; echo 2 | f; echo $?", stdout: "3\n", stderr: "1) a\n2) b\n#? "},
		{name: "select columns", script: "COLUMNS=80; echo | select x in a b c d e f g h i j k l; do :; done", stdout: "\n", stderr: "1) a    3) c   5) e   7) g   9) i  11) k\n2) b    4) d   6) f   8) h  10) j  12) l\n#? 1) a    3) c   5) e   7) g   9) i  11) k\n2) b    4) d   6) f   8) h  10) j  12) l\n#? ", status: 1},
	})
}

// TestSymbolicUmask pins umask's symbolic modes and their errors, as
// bash prints them (the offending character quoted, a NUL for a mode
// that ends early).
func TestSymbolicUmask(t *testing.T) {
	var cases []scriptCase
	for _, c := range []struct{ mode, from, out, msg string }{
		{"u=rwx,g=,o=", "0022", "0077", ""},
		{"g-w,o-rwx", "0002", "0027", ""},
		{"a+w", "0022", "0000", ""},
		{"=r", "0022", "0333", ""},
		{"+w", "0022", "0000", ""},
		{"abc", "0022", "0022", "`b': invalid symbolic mode operator"},
		{"u+X", "0022", "0022", "`X': invalid symbolic mode character"},
		{"u", "0022", "0022", "`\x00': invalid symbolic mode operator"},
	} {
		tc := scriptCase{name: c.mode, script: "umask " + c.from + "; umask " + c.mode + "; umask", stdout: c.out + "\n"}
		if c.msg != "" {
			tc.stderr = "bash: umask: " + c.msg + "\n"
		}
		cases = append(cases, tc)
	}
	runCases(t, cases)
}

func TestPythonUmask(t *testing.T) {
	if os.Getenv("MEMSH_PYTHON_WASM") == "" {
		if _, err := os.Stat("../bin/python.wasm"); err != nil { // installed by make build
			t.Skip("python.wasm not installed")
		}
		abs, _ := os.Getwd()
		t.Setenv("MEMSH_PYTHON_WASM", abs+"/../bin/python.wasm")
	}
	s := newTestSession(t, Options{})
	script := `python3 -c 'import os; open("a", "w"); os.mkdir("d")'; umask 027; python3 -c 'open("b", "w")'; stat -c '%a %n' a d b`
	if out, errs, st := run(t, s, script, ""); out != "644 a\n755 d\n640 b\n" || st != 0 {
		t.Errorf("got %q %q %d", out, errs, st)
	}
}

// BenchmarkStateHooks measures what the per-command hooks of the
// shell-state fixes ($_ on every command, the call line on every
// function call, PIPESTATUS on top-level pipelines) add to plain loops.
func BenchmarkStateHooks(b *testing.B) {
	for _, c := range []struct{ name, script string }{
		{"builtins", "for ((i=0;i<20000;i++)); do : x; done"},
		{"calls", "f() { :; }; for ((i=0;i<20000;i++)); do f; done"},
		{"pipelines", "echo x | cat >/dev/null\necho y | cat >/dev/null"},
	} {
		b.Run(c.name, func(b *testing.B) {
			s := newTestSession(b, Options{})
			b.ReportAllocs()
			for b.Loop() {
				benchRun(b, s, c.script)
			}
		})
	}
}
