package binutil

import (
	"bufio"
	"context"
	"fmt"

	"os"
	"strconv"
	"strings"

	"memsh/shell/command"
	"memsh/shell/internal/posixre"
)

const csplitHelp = `Usage: csplit [OPTION]... FILE PATTERN...
Output pieces of FILE separated by PATTERN(s) to files 'xx00', 'xx01', ...,
and output byte counts of each piece to standard output.

Read standard input if FILE is -

Mandatory arguments to long options are mandatory for short options too.
  -b, --suffix-format=FORMAT  use sprintf FORMAT instead of %02d
  -f, --prefix=PREFIX        use PREFIX instead of 'xx'
  -k, --keep-files           do not remove output files on errors
      --suppress-matched     suppress the lines matching PATTERN
  -n, --digits=DIGITS        use specified number of digits instead of 2
  -s, --quiet, --silent      do not print counts of output file sizes
  -z, --elide-empty-files    remove empty output files
      --help        display this help and exit

Each PATTERN may be:
  INTEGER            copy up to but not including specified line number
  /REGEXP/[OFFSET]   copy up to but not including a matching line
  %REGEXP%[OFFSET]   skip to, but not including a matching line
  {INTEGER}          repeat the previous pattern specified number of times
  {*}                repeat the previous pattern as many times as possible

A line OFFSET is an integer optionally preceded by '+' or '-'
`

// csplitPattern is one PATTERN with its repeat count.
type csplitPattern struct {
	arg     string // as given, for messages
	re      *posixre.Regexp
	skip    bool  // %REGEXP%
	offset  int64 // after a regexp
	line    int64 // INTEGER pattern
	repeat  int64
	forever bool
}

// csplitter is GNU csplit's state: the input's lines, the first not yet
// written (next), the last one looked at (cur, 1-based), and the files.
type csplitter struct {
	inv      *command.Invocation
	out      *bufio.Writer
	lines    [][]byte
	next     int
	cur      int
	prefix   string
	suffix   func(n int) string
	quiet    bool
	elide    bool
	keep     bool
	suppress bool
	created  []string
	file     []byte // the open piece's content
	open     bool
}

// csplitFatal ends the run as GNU's cleanup_fatal: the open piece is
// closed (its size printed) and, unless -k, every piece removed.
type csplitFatal struct{}

// csplitDie ends the run as GNU's die(): no size line, no cleanup.
type csplitDie struct{}

func runCsplit(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	suffixFmt := f.StringP("suffix-format", "b", "", "")
	prefix := f.StringP("prefix", "f", "xx", "")
	keep := f.BoolP("keep-files", "k", false, "")
	suppress := f.Bool("suppress-matched", false, "")
	digits := f.StringP("digits", "n", "2", "")
	quiet := f.BoolP("quiet", "s", false, "")
	f.Bool("silent", false, "")
	elide := f.BoolP("elide-empty-files", "z", false, "")
	args, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	c := &csplitter{inv: inv, prefix: *prefix, quiet: *quiet || f.Lookup("silent").Changed,
		elide: *elide, keep: *keep, suppress: *suppress}
	n, err := strconv.Atoi(*digits)
	if err != nil || n < 0 {
		inv.Errorf("invalid number: %s", localeQuote(*digits))
		return 1
	}
	c.suffix = func(i int) string { return fmt.Sprintf("%0*d", n, i) }
	if f.Lookup("suffix-format").Changed {
		if c.suffix, ok = csplitSuffix(inv, *suffixFmt); !ok {
			return 1
		}
	}
	switch len(args) {
	case 0:
		return inv.Usage(1, "missing operand")
	case 1:
		return inv.Usage(1, "missing operand after %s", localeQuote(args[0]))
	}
	r, err := inv.OpenInput(ctx, args[0])
	if err != nil {
		inv.Errorf("cannot open %s for reading: %s", inv.ShellQuote(args[0], true), command.Strerror(err))
		return 1
	}
	data, err := inv.ReadAll(r, 0)
	r.Close()
	if err != nil {
		if ctx.Err() != nil {
			return statusCancelled
		}
		inv.Errorf("read error: %s", command.Strerror(err))
		return 1
	}
	patterns, ok := csplitPatterns(inv, args[1:])
	if !ok {
		return 1
	}
	for len(data) > 0 {
		i := strings.IndexByte(string(data), '\n') + 1
		if i == 0 {
			i = len(data)
		}
		c.lines = append(c.lines, data[:i])
		data = data[i:]
	}
	c.out = newWriter(inv.Stdout)
	defer c.out.Flush()
	return c.run(ctx, patterns)
}

