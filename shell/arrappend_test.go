package shell

import (
	"fmt"
	"testing"
)

// The expected outputs are GNU bash 5.2's.
func TestArrayAppend(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "values", script: `a=(1 2); a+=(3 "4 5" '6'); echo "${#a[@]}: ${a[*]}"; printf '<%s>' "${a[@]}"; echo`,
			stdout: "5: 1 2 3 4 5 6\n<1><2><3><4 5><6>\n"},
		{name: "loop", script: `for ((i=0;i<2000;i++)); do a+=("$i" x); done; echo ${#a[@]} ${a[0]} ${a[1]} ${a[3998]} ${a[3999]} ${a[@]: -2}`,
			stdout: "4000 0 x 1999 x 1999 x\n"},
		{name: "words expand as arguments", script: `x="p q"; set -- "u v" w; a=(); a+=($x "$x" "$@" $@ ''); printf '<%s>' "${a[@]}"; echo; IFS=:; v=a:b; b=(); b+=($v); echo ${#b[@]}`,
			stdout: "<p><q><p q><u v><w><u><v><w><>\n2\n"},
		{name: "glob", setup: "cd /tmp && touch g1 g2", script: `cd /tmp; g=(); g+=(g* nomatch*); declare -p g`,
			stdout: `declare -a g=([0]="g1" [1]="g2" [2]="nomatch*")` + "\n"},
		{name: "unset, empty and string", script: `u+=(); declare -p u; e=(); e+=(); e+=(""); declare -p e; s=str; s+=(t); declare -p s; declare d; d+=(z); declare -p d`,
			stdout: "declare -a u=()\ndeclare -a e=([0]=\"\")\ndeclare -a s=([0]=\"str\" [1]=\"t\")\ndeclare -a d=([0]=\"z\")\n"},
		{name: "sparse", script: `sp=(1); sp[5]=x; sp+=(y z); declare -p sp`,
			stdout: `declare -a sp=([0]="1" [5]="x" [6]="y" [7]="z")` + "\n"},
		{name: "status", script: `false; z+=(1); echo $?`, stdout: "0\n"},
		{name: "locals", script: `f() { local l=(1); l+=(2); echo "${l[*]}"; g+=(in-f); }; f; echo "[${l[*]}] ${g[*]}"
h() { local m=(a); k; echo "${m[*]}"; }; k() { m+=(from-k); }; h; echo "[${m[*]}]"`,
			stdout: "1 2\n[] in-f\na from-k\n[]\n"},
		{name: "subshells do not leak", script: `c=(1 2 3); (c+=(sub); echo "${c[*]}"); c+=(4); echo "${c[*]}"
c+=(x) | cat; echo "${c[*]}"; { c+=(bg); echo "${c[*]}"; } & wait; c+=(5); echo "${c[*]}"; echo $(c+=(cs); echo "${c[*]}"); echo "${c[*]}"`,
			stdout: "1 2 3 sub\n1 2 3 4\n1 2 3 4\n1 2 3 4 bg\n1 2 3 4 5\n1 2 3 4 5 cs\n1 2 3 4 5\n", stderr: "[1] 2001\n"},
		{name: "copies stay apart", script: `a=(1); a+=(2); b=("${a[@]}"); a+=(3); b+=(4); q=(x); ( q+=(1); q+=(2); echo "${q[*]}" ); q+=(3); echo "${a[*]} / ${b[*]} / ${q[*]}"`,
			stdout: "x 1 2\n1 2 3 / 1 2 4 / x 3\n"},
		{name: "concurrent copies", script: `{ c=(a b c); for j in 1 2 3; do { for ((k=0;k<300;k++)); do c+=($j); done; echo ${#c[@]} ${c[3]} ${c[302]}; } & done
for ((k=0;k<300;k++)); do c+=(p) | true; c[${#c[@]}]=0; done; wait; echo ${#c[@]} ${c[3]} ${c[302]}; } | sort`,
			stdout: "303 0 0\n303 1 1\n303 2 2\n303 3 3\n"},
		{name: "readonly", script: "readonly r=(1); r+=(2); echo same\necho next $?; (r+=(3); echo in); echo sub $?; declare -p r",
			stdout: "next 1\nsub 1\ndeclare -ar r=([0]=\"1\")\n", stderr: "bash: r: readonly variable\nbash: r: readonly variable\n"},
		{name: "xtrace shows the assignment", script: `set -x; a+=("$HOME" x); set +x; echo ${#a[@]}`,
			stdout: "2\n", stderr: "+ a+=(\"$HOME\" x)\n+ set +x\n"},
		{name: "set -a does not export an array", script: `set -a; a+=(1); declare -p a`,
			stdout: `declare -a a=([0]="1")` + "\n"},
		{name: "eval and functions", script: `eval 'e+=(1 2)'; f() { e+=("$@"); }; f 3 "4 5"; printf '<%s>' "${e[@]}"; echo`,
			stdout: "<1><2><3><4 5>\n"},
		{name: "not rewritten", script: `n=(a); n+=($(echo b) [5]=c); declare -p n; declare -a m=(1); declare m+=(2); declare -p m`,
			stdout: "declare -a n=([0]=\"a\" [1]=\"b\" [5]=\"c\")\ndeclare -a m=([0]=\"1\" [1]=\"2\")\n"},
	})
}

