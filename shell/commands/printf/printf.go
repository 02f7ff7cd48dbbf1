// Package printf is bash's printf: the builtin (through the shell's call
// handler, which also serves `printf -v`) and the printf command that
// env, xargs and find -exec run. mvdan/sh's own printf lacks the
// floating-point conversions, %q, %(fmt)T and -v, so memsh uses this one.
package printf

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"memsh/shell/internal/strftime"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"memsh/shell/command"
)

// Commands is this package's registry table.

// strftimeMax is the size of the buffer bash formats %(...)T into; a
// result that does not fit (with its NUL) comes out empty.
const strftimeMax = 128

func Commands() []command.Command {
	return []command.Command{{Name: "printf", Summary: "format and print data", Help: help, Run: Run, RawArgs: true}}
}

const help = `printf: printf [-v var] format [arguments]
    Formats and prints ARGUMENTS under control of the FORMAT.

    Options:
      -v var	assign the output to shell variable VAR rather than
    		display it on the standard output

    FORMAT is a character string which contains three types of objects: plain
    characters, which are simply copied to standard output; character escape
    sequences, which are converted and copied to the standard output; and
    format specifications, each of which causes printing of the next successive
    argument.

    In addition to the standard format specifications described in printf(1),
    printf interprets:

      %b	expand backslash escape sequences in the corresponding argument
      %q	quote the argument in a way that can be reused as shell input
      %(fmt)T	output the date-time string resulting from using FMT as a format
    	        string for strftime(3)

    The format is re-used as necessary to consume all of the arguments.  If
    there are fewer arguments than the format requires,  extra format
    specifications behave as if a zero value or null string, as appropriate,
    had been supplied.

    Exit Status:
    Returns success unless an invalid option is given or a write or assignment
    error occurs.
`

// Run is the printf command (for env, xargs, find -exec; the shell's
// builtin goes through Format directly).
func Run(ctx context.Context, inv *command.Invocation) int {
	args := inv.Args[1:]
	if len(args) == 1 && args[0] == "--help" {
		io.WriteString(inv.Stdout, help)
		return 0
	}
	// GNU printf takes --version only as its one argument.
	if len(args) == 1 && args[0] == "--version" {
		io.WriteString(inv.Stdout, "printf (memsh) 9.1\n")
		return 0
	}
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		fmt.Fprintf(inv.Stderr, "%s: missing operand\n", inv.Name())
		fmt.Fprintf(inv.Stderr, "Try '%s --help' for more information.\n", inv.Name())
		return 1
	}
	w := bufio.NewWriter(inv.Stdout)
	p := &printer{w: w, args: args[1:], coreutils: true,
		now: func() time.Time { return inv.Now().In(inv.Location()) },
		// gnulib's error() flushes standard output before its message.
		warn: func(msg string) {
			w.Flush()
			fmt.Fprintf(inv.Stderr, "%s: %s\n", inv.Name(), msg)
		},
		quote: localeQuoter(inv)}
	status := p.run(args[0])
	if err := w.Flush(); err != nil && status == 0 {
		status = 1
	}
	return status
}

// Format writes format applied to args, reusing the format while
// arguments remain, as bash does. warn receives each diagnostic (without
// a "printf: " prefix). The status is 0, or 1 after an invalid number or
// format character.
func Format(w io.Writer, warn func(string), format string, args []string) int {
	return FormatAt(w, warn, nil, format, args)
}

// FormatAt is Format with the clock %(...)T reads: now's result is the
// current time, in the zone times print in. Nil: the system clock, in UTC.
func FormatAt(w io.Writer, warn func(string), now func() time.Time, format string, args []string) int {
	p := &printer{w: w, warn: warn, args: args, now: now}
	return p.run(format)
}

func (p *printer) run(format string) int {
	for {
		used := p.next
		if stop := p.once(format); stop {
			break
		}
		// The format is reused only while it consumes arguments.
		if p.next >= len(p.args) || p.next == used {
			break
		}
	}
	return p.status
}

type printer struct {
	now    func() time.Time // the clock of %(...)T; nil: the system clock in UTC
	w      io.Writer
	warn   func(string)
	args   []string
	next   int
	status int

	// coreutils is the printf command (env printf, xargs printf), which
	// is GNU coreutils' and not bash's: %q quotes as coreutils does and
	// numbers are checked with its messages, quoted by quote.
	coreutils bool
	quote     func(string) string
}

