package interp

import "testing"

// arithErrorCases pin what an arithmetic error ends in bash -c: the line
// for $(( )), the shell for a subscript or an integer variable's value,
// nothing but the status for (( )).
var arithErrorCases = []bashCase{
	{"literal_index_error_exits", `(( 1+ )); echo st=$?
a=([1+]=3); echo not reached
`, `st=1
`, 1},
	{"subscript_error_exits", `echo $((1+)); echo same line
echo next
(b=(1 2); echo ${b[1+]}; echo not in subshell); echo after subshell $?
declare -i x; x="1+"; echo not reached
echo not reached either
`, `next
after subshell 1
`, 1},
}

func TestArithErrors(t *testing.T) { runCases(t, arithErrorCases) }
