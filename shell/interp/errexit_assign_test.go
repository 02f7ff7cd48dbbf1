package interp

import "testing"

// assignErrexitCases pin a failed assignment (to a read-only variable) in
// bash 5.2: the line is abandoned with status 1, and under set -e the
// shell leaves, even in a condition.
var assignErrexitCases = []bashCase{
	{"readonly_assign_errexit", `readonly r=1
r=2; echo not on this line
echo status=$?
set -e
if r=3; then echo t; else echo f; fi
echo not reached
`, `status=1
`, 1},
}

func TestAssignErrexit(t *testing.T) { runCases(t, assignErrexitCases) }
