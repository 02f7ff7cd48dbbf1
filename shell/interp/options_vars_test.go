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
}

func TestOptionVars(t *testing.T) { runCases(t, optionVarCases) }
