package command

import (
	"fmt"
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
