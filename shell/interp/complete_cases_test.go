package interp

import (
	"bytes"
	"context"
	"testing"

	"memsh/memfs"
)

// completeCases pins complete, compgen, compopt, history, fc and help to
// GNU bash 5.2 (recorded from bash 5.2.15 run as bash -c; messages
// folded into stdout where they matter).
var completeCases = []bashCase{
	{"complete_specs", `{ complete -D -F _f; complete -E -W x; complete -I -F g; complete -p; complete -r -D; complete -p
complete -o default -o nospace -W 'a b' -P 'p' -S s -X '!*' -G '*.c' -C 'echo hi' -F fn -A function -a -b 'my cmd' c2
complete -p 'my cmd' c2; complete -r 'my cmd' nosuch; echo "r=$?"
compopt -o filenames c2; compopt c2; compopt +o nospace c2; complete -p c2
complete foo; echo "p=$?"; complete -W x; echo "usage=$?"
} 2>&1 | sed -E 's/^[^ ]*bash: line [0-9]+: //'
`, `complete -F g -I
complete -F _f -D
complete -W 'x' -E
complete -F g -I
complete -W 'x' -E
complete -o default -o nospace -a -b -A function -G '*.c' -W 'a b' -P 'p' -S 's' -X '!*' -C 'echo hi' -F fn 'my cmd'
complete -o default -o nospace -a -b -A function -G '*.c' -W 'a b' -P 'p' -S 's' -X '!*' -C 'echo hi' -F fn c2
complete: nosuch: no completion specification
r=1
compopt +o bashdefault -o default +o dirnames -o filenames +o noquote +o nosort -o nospace +o plusdirs c2
complete -o default -o filenames -a -b -A function -G '*.c' -W 'a b' -P 'p' -S 's' -X '!*' -C 'echo hi' -F fn c2
p=0
complete: usage: complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]
usage=2
`, 0},
	{"complete_errors", `{ compopt -D -o nospace; echo $?
complete -o nosuch x; echo $?
complete -A nosuch x; echo $?
complete -F 'a b' x; echo $?
complete -W; echo $?
compgen; echo $?; compgen -- ab; echo $?
compgen -r; echo $?; compgen -D; echo $?
compopt -o bad c2; echo $?; compopt -x; echo $?
compopt -o nospace; echo $?; } 2>&1 | sed -E 's/^[^ ]*bash: line [0-9]+: //'
`, `compopt: _DefaultCmD_: no completion specification
1
complete: nosuch: invalid option name
2
complete: nosuch: invalid action name
2
complete: ` + "`" + `a b': not a valid identifier
2
complete: -W: option requires an argument
complete: usage: complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]
2
0
0
compgen: -r: invalid option
compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]
2
compgen: -D: invalid option
compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]
2
compopt: bad: invalid option name
2
compopt: -x: invalid option
compopt: usage: compopt [-o|+o option] [-DEI] [name ...]
2
compopt: not currently executing completion function
1
`, 0},
	{"compgen_actions", `mkdir -p d1 d2/sub; touch f1 f2 d2/x
PA_FUNC() { :; }; PATH_X=1
compgen -A function -A variable PA; compgen -A signal | head -3
compgen -A setopt no; compgen -A shopt ext; compgen -A helptopic fo
compgen -k | head -3; compgen -b ec; enable -n echo; compgen -A disabled; compgen -A enabled ec
compgen -d | sort; compgen -f f | sort; compgen -f d2/ | sort; compgen -d d2/
compgen -o plusdirs -W 'd1x zz' d | sort; compgen -o dirnames -W zz q; echo $?
`, `PA_FUNC
PATH
PATH_X
EXIT
SIGHUP
SIGINT
noclobber
noexec
noglob
nolog
notify
nounset
extdebug
extglob
extquote
for
for ((
if
then
else
echo
echo
d1
d2
f1
f2
d2/sub
d2/x
d2/sub
d1
d1x
d2
1
`, 0},
	{"compgen_words", `compgen -W 'a"b c" d' -- a; compgen -W 'x;y z'; compgen -W '$(echo p q)' p
opts="--red --green"; compgen -W '$opts' -- --g
IFS=':%'; compgen -W '$(echo "spam:eggs%ham cheese")'; compgen -W 'spam:eggs%ham cheese\:colon'; unset IFS
compgen -W 'aa ab' -X '&b' a; compgen -W "alpha beta alps" -X "!al*" -P "<" -S ">"
compgen -W '${' 2>/dev/null
echo "bad=$?"
compgen -W 'foo $(( 1 / 0 )) bar' 2>/dev/null
echo "div=$?"
`, `ab c
x;y
z
p
--green
spam
eggs
ham cheese
spam
eggs
ham cheese:colon
aa
<alpha>
<alps>
bad=1
div=1
`, 0},
	{"compgen_function_command", `_f(){ COMPREPLY=(x1 x2 "$1:$2:$3"); echo "out $COMP_CWORD [$COMP_LINE] ${#COMP_WORDS[@]}"; }
compgen -F _f -- ab 2>/dev/null; echo "st=$?"
compgen -C 'echo c1; echo c2 $1 $2 $3' -- ab 2>/dev/null; echo "st=$?"
compgen -W "aa ab" -F _f -X "x1" -P "<" -- a 2>/dev/null
COMPREPLY=(z); compgen -F _f a >/dev/null 2>&1; echo "${COMPREPLY-unset} ${COMP_LINE-unset}"
_bad() { COMPREPLY=(foo); COMPREPLY+=( $(( 1 / 0 )) ); }
compgen -F _bad foo 2>/dev/null
echo "abort=$?"
`, `out -1 [] 0
x1
x2
compgen:ab:
st=0
c1
c2 compgen ab 
st=0
out -1 [] 0
<aa
<ab
<x2
<compgen:a:
unset unset
abort=1
`, 0},
	{"history_list", `{ history; echo "empty=$?"
history -s a b; history -s c; history; history 1; history -1
history -d 9; echo $?; history -d; echo $?; history -x; echo $?; history -aw; echo $?; history x; echo $?
history -p 'x y' z
history -w hf; cat hf; history -c; history; history -r hf; history
history -s d; history -a hf; cat hf; history -n hf; history
history -s e; history -s f; history -d 2-3; history; history -d -1; history
history -d 1-9; echo $?; history -d x; echo $?
history -w /nonexist/x; echo $?; history -r /nonexist; echo $?
history 1 2; echo not here
} 2>&1 | sed -E 's/^[^ ]*bash: line [0-9]+: //'
`, `empty=0
    1  a b
    2  c
    2  c
history: -1: invalid option
history: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]
history: 9: history position out of range
1
history: -d: option requires an argument
history: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]
2
history: -x: invalid option
history: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]
2
history: cannot use more than one of -anrw
1
history: x: numeric argument required
1
x y
z
a b
c
    1  a b
    2  c
a b
c
d
    1  a b
    2  c
    3  d
    1  a b
    2  e
    3  f
    1  a b
    2  e
history: 9: history position out of range
1
history: x: history position out of range
1
1
1
history: too many arguments
`, 0},
	{"history_timeformat", `{ printf '#1700000000\necho one\nmore\n#1700000060\necho two\n#99999999999999999999\nbig\n#12x\nodd\n#0\nzero\n' > hf
export TZ=UTC HISTTIMEFORMAT='%F %T '
history -r hf; history; history 2
history -w out; cat out; history -c
HISTTIMEFORMAT='[%s]'; history -r out; history 1
unset HISTTIMEFORMAT; history -w out2; cat out2
TZ=Asia/Tokyo HISTTIMEFORMAT='%H|'; history 2
} 2>&1
`, `    1  2023-11-14 22:13:20 echo one
more
    2  2023-11-14 22:14:20 echo two
    3  99999999999999999999: invalid timestampbig
    4  1970-01-01 00:00:12 odd
    5  0: invalid timestampzero
    4  1970-01-01 00:00:12 odd
    5  0: invalid timestampzero
#1700000000
echo one
more
#1700000060
echo two
#99999999999999999999
big
#12x
odd
#0
zero
    5  0: invalid timestampzero
echo one
more
echo two
big
odd
zero
    4  09|odd
    5  0: invalid timestampzero
`, 0},
	{"history_numbers_after_histsize", `{ HISTSIZE=2; history -s a; history -s b; history -s c; history; fc -l; fc -l 1 2; fc -l 2 3
history -d 1; echo $?; history -d 3; history; history -s d; history -s e
history -d 4-5; echo $?; history -d 5-6; history; history -d -1; history
HISTSIZE=5; history -s f; history -s g; history
history -c; history -s h; history
} 2>&1 | sed -E 's/^[^ ]*bash: line [0-9]+: //'
`, `    2  b
    3  c
2	 b
3	 c
2	 b
2	 b
3	 c
history: 1: history position out of range
1
    2  b
history: 5: history position out of range
1
history: 5: history position out of range
    3  d
    4  e
    3  d
    3  d
    4  f
    5  g
    1  h
`, 0},
	{"history_numbers_after_histsize_assigned", `{ history -s a; history -s b; history -s c; history -s d; history -s e
HISTSIZE=3; history; history -s f; history; fc -l 1; HISTSIZE=2; history; HISTSIZE=5; history
} 2>&1
`, `    2  c
    3  d
    4  e
    3  d
    4  e
    5  f
3	 d
4	 e
5	 f
    1  e
    2  f
    1  e
    2  f
`, 0},
	{"fc_list", `{ fc -l; echo "empty=$?"; fc -s; echo "s=$?"
history -s "echo a"; history -s "echo b"; history -s "echo c"
fc -l; fc -ln -2; fc -lr 1 2; fc -l 3 2; fc -lr 3 2; fc -l ec; fc -l x; echo st=$?
fc -l 99; fc -l -99; fc -l -0; echo st=$?
fc -e true 1; echo st=$?
fc -x; echo $?; fc -e; echo $?
} 2>&1 | sed -E 's/^[^ ]*bash: line [0-9]+: //'
`, `empty=0
fc: no command found
s=1
1	 echo a
2	 echo b
3	 echo c
	 echo b
	 echo c
2	 echo b
1	 echo a
1	 echo a
2	 echo b
2	 echo b
1	 echo a
3	 echo c
fc: no command found
st=1
1	 echo a
2	 echo b
3	 echo c
1	 echo a
2	 echo b
3	 echo c
3	 echo c
st=0
echo a
a
st=0
fc: -x: invalid option
fc: usage: fc [-e ename] [-lnr] [first] [last] or fc -s [pat=rep] [command]
2
fc: -e: option requires an argument
fc: usage: fc [-e ename] [-lnr] [first] [last] or fc -s [pat=rep] [command]
2
`, 0},
	{"help_topics", `help -d cd read; help -s 're*' rea; help -s 'for*'
help nosuch 2>&1 | sed -E 's/^[^ ]*bash: line [0-9]+: //'; echo "st=${PIPESTATUS[0]}"
help -x 2>&1 | sed -E 's/^[^ ]*bash: line [0-9]+: //'
help 'c*' 'x*' | head -3; help -m true; help true false | head -3; help variables | tail -3
cd --help | head -2; echo "st=${PIPESTATUS[0]}"; echo --help; test --help; echo $?
COLUMNS=50 help | sed -n '9,10p;46,47p'
`, `cd - Change the shell working directory.
read - Read a line from the standard input and split it into fields.
Shell commands matching keywords ` + "`" + `re*, rea'

read: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]
readarray: readarray [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]
readonly: readonly [-aAf] [name[=value] ...] or readonly -p
return: return [n]
read: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]
readarray: readarray [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]
readonly: readonly [-aAf] [name[=value] ...] or readonly -p
Shell commands matching keyword ` + "`" + `for*'

for: for NAME [in WORDS ... ] ; do COMMANDS; done
for ((: for (( exp1; exp2; exp3 )); do COMMANDS; done
help: no help topics match ` + "`" + `nosuch'.  Try ` + "`" + `help help' or ` + "`" + `man -k nosuch' or ` + "`" + `info nosuch'.
st=1
help: -x: invalid option
help: usage: help [-dms] [pattern ...]
Shell commands matching keywords ` + "`" + `c*, x*'

caller: caller [expr]
NAME
    true - Return a successful result.

SYNOPSIS
    true

DESCRIPTION
    Return a successful result.
    
    Exit Status:
    Always succeeds.

SEE ALSO
    bash(1)

IMPLEMENTATION
    GNU bash, version 5.2.15(1)-release (x86_64-pc-linux-gnu)
    Copyright (C) 2022 Free Software Foundation, Inc.
    License GPLv3+: GNU GPL version 3 or later <http://gnu.org/licenses/gpl.html>

true: true
    Return a successful result.
    
    HISTIGNORE	A colon-separated list of patterns used to decide which
    		commands should be saved on the history list.

cd: cd [-L|[-P [-e]] [-@]] [dir]
    Change the shell working directory.
st=2
--help
0
 job_spec [&]             history [-c] [-d offs>
 (( expression ))         if COMMANDS; then COM>
 help [-dms] [pattern .>  { COMMANDS ; }
`, 0},
	{"history_expand", `{ history -p "!!"; echo st=$?; history -s "echo a b c"; history -s "ls -l /tmp"; history -p "!!" "!-2" "!ec" "!?tmp?" "!1:2" "!!:$" "!!:0" "!ec:^" "!ec:*" "x!!y" "!e:1-2" "a\!b" "!" "!=" "!99"; echo st=$?; history -p "plain"; history -p "!ls:t" "!ls:h" "!!:s/tmp/var/" "!e:1*" "!e:-2" "!e:2-" "!e$" "!e:5"; echo st=$?
history -s "cat f.tar.gz"; history -p "!c:1:r" "!c:1:e" "!c:gs/a/A/"; } 2>&1 | sed -E 's/^[^ ]*bash: line [0-9]+: //'
`, `history: !!: history expansion failed
st=1
ls -l /tmp
echo a b c
echo a b c
ls -l /tmp
b
/tmp
ls
a
a b c
xls -l /tmpy
a b
a\!b
!
!=
history: !99: history expansion failed
st=1
plain
tmp
ls -l 
ls -l /var
a b c
echo a b
b
c
history: !e:5: history expansion failed
st=1
f.tar
.gz
cAt f.tAr.gz
`, 0},
}

