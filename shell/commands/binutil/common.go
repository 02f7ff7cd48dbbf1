// Package binutil holds memsh's binary-data and table commands: od,
// hexdump, xxd and friends. Each streams its input in large chunks and
// keeps bytes as bytes.
package binutil

import (
	"bufio"
	"context"
	"io"

	"memsh/shell/command"
)

// bufSize is the read and write chunk every command uses.
const bufSize = 64 << 10

// statusCancelled is what a command returns when its context ends.
const statusCancelled = 130

// newWriter buffers w in one large chunk.
func newWriter(w io.Writer) *bufio.Writer { return bufio.NewWriterSize(w, bufSize) }

// multiReader reads operands one after another as one stream, as od and
// hexdump do, reporting each operand that cannot be opened or read and
// going on with the next.
type multiReader struct {
	ctx     context.Context
	inv     *command.Invocation
	names   []string
	cur     io.ReadCloser
	failed  int // operands that failed
	opened  int // operands that opened
	readErr int // of the failed, those that opened but failed to read
	// report prints the error for an operand.
	report func(name string, err error)
}

func (m *multiReader) Read(p []byte) (int, error) {
	for {
		if m.cur == nil {
			if len(m.names) == 0 {
				return 0, io.EOF
			}
			name := m.names[0]
			m.names = m.names[1:]
			r, err := m.inv.OpenInput(m.ctx, name)
			if err != nil {
				m.failed++
				m.report(name, err)
				if m.ctx.Err() != nil {
					return 0, m.ctx.Err()
				}
				continue
			}
			m.opened++
			m.cur = &namedReader{r, name}
		}
		n, err := m.cur.Read(p)
		if err == io.EOF || (err != nil && m.ctx.Err() == nil) {
			if err != io.EOF {
				m.failed++
				m.readErr++
				m.report(m.cur.(*namedReader).name, err)
			}
			m.cur.Close()
			m.cur = nil
			if n > 0 {
				return n, nil
			}
			continue
		}
		return n, err
	}
}

type namedReader struct {
	io.ReadCloser
	name string
}

// readFull fills p from r as far as it can: short only at the end.
func readFull(r io.Reader, p []byte) (int, error) {
	n, err := io.ReadFull(r, p)
	if err == io.ErrUnexpectedEOF {
		err = io.EOF
	}
	return n, err
}

// skipBytes discards n bytes of r; it returns how many it skipped.
func skipBytes(r io.Reader, n int64) (int64, error) {
	m, err := io.CopyN(io.Discard, r, n)
	if err == io.EOF {
		err = nil
	}
	return m, err
}
