package interp

import "testing"

// posixModeCases pin what set -o posix changes in bash 5.2 (stdout and
// status recorded from bash).
var posixModeCases = []bashCase{
	// Assignments before a special builtin stay in the shell, exported;
	// not before `builtin` or a function.
	{"special_builtin_assignments_stay", `set -o posix
foo=bar :; echo foo=$foo; printenv foo
z=Z builtin :; echo z=$z
a=1 readonly spam=eggs; echo a=$a spam=$spam
f() { :; }; g=1 f; echo g=${g-unset}
h() { local v=1; v=2 :; echo "in $v"; }; h; echo "out ${v-unset}"
x=42; x=tmp unset x; echo x=$x
`, `foo=bar
bar
z=
a=1 spam=eggs
g=unset
in 2
out unset
x=42
`, 0},
	// A special builtin is found before a function of its name.
	{"special_builtin_before_function", `eval() { echo "function $1"; }
eval 'echo before posix'
set -o posix
eval 'echo after posix'
`, `function echo before posix
after posix
`, 0},
	// A function cannot take a special builtin's name, nor one that is
	// no identifier; the error ends the shell (a subshell).
	{"function_name_refused", `set -o posix
(eval() { :; }; echo not reached); echo status=$?
(foo-bar() { :; }; echo not reached); echo status=$?
(:() { :; }; echo not reached); echo status=$?
eval() { :; }
echo not reached
`, `status=2
status=2
status=2
`, 2},
	// A failed assignment with no command, or before a special builtin,
	// ends the shell; before another command it abandons the line.
	{"readonly_assignment_fatal", `set -o posix
readonly x=1
(x=2; echo not reached); echo status=$?
x=2 true; echo not reached
(x=2 :; echo not reached); echo status=$?
x=2
echo not reached
`, `status=1
status=1
`, 127},
	// Outside posix mode a read-only variable's assignment before a
	// command is left out, and the command runs.
	{"readonly_prefix_assignment_skipped", `readonly x=1
x=2 true; echo status=$?
x=2 printenv x; echo status=$?
f() { echo "f $x"; }; x=3 f
`, `status=0
status=1
f 1
`, 0},
}

// TestPosixMode runs posixModeCases.
func TestPosixMode(t *testing.T) { runCases(t, posixModeCases) }