func (p *printer) arg() (string, bool) {
	if p.next < len(p.args) {
		p.next++
		return p.args[p.next-1], true
	}
	return "", false
}

// once prints the format one time; stop is true when output must end
// (\c, or an invalid conversion).
func (p *printer) once(format string) (stop bool) {
	var out []byte
	flush := func() {
		if len(out) > 0 {
			p.w.Write(out)
			out = out[:0]
		}
	}
	defer flush()
	for i := 0; i < len(format); {
		c := format[i]
		switch {
		case c == '\\':
			s, n, stopped := unescape(format[i:], false)
			out = append(out, s...)
			i += n
			if stopped {
				return true
			}
		case c == '%' && i+1 < len(format) && format[i+1] == '%':
			out = append(out, '%')
			i += 2
		case c == '%':
			if p.coreutils {
				flush() // the text before it precedes a message about its argument
			}
			n, text, stopped := p.conversion(format[i:])
			out = append(out, text...)
			i += n
			if stopped {
				return true
			}
		default:
			out = append(out, c)
			i++
		}
	}
	return false
}

// coreutilsAccepts is GNU printf's check of a directive: which
// conversions its flags and precision allow. %b and %q take nothing
// between them and the %; bare says there was nothing.
func coreutilsAccepts(flags string, hasPrec bool, verb byte, bare bool) bool {
	if verb == 'b' || verb == 'q' {
		return bare
	}
	ok := "aAcdeEfFgGiosuxX"
	drop := func(verbs string) {
		ok = strings.Map(func(r rune) rune {
			if strings.ContainsRune(verbs, r) {
				return -1
			}
			return r
		}, ok)
	}
	for _, c := range flags {
		switch c {
		case '\'':
			drop("aAceEosxX")
		case '#':
			drop("cdisu")
		case '0':
			drop("cs")
		}
	}
	if hasPrec {
		drop("c")
	}
	return strings.IndexByte(ok, verb) >= 0
}

