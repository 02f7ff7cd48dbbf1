package shell

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// scriptCase is one row of the shell's table tests: a script run in a
// fresh session (after setup, whose output is ignored) and what must come
// out of it.
type scriptCase struct {
	name   string
	setup  string
	script string
	stdin  string
	stdout string
	stderr string
	status int
}

func newTestSession(t testing.TB, opts Options) *Session {
	t.Helper()
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// run runs script in s and returns what it printed and its status.
func run(t testing.TB, s *Session, script, stdin string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errb bytes.Buffer
	st, err := s.Run(context.Background(), script, Stdio{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb})
	if err != nil {
		t.Fatalf("Run(%q): %v (stderr %q)", script, err, errb.String())
	}
	return out.String(), errb.String(), st
}

func runCases(t *testing.T, cases []scriptCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := newTestSession(t, Options{})
			if c.setup != "" {
				if _, errs, st := run(t, s, c.setup, ""); st != 0 {
					t.Fatalf("setup failed with %d: %s", st, errs)
				}
			}
			out, errs, st := run(t, s, c.script, c.stdin)
			if out != c.stdout || errs != c.stderr || st != c.status {
				t.Errorf("script %q\n got stdout %q\nwant stdout %q\n got stderr %q\nwant stderr %q\n got status %d, want %d",
					c.script, out, c.stdout, errs, c.stderr, st, c.status)
			}
		})
	}
}

func TestBuiltins(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "echo", script: "echo hello world", stdout: "hello world\n"},
		{name: "start dir", script: "pwd; echo $PWD $HOME", stdout: "/home/user\n/home/user /home/user\n"},
		{name: "environment", script: `echo "$USER $LOGNAME $SHELL $TMPDIR $PATH $HOSTNAME $UID $EUID $LANG"`,
			stdout: "user user /bin/bash /tmp /usr/bin:/bin memsh 1000 1000 C.UTF-8\n"},
		{name: "UID is read-only", script: "UID=0\necho $UID $EUID $PPID", stdout: "1000 1000 1\n", stderr: "bash: UID: readonly variable\n"},
		{name: "dollar zero", script: `echo $0 ${0}`, stdout: "bash bash\n"},
		{name: "bash variables", script: `echo "$BASH $BASH_VERSION $OSTYPE"`, stdout: "/bin/bash 5.2.15(1)-release linux-gnu\n"},
		{name: "set lists variables", script: "a='x y'; b=plain; c=; d=$'l1\\nl2'; e=\"it's\"; arr=(1 \"two 2\"); set | grep -E '^(a|b|c|d|e|arr)='",
			stdout: "a='x y'\narr=([0]=\"1\" [1]=\"two 2\")\nb=plain\nc=\nd=$'l1\\nl2'\ne='it'\\''s'\n"},
		{name: "read from stdin", script: "read a b; echo \"[$b][$a]\"", stdin: "x y z\n", stdout: "[y z][x]\n"},
		{name: "nil-safe empty stdin", script: "read a; echo $?", stdout: "1\n"},
		{name: "arithmetic loop", script: "s=0; for ((i=0;i<1000;i++)); do ((s+=i)); done; echo $s", stdout: "499500\n"},
		{name: "status of last", script: "false", status: 1},
		{name: "exit status", script: "exit 7; echo no", status: 7},
		{name: "negation", script: "! true; echo $?", stdout: "1\n"},
		{name: "pipefail", script: "set -o pipefail; false | true; echo $?", stdout: "1\n"},
		{name: "errexit", script: "set -e; echo a; false; echo b", stdout: "a\n", status: 1},
		{name: "subshell cwd", script: "(cd /tmp; pwd); pwd", stdout: "/tmp\n/home/user\n"},
		{name: "command substitution", script: `x=$(echo hi; echo there); echo "$x"`, stdout: "hi\nthere\n"},
		{name: "here-doc", script: "cat <<EOF\na $HOME\nEOF", stdout: "a /home/user\n"},
		{name: "here-doc closed by end of input", script: "cat <<EOF\nhello", stdout: "hello\n", stderr: "bash: warning: here-document at line 1 delimited by end-of-file (wanted `EOF')\n"},
		{name: "time reports on stderr", script: "{ time -p echo hi; } 2>&1 >/dev/null | cut -d' ' -f1; { time false; } 2>/dev/null; echo $?",
			stdout: "real\nuser\nsys\n1\n"},
		{name: "export -p", script: "export A='x \"y\"'; export -p | grep -e ' A=' -e ' HOME='; cd /tmp; export | grep -e PWD", stdout: "declare -x A=\"x \\\"y\\\"\"\ndeclare -x HOME=\"/home/user\"\ndeclare -x OLDPWD=\"/home/user\"\ndeclare -x PWD=\"/tmp\"\n"},
		{name: "ulimit", script: "ulimit -f; ulimit -s 100; echo $?; ulimit -s", stdout: "unlimited\n0\n100\n"},
		{name: "here-string", script: "read x <<< 'hi there'; echo $x", stdout: "hi there\n"},
		{name: "glob over memfs", setup: "mkdir -p g; : > g/a.txt; : > g/b.txt; : > g/c.log", script: "echo g/*.txt", stdout: "g/a.txt g/b.txt\n"},
		{name: "relative glob after cd", setup: "mkdir -p g; : > g/x", script: "cd g; echo *", stdout: "x\n"},
	})
}

