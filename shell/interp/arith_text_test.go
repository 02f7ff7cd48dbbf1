package interp

import "testing"

// arithTextCases pin how bash 5.2 reads arithmetic text: single quotes are
// not quotes there (the expression fails on them), an empty expression is
// 0, a backslash-newline joins lines, a name built by an expansion may
// take a subscript, and floating point is an error.
var arithTextCases = []bashCase{
	{"empty", `(( )); echo status=$?
echo $(( )) $((  ))
a=(a b c d e f)
echo slice ${a[@]: }
echo slice ${a[@]: : }.
echo slice ${a[@]:: }.
`, `status=1
0 0
slice a b c d e f
slice .
slice .
`, 0},
	{"lines", `echo $((
1 +
2 + \
3
))
x=$(( 4 \
 * 2 )); echo $x
foo=bar
echo $(( x$foo[5] = 42 )) ${xbar[5]}
echo $(( x$foo[5]++ )) ${xbar[5]}
echo $((1 + 2.5)); echo not reached
`, `6
8
42 42
42 43
`, 1},
	{"quotes", `(( '1' + 2 )); echo status=$?
echo $(( "1" + 2 ))
a=(5 6); echo $(( a["1"] ))
echo $(( '1' + 2 )); echo not reached
`, `status=1
3
6
`, 1},
	{"quoted_backslash_key", `key='\'; declare -A A; (( A["$key"] = 42 )); declare -p A; echo $(( A["$key"] + 1 ))
k2="a b"; (( A["$k2"] = 3 )); echo ${A["a b"]}; x=1; echo $(( "$x" + 1 ))
`, `declare -A A=(["\\"]="42" )
43
3
2
`, 0},
}

func TestArithText(t *testing.T) { runCases(t, arithTextCases) }
