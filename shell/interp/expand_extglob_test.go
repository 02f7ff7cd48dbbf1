package interp

import "testing"

// extglobCases pin extglob groups as bash 5.2 matches them: what is
// inside a group is expanded like the rest of the word
// (expand_extglob.go), [[ == ]] matches with extglob on whatever the
// option says, and [[ !(expr) ]] is a negated test while extglob is off.
var extglobCases = []bashCase{
	{"groups_expand_their_words", `c1=help; c2=verbose
[[ --verbose == --@($c1|$c2) ]] && echo T1
[[ --oops == --@($c1|$c2) ]] || echo F1
prefix=no
[[ --no-long-option == --@(help|$prefix-@(long|short)-'option') ]] && echo T2
[[ --no-long-opt == --@(help|$prefix-@(long|short)-'option') ]] || echo F2
q='a|b'; [[ 'a|b' == @("$q"|c) ]] && echo T3; [[ a == @("$q"|c) ]] || echo F3
[[ xy == @($(echo x)|z)y ]] && echo T4
str=x; empty=
[[ !($empty) ]] && echo T5; [[ !($str) ]] || echo F5
[[ !(-z $str && -n a) ]] && echo T6
p='@(cc)'; [[ cc == $p ]] && echo T7; [[ cc != +(c) ]] || echo F7
case cc in $p) echo no;; *) echo case-off;; esac
shopt -s extglob
[[ !($str) ]] && echo T8
[[ $str == !($str) ]] || echo F8
echo @(__nope__*|'*')
`, `T1
F1
T2
F2
T3
F3
T4
T5
F5
T6
T7
F7
case-off
T8
F8
@(__nope__*|*)
`, 0},
}

func TestExtglob(t *testing.T) { runCases(t, extglobCases) }
