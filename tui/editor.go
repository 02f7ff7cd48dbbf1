package tui

import (
	"strings"
	"unicode"
)

// editor is the multi-line input buffer with emacs-style editing. It
// knows nothing about keys or rendering; the model maps keys onto it.
type editor struct {
	buf  []rune
	pos  int    // cursor, 0..len(buf)
	kill []rune // the kill ring's one entry (ctrl+k/u/w, alt+d; ctrl+y yanks)
	str  string // string(buf), kept until the next change
	ok   bool   // str is current
}

// String is the text; cached, so a frame can ask often for a big paste.
func (e *editor) String() string {
	if !e.ok {
		e.str, e.ok = string(e.buf), true
	}
	return e.str
}
func (e *editor) Empty() bool { return len(e.buf) == 0 }

func (e *editor) Set(s string) {
	e.buf = []rune(s)
	e.ok = false
	e.pos = len(e.buf)
}

func (e *editor) Reset() { e.buf, e.pos, e.ok = e.buf[:0], 0, false }

// Insert puts s at the cursor. Carriage returns (from pasted CRLF text)
// become newlines; tabs are kept.
func (e *editor) Insert(s string) {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	r := []rune(s)
	e.buf = append(e.buf[:e.pos], append(r, e.buf[e.pos:]...)...)
	e.ok = false
	e.pos += len(r)
}

func (e *editor) lineStart(p int) int {
	for p > 0 && e.buf[p-1] != '\n' {
		p--
	}
	return p
}

func (e *editor) lineEnd(p int) int {
	for p < len(e.buf) && e.buf[p] != '\n' {
		p++
	}
	return p
}

func (e *editor) AtEnd() bool { return e.pos == len(e.buf) }

func (e *editor) Left() {
	if e.pos > 0 {
		e.pos--
	}
}

func (e *editor) Right() {
	if e.pos < len(e.buf) {
		e.pos++
	}
}

func (e *editor) Home() { e.pos = e.lineStart(e.pos) }
func (e *editor) End()  { e.pos = e.lineEnd(e.pos) }

// Up moves to the previous line keeping the column; false on the first line.
func (e *editor) Up() bool {
	s := e.lineStart(e.pos)
	if s == 0 {
		return false
	}
	col := e.pos - s
	ps := e.lineStart(s - 1)
	e.pos = min(ps+col, s-1)
	return true
}

// Down moves to the next line keeping the column; false on the last line.
func (e *editor) Down() bool {
	end := e.lineEnd(e.pos)
	if end == len(e.buf) {
		return false
	}
	col := e.pos - e.lineStart(e.pos)
	ns := end + 1
	e.pos = min(ns+col, e.lineEnd(ns))
	return true
}

func isWord(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }

func (e *editor) wordLeft() int {
	p := e.pos
	for p > 0 && !isWord(e.buf[p-1]) {
		p--
	}
	for p > 0 && isWord(e.buf[p-1]) {
		p--
	}
	return p
}

func (e *editor) wordRight() int {
	p := e.pos
	for p < len(e.buf) && !isWord(e.buf[p]) {
		p++
	}
	for p < len(e.buf) && isWord(e.buf[p]) {
		p++
	}
	return p
}

func (e *editor) WordLeft()  { e.pos = e.wordLeft() }
func (e *editor) WordRight() { e.pos = e.wordRight() }

func (e *editor) Backspace() {
	if e.pos > 0 {
		e.buf = append(e.buf[:e.pos-1], e.buf[e.pos:]...)
		e.ok = false
		e.pos--
	}
}

func (e *editor) Delete() {
	if e.pos < len(e.buf) {
		e.buf = append(e.buf[:e.pos], e.buf[e.pos+1:]...)
		e.ok = false
	}
}

// cut removes buf[from:to] into the kill buffer.
func (e *editor) cut(from, to int) {
	if from >= to {
		return
	}
	e.kill = append(e.kill[:0], e.buf[from:to]...)
	e.buf = append(e.buf[:from], e.buf[to:]...)
	e.ok = false
	e.pos = from
}