func TestRedirections(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "write and read back", script: "echo one > f; echo two >> f; while read l; do echo \"<$l>\"; done < f", stdout: "<one>\n<two>\n"},
		// A command reads a `< file` redirection as the file itself, as
		// bash's children do: wc sizes its columns by it, and head leaves
		// the offset after the line it used for the next command.
		{name: "wc sees a regular file", setup: "printf 'a b\\nc\\nd\\n' > f", script: "wc < f", stdout: "3 4 8\n"},
		{name: "group shares the offset", setup: "printf '1\\n2\\n3\\n' > f", script: "{ head -n1; cat; } < f", stdout: "1\n2\n3\n"},
		{name: "builtin after a command", setup: "printf '1\\n2\\n3\\n' > f", script: "{ head -n1 > /dev/null; read x; echo \"x=$x\"; } < f", stdout: "x=2\n"},
		{name: "function reads the pipe", setup: "printf '1\\n2\\n' > f", script: "g() { while read l; do echo \"[$l]\"; done; }; g < f", stdout: "[1]\n[2]\n"},
		{name: "missing directory", script: "echo x > missing/dir/f", stderr: "bash: missing/dir/f: No such file or directory\n", status: 1},
		{name: "read missing file", script: "read x < nofile", stderr: "bash: nofile: No such file or directory\n", status: 1},
		{name: "write to a directory", script: "echo x > /tmp", stderr: "bash: /tmp: Is a directory\n", status: 1},
		{name: "dev stdout", script: "echo hi > /dev/stdout", stdout: "hi\n"},
		{name: "dev stderr", script: "echo hi > /dev/stderr", stderr: "hi\n"},
		{name: "dev fd 2", script: "echo hi >/dev/fd/2", stderr: "hi\n"},
		{name: "dev stdin", script: "read x < /dev/stdin; echo $x", stdin: "from stdin\n", stdout: "from stdin\n"},
		{name: "dev null", script: "echo gone > /dev/null; echo kept", stdout: "kept\n"},
		{name: "cat shortcut", setup: "echo content > f", script: `echo "$(<f)"`, stdout: "content\n"},
		{name: "2>&1", script: "{ echo out; echo err >&2; } 2>&1 > /dev/null", stdout: "err\n"},
	})
}

