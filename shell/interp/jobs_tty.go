package interp

import (
	"context"
	"io"
	"sync"
)

// jobTTY is the terminal as a background job of an interactive shell
// sees it on its stdin. bash stops a job that reads the terminal from
// the background (SIGTTIN) until fg resumes it; memsh cannot stop a
// goroutine, so the read itself waits: the job counts as stopped while
// it does (jobs says "Stopped", the next prompt's notice says so once,
// wait returns 149), and fg hands it the foreground line's stdin, where
// the read goes on. What the job does besides reading goes on too.
type jobTTY struct {
	mu sync.Mutex
	// in is the foreground line's stdin while fg runs the job; nil while
	// the job is in the background.
	in io.Reader
	// wake is closed (and replaced) when in changes or bg resumes the
	// job: a waiting read looks again.
	wake chan struct{}
	// stopped says a read waits in the background; stops is closed (and
	// replaced) each time one starts to.
	stopped bool
	stops   chan struct{}
	// reported says the next prompt's notice told of this stop.
	reported bool
	// end is the job's context: a cancelled job's read ends (EOF).
	end context.Context
	// onStop is called (without mu) when the job stops.
	onStop func()
}

func newJobTTY(end context.Context, onStop func()) *jobTTY {
	return &jobTTY{wake: make(chan struct{}), stops: make(chan struct{}), end: end, onStop: onStop}
}

// Read reads the foreground line's stdin when the job is in the
// foreground; in the background it waits until fg brings it there.
func (t *jobTTY) Read(p []byte) (int, error) {
	for {
		t.mu.Lock()
		if in := t.in; in != nil {
			t.mu.Unlock()
			return in.Read(p)
		}
		stop := !t.stopped
		if stop {
			t.stopped, t.reported = true, false
			close(t.stops)
			t.stops = make(chan struct{})
		}
		wake := t.wake
		t.mu.Unlock()
		if stop && t.onStop != nil {
			t.onStop()
		}
		select {
		case <-wake:
		case <-t.end.Done():
			return 0, io.EOF
		}
	}
}

// IsTerminal says the job's stdin is the terminal (read -p prompts).
func (t *jobTTY) IsTerminal() bool { return true }

// attach makes in the job's stdin (fg) until release.
func (t *jobTTY) attach(in io.Reader) (release func()) {
	t.mu.Lock()
	t.in, t.stopped = in, false
	t.wakeLocked()
	t.mu.Unlock()
	return func() {
		t.mu.Lock()
		t.in = nil
		t.wakeLocked()
		t.mu.Unlock()
	}
}

// resume is bg: a job stopped on a read runs again (and stops again at
// once, as in bash, when it is still reading the terminal).
func (t *jobTTY) resume() {
	t.mu.Lock()
	t.stopped = false
	t.wakeLocked()
	t.mu.Unlock()
}

func (t *jobTTY) wakeLocked() {
	close(t.wake)
	t.wake = make(chan struct{})
}

// isStopped says whether the job waits to read the terminal, and a
// channel closed when it next starts to.
func (t *jobTTY) isStopped() (bool, <-chan struct{}) {
	if t == nil {
		return false, nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.stopped, t.stops
}

// report says whether the stop is yet to be told of, and marks it told.
func (t *jobTTY) report() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.stopped || t.reported {
		return false
	}
	t.reported = true
	return true
}
