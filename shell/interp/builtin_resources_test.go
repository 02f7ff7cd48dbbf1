package interp

import "testing"

// ulimitCases pin ulimit to bash 5.2 (stdout and status recorded from
// bash).
var ulimitCases = []bashCase{
	// The operand after -- is the last option's limit; one that does
	// not fit rlim_t in bytes is out of range.
	{"operands_and_range", `ulimit -f -- -42; echo status=$?
ulimit -f $(( (1 << 62) + 1 )); echo status=$?
ulimit -f
ulimit -f $(( 1 << 53 )); echo status=$?
ulimit -f
ulimit -n -- 50; ulimit -n
`, `status=1
status=1
unlimited
status=0
9007199254740992
50
`, 0},
	// A redirection that would open a descriptor at or past ulimit -n
	// fails as open(2) does.
	{"open_files_limit", `bash -c 'ulimit -n 64; echo hi >out'; echo status=$?
bash -c 'ulimit -n 0; echo hi >out'; echo status=$?
`, `status=0
status=1
`, 0},
}

// TestUlimitCases runs ulimitCases.
func TestUlimitCases(t *testing.T) { runCases(t, ulimitCases) }
