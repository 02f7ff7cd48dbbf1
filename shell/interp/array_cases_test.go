package interp

import "testing"

// arrayCases pin bash 5.2's arrays where they are easy to get wrong: a
// slice of a sparse (or associative) array counts indices, not positions;
// a subscript that arrives as text at run time is expanded then (in
// arithmetic too, where a variable's value a[$(cmd)] runs cmd); a ( )
// list expands its values before it evaluates its indices; declare d+=()
// of a new variable and a[i]+=() (an error that abandons the line);
// [k]+=v in a list, and [k]=v that brace expansion makes plain words.
var arrayCases = []bashCase{
	{"append_forms", `declare d+=(d e); declare -p d
x=s; declare x+=(t); declare -p x
f() { local l+=(l o); local l+=(c a); declare -p l; }; f
a=(1 2); a[-1]+=(4 5); echo not on this line
echo "${a[@]}"
`, `declare -a d=([0]="d" [1]="e")
declare -a x=([0]="s" [1]="t")
declare -a l=([0]="l" [1]="o" [2]="c" [3]="a")
1 2
`, 0},
	{"arith_subscript_text", `x='a[$(echo 42 | tee made)]=1'; echo $(( x )); cat made
declare -A B; k=q; (( B[$k]++ )); (( B[\$k]+=2 )); declare -p B
c=(1 2 3); i=1; (( c[$i] += 5 )); (( c[i]++ )); echo ${c[@]}
`, `1
42
declare -A B=([q]="1" ["\$k"]="2" )
1 8 3
`, 0},
	{"literal_order", `i=1
a=([100+i++]=$((i++)) [200+i++]=$((i++)) [300+i++]=$((i++)))
echo "${!a[@]} / ${a[@]}"
a=([0]=1+2+3 [a[0]]=10 [a[6]]=hello)
echo "${!a[@]} / ${a[@]}"
a=(old1 old2 old3)
a+=([0]=new1 [5]="${a[2]}" [a[1]]="${a[0]}")
declare -p a
HOME=/h; declare -A h=([k]=~/x [j]=a:~); b=([1]=~/x [2]=a:~); declare -p h b
s=world; declare -A s+=([a]=x); declare -p s
`, `104 205 306 / 1 2 3
0 6 10 / 1+2+3 10 hello
declare -a a=([0]="old1" [1]="old2" [2]="old3" [5]="old3")
declare -A h=([k]="~/x" [j]="a:~" )
declare -a b=([1]="/h/x" [2]="a:/h")
declare -A s=([0]="world" [a]="x" )
`, 0},
	{"sparse_slice", `a=(v{0..9}); unset -v 'a[2]' 'a[3]' 'a[4]' 'a[7]'
echo "[${a[@]:3}][${a[*]:5:2}][${a[@]: -2}][${a[@]: -11}][${a[@]:10}]"
(( b[33]=1 )); (( b[66]=2 )); (( b[99]=3 ))
echo "${b[@]:15:2}"
declare -A h; h[xx]=1 h[yy]=2 h[zz]=3 h[aa]=4 h[bb]=5
echo "${h[@]}|${h[@]:0:2}|${h[@]:1:2}|${h[@]:2:2}|${h[@]: -1}|${h[@]: -6}"
s=str; echo "${s[@]:0}|${s[@]:1}."
`, `[v5 v6 v8 v9][v5 v6][v8 v9][][]
1 2
4 1 3 5 2|4 1|4 1|1 3|2|4 1 3 5 2
str|tr.
`, 0},
	{"text_subscripts", `a=(1 2 3); i=1; unset "a[\$i]"; echo ${a[@]}
b=(x y z); r="b[\$i]"; echo ${!r}
test -v "b[\$i]" && echo set
declare -n n="b[\$i]"; echo $n; n=Q; echo ${b[@]}
printf -v "b[\$i]" %s P; echo ${b[@]}
declare -A A=([K]=val); declare -n ref='A["K"]'; echo $ref; ref=v2; declare -p A
key=K; r2='A[$key]'; echo ${!r2}
unset -v 'A[$(echo K)]'; declare -p A
c=('1 2' foo '2 3'); foo=bar; echo "${!c[1]}"
`, `1 3
y
set
y
x Q z
x P z
val
declare -A A=([K]="v2" )
v2
declare -A A=()
bar
`, 0},
	{"element_append_in_list", `hello=100
a=([hello]=1 [hello]+=2)
echo "${!a[@]}" "${a[@]}"
a+=([hello]+=:34 [hello]+=:56)
echo "${!a[@]}" "${a[@]}"
declare -A h=([k]=x); h=([k]=1 [k]+=2); declare -p h; h+=([k]+=3 [j]+=4); declare -p h
b=(x y); b=([1]=1 [1]+=2 [3]+=5); declare -p b
declare -i n=([0]=1 [0]+=2 [1]+=x); declare -p n; declare -l l=([0]=A [0]+=B); declare -p l
`, `100 12
100 12:34:56
declare -A h=([k]="x2" )
declare -A h=([k]="x23" [j]="4" )
declare -a b=([1]="12" [3]="5")
declare -ai n=([0]="3" [1]="0")
declare -al l=([0]="ab")
`, 0},
	{"keyed_element_brace_expanded", `c=([k2]=-{a,b}- x{1,2} [z]={p,q} [5]=x{} [6]={a} y); declare -p c
declare -A A=([k]={a,b} [j]=x); declare -p A
`, `declare -a c=([0]="[k2]=-a-" [1]="[k2]=-b-" [2]="x1" [3]="x2" [4]="[z]=p" [5]="x{}" [6]="{a}" [7]="y")
declare -A A=([k]="{a,b}" [j]="x" )
`, 0},
}

func TestArrayCases(t *testing.T) { runCases(t, arrayCases) }
