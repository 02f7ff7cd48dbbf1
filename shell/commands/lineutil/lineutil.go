// Package lineutil holds small line-oriented tools scripts reach for
// beside the core set: rev, paste, nl, fold and comm, with GNU (and
// util-linux, for rev) behaviour.
package lineutil

import (
	"bufio"
	"context"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"memsh/shell/command"
)

// Commands is this package's registry table.
func Commands() []command.Command {
	return []command.Command{
		{Name: "rev", Summary: "reverse lines characterwise", Help: revHelp, Run: Rev},
		{Name: "paste", Summary: "merge lines of files", Help: pasteHelp, Run: Paste},
		{Name: "nl", Summary: "number lines of files", Help: nlHelp, Run: Nl},
		{Name: "fold", Summary: "wrap each input line to fit in specified width", Help: foldHelp, Run: Fold},
		{Name: "comm", Summary: "compare two sorted files line by line", Help: commHelp, Run: Comm},
	}
}

// reader opens an operand ("-" is stdin) for line reading.
func open(inv *command.Invocation, name string) (io.Reader, func(), error) {
	if name == "-" {
		return inv.Stdin, func() {}, nil
	}
	f, err := inv.FS.Open(inv.Abs(name))
	if err != nil {
		return nil, nil, err
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, nil, errIsDir
	}
	return f, func() { f.Close() }, nil
}

type dirError struct{}

func (dirError) Error() string { return "Is a directory" }

var errIsDir = dirError{}

// eachLine calls fn with every line of the operands (stdin when none),
// without its newline; hadNL says whether it had one.
func eachLine(ctx context.Context, inv *command.Invocation, operands []string, fn func(line []byte, hadNL bool) error) int {
	return eachLineReport(ctx, inv, operands, inv.PathError, fn)
}

// eachLineReport is eachLine with report wording the message for an
// operand that cannot be opened or read.
func eachLineReport(ctx context.Context, inv *command.Invocation, operands []string, report func(name string, err error) int, fn func(line []byte, hadNL bool) error) int {
	if len(operands) == 0 {
		operands = []string{"-"}
	}
	status := 0
	for _, name := range operands {
		r, closeFn, err := open(inv, name)
		if err != nil {
			status = report(name, err)
			continue
		}
		br := bufio.NewReaderSize(r, 64<<10)
		for {
			if ctx.Err() != nil {
				closeFn()
				return 130
			}
			line, err := br.ReadSlice('\n')
			if err == bufio.ErrBufferFull {
				// a very long line: gather it whole
				full := append([]byte(nil), line...)
				for err == bufio.ErrBufferFull {
					line, err = br.ReadSlice('\n')
					full = append(full, line...)
				}
				line = full
			}
			if len(line) > 0 {
				hadNL := line[len(line)-1] == '\n'
				if hadNL {
					line = line[:len(line)-1]
				}
				if ferr := fn(line, hadNL); ferr != nil {
					closeFn()
					return 1
				}
			}
			if err != nil {
				if err != io.EOF {
					status = report(name, err)
				}
				break
			}
		}
		closeFn()
	}
	return status
}

const revHelp = `Usage:
 rev [options] [file ...]

Reverse lines characterwise.

Options:
 -h, --help     display this help
`

// Rev reverses each line by characters (bytes of invalid UTF-8 stay as
// they are, reversed as single characters).
func Rev(ctx context.Context, inv *command.Invocation) int {
	flags := inv.NewFlags()
	operands, status, ok := inv.ParseFlags(flags, 1)
	if !ok {
		return status
	}
	w := bufio.NewWriterSize(inv.Stdout, 64<<10)
	defer w.Flush()
	var buf []byte
	// util-linux words its errors its own way.
	report := func(name string, err error) int {
		if err == errIsDir {
			inv.Errorf("%s: 0: Is a directory", name)
		} else {
			inv.Errorf("cannot open %s: %s", name, command.Strerror(err))
		}
		return 1
	}
	return eachLineReport(ctx, inv, operands, report, func(line []byte, hadNL bool) error {
		buf = buf[:0]
		for i := len(line); i > 0; {
			_, size := utf8.DecodeLastRune(line[:i])
			buf = append(buf, line[i-size:i]...)
			i -= size
		}
		w.Write(buf)
		if hadNL {
			return w.WriteByte('\n')
		}
		return nil
	})
}

const pasteHelp = `Usage: paste [OPTION]... [FILE]...
Write lines consisting of the sequentially corresponding lines from
each FILE, separated by TABs, to standard output.

With no FILE, or when FILE is -, read standard input.

  -d, --delimiters=LIST   reuse characters from LIST instead of TABs
  -s, --serial            paste one file at a time instead of in parallel
  -z, --zero-terminated    line delimiter is NUL, not newline
      --help        display this help and exit
`