func TestExecOrder(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "not found", script: "nosuch arg; echo $?", stdout: "127\n", stderr: "bash: nosuch: command not found\n"},
		{name: "path not found", script: "./nosuch", stderr: "bash: ./nosuch: No such file or directory\n", status: 127},
		{name: "no x bit", setup: "echo 'echo ran' > f", script: "./f", stderr: "bash: ./f: Permission denied\n", status: 126},
		{name: "directory", setup: "mkdir d", script: "./d", stderr: "bash: ./d: Is a directory\n", status: 126},
		{name: "script without shebang", setup: "printf 'echo ran $0 $#\\n' > f; chmod +x f", script: "./f a b", stdout: "ran ./f 2\n"},
		{name: "bash shebang", setup: "printf '#!/bin/bash\\necho sh $1\\nexit 4\\n' > f; chmod 755 f", script: "./f x; echo $?", stdout: "sh x\n4\n"},
		{name: "env shebang", setup: "printf '#!/usr/bin/env bash\\necho env\\n' > f; chmod 755 f", script: "./f", stdout: "env\n"},
		{name: "shebang options", setup: "printf '#!/bin/bash -e\\nfalse\\necho no\\n' > f; chmod 755 f", script: "./f", status: 1},
		{name: "bad interpreter", setup: "printf '#!/no/such\\n' > f; chmod 755 f", script: "./f", stderr: "bash: ./f: cannot execute: required file not found\n", status: 127},
		{name: "binary file", setup: `printf 'ab\x00cd\n' > f; chmod 755 f`, script: "./f", stderr: "bash: ./f: cannot execute binary file: Exec format error\n", status: 126},
		{name: "PATH lookup over memfs", setup: "mkdir -p bin; printf 'echo mine\\n' > bin/tool; chmod +x bin/tool", script: "PATH=$HOME/bin:$PATH; tool", stdout: "mine\n"},
		{name: "PATH non-executable", setup: "mkdir -p bin; printf 'echo mine\\n' > bin/tool", script: "PATH=$HOME/bin:$PATH; tool", stderr: "bash: /home/user/bin/tool: Permission denied\n", status: 126},
		{name: "usr bin stub runs the command", script: "/usr/bin/bash -c 'echo stub'; /bin/bash -c 'echo bin'", stdout: "stub\nbin\n"},
		{name: "central --help", script: "bash --help | { read l; echo \"$l\"; }", stdout: "Usage:\tbash [option] ...\n"},
		{name: "function beats command", script: "bash() { echo func; }; bash -c 'echo cmd'", stdout: "func\n"},
		{name: "command skips function", script: "bash() { echo func; }; command bash -c 'echo cmd'", stdout: "cmd\n"},
	})
}

func TestBashCommand(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "-c with name and args", script: `bash -c 'echo "$0|$1|$2|$#"' N a b`, stdout: "N|a|b|2\n"},
		{name: "-c default name", script: `bash -c 'echo $0'`, stdout: "bash\n"},
		{name: "sh", script: `sh -c 'echo $0'`, stdout: "sh\n"},
		{name: "exit status", script: "bash -c 'exit 5'; echo $?", stdout: "5\n"},
		{name: "file with args", setup: "echo 'echo $0 $@' > s.sh", script: "bash s.sh 1 2", stdout: "s.sh 1 2\n"},
		{name: "missing file", script: "bash nofile.sh", stderr: "bash: nofile.sh: No such file or directory\n", status: 127},
		{name: "script from stdin", script: "echo 'echo from stdin' | bash", stdout: "from stdin\n"},
		{name: "exported env only", script: "export A=1; B=2; bash -c 'echo ${A:-x}${B:-x}'", stdout: "1x\n"},
		{name: "child cannot change parent", script: "bash -c 'cd /tmp; X=1'; pwd; echo ${X:-unset}", stdout: "/home/user\nunset\n"},
		{name: "shares memfs", script: "bash -c 'echo data > /tmp/f'; read x < /tmp/f; echo $x", stdout: "data\n"},
		{name: "-e", script: "bash -e -c 'false; echo no'; echo $?", stdout: "1\n"},
		{name: "-u", script: "bash -u -c 'echo $nope'; echo $?", stdout: "127\n", stderr: "bash: line 1: nope: unbound variable\n"},
		{name: "-x", script: "bash -x -c 'echo hi'", stdout: "hi\n", stderr: "+ echo hi\n"},
		{name: "-o pipefail", script: "bash -o pipefail -c 'false | true'; echo $?", stdout: "1\n"},
		{name: "EXIT trap", script: `bash -c 'trap "echo bye" EXIT; echo hi'`, stdout: "hi\nbye\n"},
		{name: "syntax error", script: "bash -c 'echo a; if then'; echo $?", stdout: "2\n", stderr: "bash: -c: line 1: syntax error near unexpected token `then'\nbash: -c: line 1: `echo a; if then'\n"},
		{name: "SHLVL", script: "bash -c 'echo $SHLVL'", stdout: "2\n"},
	})
}

