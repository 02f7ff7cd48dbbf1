package interp

import "testing"

// stateCases pin the shell's own state to bash 5.2 (bash -c): $_, $-,
// the call stack (FUNCNAME, BASH_SOURCE, BASH_LINENO, caller), FUNCNEST,
// and what subshells see of it.
var stateCases = []bashCase{
	{"last_argument", `echo "$_" | sed 's|.*/||'; true a b; echo "$_"; x=1; echo "[$_]"; echo $(true y) >/dev/null; echo "$_"
declare y=/a/z; echo "$_"; declare -a arr=(1 2); echo "$_"; export q+=5; echo "$_"; local 2>/dev/null; echo "$_"
f() { echo "in:$_"; }; true c; f d e; echo "$_"; (true sub); echo "$_"; true p | true q; echo "$_"
eval 'true inner'; echo "$_"; mkdir -p d/e && cd $_ && pwd | sed 's|.*/d/|d/|'
`, `bash
b
[]
echo
y=/a/z
arr
q+=5
local
in:c
e
e
e
true inner
d/e
`, 0},
	{"dollar_dash", `echo $-; set -u; echo $-; (set -e; echo $-); echo $-; bash -c 'echo $-'
`, `hBc
huBc
ehuBc
huBc
hBc
`, 0},
	// Background copies of an array share nothing with each other or
	// with the shell that goes on changing it.
	{"concurrent_array_copies", `{ c=(a b c); for j in 1 2 3; do { for ((k=0;k<200;k++)); do c+=($j); done; echo ${#c[@]} ${c[3]} ${c[202]}; } & done
declare -A h=([k]=v); { for ((k=0;k<200;k++)); do h[$k]=1; done; echo ${#h[@]}; } &
for ((k=0;k<200;k++)); do c+=(p) | true; c[${#c[@]}]=0; h[x$k]=2; done; wait; echo ${#c[@]} ${c[3]} ${c[202]} ${#h[@]}; } | sort
`, `201
203 0 0 201
203 1 1
203 2 2
203 3 3
`, 0},
	{"call_stack", `printf 'f() { caller; caller 0; caller 1; echo "${BASH_SOURCE[*]}|${BASH_LINENO[*]}|${FUNCNAME[*]}"; }\n' > lib.sh
printf 'echo "top ${FUNCNAME[*]}|${BASH_SOURCE[*]}|${BASH_LINENO[*]}"; caller 0; echo $?\ng() { f; }\ng\nf\n' > main.sh
source ./lib.sh
g() { f; }
g
f
. ./main.sh
caller; echo $?; caller x; echo $?; caller -1; echo $?
h() { caller -1; echo $?; caller x; echo $?; caller " 0"; echo $?; }; h
bash main.sh 2>&1 | head -3
`, `4 environment
4 g environment
./lib.sh environment|4 5|f g
6 NULL
./lib.sh|6|f
top |./main.sh|7
1
2 ./main.sh
2 g ./main.sh
3 source ./main.sh
./lib.sh ./main.sh ./main.sh|2 3 7|f g source
4 ./main.sh
4 source ./main.sh
./lib.sh ./main.sh|4 7|f source
1
1
1
2
2
1
top |main.sh|0
1
main.sh: line 2: f: command not found
`, 0},
	{"return_outside", `eval return; echo "eval $?"; printf 'eval "return 4"; echo no\n' > r.sh; . ./r.sh; echo "sourced $?"
`, `eval 2
sourced 4
`, 0},
	// FUNCNEST is bash's limit: the rest of the line is abandoned (a
	// subshell ends), the next line runs.
	{"funcnest", `FUNCNEST=3; f() { echo $1; f $(($1+1)); }; f 1; echo same line
echo next $?; (f 1); echo sub $?
g() { echo $(g); }; g; echo after $?
FUNCNEST=x; k() { (( $1 < 20 )) && k $(($1+1)); }; k 0; echo unlimited $?
unset FUNCNEST; FUNCNEST=2 bash -c 'f() { echo in; f; }; f' 2>/dev/null; echo env $?
declare -i FUNCNEST=1+1; g() { echo g; g; }; g 2>/dev/null; echo same line
`, `1
2
3
next 1
1
2
3
sub 1

after 0
unlimited 1
in
in
env 1
g
g
`, 1},
	{"cd_physical", `mkdir -p real/sub; ln -s real link; cd link/sub; echo "${PWD#"${PWD%/link/sub}"/}" "$(pwd -P | sed 's|.*/||')"; cd ../..
cd -P link; echo "${PWD##*/}"; cd ..; cd -L link; echo "${PWD##*/}"; cd ..; set -o physical; cd link; echo "${PWD##*/}"; cd ..
cd -LP link; echo "${PWD##*/}"; cd ..; cd -PL link; echo "${PWD##*/}"; cd -x 2>/dev/null; echo $?
set +o physical; cd ..; base=$PWD; ln -s real/sub l2; cd -P l2/..; echo "${PWD##*/}"; cd ..; cd l2/..; [ "$PWD" = "$base" ] && echo base; cd l2; cd -P ..; echo "${PWD##*/}"
`, `link/sub sub
real
link
real
real
link
2
real
base
real
`, 0},
	// UID, EUID and PPID are read-only integers (host bash runs as
	// root: the values are left out).
	{"id_variables", `declare -p UID EUID PPID | sed 's/=.*//'; UID=0; echo same line
echo $?; unset EUID; echo $?; (( PPID = 3 )); echo $?; [ "$BASHPID" = "$$" ] && echo main
`, `declare -ir UID
declare -ir EUID
declare -ir PPID
1
1
1
main
`, 0},
	{"xtrace_assignments", `{ set -x; a+=("$PWD" x); b=(1 "2 3" $(echo 4)
  5   "x  y"  # c
  [9]=6); i=2; c[$i]=$(echo v); c[i+1]+="a b"; declare -A h; h[$i]=x; s=a; s+=b; declare -i n; n=1+2; x=
  readonly r=1; r=2; set +x; } 2>&1 | sed "s|^[^ ]*bash: |bash: |"
`, `+ a+=("$PWD" x)
+ b=(1 "2 3" $(echo 4) 5 "x  y" [9]=6)
++ echo 4
+ i=2
++ echo v
+ c[$i]=v
+ c[i+1]+='a b'
+ declare -A h
+ h[$i]=x
+ s=a
+ s+=b
+ declare -i n
+ n=1+2
+ x=
+ readonly r=1
+ r=1
+ r=2
bash: line 4: r: readonly variable
`, 0},
	{"allexport", `set -a; a=(1); a+=(2); b[1]=3; declare -A h; h[x]=1; s=1; c=(1); c=5; declare -p a b h s c; env | grep -E "^(a|b|c|h|s)="
`, `declare -a a=([0]="1" [1]="2")
declare -a b=([1]="3")
declare -A h=([x]="1" )
declare -x s="1"
declare -ax c=([0]="5")
s=1
`, 0},
	{"select", `printf '1\n\n 2 \nzz\n3\n' | { select x in a b; do echo "[$x] [$REPLY]"; done; echo st=$?; } 2>&1
printf 'a\\\nb\n' | select x in a b; do echo "[$x] [$REPLY]"; done 2>&1
COLUMNS=30; select x in alpha beta gamma delta epsilon zeta eta theta iota kappa; do :; done </dev/null 2>&1
COLUMNS=80; echo | select x in a b c d e f g h i j k l; do :; done 2>&1
COLUMNS=x; select x in a$'\u00e9'b ccc; do :; done </dev/null 2>&1
select x; do :; done </dev/null; echo "none $?"; set -- p q; select x; do :; done </dev/null 2>&1
readonly ro; echo 1 | select ro in a; do echo body; done 2>&1 | sed 's|/usr/bin/bash|bash|'; echo "ro ${PIPESTATUS[1]}"
`, `1) a
2) b
#? [a] [1]
#? 1) a
2) b
#? [b] [ 2 ]
#? [] [zz]
#? [] [3]
#? 
st=1
1) a
2) b
#? [] [ab]
#? 
1) alpha      6) zeta
2) beta	      7) eta
3) gamma      8) theta
4) delta      9) iota
5) epsilon   10) kappa
#? 
1) a    3) c   5) e   7) g   9) i  11) k
2) b    4) d   6) f   8) h  10) j  12) l
#? 1) a    3) c   5) e   7) g   9) i  11) k
2) b    4) d   6) f   8) h  10) j  12) l
#? 
1) aéb
2) ccc
#? 
none 0
1) p
2) q
#? 
1) a
#? bash: line 7: ro: readonly variable
ro 1
`, 0},
	{"execution_string", `bash -c 'declare -p BASH_EXECUTION_STRING; f() { echo "$BASH_EXECUTION_STRING"; }; f'
bash -c 'bash -c "echo \$BASH_EXECUTION_STRING"'
echo 'echo ${BASH_EXECUTION_STRING-unset}' | bash
`, `declare -- BASH_EXECUTION_STRING="declare -p BASH_EXECUTION_STRING; f() { echo \"\$BASH_EXECUTION_STRING\"; }; f"
declare -p BASH_EXECUTION_STRING; f() { echo "$BASH_EXECUTION_STRING"; }; f
echo $BASH_EXECUTION_STRING
unset
`, 0},
	{"option_variables_listed", `echo ${SHELLOPTS@a}; set -u; shopt -s extglob
declare -p SHELLOPTS BASHOPTS | sed 's/:.*//'; readonly -p | grep -c OPTS=; set | grep -c '^[A-Z]*OPTS='
echo ${SHELLOPTS@a}; shopt -u extglob; declare -p BASHOPTS | grep -c extglob
(SHELLOPTS=x) 2>/dev/null || echo refused
`, `r
declare -r SHELLOPTS="braceexpand
declare -r BASHOPTS="checkwinsize
2
2
r
0
refused
`, 0},
	{"interactive_command_history_file", `bash --norc -c 'echo histfile=${HISTFILE:+yes}'; bash --norc -i -c 'echo histfile=${HISTFILE:+yes}' 2>/dev/null
`, `histfile=
histfile=yes
`, 0},
	{"shell_set_when_unset", `unset SHELL; bash -c 'test -n "$SHELL" && echo set; env | grep -c ^SHELL='; echo ${SHELL-unset}
`, `set
0
unset
`, 0},
	{"pipestatus_empty_at_start", `echo "[${PIPESTATUS[@]}]"; case a in b) ;; esac; echo "[${PIPESTATUS[@]}]"
bash -c 'f() { :; }; echo "[${PIPESTATUS[@]}]"; (( 0 )); echo "[${PIPESTATUS[@]}]"'
`, `[]
[0]
[]
[1]
`, 0},
}

