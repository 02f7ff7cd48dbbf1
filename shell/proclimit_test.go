package shell

import (
	"bytes"
	"context"
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
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
// message naming the limit, said once, and the session goes on.
func TestForkBomb(t *testing.T) {
	goroutineLimit.Store(int64(runtime.NumGoroutine() + 500))
	defer goroutineLimit.Store(0)
	procLimitSaid.Store(0)
	s := newTestSession(t, Options{})
	// Goroutines the limit stopped may still be unwinding, and writing
	// to stderr, after Run returns: read it under a lock.
	var errb lockedBuffer
	st, err := s.Run(context.Background(), "f() { f & f; }; f; echo no", Stdio{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &errb})
	if err != nil {
		t.Fatal(err)
	}
	errs := errb.String()
	want := "bash: fork: Resource temporarily unavailable (memsh process limit: "
	if st != 254 || strings.Count(errs, want) != 1 {
		t.Errorf("fork bomb: status %d, stderr %q", st, errs)
	}
	for deadline := time.Now().Add(10 * time.Second); runtime.NumGoroutine() > procLimit() && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	// The session goes on: with room under the limit again (tests running
	// in parallel may hold goroutines of their own), a command runs.
	goroutineLimit.Store(int64(runtime.NumGoroutine() + 500))
	out, _, st := run(t, s, "g() { echo fine; }; g", "")
	if out != "fine\n" || st != 0 {
		t.Errorf("after the limit: %q %d", out, st)
	}
}