func TestSyntaxErrors(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "unexpected token", script: "if then", stderr: "bash: line 1: syntax error near unexpected token `then'\n", status: 2},
		{name: "lines before run", script: "echo a\nfi\necho b", stdout: "a\n", stderr: "bash: line 2: syntax error near unexpected token `fi'\n", status: 2},
		{name: "open quote", script: `echo "a`, stderr: "bash: line 1: unexpected EOF while looking for matching `\"'\n", status: 2},
		{name: "unexpected end", script: "if true; then", stderr: "bash: line 2: syntax error: unexpected end of file\n", status: 2},
		{name: "redirect without word", script: "echo >", stderr: "bash: line 1: syntax error near unexpected token `newline'\n", status: 2},
	})
}

func TestPersistence(t *testing.T) {
	s := newTestSession(t, Options{})
	steps := []struct{ script, stdout string }{
		{"x=1; export Y=2; f() { echo f$1; }; alias say='echo said'; cd /tmp; set -o pipefail; trap 'echo trapped' ERR", ""},
		{"echo $x $Y; f 1; say it; pwd", "1 2\nf1\nsaid it\n/tmp\n"},
		{"false | true; echo $?", "trapped\n1\n"},
		{"cd -", "/home/user\n"},
		{"echo $OLDPWD", "/tmp\n"},
		{"false", "trapped\n"},
		{"echo $?", "1\n"},
	}
	for _, st := range steps {
		out, _, _ := run(t, s, st.script, "")
		if out != st.stdout {
			t.Errorf("%q: got %q, want %q", st.script, out, st.stdout)
		}
	}
	if got := s.Dir(); got != "/home/user" {
		t.Errorf("Dir() = %q", got)
	}
	if got := s.Getenv("x"); got != "1" {
		t.Errorf("Getenv(x) = %q", got)
	}
	if !s.IsCommand("f") || !s.IsCommand("say") || !s.IsCommand("ls") || !s.IsCommand("cd") || s.IsCommand("nosuch") {
		t.Errorf("IsCommand wrong")
	}
	cmds := strings.Join(s.Commands(), " ")
	for _, want := range []string{"f", "say", "cd", "bash", "python3"} {
		if !strings.Contains(" "+cmds+" ", " "+want+" ") {
			t.Errorf("Commands() lacks %q", want)
		}
	}
	vars := strings.Join(s.Vars(), " ")
	if !strings.Contains(vars, "Y") || strings.Contains(" "+vars+" ", " x1 ") {
		t.Errorf("Vars() = %s", vars)
	}
	run(t, s, "unset x", "")
	if got := s.Getenv("x"); got != "" {
		t.Errorf("after unset, Getenv(x) = %q", got)
	}
}

func TestStartDir(t *testing.T) {
	s := newTestSession(t, Options{Dir: "/work/project"})
	out, errs, st := run(t, s, "pwd; [ -w . ] && echo writable; stat -c '%U' /work /work/project; echo x > f && cat f; echo $HOME", "")
	if out != "/work/project\nwritable\nroot\nuser\nx\n/home/user\n" || st != 0 {
		t.Errorf("got %q %q %d", out, errs, st)
	}
	if _, err := New(Options{Dir: "relative"}); err == nil {
		t.Error("a relative start directory was accepted")
	}
}

func TestExit(t *testing.T) {
	s := newTestSession(t, Options{})
	if _, ok := s.Exited(); ok {
		t.Fatal("Exited before any exit")
	}
	out, _, st := run(t, s, "trap 'echo bye' EXIT; echo hi; exit 3; echo no", "")
	if out != "hi\nbye\n" || st != 3 {
		t.Errorf("got %q %d", out, st)
	}
	if n, ok := s.Exited(); !ok || n != 3 {
		t.Errorf("Exited() = %d, %v", n, ok)
	}
	// Close runs a pending EXIT trap, writing where the last Run wrote.
	s3, _ := New(Options{})
	var out3 bytes.Buffer
	s3.Run(context.Background(), "trap 'echo cleanup' EXIT; echo body", Stdio{Stdout: &out3})
	s3.Close()
	if out3.String() != "body\ncleanup\n" {
		t.Errorf("EXIT trap at Close: %q", out3.String())
	}
	// Script mode: the script's end is the shell's exit.
	s4 := newTestSession(t, Options{Script: true})
	out, _, st = run(t, s4, "trap 'echo cleanup' EXIT; alias a='echo alias'; a; echo body; false", "")
	if out != "body\ncleanup\n" || st != 1 {
		t.Errorf("script mode: %q %d", out, st)
	}
	if n, ok := s4.Exited(); !ok || n != 1 {
		t.Errorf("script mode Exited() = %d, %v", n, ok)
	}
	// A failing line is not an exit.
	s2 := newTestSession(t, Options{})
	run(t, s2, "false", "")
	if _, ok := s2.Exited(); ok {
		t.Error("false counted as exit")
	}
}

