package parsedate

import (
	"strings"
)

// tokKind is the kind of a token of a date string.
type tokKind int

const (
	tokEnd  tokKind = iota
	tokNum          // digits, maybe signed, maybe with a fraction
	tokWord         // letters and periods, upper-cased
	tokChar         // any other character (':', '/', ',', '@', ...)
)

// token is one item of a date string, as gnulib's parse-datetime lexer
// cuts it: a sign sticks to the digits after it (spaces between them
// allowed), so "2024-06-15" is 2024, -06, -15 and "jan 31 + 1 month"
// has +1; a sign before no digits is dropped.
type token struct {
	kind   tokKind
	signed bool   // tokNum: a '+' or '-' came first
	neg    bool   // tokNum: it was '-'
	value  int64  // tokNum: the digits' value (not negated)
	digits int    // tokNum: how many digits (a year's "24" is two)
	frac   string // tokNum: the digits after '.' or ',', if any
	word   string // tokWord: upper-cased; tokChar: the character
}

// num is a number token's signed value.
func (t token) num() int64 {
	if t.neg {
		return -t.value
	}
	return t.value
}

// lex cuts s into tokens; ok is false for a number too long to read or
// an unclosed comment.
func lex(s string) ([]token, bool) {
	var out []token
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f':
			i++
		case c == '(':
			// A parenthesised comment, which may nest.
			depth := 0
			for ; i < len(s); i++ {
				if s[i] == '(' {
					depth++
				} else if s[i] == ')' {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			if i == len(s) {
				return nil, false
			}
			i++
		case isDigit(c) || c == '+' || c == '-':
			t := token{kind: tokNum}
			if c == '+' || c == '-' {
				t.signed, t.neg = true, c == '-'
				j := i + 1
				for j < len(s) && isSpace(s[j]) {
					j++
				}
				if j == len(s) || !isDigit(s[j]) {
					i++ // a sign before no number is ignored
					continue
				}
				i = j
			}
			start := i
			for i < len(s) && isDigit(s[i]) {
				if t.value > (1<<62)/10 {
					return nil, false
				}
				t.value = t.value*10 + int64(s[i]-'0')
				i++
			}
			t.digits = i - start
			if i+1 < len(s) && (s[i] == '.' || s[i] == ',') && isDigit(s[i+1]) {
				j := i + 1
				for j < len(s) && isDigit(s[j]) {
					j++
				}
				t.frac = s[i+1 : j]
				i = j
			}
			out = append(out, t)
		case isAlpha(c):
			j := i
			for j < len(s) && (isAlpha(s[j]) || s[j] == '.') {
				j++
			}
			out = append(out, token{kind: tokWord, word: strings.ToUpper(s[i:j])})
			i = j
		default:
			out = append(out, token{kind: tokChar, word: s[i : i+1]})
			i++
		}
	}
	return append(out, token{kind: tokEnd}), true
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isAlpha(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// fracNanos reads up to nine digits of a fraction as nanoseconds
// (further digits are dropped, as GNU does).
func fracNanos(frac string) int {
	ns := 0
	for i := 0; i < 9; i++ {
		ns *= 10
		if i < len(frac) {
			ns += int(frac[i] - '0')
		}
	}
	return ns
}
