package shell

import "testing"

// Attributes and the expansions memsh computes must hold across Runs,
// as lines typed at the prompt, and in eval'd and sourced code.
func TestAttrsAcrossRuns(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "integer set on an earlier line", setup: "declare -i n", script: "n=3+4; echo $n; n+=1; echo $n", stdout: "7\n8\n"},
		{name: "case attributes", setup: "declare -l lo; typeset -u up", script: "lo=AbC up=dEf; echo $lo $up", stdout: "abc DEF\n"},
		{name: "local integer", setup: "f() { local -i k=$1*2; echo $k; }", script: "f 3+1", stdout: "5\n"},
		{name: "eval", setup: "declare -i n", script: "eval 'n=2*5'; echo $n", stdout: "10\n"},
		{name: "source", setup: "echo 'declare -u s=abc; echo $s; s=xyz' > /tmp/lib.sh", script: "source /tmp/lib.sh; echo $s", stdout: "ABC\nXYZ\n"},
		{name: "declare -p", setup: "declare -i n=2+2", script: "declare -p n; declare -p nosuch", stdout: "declare -i n=\"4\"\n", stderr: "bash: declare: nosuch: not found\n", status: 1},
		{name: "let status", script: "let 'x=0'; echo $?; let \"y = 1 + 1\"; echo $? $y", stdout: "1\n0 2\n"},
		{name: "let syntax error", script: "let 'x=1+'; echo $?", stdout: "1\n", stderr: "bash: let: x=1+: syntax error: operand expected (error token is \"+\")\n"},
		{name: "dollar-dash interactive", script: "echo $-; set -e; echo $-", stdout: "himBHs\nehimBHs\n"},
		{name: "status kept", script: "s=abc; false; echo $? ${s/#a/x}", stdout: "1 xbc\n"},
		{name: "bad subscript", script: "a=(); echo \"[${a[-1]}]\"", stdout: "[]\n", stderr: "bash: a: bad array subscript\n"},
		{name: "integer syntax error stops the line", setup: "declare -i n", script: "n='1 +'; echo no\necho next", stdout: "next\n", stderr: "bash: 1 +: syntax error: operand expected (error token is \"+\")\n"},
		{name: "SECONDS assigned", script: "SECONDS=7; echo $SECONDS", stdout: "7\n"},
	})
}
