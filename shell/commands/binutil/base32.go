package binutil

import (
	"context"
	"strings"
	"unicode/utf8"

	"memsh/shell/command"
	"memsh/shell/internal/baseenc"
)

const base32Help = `Usage: base32 [OPTION]... [FILE]
Base32 encode or decode FILE, or standard input, to standard output.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  -d, --decode          decode data
  -i, --ignore-garbage  when decoding, ignore non-alphabet characters
  -w, --wrap=COLS       wrap encoded lines after COLS character (default 76).
                          Use 0 to disable line wrapping
      --help        display this help and exit

The data are encoded as described for the base32 alphabet in RFC 4648.
When decoding, the input may contain newlines in addition to the bytes of
the formal base32 alphabet.  Use --ignore-garbage to attempt to recover
from any other non-alphabet bytes in the encoded stream.
`

// runBase32 is basenc --base32 under its own name.
func runBase32(ctx context.Context, inv *command.Invocation) int {
	return runEncoder(ctx, inv, baseenc.Base32, false)
}

// cQuote is localeQuote of s as C sees it: up to its first NUL.
func cQuote(s string) string {
	if i := strings.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	return localeQuote(s)
}

// localeQuote is gnulib's quote() in a UTF-8 locale, as coreutils
// prints an option argument: ‘...’ around it, a backslash before a
// backslash or the closing quote, C escapes (\t, \377) for control
// characters and bytes that are not valid UTF-8.
func localeQuote(s string) string {
	var b strings.Builder
	b.WriteString("‘")
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1, r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0:
			for _, c := range []byte(s[i : i+size]) {
				b.WriteString(command.CEscape(c))
			}
		case r == '\\':
			b.WriteString(`\\`)
		case r == '’':
			b.WriteString(`\’`)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteString("’")
	return b.String()
}
