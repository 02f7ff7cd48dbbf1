package lineutil

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"memsh/shell/internal/strftime"
	"strconv"
	"strings"
	"time"

	"memsh/shell/command"
	"memsh/shell/internal/longopt"
)

const prHelp = `Usage: pr [OPTION]... [FILE]...
Paginate or columnate FILE(s) for printing.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  +FIRST_PAGE[:LAST_PAGE], --pages=FIRST_PAGE[:LAST_PAGE]
                    begin [stop] printing with page FIRST_[LAST_]PAGE
  -COLUMN, --columns=COLUMN
                    output COLUMN columns and print columns down,
                    unless -a is used. Balance number of lines in the
                    columns on each page
  -a, --across      print columns across rather than down, used together
                    with -COLUMN
  -d, --double-space
                    double space the output
  -D, --date-format=FORMAT
                    use FORMAT for the header date
  -F, -f, --form-feed
                    use form feeds instead of newlines to separate pages
  -h, --header=HEADER
                    use a centered HEADER instead of filename in page header,
                    -h "" prints a blank line, don't use -h""
  -J, --join-lines  merge full lines, turns off -W line truncation, no column
                    alignment, --sep-string[=STRING] sets separators
  -l, --length=PAGE_LENGTH
                    set the page length to PAGE_LENGTH (66) lines
                    (default number of lines of text 56, and with -F 63).
                    implies -t if PAGE_LENGTH <= 10
  -m, --merge       print all files in parallel, one in each column,
                    truncate lines, but join lines of full length with -J
  -n, --number-lines[=SEP[DIGITS]]
                    number lines, use DIGITS (5) digits, then SEP (TAB),
                    default counting starts with 1st line of input file
  -N, --first-line-number=NUMBER
                    start counting with NUMBER at 1st line of first
                    page printed (see +FIRST_PAGE)
  -o, --indent=MARGIN
                    offset each line with MARGIN (zero) spaces, do not
                    affect -w or -W, MARGIN will be added to PAGE_WIDTH
  -s[CHAR], --separator[=CHAR]
                    separate columns by a single character, default for CHAR
                    is the <TAB> character without -w and 'no char' with -w.
                    -s[CHAR] turns off line truncation of all 3 column
                    options (-COLUMN|-a -COLUMN|-m) except -w is set
  -S[STRING], --sep-string[=STRING]
                    separate columns by STRING,
                    without -S: Default separator <TAB> with -J and <space>
                    otherwise (same as -S" "), no effect on column options
  -t, --omit-header  omit page headers and trailers;
                     implied if PAGE_LENGTH <= 10
  -T, --omit-pagination
                    omit page headers and trailers, eliminate any pagination
                    by form feeds set in input files
  -w, --width=PAGE_WIDTH
                    set page width to PAGE_WIDTH (72) characters for
                    multiple text-column output only, -s[char] turns off (72)
  -W, --page-width=PAGE_WIDTH
                    set page width to PAGE_WIDTH (72) characters always,
                    truncate lines, except -J option is set, no interference
                    with -S or -s
      --help        display this help and exit
`

// prOpts are pr's settings after parsing.
type prOpts struct {
	columns      int
	across       bool
	double       bool
	dateFormat   string
	formFeed     bool
	header       *string
	join         bool
	length       int
	merge        bool
	number       bool
	numSep       byte
	numDigits    int
	firstNumber  int
	margin       int
	sep          string
	sepGiven     bool // -s or -S: no padding unless a width is set
	truncate     bool
	omitHeader   bool
	omitPaging   bool
	width        int
	widthGiven   bool
	firstPage    int
	lastPage     int
	explicitSepS bool // -s (not -S)
	expandChar   byte // -e: the input tab character, 0 for none
	expandWidth  int  // -e: its tab stops
}