func TestLookupBuiltins(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "type kinds", setup: "f() { :; }", script: "type if cd f bash", stdout: "if is a shell keyword\ncd is a shell builtin\nf is a function\nf () \n{ \n    :\n}\nbash is /usr/bin/bash\n"},
		{name: "type alias", script: "alias ll='ls -l'\ntype ll", stdout: "ll is aliased to `ls -l'\n"},
		{name: "type -t", setup: "f() { :; }", script: "type -t if cd f bash nosuch", stdout: "keyword\nbuiltin\nfunction\nfile\n", status: 1},
		{name: "type not found", script: "type nosuch", stderr: "bash: type: nosuch: not found\n", status: 1},
		{name: "type -p and -P", script: "type -p bash cd; type -P bash", stdout: "/usr/bin/bash\n/usr/bin/bash\n"},
		{name: "type -a", script: "type -a bash", stdout: "bash is /usr/bin/bash\nbash is /bin/bash\n"},
		{name: "command -v", setup: "f() { :; }", script: "alias a='echo x'\ncommand -v f cd bash a nosuch", stdout: "f\ncd\n/usr/bin/bash\nalias a='echo x'\n", status: 0},
		{name: "command -V", script: "command -V cd nosuch", stdout: "cd is a shell builtin\n", stderr: "bash: command: nosuch: not found\n", status: 0},
		{name: "hash", script: "hash bash; hash nosuch", stderr: "bash: hash: nosuch: not found\n", status: 1},
		{name: "hash empty", script: "hash", stdout: "hash: hash table empty\n"},
		{name: "type of a memfs script", setup: "mkdir -p bin; printf 'echo\\n' > bin/t; chmod +x bin/t", script: "PATH=/home/user/bin:$PATH; type t; command -v t", stdout: "t is /home/user/bin/t\n/home/user/bin/t\n"},
		{name: "builtin type", script: "builtin type -t cd", stdout: "builtin\n"},
		{name: "command type", script: "command type -t cd", stdout: "builtin\n"},
		{name: "alias listing", script: "alias b='echo b' a='echo a'; alias; alias a; alias zz", stdout: "alias a='echo a'\nalias b='echo b'\nalias a='echo a'\n", stderr: "bash: alias: zz: not found\n", status: 1},
		{name: "unalias", script: "alias a=b; unalias a; alias; unalias a", stderr: "bash: unalias: a: not found\n", status: 1},
	})
}