// csplitSuffix compiles a -b FORMAT: one integer conversion, %% literal.
func csplitSuffix(inv *command.Invocation, format string) (func(int) string, bool) {
	var goFmt strings.Builder
	convs := 0
	for i := 0; i < len(format); i++ {
		ch := format[i]
		if ch != '%' {
			goFmt.WriteByte(ch)
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			goFmt.WriteString("%%")
			i++
			continue
		}
		convs++
		if convs > 1 {
			inv.Errorf("too many %% conversion specifications in suffix")
			return nil, false
		}
		j := i + 1
		spec := "%"
		for j < len(format) && strings.IndexByte("'-+ #0", format[j]) >= 0 {
			if format[j] != '\'' {
				spec += string(format[j])
			}
			j++
		}
		for j < len(format) && (format[j] >= '0' && format[j] <= '9' || format[j] == '.') {
			spec += string(format[j])
			j++
		}
		if j >= len(format) {
			inv.Errorf("missing conversion specifier in suffix")
			return nil, false
		}
		switch format[j] {
		case 'd', 'i', 'u':
			spec += "d"
		case 'o', 'x', 'X':
			spec += string(format[j])
		default:
			if format[j] >= 0x20 && format[j] < 0x7f {
				inv.Errorf("invalid conversion specifier in suffix: %c", format[j])
			} else {
				inv.Errorf("invalid conversion specifier in suffix: \\%.3o", format[j])
			}
			return nil, false
		}
		goFmt.WriteString(spec)
		i = j
	}
	if convs == 0 {
		inv.Errorf("missing %% conversion specification in suffix")
		return nil, false
	}
	layout := goFmt.String()
	return func(n int) string { return fmt.Sprintf(layout, n) }, true
}

// csplitPatterns parses the PATTERNs as GNU's parse_patterns does.
func csplitPatterns(inv *command.Invocation, args []string) ([]*csplitPattern, bool) {
	var ps []*csplitPattern
	var last int64
	for i := 0; i < len(args); i++ {
		a := args[i]
		p := &csplitPattern{arg: a}
		if a[0] == '/' || a[0] == '%' {
			end := strings.LastIndexByte(a[1:], a[0])
			if end < 0 {
				inv.Errorf("%s: closing delimiter '%c' missing", a, a[0])
				return nil, false
			}
			end++
			re, err := posixre.Compile(a[1:end], posixre.BRE, 0)
			if err != nil {
				inv.Errorf("%s: invalid regular expression: %s", localeQuote(a), err)
				return nil, false
			}
			p.re, p.skip = re, a[0] == '%'
			if rest := a[end+1:]; rest != "" {
				v, err := strconv.ParseInt(strings.TrimPrefix(rest, "+"), 10, 64)
				if err != nil || strings.HasPrefix(rest, "+-") || strings.HasPrefix(rest, "++") {
					inv.Errorf("%s: integer expected after delimiter", localeQuote(a))
					return nil, false
				}
				p.offset = v
			}
		} else {
			v, err := strconv.ParseInt(strings.TrimPrefix(strings.TrimLeft(a, " \t"), "+"), 10, 64)
			switch {
			case err != nil || v < 0:
				inv.Errorf("%s: invalid pattern", localeQuote(a))
				return nil, false
			case v == 0:
				inv.Errorf("%s: line number must be greater than zero", a)
				return nil, false
			case v < last:
				inv.Errorf("line number %s is smaller than preceding line number, %d", localeQuote(a), last)
				return nil, false
			case v == last:
				inv.Errorf("warning: line number %s is the same as preceding line number", localeQuote(a))
			}
			last, p.line = v, v
		}
		if i+1 < len(args) && strings.HasPrefix(args[i+1], "{") {
			i++
			r := args[i]
			if !strings.HasSuffix(r, "}") {
				inv.Errorf("%s: '}' is required in repeat count", localeQuote(r))
				return nil, false
			}
			body := r[1 : len(r)-1]
			if body == "*" {
				p.forever = true
			} else {
				v, err := strconv.ParseUint(strings.TrimPrefix(strings.TrimLeft(body, " \t"), "+"), 10, 63)
				if err != nil {
					inv.Errorf("%s}: integer required between '{' and '}'", localeQuote(r[:len(r)-1]))
					return nil, false
				}
				p.repeat = int64(v)
			}
		}
		ps = append(ps, p)
	}
	return ps, true
}

func (c *csplitter) run(ctx context.Context, patterns []*csplitPattern) (status int) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(csplitDie); ok {
				status = 1
				return
			}
			if _, ok := r.(csplitFatal); !ok {
				panic(r)
			}
			c.closeFile()
			if !c.keep {
				for _, name := range c.created {
					c.inv.FS.Remove(c.inv.Abs(name))
				}
			}
			status = 1
		}
	}()
	for _, p := range patterns {
		for rep := int64(0); p.forever || rep <= p.repeat; rep++ {
			if ctx.Err() != nil {
				return statusCancelled
			}
			var done bool
			if p.re != nil {
				done = c.regexp(p, rep)
			} else {
				c.lineCount(p, rep)
			}
			if done {
				return 0
			}
		}
	}
	c.createFile()
	c.dumpRest()
	c.closeFile()
	return 0
}

