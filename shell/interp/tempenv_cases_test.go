package interp

import "testing"

// tempEnvCases pin the temporary environment (v=x cmd) against local and
// unset to bash 5.2 (stdout and status recorded from bash): a function's
// temporary variables live in its own scope, where local claims them;
// a builtin's (v=x eval ...) are a scope on the same function level;
// a local shadowing a temporary variable starts with its value; unset
// takes a temporary variable away, showing the one under it.
var tempEnvCases = []bashCase{
	{"local_and_unset_with_tempenv", `unlocal() { unset -v "$1"; }
f1() { local v; echo "f1 ${v-(unset)}"; }
f2() { f1; }
v=global
v=tempenv f1
v=tempenv f2
(export v=x; f1)
g() { local v=local; unset v; echo "g unset ${v-(unset)}"; }
v=tempenv g
h() { local v=local; unlocal v; echo "h unlocal ${v-(unset)}"; }
v=tempenv h
k() { IFS= eval 'local w=1'; echo "k w=$w"; v=t eval 'local v=2; unset v; echo "k ${v-(unset)}"'; }
k; echo "after k w=${w-(unset)}"
n() {
  v=t2 eval '
    v=t3 eval "
      echo \$v; unset v; echo \$v; unset v; echo \$v; unset v; echo \$v; unset v; echo \${v-(unset)}
    "
  '
}
v=t1 n
v=global
m() {
  local v=l1
  v=t2 eval 'local v=l2; v=t3 eval "local v=l3; echo \$v; unlocal v; echo \$v; unlocal v; echo \$v; unlocal v; echo \$v"'
}
v=t1 m
`, `f1 tempenv
f1 tempenv
f1 (unset)
g unset (unset)
h unlocal global
k w=1
k (unset)
after k w=(unset)
t3
t2
t1
global
(unset)
l3
l2
l1
global
`, 0},
}

// TestTempEnvCases runs tempEnvCases.
func TestTempEnvCases(t *testing.T) { runCases(t, tempEnvCases) }
