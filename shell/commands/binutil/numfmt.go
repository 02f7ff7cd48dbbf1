package binutil

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"memsh/shell/command"
)

const numfmtHelp = `Usage: numfmt [OPTION]... [NUMBER]...
Reformat NUMBER(s), or the numbers from standard input if none are specified.

Mandatory arguments to long options are mandatory for short options too.
      --debug          print warnings about invalid input
  -d, --delimiter=X    use X instead of whitespace for field delimiter
      --field=FIELDS   replace the number in these input fields (default=1)
      --format=FORMAT  use printf style floating-point FORMAT
      --from=UNIT      auto-scale input numbers to UNITs; default is 'none'
      --from-unit=N    specify the input unit size (instead of the default 1)
      --grouping       use locale-defined grouping of digits, e.g. 1,000,000
                         (which means it has no effect in the C locale)
      --header[=N]     print (without converting) the first N header lines;
                         N defaults to 1 if not specified
      --invalid=MODE   failure mode for invalid numbers: MODE can be:
                         abort (default), fail, warn, ignore
      --padding=N      pad the output to N characters; positive N will
                         right-align; negative N will left-align
      --round=METHOD   use METHOD for rounding when scaling; METHOD can be:
                         up, down, from-zero (default), towards-zero, nearest
      --suffix=SUFFIX  add SUFFIX to output numbers, and accept optional
                         SUFFIX in input numbers
      --to=UNIT        auto-scale output numbers to UNITs; see UNIT below
      --to-unit=N      the output unit size (instead of the default 1)
  -z, --zero-terminated    line delimiter is NUL, not newline
      --help        display this help and exit

UNIT options:
  none       no auto-scaling is done; suffixes will trigger an error
  auto       accept optional single/two letter suffix:
               1K = 1000,
               1Ki = 1024,
               1M = 1000000,
               1Mi = 1048576,
  si         accept optional single letter suffix:
               1K = 1000,
               1M = 1000000,
               ...
  iec        accept optional single letter suffix:
               1K = 1024,
               1M = 1048576,
               ...
  iec-i      accept optional two-letter suffix:
               1Ki = 1024,
               1Mi = 1048576,
               ...
`

const numfmtPrefixes = "KMGTPEZY"

type numfmtRun struct {
	inv              *command.Invocation
	from, to         string
	fromUnit, toUnit float64
	round            string
	suffix           string
	padding          int
	format           string
	invalid          string
	fields           numfmtFields
	delim            string
	status           int
}

func (n *numfmtRun) roundVal(v float64) float64 {
	switch n.round {
	case "up":
		return math.Ceil(v)
	case "down":
		return math.Floor(v)
	case "towards-zero":
		return math.Trunc(v)
	case "nearest":
		return math.Round(v)
	}
	if v < 0 {
		return -math.Ceil(-v)
	}
	return math.Ceil(v)
}

// parse reads one number with the --from unit's suffixes.
func (n *numfmtRun) parse(s string) (float64, int, string) {
	orig := s
	if n.suffix != "" {
		s = strings.TrimSuffix(s, n.suffix)
	}
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	num, rest := s[:i], s[i:]
	v, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return 0, 0, fmt.Sprintf("invalid number: %s", cQuote(orig))
	}
	prec := 0
	if dot := strings.IndexByte(num, '.'); dot >= 0 {
		prec = len(num) - dot - 1
	}
	if rest != "" {
		p := strings.IndexByte(numfmtPrefixes, rest[0])
		if rest[0] == 'k' {
			p = 0
		}
		if p < 0 || n.from == "none" {
			if p >= 0 {
				return 0, 0, fmt.Sprintf("rejecting suffix in input: %s (consider using --from)", cQuote(orig))
			}
			return 0, 0, fmt.Sprintf("invalid suffix in input: %s", cQuote(orig))
		}
		base := 1000.0
		tail := rest[1:]
		switch n.from {
		case "iec":
			base = 1024
		case "iec-i":
			if tail != "i" {
				return 0, 0, fmt.Sprintf("missing 'i' suffix in input: %s (e.g Ki/Mi/Gi)", cQuote(orig))
			}
			base, tail = 1024, ""
		case "auto":
			if tail == "i" {
				base, tail = 1024, ""
			}
		}
		if tail != "" {
			return 0, 0, fmt.Sprintf("invalid suffix in input %s: %s", cQuote(orig), cQuote(tail))
		}
		v *= math.Pow(base, float64(p+1))
	}
	return v * n.fromUnit, prec, ""
}

