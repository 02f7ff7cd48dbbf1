package shell

import (
	"bytes"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
)

// lockedBuffer is a bytes.Buffer safe for concurrent writers and readers.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestForkBomb: a fork bomb stops at the process limit with bash's fork
// message naming the limit, said once, and the session goes on. Each call
// keeps its two jobs waiting, so the jobs double with every level and the
// limit comes long before the nesting limit, however slowly they start
// (under -race, a bomb that recursed in the foreground could reach the
// nesting limit first).
func TestForkBomb(t *testing.T) {
	s := newTestSession(t, Options{})
	// Goroutines the limit stopped may still be unwinding, and writing
	// to stderr, after Run returns: read it under a lock.
	var errb lockedBuffer
	st, err := s.Run(context.Background(), "f() { f & f & wait; }; f; echo no", Stdio{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &errb})
	if err != nil {
		t.Fatal(err)
	}
	errs := errb.String()
	want := "bash: fork: Resource temporarily unavailable (memsh process limit: "
	if st != 254 || strings.Count(errs, want) != 1 {
		t.Errorf("fork bomb: status %d, stderr %q", st, errs)
	}
	// The session goes on.
	out, _, st := run(t, s, "g() { echo fine; }; g", "")
	if out != "fine\n" || st != 0 {
		t.Errorf("after the limit: %q %d", out, st)
	}
}
