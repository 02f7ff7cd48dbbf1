package shell

import (
	"bytes"
	"context"
	"testing"
	"time"
)

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
