package interp

import "testing"

// debugReturnTrapCases pin where bash 5.2 runs the DEBUG and RETURN traps besides
// before each simple command and at a function's end: DEBUG before each
// iteration of for ... in, before each test and update of for (( )) (whose
// $LINENO is the loop's line), and in the shell itself before each
// pipeline stage that is a simple command (none inside a compound stage);
// RETURN when a sourced file ends, not when a function that did not set it
// returns.
var debugReturnTrapCases = []bashCase{
	{"debug_trap_loops_pipelines", `trap 'echo "  [$LINENO]"' DEBUG
for x in 1 2; do
  echo x=$x
done
for (( i = 3; i < 5; ++i )); do
  echo i=$i
done
false | false |
  false
{ echo a; echo b; } | cat
trap - DEBUG
echo ok
`, `  [2]
  [3]
x=1
  [2]
  [3]
x=2
  [5]
  [5]
  [6]
i=3
  [5]
  [5]
  [6]
i=4
  [5]
  [5]
  [8]
  [8]
  [9]
  [10]
a
b
  [11]
ok
`, 0},
	{"lineno_in_for_arith", `echo one
# the test reads $LINENO of the loop's line
for (( i = 0; i < $LINENO; i++ )); do
  echo $i
done
`, `one
0
1
2
`, 0},
	{"return_trap_source", `printf 'echo in-src\nreturn 3\necho not\n' > s.sh
trap 'echo return trap' RETURN
f() { echo in f; }
f
. ./s.sh; echo st=$?
trap - RETURN
. ./s.sh; echo st=$?
`, `in f
in-src
return trap
st=3
in-src
st=3
`, 0},
}

func TestDebugReturnTraps(t *testing.T) { runCases(t, debugReturnTrapCases) }
