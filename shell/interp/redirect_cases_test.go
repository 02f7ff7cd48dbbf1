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
}

// TestRedirectCases runs redirectCases.
func TestRedirectCases(t *testing.T) { runCases(t, redirectCases) }
