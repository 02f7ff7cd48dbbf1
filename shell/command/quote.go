package command

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
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

// ShellQuoteStyle is gnulib's shell quoting, the one way memsh's
// commands quote a file name for a message or a listing: bare when a
// shell would read the name as it is (unless always), else in single
// quotes, or double quotes when that spares escaping a single quote.
// escapes selects the shell-escape variants, which write control
// characters and invalid bytes as $'\n' segments.
func ShellQuoteStyle(s string, always, escapes bool) string {
	needQuote := always || s == ""
	hasSingle := false
	needEscape := false // control bytes or invalid UTF-8: needs $'...'
	dqUnsafe := false   // chars that double quotes would not keep literal
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 || !printable(r) {
			needEscape = true
			needQuote = true
			i += max(size, 1)
			continue
		}
		switch r {
		case '\'':
			hasSingle = true
			needQuote = true
		case '{', '}':
			if len(s) == 1 {
				needQuote = true
			}
		case '#', '~':
			if i == 0 {
				needQuote = true
			}
		case ' ', '!', '"', '$', '&', '(', ')', '*', ';', '<', '=', '>', '[', '^', '`', '|', '\\', '?', '\t':
			needQuote = true
		}
		switch r {
		case '$', '`', '\\', '"', '!':
			dqUnsafe = true
		}
		i += size
	}
	if !needQuote {
		return s
	}
	if hasSingle && (!needEscape || !escapes) && !dqUnsafe {
		return `"` + s + `"`
	}
	var b strings.Builder
	b.WriteByte('\'')
	inEsc := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		bad := r == utf8.RuneError && size <= 1 || !printable(r)
		if bad && escapes {
			if !inEsc {
				b.WriteString(`'$'`)
				inEsc = true
			}
			if size < 1 {
				size = 1
			}
			for j := i; j < i+size; j++ {
				b.WriteString(CEscape(s[j]))
			}
			i += size
			continue
		}
		if inEsc {
			b.WriteString(`''`)
			inEsc = false
		}
		if r == '\'' {
			b.WriteString(`'\''`)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteByte('\'')
	return b.String()
}

// ShellQuote is coreutils' quote() (always) and its shell-escape style
// for names (not always): 'x', "it's", 'a'$'\n”b'.
func ShellQuote(s string, always bool) string { return ShellQuoteStyle(s, always, true) }

// QuoteFile is coreutils' quotef, the style of a file name leading a
// message ("df: ':': No such file or directory"): quoted when a shell
// needs it, or when it holds a colon, which would read as the message's
// separator.
func QuoteFile(s string) string { return ShellQuote(s, strings.IndexByte(s, ':') >= 0) }

// printable is iswprint in memsh's UTF-8 locale, as the quoting styles
// use it: not a C0 or C1 control or DEL.
func printable(r rune) bool {
	return !(r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0))
}

// LocaleQuote is gnulib's locale quoting, coreutils' quote() in most
// messages ("invalid number of lines: ‘x’"): ‘...’ in a UTF-8 locale,
// '...' otherwise, with the closing quote, backslashes, controls and
// bytes that are no character C-escaped ('a\'b', ‘a\’b’, ‘\t’, ‘\377’).
func LocaleQuote(s string, utf8Locale bool) string {
	open, close := "'", "'"
	if utf8Locale {
		open, close = "\u2018", "\u2019"
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(open)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1 || !printable(r):
			for _, c := range []byte(s[i : i+max(size, 1)]) {
				b.WriteString(CEscape(c))
			}
		case r == '\\' || s[i:i+size] == close:
			b.WriteByte('\\')
			b.WriteString(s[i : i+size])
		default:
			b.WriteString(s[i : i+size])
		}
		i += max(size, 1)
	}
	b.WriteString(close)
	return b.String()
}

// UTF8Locale reports whether the invocation's locale (LC_ALL, else
// LC_CTYPE, else LANG) is a UTF-8 one, as the quoting styles see it.
func (inv *Invocation) UTF8Locale() bool {
	for _, k := range []string{"LC_ALL", "LC_CTYPE", "LANG"} {
		if v, ok := inv.LookupEnv(k); ok && v != "" {
			v = strings.ToLower(v)
			return strings.Contains(v, "utf-8") || strings.Contains(v, "utf8")
		}
	}
	return false
}

// LocaleQuote is LocaleQuote in the invocation's locale.
func (inv *Invocation) LocaleQuote(s string) string { return LocaleQuote(s, inv.UTF8Locale()) }
