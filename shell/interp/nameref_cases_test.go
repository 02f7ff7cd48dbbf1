package interp

import "testing"

// namerefCases pin bash 5.2's namerefs at their edges: typeset -n of a
// value that is no name is refused, +n drops the attribute of the
// variable itself, ${!ref} is the name referred to, and a cycle reads
// nothing and assigns nothing.
var namerefCases = []bashCase{
	{"nameref_cycle", `typeset -n ref1=ref2
typeset -n ref2=ref1
echo "defined [$ref1]"
ref1=z; echo not on this line
echo mutated $?
`, `defined []
mutated 1
`, 0},
	{"nameref_edges", `x=foo; ref=x
typeset -n ref; echo ref=$ref "!ref=${!ref}"
typeset +n ref; echo ref=$ref
set -- one two
r1='#'; typeset -n r1; echo "r1=$r1 st=$?"
r2=1; typeset -n r2; r2=foo; echo "r2=$r2"
`, `ref=foo !ref=x
ref=x
r1=# st=1
r2=foo
`, 0},
	{"nameref_to_all_elements", `p() { printf '<%s>' "$@"; echo; }
typeset -n ref='a[@]' r2='a[*]' r3='a[1]'
a=('A B' C)
p "$ref" $ref "${ref}"
IFS=:; p "$r2" $r2 "$r3"
`, `<A B><C><A><B><C><A B C>
<A B:C><A B><C><C>
`, 0},
}

func TestNamerefCases(t *testing.T) { runCases(t, namerefCases) }
