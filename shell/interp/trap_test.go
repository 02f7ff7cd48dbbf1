package interp

import "testing"

// trapCases pin trap.go to bash 5.2: a subshell lists its parent's traps
// (which do not run there) until it sets one, keeping ignored signals;
// trap -p quotes as bash's sh_single_quote does; trap.def's reading of
// its arguments (an all-digit signal first resets, -1 is an invalid
// option, one operand that is no signal is a usage error); the DEBUG
// trap before each simple command of a pipeline (in the parent: a
// compound stage runs none, nor does a ( ) subshell) and before each
// round of a for loop, for ((...))'s test and step shown as bash shows
// them in $BASH_COMMAND; the RETURN trap as a sourced file ends, return
// refused in eval or trap text outside a function or sourced file, and
// no ERR trap for a background job's own command (set -E).
var trapCases = []bashCase{
	{"trap_in_subshells", `trap "echo x" EXIT; trap "" USR2; trap "echo i" INT
(trap "echo y" HUP; trap); echo ---; (trap -p EXIT); echo ---; (trap - INT; trap); echo ---
echo "$(trap -p INT)"; trap -p INT | cat
trap 'echo 1
echo '"'"'2'"'"'' HUP; trap -p HUP
`, `trap -- 'echo y' SIGHUP
trap -- '' SIGUSR2
---
trap -- 'echo x' EXIT
---
trap -- '' SIGUSR2
---
trap -- 'echo i' SIGINT
trap -- 'echo i' SIGINT
trap -- 'echo 1
echo '\''2'\''' SIGHUP
x
`, 0},
	{"return_trap_and_async_err", `{
trap 'echo ret' RETURN; echo 'return 3' > r1.sh; . ./r1.sh; echo "sourced=$?"
f() { . ./r1.sh; echo "in f=$?"; }; f; trap - RETURN
eval return; echo "eval=$?"; g() { eval 'return 4'; echo no; }; g; echo "g=$?"
trap 'return 5' DEBUG; echo after-debug; trap - DEBUG
set -o errtrace; trap 'echo "err $LINENO"' ERR
false & wait
{ false; echo async; } & wait
(false) & wait
} 2>&1 | sed -E 's/^[^ ]*bash: line [0-9]+: //'
`, "ret\n" +
		"sourced=3\n" +
		"in f=3\n" +
		"return: can only `return' from a function or sourced script\n" +
		"eval=2\n" +
		"g=4\n" +
		"return: can only `return' from a function or sourced script\n" +
		"after-debug\n" +
		"return: can only `return' from a function or sourced script\n" +
		"err 8\n" +
		"async\n" +
		"err 9\n", 0},
	{"trap_arguments", `{
trap " 42 " USR1; trap -p USR1; trap 07 USR1 EXIT; trap -p; echo "reset=$?"
trap -1 EXIT; echo "opt=$?"; trap 'echo x'; echo "one=$?"; trap INT; echo "alone=$?"
} 2>&1 | sed -E 's/^[^ ]*bash: line [0-9]+: //'
`, `trap -- ' 42 ' SIGUSR1
reset=0
trap: -1: invalid option
trap: usage: trap [-lp] [[arg] signal_spec ...]
opt=2
trap: usage: trap [-lp] [[arg] signal_spec ...]
one=2
alone=0
`, 0},
	{"debug_pipelines_loops", `trap 'echo "dbg $LINENO $BASH_COMMAND"' DEBUG
{ echo a; } | cat
echo b |
  cat
for x in 1 2; do :; done
for ((i=0; i<2; i++)); do :; done
(echo sub)
trap - DEBUG
`, `dbg 2 cat
a
dbg 3 echo b
dbg 4 cat
b
dbg 5 for x in 1 2
dbg 5 :
dbg 5 for x in 1 2
dbg 5 :
dbg 6 ((i=0))
dbg 6 ((i<2))
dbg 6 :
dbg 6 ((i++))
dbg 6 ((i<2))
dbg 6 :
dbg 6 ((i++))
dbg 6 ((i<2))
sub
dbg 8 trap - DEBUG
`, 0},
	{"debug_for_arith", `trap 'echo "$LINENO $BASH_COMMAND"' DEBUG
for (( i =3 ; i < 4; ++i )); do :; done; for ((;;)); do break; done
trap - DEBUG
`, `2 ((i =3 ))
2 ((i < 4))
2 :
2 ((++i ))
2 ((i < 4))
2 ((1))
2 ((1))
2 break
3 trap - DEBUG
`, 0},
}

// TestTraps runs trapCases.
func TestTraps(t *testing.T) { runCases(t, trapCases) }
