package command

import (
	"fmt"
	"strings"
	"syscall"
	"testing"
)

func TestCEscape(t *testing.T) {
	want := map[byte]string{'\a': `\a`, '\b': `\b`, '\f': `\f`, '\n': `\n`, '\r': `\r`, '\t': `\t`, '\v': `\v`, 0: `\000`, 1: `\001`, 033: `\033`, 0x7f: `\177`, 0x80: `\200`, 0xff: `\377`}
	for c, w := range want {
		if got := CEscape(c); got != w {
			t.Errorf("CEscape(%#x) = %s, want %s", c, got, w)
		}
	}
	// Every other byte is three octal digits, as printf's %03o writes it.
	for c := 0; c < 256; c++ {
		if _, named := want[byte(c)]; named {
			continue
		}
		if got, w := CEscape(byte(c)), fmt.Sprintf(`\%03o`, c); got != w {
			t.Errorf("CEscape(%#x) = %s, want %s", c, got, w)
		}
	}
}

func TestCUnescape(t *testing.T) {
	for in, want := range map[byte]byte{'a': '\a', 'b': '\b', 'e': 0x1b, 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v', '\\': '\\'} {
		if got, ok := CUnescape(in); !ok || got != want {
			t.Errorf("CUnescape(%q) = %q, %v", in, got, ok)
		}
	}
	for _, in := range []byte{'c', 'x', '0', '"', 'E', 'q'} {
		if _, ok := CUnescape(in); ok {
			t.Errorf("CUnescape(%q) claims an escape: each tool reads it its own way", in)
		}
	}
}