// human formats v for --to as GNU's double_to_human does: scaled to
// its unit, rounded by --round to prec decimals (at most three per
// power; without a precision, one decimal below 10), scaled once more
// if rounding reached the base, and printed with C's rounding. prec is
// -1 when --format gives none.
func (n *numfmtRun) human(v float64, prec int) string {
	base := 1000.0
	if n.to == "iec" || n.to == "iec-i" {
		base = 1024
	}
	v /= n.toUnit
	power := 0
	for math.Abs(v) >= base && power < len(numfmtPrefixes) {
		v /= base
		power++
	}
	adjust := 0
	if prec >= 0 {
		adjust = min(power*3, prec)
	} else if math.Abs(v) < 10 {
		adjust = 1
	}
	scale := math.Pow(10, float64(adjust))
	v = n.roundVal(v*scale) / scale
	if math.Abs(v) >= base && power < len(numfmtPrefixes) {
		v /= base
		power++
	}
	digits := prec
	if digits < 0 {
		digits = 0
		if v != 0 && math.Abs(v) < 10 && power > 0 {
			digits = 1
		}
	}
	s := strconv.FormatFloat(v, 'f', digits, 64)
	if power > 0 {
		s += string(numfmtPrefixes[power-1])
		if n.to == "iec-i" {
			s += "i"
		}
	}
	return s
}

// convert reformats one number; ok is false on invalid input.
func (n *numfmtRun) convert(s string) (string, string) {
	v, prec, msg := n.parse(s)
	if msg != "" {
		return "", msg
	}
	var out string
	switch {
	case n.format != "":
		out = n.applyFormat(v, prec)
	case n.to != "none":
		out = n.human(v, -1)
	case n.from != "none" || n.fromUnit != 1:
		out = strconv.FormatFloat(n.roundVal(v/n.toUnit), 'f', 0, 64)
	default:
		out = strconv.FormatFloat(v/n.toUnit, 'f', prec, 64)
	}
	out += n.suffix
	if n.padding > 0 && len(out) < n.padding {
		out = strings.Repeat(" ", n.padding-len(out)) + out
	} else if n.padding < 0 && len(out) < -n.padding {
		out += strings.Repeat(" ", -n.padding-len(out))
	}
	return out, ""
}

// applyFormat handles --format's "%[-][0][width][.prec]f" with text
// around it.
func (n *numfmtRun) applyFormat(v float64, inPrec int) string {
	i := strings.IndexByte(n.format, '%')
	j := strings.IndexByte(n.format[i:], 'f') + i
	spec := strings.ReplaceAll(n.format[i+1:j], "'", "")
	prefix, suffix := n.format[:i], n.format[j+1:]
	prec := -1
	if _, p, ok := strings.Cut(spec, "."); ok {
		prec, _ = strconv.Atoi(p)
	}
	var body string
	if n.to != "none" {
		body = n.human(v, prec)
		w, _ := strconv.Atoi(strings.TrimLeft(strings.SplitN(spec, ".", 2)[0], "-0"))
		if strings.HasPrefix(spec, "-") {
			body = fmt.Sprintf("%-*s", w, body)
		} else {
			body = fmt.Sprintf("%*s", w, body)
		}
	} else {
		// Rounded by --round at the precision, then printed: GNU's
		// "%.2f" of 3.14159 is 3.15 by default (from-zero).
		if prec < 0 {
			prec = inPrec
			if n.from != "none" || n.fromUnit != 1 {
				prec = 0
			}
			spec += "." + strconv.Itoa(prec)
		}
		scale := math.Pow(10, float64(prec))
		body = fmt.Sprintf("%"+spec+"f", n.roundVal(v*scale)/scale)
	}
	return prefix + body + suffix
}

