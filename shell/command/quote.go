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

// ShellQuoteStyle is gnulib's shell quoting in a UTF-8 locale, the one
// way memsh's commands quote a file name for a message or a listing:
// see ShellQuoteLocale.
func ShellQuoteStyle(s string, always, escapes bool) string {
	return ShellQuoteLocale(s, always, escapes, true)
}

// ShellQuoteLocale is gnulib's shell quoting (coreutils 9.1): bare when
// a shell would read the name as it is (unless always), else in single
// quotes, or in double quotes when the name holds a single quote and
// nothing a double-quoted word would change. escapes selects the
// shell-escape variants, which write control characters and bytes that
// are no printable character as $'\n' segments; the plain variants
// keep them raw and quote only for a newline, tab or CR. utf8Locale
// says whether bytes past ASCII can be characters; in the C locale each
// is unprintable ('\303\251' for "é").
//
// # Notes
//
// gnulib 9.1 keeps the $'...' state of its first pass when it rescans a
// name holding a single quote, so a name ending in an escape gets a
// stray pair of single quotes before its first plain character; "a'\n"
// prints as
//
//	'''a'\'''$'\n'
//
// memsh prints the same bytes, as scripts compare them with GNU's.
func ShellQuoteLocale(s string, always, escapes, utf8Locale bool) string {
	if !always && !shellNeedsQuotes(s, escapes, utf8Locale) {
		return s
	}
	out, pending, compat, single := shellQuotePass(s, escapes, utf8Locale, false)
	if !single {
		return out
	}
	if compat {
		return `"` + s + `"`
	}
	out, _, _, _ = shellQuotePass(s, escapes, utf8Locale, pending)
	return out
}

// shellSpecial are the bytes a shell reads specially anywhere in a word.
const shellSpecial = "?\\\n\r\t !\"$&()*;<=>[^`|'"

// textUnit is the length of the character at s[i] (one byte if it is
// none, or in the C locale) and whether it is printable.
func textUnit(s string, i int, utf8Locale bool) (int, bool) {
	if !utf8Locale {
		return 1, s[i] >= 0x20 && s[i] < 0x7f
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && size <= 1 {
		return 1, false
	}
	return size, printable(r)
}

// shellNeedsQuotes reports whether the shell styles quote s when they
// may leave it bare.
func shellNeedsQuotes(s string, escapes, utf8Locale bool) bool {
	if s == "" {
		return true
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case strings.IndexByte(shellSpecial, c) >= 0:
			return true
		case c == '{' || c == '}':
			if len(s) == 1 {
				return true
			}
		case c == '#' || c == '~':
			if i == 0 {
				return true
			}
		case c < 0x20 || c >= 0x7f:
			size, ok := textUnit(s, i, utf8Locale)
			if !ok && escapes {
				return true
			}
			i += size
			continue
		}
		i++
	}
	return false
}

// shellQuotePass writes s in single quotes, with $'...' segments when
// escapes, starting inside one when pending. It returns whether the
// output ends inside one, whether s has only characters that read the
// same in double quotes, and whether it has a single quote.
func shellQuotePass(s string, escapes, utf8Locale, pending bool) (out string, endPending, compat, single bool) {
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteByte('\'')
	compat = true
	plain := func(t string) {
		if pending {
			b.WriteString(`''`)
			pending = false
		}
		b.WriteString(t)
	}
	for i := 0; i < len(s); {
		c := s[i]
		size := 1
		switch {
		case c == '\'':
			single = true
			b.WriteString(`'\''`)
			pending = false
		case c == '{' || c == '}':
			compat = compat && len(s) == 1
			plain(s[i : i+1])
		case c == '#' || c == '~':
			compat = compat && i == 0
			plain(s[i : i+1])
		case c == ' ':
			plain(" ")
		case c >= 0x20 && c < 0x7f && strings.IndexByte(shellSpecial, c) >= 0:
			compat = false
			plain(s[i : i+1])
		case c < 0x20 || c >= 0x7f:
			var ok bool
			size, ok = textUnit(s, i, utf8Locale)
			if ok {
				plain(s[i : i+size])
				break
			}
			compat = false
			for j := i; j < i+size; j++ {
				if !escapes {
					plain(s[j : j+1])
					continue
				}
				if !pending {
					b.WriteString(`'$'`)
					pending = true
				}
				b.WriteString(CEscape(s[j]))
			}
		default:
			plain(s[i : i+1])
		}
		i += size
	}
	b.WriteByte('\'')
	return b.String(), pending, compat, single
}

// ShellQuote is coreutils' quote() (always) and its shell-escape style
// for names (not always): 'x', "it's", 'a'$'\n' for "a\n".
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
// bytes that are no character C-escaped ('a\'b', ‘a\’b’, ‘\t’, ‘\377’);
// in the C locale every byte past ASCII is one ('\303\251' for "é").
func LocaleQuote(s string, utf8Locale bool) string {
	open, close := "'", "'"
	if utf8Locale {
		open, close = "\u2018", "\u2019"
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(open)
	for i := 0; i < len(s); {
		size, ok := textUnit(s, i, utf8Locale)
		switch {
		case !ok:
			for _, c := range []byte(s[i : i+size]) {
				b.WriteString(CEscape(c))
			}
		case s[i] == '\\' || s[i:i+size] == close:
			b.WriteByte('\\')
			b.WriteString(s[i : i+size])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
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

// ShellQuote is ShellQuote in the invocation's locale.
func (inv *Invocation) ShellQuote(s string, always bool) string {
	return ShellQuoteLocale(s, always, true, inv.UTF8Locale())
}

// QuoteFile is QuoteFile in the invocation's locale.
func (inv *Invocation) QuoteFile(s string) string {
	return inv.ShellQuote(s, strings.IndexByte(s, ':') >= 0)
}

// EscapeQuote is gnulib's escape quoting, GNU tar's style for member and
// file names: no quotes, a backslash before a backslash and before each
// byte of also (tar's messages pass ":"), C escapes for characters that
// are not printable in the locale ("a\nb", "\377x", "a\:b").
func EscapeQuote(s string, utf8Locale bool, also string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		size, ok := textUnit(s, i, utf8Locale)
		switch {
		case !ok:
			for _, c := range []byte(s[i : i+size]) {
				b.WriteString(CEscape(c))
			}
		case s[i] == '\\' || strings.IndexByte(also, s[i]) >= 0:
			b.WriteByte('\\')
			b.WriteByte(s[i])
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}
