package interp

import "testing"

// typeCases pin type's -P (search $PATH whatever else the name is), -p
// (a path only for a file) and -f (functions skipped), as bash 5.2 has them.
var typeCases = []bashCase{
	{"type_path_and_f", `type -P cd type builtin command; echo st=$?
mv () { ls; }
type -P mv cd; echo st=$?
type -f mv | head -1; type -t -f mv
f() { :; }; type -ap f; echo st=$?
type -p cd; echo st=$?
`, `st=1
/usr/bin/mv
st=1
mv is /usr/bin/mv
file
st=0
st=0
`, 0},
}

func TestTypeOptions(t *testing.T) { runCases(t, typeCases) }