func runNumfmt(ctx context.Context, inv *command.Invocation) int {
	fset := inv.NewFlags()
	n := &numfmtRun{inv: inv}
	var fromUnit, toUnit, field, header string
	var zero bool
	fset.StringVar(&n.from, "from", "none", "")
	fset.StringVar(&n.to, "to", "none", "")
	fset.StringVar(&fromUnit, "from-unit", "1", "")
	fset.StringVar(&toUnit, "to-unit", "1", "")
	fset.StringVar(&n.round, "round", "from-zero", "")
	fset.StringVar(&n.suffix, "suffix", "", "")
	padding := fset.String("padding", "0", "")
	grouping := fset.Bool("grouping", false, "")
	debug := fset.Bool("debug", false, "")
	fset.StringVar(&n.format, "format", "", "")
	fset.StringVar(&n.invalid, "invalid", "abort", "")
	fset.StringVar(&field, "field", "1", "")
	fset.StringVarP(&n.delim, "delimiter", "d", "", "")
	fset.StringVar(&header, "header", "", "")
	fset.Lookup("header").NoOptDefVal = "1"
	fset.BoolVarP(&zero, "zero-terminated", "z", false, "")
	args, st, ok := inv.ParseFlags(fset, 1)
	if !ok {
		return st
	}
	for _, u := range []struct{ name, val string }{{"--from", n.from}, {"--to", n.to}} {
		valid := []string{"none", "auto", "si", "iec", "iec-i"}
		if u.name == "--to" {
			valid = []string{"none", "si", "iec", "iec-i"}
		}
		found := false
		for _, x := range valid {
			found = found || x == u.val
		}
		if !found {
			return numfmtArgError(inv, u.val, u.name, valid)
		}
	}
	switch n.round {
	case "up", "down", "from-zero", "towards-zero", "nearest":
	default:
		return numfmtArgError(inv, n.round, "--round", []string{"up", "down", "from-zero", "towards-zero", "nearest"})
	}
	switch n.invalid {
	case "abort", "fail", "warn", "ignore":
	default:
		return numfmtArgError(inv, n.invalid, "--invalid", []string{"abort", "fail", "warn", "ignore"})
	}
	if fset.Lookup("padding").Changed {
		p, err := strconv.Atoi(strings.TrimSpace(*padding))
		if err != nil || p == 0 {
			inv.Errorf("invalid padding value %s", localeQuote(*padding))
			return 1
		}
		if p > command.MaxHeld || -p > command.MaxHeld {
			// GNU allocates the padding and runs out of memory
			inv.Errorf("memory exhausted")
			return 1
		}
		n.padding = p
	}
	if *grouping && n.to != "none" {
		inv.Errorf("grouping cannot be combined with --to")
		return 1
	}
	if *debug && n.from == "none" && n.to == "none" && !*grouping && !fset.Lookup("padding").Changed && n.format == "" &&
		fromUnit == "1" && toUnit == "1" && n.suffix == "" {
		inv.Errorf("no conversion option specified")
	}
	var err error
	if n.fromUnit, err = strconv.ParseFloat(fromUnit, 64); err != nil || n.fromUnit <= 0 {
		inv.Errorf("invalid unit size: ‘%s’", fromUnit)
		return 1
	}
	if n.toUnit, err = strconv.ParseFloat(toUnit, 64); err != nil || n.toUnit <= 0 {
		inv.Errorf("invalid unit size: ‘%s’", toUnit)
		return 1
	}
	if n.format != "" {
		i := strings.IndexByte(n.format, '%')
		if i < 0 || !strings.Contains(n.format[i:], "f") {
			inv.Errorf("format ‘%s’ has no %% directive", n.format)
			return 1
		}
	}
	if n.fields, ok = parseNumfmtFields(field); !ok {
		return inv.Usage(1, "invalid field value %s", localeQuote(field))
	}
	w := newWriter(inv.Stdout)
	defer w.Flush()
	fail := func(msg string) bool {
		switch n.invalid {
		case "ignore":
			return true
		case "warn":
			w.Flush()
			inv.Errorf("%s", msg)
			return true
		case "fail":
			w.Flush()
			inv.Errorf("%s", msg)
			n.status = 2
			return true
		}
		w.Flush()
		inv.Errorf("%s", msg)
		n.status = 2
		return false
	}
	eol := byte('\n')
	if zero {
		eol = 0
	}
	line := func(s string) bool {
		out, ok := n.line(s, fail)
		if !ok {
			return false
		}
		w.WriteString(out)
		w.WriteByte(eol)
		return true
	}
	if len(args) > 0 {
		for _, a := range args {
			if !line(a) {
				return n.status
			}
		}
		return n.status
	}
	skip := 0
	if header != "" {
		skip, _ = strconv.Atoi(header)
	}
	br := bufio.NewReaderSize(command.ContextReader(ctx, inv.Stdin), bufSize)
	for {
		s, err := inv.ReadLineString(br, eol)
		if command.IsLimit(err) {
			inv.Errorf("%s", err)
			return 2
		}
		if s != "" {
			s = strings.TrimSuffix(s, string(eol))
			if skip > 0 {
				skip--
				w.WriteString(s)
				w.WriteByte(eol)
			} else if !line(s) {
				return n.status
			}
			w.Flush()
		}
		if err != nil {
			if err != io.EOF && ctx.Err() != nil {
				return statusCancelled
			}
			break
		}
	}
	return n.status
}

