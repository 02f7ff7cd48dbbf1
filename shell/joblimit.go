package shell

import (
	"fmt"
	"sync/atomic"
)

// maxJobs bounds the background jobs a session runs at once: each is a
// copy of the shell on goroutines of its own, so `for i in $(seq 9000);
// do sleep 30 & done` would otherwise hold gigabytes. Past it `&` fails
// as bash's fork does when `ulimit -u` is reached, naming the limit, and
// the line stops; jobs that end free their slot.
const maxJobs = 1000

// jobMemory is what one background job is counted for against the
// memory budget: an idle `sleep 30 &` job measured about 160 KiB of heap
// (2,000 of them: 360 MB RSS), rounded up.
const jobMemory = 256 << 10

// jobSlots counts a session's running background jobs.
type jobSlots struct{ running atomic.Int64 }

// take reserves a slot and jobMemory of the budget for a job about to
// start; the returned func gives them back (once). A refusal is a
// limitError for the line.
func (c *core) takeJobSlot() (func(), *limitError) {
	if n := c.jobs.running.Add(1); n > maxJobs {
		c.jobs.running.Add(-1)
		return nil, &limitError{status: 254, msg: fmt.Sprintf(
			"bash: fork: Resource temporarily unavailable (memsh job limit: %d background jobs running)\n", maxJobs)}
	}
	if err := c.mem.Reserve(jobMemory); err != nil {
		c.jobs.running.Add(-1)
		return nil, &limitError{status: 254, msg: fmt.Sprintf(
			"bash: fork: Cannot allocate memory (%v)\n", err)}
	}
	var once atomic.Bool
	return func() {
		if once.CompareAndSwap(false, true) {
			c.jobs.running.Add(-1)
			c.mem.Release(jobMemory)
		}
	}, nil
}
