package jq

import (
	"errors"
	"fmt"
	"io"
	"strconv"
)

// parseError is a malformed input text, worded and located as jq 1.6
// reports it ("Invalid numeric literal at line 2, column 0"). jq prints
// it as "parse error: ..." and exits with status 4.
type parseError struct{ msg string }

func (e *parseError) Error() string { return e.msg }

// maxErrorScan bounds how far past the decoder's buffer the locator reads
// to find where a bad token ends.
const maxErrorScan = 1 << 20

// tracker sits between the input and encoding/json's decoder and keeps
// the bytes the decoder has read but not yet turned into values, with
// the line and column where they start, so a syntax error can be located
// the way jq counts (lines from 1, columns from 0, after the byte that
// revealed the error).
type tracker struct {
	r         io.Reader
	pending   []byte
	committed int64 // stream offset of pending[0]
	line, col int
	eof       bool
}

func (t *tracker) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	t.pending = append(t.pending, p[:n]...)
	if err == io.EOF {
		t.eof = true
	}
	return n, err
}

// commit forgets the bytes before stream offset off (a value ended there).
func (t *tracker) commit(off int64) {
	n := int(off - t.committed)
	if n <= 0 || n > len(t.pending) {
		return
	}
	for _, c := range t.pending[:n] {
		t.advance(c)
	}
	t.pending = append(t.pending[:0], t.pending[n:]...)
	t.committed = off
}

// gluedLiteral reports whether the value that ends at stream offset off
// is a literal run straight into more literal bytes ("truex", "12abc"):
// encoding/json returns the value and fails on the next one, jq rejects
// the whole token. If so it commits only up to the start of that token.
func (t *tracker) gluedLiteral(off int64) bool {
	n := int(off - t.committed)
	if n <= 0 || n >= len(t.pending) || !isLiteralByte(t.pending[n-1]) || !isLiteralByte(t.pending[n]) {
		return false
	}
	i := n
	for i > 0 && isLiteralByte(t.pending[i-1]) {
		i--
	}
	t.commit(t.committed + int64(i))
	return true
}

func isLiteralByte(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', '[', '{', ':', ',', ']', '}', '"':
		return false
	}
	return true
}

func (t *tracker) advance(c byte) {
	if c == '\n' {
		t.line++
		t.col = 0
	} else {
		t.col++
	}
}

// locate scans the uncommitted text as jq 1.6's parser does and returns
// its message for the first error; fallback words an error jq would not
// have found in these bytes.
func (t *tracker) locate(fallback error) error {
	if !t.eof {
		rest, err := io.ReadAll(io.LimitReader(t.r, maxErrorScan))
		t.pending = append(t.pending, rest...)
		if err == nil && len(rest) < maxErrorScan {
			t.eof = true
		}
	}
	s := jqScanner{line: t.line + 1, col: t.col}
	for _, c := range t.pending {
		if msg := s.scan(c); msg != "" {
			return &parseError{fmt.Sprintf("%s at line %d, column %d", msg, s.line, s.col)}
		}
	}
	if t.eof {
		if msg := s.finish(); msg != "" {
			return &parseError{fmt.Sprintf("%s at EOF at line %d, column %d", msg, s.line, s.col)}
		}
	}
	return &parseError{fmt.Sprintf("%v at line %d, column %d", fallback, s.line, s.col)}
}

// jqScanner is the token machine of jq 1.6's jv_parse.c, reduced to what
// decides which error is reported and where: container nesting, whether a
// value is waiting for a separator, strings, and literal tokens.
type jqScanner struct {
	line, col int
	stack     []byte // '[' or '{'
	hasValue  bool   // a complete value waits for ',' ':' or a closer
	afterSep  bool   // the last token was ',' (or '[' / '{' opening)
	hasKey    bool   // inside an object, a key and ':' were read
	isString  bool   // the waiting value is a string (a possible key)
	inString  bool
	escaped   bool
	literal   []byte
}

func (s *jqScanner) scan(c byte) string {
	if c == '\n' {
		s.line++
		s.col = 0
	} else {
		s.col++
	}
	if s.inString {
		switch {
		case s.escaped:
			s.escaped = false
		case c == '\\':
			s.escaped = true
		case c == '"':
			s.inString = false
			msg := s.value()
			s.isString = true
			return msg
		}
		return ""
	}
	switch c {
	case ' ', '\t', '\r', '\n', '[', '{', ':', ',', ']', '}', '"':
		if msg := s.checkLiteral(); msg != "" {
			return msg
		}
	default:
		s.literal = append(s.literal, c)
		return ""
	}
	switch c {
	case '"':
		s.inString = true
	case '[', '{':
		if s.hasValue {
			return "Expected separator between values"
		}
		s.stack = append(s.stack, c)
		s.afterSep, s.hasKey = false, false
	case ':':
		// jq keeps a read key on its stack, so after "key:" the top
		// is no longer the object.
		if !s.hasValue {
			return "Expected string key before ':'"
		}
		if len(s.stack) == 0 || s.top() != '{' || s.hasKey {
			return "':' not as part of an object"
		}
		if !s.isString {
			return "Object keys must be strings"
		}
		s.hasValue, s.hasKey = false, true
	case ',':
		if !s.hasValue {
			return "Expected value before ','"
		}
		if len(s.stack) == 0 {
			return "',' not as part of an object or array"
		}
		if s.top() == '{' && !s.hasKey {
			return "Objects must consist of key:value pairs"
		}
		s.hasValue, s.hasKey, s.afterSep = false, false, true
	case ']':
		if len(s.stack) == 0 || s.top() != '[' || s.hasKey {
			return "Unmatched ']'"
		}
		if !s.hasValue && s.afterSep {
			return "Expected another array element"
		}
		return s.closeContainer()
	case '}':
		if len(s.stack) == 0 || s.top() != '{' || (s.hasKey && !s.hasValue) {
			return "Unmatched '}'"
		}
		if !s.hasValue && s.afterSep {
			return "Expected another key-value pair"
		}
		if s.hasValue && !s.hasKey {
			return "Objects must consist of key:value pairs"
		}
		return s.closeContainer()
	}
	return ""
}

func (s *jqScanner) top() byte { return s.stack[len(s.stack)-1] }

func (s *jqScanner) closeContainer() string {
	s.stack = s.stack[:len(s.stack)-1]
	s.hasValue, s.hasKey, s.afterSep = false, false, false
	return s.value()
}

// value records a complete value; at the top level it is emitted at once.
func (s *jqScanner) value() string {
	if s.hasValue {
		return "Expected separator between values"
	}
	if len(s.stack) > 0 {
		s.hasValue = true
		s.afterSep = false
	}
	s.isString = false
	return ""
}

func (s *jqScanner) checkLiteral() string {
	if len(s.literal) == 0 {
		return ""
	}
	tok := string(s.literal)
	s.literal = s.literal[:0]
	pattern := map[byte]string{'t': "true", 'f': "false", 'n': "null"}[tok[0]]
	if pattern != "" {
		if tok != pattern {
			return "Invalid literal"
		}
	} else if _, err := strconv.ParseFloat(tok, 64); err != nil && !errors.Is(err, strconv.ErrRange) {
		return "Invalid numeric literal"
	}
	return s.value()
}

func (s *jqScanner) finish() string {
	if msg := s.checkLiteral(); msg != "" {
		return msg
	}
	if s.inString {
		return "Unfinished string"
	}
	if len(s.stack) > 0 {
		return "Unfinished JSON term"
	}
	return ""
}
