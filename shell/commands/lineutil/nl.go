package lineutil

import (
	"bufio"
	"context"
	"errors"
	"math"
	"strconv"
	"strings"

	"memsh/shell/command"
	"memsh/shell/internal/posixre"
)

const nlHelp = `Usage: nl [OPTION]... [FILE]...
Write each FILE to standard output, with line numbers added.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  -b, --body-numbering=STYLE      use STYLE for numbering body lines
  -d, --section-delimiter=CC      use CC for logical page delimiters
  -f, --footer-numbering=STYLE    use STYLE for numbering footer lines
  -h, --header-numbering=STYLE    use STYLE for numbering header lines
  -i, --line-increment=NUMBER     line number increment at each line
  -l, --join-blank-lines=NUMBER   group of NUMBER empty lines counted as one
  -n, --number-format=FORMAT      insert line numbers according to FORMAT
  -p, --no-renumber               do not reset line numbers for each section
  -s, --number-separator=STRING   add STRING after (possible) line number
  -v, --starting-line-number=NUMBER  first line number for each section
  -w, --number-width=NUMBER       use NUMBER columns for line numbers
      --help        display this help and exit

Default options are: -bt -d'\:' -fn -hn -i1 -l1 -n'rn' -s<TAB> -v1 -w6

CC are two delimiter characters used to construct logical page delimiters;
a missing second character implies ':'.  As a GNU extension one can specify
more than two characters, and also specifying the empty string (-d '')
disables section matching.

STYLE is one of:

  a      number all lines
  t      number only nonempty lines
  n      number no lines
  pBRE   number only lines that contain a match for the basic regular
         expression, BRE

FORMAT is one of:

  ln     left justified, no leading zeros
  rn     right justified, no leading zeros
  rz     right justified, leading zeros
`

// nlStyle is one section's numbering style: 'a', 't', 'n' or 'p' with a
// regular expression.
type nlStyle struct {
	kind byte
	re   *posixre.Regexp
}

// parseNlStyle reads a STYLE argument. A bad regular expression is an
// error with regex's message; any other bad style gives ok false.
func parseNlStyle(s string) (st nlStyle, ok bool, err error) {
	switch {
	case s == "a" || s == "t" || s == "n":
		return nlStyle{kind: s[0]}, true, nil
	case strings.HasPrefix(s, "p"):
		re, err := posixre.Compile(s[1:], posixre.BRE, 0)
		if err != nil {
			return st, true, err
		}
		return nlStyle{kind: 'p', re: re}, true, nil
	}
	return st, false, nil
}

// nlOpt is one option as given, kept in command-line order.
type nlOpt struct {
	short byte
	val   string
}

// nlOptValue is a pflag value recording each use of its option.
type nlOptValue struct {
	short byte
	val   string
	given *[]nlOpt
}

func (v *nlOptValue) Set(s string) error {
	v.val = s
	*v.given = append(*v.given, nlOpt{v.short, s})
	return nil
}

func (v *nlOptValue) String() string { return v.val }
func (v *nlOptValue) Type() string   { return "string" }

// nlSection is which logical page part a line starts.
type nlSection int

const (
	nlText nlSection = iota
	nlHeader
	nlBody
	nlFooter
)

