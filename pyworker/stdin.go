package pyworker

import (
	"context"
	"io"
	"syscall"
)

// ctxReader hands a guest's reads to a helper goroutine so a guest blocked
// on an idle stdin still notices ctx: wazero can close a module only while
// it runs wasm code, not while it sits in a host call. Each read passes the
// guest's own buffer through, so the guest reads in the sizes it asks for.
//
// A guest that takes Ctrl-C as SIGINT (sigint.go) gets EINTR from a
// blocked read when one arrives and goes on running, so its read stays
// outstanding: the helper then reads into a buffer of the reader's own,
// of the size the guest asked for, and what it brings is handed to the
// guest's next reads.
type ctxReader struct {
	ctx     context.Context
	r       io.Reader
	st      *runState // its sig, once set, makes reads interruptible
	req     chan []byte
	resp    chan readResult
	started bool
	pending bool // a read was abandoned on cancellation

	inflight bool   // an interrupted read is still outstanding
	buf      []byte // what the helper reads into when interruptible
	rest     []byte // read by the helper, not yet handed to the guest
	restErr  error  // the error that came with rest
}

type readResult struct {
	n   int
	err error
}

func newCtxReader(ctx context.Context, r io.Reader, st *runState) *ctxReader {
	return &ctxReader{ctx: ctx, r: r, st: st}
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if c.ctx.Done() == nil {
		return c.r.Read(p)
	}
	if c.st != nil && c.st.sig != nil {
		return c.readInterruptible(p, c.st.sig)
	}
	if c.pending || c.ctx.Err() != nil {
		return 0, syscall.EINTR
	}
	c.start()
	c.req <- p
	select {
	case res := <-c.resp:
		return res.n, res.err
	case <-c.ctx.Done():
		c.pending = true
		return 0, syscall.EINTR
	}
}

func (c *ctxReader) start() {
	if c.started {
		return
	}
	c.started = true
	c.req = make(chan []byte)
	c.resp = make(chan readResult, 1)
	go func(r io.Reader, req <-chan []byte, resp chan<- readResult) {
		for b := range req {
			n, err := r.Read(b)
			resp <- readResult{n, err}
		}
	}(c.r, c.req, c.resp)
}

func (c *ctxReader) readInterruptible(p []byte, sig *sigint) (int, error) {
	sig.reading()
	if len(c.rest) > 0 || c.restErr != nil {
		n := copy(p, c.rest)
		c.rest = c.rest[n:]
		if len(c.rest) > 0 {
			return n, nil
		}
		err := c.restErr
		c.restErr = nil
		return n, err
	}
	if c.pending || c.ctx.Err() != nil {
		return 0, syscall.EINTR
	}
	if !c.inflight {
		if cap(c.buf) < len(p) {
			c.buf = make([]byte, len(p))
		}
		c.start()
		c.req <- c.buf[:len(p)]
		c.inflight = true
	}
	select {
	case res := <-c.resp:
		c.inflight = false
		n := copy(p, c.buf[:res.n])
		c.rest = c.buf[n:res.n]
		if len(c.rest) > 0 {
			c.restErr = res.err
			return n, nil
		}
		return n, res.err
	case <-sig.wake:
		return 0, syscall.EINTR
	case <-c.ctx.Done():
		c.pending = true
		return 0, syscall.EINTR
	}
}

// Close lets the helper goroutine end once any abandoned read returns.
func (c *ctxReader) Close() {
	if c.started {
		close(c.req)
		c.started = false
	}
}
