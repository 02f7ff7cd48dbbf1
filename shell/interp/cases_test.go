package interp

// interpCases pins the interpreter to GNU bash 5.2: each script's stdout and
// status were recorded from bash, and TestInterp checks the recording
// against the host's bash too when there is one.
var interpCases = []bashCase{
	{"path_change_forgets_hashed_commands", `mkdir -p b1 b2; printf 'echo hi\n' > b1/h; printf 'echo hey\n' > b2/h; chmod +x b1/h b2/h
PATH="$PWD/b1:$PATH" h; PATH="$PWD/b2:$PATH" h; PATH="$PWD/b1:$PATH"; h; PATH="$PWD/b2:$PATH"; h
hash | sed "s|$PWD/||"; export PATH="$PWD/b1:$PATH"; h; hash -t h | sed "s|$PWD/||"
`, `hi
hey
hi
hey
hits	command
   1	b2/h
hi
b1/h
`, 0},
	{"binary_script_file", `printf 'echo one \0 echo two\n' > t.sh; bash t.sh 2>/dev/null; echo st=$?
printf 'echo one\necho \0two\n' > t2.sh; bash t2.sh; echo st=$?
`, `st=126
one
two
st=0
`, 0},
	{"debug_trap", `trap "echo dbg \$BASH_COMMAND" DEBUG; x=1; echo a; f() { echo in f; }; f; (( 1 )); for i in 1; do :; done; case a in a) echo c;; esac; trap - DEBUG; echo end
`, `dbg x=1
dbg echo a
a
dbg f
in f
dbg (( 1 ))
dbg for i in 1
dbg :
dbg case a in
dbg echo c
c
dbg trap - DEBUG
end
`, 0},
	{"arith", `echo $((7/2)) $((7%3)) $((2**10)) $((1<<4)) $((0x1F)) $((010)) $((-7/2))
i=5; echo $((i++)) $i $((++i)) $((i+=10)) $i
x=3; y=x; echo $((y*2))
j=2; a2=0; (( a2 += 40 + j )); echo $a2
e='1+2*3'; echo $((e)) $(( $e ))
echo $(( 5 > 3 ? 10 : 20 )) $(( 1 && 0 || 1 ))
let 'k = 3 * 4' m=k+1; echo $k $m
declare -i n=2+3; n+=1; echo $n
`, `3 1 1024 16 31 8 -3
5 6 7 17 17
6
42
7 7
10 1
12 13
6
`, 0},
	{"arith_runtime", `set -- 1 2 3; IFS=+; echo $(( $* )); unset IFS
joined='1+2+3'; echo $((joined)) $(( joined * 2 ))
x=y; y=5; echo $((x*2))
a=(1 2); i=1; ((a[i]++)); ((a[$i]+=10)); echo "${a[@]}"
declare -A c; w="a b"; ((c[$w]++)); ((c[$w]*=5)); echo "${c[$w]}"
while break; do echo never; done; echo loop-ok
declare -A A=(k1 v1 k2 v2); echo "${A[k2]}"
`, `6
6 12
10
1 13
5
loop-ok
v2
`, 0},
	{"arrays", `a=(one "two three" four)
echo ${#a[@]} "${a[1]}" "${a[-1]}" "${!a[@]}"
a+=(five); a[10]=ten; echo ${#a[@]} "${!a[@]}"
unset 'a[1]'; printf '<%s>' "${a[@]}"; echo
echo "${a[@]:1:2}"
b=("${a[@]/o/0}"); echo "${b[@]}"
declare -p a
`, `3 two three four 0 1 2
5 0 1 2 3 10
<one><four><five><ten>
four five
0ne f0ur five ten
declare -a a=([0]="one" [2]="four" [3]="five" [10]="ten")
`, 0},
	{"assoc", `declare -A h=([one]=1 [two]=2)
h[three]=3; h+=([four]=4)
for k in one two three four; do echo "$k=${h[$k]}"; done
echo ${#h[@]}
unset 'h[two]'; echo ${#h[@]} ${h[two]-gone}
k="a key"; h[$k]=spaced; echo "${h[$k]}"
`, `one=1
two=2
three=3
four=4
4
3 gone
spaced
`, 0},
	{"assoc_keys", `declare -A h; k="a key"; h[$k]=1; h["other key"]=2; h[x]+=3; h[x]+=4
for key in "a key" "other key" x; do echo "$key=${h[$key]}"; done
declare -A c; for w in a b a c a; do ((c[$w]++)); done; echo "${c[a]} ${c[b]}"
echo "${!h[@]}" | wc -w
`, `a key=1
other key=2
x=34
3 1
5
`, 0},
	{"brace_tilde", `echo {a,b}{1,2} x{1..3}y {05..10..2} {c..a}
echo {a..c}-{,x}
HOME=/h; echo ~ ~/d x~ "~"
PATHX=~/bin:~/lib; echo $PATHX
`, `a1 a2 b1 b2 x1y x2y x3y 05 07 09 c b a
a- a-x b- b-x c- c-x
/h /h/d x~ ~
/h/bin:/h/lib
`, 0},
	{"builtins_misc", `type cd; type -t ls; command -v echo
f() { echo func; }; command -V f | head -1
set -- a b c d; shift 2; echo "$@"
eval 'echo "evaled $1"'
echo -e 'tab\there' ; echo -n no-newline; echo
printf '%5s|%-5s|%03d|%x\n' ab cd 7 255
printf -v out '%s-%s' p q; echo $out
OPTIND=1; while getopts "ab:" o -a -b val rest; do echo "opt $o ${OPTARG-}"; done
trap 'echo exiting' EXIT; echo body
`, `cd is a shell builtin
file
echo
f is a function
c d
evaled c
tab	here
no-newline
   ab|cd   |007|ff
p-q
opt a 
opt b val
body
exiting
`, 0},
	{"child_env", `exported=yes; export exported; plain=no
bash -c 'echo "exported=${exported-unset} plain=${plain-unset} args=$0,$1,$#"' name one two
sh -c 'exit 3'; echo "sh status $?"
printf 'echo from stdin $1\n' | bash -s arg
cat > s.sh <<'END'
echo "script \$0=$0 \$1=$1"
exit 4
END
bash s.sh x; echo "status $?"
`, `exported=yes plain=unset args=name,one,2
sh status 3
from stdin arg
script $0=s.sh $1=x
status 4
`, 0},
	{"cmdsubst", "a=$(printf 'x\\n\\n\\n'); echo \"[$a]\"\nb=`echo back`; echo $b\nc=$(echo $(echo nested)); echo $c\nn=$(false); echo \"status $?\"\necho \"$(printf '%s\\n' \"a  b\")\"\n", `[x]
back
nested
status 1
a  b
`, 0},
	{"control_flow", `for i in 1 2 3; do
  if [ $i = 2 ]; then continue; fi
  echo "i=$i"
done
n=0; while (( n < 3 )); do n=$((n+1)); done; echo n=$n
until [ $n -eq 0 ]; do n=$((n-1)); done; echo n=$n
for ((i=0; i<10; i++)); do (( i == 4 )) && break; done; echo i=$i
case "hello.txt" in *.sh) echo sh;; *.txt) echo txt;& *.md) echo fell;; esac
case x in y) echo no;; *) echo default;; esac
for i in a b; do for j in 1 2; do [ $j = 2 ] && continue 2; echo $i$j; done; done
`, `i=1
i=3
n=3
n=0
i=4
txt
fell
default
a1
b1
`, 0},
	{"declare_p", `declare -i i=5; declare -r ro=1; declare -x ex=e; declare -a ar=(1 2); declare -A as=([k]=v)
declare -l lo=ABC; declare -u up=abc
declare -p i ro ex ar as lo up
s='a "quoted" $x'; declare -p s
`, `declare -i i="5"
declare -r ro="1"
declare -x ex="e"
declare -a ar=([0]="1" [1]="2")
declare -A as=([k]="v" )
declare -l lo="abc"
declare -u up="ABC"
declare -- s="a \"quoted\" \$x"
`, 0},
	{"discard", `readonly r=1
echo a; r=2; echo "same line not reached"
echo "next line $?"
echo $((1/0)); echo "same line"
echo "after arith error $?"
(echo ${u?unset here}; echo no) 2>/dev/null; echo "subshell status $?"
`, `a
next line 1
after arith error 1
subshell status 1
`, 0},
	{"dollar_at", `set -- "a b" c ""
printf '<%s>' "$@"; echo
printf '<%s>' "-$@-"; echo
printf '<%s>' "${@}x"; echo
printf '<%s>' $@; echo
printf '<%s>' "$*"; echo
IFS=,; printf '<%s>' "$*"; echo
set --; printf '<%s>' "$@"; echo "n=$#"
`, `<a b><c><>
<-a b><c><->
<a b><c><x>
<a><b><c>
<a b c >
<a b,c,>
<>n=0
`, 0},
	{"dynamic_unset", `x=global
f() { local x=f-local; g; echo "f sees ${x-unset}"; }
g() { unset x; echo "g sees ${x-unset}"; }
f; echo "top sees $x"
`, `g sees global
f sees global
top sees global
`, 0},
	{"errexit", `set -e
false || true
if false; then :; fi
! true
f() { false; echo "in f after false"; }
f || echo "f failed"
x=$(false; echo "subst continues")
echo "$x"
false
echo not reached
`, `in f after false
subst continues
`, 1},
	{"errexit_exceptions", `set -e
f() { false; echo "in f after false"; }
f || echo "f failed"
if f; then echo then; fi
! f
false && echo no
x=$(false; echo "subst goes on"); echo "$x"
set +e; (set -e; false; echo not here); echo "subshell $?"
set -o pipefail; false | true; echo "pipefail $?"
`, `in f after false
in f after false
then
in f after false
subst goes on
subshell 1
pipefail 1
`, 0},
	{"exit_status", `f() { return 7; }; f; echo $?
(exit 3); echo $?
nosuchcommand 2>/dev/null; echo $?
bash -c 'exit 5'; echo $?
x=$(exit 9); echo $?
exit 4
`, `7
3
127
5
9
`, 4},
	{"fds_more", `open_log() { exec 3>>log; }
open_log 4>/dev/null
echo "kept" >&3
{ exec 3>scoped-inner; } 3>scoped
echo "still log" >&3
exec 3>&-
cat log
printf 'hello world\n' > f
exec 5<>f; read -r -n 2 a <&5; printf XY >&5; exec 5>&-; cat f
exec 6>out; echo via-devfd > /dev/fd/6; exec 6>&-; cat out
bash -c 'echo from child >&7' 7>child; cat child
`, `kept
still log
heXYo world
via-devfd
from child
`, 0},
	{"funcprint", `f() { if [ "$1" = x ]; then return 1; fi; for i in 1 2; do echo "$i"; done | cat; local a=(p q); (( n++ )); }
declare -f f
type f | head -1
declare -F f
`, `f () 
{ 
    if [ "$1" = x ]; then
        return 1;
    fi;
    for i in 1 2;
    do
        echo "$i";
    done | cat;
    local a=(p q);
    (( n++ ))
}
f is a function
f
`, 0},
	{"functions", `counter=0
inc() { local step=${1:-1}; counter=$((counter + step)); return $((counter > 5)); }
inc; inc 3; echo "counter=$counter status=$?"
inc 4; echo "status=$?"
outer() { local v=outer; inner; echo "after inner: $v"; }
inner() { echo "inner sees $v"; v=changed; }
v=global; outer; echo "global v=$v"
fact() { if (( $1 <= 1 )); then echo 1; else echo $(( $1 * $(fact $(( $1 - 1 ))) )); fi; }
fact 6
f() { echo "$FUNCNAME: $# args, first=$1"; }; f x y z
`, `counter=4 status=0
status=1
inner sees outer
after inner: changed
global v=global
720
f: 3 args, first=x
`, 0},
	{"globbing", `shopt -s extglob
touch b.txt a.txt c.log .hidden
echo *.txt; echo *; echo .h*
echo nomatch*; shopt -s nullglob; echo nomatch*; shopt -u nullglob
echo !(*.txt); echo @(a|c).*
shopt -s dotglob; echo *hid*
`, `a.txt b.txt
a.txt b.txt c.log
.hidden
nomatch*

c.log
a.txt c.log
.hidden
`, 0},
	{"ifs_nonblank", `a=(x '' y); IFS=,; printf '<%s>' ${a[@]}; echo
set -- a '' b; IFS=:; printf '<%s>' $@ $*; echo
IFS=: read a b <<< "x:y:"; echo "[$a|$b]"
IFS=: read a b <<< "x:y:z:"; echo "[$a|$b]"
`, `<x><><y>
<a><><b><a><><b>
[x|y]
[x|y:z:]
`, 0},
	{"ifs_split", `v="  a  b   c  "; printf '<%s>' $v; echo
IFS=: ; v="a::b:"; printf '<%s>' $v; echo
IFS=' :'; v=" a : b "; printf '<%s>' $v; echo
unset IFS; v="x	y"; printf '<%s>' $v; echo
`, `<a><b><c>
<a><><b>
<a><b>
<x><y>
`, 0},
	{"namerefs", `a=1; declare -n r=a; r=2; echo $a
arr=(x y z); declare -n ra=arr; ra[1]=Y; echo "${arr[@]}"
f() { local -n out=$1; out="set by f"; }; f res; echo "$res"
v=target; target=hit; echo ${!v}
`, `2
x Y z
set by f
hit
`, 0},
	{"negative_index", `a=(1 2); a[-1]=q; echo "${a[@]}"
(a=(); a[-5]=q; echo not reached) 2>/dev/null; echo "status $?"
b=(x y); unset 'b[-1]'; echo "${b[@]} ${#b[@]}"
c=(1 2 3); echo "${c[-1]}${c[-3]}" "[${c[-4]}]"
`, `1 q
status 1
x 1
31 []
`, 0},
	{"param_ops", `s=abcdefabc
echo ${s#a*c} ${s##a*c} ${s%b*c} ${s%%b*c}
echo ${s/abc/X} ${s//abc/X} ${s/#abc/X} ${s/%abc/X}
echo ${s:2} ${s:2:3} ${s: -3} ${s:1:-2}
echo ${s^} ${s^^} ${s,,} ${#s}
p=/usr/local/lib/file.tar.gz; echo ${p##*/} ${p%/*} ${p##*.} ${p%%.*}
`, `defabc abcdefa a
Xdefabc XdefX Xdefabc abcdefX
cdefabc cde abc bcdefa
Abcdefabc ABCDEFABC abcdefabc 9
file.tar.gz /usr/local/lib gz /usr/local/lib/file
`, 0},
	{"pipes_status", `true | false | true; echo "${PIPESTATUS[@]} $?"
set -o pipefail; true | false | true; echo "pipefail $?"
! false; echo "negated $?"
false || echo "or ran"; true && echo "and ran"
printf 'b\na\nc\n' | sort | head -2
`, `0 1 0 0
pipefail 1
negated 0
or ran
and ran
a
b
`, 0},
	{"read_builtin", `read a b <<< "one two three"; echo "[$a] [$b]"
IFS=: read -r x y z <<< "1:2:3"; echo "$x $y $z"
read -a arr <<< "p q r"; echo "${arr[1]} ${#arr[@]}"
printf 'l1\nl2\nl3\n' | while read -r line; do echo "got $line"; done
read -n 3 c <<< "abcdef"; echo $c
read -d , d <<< "x,y"; echo $d
mapfile -t lines < <(printf 'm1\nm2\n'); echo "${#lines[@]} ${lines[1]}"
`, `[one] [two three]
1 2 3
q 3
got l1
got l2
got l3
abc
x
2 m2
`, 0},
	{"read_timeout_nul", `read -t 0 x < /dev/null; echo "t0 $?"
read -t . x <<< hi; echo "dot $? [$x]"
read -t abc x < /dev/null; echo "bad $?"
read -t 0.1 x < /dev/zero; echo "zero $? ${#x}"
printf 'a\0b\n' | { read x; echo "nul ${#x}"; }
printf 'a\0b\n' | { read -N 3 x; echo "N ${#x}"; }
printf 'a\0b\nc\n' | { mapfile m; echo "map ${#m[0]} ${#m[1]}"; }
exec 3>f; read -u 3 x; echo "wo $?"; read -t 0 -u 3; echo "wo0 $?"; m=(1 2); mapfile -u 3 m; echo "mwo $? ${#m[@]}"
read -u 9 x; echo "closed $?"
`, `t0 0
dot 0 []
bad 1
zero 142 0
nul 2
N 3
map 1 2
wo 1
wo0 0
mwo 0 0
closed 1
`, 0},
	{"read_timeout_pipe", `until [ -e d1 ]; do sleep 0.01; done | { read -t 0.1 x; echo "idle $? [$x]"; : > d1; }
until [ -e d2 ]; do sleep 0.01; done | { read -t 0 x; echo "ready $?"; : > d2; }
{ echo one; until [ -e d3 ]; do sleep 0.01; done; echo two; } | { read x; read -t 0.1 y; echo "$? [$x] [$y]"; : > d3; read z; echo "then [$z]"; }
`, `idle 142 []
ready 1
142 [one] []
then [two]
`, 0},
	{"mapfile_callback", `printf 'a\nb\nc\n' | { mapfile -C "echo cb" -c 2 arr; declare -p arr; }
mapfile -c 0 arr; echo $?
printf "a'b\nc\n" | { mapfile -C "echo cb" -c 1 -t arr; declare -p arr; }
f() { echo "f[$1][$2]"; arr[9]=z; }; printf "x\ny\n" | { mapfile -C f -c 1 -O 3 arr; declare -p arr; }
`, `cb 1 b

declare -a arr=([0]=$'a\n' [1]=$'b\n' [2]=$'c\n')
1
cb 0 a'b
cb 1 c
declare -a arr=([0]="a'b" [1]="c")
f[3][x
]
f[4][y
]
declare -a arr=([3]=$'x\n' [4]=$'y\n' [9]="z")
`, 0},
	{"read_mapfile_names", `read -a 1x <<< a; echo "read $?"
mapfile 1bad <<< x; echo "bad $?"
declare -A h=([k]=v); mapfile h <<< x; echo "assoc $? ${h[k]}"
readonly ro=1; mapfile ro <<< x; echo "ro $? $ro"
`, `read 1
bad 1
assoc 1 v
ro 1 1
`, 0},
	{"redirect_order", "echo hello > F; echo `cat F` world > F; cat F\nx=$(echo sub) > h; echo \"$x\"; [ -e h ] && echo h-made\n{ echo $((1/0)); } 2>/dev/null; echo \"after $?\"\n", `hello world
sub
h-made
`, 1},
	{"redirections", `echo one > f; echo two >> f; cat f
cat < f | wc -l
{ echo out; echo err >&2; } 2>&1 >/dev/null | cat
exec 3> g; echo "to fd 3" >&3; exec 3>&-; cat g
cat <<EOT
heredoc $((1+1)) ${HOME:+home}
EOT
cat <<'EOT'
literal $HOME
EOT
cat <<< "here string"
echo both &> h; cat h
exec {fd}> k; echo "fd ok" >&$fd; exec {fd}>&-; cat k
`, `one
two
2
err
to fd 3
heredoc 2 home
literal $HOME
here string
both
fd ok
`, 0},
	{"subshell_isolation", `a=(1 2 3); declare -A h=([k]=v); f() { echo parent-f; }
( a+=(4); h[k]=changed; f() { echo sub-f; }; f; echo "${#a[@]} ${h[k]}" )
f; echo "${#a[@]} ${h[k]}"
out=$(a[0]=x; echo "${a[0]}"); echo "$out ${a[0]}"
echo "${a[@]}" | { read -a b; b[0]=z; echo "${b[*]}"; }; echo "${a[*]}"
`, `sub-f
4 changed
parent-f
3 v
x 1
z 2 3
1 2 3
`, 0},
	{"subshells", `x=1; (x=2; echo "in sub $x"); echo "after sub $x"
y=1; echo data | read y; echo "after pipe read y=$y"
z=$(z=3; echo $z); echo "subst z=$z"
echo a | { read v; echo "group in pipe v=$v"; }
shopt -s lastpipe; echo last | read w; echo "lastpipe w=$w"
cd /; (cd /tmp); pwd
`, `in sub 2
after sub 1
after pipe read y=1
subst z=3
group in pipe v=a
lastpipe w=last
/
`, 0},
	{"test_cond", `[[ abc == a* ]] && echo glob
[[ abc == "a*" ]] || echo quoted-literal
[[ foo.txt =~ ^(.*)\.txt$ ]] && echo "${BASH_REMATCH[1]}"
[[ -z "" && -n x ]] && echo strings
[[ 10 -gt 9 ]] && echo numeric
[[ b > a ]] && echo lexical
[ -d / ] && echo dir
test 3 -eq 3; echo $?
[ "a" = "b" ]; echo $?
`, `glob
quoted-literal
foo
strings
numeric
lexical
dir
0
1
`, 0},
	{"traps", `f() { local tmp=scratch; trap 'echo "return trap sees $tmp"' RETURN; echo work; }
f; g() { echo "g runs no trap"; }; g; trap - RETURN
trap 'echo "err at line $LINENO status $?"' ERR
false
trap - ERR
bash -c 'trap "echo in exit trap; exit 7" EXIT; exit 1'; echo "child status $?"
trap -p
`, `work
return trap sees scratch
g runs no trap
err at line 4 status 1
in exit trap
child status 7
`, 0},
	{"vars_basic", `x=hello; y="$x world"; echo "$y" ${#y}
unset x; echo "[${x-unset}] [${x:-empty}]"
x=; echo "[${x-unset}] [${x:-empty}] [${x:+alt}]"
: ${z:=assigned}; echo $z
`, `hello world 11
[unset] [empty]
[] [empty] []
assigned
`, 0},
}
