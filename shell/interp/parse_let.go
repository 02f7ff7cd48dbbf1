package interp

import "strings"

// let's arguments are words to bash, each an expression read when let
// runs; mvdan/sh's parser reads them as arithmetic and refuses a
// comment after them (let x=1  # note) and a word with blanks inside
// parentheses (let x=( 1 + 2 )*3, which bash's parser keeps as one
// word). maskLet masks them for the parse (parse.go): the comment
// becomes blanks; the word zeros, whose text as written the let
// builtin then reads (maskedText, as for other arithmetic).

// maskLet masks the comment or the parenthesized word of the let
// command at off that the parser refused (msg); ok is false when off
// is not in a let command.
func maskLet(src string, off int, msg string) (string, bool) {
	if off <= 0 || off >= len(src) || !onLetLine(src, off) {
		return "", false
	}
	switch {
	case src[off] == '#' && (src[off-1] == ' ' || src[off-1] == '\t'):
		end := strings.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src) - off
		}
		return src[:off] + strings.Repeat(" ", end) + src[off+end:], true
	case src[off] == '(' && strings.HasPrefix(msg, "`(` must be followed"):
		from := off
		for from > 0 && !strings.ContainsRune(" \t", rune(src[from-1])) {
			from--
		}
		to := off
		for to < len(src) && !strings.ContainsRune(" \t\n;&|", rune(src[to])) {
			if src[to] == '(' {
				end, ok := matchClose(src, to+1, ")")
				if !ok {
					return "", false
				}
				to = end
			}
			to++
		}
		if strings.IndexByte(src[from:to], '\n') >= 0 || strings.Trim(src[from:to], "0") == "" {
			return "", false
		}
		return src[:from] + strings.Repeat("0", to-from) + src[to:], true
	}
	return "", false
}

// onLetLine reports whether the command off is in starts with let.
func onLetLine(src string, off int) bool {
	start := strings.LastIndexAny(src[:off], "\n;&|") + 1
	line := strings.TrimLeft(src[start:off], " \t")
	return strings.HasPrefix(line, "let ") || strings.HasPrefix(line, "let\t")
}
