package interp

import (
	"context"
	"io"
	"sync"
	"time"
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
	// the job is in the background. gen counts attaches and releases;
	// reading counts the reads of in in progress.
	in      io.Reader
	fg      context.Context // fg's: when it ends (Ctrl-C), fg ends the job
	gen     int
	reading int
	idle    *sync.Cond // signalled when reading drops to 0
	// wake is closed (and replaced) when in changes or bg resumes the
	// job: a waiting read looks again.
	wake chan struct{}
	// stopped says a read waits in the background; stops is closed (and
	// replaced) each time one starts to.
	stopped bool
	stops   chan struct{}
	// reported says the next prompt's notice told of this stop.
	reported bool
	// hung says the terminal went away (the shell exited): reads get EOF.
	hung bool
	// end is the job's context: a cancelled job's read ends (EOF).
	end context.Context
	// onStop is called (without mu) when the job stops.
	onStop func()
}

func newJobTTY(end context.Context, onStop func()) *jobTTY {
	t := &jobTTY{wake: make(chan struct{}), stops: make(chan struct{}), end: end, onStop: onStop}
	t.idle = sync.NewCond(&t.mu)
	return t
}

// Read reads the foreground line's stdin when the job is in the
// foreground; in the background it waits until fg brings it there.
func (t *jobTTY) Read(p []byte) (int, error) {
	t.mu.Lock()
	for {
		if t.hung {
			t.mu.Unlock()
			return 0, io.EOF
		}
		if in := t.in; in != nil {
			gen, fg := t.gen, t.fg
			t.reading++
			t.mu.Unlock()
			n, err := in.Read(p)
			t.mu.Lock()
			t.reading--
			if n == 0 && err != nil && t.gen == gen && fg.Err() != nil {
				// Ctrl-C cut the read short: fg is ending the job, which
				// sees its own cancellation rather than a read error.
				t.idleLocked()
				t.mu.Unlock()
				<-t.end.Done()
				return 0, io.EOF
			}
			// A read that release cut short goes on in the background.
			if n > 0 || err == nil || t.gen == gen {
				t.idleLocked()
				t.mu.Unlock()
				return n, err
			}
			if t.in != nil {
				t.idleLocked()
				continue
			}
		}
		stop := !t.stopped
		if stop {
			t.stopped, t.reported = true, false
			close(t.stops)
			t.stops = make(chan struct{})
		}
		// release returns once the job counts as stopped again.
		t.idleLocked()
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
		t.mu.Lock()
	}
}

func (t *jobTTY) idleLocked() {
	if t.reading == 0 {
		t.idle.Broadcast()
	}
}

// IsTerminal says the job's stdin is the terminal (read -p prompts).
func (t *jobTTY) IsTerminal() bool { return true }

// attach makes in the job's stdin (fg, whose context is ctx) until
// release. A read of in still in progress at release (the job sent
// back by Ctrl-Z) is cut short, when in can be, and waits again in the
// background: the line's stdin is the next command's.
func (t *jobTTY) attach(ctx context.Context, in io.Reader) (release func()) {
	t.mu.Lock()
	t.in, t.fg, t.stopped = in, ctx, false
	t.gen++
	t.wakeLocked()
	t.mu.Unlock()
	return func() {
		t.mu.Lock()
		defer t.mu.Unlock()
		t.in, t.fg = nil, nil
		t.gen++
		t.wakeLocked()
		d, ok := in.(interface{ SetReadDeadline(time.Time) error })
		if !ok || t.reading == 0 || d.SetReadDeadline(time.Now()) != nil {
			return
		}
		for t.reading > 0 {
			t.idle.Wait()
		}
		d.SetReadDeadline(time.Time{})
	}
}

// hangUp ends the terminal: every read, waiting or to come, gets EOF.
func (t *jobTTY) hangUp() {
	t.mu.Lock()
	t.hung = true
	t.wakeLocked()
	t.mu.Unlock()
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

// fgSlot is the job fg runs in the foreground, if any: the interactive
// shell's Ctrl-Z (SuspendForeground) sends it back to the background.
type fgSlot struct {
	mu      sync.Mutex
	suspend chan struct{} // closed by SuspendForeground; nil while fg runs no job
}

// begin notes that fg runs a job; end that it no longer does.
func (s *fgSlot) begin() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.suspend = make(chan struct{})
	return s.suspend
}

func (s *fgSlot) end() {
	s.mu.Lock()
	s.suspend = nil
	s.mu.Unlock()
}

// SuspendForeground is the terminal's Ctrl-Z: when fg runs a job, the
// job goes back to the background (fg prints bash's "Stopped" line and
// returns 148) and it reports true; otherwise false (memsh cannot stop
// any other command). Safe to call from another goroutine while a Run
// runs.
func (r *Runner) SuspendForeground() bool {
	s := r.fgJob
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.suspend == nil {
		return false
	}
	close(s.suspend)
	s.suspend = nil
	return true
}
