package interp

import "testing"

// TestInteractiveChild: bash -i as a command (its stdin not a
// terminal): startup files, PROMPT_COMMAND before each prompt, $-,
// set -u abandoning only the line, history expansion of the lines read
// and HISTCONTROL/HISTIGNORE, and bash's command-line parsing. The
// expected stdout is bash 5.2's (recorded; host bash too where its
// Debian /etc/bash.bashrc changes nothing).
func TestInteractiveChild(t *testing.T) {
	for _, c := range []struct{ script, want string }{
		{`echo 'echo RC' > rc; bash --rcfile rc -i -c 'echo 2; echo $-'`, "RC\n2\nhiBHc\n"},
		{`printf 'echo one\nexit 42\necho two\n' > rc; bash --rcfile rc -i -c 'echo hello'; echo st=$?`, "one\nst=42\n"},
		{`echo 'foo >' > bad; bash --rcfile bad -i -c 'echo hi' 2>err; echo st=$?; grep -c 'bad: line' err`, "hi\nst=0\n2\n"},
		{`bash --rcdir x -i -c 'echo B'; echo st=$?; bash -c --- 'echo three'; echo st=$?; bash -i --norc -c 'echo C'; echo st=$?`, "st=2\nst=2\nst=2\n"},
		{`export PS1=''; bash --rcfile /dev/null -i 2>/dev/null <<'EOF'
f() { echo last=$?; }
PROMPT_COMMAND=f
( exit 42 )

[[ bar =~ (.)(.) ]]
echo ${BASH_REMATCH[@]}
PROMPT_COMMAND='echo $(( 1 / 0 ))'
echo ok
EOF`, "last=0\nlast=42\nlast=42\nlast=0\nba b a\nlast=0\nok\n"},
		{`export PS1=''; printf 'read x\nhello\necho "[$x]"\nread -r y; echo "<$y>"\nsecond\n' | bash --rcfile /dev/null -i 2>/dev/null`, "[hello]\n<second>\n"},
		{`export PS1=''; printf 'PROMPT_COMMAND="exit 5"\necho no\n' | bash --rcfile /dev/null -i 2>/dev/null; echo st=$?`, "st=5\n"},
		{`bash -i -c 'set -u; echo before; echo $x; echo after
echo line2' 2>/dev/null; echo st=$?`, "before\nline2\nst=0\n"},
		{`bash -oo errexit noglob -c 'echo $-'; bash +o errexit -c 'echo $-'; echo 'echo $-' | bash -s; echo 'echo f' > f.sh; bash -x -- f.sh 2>/dev/null; bash - f.sh`, "efhBc\nhBc\nhBs\nf\nf\n"},
		{`export PS1=''; bash --rcfile /dev/null -i 2>/dev/null <<'EOF'
HISTCONTROL=ignoreboth HISTIGNORE='ls*:&'
echo a
echo a
ls / >/dev/null
 echo space
echo b
echo b
!!
!-2 x
^b^c
echo !$
history
EOF`, "a\na\nspace\nb\nb\nb\na x\nx\n    1  HISTCONTROL=ignoreboth HISTIGNORE='ls*:&'\n    2  echo a\n    3  echo b\n    4  echo a x\n    5  echo x\n    6  history\n"},
		{`export PS1=''; bash --rcfile /dev/null -i 2>/dev/null <<'EOF'
HISTCONTROL=erasedups
echo a
echo b
echo a
history
echo !nope
echo after
EOF`, "a\nb\na\n    1  HISTCONTROL=erasedups\n    2  echo b\n    3  echo a\n    4  history\nafter\n"},
		{`export PS1=''; echo 'echo $((1/0))' > rc; bash --rcfile rc -i 2>&1 >/dev/null <<'EOF' | grep -E 'unbound|division|syntax'
set -u
echo $x
echo (
EOF`, "bash: 1/0: division by 0 (error token is \"0\")\nbash: x: unbound variable\nbash: syntax error near unexpected token `newline'\n"},
	} {
		out, errOut, _ := runMemsh(t, c.script)
		if out != c.want {
			t.Errorf("%s: got %q (stderr %q), want %q", c.script, out, errOut, c.want)
		}
		if got, _, ok := runBash(t, c.script); ok && got != c.want {
			t.Errorf("%s: host bash says %q, want %q", c.script, got, c.want)
		}
	}
}

// TestChildShellOptions: an exported SHELLOPTS or BASHOPTS carries the
// options as they are when a child bash starts, which turns them on
// (bash 5.2's output, recorded).
func TestChildShellOptions(t *testing.T) {
	script := `export SHELLOPTS; set -x; { bash -c 'echo 2'; } 2>&1; set +x
export BASHOPTS; shopt -s nullglob; bash -c 'shopt nullglob; echo $SHELLOPTS'; bash -c 'echo x*'`
	want := "+ bash -c 'echo 2'\n+ echo 2\n2\nnullglob       \ton\nbraceexpand:hashall:interactive-comments\n\n"
	out, errOut, _ := runMemsh(t, script)
	if out != want {
		t.Errorf("got %q (stderr %q), want %q", out, errOut, want)
	}
	if got, _, ok := runBash(t, script); ok && got != want {
		t.Errorf("host bash says %q, want %q", got, want)
	}
}

// TestExecutionString: bash -c sets BASH_EXECUTION_STRING to its
// script; a script read from a file or stdin has none (bash 5.2).
func TestExecutionString(t *testing.T) {
	script := `bash -c 'echo "[$BASH_EXECUTION_STRING]"'; echo 'echo "[$BASH_EXECUTION_STRING]"' | bash`
	want := "[echo \"[$BASH_EXECUTION_STRING]\"]\n[]\n"
	out, errOut, _ := runMemsh(t, script)
	if out != want {
		t.Errorf("got %q (stderr %q), want %q", out, errOut, want)
	}
	if got, _, ok := runBash(t, script); ok && got != want {
		t.Errorf("host bash says %q, want %q", got, want)
	}
}

// TestChildShellStart: a child bash starts in $PWD when the environment
// has it and it names the directory (through a symbolic link too), else
// in the physical directory; SHELL, when the environment has none, is
// the user's shell from /etc/passwd (bash 5.2, recorded; the host's
// /etc/passwd gives root's /bin/bash as the sandbox's gives user's).
func TestChildShellStart(t *testing.T) {
	script := `mkdir -p t/target; ln -s "$PWD/t/target" t/symlink; cd t/symlink
bash -c 'basename $(pwd)'; unset PWD; bash -c 'basename $(pwd)'
unset SHELL; bash -c 'echo ${SHELL:+set}'`
	want := "symlink\ntarget\nset\n"
	out, errOut, _ := runMemsh(t, script)
	if out != want {
		t.Errorf("got %q (stderr %q), want %q", out, errOut, want)
	}
	if got, _, ok := runBash(t, script); ok && got != want {
		t.Errorf("host bash says %q, want %q", got, want)
	}
}
