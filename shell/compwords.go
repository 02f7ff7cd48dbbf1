package shell

import "strings"

// defaultWordBreaks is bash's COMP_WORDBREAKS.
const defaultWordBreaks = " \t\n\"'@><=;|&(:"

// compWords cuts a command line into COMP_WORDS as bash 5.2's
// programmable completion does (split_at_delims): blanks in breaks
// separate words, a run of the other characters of breaks (= : > ...)
// is a word of its own, quotes and backslashes protect what they
// quote. cword is the word at point (COMP_CWORD; an empty word is added
// for a point after a blank), -1 for a blank line. cur is what bash
// passes a completion function as $2 (readline's word): the current word
// up to point, from after an unclosed quote, "" for a word of breaks.
func compWords(line string, point int, breaks string) (words []string, cword int, cur string) {
	point = min(max(point, 0), len(line))
	isBlank := func(c byte) bool { return (c == ' ' || c == '\t' || c == '\n') && strings.IndexByte(breaks, c) >= 0 }
	isBreak := func(c byte) bool { return c != '\'' && c != '"' && strings.IndexByte(breaks, c) >= 0 }
	type span struct{ start, end int }
	var spans []span
	cword = -1
	i := 0
	for i < len(line) && isBlank(line[i]) {
		i++
	}
	if i == len(line) {
		return nil, -1, ""
	}
	for {
		ts := i
		te := skipToBreak(line, ts, isBreak)
		if te == ts {
			te = ts + 1
			for te < len(line) && isBreak(line[te]) && !isBlank(line[te]) {
				te++
			}
		}
		spans = append(spans, span{ts, te})
		switch {
		case point >= ts && point <= te:
			cword = len(spans) - 1
		case cword < 0 && point < ts:
			// At a blank between two words: an empty word there.
			spans = append(spans[:len(spans)-1], span{point, point}, span{ts, te})
			cword = len(spans) - 2
		}
		if te == len(line) {
			break
		}
		i = te
		for i < len(line) && isBlank(line[i]) {
			i++
		}
		if i == len(line) {
			break
		}
	}
	if cword < 0 {
		if point > 0 && isBlank(line[point-1]) {
			spans = append(spans, span{point, point})
		}
		cword = len(spans) - 1
	}
	for _, sp := range spans {
		words = append(words, line[sp.start:sp.end])
	}
	sp := spans[cword]
	if sp.start < len(line) && isBreak(line[sp.start]) && !isBlank(line[sp.start]) {
		return words, cword, ""
	}
	cur = line[sp.start:min(max(point, sp.start), sp.end)]
	if q := openQuote(cur); q >= 0 {
		cur = cur[q+1:]
	}
	return words, cword, cur
}

// skipToBreak returns the index of the first break character at or
// after i that no quote, backslash or $(...)/${...} protects (len(s) if
// none); an unclosed quote runs to the end.
func skipToBreak(s string, i int, isBreak func(byte) bool) int {
	for i < len(s) {
		switch c := s[i]; {
		case c == '\\':
			i += 2
		case c == '\'' || c == '`':
			i = closing(s, i+1, c, false)
		case c == '"':
			i = closing(s, i+1, '"', true)
		case c == '$' && i+1 < len(s) && (s[i+1] == '(' || s[i+1] == '{'):
			open, shut := s[i+1], byte(')')
			if open == '{' {
				shut = '}'
			}
			depth := 0
			for i++; i < len(s); i++ {
				if s[i] == open {
					depth++
				} else if s[i] == shut {
					if depth--; depth == 0 {
						i++
						break
					}
				}
			}
		case c == '$' && i+1 < len(s) && s[i+1] == '\'':
			i = closing(s, i+2, '\'', true)
		case isBreak(c):
			return i
		default:
			i++
		}
	}
	return len(s)
}

// closing returns the index after the quote q that closes a quoted
// string starting at i (len(s) when none does); with escapes, a
// backslash protects the next character.
func closing(s string, i int, q byte, escapes bool) int {
	for ; i < len(s); i++ {
		if escapes && s[i] == '\\' {
			i++
			continue
		}
		if s[i] == q {
			return i + 1
		}
	}
	return len(s)
}

// openQuote returns the index of the quote left open at the end of w,
// or -1.
func openQuote(w string) int {
	for i := 0; i < len(w); i++ {
		switch q := w[i]; q {
		case '\\':
			i++
		case '\'', '"':
			j := i + 1
			for ; j < len(w) && w[j] != q; j++ {
				if q == '"' && w[j] == '\\' {
					j++
				}
			}
			if j >= len(w) {
				return i
			}
			i = j
		}
	}
	return -1
}
