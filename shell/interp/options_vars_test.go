package interp

import "testing"

// optionVarCases pin $SHELLOPTS and $BASHOPTS: the set -o and shopt
// options that are on, sorted, colon-separated, and read-only.
var optionVarCases = []bashCase{
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
