package command

import (
	"bufio"
	"bytes"
)

// SplitLines splits data into lines that keep their "\n"; a last line
// without one is kept as it is, and no empty line follows a final "\n".
func SplitLines(data []byte) []string {
	var lines []string
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			lines = append(lines, string(data))
			break
		}
		lines = append(lines, string(data[:i+1]))
		data = data[i+1:]
	}
	return lines
}

// ReadLine reads one record through delim (a fresh slice), as
// bufio.Reader.ReadBytes does, but stops with HeldLimitError once the
// record outgrows MaxHeld, so a command reading lines of /dev/zero fails
// with a message naming the limit instead of growing for ever.
func ReadLine(r *bufio.Reader, delim byte) ([]byte, error) {
	return readLine(r, delim, nil)
}

// ReadLineString is ReadLine returning a string, for bufio.Reader.ReadString's callers.
func ReadLineString(r *bufio.Reader, delim byte) (string, error) {
	line, err := ReadLine(r, delim)
	return string(line), err
}

// ReadLine is command.ReadLine that also stops, with a
// *MemoryLimitError, when a growing record no longer fits in the
// session's memory budget (the record is not held past the call).
func (inv *Invocation) ReadLine(r *bufio.Reader, delim byte) ([]byte, error) {
	return readLine(r, delim, inv.Mem.Budget())
}

// ReadLineString is inv.ReadLine returning a string.
func (inv *Invocation) ReadLineString(r *bufio.Reader, delim byte) (string, error) {
	line, err := inv.ReadLine(r, delim)
	return string(line), err
}

// readLine gathers a record; while it grows, its buffer is reserved
// from b (given back on return: the caller holds one record at a time).
func readLine(r *bufio.Reader, delim byte, b *Budget) ([]byte, error) {
	line, err := r.ReadSlice(delim)
	full := append([]byte(nil), line...)
	var reserved int64
	defer func() { b.Release(reserved) }()
	for err == bufio.ErrBufferFull {
		if len(full) > MaxHeld {
			return nil, HeldLimitError{}
		}
		line, err = r.ReadSlice(delim)
		if len(full)+len(line) > cap(full) {
			grow := max(cap(full), len(line))
			if rerr := b.Reserve(int64(grow)); rerr != nil {
				return nil, rerr
			}
			reserved += int64(grow)
			nb := make([]byte, len(full), cap(full)+grow)
			copy(nb, full)
			full = nb
		}
		full = append(full, line...)
	}
	return full, err
}
