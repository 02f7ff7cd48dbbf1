package interp

import "testing"

// negatedErrexitCases pin ! against set -e to bash 5.2 (stdout and
// status recorded from bash): ! suspends errexit for what it runs only
// when errexit is on as it starts, so a function that turns set -e on
// under `! f` still exits; the ERR trap stays off either way.
var negatedErrexitCases = []bashCase{
	{"errexit_on_before", `set -e; foo() { false; echo in; }; ! foo; echo after
`, "in\nafter\n", 0},
	{"set_e_inside", `foo() { set -e; false; echo in; }; ! foo | cat; echo piped
! foo; echo not reached
`, "piped\n", 1},
	{"no_err_trap", `f() { false; echo inf; }; trap "echo ERR" ERR; ! f; echo after
`, "inf\nafter\n", 0},
}

// TestNegatedErrexit runs negatedErrexitCases.
func TestNegatedErrexit(t *testing.T) { runCases(t, negatedErrexitCases) }