// conversion formats one %-specification at the start of f and returns
// how many bytes of f it used.
func (p *printer) conversion(f string) (n int, text string, stop bool) {
	i := 1
	flags := ""
	for i < len(f) && strings.IndexByte("-+ #0'", f[i]) >= 0 {
		if f[i] != '\'' {
			flags += string(f[i])
		}
		i++
	}
	rawFlags := f[1:i]
	width, prec := "", ""
	if i < len(f) && f[i] == '*' {
		a, _ := p.arg()
		n := p.integer(a)
		if !p.checkWidth(n, "field width") {
			return len(f), "", true
		}
		width = strconv.Itoa(int(n))
		if strings.HasPrefix(width, "-") {
			flags += "-"
			width = width[1:]
		}
		i++
	} else {
		for i < len(f) && f[i] >= '0' && f[i] <= '9' {
			width += string(f[i])
			i++
		}
	}
	hasPrec := false
	if i < len(f) && f[i] == '.' {
		hasPrec = true
		i++
		if i < len(f) && f[i] == '*' {
			a, _ := p.arg()
			v := p.integer(a)
			if !p.checkWidth(v, "precision") {
				return len(f), "", true
			}
			if v < 0 {
				hasPrec = false
			} else {
				prec = strconv.FormatInt(v, 10)
			}
			i++
		} else {
			for i < len(f) && f[i] >= '0' && f[i] <= '9' {
				prec += string(f[i])
				i++
			}
		}
	}
	for _, n := range []string{width, prec} {
		if v, err := strconv.ParseInt(n, 10, 64); err != nil && n != "" || !p.checkWidth(v, "field width") {
			return len(f), "", true
		}
	}
	// Length modifiers are accepted and ignored, as bash does.
	for i < len(f) && strings.IndexByte("hlLjzt", f[i]) >= 0 {
		i++
	}
	if i >= len(f) {
		p.warn("`" + f + "': missing format character")
		p.status = 1
		return len(f), "", true
	}
	verb := f[i]
	i++
	if p.coreutils && !coreutilsAccepts(rawFlags, hasPrec, verb, i == 2) {
		// GNU printf dies here: no more output, status 1.
		p.warn(f[:i] + ": invalid conversion specification")
		p.status = 1
		return len(f), "", true
	}
	flags = cFlags(flags, verb) // widthcap.go
	spec := "%" + flags + width
	if hasPrec {
		spec += "." + prec
	}
	switch verb {
	case 's':
		a, _ := p.arg()
		return i, pad(a, flags, width, prec, hasPrec), false
	case 'b':
		a, _ := p.arg()
		s, _, stopped := unescape(a, true)
		return i, pad(s, flags, width, prec, hasPrec), stopped
	case 'q':
		a, _ := p.arg()
		if p.coreutils {
			return i, pad(shellQuote(a), flags, width, prec, hasPrec), false
		}
		return i, pad(command.BashQuote(a, command.BashBackslash), flags, width, prec, hasPrec), false
	case 'c':
		a, _ := p.arg()
		if a == "" {
			a = "\x00" // C's %c of an empty string's terminating NUL
		} else {
			a = a[:1] // C's %c: the first byte, even of a UTF-8 character
		}
		return i, pad(a, flags, width, "", false), false
	case 'd', 'i':
		a, _ := p.arg()
		v := p.integer(a)
		if v == 0 && hasPrec && prec == "0" {
			// C writes no digits for zero at precision 0, only the sign.
			sign := ""
			if strings.Contains(flags, "+") {
				sign = "+"
			} else if strings.Contains(flags, " ") {
				sign = " "
			}
			return i, pad(sign, strings.ReplaceAll(flags, "0", ""), width, "", false), false
		}
		return i, fmt.Sprintf(spec+"d", v), false
	case 'o', 'u', 'x', 'X':
		a, _ := p.arg()
		v := p.unsigned(a)
		goVerb := map[byte]string{'o': "o", 'u': "d", 'x': "x", 'X': "X"}[verb]
		if v == 0 && hasPrec && prec == "0" {
			// No digits for zero at precision 0, but %#o's leading 0.
			digits := ""
			if verb == 'o' && strings.Contains(flags, "#") {
				digits = "0"
			}
			return i, pad(digits, strings.ReplaceAll(flags, "0", ""), width, "", false), false
		}
		if v == 0 {
			spec = strings.Replace(spec, "#", "", 1) // C prints 0, not 0x0
		}
		return i, fmt.Sprintf(spec+goVerb, v), false
	case 'a', 'A':
		a, _ := p.arg()
		n, _ := strconv.Atoi(prec)
		v, nan := p.longNumber(a)
		s := hexFloat(v, nan, verb == 'A', hasPrec, n, strings.Contains(flags, "+"), strings.Contains(flags, " "), strings.Contains(flags, "#"))
		return i, zeroPad(s, flags, width), false
	case 'f', 'F', 'e', 'E', 'g', 'G':
		a, _ := p.arg()
		if !hasPrec && (verb == 'g' || verb == 'G') {
			spec += ".6" // C's default; Go's %g would print the shortest form
		}
		return i, p.float(spec, verb, a), false
	case '(':
		end := strings.Index(f[i:], ")T")
		if end < 0 {
			p.warn("`(': invalid format character")
			p.status = 1
			return len(f), "", true
		}
		layout := f[i : i+end]
		i += end + 2
		a, ok := p.arg()
		t := time.Now().UTC()
		if p.now != nil {
			t = p.now()
		}
		if ok && a != "" && a != "-1" && a != "-2" {
			t = time.Unix(p.integer(a), 0).In(t.Location())
		}
		s := strftime.Format(layout, t)
		if len(s) >= strftimeMax {
			// bash's strftime buffer: what does not fit is nothing
			s = ""
		}
		return i, pad(s, flags, width, prec, hasPrec), false
	default:
		p.warn("`" + string(verb) + "': invalid format character")
		p.status = 1
		return i, "", true
	}
}

func pad(s, flags, width, prec string, hasPrec bool) string {
	if hasPrec {
		if n, _ := strconv.Atoi(prec); n < len(s) {
			s = s[:n]
		}
	}
	w, _ := strconv.Atoi(width)
	if len(s) >= w {
		return s
	}
	if strings.Contains(flags, "-") {
		return s + strings.Repeat(" ", w-len(s))
	}
	return strings.Repeat(" ", w-len(s)) + s
}

