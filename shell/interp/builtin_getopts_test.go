package interp

import "testing"

// getoptsCases pin getopts to bash 5.2 (stdout and status recorded from
// bash).
var getoptsCases = []bashCase{
	// The option is read before the name is bound: OPTIND and OPTARG
	// move on, and a name that is no identifier fails with status 1.
	{"invalid_name", `set -- -c foo -h
getopts 'hc:' opt-; echo status=$? opt=$opt OPTARG=$OPTARG OPTIND=$OPTIND
getopts 'hc:' 1x; echo status=$? OPTIND=$OPTIND
getopts 'hc:' 1x; echo status=$? OPTIND=$OPTIND
`, `status=1 opt= OPTARG=foo OPTIND=3
status=1 OPTIND=4
status=1 OPTIND=4
`, 0},
}

// TestGetoptsCases runs getoptsCases.
func TestGetoptsCases(t *testing.T) { runCases(t, getoptsCases) }