func TestSourceAndCd(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "source relative", setup: "echo 'v=sourced; return 3; echo no' > lib.sh", script: "source lib.sh; echo $? $v", stdout: "3 sourced\n"},
		{name: "dot with args", setup: "echo 'echo $# $1' > lib.sh", script: ". ./lib.sh a b", stdout: "2 a\n"},
		{name: "source from PATH", setup: "mkdir -p bin; echo 'echo in path' > bin/lib.sh", script: "PATH=/home/user/bin; source lib.sh", stdout: "in path\n"},
		{name: "source missing", script: "source nofile; echo $?", stdout: "1\n", stderr: "bash: nofile: No such file or directory\n"},
		{name: "source no args", script: "source", stderr: "bash: source: filename argument required\nsource: usage: source filename [arguments]\n", status: 2},
		{name: "source syntax error", setup: "printf 'echo a\\nif then\\necho b\\n' > x.sh", script: "source x.sh; echo st=$?",
			stdout: "a\nst=2\n", stderr: "x.sh: line 2: syntax error near unexpected token `then'\n"},
		{name: "eval syntax error", script: "eval 'if then'; echo st=$?", stdout: "st=2\n", stderr: "bash: eval: line 1: syntax error near unexpected token `then'\n"},
		{name: "cd missing", script: "cd nodir", stderr: "bash: cd: nodir: No such file or directory\n", status: 1},
		{name: "cd file", setup: "echo > f", script: "cd f", stderr: "bash: cd: f: Not a directory\n", status: 1},
		{name: "cd too many", script: "cd a b", stderr: "bash: cd: too many arguments\n", status: 1},
		{name: "cd home", script: "cd /tmp; cd; pwd", stdout: "/home/user\n"},
		{name: "cd dash", script: "cd /tmp; cd -; cd -", stdout: "/home/user\n/tmp\n"},
		{name: "cd dotdot", script: "mkdir -p a/b; cd a/b/..; pwd", stdout: "/home/user/a\n"},
		{name: "pwd -P through symlink", setup: "mkdir real; ln -s real link", script: "cd link; pwd; pwd -P", stdout: "/home/user/link\n/home/user/real\n"},
		{name: "cd -P", setup: "mkdir real; ln -s real link", script: "cd -P link; pwd", stdout: "/home/user/real\n"},
		{name: "cd no permission", setup: "mkdir locked; chmod 000 locked", script: "cd locked", stderr: "bash: cd: locked: Permission denied\n", status: 1},
	})
}

func TestTildeAndOwnership(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "tilde", script: "echo ~ ~/x ~root ~user/y ~nosuch ~nosuch/z", stdout: "/home/user /home/user/x /root /home/user/y ~nosuch ~nosuch/z\n"},
		{name: "tilde plus minus", script: "cd /tmp; cd /; echo ~+ ~-", stdout: "/ /tmp\n"},
		{name: "quoted tilde", script: `echo "~root" '~' \~`, stdout: "~root ~ ~\n"},
		{name: "tilde in pipeline", script: "echo ~nosuch ~root | cat", stdout: "~nosuch /root\n"},
		{name: "tilde in eval", script: "eval 'echo ~root ~nosuch'", stdout: "/root ~nosuch\n"},
		{name: "test -O", setup: "echo > mine", script: "test -O mine && echo own; [ -O /etc/passwd ] || echo notown; [ -G mine ] && echo grp", stdout: "own\nnotown\ngrp\n"},
		{name: "[[ -O ]]", setup: "echo > mine", script: "[[ -O mine ]] && echo own; [[ -O /etc ]] || echo notown; [[ ! -G /etc ]] && echo notgrp", stdout: "own\nnotown\nnotgrp\n"},
		{name: "test -r -w -x", setup: "echo > f; chmod 640 f", script: "[ -r f ] && [ -w f ] && [ ! -x f ] && echo ok; [ -w /etc/passwd ] || echo ro", stdout: "ok\nro\n"},
	})
}

func TestProcessSubstitution(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "read one", script: "cat <(echo a; echo b)", stdout: "a\nb\n"},
		{name: "path", script: "echo <(true)", stdout: "/dev/fd/63\n"},
		{name: "two at once", script: "while read x; do echo \"$x\"; done < <(echo one; echo two)", stdout: "one\ntwo\n"},
		{name: "in a function", script: "f() { cat <(echo in-f); }; f", stdout: "in-f\n"},
		{name: "nested", script: "cat <(cat <(echo deep))", stdout: "deep\n"},
		{name: "files cleaned up", script: "cat <(echo x) >/dev/null; echo /dev/fd/*", stdout: "/dev/fd/*\n"},
		{name: "output substitution", script: "echo hi > >(tr a-z A-Z); echo next",
			stdout: "HI\nnext\n"},
		{name: "output substitutions run after the command, in order", script: "seq 3 | tee >(sed s/^/a:/) >(wc -l) > copy; cat copy",
			stdout: "a:1\na:2\na:3\n3\n1\n2\n3\n"},
		{name: "output substitution keeps the command's status", script: "false > >(cat); echo $?; echo /dev/fd/*",
			stdout: "1\n/dev/fd/*\n"},
		{name: "output substitution's output ignores the command's redirection", script: "echo x | tee >(cat) > /dev/null",
			stdout: "x\n"},
		{name: "coproc refused with a message", script: "coproc cat; echo $?",
			stdout: "1\n", stderr: "bash: line 1: coproc: not supported in memsh; run the command with & and talk to it through files\n"},
		{name: "exec into an output substitution refused", script: "exec > >(cat); echo next",
			stdout: "next\n", stderr: "bash: >(...): process substitution into a command is not supported in memsh; write to a file and read it afterwards\n"},
	})
}

