package interp

import "testing"

// flowCases pin builtin_flow.go to bash 5.2: exit and shift with more
// than one argument end a shell without a prompt with status 1 (a
// subshell too), and shift_verbose reports a count past $#.
var flowCases = []bashCase{
	{"loop_control_in_subshell", `for i in 1; do ( continue; echo after ); echo st=$?; done 2>/dev/null
for i in 1; do echo x | { break; echo after2; }; done 2>/dev/null
for i in 1 2; do (for j in 1; do continue 2; done; echo in ); done
for i in 1 2; do x=$(break; echo s); echo "[$x]"; done
`, `after
st=0
after2
in
in
[]
[]
`, 0},
	{"exit_shift_too_many", `(exit 7 8 9; echo no); echo "sub=$?"
(set -- a b c; shift 1 2; echo unreached); echo "shift-many=$?"
(shopt -s shift_verbose; set -- a; shift; shift; echo "verbose=$?") 2>&1 | sed -E "s/^[^ ]*bash: line [0-9]+: //"
exit 3 4; echo unreached
`, "sub=1\nshift-many=1\nshift: shift count out of range\nverbose=1\n", 1},
	// A ( ) subshell and a compound pipeline stage are in no loop of
	// their parent's: break and continue there only complain.
	{"loop_control_in_subshell", `for i in 1 2; do
  ( if true; then continue; fi; echo "sub $i" ); echo st=$?
  echo | { break; echo "stage $i"; }
  echo | continue; echo "simple $i"
done
`, "sub 1\nst=0\nstage 1\nsimple 1\nsub 2\nst=0\nstage 2\nsimple 2\n", 0},
}

// TestFlowBuiltins runs flowCases.
func TestFlowBuiltins(t *testing.T) { runCases(t, flowCases) }
