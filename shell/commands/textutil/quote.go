package textutil

import (
	"strings"
	"unicode/utf8"

	"memsh/shell/command"
)

// quoteName quotes a file name for a message the way coreutils' quotef
// does in a UTF-8 locale (gnulib's shell-escape style): names that a
// shell would read as they are stay bare; others are single-quoted, or
// double-quoted when that spares escaping a single quote; control
// characters and invalid bytes become $'\t' / $'\377' segments.
func quoteName(s string) string {
	if s != "" && !needsQuote(s) {
		return s
	}
	return shellQuote(s)
}

// quoteAlways is quoteaf: always quoted, in the same style.
func quoteAlways(s string) string { return shellQuote(s) }

func needsQuote(s string) bool {
	// A brace is special to the shell only as a word of its own; a
	// comment or tilde only at the start.
	if s[0] == '#' || s[0] == '~' || s == "{" || s == "}" {
		return true
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r < 32 || r == 127 || r >= 0x80 && r < 0xa0 {
			return true
		}
		if r < utf8.RuneSelf && strings.IndexByte(" !\"$&'()*:;<=>?[\\^`|", byte(r)) >= 0 {
			return true
		}
		i += size
	}
	return false
}

func isControl(s string, i int) (bool, int) {
	r, size := utf8.DecodeRuneInString(s[i:])
	return r == utf8.RuneError && size == 1 || r < 32 || r == 127 || r >= 0x80 && r < 0xa0, size
}

func shellQuote(s string) string {
	hasControl := false
	for i := 0; i < len(s); {
		c, size := isControl(s, i)
		hasControl = hasControl || c
		i += size
	}
	if !hasControl && strings.Contains(s, "'") && !strings.ContainsAny(s, "\"$`\\!") {
		return `"` + s + `"`
	}
	var b strings.Builder
	b.WriteByte('\'')
	open := true
	for i := 0; i < len(s); {
		if c, _ := isControl(s, i); c {
			if open {
				b.WriteByte('\'')
				open = false
			}
			b.WriteString("$'")
			for i < len(s) {
				c, size := isControl(s, i)
				if !c {
					break
				}
				for _, x := range []byte(s[i : i+size]) {
					b.WriteString(command.CEscape(x))
				}
				i += size
			}
			b.WriteByte('\'')
			continue
		}
		if !open {
			b.WriteByte('\'')
			open = true
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		if s[i] == '\'' {
			b.WriteString(`'\''`)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	if open {
		b.WriteByte('\'')
	}
	return b.String()
}

// pathError prints "NAME: FILE: reason" with FILE quoted as coreutils
// does, and returns 1.
func pathError(inv *command.Invocation, name string, err error) int {
	inv.Errorf("%s: %s", quoteName(name), command.Strerror(err))
	return 1
}

// lquote is gnulib's quote() in a UTF-8 locale, as coreutils quotes an
// option argument: ‘...’, a backslash before a backslash or the closing
// quote, C escapes for control characters and invalid bytes.
func lquote(s string) string {
	var b strings.Builder
	b.WriteString("‘")
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1, r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0:
			for _, c := range []byte(s[i : i+max(size, 1)]) {
				b.WriteString(command.CEscape(c))
			}
		case r == '\\':
			b.WriteString(`\\`)
		case r == '’':
			b.WriteString(`\’`)
		default:
			b.WriteString(s[i : i+size])
		}
		i += max(size, 1)
	}
	b.WriteString("’")
	return b.String()
}
