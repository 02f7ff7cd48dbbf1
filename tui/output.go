package tui

import (
	"bytes"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"
)

// Limits on what the TUI keeps of command output. Past them the oldest
// output goes and the block says how many lines were dropped.
const (
	maxPending    = 256 << 10 // bytes buffered between two deliveries to the model
	maxBlockLines = 10000     // lines kept per command block
	maxLineWidth  = 4096      // columns kept of one line; the rest is cut
	maxBlocks     = 500       // command blocks kept in the scrollback
	// maxScrollLines bounds the lines kept over all blocks (memory: a
	// few hundred bytes a line).
	maxScrollLines = 100000
)

const (
	streamOut = 1
	streamErr = 2
	streamIn  = 3 // what the user typed into the command, echoed
)

type chunk struct {
	stream int
	b      []byte
}

// outBuf collects a running command's stdout and stderr between two ticks.
// Writers are the command's goroutines; the model drains it at most ~30
// times a second. When output arrives faster than it is drained, only the
// newest maxPending bytes are kept and the older lines are counted as
// dropped, so a command printing gigabytes costs the UI nothing.
type outBuf struct {
	mu      sync.Mutex
	chunks  []chunk
	size    int
	dropped int64 // whole lines dropped since the last drain
	resync  bool  // the kept bytes start mid-line
}

// streamWriter is one stream of an outBuf as an io.Writer.
type streamWriter struct {
	b      *outBuf
	stream int
}

func (w streamWriter) Write(p []byte) (int, error) {
	w.b.write(w.stream, p)
	return len(p), nil
}

