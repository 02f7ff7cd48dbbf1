package interp

import "testing"

// debugTrapCases pin where bash 5.2 runs the DEBUG trap besides before
// each simple command: before each iteration of for ... in, before each
// test and update of for (( )), and in the shell itself before each
// pipeline stage that is a simple command (none inside a compound stage).
var debugTrapCases = []bashCase{
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
}

func TestDebugTrapCases(t *testing.T) { runCases(t, debugTrapCases) }