// Pr paginates and columnates as GNU pr does: 66-line pages with a
// five-line header (date, file name, page) and trailer, -COLUMN columns
// down (balanced on the last page) or across, -m files side by side.
func Pr(ctx context.Context, inv *command.Invocation) int {
	o, files, st, ok := prParse(inv)
	if !ok {
		return st
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	w := bufio.NewWriterSize(inv.Stdout, 64<<10)
	defer w.Flush()
	status := 0
	read := func(name string) ([][]byte, time.Time, bool) {
		r, closeFn, err := open(inv, name)
		if err != nil {
			w.Flush()
			inv.FileError(name, err)
			status = 1
			return nil, time.Time{}, false
		}
		mtime := inv.Now()
		if name != "-" {
			if fi, err := inv.FS.Stat(inv.Abs(name)); err == nil {
				mtime = fi.ModTime()
			}
		}
		data, err := inv.ReadAll(command.ContextReader(ctx, r), 0)
		closeFn()
		if err != nil {
			w.Flush()
			inv.FileError(name, err)
			status = 1
			return nil, time.Time{}, false
		}
		lines := prLines(data)
		// With several columns the cells are expanded as they are laid
		// out (row), where GNU leaves the last column's tabs alone.
		if o.expandChar != 0 && o.columns <= 1 && !o.merge {
			for i, l := range lines {
				lines[i] = prExpand(l, o.expandChar, o.expandWidth)
			}
		}
		return lines, mtime, true
	}
	p := &prPrinter{o: o, w: w, inv: inv, lineNo: o.firstNumber}
	if o.merge {
		var cols [][][]byte
		for _, name := range files {
			lines, _, ok := read(name)
			if ok {
				cols = append(cols, lines)
			}
		}
		p.header(inv.Now(), "")
		p.printMerged(cols)
		return status
	}
	for _, name := range files {
		lines, mtime, ok := read(name)
		if !ok {
			continue
		}
		label := name
		if name == "-" {
			label = ""
		}
		p.header(mtime, label)
		p.lineNo = o.firstNumber
		p.printFile(lines)
	}
	return status
}

// prLines splits data into lines without their newlines.
// prExpand is -e: each tab character becomes spaces to the next stop.
func prExpand(line []byte, tab byte, width int) []byte {
	if bytes.IndexByte(line, tab) < 0 {
		return line
	}
	out := make([]byte, 0, len(line)+width)
	for _, c := range line {
		if c == tab {
			n := width - len(out)%width
			out = append(out, bytes.Repeat([]byte{' '}, n)...)
			continue
		}
		out = append(out, c)
	}
	return out
}

// prTabArg reads -e's or -i's optional [CHAR[WIDTH]].
func prTabArg(v string) (byte, int) {
	c, width := byte('\t'), 8
	if v != "" && (v[0] < '0' || v[0] > '9') {
		c, v = v[0], v[1:]
	}
	if n, err := strconv.Atoi(v); err == nil && n > 0 {
		width = n
	}
	return c, width
}

func prLines(data []byte) [][]byte {
	var lines [][]byte
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			lines = append(lines, data)
			break
		}
		lines = append(lines, data[:i])
		data = data[i+1:]
	}
	return lines
}

// prLongOpts is GNU pr's long-option table, in its order, for
// getopt_long's abbreviations (--doub) and messages; the loop in
// prParse reads the options written out in full.
var prLongOpts = longopt.Table{
	Complete: true,
	ShortArg: "DhlNowW",
	Long: []longopt.Option{
		{Name: "pages", ID: "pages", Arg: true}, {Name: "columns", ID: "columns", Arg: true},
		{Name: "across", ID: "a", NoArg: true}, {Name: "show-control-chars", ID: "c", NoArg: true},
		{Name: "double-space", ID: "d", NoArg: true}, {Name: "date-format", ID: "D", Arg: true},
		{Name: "expand-tabs", ID: "e"}, {Name: "form-feed", ID: "f", NoArg: true},
		{Name: "header", ID: "h", Arg: true}, {Name: "output-tabs", ID: "i"},
		{Name: "join-lines", ID: "J", NoArg: true}, {Name: "length", ID: "l", Arg: true},
		{Name: "merge", ID: "m", NoArg: true}, {Name: "number-lines", ID: "n"},
		{Name: "first-line-number", ID: "N", Arg: true}, {Name: "indent", ID: "o", Arg: true},
		{Name: "no-file-warnings", ID: "r", NoArg: true}, {Name: "separator", ID: "s"},
		{Name: "sep-string", ID: "S"}, {Name: "omit-header", ID: "t", NoArg: true},
		{Name: "omit-pagination", ID: "T", NoArg: true}, {Name: "show-nonprinting", ID: "v", NoArg: true},
		{Name: "width", ID: "w", Arg: true}, {Name: "page-width", ID: "W", Arg: true},
	},
}