// KillEnd cuts to the end of the line, or joins the next line when the
// cursor is already at the end (as emacs does).
func (e *editor) KillEnd() {
	end := e.lineEnd(e.pos)
	if end == e.pos && end < len(e.buf) {
		end++
	}
	e.cut(e.pos, end)
}

func (e *editor) KillStart()     { e.cut(e.lineStart(e.pos), e.pos) }
func (e *editor) KillWordLeft()  { e.cut(e.wordLeftSpace(), e.pos) }
func (e *editor) KillWordRight() { e.cut(e.pos, e.wordRight()) }

// wordLeftSpace is ctrl+w's notion of a word: back to whitespace, as in
// bash's unix-word-rubout.
func (e *editor) wordLeftSpace() int {
	p := e.pos
	for p > 0 && unicode.IsSpace(e.buf[p-1]) {
		p--
	}
	for p > 0 && !unicode.IsSpace(e.buf[p-1]) {
		p--
	}
	return p
}

func (e *editor) Yank() {
	if len(e.kill) > 0 {
		e.Insert(string(e.kill))
	}
}

// Transpose swaps the two runes around the cursor (ctrl+t).
func (e *editor) Transpose() {
	if len(e.buf) < 2 || e.pos == 0 {
		return
	}
	p := e.pos
	if p == len(e.buf) {
		p--
	}
	e.buf[p-1], e.buf[p] = e.buf[p], e.buf[p-1]
	e.ok = false
	e.pos = p + 1
}

// Word returns the shell word ending at the cursor and where it starts,
// for completion.
func (e *editor) Word() (start int, word string) {
	p := e.pos
	for p > 0 {
		if !strings.ContainsRune(" \t\n;|&<>()`\"'", e.buf[p-1]) {
			p--
			continue
		}
		// A separator after an odd run of backslashes is escaped
		// (my\ dir/, as completion itself inserts it) and belongs to
		// the word.
		n := 0
		for q := p - 2; q >= 0 && e.buf[q] == '\\'; q-- {
			n++
		}
		if n%2 == 0 {
			break
		}
		p -= 2
	}
	return p, string(e.buf[p:e.pos])
}

// OpenQuote reports whether the cursor is inside a quote opened on the
// current line and not closed: the quote character and its index.
// Backslashes escape outside single quotes, as in the shell.
func (e *editor) OpenQuote() (quote rune, at int) {
	for i := 0; i < e.pos; i++ {
		r := e.buf[i]
		switch {
		case quote == '\'':
			if r == '\'' {
				quote = 0
			}
		case r == '\\':
			i++
		case quote == '"':
			if r == '"' {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote, at = r, i
		case r == '#' && (i == 0 || strings.ContainsRune(" \t\n;|&", e.buf[i-1])):
			// A comment runs to the end of the line.
			for i < e.pos && e.buf[i] != '\n' {
				i++
			}
		}
	}
	return quote, at
}

// ReplaceWord replaces buf[start:pos] with s.
func (e *editor) ReplaceWord(start int, s string) {
	tail := append([]rune(s), e.buf[e.pos:]...)
	e.buf = append(e.buf[:start], tail...)
	e.ok = false
	e.pos = start + len([]rune(s))
}

// CommandPosition reports whether the word starting at start is where a
// command name goes (first word of a line, or after ; | & ( `).
func (e *editor) CommandPosition(start int) bool {
	p := start
	for p > 0 && (e.buf[p-1] == ' ' || e.buf[p-1] == '\t') {
		p--
	}
	if p == 0 {
		return true
	}
	switch e.buf[p-1] {
	case '\n', ';', '|', '&', '(', '`', '{':
		return true
	}
	// After a keyword that takes a command: then, do, else, !.
	ws := p
	for ws > 0 && isWord(e.buf[ws-1]) {
		ws--
	}
	switch string(e.buf[ws:p]) {
	case "then", "do", "else", "elif", "if", "while", "until", "time", "!":
		return ws == 0 || strings.ContainsRune(" \t\n;|&(", e.buf[ws-1])
	}
	return false
}
