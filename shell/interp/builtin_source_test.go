package interp

import "testing"

// sourceCases pin source and . to bash 5.2 (stdout and status recorded
// from bash).
var sourceCases = []bashCase{
	// -- ends the options; any other option is a usage error.
	{"options", `echo 'echo foo' > f.sh
source -- f.sh; . -- f.sh
source -x f.sh; echo status=$?
source --; echo status=$?
`, `foo
foo
status=2
status=2
`, 0},
}

// TestSourceCases runs sourceCases.
func TestSourceCases(t *testing.T) { runCases(t, sourceCases) }
