package sysutil

import (
	"strings"
	"unicode/utf8"
)

// fnmatch reports whether name matches the shell pattern pat as
// fnmatch(3) without FNM_PATHNAME or FNM_PERIOD (find's -name and -path):
// '*' and '?' match any character including '/' and a leading dot;
// [...] sets with '!' or '^' negation, ranges and [:class:]; '\' quotes.
// fold makes the match case-insensitive (-iname, -ipath).
func fnmatch(pat, name string, fold bool) bool {
	if fold {
		pat, name = strings.ToLower(pat), strings.ToLower(name)
	}
	// Iterative matching with backtracking to the last '*'.
	px, nx := 0, 0
	starP, starN := -1, -1
	for nx < len(name) {
		if px < len(pat) {
			switch pat[px] {
			case '*':
				starP, starN = px, nx
				px++
				continue
			case '?':
				_, w := utf8.DecodeRuneInString(name[nx:])
				px++
				nx += w
				continue
			case '[':
				if ok, matched, plen, w := matchBracket(pat[px:], name[nx:]); ok {
					if matched {
						px += plen
						nx += w
						continue
					}
					break
				}
				if name[nx] == '[' {
					px++
					nx++
					continue
				}
			case '\\':
				if px+1 < len(pat) && pat[px+1] == name[nx] {
					px += 2
					nx++
					continue
				}
				if px+1 == len(pat) && name[nx] == '\\' {
					px++
					nx++
					continue
				}
			default:
				if pat[px] == name[nx] {
					px++
					nx++
					continue
				}
			}
		}
		if starP >= 0 && starN < len(name) {
			_, w := utf8.DecodeRuneInString(name[starN:])
			starN += w
			px, nx = starP+1, starN
			continue
		}
		return false
	}
	for px < len(pat) && pat[px] == '*' {
		px++
	}
	return px == len(pat)
}

// matchBracket matches the set at the start of pat against the first
// character of s. ok is false when pat has no closing ']' (then '[' is
// literal); plen is the set's length in pat, w the character's in s.
func matchBracket(pat, s string) (ok, matched bool, plen, w int) {
	c, w := utf8.DecodeRuneInString(s)
	i := 1
	negate := false
	if i < len(pat) && (pat[i] == '!' || pat[i] == '^') {
		negate = true
		i++
	}
	first := true
	for {
		if i >= len(pat) {
			return false, false, 0, w
		}
		if pat[i] == ']' && !first {
			i++
			break
		}
		first = false
		if pat[i] == '[' && i+1 < len(pat) && pat[i+1] == ':' {
			if end := strings.Index(pat[i+2:], ":]"); end >= 0 {
				if classMatch(pat[i+2:i+2+end], c) {
					matched = true
				}
				i += 2 + end + 2
				continue
			}
		}
		lo, lw := utf8.DecodeRuneInString(pat[i:])
		if pat[i] == '\\' && i+1 < len(pat) {
			lo, lw = utf8.DecodeRuneInString(pat[i+1:])
			lw++
		}
		i += lw
		hi := lo
		if i+1 < len(pat) && pat[i] == '-' && pat[i+1] != ']' {
			var hw int
			hi, hw = utf8.DecodeRuneInString(pat[i+1:])
			if pat[i+1] == '\\' && i+2 < len(pat) {
				hi, hw = utf8.DecodeRuneInString(pat[i+2:])
				hw++
			}
			i += 1 + hw
		}
		if lo <= c && c <= hi {
			matched = true
		}
	}
	return true, matched != negate, i, w
}

func classMatch(class string, c rune) bool {
	switch class {
	case "alpha":
		return c < 128 && (c|0x20 >= 'a' && c|0x20 <= 'z')
	case "digit":
		return c >= '0' && c <= '9'
	case "alnum":
		return c < 128 && (c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9')
	case "upper":
		return c >= 'A' && c <= 'Z'
	case "lower":
		return c >= 'a' && c <= 'z'
	case "space":
		return c == ' ' || c >= '\t' && c <= '\r'
	case "blank":
		return c == ' ' || c == '\t'
	case "punct":
		return c > 32 && c < 127 && !(c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9')
	case "print":
		return c >= 32 && c < 127
	case "graph":
		return c > 32 && c < 127
	case "cntrl":
		return c < 32 || c == 127
	case "xdigit":
		return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f'
	}
	return false
}
