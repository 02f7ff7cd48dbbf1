package interp

import "testing"

// dirsCases pin cd, pwd and the start-up PWD and OLDPWD to bash 5.2
// (stdout and status recorded from bash).
var dirsCases = []bashCase{
	// OLDPWD starts exported and unset when the environment has none.
	{"cd_dash_without_oldpwd", `declare -p OLDPWD; cd - >/dev/null; echo status=$?
cd /; cd - >/dev/null; echo status=$?
`, `declare -x OLDPWD
status=1
status=0
`, 0},
	// .. leaves the logical path only after a directory that exists.
	{"cd_dotdot_after_missing", `mkdir d; cd nonexistent/..; echo status=$?
cd d/../nonexistent/..; echo status=$?
cd d/..; echo status=$?
`, `status=1
status=1
status=0
`, 0},
	{"pwd_ignores_operands", `pwd / >/dev/null; echo status=$?
pwd -L x >/dev/null; echo status=$?
pwd -x; echo status=$?
pwd -LP -- >/dev/null; echo status=$?
`, `status=0
status=0
status=2
status=0
`, 0},
	// A child shell keeps an inherited PWD naming its directory, and
	// otherwise starts in the physical path.
	{"child_shell_pwd", `mkdir -p t/target; ln -s target t/symlink; cd t/symlink
bash -c 'basename $(pwd)'
unset PWD
bash -c 'basename $(pwd)'
PWD=/ bash -c 'basename $(pwd)'
`, `symlink
target
target
`, 0},
	{"pushd_too_many_arguments", `pushd . . >/dev/null; echo status=$?
pushd -- . . >/dev/null; echo status=$?
pushd -n -- . . >/dev/null; echo status=$? ${#DIRSTACK[@]}
`, `status=1
status=1
status=0 2
`, 0},
}

// TestDirsCases runs dirsCases.
func TestDirsCases(t *testing.T) { runCases(t, dirsCases) }
