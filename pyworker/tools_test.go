package pyworker

import (
	"bytes"
	"context"
	"testing"
)

// TestCloseDuringToolCompile: a run interrupted while its tool is still
// compiling (a cold cache) leaves the compilation going on; closing the
// runtime then waits for it instead of pulling the wazero runtime from
// under it (which panicked in the compiling goroutine).
func TestCloseDuringToolCompile(t *testing.T) {
	if _, err := FindTool("lua"); err != nil {
		t.Skipf("%v", err)
	}
	r := New(Config{CacheDir: t.TempDir()})
	ctx, cancel := context.WithCancel(context.Background())
	started := make(chan struct{})
	go func() {
		<-started
		cancel()
	}()
	var errb bytes.Buffer
	close(started)
	if st := r.RunTool(ctx, "lua", Proc{Args: []string{"lua", "-v"}, Dir: "/", Stdout: &errb, Stderr: &errb}); st != StatusInterrupted && st != 0 {
		t.Errorf("status %d: %s", st, errb.String())
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if e := r.tool("lua"); e.err == nil && e.cm == nil {
		t.Error("the compilation neither finished nor failed")
	}
}
