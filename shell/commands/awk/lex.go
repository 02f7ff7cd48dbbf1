package awk

import (
	"fmt"
	"strings"
)

type tokKind int

const (
	tEOF tokKind = iota
	tNewline
	tNumber
	tString
	tRegex
	tName
	tFuncName // a name immediately followed by "(" (a call)
	tBuiltin
	tKeyword
	tPunct // operators and punctuation; the text says which
)

type token struct {
	kind tokKind
	text string
	num  float64
	line int
}

var keywords = map[string]bool{
	"BEGIN": true, "END": true, "function": true, "func": true, "if": true, "else": true,
	"while": true, "for": true, "do": true, "break": true, "continue": true, "next": true,
	"nextfile": true, "exit": true, "return": true, "delete": true, "in": true,
	"getline": true, "print": true, "printf": true,
}

var builtinFuncs = map[string]bool{
	"length": true, "substr": true, "index": true, "split": true, "sub": true, "gsub": true,
	"match": true, "sprintf": true, "sin": true, "cos": true, "atan2": true, "exp": true,
	"log": true, "sqrt": true, "int": true, "rand": true, "srand": true, "tolower": true,
	"toupper": true, "system": true, "close": true, "fflush": true, "systime": true,
	"strftime": true, "gensub": true,
}

// Three-character and two-character operators, longest first.
var operators = []string{
	"**=", "&&", "||", "==", "!=", "<=", ">=", "++", "--", "+=", "-=", "*=", "/=", "%=", "^=",
	"**", ">>", "!~",
}

type lexer struct {
	src  string
	pos  int
	line int
	last tokKind
	// lastText is the previous token's text, to tell a regex from a division.
	lastText string
}

type syntaxError struct {
	line int
	msg  string
}

// runaway is the start of an unterminated string or regex as mawk
// shows it: up to 10 bytes of its line.
func runaway(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s[:min(len(s), 10)]
}

func (e *syntaxError) Error() string {
	return fmt.Sprintf("syntax error at source line %d: %s", e.line, e.msg)
}

// regexAllowed reports whether a "/" here starts a regex: it does unless
// the previous token ends an operand.
func (l *lexer) regexAllowed() bool {
	switch l.last {
	case tNumber, tString, tRegex, tName, tBuiltin:
		return false
	case tKeyword:
		return l.lastText != "getline"
	case tPunct:
		switch l.lastText {
		case ")", "]", "$", "++", "--":
			return false
		}
	}
	return true
}

func (l *lexer) next() (token, error) {
	t, err := l.scan()
	if err == nil {
		l.last, l.lastText = t.kind, t.text
	}
	return t, err
}

func (l *lexer) scan() (token, error) {
	// skip blanks, comments and escaped newlines
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			l.pos++
		case c == '\\' && l.pos+1 < len(l.src) && l.src[l.pos+1] == '\n':
			l.pos += 2
			l.line++
		case c == '\\' && l.pos+2 < len(l.src) && l.src[l.pos+1] == '\r' && l.src[l.pos+2] == '\n':
			l.pos += 3
			l.line++
		case c == '#':
			for l.pos < len(l.src) && l.src[l.pos] != '\n' {
				l.pos++
			}
		default:
			goto scan
		}
	}
scan:
	if l.pos >= len(l.src) {
		return token{kind: tEOF, line: l.line}, nil
	}
	start := l.pos
	c := l.src[l.pos]
	switch {
	case c == '\n':
		l.pos++
		l.line++
		return token{kind: tNewline, text: "\n", line: l.line - 1}, nil
	case isDigit(c) || (c == '.' && l.pos+1 < len(l.src) && isDigit(l.src[l.pos+1])):
		return l.number()
	case isAlpha(c):
		for l.pos < len(l.src) && (isAlpha(l.src[l.pos]) || isDigit(l.src[l.pos])) {
			l.pos++
		}
		word := l.src[start:l.pos]
		switch {
		case keywords[word]:
			if word == "func" {
				word = "function"
			}
			return token{kind: tKeyword, text: word, line: l.line}, nil
		case builtinFuncs[word]:
			return token{kind: tBuiltin, text: word, line: l.line}, nil
		case l.pos < len(l.src) && l.src[l.pos] == '(':
			return token{kind: tFuncName, text: word, line: l.line}, nil
		}
		return token{kind: tName, text: word, line: l.line}, nil
	case c == '"':
		return l.str()
	case c == '/' && l.regexAllowed():
		return l.regex()
	}
	for _, op := range operators {
		if strings.HasPrefix(l.src[l.pos:], op) {
			l.pos += len(op)
			if op == "**" {
				op = "^"
			} else if op == "**=" {
				op = "^="
			}
			return token{kind: tPunct, text: op, line: l.line}, nil
		}
	}
	if strings.IndexByte("{}()[];,+-*/%^!<>|?:~$=", c) >= 0 {
		l.pos++
		return token{kind: tPunct, text: string(c), line: l.line}, nil
	}
	return token{}, &syntaxError{l.line, fmt.Sprintf("unexpected character '%c'", c)}
}