func (o *outBuf) write(stream int, p []byte) {
	if len(p) == 0 {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(p) > maxPending {
		o.dropped += int64(bytes.Count(p[:len(p)-maxPending], []byte{'\n'}))
		p = p[len(p)-maxPending:]
		o.dropAll()
		o.resync = true
	}
	if n := len(o.chunks); n > 0 && o.chunks[n-1].stream == stream {
		o.chunks[n-1].b = append(o.chunks[n-1].b, p...)
	} else {
		o.chunks = append(o.chunks, chunk{stream, append([]byte(nil), p...)})
	}
	o.size += len(p)
	for o.size > maxPending {
		c := &o.chunks[0]
		cut := min(o.size-maxPending, len(c.b))
		o.dropped += int64(bytes.Count(c.b[:cut], []byte{'\n'}))
		c.b = c.b[cut:]
		o.size -= cut
		o.resync = true
		if len(c.b) == 0 {
			o.chunks = o.chunks[1:]
		}
	}
}

func (o *outBuf) dropAll() {
	for _, c := range o.chunks {
		o.dropped += int64(bytes.Count(c.b, []byte{'\n'}))
	}
	o.chunks, o.size = nil, 0
}

// drain hands over what was written since the last drain.
func (o *outBuf) drain() (chunks []chunk, dropped int64, resync bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	chunks, dropped, resync = o.chunks, o.dropped, o.resync
	o.chunks, o.size, o.dropped, o.resync = nil, 0, 0, false
	return
}

// sanitizer turns a command's raw output into display lines. It keeps SGR
// colour sequences and drops every other control: cursor moves, screen
// clears, OSC titles and clipboard writes, DCS, bells. A carriage return
// starts the line again (progress bars); tabs expand to 8 columns;
// invalid UTF-8 shows as U+FFFD. State carries across writes, so a
// sequence split between two writes is still recognised.
type sanitizer struct {
	state   int
	seq     []byte // the escape sequence being collected
	utf     []byte // an incomplete UTF-8 sequence at the end of a write
	line    []byte // the current line, reused across lines
	width   int    // columns in line
	hasSGR  bool   // line contains colour, so it needs a reset at its end
	cr      bool   // a lone \r was seen: the next text overwrites the line
	cut     bool   // line reached maxLineWidth
	skipEOL bool   // discard up to the next newline (after dropped output)
	// onClear, when set, is called for "erase screen" (CSI 2J or 3J, what
	// `clear` prints): the lines emitted so far are to be forgotten.
	onClear func()
	strLen  int // bytes of the OSC/DCS string being skipped
}

// maxCSI bounds a kept colour sequence; longer ones are dropped.
const maxCSI = 64

// maxString bounds an OSC/DCS/APC string: past it the sequence is
// abandoned and output shows again.
const maxString = 64 << 10

const (
	stNormal = iota
	stEsc
	stCSI
	stString // OSC, DCS, SOS, PM, APC: until BEL or ST
	stStringEsc
	stCharset // ESC ( X and friends: one more byte
)

// feed processes b and calls emit for every completed line.
func (s *sanitizer) feed(b []byte, style *paint, emit func(string)) {
	if len(s.utf) > 0 {
		b = append(s.utf, b...)
		s.utf = nil
	}
	for i := 0; i < len(b); {
		c := b[i]
		switch s.state {
		case stEsc:
			i++
			switch c {
			case '[':
				s.state = stCSI
				s.seq = append(s.seq[:0], 0x1b, '[')
			case ']', 'P', 'X', '^', '_':
				s.state, s.strLen = stString, 0
			case '(', ')', '*', '+', '#', '%':
				s.state = stCharset
			default:
				s.state = stNormal
			}
			continue
		case stCSI:
			if c < 0x20 {
				// A control inside a sequence: the sequence is abandoned,
				// the control handled as usual (a newline stays a newline).
				s.state = stNormal
				continue
			}
			i++
			if len(s.seq) <= maxCSI {
				s.seq = append(s.seq, c)
			}
			if c >= 0x40 && c <= 0x7e {
				s.state = stNormal
				if len(s.seq) > maxCSI {
					continue // absurdly long: dropped, never half-kept
				}
				params := s.seq[2 : len(s.seq)-1]
				switch {
				case c == 'm' && sgrOnly(params):
					s.line = append(s.line, s.seq...)
					s.hasSGR = true
				case c == 'J' && (string(params) == "2" || string(params) == "3") && s.onClear != nil:
					s.line = s.line[:0]
					s.width, s.hasSGR, s.cut = 0, false, false
					s.onClear()
				}
			}
			continue
		case stString:
			i++
			s.strLen++
			if c == 0x07 || s.strLen > maxString {
				// Terminated, or unterminated for too long: an OSC or DCS
				// never swallows the rest of the output.
				s.state = stNormal
			} else if c == 0x1b {
				s.state = stStringEsc
			}
			continue
		case stStringEsc:
			i++
			if c == '\\' {
				s.state = stNormal
			} else {
				s.state = stString
			}
			continue
		case stCharset:
			i++
			s.state = stNormal
			continue
		}
		if s.skipEOL {
			j := bytes.IndexByte(b[i:], '\n')
			if j < 0 {
				return
			}
			i += j + 1
			s.skipEOL = false
			continue
		}
		switch {
		case c == '\n':
			i++
			emit(s.finish(style))
		case c == '\r':
			i++
			s.cr = true
		case c == '\t':
			i++
			s.text(strings.Repeat(" ", 8-s.width%8), 8-s.width%8)
		case c == 0x1b:
			i++
			s.state = stEsc
		case c < 0x20 || c == 0x7f:
			i++ // other controls: bells, backspaces, NULs
		case c < utf8.RuneSelf:
			// A run of printable ASCII in one go.
			j := i + 1
			for j < len(b) && b[j] >= 0x20 && b[j] < 0x7f {
				j++
			}
			s.ascii(b[i:j])
			i = j
		default:
			if !utf8.FullRune(b[i:]) {
				s.utf = append(s.utf[:0], b[i:]...)
				return
			}
			r, n := utf8.DecodeRune(b[i:])
			i += n
			s.text(string(r), runewidth.RuneWidth(r))
		}
	}
}

// ascii adds a run of printable ASCII: one byte per column.
func (s *sanitizer) ascii(t []byte) {
	if s.cr || s.cut || s.width+len(t) > maxLineWidth {
		s.text(string(t), len(t))
		return
	}
	s.line = append(s.line, t...)
	s.width += len(t)
}

func (s *sanitizer) text(t string, w int) {
	if s.cr {
		s.cr = false
		s.line = s.line[:0]
		s.width, s.hasSGR, s.cut = 0, false, false
	}
	if s.cut {
		return
	}
	if s.width+w > maxLineWidth {
		if room := maxLineWidth - s.width; room > 0 && len(t) == w {
			s.line = append(s.line, t[:room]...) // an ASCII run: one byte per column
		}
		s.line = append(s.line, "…"...)
		s.cut = true
		return
	}
	s.line = append(s.line, t...)
	s.width += w
}

// finish ends the current line and returns it styled.
func (s *sanitizer) finish(style *paint) string {
	if s.hasSGR {
		s.line = append(s.line, "\x1b[m"...)
	}
	l := string(s.line)
	s.line = s.line[:0]
	s.width, s.hasSGR, s.cr, s.cut = 0, false, false, false
	return styleLine(l, style)
}

// partial returns the unfinished last line, styled, or "" if there is none.
func (s *sanitizer) partial(style *paint) (string, bool) {
	if len(s.line) == 0 {
		return "", false
	}
	l := string(s.line)
	if s.hasSGR {
		l += "\x1b[m"
	}
	return styleLine(l, style), true
}

func styleLine(l string, style *paint) string {
	if style == nil || l == "" {
		return l
	}
	return style.wrap(l)
}

// sgrOnly reports whether CSI parameters are those of a plain SGR.
func sgrOnly(p []byte) bool {
	for _, c := range p {
		if (c < '0' || c > '9') && c != ';' && c != ':' {
			return false
		}
	}
	return true
}
