package binutil

import (
	"context"
	"strings"

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

// localeQuote is GNU's locale quoting in a UTF-8 locale (these
// commands' messages do not look at LC_ALL yet): command.LocaleQuote.
func localeQuote(s string) string { return command.LocaleQuote(s, true) }

// cQuote is localeQuote of s as C sees it: up to its first NUL.
func cQuote(s string) string {
	if i := strings.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	return localeQuote(s)
}
