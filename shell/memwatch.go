package shell

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/metrics"
	"time"

	"memsh/shell/command"
)

// memWatchEvery is how often a run samples the heap. A doubling
// variable (`x=$x$x`) copies gigabytes per step at memory speed, so each
// step past the budget is seen within a step or two.
const memWatchEvery = 20 * time.Millisecond

// watchMemory stops the running line when the Go heap, less memfs's
// files and what the budget has reserved, outgrows half the session's
// memory budget during the run. It is the backstop for what no Reserve
// counts: shell variables and arrays (mvdan/sh stores them where no hook
// sees an assignment), the interpreter's own structures, a guest's
// memory. Half, because it sees growth late: a value that doubles in one
// statement (`x=$x$x`) builds its new copy through a growing buffer
// before anything can look, so the heap passes the line where it is
// seen by up to four times the step. The heap is sampled every
// memWatchEvery; past the line a collection confirms what is live, and
// the running line stops with a message naming the limit. Only growth during this run counts: a run
// that starts over the budget (a variable a stopped line left behind) is
// stopped only once it grows further, so `unset x` can still run.
//
// The heap is the process's: with several sessions in one process each
// watches the sum, which can only stop a line early, never late.
func (c *core) watchMemory(ctx context.Context, stderr io.Writer) (stop func()) {
	limit := c.mem.Limit()
	if limit == 0 {
		return func() {}
	}
	samples := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	// memfs's files and what Reserve counted are on the heap too, each
	// bounded already: the backstop watches the rest.
	heap := func() int64 {
		metrics.Read(samples)
		return int64(samples[0].Value.Uint64()) - c.fs.Usage().Bytes - c.mem.Used()
	}
	floor := max(limit/2, heap())
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(memWatchEvery)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
			}
			if heap() <= floor {
				continue
			}
			runtime.GC()
			if heap() <= floor || ctx.Err() != nil {
				continue
			}
			trip(ctx, stderr, &limitError{status: 1, msg: fmt.Sprintf(
				"bash: line stopped: the shell's memory outgrew the session's budget: %v\n", &command.MemoryLimitError{Limit: limit})})
			return
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}