func prParse(inv *command.Invocation) (*prOpts, []string, int, bool) {
	o := &prOpts{columns: 1, length: 66, numSep: '\t', numDigits: 5, firstNumber: 1, sep: " ",
		width: 72, firstPage: 1, lastPage: math.MaxInt, dateFormat: "%Y-%m-%d %H:%M", truncate: true}
	var files []string
	args, msg, answered := inv.ExpandLong(prLongOpts, inv.Args[1:])
	switch {
	case msg != "":
		return nil, nil, inv.Usage(1, "%s", msg), false
	case answered:
		return nil, nil, 0, false
	}
	bad := func(format string, a ...any) (*prOpts, []string, int, bool) {
		inv.Errorf(format, a...)
		return nil, nil, 1, false
	}
	// GNU checks each number as an int: past INT_MAX is EOVERFLOW,
	// below the minimum ERANGE.
	num := func(v, what string, lo int) (int, bool) {
		n, err := strconv.ParseInt(strings.TrimPrefix(strings.TrimLeft(v, " "), "+"), 10, 64)
		switch {
		case err != nil && errors.Is(err, strconv.ErrRange) || err == nil && n > math.MaxInt32:
			inv.Errorf("%s: %s: Value too large for defined data type", what, lquote(inv, v))
			return 0, false
		case err != nil:
			inv.Errorf("%s: %s", what, lquote(inv, v))
			return 0, false
		case n < int64(lo):
			inv.Errorf("%s: %s: Numerical result out of range", what, lquote(inv, v))
			return 0, false
		}
		return int(n), true
	}
	pages := func(v string) bool {
		first, last, hasLast := strings.Cut(v, ":")
		f, err := strconv.Atoi(first)
		if err != nil || f < 1 {
			inv.Errorf("invalid page range %s", lquote(inv, v))
			return false
		}
		o.firstPage = f
		if hasLast {
			l, err := strconv.Atoi(last)
			if err != nil || l < f {
				inv.Errorf("invalid page range %s", lquote(inv, v))
				return false
			}
			o.lastPage = l
		}
		return true
	}
	var ok bool
	sNoChar := false // -s without CHAR: TAB, or no separator with -w
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			files = append(files, args[i+1:]...)
			i = len(args)
			continue
		case strings.HasPrefix(a, "+") && len(a) > 1:
			if !pages(a[1:]) {
				return nil, nil, 1, false
			}
			continue
		case strings.HasPrefix(a, "--"):
			name, val, hasVal := strings.Cut(a[2:], "=")
			needVal := func() (string, bool) {
				if hasVal {
					return val, true
				}
				if i+1 < len(args) {
					i++
					return args[i], true
				}
				inv.Errorf("option '--%s' requires an argument", name)
				return "", false
			}
			var v string
			switch name {
			case "pages":
				if v, ok = needVal(); !ok || !pages(v) {
					return nil, nil, 1, false
				}
			case "columns":
				if v, ok = needVal(); !ok {
					return nil, nil, inv.Usage(1, ""), false
				}
				if o.columns, ok = num(v, "invalid number of columns", 1); !ok {
					return nil, nil, 1, false
				}
			case "across":
				o.across = true
			case "double-space":
				o.double = true
			case "date-format":
				if o.dateFormat, ok = needVal(); !ok {
					return nil, nil, inv.Usage(1, ""), false
				}
			case "form-feed":
				o.formFeed = true
			case "header":
				if v, ok = needVal(); !ok {
					return nil, nil, inv.Usage(1, ""), false
				}
				o.header = &v
			case "join-lines":
				o.join = true
			case "length":
				if v, ok = needVal(); !ok {
					return nil, nil, inv.Usage(1, ""), false
				}
				if o.length, ok = num(v, "'-l PAGE_LENGTH' invalid number of lines", 1); !ok {
					return nil, nil, 1, false
				}
			case "merge":
				o.merge = true
			case "number-lines":
				o.number = true
				if hasVal {
					prNumberArg(o, val)
				}
			case "first-line-number":
				if v, ok = needVal(); !ok {
					return nil, nil, inv.Usage(1, ""), false
				}
				if o.firstNumber, ok = num(v, "'-N NUMBER' invalid starting line number", math.MinInt); !ok {
					return nil, nil, 1, false
				}
			case "indent":
				if v, ok = needVal(); !ok {
					return nil, nil, inv.Usage(1, ""), false
				}
				if o.margin, ok = num(v, "'-o MARGIN' invalid line offset", 0); !ok {
					return nil, nil, 1, false
				}
			case "separator":
				o.sep, o.sepGiven, o.explicitSepS, sNoChar = "\t", true, true, !hasVal
				if hasVal {
					o.sep = val
				}
			case "sep-string":
				o.sep, o.sepGiven = "", true
				if hasVal {
					o.sep = val
				}
			case "omit-header":
				o.omitHeader = true
			case "omit-pagination":
				o.omitHeader, o.omitPaging = true, true
			case "width", "page-width":
				if v, ok = needVal(); !ok {
					return nil, nil, inv.Usage(1, ""), false
				}
				if o.width, ok = num(v, "'-w PAGE_WIDTH' invalid number of characters", 1); !ok {
					return nil, nil, 1, false
				}
				o.widthGiven = true
			case "expand-tabs":
				_, v, _ := strings.Cut(a, "=")
				o.expandChar, o.expandWidth = prTabArg(v)
			case "no-file-warnings", "show-control-chars", "show-nonprinting", "output-tabs":
			default:
				return nil, nil, inv.Usage(1, "unrecognized option '%s'", a), false
			}
			continue
		case len(a) < 2 || a[0] != '-':
			files = append(files, a)
			continue
		}
		// A cluster of short options; some take the rest as a value.
		for j := 1; j < len(a); j++ {
			c := a[j]
			rest := a[j+1:]
			value := func() (string, bool) {
				if rest != "" {
					j = len(a)
					return rest, true
				}
				if i+1 < len(args) {
					i++
					j = len(a)
					return args[i], true
				}
				inv.Errorf("option requires an argument -- '%c'", c)
				return "", false
			}
			var v string
			switch {
			case c >= '0' && c <= '9':
				k := j
				for k < len(a) && a[k] >= '0' && a[k] <= '9' {
					k++
				}
				if o.columns, ok = num(a[j:k], "invalid number of columns", 1); !ok {
					return nil, nil, 1, false
				}
				j = k - 1
			case c == 'a':
				o.across = true
			case c == 'c' || c == 'v' || c == 'r':
			case c == 'd':
				o.double = true
			case c == 'D':
				if o.dateFormat, ok = value(); !ok {
					return nil, nil, inv.Usage(1, ""), false
				}
			case c == 'e':
				o.expandChar, o.expandWidth = prTabArg(rest)
				j = len(a)
			case c == 'i':
				j = len(a) // optional [CHAR[WIDTH]]: accepted, output keeps its tabs
			case c == 'F' || c == 'f':
				o.formFeed = true
			case c == 'h':
				if v, ok = value(); !ok {
					return nil, nil, inv.Usage(1, ""), false
				}
				o.header = &v
			case c == 'J':
				o.join = true
			case c == 'l':
				if v, ok = value(); !ok {
					return nil, nil, inv.Usage(1, ""), false
				}
				if o.length, ok = num(v, "'-l PAGE_LENGTH' invalid number of lines", 1); !ok {
					return nil, nil, 1, false
				}
			case c == 'm':
				o.merge = true
			case c == 'n':
				o.number = true
				prNumberArg(o, rest)
				j = len(a)
			case c == 'N':
				if v, ok = value(); !ok {
					return nil, nil, inv.Usage(1, ""), false
				}
				if o.firstNumber, ok = num(v, "'-N NUMBER' invalid starting line number", math.MinInt); !ok {
					return nil, nil, 1, false
				}
			case c == 'o':
				if v, ok = value(); !ok {
					return nil, nil, inv.Usage(1, ""), false
				}
				if o.margin, ok = num(v, "'-o MARGIN' invalid line offset", 0); !ok {
					return nil, nil, 1, false
				}
			case c == 's':
				o.sep, o.sepGiven, o.explicitSepS, sNoChar = "\t", true, true, rest == ""
				if rest != "" {
					o.sep = rest[:1]
					j++
				}
			case c == 'S':
				o.sep, o.sepGiven = rest, true
				j = len(a)
			case c == 't':
				o.omitHeader = true
			case c == 'T':
				o.omitHeader, o.omitPaging = true, true
			case c == 'w' || c == 'W':
				if v, ok = value(); !ok {
					return nil, nil, inv.Usage(1, ""), false
				}
				if o.width, ok = num(v, "'-w PAGE_WIDTH' invalid number of characters", 1); !ok {
					return nil, nil, 1, false
				}
				o.widthGiven = true
			default:
				return nil, nil, inv.Usage(1, "invalid option -- '%c'", c), false
			}
		}
	}
	if o.length <= 10 {
		o.omitHeader = true
	}
	if sNoChar && o.widthGiven {
		o.sep = ""
	}
	if o.join || o.sepGiven && o.explicitSepS && !o.widthGiven {
		o.truncate = false
	}
	if o.join && !o.sepGiven {
		o.sep = "\t"
	}
	if o.columns > 1 && o.merge {
		return bad("cannot specify number of columns when printing in parallel")
	}
	if o.across && o.columns == 1 {
		o.across = false
	}
	if cols := o.columns; cols > 1 && (o.width-len(o.sep)*(cols-1))/cols < 1 {
		return bad("page width too narrow")
	}
	return o, files, 0, true
}

