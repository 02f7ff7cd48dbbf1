package interp

import (
	"context"
	"testing"
	"time"

	"memsh/memfs"
)

// procSubstCases pin process substitution against bash 5.2: the paths,
// streaming, reading through every kind of opener, and exec keeping one
// open. (The order of several >(list)'s output is memsh's own: see
// TestProcSubstOutputOrder.)
var procSubstCases = []bashCase{
	{"paths", `echo <(true) <(true) >(true); echo <(true)`, "/dev/fd/63 /dev/fd/62 /dev/fd/61\n/dev/fd/63\n", 0},
	{"streams", `head -1 <(yes); cat <(yes | head -2)`, "y\ny\ny\n", 0},
	{"openers", `while read -r l; do echo "loop $l"; done < <(seq 2)
grep -c x <(printf 'x\nx\ny\n'); diff <(echo a) <(echo b); echo "diff $?"
[ -p <(true) ] && echo fifo; cat < <(echo redirected); { cat; } < <(echo group)
f() { cat <(echo in-f); }; f; cat <(cat <(echo nested)); x=$(cat <(echo subst)); echo "$x"`,
		"loop 1\nloop 2\n2\n1c1\n< a\n---\n> b\ndiff 1\nfifo\nredirected\ngroup\nin-f\nnested\nsubst\n", 0},
	{"exec keeps it open", `exec 3< <(echo one; echo two); read -u 3 a; read b <&3; echo "$a $b"; exec 3<&-
exec 4< <(yes); read -u 4 y; exec 4<&-; echo "$y"; cat /dev/fd/4 2>/dev/null || echo closed`, "one two\ny\nclosed\n", 0},
	// <(< file) reads the file, as $(< file) does; a list more than
	// that does not.
	{"cat_idiom", `echo FOO >foo; tr A-Z a-z < <(<foo); cat < <(<foo; echo hi)`, "foo\nhi\n", 0},
}

// TestProcSubst runs procSubstCases.
func TestProcSubst(t *testing.T) { runCases(t, procSubstCases) }

// TestProcSubstOutputOrder: what each >(list) writes comes after the
// command's own output and in the order of the substitutions, every
// time (bash's order depends on timing).
func TestProcSubstOutputOrder(t *testing.T) {
	for range 20 {
		out, errs, st := runMemsh(t, `seq 3 | tee >(sed s/^/a:/) >(wc -l); echo hi > >(tr a-z A-Z); false > >(cat); echo "$? /dev/fd/"*`)
		if want := "1\n2\n3\na:1\na:2\na:3\n3\nHI\n1 /dev/fd/*\n"; out != want || errs != "" || st != 0 {
			t.Fatalf("got %q %q %d, want %q", out, errs, st, want)
		}
	}
}

// TestProcSubstCancel: cancelling the line ends every substitution, the
// ones exec keeps open too, so nothing waits on a pipe past it.
func TestProcSubstCancel(t *testing.T) {
	for _, script := range []string{"cat <(sleep 10)", "sleep 10 > >(cat)", "yes > >(cat > /dev/null)",
		"tee >(sleep 10) < /dev/zero > /dev/null", "exec 3< <(sleep 10); read -u 3 x"} {
		fsys := memfs.New(memfs.Options{UID: sandboxUID, GID: sandboxGID})
		fsys.MkdirAll("/dev/fd", 0o755)
		r := New(Config{FS: fsys, Commands: registry(), Env: testEnvVars, Script: true})
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		start := time.Now()
		r.Run(ctx, script, Stdio{})
		cancel()
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s: ran %v after the line was cancelled", script, d)
		}
	}
}