// Paste merges lines of files side by side (or each file into one line
// with -s).
func Paste(ctx context.Context, inv *command.Invocation) int {
	flags := inv.NewFlags()
	delims := flags.StringP("delimiters", "d", "\t", "")
	serial := flags.BoolP("serial", "s", false, "")
	zero := flags.BoolP("zero-terminated", "z", false, "")
	operands, status, ok := inv.ParseFlags(flags, 1)
	if !ok {
		return status
	}
	list := pasteDelims(*delims)
	eol := byte('\n')
	if *zero {
		eol = 0
	}
	if len(operands) == 0 {
		operands = []string{"-"}
	}
	w := bufio.NewWriterSize(inv.Stdout, 64<<10)
	defer w.Flush()
	readers := make([]*bufio.Reader, len(operands))
	stdin := bufio.NewReaderSize(inv.Stdin, 64<<10)
	for i, name := range operands {
		if name == "-" {
			readers[i] = stdin // every "-" shares stdin, as in GNU paste
			continue
		}
		r, closeFn, err := open(inv, name)
		if err != nil {
			return inv.PathError(name, err)
		}
		defer closeFn()
		readers[i] = bufio.NewReaderSize(r, 64<<10)
	}
	readLine := func(r *bufio.Reader) ([]byte, bool) {
		line, err := r.ReadBytes(eol)
		if len(line) == 0 && err != nil {
			return nil, false
		}
		return []byte(strings.TrimSuffix(string(line), string(eol))), true
	}
	delim := func(i int) string {
		if len(list) == 0 {
			return ""
		}
		return list[i%len(list)]
	}
	if *serial {
		for _, r := range readers {
			n := 0
			for {
				line, ok := readLine(r)
				if !ok {
					break
				}
				if n > 0 {
					w.WriteString(delim(n - 1))
				}
				w.Write(line)
				n++
			}
			w.WriteByte(eol)
		}
		return 0
	}
	done := make([]bool, len(readers))
	for {
		if ctx.Err() != nil {
			return 130
		}
		var row strings.Builder
		live := 0
		for i, r := range readers {
			if i > 0 {
				row.WriteString(delim(i - 1))
			}
			if done[i] {
				continue
			}
			line, ok := readLine(r)
			if !ok {
				done[i] = true
				continue
			}
			live++
			row.Write(line)
		}
		if live == 0 {
			return 0
		}
		w.WriteString(row.String())
		w.WriteByte(eol)
	}
}

// pasteDelims expands paste's delimiter list: \n \t \\ and \0 (empty).
func pasteDelims(s string) []string {
	var out []string
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
			switch s[i] {
			case 'n':
				out = append(out, "\n")
			case 't':
				out = append(out, "\t")
			case '0':
				out = append(out, "")
			default:
				out = append(out, string(s[i]))
			}
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		out = append(out, s[i:i+size])
		i += size - 1
	}
	return out
}

const nlHelp = `Usage: nl [OPTION]... [FILE]...
Write each FILE to standard output, with line numbers added.

  -b, --body-numbering=STYLE      use STYLE for numbering body lines
  -i, --line-increment=NUMBER     line number increment at each line
  -n, --number-format=FORMAT      insert line numbers according to FORMAT
  -s, --number-separator=STRING   add STRING after (possible) line number
  -v, --starting-line-number=NUMBER  first line number for each section
  -w, --number-width=NUMBER       use NUMBER columns for line numbers
      --help        display this help and exit

STYLE is one of: a (number all lines), t (number only nonempty lines),
n (number no lines). FORMAT is one of: ln (left justified, no leading
zeros), rn (right justified, no leading zeros), rz (right justified,
leading zeros).
`

