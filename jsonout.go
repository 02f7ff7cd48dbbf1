package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"sync"
	"unicode/utf8"

	"memsh/shell/command"
)

// jsonStream collects one stream of a --json run. What it holds is
// bounded: past command.MaxHeld bytes, or when the session's memory
// budget has no room, the write fails with an error naming the limit
// (the writing command reports it and fails), instead of memsh growing
// until the machine runs out of memory. It keeps fixed-size chunks, so
// holding n bytes never copies them or needs 2n.
type jsonStream struct {
	name string // "standard output", for messages
	mem  *command.Budget

	mu     sync.Mutex
	chunks [][]byte
	size   int
	held   int64 // reserved from mem
	err    error // the limit that stopped the stream, once hit
}

const jsonChunk = 1 << 20

func (s *jsonStream) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return 0, s.err
	}
	if s.size+len(p) > command.MaxHeld {
		s.err = fmt.Errorf("%s of --json exceeds the in-memory limit of %d MiB", s.name, command.MaxHeld>>20)
		return 0, s.err
	}
	n := len(p)
	for len(p) > 0 {
		last := len(s.chunks) - 1
		if last < 0 || len(s.chunks[last]) == cap(s.chunks[last]) {
			size := min(max(len(p), 512), jsonChunk)
			if err := s.mem.Reserve(int64(size)); err != nil {
				s.err = fmt.Errorf("%s of --json: %w", s.name, err)
				return n - len(p), s.err
			}
			s.held += int64(size)
			s.chunks = append(s.chunks, make([]byte, 0, size))
			last++
		}
		c := s.chunks[last]
		k := min(len(p), cap(c)-len(c))
		s.chunks[last] = append(c, p[:k]...)
		s.size += k
		p = p[k:]
	}
	return n, nil
}

// appendString adds a line memsh itself says, past any limit.
func (s *jsonStream) appendString(line string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.chunks = append(s.chunks, []byte(line))
}

// stopErr is the limit that stopped the stream, if any.
func (s *jsonStream) stopErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// release gives the stream's bytes back to the budget.
func (s *jsonStream) release() {
	s.mem.Release(s.held)
	s.held = 0
}

// writeJSON prints {"stdout":...,"stderr":...,"exitCode":N} and a newline,
// as encoding/json with SetEscapeHTML(false) would, but escaping the two
// strings as it goes: encoding/json builds the whole encoding in memory,
// up to six times the output's size for control bytes.
// A run abandoned by its watchdog may still be writing: the streams
// stay locked while they are read.
func writeJSON(w io.Writer, stdout, stderr *jsonStream, status int) error {
	// A background job may still be writing: what it writes now waits.
	stdout.mu.Lock()
	defer stdout.mu.Unlock()
	stderr.mu.Lock()
	defer stderr.mu.Unlock()
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.WriteString(`{"stdout":`)
	writeJSONString(bw, stdout.chunks)
	bw.WriteString(`,"stderr":`)
	writeJSONString(bw, stderr.chunks)
	bw.WriteString(`,"exitCode":`)
	bw.WriteString(strconv.Itoa(status))
	bw.WriteString("}\n")
	return bw.Flush()
}

// jsonEscapes are the escapes of the ASCII bytes encoding/json escapes.
var jsonEscapes = func() (t [utf8.RuneSelf]string) {
	const hex = "0123456789abcdef"
	for c := range 0x20 {
		t[c] = `\u00` + string(hex[c>>4]) + string(hex[c&0xf])
	}
	t['\b'], t['\f'], t['\n'], t['\r'], t['\t'] = `\b`, `\f`, `\n`, `\r`, `\t`
	t['"'], t['\\'] = `\"`, `\\`
	return t
}()

// writeJSONString writes the concatenated chunks as a JSON string:
// invalid UTF-8 becomes U+FFFD, and control characters, '"', '\\',
// U+2028 and U+2029 are escaped, as encoding/json does. A character
// split between two chunks is put back together first.
func writeJSONString(w *bufio.Writer, chunks [][]byte) {
	w.WriteByte('"')
	var carry []byte
	for i, b := range chunks {
		if len(carry) > 0 {
			b = append(carry, b...)
			carry = nil
		}
		if i < len(chunks)-1 {
			// hold back an incomplete character at the end
			for k := 1; k <= utf8.UTFMax-1 && k <= len(b); k++ {
				if utf8.RuneStart(b[len(b)-k]) {
					if !utf8.FullRune(b[len(b)-k:]) {
						carry = append([]byte(nil), b[len(b)-k:]...)
						b = b[:len(b)-k]
					}
					break
				}
			}
		}
		escapeJSON(w, b)
	}
	escapeJSON(w, carry)
	w.WriteByte('"')
}

func escapeJSON(w *bufio.Writer, b []byte) {
	start := 0
	for i := 0; i < len(b); {
		c := b[i]
		if c < utf8.RuneSelf {
			if jsonEscapes[c] == "" {
				i++
				continue
			}
			w.Write(b[start:i])
			w.WriteString(jsonEscapes[c])
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			w.Write(b[start:i])
			switch r {
			case utf8.RuneError:
				w.WriteString(`\ufffd`)
			case '\u2028':
				w.WriteString(`\u2028`)
			default:
				w.WriteString(`\u2029`)
			}
			i += size
			start = i
			continue
		}
		i += size
	}
	w.Write(b[start:])
}