// prNumberArg reads -n's optional SEP[DIGITS].
func prNumberArg(o *prOpts, v string) {
	if v == "" {
		return
	}
	if v[0] < '0' || v[0] > '9' {
		o.numSep, v = v[0], v[1:]
	}
	if n, err := strconv.Atoi(v); err == nil && n > 0 {
		o.numDigits = n
	}
}

// prPrinter writes pages.
type prPrinter struct {
	o         *prOpts
	w         *bufio.Writer
	inv       *command.Invocation
	date      string
	label     string
	page      int
	lineNo    int
	pos       int // output column
	pending   int // spaces not yet printed (GNU's spaces_not_printed)
	bodyLines int
}

func (p *prPrinter) header(t time.Time, label string) {
	p.date = strftime.Format(p.o.dateFormat, t.In(p.inv.Location()))
	p.label = label
	if p.o.header != nil {
		p.label = *p.o.header
	}
	p.page = 0
}

// body is how many text lines a page holds.
func (p *prPrinter) body() int {
	if p.o.omitHeader {
		return p.o.length
	}
	n := p.o.length - 10
	if p.o.double {
		n = (n + 1) / 2
	}
	return max(n, 1)
}

// space asks for n columns of blank before the next text.
func (p *prPrinter) space(n int) { p.pending += n }

