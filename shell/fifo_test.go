package shell

import "testing"

// TestFifo: named pipes as bash 5.2 and GNU coreutils 9.1 use them on
// Linux (outputs recorded from them). The scripts synchronise on the
// pipe's data and opens, never on time: a writer started in the
// background waits in its open until the reader comes, and the other
// way round.
// The session is a prompt's, so a job's start prints bash -i's
// "[1] PID" line on stderr.
func TestFifo(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "writer first", script: "mkfifo p; (echo hi > p) & cat p; wait", stdout: "hi\n", stderr: "[1] 2001\n"},
		{name: "read builtin", script: `mkfifo p; (echo hi > p) & read line < p; echo "got $line"; wait`, stdout: "got hi\n", stderr: "[1] 2001\n"},
		{name: "while read", script: `mkfifo p; { echo a; echo b; } > p & while read l; do echo "l=$l"; done < p; wait`, stdout: "l=a\nl=b\n", stderr: "[1] 2001\n"},
		{name: "rdwr never waits", script: "mkfifo p; exec 3<>p; echo x >&3; read -u 3 v; echo $v; exec 3>&-", stdout: "x\n"},
		{name: "wc operand", script: "mkfifo p; (seq 3 > p) & wc -l p; wait", stdout: "3 p\n", stderr: "[1] 2001\n"},
		{name: "wc stdin", script: "mkfifo p; (seq 3 > p) & wc -l < p; wait", stdout: "3\n", stderr: "[1] 2001\n"},
		{name: "sort", script: "mkfifo p; (echo one; echo two) > p & sort -r p; wait", stdout: "two\none\n", stderr: "[1] 2001\n"},
		{name: "reader gone", script: "mkfifo p; (head -c1 p > /dev/null) & yes > p; echo $?; wait", stdout: "141\n", stderr: "[1] 2001\n"},
		{name: "read -t", script: "mkfifo p; exec 3<>p; read -t 0.01 -u 3 x; echo $?", stdout: "142\n"},
		{name: "kinds", script: "mkfifo p; ls -l p | cut -c1-10; ls -F; test -p p && echo yes; [[ -p p ]] && echo yes2; stat -c '%F %A %s' p; find . -type p; file p; du p",
			stdout: "prw-r--r--\np|\nyes\nyes2\nfifo prw-r--r-- 0\n./p\np: fifo (named pipe)\n0\tp\n"},
		{name: "tar", script: "mkfifo p; tar cf a.tar p; rm p; tar xf a.tar; ls -l p | cut -c1-10; tar tvf a.tar | cut -c1-10", stdout: "prw-r--r--\nprw-r--r--\n"},
		{name: "cp", script: "mkfifo p; cp -R p q; ls -l q | cut -c1-10; (echo data > p) & cp p reg; wait; cat reg", stdout: "prw-r--r--\ndata\n", stderr: "[1] 2001\n"},
		{name: "errors", script: "mkfifo p; mkfifo p; mknod q p; mknod q p; mkfifo -m 0 r; ls -l r | cut -c1-10",
			stdout: "p---------\n", stderr: "mkfifo: cannot create fifo 'p': File exists\nmknod: q: File exists\n"},
		{name: "rm", script: "mkfifo p; rm p; ls"},
		{name: "grep operand", script: `mkfifo p; (printf 'a\nb\n' > p) & grep b p; wait`, stdout: "b\n", stderr: "[1] 2001\n"},
		{name: "sed operand", script: `mkfifo p; (printf 'a\nb\n' > p) & sed -n 2p p; wait`, stdout: "b\n", stderr: "[1] 2001\n"},
		{name: "timeout ends grep's and sed's wait", script: "mkfifo p; timeout 0.01 grep x p; echo $?; timeout 0.01 sed p p; echo $?", stdout: "124\n124\n"},
		{name: "timeout ends a waiting open", script: "mkfifo p; timeout 0.01 cat p; echo $?; timeout 0.01 bash -c 'echo x > p'; echo $?", stdout: "124\n124\n"},
		{name: "timeout ends a waiting read", script: "mkfifo p; exec 3<>p; timeout 0.01 cat <&3; echo $?; echo still >&3; read -u 3 v; echo $v", stdout: "124\nstill\n"},
	})
}
