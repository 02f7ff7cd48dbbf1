package interp

import "testing"

// execCases pin how bash 5.2 runs files (stdout and status recorded
// from bash).
var execCases = []bashCase{
	// A script with a NUL in its first line (two after "#!") is a binary
	// file to bash, which refuses it with 126.
	{"binary_script", `printf 'echo one \0 echo two\n' > nul.sh; bash nul.sh; echo $?
printf '#!/bin/bash\necho a\0b\n' > nul2.sh; bash nul2.sh; echo $?
printf 'echo a\necho \0b\n' > nul3.sh; bash nul3.sh; echo $?
chmod +x nul.sh; ./nul.sh; echo $?
`, `126
126
a
b
0
126
`, 0},
	// A file that is not there is 127; one exec cannot reach for
	// another reason (a file as a directory, a name too long) 126.
	{"exec_errors", `printf x > file; ./file/x; echo $?
./nonexist; echo $?
./$(printf 'a%.0s' {1..300}); echo $?
`, `126
127
126
`, 0},
}

// TestExecCases runs execCases.
func TestExecCases(t *testing.T) { runCases(t, execCases) }