// flushSpace prints the pending blank with tabs where one fits, as GNU's
// print_white_space does.
func (p *prPrinter) flushSpace() {
	goal := p.pos + p.pending
	if goal-p.pos > 1 {
		if tabs := goal/8 - p.pos/8; tabs > 0 {
			writeRepeated(p.w, '\t', tabs)
			p.pos = goal / 8 * 8
		}
	}
	writeRepeated(p.w, ' ', goal-p.pos)
	p.pos = goal
	p.pending = 0
}

// text prints a column's text, cut to width columns when limit >= 0.
func (p *prPrinter) text(s []byte, limit int) {
	if len(s) > 0 {
		p.flushSpace()
	}
	start := p.pos
	for _, c := range s {
		next := p.pos + 1
		if c == '\t' {
			next = (p.pos/8 + 1) * 8
		} else if c == '\b' && p.pos > 0 {
			next = p.pos - 1
		}
		if limit >= 0 && next-start > limit {
			break
		}
		p.w.WriteByte(c)
		p.pos = next
	}
}

func (p *prPrinter) sep() {
	for i := 0; i < len(p.o.sep); i++ {
		if p.o.sep[i] == ' ' {
			p.pending++
			continue
		}
		p.flushSpace()
		p.w.WriteByte(p.o.sep[i])
		p.pos++
	}
	if p.pending > 0 {
		p.flushSpace()
	}
}