// integer reads a numeric argument as bash does: decimal, 0x hex, 0
// octal, and 'c or "c for a character's code. A bad one is a warning,
// status 1, and the digits read so far.
func (p *printer) integer(a string) int64 {
	s := strings.TrimLeft(a, " \t\n")
	if s == "" {
		return 0
	}
	if s[0] == '\'' || s[0] == '"' {
		if len(s) == 1 {
			return 0
		}
		r, _ := utf8.DecodeRuneInString(s[1:])
		return int64(r)
	}
	v, err := strconv.ParseInt(s, 0, 64)
	if err == nil {
		return v
	}
	if p.coreutils {
		return p.gnuInteger(a, s, err)
	}
	if strings.EqualFold(strings.TrimLeft(s, "+-"), "0x") {
		p.warn(a + ": invalid hex number")
		p.status = 1
		return 0
	}
	if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
		p.warn("warning: " + a + ": Numerical result out of range")
		if strings.HasPrefix(s, "-") {
			return math.MinInt64
		}
		return math.MaxInt64
	}
	if u, err := strconv.ParseUint(s, 0, 64); err == nil {
		return int64(u)
	}
	// bash's sh_invalidnum names the base the argument's first bytes
	// choose.
	switch {
	case len(a) > 1 && a[0] == '0' && a[1] >= '0' && a[1] <= '9':
		p.warn(a + ": invalid octal number")
	case len(a) > 1 && a[0] == '0' && a[1] == 'x':
		p.warn(a + ": invalid hex number")
	default:
		p.warn(a + ": invalid number")
	}
	p.status = 1
	// the longest valid prefix, as strtoimax leaves it
	for end := len(s) - 1; end > 0; end-- {
		if v, err := strconv.ParseInt(s[:end], 0, 64); err == nil {
			return v
		}
	}
	return 0
}

// unsigned reads the argument of %o, %u, %x and %X as strtoumax does:
// the whole range up to 2^64-1, a negative number wrapped around, and
// a value past the range the largest one, with a warning. What is not
// a number is read as integer reads it.
func (p *printer) unsigned(a string) uint64 {
	s := strings.TrimLeft(a, " \t\n")
	neg := strings.HasPrefix(s, "-")
	digits := strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	if digits == "" || digits[0] < '0' || digits[0] > '9' {
		return uint64(p.integer(a))
	}
	u, err := strconv.ParseUint(digits, 0, 64)
	switch {
	case err == nil && neg:
		return -u
	case err == nil:
		return u
	case err.(*strconv.NumError).Err == strconv.ErrRange:
		if p.coreutils {
			p.status = 1
			p.warn(p.quote(a) + ": Numerical result out of range")
		} else {
			p.warn("warning: " + a + ": Numerical result out of range")
		}
		return math.MaxUint64
	}
	return uint64(p.integer(a))
}

func (p *printer) float(spec string, verb byte, a string) string {
	upperF := verb == 'F' // C's %F prints INF and NAN
	if verb == 'F' {
		verb = 'f'
	}
	if out, ok := longDouble(spec, verb, a); ok {
		return out
	}
	v := p.number(a)
	if math.IsInf(v, 0) || math.IsNaN(v) {
		// C prints inf/nan (INF/NAN for upper-case verbs).
		return cInfNaN(spec, v, verb == 'E' || verb == 'G' || upperF) // widthcap.go
	}
	return fmt.Sprintf(spec+string(verb), v)
}

// number reads a floating-point argument: a C float, an integer in any
// of printf's bases, or 'c for a character's code.
func (p *printer) number(a string) float64 {
	s := strings.TrimSpace(a)
	var v float64
	if s != "" {
		if s[0] == '\'' || s[0] == '"' {
			if len(s) > 1 {
				r, _ := utf8.DecodeRuneInString(s[1:])
				v = float64(r)
			}
		} else {
			var err error
			v, err = strconv.ParseFloat(s, 64)
			if err != nil {
				if i, ierr := strconv.ParseInt(s, 0, 64); ierr == nil {
					v = float64(i)
				} else if ne, ok := err.(*strconv.NumError); (!ok || ne.Err != strconv.ErrRange) && p.coreutils {
					v = p.gnuFloat(a, s)
				} else if !ok || ne.Err != strconv.ErrRange {
					p.warn(a + ": invalid number")
					p.status = 1
					v = 0
				} else if !p.coreutils {
					p.warn("warning: " + a + ": Numerical result out of range")
				}
			}
		}
	}
	return v
}

