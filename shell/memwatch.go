package shell

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"runtime/metrics"
	"sync"
	"time"

	"memsh/shell/command"
)

// memWatchEvery is how often a run samples the heap. A doubling
// variable (`x=$x$x`) copies gigabytes per step at memory speed, so each
// step past the budget is seen within a step or two.
const memWatchEvery = 20 * time.Millisecond

// watchMemory stops the running line when the Go heap, less memfs's
// files and what the budget has reserved, grows by more than three
// quarters of the session's memory budget during the run. It is the
// backstop for what no Reserve counts: shell variables and arrays
// (mvdan/sh stores them where no hook sees an assignment), the
// interpreter's own structures (a guest's memory is reserved by
// pyworker). Not the whole budget: it sees growth late, and a value that doubles in one statement
// (`x=$x$x`) builds its new copy before anything can look (measured:
// --max-memory 1G peaks at 3 GB RSS). Not half of it either: a buffer
// being copied to a larger one is live twice for a moment, its old copy
// uncounted. The heap is sampled every memWatchEvery; past the line a
// collection confirms what is live (the live count it leaves, not the
// heap after it, which a command reading fast has grown again), and the
// running line stops with a message naming the limit. Only growth
// during this run counts: memsh's own structures are not the session's,
// and a run that starts with a large variable a stopped line left
// behind can still `unset x`.
//
// The heap is the process's: with several sessions in one process each
// watches the sum, which can only stop a line early, never late.
func (c *core) watchMemory(ctx context.Context, stderr io.Writer) (stop func()) {
	limit := c.mem.Limit()
	if limit == 0 {
		return func() {}
	}
	// heap is the heap in use now, dead objects not yet swept included;
	// live is what the last collection found live. memfs's files and
	// what Reserve counted are on the heap too, each bounded already:
	// the backstop watches the rest.
	samples := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/live:bytes"}}
	read := func(i int) int64 {
		metrics.Read(samples)
		return int64(samples[i].Value.Uint64()) - c.fs.Usage().Bytes - c.mem.Used()
	}
	heap := func() int64 { return read(0) }
	live := func() int64 { return read(1) }
	floor := heap() + limit/4*3 // growth during this run, not memsh's own start
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
			if live() <= floor || ctx.Err() != nil {
				continue
			}
			if time.Since(c.mem.LastRefusal()) < 10*memWatchEvery {
				continue // a command has just said so, and is stopping
			}
			trip(ctx, stderr, &limitError{status: 1, msg: fmt.Sprintf(
				"bash: line stopped: the shell's memory outgrew the session's budget: %v\n", &command.MemoryLimitError{Limit: limit})})
			return
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			close(done)
			<-finished
		})
	}
}
