package shell

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestForkBomb: a fork bomb stops at the process limit with bash's fork
// message naming the limit, said once, and the session goes on.
func TestForkBomb(t *testing.T) {
	saved := maxGoroutines
	maxGoroutines = runtime.NumGoroutine() + 500
	defer func() { maxGoroutines = saved }()
	procLimitSaid.Store(0)
	s := newTestSession(t, Options{})
	_, errs, st := run(t, s, "f() { f & f; }; f; echo no", "")
	want := "bash: fork: Resource temporarily unavailable (memsh process limit: "
	if st != 254 || strings.Count(errs, want) != 1 {
		t.Errorf("fork bomb: status %d, stderr %q", st, errs)
	}
	for deadline := time.Now().Add(10 * time.Second); runtime.NumGoroutine() > maxGoroutines && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	out, _, st := run(t, s, "g() { echo fine; }; g", "")
	if out != "fine\n" || st != 0 {
		t.Errorf("after the limit: %q %d", out, st)
	}
}
