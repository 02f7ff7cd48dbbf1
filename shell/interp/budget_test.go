package interp

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"memsh/memfs"
	"memsh/shell/command"
)

// runBudget runs script, a line at a time as a session does, in a shell
// whose variables have a budget of limit bytes; it returns the output,
// the messages and the budget.
func runBudget(t *testing.T, limit int64, lines ...string) (string, string, *command.Budget) {
	t.Helper()
	fsys := memfs.New(memfs.Options{UID: sandboxUID, GID: sandboxGID})
	fsys.MkdirAll("/home/user", 0o755)
	b := command.NewBudget(limit, nil)
	r := New(Config{FS: fsys, Commands: registry(), Env: testEnvVars, Dir: "/home/user", Budget: b})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var out, errb bytes.Buffer
	for _, l := range lines {
		r.Run(ctx, l, Stdio{Stdout: &out, Stderr: &errb})
	}
	return out.String(), errb.String(), b
}

const limitMsg = "memory limit of 1 MiB reached (memsh --max-memory)"

func TestBudgetStopsDoubling(t *testing.T) {
	out, errs, _ := runBudget(t, 1<<20,
		`x=a; while :; do x=$x$x; done; echo not reached`,
		`echo "status $? len ${#x}"`)
	if !strings.Contains(errs, "x: "+limitMsg) {
		t.Fatalf("no message naming the limit: %q", errs)
	}
	// The refused assignment is not made: x keeps its last value, a
	// power of two under the limit.
	if out != "status 1 len 1048576\n" {
		t.Fatalf("out %q", out)
	}
}

func TestBudgetArrays(t *testing.T) {
	for _, script := range []string{
		`a=(); s=$(printf '%01000d' 0); while :; do a+=("$s"); done`,
		`declare -A h; s=$(printf '%01000d' 0); i=0; while :; do h[k$i]=$s; i=$((i+1)); done`,
		`s=$(printf '%01000d' 0); i=0; while :; do a[i++]=$s; done`,
		`s=$(printf '%01000d' 0); while :; do s+=$s; done`,
		`yes abcdefgh | head -n 200000 > f; mapfile -t m < f`,
	} {
		_, errs, _ := runBudget(t, 1<<20, script, `echo next`)
		if !strings.Contains(errs, limitMsg) {
			t.Errorf("%s: no message naming the limit: %.200q", script, errs)
		}
	}
}

func TestBudgetGivesBack(t *testing.T) {
	// Four values of 300 KiB fit a 1 MiB budget only if each is given
	// back before the next: by a new value, unset, a function's local
	// ending, a subshell ending.
	big := `big=$(head -c 307200 /dev/zero | tr '\0' x)`
	for _, script := range []string{
		`for i in 1 2 3 4; do ` + big + `; done; echo ${#big}`,
		`for i in 1 2 3 4; do ` + big + `; c=$big; unset big c; done; echo ok`,
		`f() { local l=$(head -c 307200 /dev/zero | tr '\0' x); }; f; f; f; f; echo ok`,
		`for i in 1 2 3 4; do a[i]=$(head -c 307200 /dev/zero | tr '\0' x); unset 'a[*]'; done; echo ok`,
		`for i in 1 2 3 4; do (` + big + `; a=$big; b=$big); done; echo ok`,
	} {
		out, errs, b := runBudget(t, 1<<20, script)
		if errs != "" || out == "" {
			t.Errorf("%s: out %q errors %.200q", script, out, errs)
		}
		if b.Used() > 400<<10 {
			t.Errorf("%s: %d bytes still charged", script, b.Used())
		}
	}
	_, _, b := runBudget(t, 1<<20, `x=$(head -c 1000 /dev/zero | tr '\0' x)`, `unset x`)
	if b.Used() != 0 {
		t.Errorf("after unset %d bytes still charged", b.Used())
	}
}

func TestBudgetSubstitution(t *testing.T) {
	out, errs, _ := runBudget(t, 1<<20, `x=$(yes); echo unreached`, `echo next`)
	if out != "next\n" || !strings.Contains(errs, "command substitution stopped: its output reached the memory limit of 1 MiB (memsh --max-memory)") {
		t.Errorf("out %q errors %q", out, errs)
	}
}

func TestProcLimit(t *testing.T) {
	fsys := memfs.New(memfs.Options{UID: sandboxUID, GID: sandboxGID})
	b := command.NewBudget(256<<20, nil)
	r := New(Config{FS: fsys, Commands: registry(), Dir: "/", Budget: b, MaxProcs: 200})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var out, errb bytes.Buffer
	r.Run(ctx, "f() { f | f; }; f; echo no\necho same $?", Stdio{Stdout: &out, Stderr: &errb})
	r.Run(ctx, `echo next; sleep 0.1 & wait; echo $?`, Stdio{Stdout: &out, Stderr: &errb})
	if out.String() != "same 254\nnext\n0\n" || strings.Count(errb.String(), "bash: fork: Resource temporarily unavailable (memsh process limit: 200 pipeline stages and jobs running)") != 1 {
		t.Errorf("out %q errors %.300q", out.String(), errb.String())
	}
	if b.Used() != 0 {
		t.Errorf("%d bytes still charged", b.Used())
	}
}

// TestArrayDoublingStops: the words of a=(...) see a's old value, so a
// doubling array grows until the budget stops it (it used to be emptied
// first, and the loop never ended). The refused assignment keeps the
// elements made before the refusal, all charged: no more than fit.
func TestArrayDoublingStops(t *testing.T) {
	out, errs, _ := runBudget(t, 1<<20,
		`a=(x); a=("${a[@]}" "${a[@]}" y); declare -A h=([k]=v); h=([a]=${h[k]}); echo ${#a[@]} ${h[a]}`,
		`a=(x); while :; do a=("${a[@]}" "${a[@]}"); done`, `echo next ${#a[@]}`)
	var n int
	if _, err := fmt.Sscanf(strings.TrimPrefix(out, "3 v\nnext "), "%d", &n); err != nil || !strings.HasPrefix(out, "3 v\n") ||
		n < 16384 || n > (1<<20)/elemOverhead || !strings.Contains(errs, "a: "+limitMsg) {
		t.Errorf("out %q errors %.300q", out, errs)
	}
}