func (l *lexer) number() (token, error) {
	start := l.pos
	if strings.HasPrefix(l.src[l.pos:], "0x") || strings.HasPrefix(l.src[l.pos:], "0X") {
		l.pos += 2
		for l.pos < len(l.src) && strings.IndexByte("0123456789abcdefABCDEF", l.src[l.pos]) >= 0 {
			l.pos++
		}
		var v int64
		fmt.Sscanf(l.src[start+2:l.pos], "%x", &v)
		return token{kind: tNumber, text: l.src[start:l.pos], num: float64(v), line: l.line}, nil
	}
	for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
		l.pos++
	}
	if l.pos < len(l.src) && l.src[l.pos] == '.' {
		l.pos++
		for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
			l.pos++
		}
	}
	if l.pos < len(l.src) && (l.src[l.pos] == 'e' || l.src[l.pos] == 'E') {
		p := l.pos + 1
		if p < len(l.src) && (l.src[p] == '+' || l.src[p] == '-') {
			p++
		}
		if p < len(l.src) && isDigit(l.src[p]) {
			for p < len(l.src) && isDigit(l.src[p]) {
				p++
			}
			l.pos = p
		}
	}
	text := l.src[start:l.pos]
	n, _ := strToNum(text)
	return token{kind: tNumber, text: text, num: n, line: l.line}, nil
}

func (l *lexer) str() (token, error) {
	l.pos++ // opening quote
	start := l.pos
	var b strings.Builder
	for {
		if l.pos >= len(l.src) || l.src[l.pos] == '\n' {
			return token{}, &syntaxError{l.line, "runaway string constant \"" + runaway(l.src[start:]) + " ..."}
		}
		c := l.src[l.pos]
		if c == '"' {
			l.pos++
			break
		}
		if c == '\\' && l.pos+1 < len(l.src) {
			l.pos++
			e := l.src[l.pos]
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case '\\':
				b.WriteByte('\\')
			case '"':
				b.WriteByte('"')
			case '/':
				b.WriteByte('/')
			case 'a':
				b.WriteByte('\a')
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'v':
				b.WriteByte('\v')
			case '\n':
				l.line++
			case 'x':
				// mawk and gawk read up to two hex digits; "\x" without
				// one stays as written.
				v, n := 0, 0
				for n < 2 && l.pos+1+n < len(l.src) && isHexDigit(l.src[l.pos+1+n]) {
					c := l.src[l.pos+1+n]
					switch {
					case isDigit(c):
						v = v*16 + int(c-'0')
					case c >= 'a':
						v = v*16 + int(c-'a'+10)
					default:
						v = v*16 + int(c-'A'+10)
					}
					n++
				}
				if n == 0 {
					b.WriteString("\\x")
				} else {
					b.WriteByte(byte(v))
					l.pos += n
				}
			case '0', '1', '2', '3', '4', '5', '6', '7':
				v, n := 0, 0
				for n < 3 && l.pos < len(l.src) && l.src[l.pos] >= '0' && l.src[l.pos] <= '7' {
					v = v*8 + int(l.src[l.pos]-'0')
					l.pos++
					n++
				}
				b.WriteByte(byte(v))
				continue
			default:
				// gawk keeps the backslash for an unknown escape and warns;
				// regex metacharacters in dynamic regexes need it.
				b.WriteByte('\\')
				b.WriteByte(e)
			}
			l.pos++
			continue
		}
		b.WriteByte(c)
		l.pos++
	}
	return token{kind: tString, text: b.String(), line: l.line}, nil
}

// regex reads /.../; "\/" is a slash; everything else is kept for the
// regex compiler, including other escapes. A "/" inside a bracket
// expression does not end the regex.
func (l *lexer) regex() (token, error) {
	l.pos++
	start := l.pos
	var b strings.Builder
	inBracket := false
	for {
		if l.pos >= len(l.src) || l.src[l.pos] == '\n' {
			return token{}, &syntaxError{l.line, "runaway regular expression /" + runaway(l.src[start:]) + " ..."}
		}
		c := l.src[l.pos]
		switch {
		case c == '\\' && l.pos+1 < len(l.src):
			if l.src[l.pos+1] == '/' {
				b.WriteByte('/')
			} else {
				b.WriteByte(c)
				b.WriteByte(l.src[l.pos+1])
			}
			l.pos += 2
			continue
		case c == '[' && !inBracket:
			inBracket = true
			b.WriteByte(c)
			l.pos++
			// a "]" first in the bracket (after an optional "^") is literal
			if l.pos < len(l.src) && l.src[l.pos] == '^' {
				b.WriteByte('^')
				l.pos++
			}
			if l.pos < len(l.src) && l.src[l.pos] == ']' {
				b.WriteByte(']')
				l.pos++
			}
			continue
		case c == '[' && inBracket && l.pos+1 < len(l.src) && (l.src[l.pos+1] == ':' || l.src[l.pos+1] == '.' || l.src[l.pos+1] == '='):
			end := strings.Index(l.src[l.pos+2:], string(l.src[l.pos+1])+"]")
			if end >= 0 {
				b.WriteString(l.src[l.pos : l.pos+2+end+2])
				l.pos += 2 + end + 2
				continue
			}
		case c == ']' && inBracket:
			inBracket = false
		case c == '/' && !inBracket:
			l.pos++
			return token{kind: tRegex, text: b.String(), line: l.line}, nil
		}
		b.WriteByte(c)
		l.pos++
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isAlpha(c byte) bool { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
