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
	// type and command -v show a file as $PATH names it (_tmp/hello),
	// a non-executable file when nothing else is found, and a hashed
	// command as hashed; assigning PATH (or PATH=dir cmd) leaves the
	// hash table out; command -v's status is 0 when any name was found;
	// command -p looks in the standard path.
	{"path_lookup_and_hash", `mkdir -p _tmp bin2
printf 'echo hi\n' > _tmp/hello; printf 'echo hey\n' > bin2/hello; chmod +x _tmp/hello bin2/hello
touch _tmp/nx
PATH=_tmp:$PATH
type hello; type -t nx; command -v nx
hello
PATH=bin2:$PATH hello
hello
type hello
PATH=bin2:$PATH
hello
hash -r
command -v hello ZZZ nothere; echo st=$?
command -v ZZZ; echo st=$?
command -p hello; echo st=$?
`, `hello is _tmp/hello
file
_tmp/nx
hi
hey
hi
hello is hashed (./_tmp/hello)
hey
bin2/hello
st=0
st=1
st=127
`, 0},
}

func TestTypeOptions(t *testing.T) { runCases(t, typeCases) }
