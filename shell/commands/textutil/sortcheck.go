package textutil

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"memsh/shell/command"
)

// check implements -c/-C, streaming: only the previous line is kept,
// with its keys' bounds (each line's keys are found once, as GNU keeps
// them), and lines are compared where they were read (checkLines).
func (s *sorter) check(ctx context.Context, inv *command.Invocation, name string, quiet bool) int {
	r, err := inv.OpenInput(ctx, name)
	if err != nil {
		if isCancel(err) {
			return statusCancelled
		}
		inv.Errorf("cannot read: %s: %s", quoteName(inv, name), command.Strerror(err))
		return 2
	}
	defer r.Close()
	lines := checkLines{r: r, delim: s.delim, mem: inv.Mem.Budget()}
	var prev []byte
	var prevKeys, keys []int
	var sc keyScratch
	for n := 1; ; n++ {
		line, err := lines.next()
		if err != nil {
			if err == io.EOF {
				return 0
			}
			if isCancel(err) {
				return statusCancelled
			}
			inv.Errorf("read failed: %s: %s", quoteName(inv, name), command.Strerror(err))
			return 2
		}
		keys = s.allKeyBounds(line, keys[:0])
		if n > 1 {
			c := s.compareBounded(prev, prevKeys, line, keys, &sc)
			if c > 0 || (s.unique && c == 0) {
				if !quiet {
					// The line is shown with its own terminator (NUL for -z).
					fmt.Fprintf(inv.Stderr, "%s: %s:%d: disorder: %s%c", inv.Name(), name, n, line, s.delim)
				}
				return 1
			}
		}
		if n%4096 == 0 && ctx.Err() != nil {
			return statusCancelled
		}
		prev = line
		prevKeys, keys = keys, prevKeys
	}
}

// checkLines reads lines for -c into two buffers in turn, so the line
// before the one returned stays where it was read and is never copied:
// a refill carries the unfinished line into the other buffer and reads
// after it, leaving the buffer that holds the previous line alone.
type checkLines struct {
	r     io.Reader
	delim byte
	mem   *command.Budget
	bufs  [2][]byte
	cur   int
	data  []byte // bufs[cur]'s unread bytes
	fresh bool   // no line was returned from bufs[cur] yet
	eof   bool
}

// next returns the next line without its delimiter; the one it returned
// before stays valid. io.EOF at the end.
func (c *checkLines) next() ([]byte, error) {
	for {
		if i := bytes.IndexByte(c.data, c.delim); i >= 0 {
			line := c.data[:i]
			c.data = c.data[i+1:]
			c.fresh = false
			return line, nil
		}
		if c.eof {
			if len(c.data) == 0 {
				return nil, io.EOF
			}
			line := c.data
			c.data = nil
			return line, nil
		}
		if err := c.refill(); err != nil {
			return nil, err
		}
	}
}

// refill moves the unfinished line to the other buffer and reads more
// after it. When no line came from the current buffer, the previous
// line may be in the other one, so a new buffer is made instead.
func (c *checkLines) refill() error {
	other := 1 - c.cur
	need := len(c.data) + bufSize/2
	if c.bufs[other] == nil || c.fresh && c.bufs[c.cur] != nil || cap(c.bufs[other]) < need {
		if len(c.data) > maxHeld {
			return errHeldLimit{}
		}
		size := max(bufSize, 2*len(c.data))
		// this buffer, and the two it takes turns with
		if err := c.mem.Fits(int64(size + cap(c.bufs[c.cur]))); err != nil {
			return err
		}
		c.bufs[other] = make([]byte, size)
	}
	buf := c.bufs[other][:cap(c.bufs[other])]
	n := copy(buf, c.data)
	// Read until a line ends (or the buffer is full), so a long line
	// arriving in small reads is carried over once per doubling.
	for n < len(buf) {
		m, err := c.r.Read(buf[n:])
		n += m
		if err == io.EOF {
			c.eof = true
			break
		}
		if err != nil {
			return err
		}
		if bytes.IndexByte(buf[n-m:n], c.delim) >= 0 {
			break
		}
	}
	c.cur, c.data, c.fresh = other, buf[:n], true
	return nil
}
