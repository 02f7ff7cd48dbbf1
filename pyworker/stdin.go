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
type ctxReader struct {
	ctx     context.Context
	r       io.Reader
	req     chan []byte
	resp    chan readResult
	started bool
	pending bool // a read was abandoned on cancellation
}

type readResult struct {
	n   int
	err error
}

func newCtxReader(ctx context.Context, r io.Reader) *ctxReader {
	return &ctxReader{ctx: ctx, r: r}
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if c.ctx.Done() == nil {
		return c.r.Read(p)
	}
	if c.pending || c.ctx.Err() != nil {
		return 0, syscall.EINTR
	}
	if !c.started {
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
	c.req <- p
	select {
	case res := <-c.resp:
		return res.n, res.err
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