// The expected outputs are GNU bash 5.2's.
func TestArrayElemAssign(t *testing.T) {
	runCases(t, []scriptCase{
		{name: "counting index", script: `for ((i=0;i<5;i++)); do a[i]=$((i*i)); done; for ((i=0;i<3;i++)); do b[$i]="v $i"; done; declare -p a b`,
			stdout: "declare -a a=([0]=\"0\" [1]=\"1\" [2]=\"4\" [3]=\"9\" [4]=\"16\")\ndeclare -a b=([0]=\"v 0\" [1]=\"v 1\" [2]=\"v 2\")\n"},
		{name: "length index", script: `c=(); for x in p q 'r s'; do c[${#c[@]}]=$x; done; declare -p c`,
			stdout: `declare -a c=([0]="p" [1]="q" [2]="r s")` + "\n"},
		{name: "elsewhere", script: `d=(1 2 3); d[1]=X; d[3]=Y; d[10]=Z; d[${#d[@]}]=W; declare -p d; s=foo; s[1]=bar; s[0]=baz; declare -p s; n=010; o=(); o[n]=x; declare -p o`,
			stdout: "declare -a d=([0]=\"1\" [1]=\"X\" [2]=\"3\" [3]=\"Y\" [5]=\"W\" [10]=\"Z\")\ndeclare -a s=([0]=\"baz\" [1]=\"bar\")\ndeclare -a o=([8]=\"x\")\n"},
		{name: "length of a nameref", script: `b=(1 2 3); declare -n r=b; a=(x); a[${#r[@]}]=y; declare -p a`,
			stdout: `declare -a a=([0]="x" [3]="y")` + "\n"},
		{name: "associative", script: `declare -A m; m[k]=v; k=0; m[k]=w; m[$k]=z; m[${#m[@]}]=n; echo "${m[k]} ${m[0]} ${m[2]} ${#m[@]}"`,
			stdout: "w z n 3\n"},
		{name: "value is not split or globbed", setup: "cd /tmp && touch g1", script: `cd /tmp; f=(); f[0]=*; g='* x'; f[1]=$g; declare -p f`,
			stdout: `declare -a f=([0]="*" [1]="* x")` + "\n"},
		{name: "scopes", script: `h() { local l=(a); l[1]=b; l[${#l[@]}]=c; echo "${l[*]}"; gl[0]=1; }; h; echo "[${l[*]}] ${gl[*]}"; q=(1); (q[1]=sub; echo "${q[*]}"); q[1]=par; echo "${q[*]}"; q[2]=p | cat; echo "${q[*]}"`,
			stdout: "a b c\n[] 1\n1 sub\n1 par\n1 par\n"},
		{name: "readonly", script: "readonly r=(1); r[1]=2; echo no\necho after $?",
			stdout: "after 1\n", stderr: "bash: r: readonly variable\n"},
	})
}

// BenchmarkArrayAppendLinear builds an array of N elements with
// `arr+=("$i")`, `arr[i]=$i` and `arr[${#arr[@]}]=$i`; the cost per
// element must not grow with N.
func BenchmarkArrayAppendLinear(b *testing.B) {
	forms := []struct{ name, stmt string }{
		{"append", `arr+=("$i")`},
		{"index", `arr[i]=$i`},
		{"length", `arr[${#arr[@]}]=$i`},
	}
	for _, f := range forms {
		for _, n := range []int{1000, 10000, 40000} {
			b.Run(fmt.Sprintf("%s/N=%d", f.name, n), func(b *testing.B) {
				s := newTestSession(b, Options{})
				script := fmt.Sprintf(`unset arr; for ((i=0;i<%d;i++)); do %s; done`, n, f.stmt)
				b.ReportAllocs()
				for b.Loop() {
					benchRun(b, s, script)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/append")
			})
		}
	}
}