// TestCompleteBuiltins runs completeCases.
func TestCompleteBuiltins(t *testing.T) { runCases(t, completeCases) }

// TestHistoryAtPrompt: at a prompt the line running is the history's
// last entry, as bash records it before running it: fc leaves it out,
// history -s and fc -s take its place (checked against bash -i).
func TestHistoryAtPrompt(t *testing.T) {
	for _, c := range []struct {
		hist       []string
		want, errs string
	}{
		{[]string{"echo a", "echo b", "fc -l"}, "1\t echo a\n2\t echo b\n", ""},
		{[]string{"echo a", "echo b", "fc -ln 1 1"}, "\t echo a\n", ""},
		{[]string{"echo a", "history -s x y; history"}, "    1  echo a\n    2  x y\n", ""},
		{[]string{"echo a", "echo b", "fc -s b=z; history"}, "z\n    1  echo a\n    2  echo b\n    3  echo z\n", "echo z\n"},
		{[]string{"fc -s"}, "", "bash: fc: no command found\n"},
		{[]string{"echo a", "history 1"}, "    2  history 1\n", ""},
	} {
		fsys := memfs.New(memfs.Options{UID: sandboxUID, GID: sandboxGID})
		r := New(Config{FS: fsys, Commands: registry(), Env: testEnvVars, Interactive: true})
		r.SetHistory(c.hist)
		var out, errb bytes.Buffer
		r.Run(context.Background(), c.hist[len(c.hist)-1], Stdio{Stdout: &out, Stderr: &errb})
		if out.String() != c.want || errb.String() != c.errs {
			t.Errorf("%q: got %q, stderr %q; want %q, stderr %q", c.hist, out.String(), errb.String(), c.want, c.errs)
		}
	}
}