// Nl numbers lines as GNU nl does: logical pages split by the \:\:\:,
// \:\: and \: delimiter lines into header, body and footer, each with its
// own style, numbers restarting at each section unless -p.
func Nl(ctx context.Context, inv *command.Invocation) int {
	// GNU checks the options in command-line order: a bad number or
	// regular expression stops at once, bad styles and formats are all
	// reported before the usage hint.
	var given []nlOpt
	flags := inv.NewFlags()
	for _, o := range []struct{ long, short string }{
		{"body-numbering", "b"}, {"section-delimiter", "d"}, {"footer-numbering", "f"},
		{"header-numbering", "h"}, {"line-increment", "i"}, {"join-blank-lines", "l"},
		{"number-format", "n"}, {"number-separator", "s"}, {"starting-line-number", "v"},
		{"number-width", "w"},
	} {
		flags.VarP(&nlOptValue{short: o.short[0], given: &given}, o.long, o.short, "")
	}
	noRenumber := flags.BoolP("no-renumber", "p", false, "")
	operands, status, ok := inv.ParseFlags(flags, 1)
	if !ok {
		return status
	}
	styles := map[byte]*nlStyle{'h': {kind: 'n'}, 'b': {kind: 't'}, 'f': {kind: 'n'}}
	d, sep, format := `\:`, "\t", "rn"
	incr, join, start, width := int64(1), int64(1), int64(1), int64(6)
	usage := false
	for _, o := range given {
		num := func(lo, hi int64, what string) (int64, bool) {
			v, bad := decArg(o.val, lo, hi, false)
			if bad != argOK {
				inv.Errorf("invalid %s: %s%s", what, lquote(inv, o.val), bad.tail())
			}
			return v, bad == argOK
		}
		var ok bool
		switch o.short {
		case 'b', 'h', 'f':
			st, valid, err := parseNlStyle(o.val)
			if err != nil {
				inv.Errorf("%s", err)
				return 1
			}
			if !valid {
				what := map[byte]string{'b': "body", 'h': "header", 'f': "footer"}[o.short]
				inv.Errorf("invalid %s numbering style: %s", what, lquote(inv, o.val))
				usage = true
			}
			styles[o.short] = &st
			continue
		case 'n':
			if o.val != "ln" && o.val != "rn" && o.val != "rz" {
				inv.Errorf("invalid line numbering format: %s", lquote(inv, o.val))
				usage = true
			}
			format = o.val
			continue
		case 'd':
			d = o.val
			if len(d) == 1 {
				d += ":"
			}
			continue
		case 's':
			sep = o.val
			continue
		case 'i':
			incr, ok = num(math.MinInt64, math.MaxInt64, "line number increment")
		case 'l':
			join, ok = num(1, math.MaxInt64, "line number of blank lines")
		case 'v':
			start, ok = num(math.MinInt64, math.MaxInt64, "starting line number")
		case 'w':
			width, ok = num(1, math.MaxInt32, "line number field width")
		}
		if !ok {
			return 1
		}
	}
	if usage {
		return inv.Usage(1, "")
	}

	// The padding is written in pieces: a width near INT_MAX is allowed
	// and must not become one huge string.
	printNumber := func(w *bufio.Writer, n int64) {
		digits := strconv.FormatInt(n, 10)
		pad := int(width) - len(digits)
		switch {
		case format == "ln":
			w.WriteString(digits)
			writeRepeated(w, ' ', pad)
		case format == "rz" && n < 0:
			w.WriteByte('-')
			writeRepeated(w, '0', pad)
			w.WriteString(digits[1:])
		case format == "rz":
			writeRepeated(w, '0', pad)
			w.WriteString(digits)
		default:
			writeRepeated(w, ' ', pad)
			w.WriteString(digits)
		}
		w.WriteString(sep)
	}
	current := styles['b']
	line := start
	overflow := false
	blanks := int64(0)
	w := bufio.NewWriterSize(inv.Stdout, 64<<10)
	defer w.Flush()
	section := func(text []byte) nlSection {
		if d == "" || len(text) < 2 || string(text[:2]) != d[:min(2, len(d))] {
			return nlText
		}
		switch string(text) {
		case d + d + d:
			return nlHeader
		case d + d:
			return nlBody
		case d:
			return nlFooter
		}
		return nlText
	}
	errOverflow := errors.New("line number overflow")
	status = eachLine(ctx, inv, operands, func(text []byte, _ bool) error {
		if s := section(text); s != nlText {
			current = styles[" hbf"[s]]
			if !*noRenumber {
				line = start
				overflow = false
			}
			return w.WriteByte('\n')
		}
		number := false
		switch current.kind {
		case 'a':
			if join > 1 {
				if len(text) > 0 {
					number, blanks = true, 0
				} else if blanks++; blanks == join {
					number, blanks = true, 0
				}
			} else {
				number = true
			}
		case 't':
			number = len(text) > 0
		case 'p':
			number = current.re.Match(text)
		}
		if number {
			if overflow {
				w.Flush()
				inv.Errorf("line number overflow")
				return errOverflow
			}
			printNumber(w, line)
			next := line + incr
			if (incr > 0 && next < line) || (incr < 0 && next > line) {
				overflow = true
			}
			line = next
		} else {
			writeRepeated(w, ' ', int(width)+len(sep))
		}
		w.Write(text)
		return w.WriteByte('\n')
	})
	return status
}

// argErr is how a numeric option argument is bad.
type argErr int

const (
	argOK       argErr = iota
	argInvalid         // not a number: no strerror in the message
	argRange           // out of range: ERANGE
	argOverflow        // out of range past INT_MAX/2, or of the type: EOVERFLOW
)

// tail is the end of GNU's message for the error.
func (e argErr) tail() string {
	switch e {
	case argRange:
		return ": Numerical result out of range"
	case argOverflow:
		return ": Value too large for defined data type"
	}
	return ""
}

// sizeMaxWidth is GNU fold's largest width, SIZE_MAX - TAB_WIDTH - 1.
const sizeMaxWidth = math.MaxUint64 - 9

// decArg parses a decimal option argument as gnulib's xdectoimax (or,
// when unsigned, xdectoumax) does with no suffixes allowed: leading
// blanks and a sign are fine, but xdectoumax refuses any '-'. An unsigned
// value past MaxInt64 but within sizeMaxWidth comes back as MaxInt64.
func decArg(s string, lo, hi int64, unsigned bool) (int64, argErr) {
	t := strings.TrimLeft(s, " \t\n\v\f\r")
	digits := t
	if t != "" && (t[0] == '+' || t[0] == '-') {
		if unsigned && t[0] == '-' {
			return 0, argInvalid
		}
		digits = t[1:]
	}
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, argInvalid
	}
	v, err := strconv.ParseInt(strings.TrimPrefix(t, "+"), 10, 64)
	switch {
	case err != nil && unsigned:
		if u, err := strconv.ParseUint(digits, 10, 64); err == nil && u <= sizeMaxWidth {
			return math.MaxInt64, argOK
		}
		return 0, argOverflow
	case err != nil:
		return 0, argOverflow
	case v < lo || v > hi:
		// gnulib: EOVERFLOW for a value past INT_MAX/2, else ERANGE.
		if v > math.MaxInt32/2 {
			return 0, argOverflow
		}
		return 0, argRange
	}
	return v, argOK
}

// writeRepeated writes n copies of c (none when n <= 0).
func writeRepeated(w *bufio.Writer, c byte, n int) {
	var chunk [256]byte
	for i := range chunk {
		chunk[i] = c
	}
	for n > 0 {
		k := min(n, len(chunk))
		w.Write(chunk[:k])
		n -= k
	}
}