func (p *prPrinter) endLine() {
	p.w.WriteByte('\n')
	p.pos, p.pending = 0, 0
}

// numberText prints line number num for a column starting at colStart:
// its leading blanks and (in columns) a TAB separator become blank to be
// printed, the TAB reaching the next tab stop counted from colStart.
func (p *prPrinter) numberText(num, colStart int, columns bool) {
	n := fmt.Sprintf("%*d", p.o.numDigits, num)
	if len(n) > p.o.numDigits {
		n = n[len(n)-p.o.numDigits:]
	}
	digits := strings.TrimLeft(n, " ")
	p.pending += len(n) - len(digits)
	p.flushSpace()
	p.w.WriteString(digits)
	p.pos += len(digits)
	switch {
	case p.o.numSep == '\t' && columns:
		p.pending = colStart + ((p.pos-colStart)/8+1)*8 - p.pos
	case p.o.numSep == '\t':
		p.w.WriteByte('\t')
		p.pos = (p.pos/8 + 1) * 8
	default:
		p.w.WriteByte(p.o.numSep)
		p.pos++
	}
}

// startPage prints the header of the next page; false when the page
// is outside +FIRST:LAST (its text is then skipped).
func (p *prPrinter) startPage() bool {
	p.page++
	if p.page < p.o.firstPage || p.page > p.o.lastPage {
		return false
	}
	if !p.o.omitHeader {
		if p.page > p.o.firstPage && p.o.formFeed {
			p.w.WriteByte('\f')
		}
		pageText := fmt.Sprintf("Page %d", p.page)
		avail := max(p.o.width-len([]rune(p.date))-len([]rune(p.label))-len(pageText), 0)
		lhs := avail / 2
		p.w.WriteString("\n\n")
		writeRepeated(p.w, ' ', p.o.margin)
		p.w.WriteString(p.date)
		writeRepeated(p.w, ' ', lhs)
		p.w.WriteString(p.label)
		writeRepeated(p.w, ' ', avail-lhs)
		p.w.WriteString(pageText)
		p.w.WriteString("\n\n\n")
	}
	return true
}

// endPage pads the page and prints the trailer.
func (p *prPrinter) endPage(used int) {
	if p.o.omitHeader {
		return
	}
	if p.o.formFeed {
		return
	}
	lines := used
	if p.o.double {
		lines = used * 2
	}
	for n := lines; n < p.o.length-10; n++ {
		p.w.WriteByte('\n')
	}
	p.w.WriteString("\n\n\n\n\n")
}

// finish ends the output (a final form feed with -F).
func (p *prPrinter) finish(printed bool) {
	if printed && p.o.formFeed && !p.o.omitHeader {
		p.w.WriteByte('\f')
	}
}

// row prints one output line made of the given column texts (nil: the
// column is empty).
func (p *prPrinter) row(cells [][]byte, present []bool, nums []int) {
	cols := len(cells)
	colWidth := p.o.width
	if cols > 1 {
		colWidth = (p.o.width - len(p.o.sep)*(cols-1)) / cols
	}
	last := -1
	for i := range cells {
		if present[i] {
			last = i
		}
	}
	if p.o.merge && last >= 0 {
		last = cols - 1 // GNU pads the columns of files that have ended
	}
	if p.o.margin > 0 {
		p.pending += p.o.margin
	}
	for i := 0; i <= last; i++ {
		colStart := p.pos + p.pending
		if p.o.number && (cols == 1 || present[i]) {
			p.numberText(nums[i], colStart, cols > 1)
		}
		limit := -1
		if cols > 1 && p.o.truncate {
			limit = colWidth - (p.pos + p.pending - colStart)
		}
		if present[i] {
			cell := cells[i]
			if p.o.expandChar != 0 && cols > 1 && i < cols-1 {
				cell = prExpand(cell, p.o.expandChar, p.o.expandWidth)
			}
			p.text(cell, limit)
		}
		if i < last {
			if p.o.truncate || !p.o.sepGiven {
				if pad := colStart + colWidth - (p.pos + p.pending); pad > 0 && p.o.truncate {
					p.pending += pad
				}
			}
			p.sep()
		}
	}
	p.endLine()
}

