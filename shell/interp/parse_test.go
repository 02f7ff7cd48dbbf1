package interp

import "testing"

// runTimeTextCases are constructs mvdan/sh's parser rejects and bash
// accepts because it reads their text only when it runs them (parse.go
// masks them); one case per construct, recorded from bash 5.2.
var runTimeTextCases = []bashCase{
	{"arith_name_built_at_run_time", "for j in 1 2; do (( a$j = j * 10 )); done; echo $a1 $a2\n", "10 20\n", 0},
	{"arith_name_from_variable", "i=3; (( x$i = 42 )); echo $x3; (( y$i += x$i )); echo $y3\n", "42\n42\n", 0},
	{"assoc_subscript_with_blank", "declare -A h; h[a key]=1; echo \"${h[a key]}\"; k='a key'; echo \"${h[$k]}\"\n", "1\n1\n", 0},
	{"assoc_quoted_key_with_blank", "declare -A color; color[\"lime fruit\"]=green; echo \"${color[\"lime fruit\"]}\" \"${color[lime fruit]}\"\n", "green green\n", 0},
	{"assoc_list_key_with_blank", "declare -A c=([x y]=2 [a b c]=3); echo \"${c[x y]}\" \"${c[a b c]}\"\n", "2 3\n", 0},
	{"case_toggle", "s=\"hello World\"; echo ${s~} ${s~~}; a=(ab Cd); echo \"${a[@]~~}\"\n", "Hello World HELLO wORLD\nAB cD\n", 0},
	{"case_toggle_in_eval", "s=abC; eval 'echo ${s~~} ${s~}'\n", "ABc AbC\n", 0},
	{"arith_of_positional_text", "set -- 1 + 2 '*' 3; echo $(( $* )); v=$(( $* )); echo $v\n", "7\n7\n", 0},
	{"arith_of_variable_text", "joined='1+2+3'; echo $((joined)) $(( joined * 2 ))\n", "6 12\n", 0},
	{"arith_syntax_error_at_run_time", "echo before\necho $((1 + )) never\necho after\n(( 2 * )) || echo false\n", "before\nafter\nfalse\n", 0},
	{"element_before_command", "a=1 b[0]=2 c=3 printenv a b c; echo st=$? ${b-unset}\na[1 + 2]= echo a[1 + 2]=; f() { echo f; }; x[1]=2 f\n", "1\n3\nst=1 unset\na[1 + 2]=\nf\n", 0},
	{"list_before_command", "x=1; A=a B=(b $x \"q r\") printenv A B; C=([k]=v) D=() printenv C D; f() { echo \"$y\"; }; y=(1 2) f; echo ${y-unset}\n", "a\n(b 1 q r)\n([k]=v)\n()\n(1 2)\nunset\n", 0},
	{"list_for_element", "a=(1 2)\na[0]=(3 4)\necho \"status=$?\"\nb[1]+=(x)\necho $? ${a[0]}\n", "status=1\n1 1\n", 0},
	{"let_comment_and_quotes", "y=1; let z=y*3  # a comment\nlet z2='y*3'  # another\necho $z $z2; let \"z3 = 2\" \"z4=z3+1\" z5=\"z3\"'*'2; echo $z3 $z4 $z5; let z6=\\\"1\\\" || echo st=$?\n", "3 3\n2 3 4\nst=1\n", 0},
	{"let_word_with_parentheses", "let x=( 1 )\nlet y=( x + 2 )\nlet z=( y * 3 ) w=( 1 + 2 )*2; echo $x $y $z $w; let b=( 1 +  ); echo st=$?\n", "1 3 9 6\nst=1\n", 0},
	{"empty_subscript", "a=(1 2 3)\na[]=42\necho status=$?\necho ${a[]}\necho status=$? ${a[@]}\nb[]=1 true; echo $?\na[]=1; echo not reached\n", "status=1\nstatus=1 1 2 3\n0\n", 1},
	{"function_name_with_expansion", "$foo-bar() { ls ; }; echo next $?\nfoo-$(echo hi)() { ls ; }\necho next $?\na-b() { echo ab; }; a-b\n", "next 1\nnext 1\nab\n", 0},
	{"bash53_substitutions_are_bad", "x=${ echo hi;}\necho \"[$x]\"\nx=${|REPLY=1}\necho \"[$x]\"; echo \"a ${ echo b; } c\"; echo next\nx=${ for i in a b; do echo -$i-; done; }\necho \"$x\"\nx=${ |REPLY=zz}\necho \"[$x]\"\n", "[]\n[]\n\n[]\n", 0},
	{"bang_subshell_without_extglob", "a=false; b=false\nif !($a && $b); then\n  echo one\nfi\n!(true); echo st=$?\n!(exit 3); echo st=$?\nx=1; !(x=2); echo x=$x\n", "one\nst=1\nst=0\nx=1\n", 0},
}

func TestRunTimeText(t *testing.T) { runCases(t, runTimeTextCases) }

// dparenCases are (( and $(( that bash reads as two parentheses, as
// the ) closing the second ( is not followed by another
// (parse_dparen.go), and those it reads as arithmetic.
var dparenCases = []bashCase{
	{"two_subshells", "(( echo 1\necho 2\n(( x ))\n: $(( x ))\necho 3\n) )\nif ! ((test x = x-g) || (test x = x)); then echo no; fi\n", "1\n2\n3\n", 0},
	{"command_substitution_of_subshell", "echo $(( echo 1\necho 2\n) )\nv=\"$((echo a ||\necho b)2>/dev/null)\"; echo \"$v\"\nw=`((echo c) ||\n (echo d)) 2>/dev/null`; echo $w\n", "1 2\na\nc\n", 0},
	{"three_parentheses", "f() {\n  v=`(((echo in) ; (echo x) ; echo y ) | head -n 1) 2> /dev/null`\n}\nf; echo $v\n", "in\n", 0},
	{"arithmetic_kept", "echo $(( (1+2) * 3 )) $(( ((1+2)) )) \"$((2*(3+4)))\" '((a) b)' \"((a) b)\"\nx=$(((echo y) ) ); echo $x\n", "9 3 14 ((a) b) ((a) b)\ny\n", 0},
}

func TestDparen(t *testing.T) { runCases(t, dparenCases) }
