package interp

import "testing"

// declCases pin declare, readonly, export, local and unset to bash 5.2:
// readonly and export refuse an element (a[1]=x) and make no array
// without a value, -p with names sets as without it, local -p lists
// the function's own variables, unset without -v of a name that is no
// identifier unsets a function, and an element other than 0 of a
// string is no array element; all words of a declaration are expanded
// before it assigns, and the bindings before a command are made in
// order, and before the command's redirections.
var declCases = []bashCase{
	{"readonly_export_element", `readonly b[7]=8; echo st=$?; export a[7]=8; echo st=$?; export c[ 1 + 2 ]; echo st=$?
declare -p a b c 2>/dev/null; echo st=$?
f() { local d[1]=2; declare -p d; }; f; declare e[1]=3; declare -p e
`, `st=1
st=1
st=1
st=1
declare -a d=([1]="2")
declare -a e=([1]="3")
`, 0},
	{"readonly_export_array_flag_without_value", `readonly -a y; declare -p y; z=1; readonly -a z; declare -p z
export -a e; declare -p e; export -a e2=(1); declare -p e2; readonly -A m; declare -p m
q=(1 2); readonly -a q; declare -p q; export -A w=([a]=1); declare -p w
`, `declare -r y
declare -r z="1"
declare -x e
declare -ax e2=([0]="1")
declare -r m
declare -ar q=([0]="1" [1]="2")
declare -Ax w=([a]="1" )
`, 0},
	{"print_with_names", `g=1; f() { local l=2; local -p g l nope; echo st=$?; }; f 2>/dev/null
readonly -p g nope2; echo st=$?; declare -p g nope2; export -p g; declare -p g
`, `declare -- l="2"
st=1
st=0
declare -r g="1"
declare -r nope2
declare -rx g="1"
`, 0},
	{"unset_names", `unset % ; echo $?; unset -v % 2>/dev/null; echo $?; unset a-b c; echo $?
a-b() { echo fn; }; unset a-b; type a-b >/dev/null 2>&1; echo $?
declare u; unset -v 'u[1]' 2>/dev/null; echo $?; unset -v 'u[x]'; echo $?; unset -v 'v[1]'; echo $?
w=s; unset -v 'w[1]' 2>/dev/null; echo $? $w; unset -v 'w[0]'; echo $? ${w-unset}
`, `0
1
0
1
1
0
0
1 s
0 unset
`, 0},
	{"error_in_eval_ends_eval", `f() { local x=l; readonly x; eval 'x=bar; echo no'; echo st=$?; }; f 2>/dev/null; echo out
eval 'echo ${a b}; echo no' 2>/dev/null; echo st=$?
echo 'echo ${a b}; echo no' > s.sh; . ./s.sh 2>/dev/null; echo st=$?
eval 'x=${a b}' 2>/dev/null; echo st=$?
x=${a b}; echo not reached
`, `st=1
out
st=1
st=1
st=1
`, 1},
	{"declaration_words_expanded_first", `declare x=1 y=$x; echo "[$y]"; export FOO=foo v=$(printenv FOO); echo "v=$v"
f() { local a=1 b=$a; echo "[$b]"; }; f; readonly r1=1 r2=$r1; echo "[$r2]"
declare -a arr=(1 2 3) n=${#arr[@]}; echo "[$n]"; declare q=(x) s=$q t=1 u=$t; echo "[$s] [$u]"
`, `[]
v=
[]
[]
[3]
[x] []
`, 0},
	{"prefix_bindings_in_order", `FOO="foo" BAR="[$FOO][$BAZ]" BAZ=baz printenv FOO BAR BAZ
a=1 a+=2 b=$a printenv a b; echo ${a-unset}
x=1; f() { echo $x $y; }; x=2 y=$x f; IFS=: z="a:b" eval 'echo $z'
readonly r=1; r=2 q=$r printenv q 2>/dev/null; echo st=$?
`, `foo
[foo][]
baz
12
12
unset
2 2
a b
1
st=0
`, 0},
	{"local_under_temp_binding", `f() {
  local x=x
  tmp='' local tx=tx
  eval 'local y=y'
  tmp='' eval 'local ty=ty'
  x='X' unset x; tx='TX' unset tx; y='Y' unset y; ty='TY' unset ty
  echo x=$x tx=$tx y=$y ty=$ty
  t2= local -p
  echo "local z=z" > z.sh; tmp3= . ./z.sh; echo z=$z
}
f; echo "[$tx$z]"
`, `x=x tx=tx y=y ty=ty
declare -- tx="tx"
declare -- ty="ty"
declare -- x="x"
declare -- y="y"
z=z
[]
`, 0},
	{"function_names_with_extdebug", `printf 'g() {\n  echo g\n}\n' > src.sh
source ./src.sh
shopt -s extdebug

add () { expr 4 + 4; }
declare -F
declare -F add g nope; echo st=$?
eval "
h() { :; }"; declare -F h
shopt -u extdebug; declare -F add
`, `declare -f add
declare -f g
add 5 environment
g 1 ./src.sh
st=1
h 10 environment
add
`, 0},
	{"blank_in_subscript_splits_words", `x=2; declare a[ a[$x]=3 ]=Y 2>/dev/null; echo st=$?; declare -p a
f() { local b[ 1 ]=2 2>/dev/null; declare -p b 2>/dev/null || echo none; }; f
declare c[c[0]=1]=X d[1]="a b"; declare -p c d
a[0 + 1]=  b[2 + 0]=x; declare -p a b
`, `st=1
declare -a a=([2]="3")
none
declare -a c=([0]="1" [1]="X")
declare -a d=([1]="a b")
declare -a a=([1]="" [2]="3")
declare -a b=([2]="x")
`, 0},
	{"unset_and_local_of_temporary_bindings", `unlocal() { unset -v "$1"; }
f3() {
  local v=local1
  v=tempenv2 eval '
    local v=local2
    v=tempenv3 eval "
      local v=local3
      echo \"v: \${v-(unset)}\"
      unlocal v; echo \"v: \${v-(unset)}\"
      unlocal v; echo \"v: \${v-(unset)}\"
      unlocal v; echo \"v: \${v-(unset)}\"
      unlocal v; echo \"v: \${v-(unset)}\"
    "
  '
}
v=global
v=tempenv1 f3
f4() { v=t2 eval 'v=t3 eval "unset v; echo \${v-unset}; unset v; echo \${v-unset}; unset v; echo \${v-unset}"'; }
v=t1 f4
f2() {
  local v=local1
  v=tempenv2 eval '
    local v=local2
    (unset v; echo "unset: ${v-(unset)}")
    (unlocal v; echo "unlocal: ${v-(unset)}")
  '
}
v=tempenv1 f2
f() { v=1 eval 'local v=2; echo in:$v'; echo "after:${v-unset}"; }; f
f() { echo "f:$v"; local v=l; unset v; echo "f3:${v-unset}"; }; v=t f; echo "g:$v"
`, `v: local3
v: local2
v: local1
v: global
v: (unset)
t2
t1
unset
unset: (unset)
unlocal: local1
in:2
after:unset
f:t
f3:unset
g:
`, 0},
	{"assignments_expand_before_redirections", `foo=$(cat)<<EOM
hello
EOM
echo "[$foo]"
f() { echo "[$foo]"; }
foo=$(cat) f <<EOM
hello2
EOM
x=out >$x; echo $? "$x"; test -f out && echo exists
unset x; x=out2 true >$x 2>/dev/null; echo $?
x=$(echo hi >&2) 2>/dev/null; x=$(echo hi2 >&2) true 2>/dev/null
`, `[]
[]
0 out
exists
1
`, 0},
	{"posix_readonly_assignment_ends_shell", `set -o posix; readonly x=1; (x=2; echo sub) 2>/dev/null; echo "st=$?"
f() { x=2; echo in; }; f 2>/dev/null; echo not reached
`, `st=1
`, 127},
}

func TestDeclBuiltins(t *testing.T) { runCases(t, declCases) }