func TestSplitLines(t *testing.T) {
	for in, want := range map[string][]string{
		"":       nil,
		"a\nb\n": {"a\n", "b\n"},
		"a\n\nb": {"a\n", "\n", "b"},
		"no eol": {"no eol"},
	} {
		if got := SplitLines([]byte(in)); fmt.Sprint(got) != fmt.Sprint(want) || len(got) != len(want) {
			t.Errorf("SplitLines(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestShellQuote: gnulib's shell-escape style, as coreutils 9.1 prints
// names (`ls --quoting-style=shell-escape`, `rm` and `df` messages).
func TestShellQuote(t *testing.T) {
	for _, c := range []struct {
		in     string
		always bool
		want   string
	}{
		{"abc", false, "abc"},
		{"abc", true, "'abc'"},
		{"a b", false, "'a b'"},
		{"it's", false, `"it's"`},
		{"it's $x", false, `'it'\''s $x'`},
		{"a\nb", false, `'a'$'\n''b'`},
		{"\x01", false, `''$'\001'`},
		{"", false, "''"},
		{"#a", false, "'#a'"},
		{"a#", false, "a#"},
	} {
		if got := ShellQuote(c.in, c.always); got != c.want {
			t.Errorf("ShellQuote(%q, %v) = %s, want %s", c.in, c.always, got, c.want)
		}
	}
	if got := QuoteFile("a:b"); got != "'a:b'" {
		t.Errorf("QuoteFile(a:b) = %s", got)
	}
	if got := QuoteFile("ab"); got != "ab" {
		t.Errorf("QuoteFile(ab) = %s", got)
	}
}

// TestShellQuoteLocale: the four shell quoting styles in both locales,
// each want recorded from coreutils 9.1's
// `LC_ALL=L ls -d --quoting-style=S -- NAME`.
func TestShellQuoteLocale(t *testing.T) {
	cases := []struct {
		in                    string
		always, escapes, utf8 bool
		want                  string
	}{
		{"a b", false, false, true, "'a b'"},
		{"it's", false, false, true, "\"it's\""},
		{"say\"hi\"", false, false, true, "'say\"hi\"'"},
		{"a\x0ab", false, false, true, "'a\x0ab'"},
		{"a\x09b", false, false, true, "'a\x09b'"},
		{"\xffx", false, false, true, "\xffx"},
		{"-dash", false, false, true, "-dash"},
		{"a:b", false, false, true, "a:b"},
		{"x$y", false, false, true, "'x$y'"},
		{"it's $x", false, false, true, "'it'\\''s $x'"},
		{"\xc3\xa9\xe2\x82\xac", false, false, true, "\xc3\xa9\xe2\x82\xac"},
		{"\x7f", false, false, true, "\x7f"},
		{"\xc2\x9b", false, false, true, "\xc2\x9b"},
		{"\x9b", false, false, true, "\x9b"},
		{"it's (x)", false, false, true, "'it'\\''s (x)'"},
		{"a\x0a'b", false, false, true, "'a\x0a'\\''b'"},
		{"it's{x", false, false, true, "'it'\\''s{x'"},
		{"#it's", false, false, true, "\"#it's\""},
		{"it's#", false, false, true, "'it'\\''s#'"},
		{"it's@\xc3\xa9", false, false, true, "\"it's@\xc3\xa9\""},
		{"it's\x9b", false, false, true, "'it'\\''s\x9b'"},
		{"\x07", false, false, true, "\x07"},
		{"a\x01b", false, false, true, "a\x01b"},
		{"{", false, false, true, "'{'"},
		{"it's\\", false, false, true, "'it'\\''s\\'"},
		{"a'\x0a", false, false, true, "'a'\\''\x0a'"},
		{"\x0aa'b\x0a", false, false, true, "'\x0aa'\\''b\x0a'"},
		{"'\x0a", false, false, true, "''\\''\x0a'"},
		{"~x", false, false, true, "'~x'"},
		{"x~", false, false, true, "x~"},
		{"plain", false, false, true, "plain"},
		{"a=b", false, false, true, "'a=b'"},
		{"it's\x0d", false, false, true, "'it'\\''s\x0d'"},
		{"a b", true, false, true, "'a b'"},
		{"it's", true, false, true, "\"it's\""},
		{"say\"hi\"", true, false, true, "'say\"hi\"'"},
		{"a\x0ab", true, false, true, "'a\x0ab'"},
		{"a\x09b", true, false, true, "'a\x09b'"},
		{"\xffx", true, false, true, "'\xffx'"},
		{"-dash", true, false, true, "'-dash'"},
		{"a:b", true, false, true, "'a:b'"},
		{"x$y", true, false, true, "'x$y'"},
		{"it's $x", true, false, true, "'it'\\''s $x'"},
		{"\xc3\xa9\xe2\x82\xac", true, false, true, "'\xc3\xa9\xe2\x82\xac'"},
		{"\x7f", true, false, true, "'\x7f'"},
		{"\xc2\x9b", true, false, true, "'\xc2\x9b'"},
		{"\x9b", true, false, true, "'\x9b'"},
		{"it's (x)", true, false, true, "'it'\\''s (x)'"},
		{"a\x0a'b", true, false, true, "'a\x0a'\\''b'"},
		{"it's{x", true, false, true, "'it'\\''s{x'"},
		{"#it's", true, false, true, "\"#it's\""},
		{"it's#", true, false, true, "'it'\\''s#'"},
		{"it's@\xc3\xa9", true, false, true, "\"it's@\xc3\xa9\""},
		{"it's\x9b", true, false, true, "'it'\\''s\x9b'"},
		{"\x07", true, false, true, "'\x07'"},
		{"a\x01b", true, false, true, "'a\x01b'"},
		{"{", true, false, true, "'{'"},
		{"it's\\", true, false, true, "'it'\\''s\\'"},
		{"a'\x0a", true, false, true, "'a'\\''\x0a'"},
		{"\x0aa'b\x0a", true, false, true, "'\x0aa'\\''b\x0a'"},
		{"'\x0a", true, false, true, "''\\''\x0a'"},
		{"~x", true, false, true, "'~x'"},
		{"x~", true, false, true, "'x~'"},
		{"plain", true, false, true, "'plain'"},
		{"a=b", true, false, true, "'a=b'"},
		{"it's\x0d", true, false, true, "'it'\\''s\x0d'"},
		{"a b", false, true, true, "'a b'"},
		{"it's", false, true, true, "\"it's\""},
		{"say\"hi\"", false, true, true, "'say\"hi\"'"},
		{"a\x0ab", false, true, true, "'a'$'\\n''b'"},
		{"a\x09b", false, true, true, "'a'$'\\t''b'"},
		{"\xffx", false, true, true, "''$'\\377''x'"},
		{"-dash", false, true, true, "-dash"},
		{"a:b", false, true, true, "a:b"},
		{"x$y", false, true, true, "'x$y'"},
		{"it's $x", false, true, true, "'it'\\''s $x'"},
		{"\xc3\xa9\xe2\x82\xac", false, true, true, "\xc3\xa9\xe2\x82\xac"},
		{"\x7f", false, true, true, "''$'\\177'"},
		{"\xc2\x9b", false, true, true, "''$'\\302\\233'"},
		{"\x9b", false, true, true, "''$'\\233'"},
		{"it's (x)", false, true, true, "'it'\\''s (x)'"},
		{"a\x0a'b", false, true, true, "'a'$'\\n'\\''b'"},
		{"it's{x", false, true, true, "'it'\\''s{x'"},
		{"#it's", false, true, true, "\"#it's\""},
		{"it's#", false, true, true, "'it'\\''s#'"},
		{"it's@\xc3\xa9", false, true, true, "\"it's@\xc3\xa9\""},
		{"it's\x9b", false, true, true, "'''it'\\''s'$'\\233'"},
		{"\x07", false, true, true, "''$'\\a'"},
		{"a\x01b", false, true, true, "'a'$'\\001''b'"},
		{"{", false, true, true, "'{'"},
		{"it's\\", false, true, true, "'it'\\''s\\'"},
		{"a'\x0a", false, true, true, "'''a'\\'''$'\\n'"},
		{"\x0aa'b\x0a", false, true, true, "'\\n''a'\\''b'$'\\n'"},
		{"'\x0a", false, true, true, "''\\'''$'\\n'"},
		{"~x", false, true, true, "'~x'"},
		{"x~", false, true, true, "x~"},
		{"plain", false, true, true, "plain"},
		{"a=b", false, true, true, "'a=b'"},
		{"it's\x0d", false, true, true, "'''it'\\''s'$'\\r'"},
		{"a b", true, true, true, "'a b'"},
		{"it's", true, true, true, "\"it's\""},
		{"say\"hi\"", true, true, true, "'say\"hi\"'"},
		{"a\x0ab", true, true, true, "'a'$'\\n''b'"},
		{"a\x09b", true, true, true, "'a'$'\\t''b'"},
		{"\xffx", true, true, true, "''$'\\377''x'"},
		{"-dash", true, true, true, "'-dash'"},
		{"a:b", true, true, true, "'a:b'"},
		{"x$y", true, true, true, "'x$y'"},
		{"it's $x", true, true, true, "'it'\\''s $x'"},
		{"\xc3\xa9\xe2\x82\xac", true, true, true, "'\xc3\xa9\xe2\x82\xac'"},
		{"\x7f", true, true, true, "''$'\\177'"},
		{"\xc2\x9b", true, true, true, "''$'\\302\\233'"},
		{"\x9b", true, true, true, "''$'\\233'"},
		{"it's (x)", true, true, true, "'it'\\''s (x)'"},
		{"a\x0a'b", true, true, true, "'a'$'\\n'\\''b'"},
		{"it's{x", true, true, true, "'it'\\''s{x'"},
		{"#it's", true, true, true, "\"#it's\""},
		{"it's#", true, true, true, "'it'\\''s#'"},
		{"it's@\xc3\xa9", true, true, true, "\"it's@\xc3\xa9\""},
		{"it's\x9b", true, true, true, "'''it'\\''s'$'\\233'"},
		{"\x07", true, true, true, "''$'\\a'"},
		{"a\x01b", true, true, true, "'a'$'\\001''b'"},
		{"{", true, true, true, "'{'"},
		{"it's\\", true, true, true, "'it'\\''s\\'"},
		{"a'\x0a", true, true, true, "'''a'\\'''$'\\n'"},
		{"\x0aa'b\x0a", true, true, true, "'\\n''a'\\''b'$'\\n'"},
		{"'\x0a", true, true, true, "''\\'''$'\\n'"},
		{"~x", true, true, true, "'~x'"},
		{"x~", true, true, true, "'x~'"},
		{"plain", true, true, true, "'plain'"},
		{"a=b", true, true, true, "'a=b'"},
		{"it's\x0d", true, true, true, "'''it'\\''s'$'\\r'"},
		{"a b", false, false, false, "'a b'"},
		{"it's", false, false, false, "\"it's\""},
		{"say\"hi\"", false, false, false, "'say\"hi\"'"},
		{"a\x0ab", false, false, false, "'a\x0ab'"},
		{"a\x09b", false, false, false, "'a\x09b'"},
		{"\xffx", false, false, false, "\xffx"},
		{"-dash", false, false, false, "-dash"},
		{"a:b", false, false, false, "a:b"},
		{"x$y", false, false, false, "'x$y'"},
		{"it's $x", false, false, false, "'it'\\''s $x'"},
		{"\xc3\xa9\xe2\x82\xac", false, false, false, "\xc3\xa9\xe2\x82\xac"},
		{"\x7f", false, false, false, "\x7f"},
		{"\xc2\x9b", false, false, false, "\xc2\x9b"},
		{"\x9b", false, false, false, "\x9b"},
		{"it's (x)", false, false, false, "'it'\\''s (x)'"},
		{"a\x0a'b", false, false, false, "'a\x0a'\\''b'"},
		{"it's{x", false, false, false, "'it'\\''s{x'"},
		{"#it's", false, false, false, "\"#it's\""},
		{"it's#", false, false, false, "'it'\\''s#'"},
		{"it's@\xc3\xa9", false, false, false, "'it'\\''s@\xc3\xa9'"},
		{"it's\x9b", false, false, false, "'it'\\''s\x9b'"},
		{"\x07", false, false, false, "\x07"},
		{"a\x01b", false, false, false, "a\x01b"},
		{"{", false, false, false, "'{'"},
		{"it's\\", false, false, false, "'it'\\''s\\'"},
		{"a'\x0a", false, false, false, "'a'\\''\x0a'"},
		{"\x0aa'b\x0a", false, false, false, "'\x0aa'\\''b\x0a'"},
		{"'\x0a", false, false, false, "''\\''\x0a'"},
		{"~x", false, false, false, "'~x'"},
		{"x~", false, false, false, "x~"},
		{"plain", false, false, false, "plain"},
		{"a=b", false, false, false, "'a=b'"},
		{"it's\x0d", false, false, false, "'it'\\''s\x0d'"},
		{"a b", true, false, false, "'a b'"},
		{"it's", true, false, false, "\"it's\""},
		{"say\"hi\"", true, false, false, "'say\"hi\"'"},
		{"a\x0ab", true, false, false, "'a\x0ab'"},
		{"a\x09b", true, false, false, "'a\x09b'"},
		{"\xffx", true, false, false, "'\xffx'"},
		{"-dash", true, false, false, "'-dash'"},
		{"a:b", true, false, false, "'a:b'"},
		{"x$y", true, false, false, "'x$y'"},
		{"it's $x", true, false, false, "'it'\\''s $x'"},
		{"\xc3\xa9\xe2\x82\xac", true, false, false, "'\xc3\xa9\xe2\x82\xac'"},
		{"\x7f", true, false, false, "'\x7f'"},
		{"\xc2\x9b", true, false, false, "'\xc2\x9b'"},
		{"\x9b", true, false, false, "'\x9b'"},
		{"it's (x)", true, false, false, "'it'\\''s (x)'"},
		{"a\x0a'b", true, false, false, "'a\x0a'\\''b'"},
		{"it's{x", true, false, false, "'it'\\''s{x'"},
		{"#it's", true, false, false, "\"#it's\""},
		{"it's#", true, false, false, "'it'\\''s#'"},
		{"it's@\xc3\xa9", true, false, false, "'it'\\''s@\xc3\xa9'"},
		{"it's\x9b", true, false, false, "'it'\\''s\x9b'"},
		{"\x07", true, false, false, "'\x07'"},
		{"a\x01b", true, false, false, "'a\x01b'"},
		{"{", true, false, false, "'{'"},
		{"it's\\", true, false, false, "'it'\\''s\\'"},
		{"a'\x0a", true, false, false, "'a'\\''\x0a'"},
		{"\x0aa'b\x0a", true, false, false, "'\x0aa'\\''b\x0a'"},
		{"'\x0a", true, false, false, "''\\''\x0a'"},
		{"~x", true, false, false, "'~x'"},
		{"x~", true, false, false, "'x~'"},
		{"plain", true, false, false, "'plain'"},
		{"a=b", true, false, false, "'a=b'"},
		{"it's\x0d", true, false, false, "'it'\\''s\x0d'"},
		{"a b", false, true, false, "'a b'"},
		{"it's", false, true, false, "\"it's\""},
		{"say\"hi\"", false, true, false, "'say\"hi\"'"},
		{"a\x0ab", false, true, false, "'a'$'\\n''b'"},
		{"a\x09b", false, true, false, "'a'$'\\t''b'"},
		{"\xffx", false, true, false, "''$'\\377''x'"},
		{"-dash", false, true, false, "-dash"},
		{"a:b", false, true, false, "a:b"},
		{"x$y", false, true, false, "'x$y'"},
		{"it's $x", false, true, false, "'it'\\''s $x'"},
		{"\xc3\xa9\xe2\x82\xac", false, true, false, "''$'\\303\\251\\342\\202\\254'"},
		{"\x7f", false, true, false, "''$'\\177'"},
		{"\xc2\x9b", false, true, false, "''$'\\302\\233'"},
		{"\x9b", false, true, false, "''$'\\233'"},
		{"it's (x)", false, true, false, "'it'\\''s (x)'"},
		{"a\x0a'b", false, true, false, "'a'$'\\n'\\''b'"},
		{"it's{x", false, true, false, "'it'\\''s{x'"},
		{"#it's", false, true, false, "\"#it's\""},
		{"it's#", false, true, false, "'it'\\''s#'"},
		{"it's@\xc3\xa9", false, true, false, "'''it'\\''s@'$'\\303\\251'"},
		{"it's\x9b", false, true, false, "'''it'\\''s'$'\\233'"},
		{"\x07", false, true, false, "''$'\\a'"},
		{"a\x01b", false, true, false, "'a'$'\\001''b'"},
		{"{", false, true, false, "'{'"},
		{"it's\\", false, true, false, "'it'\\''s\\'"},
		{"a'\x0a", false, true, false, "'''a'\\'''$'\\n'"},
		{"\x0aa'b\x0a", false, true, false, "'\\n''a'\\''b'$'\\n'"},
		{"'\x0a", false, true, false, "''\\'''$'\\n'"},
		{"~x", false, true, false, "'~x'"},
		{"x~", false, true, false, "x~"},
		{"plain", false, true, false, "plain"},
		{"a=b", false, true, false, "'a=b'"},
		{"it's\x0d", false, true, false, "'''it'\\''s'$'\\r'"},
		{"a b", true, true, false, "'a b'"},
		{"it's", true, true, false, "\"it's\""},
		{"say\"hi\"", true, true, false, "'say\"hi\"'"},
		{"a\x0ab", true, true, false, "'a'$'\\n''b'"},
		{"a\x09b", true, true, false, "'a'$'\\t''b'"},
		{"\xffx", true, true, false, "''$'\\377''x'"},
		{"-dash", true, true, false, "'-dash'"},
		{"a:b", true, true, false, "'a:b'"},
		{"x$y", true, true, false, "'x$y'"},
		{"it's $x", true, true, false, "'it'\\''s $x'"},
		{"\xc3\xa9\xe2\x82\xac", true, true, false, "''$'\\303\\251\\342\\202\\254'"},
		{"\x7f", true, true, false, "''$'\\177'"},
		{"\xc2\x9b", true, true, false, "''$'\\302\\233'"},
		{"\x9b", true, true, false, "''$'\\233'"},
		{"it's (x)", true, true, false, "'it'\\''s (x)'"},
		{"a\x0a'b", true, true, false, "'a'$'\\n'\\''b'"},
		{"it's{x", true, true, false, "'it'\\''s{x'"},
		{"#it's", true, true, false, "\"#it's\""},
		{"it's#", true, true, false, "'it'\\''s#'"},
		{"it's@\xc3\xa9", true, true, false, "'''it'\\''s@'$'\\303\\251'"},
		{"it's\x9b", true, true, false, "'''it'\\''s'$'\\233'"},
		{"\x07", true, true, false, "''$'\\a'"},
		{"a\x01b", true, true, false, "'a'$'\\001''b'"},
		{"{", true, true, false, "'{'"},
		{"it's\\", true, true, false, "'it'\\''s\\'"},
		{"a'\x0a", true, true, false, "'''a'\\'''$'\\n'"},
		{"\x0aa'b\x0a", true, true, false, "'\\n''a'\\''b'$'\\n'"},
		{"'\x0a", true, true, false, "''\\'''$'\\n'"},
		{"~x", true, true, false, "'~x'"},
		{"x~", true, true, false, "'x~'"},
		{"plain", true, true, false, "'plain'"},
		{"a=b", true, true, false, "'a=b'"},
		{"it's\x0d", true, true, false, "'''it'\\''s'$'\\r'"},
	}
	for _, c := range cases {
		if got := ShellQuoteLocale(c.in, c.always, c.escapes, c.utf8); got != c.want {
			t.Errorf("ShellQuoteLocale(%q, always=%v, escapes=%v, utf8=%v) = %q, want %q", c.in, c.always, c.escapes, c.utf8, got, c.want)
		}
	}
}

// TestLocaleQuoteGNU: each want recorded from coreutils 9.1's
// `LC_ALL=C.UTF-8 mkdir -- NAME` and `LC_ALL=C mkdir -- NAME` messages.
func TestLocaleQuoteGNU(t *testing.T) {
	cases := []struct {
		in   string
		utf8 bool
		want string
	}{
		{"a b/x", true, "\xe2\x80\x98a b/x\xe2\x80\x99"},
		{"it's/x", true, "\xe2\x80\x98it's/x\xe2\x80\x99"},
		{"a\x0ab/x", true, "\xe2\x80\x98a\\nb/x\xe2\x80\x99"},
		{"\xffx/x", true, "\xe2\x80\x98\\377x/x\xe2\x80\x99"},
		{"\xc3\xa9\xe2\x82\xac/x", true, "\xe2\x80\x98\xc3\xa9\xe2\x82\xac/x\xe2\x80\x99"},
		{"\xc2\x9b/x", true, "\xe2\x80\x98\\302\\233/x\xe2\x80\x99"},
		{"a\\b/x", true, "\xe2\x80\x98a\\\\b/x\xe2\x80\x99"},
		{"a\xe2\x80\x99b/x", true, "\xe2\x80\x98a\\\xe2\x80\x99b/x\xe2\x80\x99"},
		{"-dash/x", true, "\xe2\x80\x98-dash/x\xe2\x80\x99"},
		{"a b/x", false, "'a b/x'"},
		{"it's/x", false, "'it\\'s/x'"},
		{"a\x0ab/x", false, "'a\\nb/x'"},
		{"\xffx/x", false, "'\\377x/x'"},
		{"\xc3\xa9\xe2\x82\xac/x", false, "'\\303\\251\\342\\202\\254/x'"},
		{"\xc2\x9b/x", false, "'\\302\\233/x'"},
		{"a\\b/x", false, "'a\\\\b/x'"},
		{"a\xe2\x80\x99b/x", false, "'a\\342\\200\\231b/x'"},
		{"-dash/x", false, "'-dash/x'"},
	}
	for _, c := range cases {
		if got := LocaleQuote(c.in, c.utf8); got != c.want {
			t.Errorf("LocaleQuote(%q, %v) = %q, want %q", c.in, c.utf8, got, c.want)
		}
	}
}

// TestFileError: coreutils' "od: FILE: strerror", each want recorded
// from `LC_ALL=L od -- NAME` (coreutils 9.1) for a missing NAME.
func TestFileError(t *testing.T) {
	cases := []struct {
		name, locale, want string
	}{
		{"a b", "C.UTF-8", `od: 'a b': No such file or directory`},
		{"it's", "C.UTF-8", `od: "it's": No such file or directory`},
		{"a\nb", "C.UTF-8", `od: 'a'$'\n''b': No such file or directory`},
		{"\xffx", "C.UTF-8", `od: ''$'\377''x': No such file or directory`},
		{"é", "C.UTF-8", `od: é: No such file or directory`},
		{"é", "C", `od: ''$'\303\251': No such file or directory`},
		{"a:b", "C", `od: 'a:b': No such file or directory`},
		{"-dash", "C", `od: -dash: No such file or directory`},
	}
	for _, c := range cases {
		var stderr strings.Builder
		inv := &Invocation{Args: []string{"od"}, Environ: []string{"LC_ALL=" + c.locale}, Stdio: Stdio{Stderr: &stderr}}
		if st := inv.FileError(c.name, syscall.ENOENT); st != 1 {
			t.Errorf("FileError(%q) = %d, want 1", c.name, st)
		}
		if got := strings.TrimSuffix(stderr.String(), "\n"); got != c.want {
			t.Errorf("FileError(%q) in %s printed %q, want %q", c.name, c.locale, got, c.want)
		}
	}
}

// TestEscapeQuote: GNU tar 1.34's names, recorded from `LC_ALL=L tar tf`
// (listing) and its "NAME: Not found in archive" message (also ":").
func TestEscapeQuote(t *testing.T) {
	cases := []struct {
		in, also string
		utf8     bool
		want     string
	}{
		{"a\nb", "", true, `a\nb`},
		{"\xffx", "", true, `\377x`},
		{"\xc2\x9b", "", true, `\302\233`},
		{"é", "", true, "é"},
		{"é", "", false, `\303\251`},
		{"\x7f", "", false, `\177`},
		{"a:b", "", true, "a:b"},
		{"a:b/nope", ":", true, `a\:b/nope`},
		{"it's", ":", false, "it's"},
	}
	for _, c := range cases {
		if got := EscapeQuote(c.in, c.utf8, c.also); got != c.want {
			t.Errorf("EscapeQuote(%q, %v, %q) = %q, want %q", c.in, c.utf8, c.also, got, c.want)
		}
	}
}