// unescape expands backslash escapes at the start of s (format mode: one
// escape; %b mode: the whole string). It returns the text, bytes used,
// and whether \c asked to stop all output.
func unescape(s string, whole bool) (string, int, bool) {
	var b strings.Builder
	i := 0
	for i < len(s) {
		if s[i] != '\\' {
			if !whole {
				break
			}
			b.WriteByte(s[i])
			i++
			continue
		}
		if i+1 >= len(s) {
			b.WriteByte('\\')
			i++
			break
		}
		c := s[i+1]
		i += 2
		if v, ok := command.CUnescape(c); ok {
			b.WriteByte(v)
		} else {
			switch c {
			case 'E':
				b.WriteByte(0x1b)
			case '"', '\'', '?':
				// The format drops the backslash; %b keeps it.
				if whole {
					b.WriteByte('\\')
				}
				b.WriteByte(c)
			case 'c':
				if whole {
					return b.String(), i, true
				}
				b.WriteString("\\c")
			case 'x':
				v, n := digits(s[i:], 16, 2)
				if n == 0 {
					b.WriteString("\\x")
				} else {
					b.WriteByte(byte(v))
					i += n
				}
			case 'u', 'U':
				max := 4
				if c == 'U' {
					max = 8
				}
				v, n := digits(s[i:], 16, max)
				if n == 0 {
					b.WriteByte('\\')
					b.WriteByte(c)
				} else {
					b.WriteRune(rune(v))
					i += n
				}
			case '0', '1', '2', '3', '4', '5', '6', '7':
				// In the format, \NNN has up to three octal digits; in %b,
				// \0NNN has up to three after the zero (and \NNN too).
				start := i - 1
				maxDigits := 3
				if whole && c == '0' {
					start, maxDigits = i, 3
				}
				v, n := digits(s[start:], 8, maxDigits)
				b.WriteByte(byte(v))
				i = start + n
			default:
				b.WriteByte('\\')
				b.WriteByte(c)
			}
		}
		if !whole {
			break
		}
	}
	return b.String(), i, false
}

func digits(s string, base, max int) (int, int) {
	v, n := 0, 0
	for n < len(s) && n < max {
		d := strings.IndexByte("0123456789abcdef", lower(s[n]))
		if d < 0 || d >= base {
			break
		}
		v = v*base + d
		n++
	}
	return v, n
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// gnuInteger finishes coreutils' reading of an integer argument that
// strconv refused: out of range, partly converted, or not a number.
// Each is a message, status 1, and the value strtoimax gives.
func (p *printer) gnuInteger(a, s string, err error) int64 {
	p.status = 1
	if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
		p.warn(p.quote(a) + ": Numerical result out of range")
		if strings.HasPrefix(s, "-") {
			return math.MinInt64
		}
		return math.MaxInt64
	}
	if u, err := strconv.ParseUint(s, 0, 64); err == nil {
		p.status = 0
		return int64(u)
	}
	for end := len(s) - 1; end > 0; end-- {
		if v, err := strconv.ParseInt(s[:end], 0, 64); err == nil {
			p.warn(p.quote(a) + ": value not completely converted")
			return v
		}
	}
	p.warn(p.quote(a) + ": expected a numeric value")
	return 0
}

// gnuFloat is coreutils' reading of a floating-point argument strconv
// refused: the longest prefix that is a number, with its message, and
// status 1.
func (p *printer) gnuFloat(a, s string) float64 {
	p.status = 1
	for end := len(s) - 1; end > 0; end-- {
		if v, err := strconv.ParseFloat(s[:end], 64); err == nil {
			p.warn(p.quote(a) + ": value not completely converted")
			return v
		}
	}
	p.warn(p.quote(a) + ": expected a numeric value")
	return 0
}

// localeQuoter is gnulib's quote() as coreutils uses it in messages:
// command.LocaleQuote in the invocation's locale.
func localeQuoter(inv *command.Invocation) func(string) string { return inv.LocaleQuote }

// shellQuote is coreutils' %q: gnulib's shell-escape quoting, the
// style ls shows names in (command.ShellQuoteStyle).
func shellQuote(s string) string {
	if s == "" {
		return "''"
	}
	return command.ShellQuoteStyle(s, false, true)
}
