package printf

import (
	"strings"
	"testing"

	"memsh/shell/command"
)

// Expected outputs are bash 5.2's printf builtin on Linux (C.UTF-8).
func TestFormat(t *testing.T) {
	cases := []struct {
		format string
		args   []string
		want   string
		warn   string
		status int
	}{
		{"%5.2f|%e|%g|%G|%E\n", []string{"3.14159", "1234.5", "0.0001", "1e20", "5"}, " 3.14|1.234500e+03|0.0001|1E+20|5.000000E+00\n", "", 0},
		{"%q\n", []string{"a b", "it's", "a\tb", "", "abc", "a*b", "~x", "a=b"}, "a\\ b\nit\\'s\n$'a\\tb'\n''\nabc\na\\*b\n\\~x\na=b\n", "", 0},
		{"%d %d %d\n", []string{"0x10", "010", "'A"}, "16 8 65\n", "", 0},
		{"%s-%s\n", []string{"a", "b", "c"}, "a-b\nc-\n", "", 0},
		{"%x %X %o %#x %#o %+d % d %05.1f %-5d|\n", []string{"255", "255", "8", "255", "8", "5", "5", "3.14159", "3"}, "ff FF 10 0xff 010 +5  5 003.1 3    |\n", "", 0},
		{"%d\n", []string{"abc"}, "0\n", "abc: invalid number", 1},
		{"%b|\n", []string{"a\\nb\\c", "x"}, "a\nb", "", 0},
		{"a\\x41\\101\\u00e9\n", nil, "aAAé\n", "", 0},
		{"%.3s|%10.2s|\n", []string{"abcdef", "xyz"}, "abc|        xy|\n", "", 0},
		{"%i %u\n", []string{"-3", "-3"}, "-3 18446744073709551613\n", "", 0},
		{"%d\n", []string{"1.5"}, "1\n", "1.5: invalid number", 1},
		{"%.2f\n", []string{"1e3", "2.675", "-0"}, "1000.00\n2.67\n-0.00\n", "", 0},
		{"%s\n", nil, "\n", "", 0},
		{"%d %s\n", []string{"1"}, "1 \n", "", 0},
		{"%y\n", nil, "", "`y': invalid format character", 1},
		{"%*d|%-*d|%.*f\n", []string{"5", "1", "4", "2", "2", "3.14159"}, "    1|2   |3.14\n", "", 0},
		{"%(%Y)T\n", []string{"0"}, "1970\n", "", 0},
		// bash formats into 128 bytes: 124 fit, 128 come out empty
		{"%(" + strings.Repeat("%Y", 31) + ")T|%(" + strings.Repeat("%Y", 32) + ")T|\n", []string{"0", "0"}, strings.Repeat("1970", 31) + "||\n", "", 0},
		{"%g %g %g %g\n", []string{"100000", "1000000", "0.00001", "123.456"}, "100000 1e+06 1e-05 123.456\n", "", 0},
		{"%g %g %.3g %#g\n", []string{"123.456789", "0.000012345", "1234567", "1.5"}, "123.457 1.2345e-05 1.23e+06 1.50000\n", "", 0},
		{"%d\n", []string{"-9223372036854775808"}, "-9223372036854775808\n", "", 0},
		{"%b|%b|%b|%b|%b|%b|%b|%b|\n", []string{`\"`, `\'`, `\?`, `\101`, `\0101`, `\x41`, `\u00e9`, `\q`}, "\\\"|\\'|\\?|A|A|A|é|\\q|\n", "", 0},
		{`\"|\?|\q|\101|\0101` + "\n", nil, "\"|?|\\q|A|\b1\n", "", 0},
		{"%c|\n", []string{""}, "\x00|\n", "", 0},
		{"%#o %#o %#x\n", []string{"0", "8", "0"}, "0 010 0\n", "", 0},
		{"no args\n", []string{"extra"}, "no args\n", "", 0},
	}
	for _, c := range cases {
		var out strings.Builder
		var warns []string
		status := Format(&out, func(m string) { warns = append(warns, m) }, c.format, c.args)
		if out.String() != c.want || status != c.status || strings.Join(warns, ";") != c.warn {
			t.Errorf("printf %q %q = %q status %d warn %q; want %q status %d warn %q",
				c.format, c.args, out.String(), status, warns, c.want, c.status, c.warn)
		}
	}
}

// TestCommand checks the printf command (env printf, xargs printf) against
// GNU coreutils 9.1 printf in C.UTF-8: its %q and its number messages
// differ from bash's builtin.
func TestCommand(t *testing.T) {
	cases := []command.Case{
		{Name: "q", Args: []string{"printf", "%q|", "a", "b c", "it's", "t\tb", "", "~a", "a~", "#a", "a=b", "a,b", "{a}", "it's $x", "\x01", "\xff", "a\"b"},
			Stdout: `a|'b c'|"it's"|'t'$'\t''b'|''|'~a'|a~|'#a'|'a=b'|a,b|{a}|'it'\''s $x'|''$'\001'|''$'\377'|'a"b'|`},
		{Name: "q braces and C1", Args: []string{"printf", "%q|", "{", "}", "\u0085x", "a^b"},
			Stdout: `'{'|'}'|''$'\302\205''x'|'a^b'|`},
		{Name: "partly converted", Args: []string{"printf", "%d\n", "1.5", "08"}, Stdout: "1\n0\n",
			Stderr: "printf: ‘1.5’: value not completely converted\nprintf: ‘08’: value not completely converted\n", Status: 1},
		{Name: "not a number", Args: []string{"printf", "%d|", "abc", "", " 5"}, Stdout: "0|0|5|",
			Stderr: "printf: ‘abc’: expected a numeric value\n", Status: 1},
		{Name: "range", Args: []string{"printf", "%d\n", "99999999999999999999"}, Stdout: "9223372036854775807\n",
			Stderr: "printf: ‘99999999999999999999’: Numerical result out of range\n", Status: 1},
		{Name: "version alone", Args: []string{"printf", "--version"}, Stdout: "printf (memsh) 9.1\n"},
		{Name: "version as format", Args: []string{"printf", "%s\n", "--version"}, Stdout: "--version\n"},
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			stdout, stderr, status, _ := c.Run(Run, nil)
			if stdout != c.Stdout || stderr != c.Stderr || status != c.Status {
				t.Errorf("got %q %q %d\nwant %q %q %d", stdout, stderr, status, c.Stdout, c.Stderr, c.Status)
			}
		})
	}
}

func TestLocaleQuoter(t *testing.T) {
	for env, want := range map[string]string{"LANG=C": "'x'", "LANG=C.UTF-8": "\u2018x\u2019", "LC_ALL=en_US.utf8": "\u2018x\u2019", "LANG=POSIX": "'x'"} {
		if got := localeQuoter(&command.Invocation{Environ: []string{env}})("x"); got != want {
			t.Errorf("%s: got %s, want %s", env, got, want)
		}
	}
}
