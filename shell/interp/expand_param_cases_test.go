package interp

import "testing"

// paramCases pin parameter expansions as bash 5.2 has them: the word of
// "${x-word}" keeps single quotes (what is between them expanded as in
// double quotes), ${x///c} (the third slash is the pattern), "${*:-x}"
// testing the joined value, an unquoted $* in an assignment joined as
// "$*", ${!ref} with operators, through array elements and in
// assignments, and its errors; ${###} and ${##x}, which are $# with
// a # or ## operator; a slice with an empty offset or length.
var paramCases = []bashCase{
	{"default_word_quotes", `x=5
echo "${u-'$x'}" "${u-'\$x \\ \a'}" "${u:-'a b'}" ${u:-'a b'}
echo "${var-}}" "${var-\}}" "${var-'}'}" "${var-"}"}"
f='a b c d'
echo "${f%'c d'}" "${f//'c d'/zzz}" "${f+'q'}" "${u-$'a\tb'}"
echo "${u-'$((2*3))'}"
x=a/cb; echo ${x///c} ${x////c} ${x///} ${x//} ${x//\//Z}
H=/foo/bar; echo ${H////\\/} "${H////\\/}"
set -- "" ""; IFS=
echo "[${*:-minus}] [${*:+plus}] [${*-minus}]"
`, `'5' '$x \ \a' 'a b' a b
} } '}' }
a b  a b zzz 'q' a	b
'6'
ab accb acb a/cb aZcb
\/foo\/bar \/foo\/bar
[minus] [] []
`, 0},
	{"indirect", `z=zz; zz=
echo ${!z:=foo} ${!z:=bar} $zz
declare -A ref=([d]=v1)
v1=value; a2=(element); a3=(1 2 3)
for t in v1 a2[0] 'a3[@]'; do
  ref[d]=$t
  echo "${!ref[@]:1:2}|${!ref[@]:-empty}|${!ref[@]@Q}|${!ref[@]@a}|${!ref[@]#?}"
done
v2=; ref[d]=v2; echo "${!ref[@]:=assign}" $v2
declare -A A=([x]=y); echo "[${!A}]" st=$?
r='a3[0]'; echo ${!r@a}
a=(1 2 3); x='a[$((1+1))]'; echo ${!x}
`, `foo foo foo
al|value|'value'||alue
le|element|'element'|a|lement
2 3|1 2 3|'1' '2' '3'|a a a|  
assign assign
[] st=0
a
3
`, 0},
	{"indirect_errors", `echo ${!undef-default}; echo not on this line
echo next $?
e=; echo "[${!e}]"
echo next $?
set -u; x=undef; echo ${!x}
echo not reached
`, `next 1
next 1
`, 127},
	{"star_in_assignment", `IFS=:; set -- x 'y z'
s="$@"; echo "$s"
s=$@; echo "$s"
s=$*; echo "$s"
a=(p q); t=${a[*]}; echo "$t"
f() { local v=$*; echo "$v"; }; f 1 2
`, `x y z
x y z
x:y z
p:q
1:2
`, 0},
	{"count_with_hash_op", `set -- $(seq 25)
echo ${###} ${####} ${##2} ${###2} ${##x} "${###2}" ${##} ${#%2}
set --; echo "[${###}]" "[${##0}]"
`, `25 25 5 5 25 5 2 25
[0] []
`, 0},
	{"indirect_index_error_is_fatal", `a=(x y z); i=0; ref="a[i++]"; echo ${!ref} $i; ref="a[-9]"; echo "[${!ref}]" 2>/dev/null
s=str; ref="s[0]"; echo ${!ref}; declare -A A=([k]=v); ref="A[k]"; echo ${!ref}
ref="a[1+]"; echo ${!ref}; echo not reached
`, `x 1
[]
str
v
`, 1},
	{"slice_empty_offset_or_length", `array=(1 2 3); echo "[${array[@]::}]" "[${array[@]:0:}]" "[${array[@]::2}]" "[${array[@]:1:}]"
set -- 1 2 3; echo "[${@::}]" "[${@:0:}]" "[${@:1:}]"; s=hello; echo "[${s::}]" "[${s::2}]" "[${s:1:}]"
if false; then echo ${s:}; fi; echo yes
echo ${s:}; echo not reached
`, `[] [] [1 2] []
[] [] []
[] [he] []
yes
`, 1},
}

func TestParamCases(t *testing.T) { runCases(t, paramCases) }
