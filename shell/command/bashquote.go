package command

import (
	"strings"
	"unicode/utf8"
)

// BashStyle is one of the forms bash quotes a word in when it prints
// one back as shell input. (Coreutils' and ls's quoting is gnulib's,
// ShellQuoteStyle.)
type BashStyle int

const (
	// BashSingle is sh_single_quote ('a b', 'it'\''s', and \' for a
	// lone quote): alias, set, ${x@Q}, xtrace.
	BashSingle BashStyle = iota
	// BashDouble is sh_double_quote ("a b", with \ before \ " $ `):
	// declare -p.
	BashDouble
	// BashANSIC is ansic_quote ($'a\nb'): \a \b \E \f \n \r \t \v \\ \'
	// and three octal digits for any other control byte or byte that is
	// no UTF-8 character.
	BashANSIC
	// BashBackslash is printf %q (sh_backslash_quote): a\ b, it\'s, ''
	// for the empty string; $'...' when s holds a control character or
	// a byte that is no character.
	BashBackslash
)

// BashQuote quotes s in style.
func BashQuote(s string, style BashStyle) string {
	switch style {
	case BashSingle:
		if s == "'" {
			return `\'` // sh_single_quote's one special case
		}
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	case BashDouble:
		r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\$`, "`", "\\`")
		return `"` + r.Replace(s) + `"`
	case BashANSIC:
		return ansicQuote(s)
	}
	if NeedsANSIC(s) {
		return ansicQuote(s)
	}
	if s == "" {
		return "''"
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if strings.IndexByte(" !\"$&'()*,;<>?[\\]^`{|}", c) >= 0 || (c == '~' || c == '#') && i == 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// BashQuoteValue quotes a variable's value as ${x@Q} (BashSingle) and
// declare -p (BashDouble) print it: in style, or $'...' when it holds a
// control character or a byte that is no character.
func BashQuoteValue(s string, style BashStyle) string {
	if NeedsANSIC(s) {
		return ansicQuote(s)
	}
	return BashQuote(s, style)
}

// BashQuoteIfNeeded quotes s only when bash must, as its set listing
// prints a value and declare -p an associative array's key: $'...' when
// NeedsANSIC, in style when BashHasMetas, else s as it is (so "" stays
// empty).
func BashQuoteIfNeeded(s string, style BashStyle) string {
	switch {
	case NeedsANSIC(s):
		return ansicQuote(s)
	case BashHasMetas(s):
		return BashQuote(s, style)
	}
	return s
}

// BashHasMetas reports whether s holds a character the shell reads
// specially (bash's sh_contains_shell_metas): a blank, newline, quote or
// backslash, one of |&;()<>!{}*[?]^$`, a ~ at the start or after = or :,
// or a # at the start.
func BashHasMetas(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case strings.IndexByte(" \t\n'\"\\|&;()<>!{}*[?]^$`", c) >= 0:
			return true
		case c == '~' && (i == 0 || s[i-1] == '=' || s[i-1] == ':'):
			return true
		case c == '#' && i == 0:
			return true
		}
	}
	return false
}

// NeedsANSIC reports whether bash writes s in $'...': it holds a C0
// or C1 control, DEL, or a byte that is no UTF-8 character.
func NeedsANSIC(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f {
			return true
		}
	}
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 || !printable(r) {
			return true
		}
		i += n
	}
	return false
}

func ansicQuote(s string) string {
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x80 {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n <= 1 {
				b.WriteString(octal(c))
				i++
				continue
			}
			if !printable(r) { // a C1 control: each byte in octal, as bash
				for _, c := range []byte(s[i : i+n]) {
					b.WriteString(octal(c))
				}
				i += n
				continue
			}
			b.WriteString(s[i : i+n])
			i += n
			continue
		}
		switch c {
		case 0x1b:
			b.WriteString(`\E`)
		case '\\':
			b.WriteString(`\\`)
		case '\'':
			b.WriteString(`\'`)
		default:
			if c < 0x20 || c == 0x7f {
				b.WriteString(CEscape(c))
			} else {
				b.WriteByte(c)
			}
		}
		i++
	}
	b.WriteByte('\'')
	return b.String()
}

func octal(c byte) string {
	return string([]byte{'\\', '0' + c>>6, '0' + c>>3&7, '0' + c&7})
}
