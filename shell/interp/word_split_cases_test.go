package interp

import "testing"

// wordSplitCases pin bash 5.2's word splitting and joining at their
// edges: IFS blanks before a word's quotes end no field, IFS characters
// of more than one byte, an unquoted $* joined by IFS's first character
// where the word is not split, and ${!prefix*} and ${!a[*]} under a
// null IFS.
var wordSplitCases = []bashCase{
	{"split_blanks_before_quotes", `p() { printf '<%s>' "$@"; echo; }
s=" "; p 1 $s"" 2
s=" x "; p $s"" 1; p ""$s 1; IFS=' '; p $s"" 2; p ""$s 2
IFS=' :'; s=' : '; p $s"" 3; s='a: '; p $s"" 4
`, `<1><><2>
<x><><1>
<><x><1>
<x><><2>
<><x><2>
<><><3>
<a><><4>
`, 0},
	{"split_multibyte_ifs", `x=çx IFS=ç
printf '<%s>' $x; echo
x='aéçb'; printf '<%s>' $x; echo
set -- a b; echo "$*"; s=$*; echo "$s"
`, `<><x>
<aé><b>
açb
açb
`, 0},
	{"star_joined_unsplit", `p() { printf '<%s>' "$@"; echo; }
IFS=:; set -- x 'y z'; a=(1 2)
s="$@"; p "$s"; s=$@; p "$s"; s="$*"; p "$s"; s=$*; p "$s"
s=${a[*]}; p "$s"; s=${!a[*]}; p "$s"; s=${a[*]/1/q}; p "$s"
case $* in 'x:y z') echo case ;; esac
cat <<<$*
IFS=+; echo $(( ${a[*]} ))
`, `<x y z>
<x y z>
<x:y z>
<x:y z>
<1:2>
<0:1>
<q:2>
case
x:y z
3
`, 0},
	{"names_under_null_ifs", `p() { printf '<%s>' "$@"; echo; }
v1=1 v2=2 IFS=''; a=(x y); set -- a b
p ${!v@}; p ${!v*}; p ${!a[@]}; p ${!a[*]}; p ${a[*]}; p $*
`, `<v1><v2>
<v1v2>
<0><1>
<0 1>
<x><y>
<a><b>
`, 0},
	{"lineno_in_for_arith", `for ((i=0; i<1; j=LINENO, i++)); do
  :
done; echo $j
for ((i = 0; i < LINENO; i++)); do
  echo $i
done
`, `1
0
1
2
3
`, 0},
}

func TestWordSplitCases(t *testing.T) { runCases(t, wordSplitCases) }
