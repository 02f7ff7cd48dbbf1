package pyworker

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain checks no run leaves a goroutine behind (stdin helpers,
// cancellation watchers).
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}
