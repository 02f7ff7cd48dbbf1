package shell

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

// FuzzRewrite checks that the rewrites (rewrite.go) never panic and always
// produce code that parses again.
func FuzzRewrite(f *testing.F) {
	for _, seed := range []string{
		"cat <(echo a) <(cat <(echo b))", "echo ~ ~root ~x/y ~+ ~-", "[[ -O f && -G g ]]",
		"for ((i=0;i<3;i++)); do echo $0; done", "echo > >(cat)", "cat <<EOF\n~root $0\nEOF\n",
		"f() { for ((;;)); do break; done; }", "x=${0##*/}", "eval 'echo <(true)'",
	} {
		f.Add(seed)
	}
	c := &core{}
	s, err := New(Options{})
	if err != nil {
		f.Fatal(err)
	}
	c = s.c
	f.Fuzz(func(t *testing.T, src string) {
		if _, err := newParser().Parse(strings.NewReader(src), ""); err != nil {
			return
		}
		out := c.rewriteSource(src, "fuzz")
		if _, err := newParser().Parse(strings.NewReader(out), ""); err != nil {
			t.Fatalf("rewrite of %q does not parse: %q: %v", src, out, err)
		}
	})
}

// FuzzRun runs arbitrary input as a script under a short timeout: memsh
// must not panic or hang, and the status must be a shell status.
func FuzzRun(f *testing.F) {
	for _, seed := range []string{
		"echo hi", "if then", "f() { f; }; f", "cat <(echo x)", "echo $((1/0))", "a=(1 2); echo ${a[5]}",
		"cd /nope", "printf '%q %d' a b", "exit 300", "set -u; echo $nope", "read x <<< y; echo $x",
		"trap 'echo t' EXIT ERR; false", "bash -c 'exit 3'", "echo ~root > /dev/stderr", "eval 'eval \"\"'",
		"echo $((1 + )); echo next", "(( 2 * )) || echo no", "tee >(wc -l) < /dev/null", "echo $BASHPID | cat",
	} {
		f.Add(seed)
	}
	s, err := New(Options{Timeout: time.Second, MaxCallDepth: 50})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src string) {
		var out, errb bytes.Buffer
		st, err := s.Run(context.Background(), src, Stdio{Stdout: &out, Stderr: &errb})
		if err != nil && st == 0 {
			t.Fatalf("%q: error %v with status 0", src, err)
		}
		if st < 0 || st > 255 {
			t.Fatalf("%q: status %d", src, st)
		}
	})
}

// FuzzArithSyntax checks that arithSyntaxErrors never panics and keeps
// the script's line count (messages name lines of the source as written).
func FuzzArithSyntax(f *testing.F) {
	for _, seed := range []string{
		"x=$((1 + ))", "echo $(( a b c ))", "(( 1 + )); echo $?", "echo $[ 1 + ]", "for ((i=0;i<;i++)); do :; done",
		"echo \"$(( (1+2) * ))\"", "echo $((1 +\n2 *)) b", "echo '$((1 +))' $((2 +))", "a[1+]=3", "echo $(( $((1+)) ))",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		out := arithSyntaxErrors(src)
		if strings.Count(out, "\n") != strings.Count(src, "\n") {
			t.Fatalf("%q became %q: line count changed", src, out)
		}
	})
}
