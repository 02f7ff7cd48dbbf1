// Package binutil holds memsh's binary-data and table commands: od,
// hexdump, xxd and friends. Each streams its input in large chunks and
// keeps bytes as bytes.
package binutil

import (
	"bufio"
	"context"
	"io"
	"io/fs"
	"syscall"

	"memsh/shell/command"
)

// bufSize is the read and write chunk every command uses.
const bufSize = 64 << 10

// statusCancelled is what a command returns when its context ends.
const statusCancelled = 130

// ctxReader fails a Read once the context is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := c.r.Read(p)
	if err != nil && err != io.EOF && c.ctx.Err() != nil {
		return n, c.ctx.Err()
	}
	return n, err
}

// nopCloser keeps stdin open when a command is done with it.
type nopCloser struct{ io.Reader }

func (nopCloser) Close() error { return nil }

// dirReader stands for an opened directory: reading it fails with EISDIR.
type dirReader struct{ name string }

func (d dirReader) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: d.name, Err: syscall.EISDIR}
}

// openInput opens an operand for reading: "-" is stdin, anything else a
// memfs path. A directory opens, and fails on the first read with EISDIR.
func openInput(ctx context.Context, inv *command.Invocation, name string) (io.ReadCloser, error) {
	if name == "-" {
		return nopCloser{ctxReader{ctx, inv.Stdin}}, nil
	}
	f, err := inv.FS.Open(inv.Abs(name))
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nopCloser{dirReader{name}}, nil
	}
	return struct {
		io.Reader
		io.Closer
	}{ctxReader{ctx, f}, f}, nil
}

// newWriter buffers w in one large chunk.
func newWriter(w io.Writer) *bufio.Writer { return bufio.NewWriterSize(w, bufSize) }

// multiReader reads operands one after another as one stream, as od and
// hexdump do, reporting each operand that cannot be opened or read and
// going on with the next.
type multiReader struct {
	ctx    context.Context
	inv    *command.Invocation
	names  []string
	cur    io.ReadCloser
	failed int // operands that failed
	opened int // operands that opened
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
			r, err := openInput(m.ctx, m.inv, name)
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
