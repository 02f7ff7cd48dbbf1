package interp

import "testing"

// braceCases pin that brace expansion works on the word's text, as bash
// 5.2's does: what it yields reads again as one word, so a tilde it puts
// first expands and a $name it puts before name characters takes them.
var braceCases = []bashCase{
	{"brace_then_tilde_and_names", `HOME=/home/bob; a=A
echo {$a,b}_{c,d}
echo {_$a,b}_{c,d}
echo {foo~,~}/bar ~{/src,root}
b=({foo~,~}/bar); echo "${b[@]}"
v1=p v2=q; echo $v{1,2} x{1,2}y
`, `b_c b_d
_ _ b_c b_d
foo~/bar /home/bob/bar /home/bob/src /root
foo~/bar /home/bob/bar
p q x1y x2y
`, 0},
}

func TestBraceCases(t *testing.T) { runCases(t, braceCases) }
