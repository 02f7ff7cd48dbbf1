package interp

import "testing"

// funcCases pin function definitions to bash 5.2 (stdout and status
// recorded from bash).
var funcCases = []bashCase{
	// A definition followed by | && || is a command of that list: its
	// body is the compound command alone; after |, it is defined in a
	// pipeline stage only.
	{"definition_in_a_list", `f() { echo a; } | cat; type -t f || echo no-f
g() { echo b; } && echo and; g
h() { :; } || echo or; type -t h
k() { echo k; } | { cat; echo got; }
echo hello | potato() { echo abc; } | echo ha
declare -f g
`, `no-f
and
b
function
got
ha
g () 
{ 
    echo b
}
`, 0},
}

// TestFuncCases runs funcCases.
func TestFuncCases(t *testing.T) { runCases(t, funcCases) }