func TestPrintf(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "reuse", script: `printf '%d %s\n' 1 a 2 b`, stdout: "1 a\n2 b\n"},
		{name: "floats", script: `printf '%5.2f|%e|%g|%G\n' 3.14159 1234.5 1234567 1e20`, stdout: " 3.14|1.234500e+03|1.23457e+06|1E+20\n"},
		{name: "integers", script: `printf '%05d|%+d|% d|%x|%X|%o|%#x|%u\n' 42 5 5 255 255 8 255 -1`, stdout: "00042|+5| 5|ff|FF|10|0xff|18446744073709551615\n"},
		{name: "star width", script: `printf '%*d|%-*d|%.*f\n' 5 42 4 7 2 3.14159`, stdout: "   42|7   |3.14\n"},
		{name: "q", script: `printf '%q ' 'a b' "it's" '' '~x' $'a\nb'; echo`, stdout: `a\ b it\'s '' \~x $'a\nb' ` + "\n"},
		{name: "b and c", script: `printf '%b|' 'a\tb' '\0101' 'a\cb' 'never'; echo`, stdout: "a\tb|A|a\n"},
		{name: "escapes", script: `printf 'a\x41\101\u00e9\n'`, stdout: "aAA\u00e9\n"},
		{name: "char code", script: `printf '%d %d\n' "'A" 0x1F`, stdout: "65 31\n"},
		{name: "bad number", script: `printf '%d\n' 12x`, stdout: "12\n", stderr: "bash: printf: 12x: invalid number\n", status: 1},
		{name: "-v", script: `printf -v v '%04d' 42; printf -v w '%s\n\n' x; echo "$v[$w]"`, stdout: "0042[x\n\n]\n"},
		{name: "missing args", script: `printf '%s|%d|\n'`, stdout: "|0|\n"},
		{name: "bad directive", script: `printf 'a%yb\n'`, stdout: "a", stderr: "bash: printf: `y': invalid format character\n", status: 1},
	})
}

func TestEval(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "eval", script: "x='echo hi'; eval \"$x\"; eval 'y=2'; echo $y", stdout: "hi\n2\n"},
		{name: "eval psub", script: "eval 'cat <(echo via-eval)'", stdout: "via-eval\n"},
	})
}

func TestHistoryBuiltin(t *testing.T) {
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	s.SetHistory([]string{"ls", "echo hi", "history | grep e"})
	var out strings.Builder
	if st, err := s.Run(context.Background(), "history | grep e; history 1", Stdio{Stdout: &out}); st != 0 || err != nil {
		t.Fatalf("status %d, %v", st, err)
	}
	want := "    2  echo hi\n    3  history | grep e\n    3  history | grep e\n"
	if out.String() != want {
		t.Errorf("history printed %q, want %q", out.String(), want)
	}
}

// Outputs recorded from bash 5.2.
func TestEchoFlagsAndReadIFS(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "combined echo flags", script: `echo -ne "x\n"; echo -en "y\n"; echo -nx; echo -- -ne a`, stdout: "x\ny\n-nx\n-- -ne a\n"},
		{name: "read keeps empty fields", script: `IFS=, read -ra p <<< "a,b,,c"; echo "${#p[@]}:$(printf "[%s]" "${p[@]}")"`, stdout: "4:[a][b][][c]\n"},
		{name: "read last field keeps the rest", script: `IFS=, read -r x y <<< "a,,b"; echo "[$x][$y]"`, stdout: "[a][,b]\n"},
	})
}

