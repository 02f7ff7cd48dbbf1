package textutil

import (
	"strings"
	"unicode/utf8"

	"memsh/shell/command"
)

// quoteName is coreutils' quotef (see command.QuoteFile).
func quoteName(s string) string { return command.QuoteFile(s) }

// quoteAlways is quoteaf: always quoted, in the same style.
func quoteAlways(s string) string { return command.ShellQuote(s, true) }

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
