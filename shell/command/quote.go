package command

import (
	"fmt"
	"strconv"
	"strings"
)

// CEscape is the C escape GNU's quoting styles write for a byte that is
// not printable in a file name: \a \b \f \n \r \t \v for those controls,
// three octal digits (\033, \377) for any other byte.
func CEscape(c byte) string {
	switch c {
	case '\a':
		return `\a`
	case '\b':
		return `\b`
	case '\f':
		return `\f`
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	case '\t':
		return `\t`
	case '\v':
		return `\v`
	}
	o := strconv.FormatUint(uint64(c), 8)
	for len(o) < 3 {
		o = "0" + o
	}
	return `\` + o
}

// CUnescape is the byte the C escape \c stands for, for the letters
// every GNU tool reads alike: \a \b \f \n \r \t \v and \\ (and \e, ESC,
// which GNU's echo, printf and stat take too). ok is false for any
// other c: octal, hex, quotes and \c differ from tool to tool.
func CUnescape(c byte) (b byte, ok bool) {
	switch c {
	case 'a':
		return '\a', true
	case 'b':
		return '\b', true
	case 'e':
		return 0x1b, true
	case 'f':
		return '\f', true
	case 'n':
		return '\n', true
	case 'r':
		return '\r', true
	case 't':
		return '\t', true
	case 'v':
		return '\v', true
	case '\\':
		return '\\', true
	}
	return 0, false
}

// JSONQuote quotes s as a JSON string the way util-linux's and tree's
// JSON writers do: `"` and `\` escaped, other controls as \u00XX, every
// other character (invalid UTF-8 included) as it is.
func JSONQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20:
			fmt.Fprintf(&b, "\\u%04x", r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