func TestTestSameFile(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "-ef", setup: "touch f g; ln f h; ln -s f l",
			script: `[ f -ef f ] && echo 1; [ f -ef h ] && echo 2; [ f -ef l ] && echo 3; [ f -ef g ] || echo 4; test f -ef nope || echo 5`,
			stdout: "1\n2\n3\n4\n5\n"},
	})
}

func TestAssocLength(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "${#assoc[@]}", script: `declare -A n; n[a]=1; n[b]=2; echo ${#n[@]} "${#n[*]}"; declare -A m=([x]=1 [y]=2 [z]=3); echo $(( ${#m[@]} + 1 )); a=(1 2 3); echo ${#a[@]}`,
			stdout: "2 2\n4\n3\n"},
	})
}

func TestTestIntegerOperands(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "not an integer",
			script: `[ 1 -eq a ]; echo $?; test a -lt 3; echo $?; [ 1 = 1 -o 1 -ge 2x ]; echo $?; [ "" -ne 1 ]; echo $?; [ 0x10 -eq 16 ]; echo $?`,
			stdout: "2\n2\n2\n2\n2\n",
			stderr: "bash: [: a: integer expression expected\nbash: test: a: integer expression expected\nbash: [: 2x: integer expression expected\nbash: [: : integer expression expected\nbash: [: 0x10: integer expression expected\n"},
		{name: "blanks and signs", script: `[ " +1 " -eq 1 ]; echo $?; [ -5 -lt -4 ]; echo $?; [ 010 -eq 10 ]; echo $?; [ 3 -gt 4 ]; echo $?`,
			stdout: "0\n0\n0\n1\n"},
	})
}

func TestSubshellExitTrap(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "subshell", script: `(trap "echo bye" EXIT; echo hi); echo s=$?`, stdout: "hi\nbye\ns=0\n"},
		{name: "exit status", script: `(trap 'echo bye $?' EXIT; exit 4); echo s=$?`, stdout: "bye 4\ns=4\n"},
		{name: "command substitution", script: `x=$(trap "echo x" EXIT; echo hi); echo "[$x]"`, stdout: "[hi\nx]\n"},
		{name: "in a pipeline", script: `printf 'a\nb\n' | (trap "echo bye" EXIT; read x; echo got $x; cat)`, stdout: "got a\nb\nbye\n"},
		{name: "isolated", script: `a=1; f(){ echo f$a; }; (trap 'echo bye $a' EXIT; a=2; f; cd /tmp); echo $a $PWD`, stdout: "f2\nbye 2\n1 /home/user\n"},
		{name: "0 and exit", script: `(trap "echo bye" 0; false); echo $?; (trap "echo b2" exit; trap - 0; echo c)`, stdout: "bye\n1\nc\n"},
		{name: "child shell", script: `bash -c 'trap "echo x" EXIT; exit 3'; echo s=$?`, stdout: "x\ns=3\n"},
		{name: "errexit", script: `set -e; (trap "echo bye" EXIT; false; echo no); echo s=$?`, stdout: "bye\n", status: 1},
	})
}

func TestDivisionByZero(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "stops the line", script: "echo $((10/0)); echo after\necho next $?",
			stdout: "next 1\n", stderr: "bash: 10/0: division by 0 (error token is \"0\")\n"},
		{name: "status", script: "x=$((1 % 0))", status: 1, stderr: "bash: 1 % 0: division by 0 (error token is \"0\")\n"},
		{name: "variable divisor", script: "x=10 y=0; echo $((x/y+1)); echo no\necho $(( (x/$y)*2 ))\necho $((x/=y))",
			stderr: "bash: x/y+1: division by 0 (error token is \"y+1\")\nbash: (x/0)*2 : division by 0 (error token is \"0)*2 \")\nbash: x/=y: division by 0 (error token is \"y\")\n", status: 1},
		{name: "in a function", script: "f(){ echo $((1/0)); echo inf; }; f; echo s=$?\necho $?", stdout: "1\n",
			stderr: "bash: 1/0: division by 0 (error token is \"0\")\n"},
		{name: "non-zero divisors", script: "i=0; s=0; while [ $i -lt 5 ]; do s=$((s + 10 / (i+1) + i % 3)); i=$((i+1)); done; echo $s $((7/2)) $((-7%3))", stdout: "26 3 -1\n"},
	})
}