// line converts the selected fields of one input line.
func (n *numfmtRun) line(s string, fail func(string) bool) (string, bool) {
	var parts []string
	if n.delim != "" {
		parts = strings.Split(s, n.delim)
		for i := range parts {
			if n.fields.has(i + 1) {
				out, msg := n.convert(parts[i])
				if msg != "" {
					return s, fail(msg)
				}
				parts[i] = out
			}
		}
		return strings.Join(parts, n.delim), true
	}
	// Whitespace fields: keep the spacing between them.
	var b strings.Builder
	field := 0
	i := 0
	if s == "" && n.fields.has(1) {
		if _, msg := n.convert(""); msg != "" {
			return s, fail(msg)
		}
	}
	for i < len(s) {
		j := i
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		b.WriteString(s[i:j])
		k := j
		for k < len(s) && s[k] != ' ' && s[k] != '\t' {
			k++
		}
		if k == j {
			// GNU's fields: the first always exists, and whitespace
			// after a field starts another, so "" and "1 " have an
			// empty one to convert.
			if (field == 0 || j > i) && n.fields.has(field+1) {
				if _, msg := n.convert(""); msg != "" {
					return s, fail(msg)
				}
			}
			break
		}
		field++
		tok := s[j:k]
		if n.fields.has(field) {
			out, msg := n.convert(tok)
			if msg != "" {
				return s, fail(msg)
			}
			tok = out
		}
		b.WriteString(tok)
		i = k
	}
	return b.String(), true
}

// numfmtArgError is argmatch's message for a bad option word.
func numfmtArgError(inv *command.Invocation, val, opt string, valid []string) int {
	inv.Errorf("invalid argument %s for %s", localeQuote(val), localeQuote(opt))
	fmt.Fprintf(inv.Stderr, "Valid arguments are:\n")
	for _, x := range valid {
		fmt.Fprintf(inv.Stderr, "  - %s\n", localeQuote(x))
	}
	return inv.Usage(1, "")
}

// numfmtFields is a --field list: N, N-M, N-, -M or - (all), comma
// separated, as cut's.
type numfmtFields [][2]int

func parseNumfmtFields(spec string) (numfmtFields, bool) {
	var fs numfmtFields
	for _, part := range strings.Split(spec, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, b := 1, math.MaxInt
		var err error
		if lo != "" {
			if a, err = strconv.Atoi(lo); err != nil || a <= 0 {
				return nil, false
			}
		}
		if !isRange {
			b = a
		} else if hi != "" {
			if b, err = strconv.Atoi(hi); err != nil || b < a {
				return nil, false
			}
		}
		if part == "" {
			return nil, false
		}
		fs = append(fs, [2]int{a, b})
	}
	return fs, true
}

func (fs numfmtFields) has(k int) bool {
	for _, r := range fs {
		if k >= r[0] && k <= r[1] {
			return true
		}
	}
	return false
}
