package interp

import "testing"

// optionVarCases pin options bash keeps in variables or in each other:
// $SHELLOPTS and $BASHOPTS (the set -o and shopt options that are on,
// sorted, colon-separated, read-only), vi and emacs turning each other
// off, set -n in a script (nothing more runs), bash -O/+O NAME, and set's
// lone + (no flags).
var optionVarCases = []bashCase{
	{"bash_dash_O", `bash +O nullglob -c 'echo foo *.nonexistent bar'
bash -O nullglob -c 'echo foo *.nonexistent bar'
bash -O bogus -c 'echo x' 2>/dev/null; echo status=$?
`, `foo *.nonexistent bar
foo bar
status=2
`, 0},
	{"noexec_and_editing_mode", `shopt -o -p emacs vi
set -o vi; shopt -o -p emacs vi
set -o emacs; shopt -o -p emacs vi
echo 1
set -n
echo 2
set +n
echo 3
`, `set +o emacs
set +o vi
set +o emacs
set -o vi
set -o emacs
set +o vi
1
`, 0},
	{"set_lone_plus", `set +; echo plus "$@"
set -x + -v x y 2>/dev/null
case $- in *v*) echo v;; esac
set +xv 2>/dev/null; echo plus "$@"
set - +; echo "$@"
set + -; echo "$@"
`, `plus
v
plus x y
+
+
`, 0},
	{"shellopts_bashopts", `echo $SHELLOPTS
echo $BASHOPTS
set -o pipefail; shopt -s extglob
echo $SHELLOPTS
echo $BASHOPTS
test -v SHELLOPTS && echo set
SHELLOPTS=x; echo not on this line
echo status=$?
`, `braceexpand:hashall:interactive-comments
checkwinsize:cmdhist:complete_fullquote:extquote:force_fignore:globasciiranges:globskipdots:hostcomplete:interactive_comments:patsub_replacement:progcomp:promptvars:sourcepath
braceexpand:hashall:interactive-comments:pipefail
checkwinsize:cmdhist:complete_fullquote:extglob:extquote:force_fignore:globasciiranges:globskipdots:hostcomplete:interactive_comments:patsub_replacement:progcomp:promptvars:sourcepath
set
status=1
`, 0},
	// set lists the variables bash keeps itself too, its dynamic arrays
	// that are not in use as empty.
	{"set_lists_special_variables", `set | grep -c '^PIPESTATUS='
f() { set | grep -e '^BASH_[A-Z_]*=' -e '^DIRSTACK=' -e '^FUNCNAME=' -e '^PIPESTATUS=' -e '^_=' | grep -v -e VERSI -e EXECUTION; }
pushd / >/dev/null
true | false
f a b
bash -c 'echo "[$BASH_EXECUTION_STRING]"'
`, `0
BASH_ALIASES=()
BASH_ARGC=()
BASH_ARGV=()
BASH_CMDS=()
BASH_LINENO=([0]="5")
BASH_LOADABLES_PATH=/usr/local/lib/bash:/usr/lib/bash:/opt/local/lib/bash:/usr/pkg/lib/bash:/opt/pkg/lib/bash:.
BASH_SOURCE=([0]="environment")
DIRSTACK=()
FUNCNAME=([0]="f")
PIPESTATUS=([0]="0" [1]="1")
_=/
[echo "[$BASH_EXECUTION_STRING]"]
`, 0},
	// PIPESTATUS is empty before the first command, and a command that
	// is no pipeline leaves its status from before ! turned it.
	{"pipestatus_simple_commands", `echo "[${PIPESTATUS[@]}]"
! true; echo "[${PIPESTATUS[@]}]"
echo | true; x=$(exit 2); echo "[${PIPESTATUS[@]}]"
f() { return 4; }; f; echo "[${PIPESTATUS[@]}]"
`, `[]
[0]
[2]
[4]
`, 0},
	// set -a exports what declare and local assign, and a global that
	// declare only declares.
	{"allexport_declare_local", `set -a
declare ZZ=zz; printenv ZZ
f() { local LL=ll; printenv LL; local W; declare -p W; }; f
declare D; declare -p D
declare -a arr=(1); declare -p arr
`, `zz
ll
declare -- W
declare -x D
declare -a arr=([0]="1")
`, 0},
	// export SHELLOPTS passes the set -o options on to child shells,
	// which turn on what it names.
	{"export_shellopts", `export SHELLOPTS
set -o noglob
bash -c 'echo /*; echo $SHELLOPTS'
set +o noglob
BASHOPTS=nullglob bash -c 'echo x /nonexistent*'
shopt -s nullglob; export BASHOPTS
bash -c 'echo x /nonexistent* $BASHOPTS' | grep -o 'x.*nullglob'
`, `/*
braceexpand:hashall:interactive-comments:noglob
x /nonexistent*
x checkwinsize:cmdhist:complete_fullquote:extquote:force_fignore:globasciiranges:globskipdots:hostcomplete:interactive_comments:nullglob
`, 0},
	// bash -i -c without a terminal: i in $-, emacs and history on, no
	// job control, and set -u abandons the line instead of the shell.
	{"bash_dash_i_c", `bash -i -c 'echo $-; test -o emacs; echo $?' 2>/dev/null
bash -c 'echo $-'
bash -i -c 'set -u; echo before; echo $x; echo after
echo line2
' 2>/dev/null; echo status=$?
`, `hiBHc
0
hBc
before
line2
status=0
`, 0},
}

func TestOptionVars(t *testing.T) { runCases(t, optionVarCases) }