// fatal reports as GNU's error() does (stdout flushed first) and ends
// the run.
func (c *csplitter) fatal(format string, args ...any) {
	c.out.Flush()
	c.inv.Errorf(format, args...)
	panic(csplitFatal{})
}

// fatalRaw is fatal for GNU's messages written straight to stderr with
// fprintf: the sizes already printed stay buffered and come after it.
func (c *csplitter) fatalRaw(format string, args ...any) {
	c.inv.Errorf(format, args...)
	panic(csplitFatal{})
}

func (c *csplitter) repetition(rep int64) string {
	if rep == 0 {
		return ""
	}
	return fmt.Sprintf(" on repetition %d", rep)
}

func (c *csplitter) createFile() {
	name := c.prefix + c.suffix(len(c.created))
	w, err := c.inv.FS.OpenFile(c.inv.Abs(name), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666&^c.inv.Umask())
	if err != nil {
		c.fatal("%s: %s", name, command.Strerror(err))
	}
	w.Close()
	c.created = append(c.created, name)
	c.file, c.open = c.file[:0], true
}

func (c *csplitter) closeFile() {
	if !c.open {
		return
	}
	c.open = false
	name := c.created[len(c.created)-1]
	if len(c.file) == 0 && c.elide {
		c.inv.FS.Remove(c.inv.Abs(name))
		c.created = c.created[:len(c.created)-1]
		return
	}
	if err := c.inv.FS.WriteFile(c.inv.Abs(name), c.file, 0o666&^c.inv.Umask()); err != nil {
		c.open = false
		c.fatal("%s: %s", name, command.Strerror(err))
	}
	if !c.quiet {
		fmt.Fprintf(c.out, "%d\n", len(c.file))
	}
}

// take removes the next line, saving it to the open piece unless skip;
// false when there is none.
func (c *csplitter) take(skip bool) bool {
	if c.next >= len(c.lines) {
		return false
	}
	if !skip {
		c.file = append(c.file, c.lines[c.next]...)
	}
	c.next++
	return true
}

func (c *csplitter) dumpRest() {
	for c.take(false) {
	}
}

// lineCount is GNU's process_line_count: the piece ends before line
// N*(rep+1).
func (c *csplitter) lineCount(p *csplitPattern, rep int64) {
	c.createFile()
	lineErr := func() {
		c.fatalRaw("%s: line number out of range%s", localeQuote(strconv.FormatInt(p.line, 10)), c.repetition(rep))
	}
	if c.next >= len(c.lines) && c.suppress {
		lineErr()
	}
	if len(c.lines) == 0 {
		// GNU finds no buffer to read at all: the new piece stays.
		c.open = false
		c.out.Flush()
		c.inv.Errorf("input disappeared")
		panic(csplitDie{})
	}
	last := p.line * (rep + 1)
	for n := int64(c.next) + 1; n < last; n++ {
		if !c.take(false) {
			lineErr()
		}
	}
	c.closeFile()
	if c.suppress {
		c.take(true)
	}
	c.cur = c.next
	if c.next >= len(c.lines) && !c.suppress {
		lineErr()
	}
}

// regexp is GNU's process_regexp; true when {*} ran out of input (the
// run is over, successfully).
func (c *csplitter) regexp(p *csplitPattern, rep int64) bool {
	if !p.skip {
		c.createFile()
	}
	notFound := func() {
		c.inv.Errorf("%s: match not found%s", localeQuote(p.arg), c.repetition(rep))
		if !p.skip {
			c.dumpRest()
			c.closeFile()
		}
		panic(csplitFatal{})
	}
	for {
		c.cur++
		if c.cur > len(c.lines) {
			if p.forever {
				if !p.skip {
					c.dumpRest()
					c.closeFile()
				}
				return true
			}
			notFound()
		}
		line := c.lines[c.cur-1]
		line = line[:len(line)-boolInt(line[len(line)-1] == '\n')]
		if p.re.Match(line) {
			break
		}
		if p.offset >= 0 {
			c.take(p.skip)
		}
	}
	brk := int64(c.cur) + p.offset
	first := int64(c.next) + 1
	if first > brk {
		c.fatal("%s: line number out of range", localeQuote(p.arg))
	}
	for i := first; i < brk; i++ {
		if !c.take(p.skip) {
			c.fatal("%s: line number out of range", localeQuote(p.arg))
		}
	}
	if !p.skip {
		c.closeFile()
	}
	if p.offset > 0 {
		c.cur = int(brk)
	}
	if c.suppress && p.offset == 0 {
		// The matching line starts the next piece: drop it.
		c.take(true)
		c.cur = c.next
	}
	return false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