// Nl numbers lines (body section only; the \:\:\: section markers of
// GNU nl are not interpreted).
func Nl(ctx context.Context, inv *command.Invocation) int {
	flags := inv.NewFlags()
	style := flags.StringP("body-numbering", "b", "t", "")
	incr := flags.IntP("line-increment", "i", 1, "")
	format := flags.StringP("number-format", "n", "rn", "")
	sep := flags.StringP("number-separator", "s", "\t", "")
	start := flags.IntP("starting-line-number", "v", 1, "")
	width := flags.IntP("number-width", "w", 6, "")
	operands, status, ok := inv.ParseFlags(flags, 1)
	if !ok {
		return status
	}
	switch *style {
	case "a", "t", "n":
	default:
		inv.Errorf("invalid body numbering style: '%s'", *style)
		return 1
	}
	if *format != "ln" && *format != "rn" && *format != "rz" {
		inv.Errorf("invalid line numbering format: '%s'", *format)
		return 1
	}
	if *width < 1 {
		inv.Errorf("invalid line number field width: '%d': Numerical result out of range", *width)
		return 1
	}
	w := bufio.NewWriterSize(inv.Stdout, 64<<10)
	defer w.Flush()
	n := *start
	return eachLine(ctx, inv, operands, func(line []byte, hadNL bool) error {
		number := *style == "a" || (*style == "t" && len(line) > 0)
		if number {
			num := strconv.Itoa(n)
			pad := *width - len(num)
			switch *format {
			case "ln":
				w.WriteString(num)
				w.WriteString(strings.Repeat(" ", max(pad, 0)))
			case "rz":
				w.WriteString(strings.Repeat("0", max(pad, 0)))
				w.WriteString(num)
			default:
				w.WriteString(strings.Repeat(" ", max(pad, 0)))
				w.WriteString(num)
			}
			w.WriteString(*sep)
			n += *incr
		} else {
			w.WriteString(strings.Repeat(" ", *width+len(*sep)))
		}
		w.Write(line)
		if hadNL {
			return w.WriteByte('\n')
		}
		return nil
	})
}

const foldHelp = `Usage: fold [OPTION]... [FILE]...
Wrap input lines in each FILE, writing to standard output.

  -b, --bytes         count bytes rather than columns
  -s, --spaces        break at spaces
  -w, --width=WIDTH   use WIDTH columns instead of 80
      --help        display this help and exit
`

// Fold wraps lines at a width (columns: tabs to the next multiple of 8,
// backspace back one; -b counts bytes).
func Fold(ctx context.Context, inv *command.Invocation) int {
	args := inv.Args
	// GNU accepts the obsolete -N for -w N.
	for i, a := range args[1:] {
		if len(a) > 1 && a[0] == '-' && a[1] >= '0' && a[1] <= '9' {
			args[i+1] = "-w" + a[1:]
		}
	}
	flags := inv.NewFlags()
	bytesMode := flags.BoolP("bytes", "b", false, "")
	spaces := flags.BoolP("spaces", "s", false, "")
	widthStr := flags.StringP("width", "w", "80", "")
	operands, status, ok := inv.ParseFlags(flags, 1)
	if !ok {
		return status
	}
	width, err := strconv.Atoi(*widthStr)
	if err != nil || width < 1 {
		inv.Errorf("invalid number of columns: '%s'", *widthStr)
		return 1
	}
	w := bufio.NewWriterSize(inv.Stdout, 64<<10)
	defer w.Flush()
	return eachLine(ctx, inv, operands, func(line []byte, hadNL bool) error {
		foldLine(w, line, width, *bytesMode, *spaces)
		if hadNL {
			return w.WriteByte('\n')
		}
		return nil
	})
}

func foldLine(w *bufio.Writer, line []byte, width int, bytesMode, spaces bool) {
	col := 0
	start := 0 // start of the pending output segment
	lastSpace := -1
	advance := func(c byte, col int) int {
		if bytesMode {
			return col + 1
		}
		switch c {
		case '\t':
			return col + 8 - col%8
		case '\b':
			return max(col-1, 0)
		case '\r':
			return 0
		}
		return col + 1
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		next := advance(c, col)
		if next > width && i > start {
			cut := i
			if spaces && lastSpace >= start {
				cut = lastSpace + 1
			}
			w.Write(line[start:cut])
			w.WriteByte('\n')
			start = cut
			lastSpace = -1
			col = 0
			for j := start; j < i; j++ {
				col = advance(line[j], col)
			}
			next = advance(c, col)
		}
		if c == ' ' || c == '\t' {
			lastSpace = i
		}
		if !bytesMode && c >= 0x80 {
			// a UTF-8 sequence is one column: skip its continuation bytes
			_, size := utf8.DecodeRune(line[i:])
			i += size - 1
		}
		col = next
	}
	w.Write(line[start:])
}

const commHelp = `Usage: comm [OPTION]... FILE1 FILE2
Compare sorted files FILE1 and FILE2 line by line.

With no options, produce three-column output.  Column one contains
lines unique to FILE1, column two contains lines unique to FILE2,
and column three contains lines common to both files.

  -1              suppress column 1 (lines unique to FILE1)
  -2              suppress column 2 (lines unique to FILE2)
  -3              suppress column 3 (lines that appear in both files)
      --output-delimiter=STR  separate columns with STR
      --total           output a summary
  -z, --zero-terminated    line delimiter is NUL, not newline
      --help        display this help and exit
`

