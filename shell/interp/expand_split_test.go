package interp

import "testing"

// splitCases pin that a quoted empty string keeps a field only for the
// field it is in: $space"" is one empty field, not two, as in bash 5.2.
var splitCases = []bashCase{
	{"quoted_empty_after_blank", `space=" "
printf '<%s>' 1 $space"" 2; echo
printf '<%s>' 1 ""$space 2; echo
printf '<%s>' 1 "$space"$space"" 2; echo
e=; printf '<%s>' 1 $e"" $space$space 2; echo
HOME=; printf '<%s>' ~ x; echo
`, `<1><><2>
<1><><2>
<1>< ><><2>
<1><><2>
<><x>
`, 0},
}

func TestSplitCases(t *testing.T) { runCases(t, splitCases) }
