package interp

import (
	"io"
	"sync"
	"time"
)

// timedPipe gives the read end of a pipeline's pipe (io.Pipe, which has
// no deadlines) the read deadline read -t needs. A read that times out
// stays in flight; the next Read takes its data first, so nothing the
// writer sent is lost. Without a deadline a Read is the pipe's own.
// One reader at a time, as a descriptor's bufio.Reader reads.
type timedPipe struct {
	r        io.Reader
	mu       sync.Mutex
	deadline time.Time
	pending  chan pipeRead // the read in flight, if any
	left     []byte        // what it read beyond the caller's buffer
	leftErr  error
}

type pipeRead struct {
	b   []byte
	err error
}

// errPipeTimeout is a read whose deadline passed.
type errPipeTimeout struct{}

func (errPipeTimeout) Error() string { return "i/o timeout" }
func (errPipeTimeout) Timeout() bool { return true }

// SetReadDeadline bounds the Reads that follow (zero: none).
func (t *timedPipe) SetReadDeadline(d time.Time) error {
	t.mu.Lock()
	t.deadline = d
	t.mu.Unlock()
	return nil
}

func (t *timedPipe) Read(p []byte) (int, error) {
	if len(t.left) > 0 || t.leftErr != nil {
		n := copy(p, t.left)
		t.left = t.left[n:]
		if len(t.left) == 0 {
			err := t.leftErr
			t.leftErr = nil
			return n, err
		}
		return n, nil
	}
	t.mu.Lock()
	deadline := t.deadline
	t.mu.Unlock()
	if t.pending == nil {
		if deadline.IsZero() {
			return t.r.Read(p)
		}
		if !time.Now().Before(deadline) {
			return 0, errPipeTimeout{}
		}
		ch := make(chan pipeRead, 1)
		t.pending = ch
		buf := make([]byte, len(p))
		go func() {
			n, err := t.r.Read(buf)
			ch <- pipeRead{buf[:n], err}
		}()
	}
	var timeout <-chan time.Time
	if !deadline.IsZero() {
		timer := time.NewTimer(time.Until(deadline))
		defer timer.Stop()
		timeout = timer.C
	}
	select {
	case res := <-t.pending:
		t.pending = nil
		n := copy(p, res.b)
		if n < len(res.b) {
			t.left, t.leftErr = res.b[n:], res.err
			return n, nil
		}
		return n, res.err
	case <-timeout:
		return 0, errPipeTimeout{}
	}
}
