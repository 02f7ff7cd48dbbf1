package command

import "testing"

// TestBashQuote: what bash 5.2 prints in C.UTF-8 for printf %q, ${x@Q}
// and declare -p x.
func TestBashQuote(t *testing.T) {
	for _, c := range []struct{ in, printfQ, atQ, declareP string }{
		{"a b", `a\ b`, `'a b'`, `"a b"`},
		{"it's", `it\'s`, `'it'\''s'`, `"it's"`},
		{"'", `\'`, `\'`, `"'"`},
		{"", `''`, `''`, `""`},
		{"x", `x`, `'x'`, `"x"`},
		{"a\nb", `$'a\nb'`, `$'a\nb'`, `$'a\nb'`},
		{"\x1b[1m", `$'\E[1m'`, `$'\E[1m'`, `$'\E[1m'`},
		{"x\xffy", `$'x\377y'`, `$'x\377y'`, `$'x\377y'`},
		{"é", `é`, `'é'`, `"é"`},
		{"~a", `\~a`, `'~a'`, `"~a"`},
		{"#a", `\#a`, `'#a'`, `"#a"`},
		{"a#", `a#`, `'a#'`, `"a#"`},
		{"$HOME", `\$HOME`, `'$HOME'`, `"\$HOME"`},
		{`a"b`, `a\"b`, `'a"b'`, `"a\"b"`},
		{`a\b`, `a\\b`, `'a\b'`, `"a\\b"`},
		{"{a}", `\{a\}`, `'{a}'`, `"{a}"`},
		{"\x7f", `$'\177'`, `$'\177'`, `$'\177'`},
		{"t\tb", `$'t\tb'`, `$'t\tb'`, `$'t\tb'`},
		{"é\xc2\x9bz", `$'é\302\233z'`, `$'é\302\233z'`, `$'é\302\233z'`},
	} {
		if got := BashQuote(c.in, BashBackslash); got != c.printfQ {
			t.Errorf("printf %%q %q: got %s, bash prints %s", c.in, got, c.printfQ)
		}
		if got := BashQuoteValue(c.in, BashSingle); got != c.atQ {
			t.Errorf("${x@Q} of %q: got %s, bash prints %s", c.in, got, c.atQ)
		}
		if got := BashQuoteValue(c.in, BashDouble); got != c.declareP {
			t.Errorf("declare -p of %q: got %s, bash prints %s", c.in, got, c.declareP)
		}
	}
}

// TestBashQuoteIfNeeded: what bash 5.2 lists in C.UTF-8 for x=V; set.
func TestBashQuoteIfNeeded(t *testing.T) {
	for _, c := range []struct{ in, set string }{
		{"a~b", `a~b`}, {"~a", `'~a'`}, {"a=~b", `'a=~b'`}, {"a:~b", `'a:~b'`},
		{"a#", `a#`}, {"#a", `'#a'`}, {"é", `é`}, {"a^b", `'a^b'`},
		{"", ``}, {"a%b", `a%b`}, {"x=1", `x=1`}, {"a b", `'a b'`},
		{"a b", `$'a b\a'`}, {"it's", `'it'\''s'`},
	} {
		if got := BashQuoteIfNeeded(c.in, BashSingle); got != c.set {
			t.Errorf("set of %q: got %s, bash prints %s", c.in, got, c.set)
		}
	}
}

// TestLocaleQuote: coreutils 9.1's tail --lines=S message quoting S, in
// LC_ALL=C and C.UTF-8.
func TestLocaleQuote(t *testing.T) {
	for _, c := range []struct {
		in   string
		utf8 bool
		want string
	}{
		{"a'b\\c\t", false, `'a\'b\\c\t'`},
		{"a'b’\\c\t\u0085é", true, `‘a'b\’\\c\t\302\205é’`},
		{"x\xff", true, `‘x\377’`},
		{"", true, "‘’"},
	} {
		if got := LocaleQuote(c.in, c.utf8); got != c.want {
			t.Errorf("%q (UTF-8 %v): got %s, want %s", c.in, c.utf8, got, c.want)
		}
	}
}
