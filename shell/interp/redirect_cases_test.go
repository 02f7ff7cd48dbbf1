package interp

import "testing"

// redirectCases pin redirections to bash 5.2 (stdout and status
// recorded from bash).
var redirectCases = []bashCase{
	// A command with no command word assigns first and then performs
	// its redirections (bash's execute_null_command): the assignment
	// survives a failed redirection, a command substitution in it writes
	// to the shell's stderr and reads the shell's stdin, not the
	// redirected ones.
	{"null_command_assigns_first", `abc=def > /does/not/exist; echo "abc=$abc status=$?"
v=$(echo to-stderr >&2) 2>err.txt; echo "v=$v"; cat err.txt
x=1 > $(echo made; exit 3); echo "st=$?"; ls
y=$(exit 4) > g; echo "st=$?"; ls
p=` + "`cat`" + ` <<EOF
from here-doc
EOF
echo "p=[$p]"
e=; w=$(echo six) $e > h; echo "st=$? w=$w"; ls
`, `abc=def status=1
v=
st=3
err.txt
made
st=4
err.txt
g
made
p=[]
st=0 w=six
err.txt
g
h
made
`, 0},
	{"null_command_expansion_error_first", `X=${unset_var?msg} > walrus; echo not reached
`, ``, 127},
	// set -C refuses >, &> and >&file on an existing regular file;
	// 1>&file is &>file too, 2>&file an ambiguous redirect.
	{"noclobber_and_dup_to_file", `set -C
echo a > f1; echo b &>> f1; echo st=$?
echo c >| f1; echo st=$?
echo d &> f1; echo st=$?
echo e >& f1; echo st=$?
echo f 2> f1; echo st=$?
cat f1; echo x > /dev/null; echo st=$?
set +C
echo one 1>&g1; echo st=$?
echo two 2>&g2; echo st=$?
{ echo three; echo err >&2; } 1>&g3; cat g3
`, `st=0
st=0
st=1
st=1
st=1
c
st=0
st=0
st=1
three
err
`, 0},
	// set -x traces a command (and the assignments before it) to the
	// shell's stderr before its redirections apply.
	{"xtrace_before_redirections", `{ set -x; a=1 printf 'aaaa' > /dev/null 2> t; set +x; } 2>trace
echo "t=[$(cat t)]"; cat trace
`, `t=[]
+ a=1
+ printf aaaa
+ set +x
`, 0},
	// A FIFO opened read-write carries what is written to it back.
	{"fifo_read_write", `mkfifo f; test -p f; echo status=$?
ls -l f | cut -c1-10; mkfifo -m 600 g; ls -l g | cut -c1-10
exec 8<> f; echo first >&8; echo second >&8; read a <&8; read b <&8; exec 8<&-
echo "$a $b"
`, `status=0
prw-r--r--
prw-------
first second
`, 0},
}

// TestRedirectCases runs redirectCases.
func TestRedirectCases(t *testing.T) { runCases(t, redirectCases) }