// TestShellState runs stateCases.
func TestShellState(t *testing.T) { runCases(t, stateCases) }

// TestNestLimit: memsh's own function nesting limit (bash has none)
// abandons the line through the command substitutions and subshells it
// ran in, with one message; FUNCNEST above the limit changes nothing.
func TestNestLimit(t *testing.T) {
	for _, c := range []struct{ script, stdout, stderr string }{
		{"f() { echo $(f); }; f; echo same line\necho next $?\n", "next 1\n",
			"environment: line 1: f: maximum function nesting level exceeded (1000)\n"},
		{"f() { (f); echo sub; }; f; echo same line\necho next $?\n", "next 1\n",
			"environment: line 1: f: maximum function nesting level exceeded (1000)\n"},
		{"FUNCNEST=5000; f() { f; }; f\necho next $?\n", "next 1\n",
			"environment: line 1: f: maximum function nesting level exceeded (1000)\n"},
		{"f() { (( $1 < 900 )) && f $(($1+1)); }; f 0; echo deep $?\n", "deep 1\n", ""},
	} {
		out, errs, status := runMemsh(t, c.script)
		if out != c.stdout || errs != c.stderr || status != 0 {
			t.Errorf("%q: got %q %q %d, want %q %q 0", c.script, out, errs, status, c.stdout, c.stderr)
		}
	}
}

// TestEpochVars: bash 5's EPOCHSECONDS, EPOCHREALTIME and SRANDOM read
// the session's clock and a random source, and ignore assignments.
func TestEpochVars(t *testing.T) {
	out, _, st := runMemsh(t, `[[ $EPOCHSECONDS =~ ^[0-9]{10,}$ ]] && echo sec
[[ $EPOCHREALTIME =~ ^[0-9]{10,}\.[0-9]{6}$ ]] && echo real
(( ${EPOCHREALTIME%.*} - EPOCHSECONDS <= 1 )) && echo same-clock
[[ $SRANDOM =~ ^[0-9]+$ ]] && (( SRANDOM < 4294967296 )) && echo srandom
EPOCHSECONDS=5; (( EPOCHSECONDS > 5 )) && echo ignored
`)
	if want := "sec\nreal\nsame-clock\nsrandom\nignored\n"; out != want || st != 0 {
		t.Errorf("got %q (status %d), want %q", out, st, want)
	}
}
