package interp

import "strings"

// Bash reads (( and $(( by their parentheses before it knows what they
// open (parse.y's parse_dparen and parse_comsub): it finds the ) that
// closes the second (, and when the next character is not ) the text
// is not arithmetic but a ( nested in another: ((cmd) || cmd) is two
// subshells, $((cmd) 2>&1) a command substitution of a subshell.
// mvdan/sh's parser always reads arithmetic there and fails;
// readScript then reads the text again with a blank between those two
// parentheses (splitDparens), which is how bash runs it.

// splitDparens returns src with a blank put between the parentheses of
// each (( and $(( that bash reads as two, and whether there was one.
func splitDparens(src string) (string, bool) {
	var b strings.Builder
	from := 0
	dq := false
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\\':
			i++
		case c == '\'' && !dq:
			end := strings.IndexByte(src[i+1:], '\'')
			if end < 0 {
				i = len(src)
			} else {
				i += end + 1
			}
		case c == '"':
			dq = !dq
		case c == '#' && !dq && (i == 0 || strings.IndexByte(" \t\n;&|(", src[i-1]) >= 0):
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				i = len(src)
			} else {
				i += end
			}
		case c == '(' && strings.HasPrefix(src[i+1:], "(") && dparenOpens(src, i, dq):
			if end, ok := closeParen(src, i+2); ok && !strings.HasPrefix(src[end+1:], ")") {
				b.WriteString(src[from : i+1])
				b.WriteByte(' ')
				from = i + 1
			}
		}
	}
	if from == 0 {
		return src, false
	}
	b.WriteString(src[from:])
	return b.String(), true
}

// dparenOpens reports whether the (( at i opens a command or, after $,
// a substitution: where bash looks at its parentheses.
func dparenOpens(src string, i int, dq bool) bool {
	if i > 0 && src[i-1] == '$' {
		return true
	}
	return !dq && (i == 0 || strings.IndexByte(" \t\n;&|(!`", src[i-1]) >= 0)
}

// closeParen finds the ) that closes a ( just before from, skipping
// quoted text; ok is false when none does.
func closeParen(src string, from int) (int, bool) {
	depth := 0
	for i := from; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++
		case '\'', '"':
			q := src[i]
			for i++; i < len(src) && src[i] != q; i++ {
				if q == '"' && src[i] == '\\' {
					i++
				}
			}
		case '(':
			depth++
		case ')':
			if depth == 0 {
				return i, true
			}
			depth--
		}
	}
	return 0, false
}
