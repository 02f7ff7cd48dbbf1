package interp

import "testing"

// nulCases pin where bash 5.2 drops NUL bytes: a command substitution's
// output loses them (with a warning), and a $'...' string ends at one.
var nulCases = []bashCase{
	{"nul_bytes", `x=$(printf 'a\0b'); echo "$x" ${#x}
y=$(printf '\0\0c\0'); echo "$y" ${#y}
z=$(printf 'a\n\0'); echo "[$z]"
s=$(printf '\000.\000'); echo ${#s} ${#s} "${s#?}"
x=$'a\0b'; echo ${#x}; echo $'q\x00r' $'s\U0t'
printf $'x\U0z' | od -An -c
`, `ab 2
c 1
[a]
1 1 
1
q s
   x
`, 0},
}

func TestNulBytes(t *testing.T) { runCases(t, nulCases) }