// Comm compares two sorted inputs.
func Comm(ctx context.Context, inv *command.Invocation) int {
	flags := inv.NewFlags()
	s1 := flags.BoolP("1", "1", false, "")
	s2 := flags.BoolP("2", "2", false, "")
	s3 := flags.BoolP("3", "3", false, "")
	delim := flags.String("output-delimiter", "\t", "")
	total := flags.Bool("total", false, "")
	zero := flags.BoolP("zero-terminated", "z", false, "")
	checkOrder := flags.Bool("check-order", false, "")
	noCheckOrder := flags.Bool("nocheck-order", false, "")
	operands, status, ok := inv.ParseFlags(flags, 1)
	if !ok {
		return status
	}
	switch {
	case len(operands) < 2:
		if len(operands) == 0 {
			return inv.Usage(1, "missing operand")
		}
		return inv.Usage(1, "missing operand after %s", lquote(inv, operands[len(operands)-1]))
	case len(operands) > 2:
		return inv.Usage(1, "extra operand %s", lquote(inv, operands[2]))
	}
	eol := byte('\n')
	if *zero {
		eol = 0
	}
	var readers [2]*bufio.Reader
	for i, name := range operands {
		r, closeFn, err := open(inv, name)
		if err != nil {
			return inv.PathError(name, err)
		}
		defer closeFn()
		readers[i] = bufio.NewReaderSize(r, 64<<10)
	}
	next := func(i int) (string, bool) {
		line, err := readers[i].ReadString(eol)
		if line == "" && err != nil {
			return "", false
		}
		return strings.TrimSuffix(line, string(eol)), true
	}
	w := bufio.NewWriterSize(inv.Stdout, 64<<10)
	defer w.Flush()
	var counts [3]int
	emit := func(col int, line string) {
		counts[col]++
		if (col == 0 && *s1) || (col == 1 && *s2) || (col == 2 && *s3) {
			return
		}
		for c := 0; c < col; c++ {
			if (c == 0 && !*s1) || (c == 1 && !*s2) {
				w.WriteString(*delim)
			}
		}
		w.WriteString(line)
		w.WriteByte(eol)
	}
	// GNU's order check: by default a warning once per file, and only
	// after a line could not be paired; --check-order makes it fatal.
	var (
		cur, before     [2]string
		have, hasBefore [2]bool
		unpairable      bool
		warned          [2]bool
	)
	disordered := func(i int, prev, line string) bool {
		if *noCheckOrder || !(*checkOrder || unpairable) || warned[i] || prev <= line {
			return false
		}
		w.Flush()
		inv.Errorf("file %d is not in sorted order", i+1)
		warned[i] = true
		return *checkOrder
	}
	// advance steps file i past its current line; at the end of the
	// file the last two lines are checked again, since a line may have
	// become unpairable after they were read.
	advance := func(i int) (fatal bool) {
		consumed, older, hadOlder := cur[i], before[i], hasBefore[i]
		cur[i], have[i] = next(i)
		before[i], hasBefore[i] = consumed, true
		if have[i] {
			return disordered(i, consumed, cur[i])
		}
		return hadOlder && disordered(i, older, consumed)
	}
	cur[0], have[0] = next(0)
	cur[1], have[1] = next(1)
	for have[0] || have[1] {
		if ctx.Err() != nil {
			return 130
		}
		a, b := cur[0], cur[1]
		var fatal bool
		switch {
		case !have[1] || (have[0] && a < b):
			unpairable = true
			emit(0, a)
			fatal = advance(0)
		case !have[0] || b < a:
			unpairable = true
			emit(1, b)
			fatal = advance(1)
		default:
			emit(2, a)
			fatal = advance(0) || advance(1)
		}
		if fatal {
			return 1
		}
	}
	if *total {
		w.WriteString(strconv.Itoa(counts[0]) + *delim + strconv.Itoa(counts[1]) + *delim + strconv.Itoa(counts[2]) + *delim + "total")
		w.WriteByte(eol)
	}
	if warned[0] || warned[1] {
		w.Flush()
		inv.Errorf("input is not in sorted order")
		return 1
	}
	return 0
}

// lquote is gnulib's quote() in coreutils messages: ‘x’ in a UTF-8
// locale, 'x' otherwise.
func lquote(inv *command.Invocation, s string) string {
	loc := inv.Getenv("LC_ALL")
	if loc == "" {
		loc = inv.Getenv("LC_CTYPE")
	}
	if loc == "" {
		loc = inv.Getenv("LANG")
	}
	if loc = strings.ToLower(loc); strings.Contains(loc, "utf-8") || strings.Contains(loc, "utf8") {
		return "\u2018" + s + "\u2019"
	}
	return "'" + s + "'"
}