func (p *prPrinter) printFile(lines [][]byte) {
	body := p.body()
	cols := p.o.columns
	printed := false
	for len(lines) > 0 {
		perPage := body * cols
		chunk := lines[:min(perPage, len(lines))]
		lines = lines[len(chunk):]
		show := p.startPage()
		if !show {
			if p.o.number {
				p.lineNo += len(chunk)
			}
			continue
		}
		printed = true
		rows := p.layout(chunk, body)
		p.lineNo += len(chunk)
		for i, r := range rows {
			p.row(r.cells, r.present, r.nums)
			// GNU double-spaces a single column after each line, but
			// columns only between rows.
			if p.o.double && (cols == 1 || i < len(rows)-1) {
				p.w.WriteByte('\n')
			}
		}
		p.endPage(len(rows))
	}
	p.finish(printed)
}

type prRow struct {
	cells   [][]byte
	present []bool
	nums    []int // line numbers for -n
}

// layout places a page's lines in rows: down the columns (balanced when
// the page is not full) or across with -a.
func (p *prPrinter) layout(chunk [][]byte, body int) []prRow {
	cols := p.o.columns
	if cols == 1 {
		rows := make([]prRow, len(chunk))
		for i, l := range chunk {
			rows[i] = prRow{[][]byte{l}, []bool{true}, []int{p.lineNo + i}}
		}
		return rows
	}
	n := len(chunk)
	var nrows int
	if p.o.across {
		nrows = (n + cols - 1) / cols
	} else if n >= body*cols {
		nrows = body
	} else {
		nrows = (n + cols - 1) / cols
	}
	rows := make([]prRow, nrows)
	for i := range rows {
		rows[i] = prRow{make([][]byte, cols), make([]bool, cols), make([]int, cols)}
	}
	if p.o.across {
		for i, l := range chunk {
			rows[i/cols].cells[i%cols] = l
			rows[i/cols].present[i%cols] = true
			rows[i/cols].nums[i%cols] = p.lineNo + i
		}
		return rows
	}
	// Down: the first n%cols columns take one line more.
	base, extra := n/cols, n%cols
	if n >= body*cols {
		base, extra = body, 0
	}
	k := 0
	for c := 0; c < cols; c++ {
		h := base
		if c < extra {
			h++
		}
		for r := 0; r < h && k < n; r++ {
			rows[r].cells[c] = chunk[k]
			rows[r].present[c] = true
			rows[r].nums[c] = p.lineNo + k
			k++
		}
	}
	return rows
}

func (p *prPrinter) printMerged(files [][][]byte) {
	body := p.body()
	n := 0
	for _, f := range files {
		n = max(n, len(f))
	}
	saved := p.o.columns
	p.o.columns = len(files)
	defer func() { p.o.columns = saved }()
	printed := false
	for start := 0; start < n; start += body {
		show := p.startPage()
		end := min(start+body, n)
		if !show {
			continue
		}
		printed = true
		for r := start; r < end; r++ {
			cells := make([][]byte, len(files))
			present := make([]bool, len(files))
			nums := make([]int, len(files))
			for i, f := range files {
				if r < len(f) {
					cells[i], present[i], nums[i] = f[r], true, r+p.o.firstNumber
				}
			}
			p.row(cells, present, nums)
			if p.o.double && r < end-1 {
				p.w.WriteByte('\n')
			}
		}
		p.endPage(end - start)
	}
	p.finish(printed)
}
