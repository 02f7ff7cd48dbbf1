package tui

import (
	"testing"

	"go.uber.org/goleak"
)

// TestMain fails the package if a test leaves goroutines behind: a stdin
// feeder, a poll or a command that outlived its job. teatest's own
// SIGINT watcher (one per test program, by its design) is expected to stay.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m,
		goleak.IgnoreTopFunction("github.com/charmbracelet/x/exp/teatest/v2.NewTestModel.func2"),
	)
}
