package interp

import "testing"

// aliasCases pin alias expansion at read time (alias.go), recorded from
// bash 5.2.
var aliasCases = []bashCase{
	{"alias_with_pipe_next_line", "shopt -s expand_aliases\nalias t1=\"echo hi|wc -c\"\nt1\n", "3\n", 0},
	{"alias_not_on_its_own_line", "shopt -s expand_aliases\nalias hello='echo hello'; hello 2>/dev/null || echo \"same line: not expanded\"\nhello world\n", "same line: not expanded\nhello world\n", 0},
	{"alias_trailing_blank", "shopt -s expand_aliases\nalias sudo=\"sudo_ \" e=echo; sudo_() { \"$@\"; }\nsudo e trailing-blank\n", "trailing-blank\n", 0},
	{"alias_in_function_when_read", "shopt -s expand_aliases\nalias hello=\"echo one\"\nf() { hello from f; }\nalias hello=\"echo two\"\nf; hello now; eval \"hello in eval\"\n", "one from f\ntwo now\ntwo in eval\n", 0},
	{"alias_chain_and_self", "shopt -s expand_aliases\nalias a1=a2 a2=\"echo chain\" ls=\"ls -x\"\na1; type ls | head -1\n", "chain\nls is aliased to `ls -x'\n", 0},
	{"unalias_on_next_line", "shopt -s expand_aliases\nalias zq='echo X'\nzq 1\nunalias -- zq\nzq 2 2>/dev/null || echo gone\n", "X 1\ngone\n", 0},
	{"alias_defined_in_eval_text", "shopt -s expand_aliases\neval \"alias sayhi='echo hello'\nsayhi inside\"\nsayhi outside\n", "hello inside\nhello outside\n", 0},
	{"alias_off_in_bash_c", "alias x=\"echo no\"\nx 2>/dev/null || echo \"bash -c: off by default\"\n", "bash -c: off by default\n", 0},
}

func TestAliasExpansion(t *testing.T) { runCases(t, aliasCases) }
