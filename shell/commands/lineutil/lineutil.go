// Package lineutil holds small line-oriented tools scripts reach for
// beside the core set: rev, paste, nl, fold and comm, with GNU (and
// util-linux, for rev) behaviour.
package lineutil

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"math"
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
		{Name: "fmt", Summary: "simple optimal text formatter", Help: fmtHelp, Run: Fmt},
		{Name: "pr", Summary: "convert text files for printing", Help: prHelp, Run: Pr},
		{Name: "tsort", Summary: "perform topological sort", Help: tsortHelp, Run: Tsort},
		{Name: "ptx", Summary: "produce a permuted index of file contents", Help: ptxHelp, Run: Ptx},
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
	return eachLineReport(ctx, inv, operands, inv.FileError, fn)
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
		br := bufio.NewReaderSize(command.ContextReader(ctx, r), 64<<10)
		for {
			if ctx.Err() != nil {
				closeFn()
				return 130
			}
			line, err := br.ReadSlice('\n')
			if err == bufio.ErrBufferFull {
				// a very long line: gather it whole, up to the held limit
				full := append([]byte(nil), line...)
				for err == bufio.ErrBufferFull && len(full) <= command.MaxHeld {
					line, err = br.ReadSlice('\n')
					full = append(full, line...)
				}
				line = full
			}
			if ctx.Err() != nil {
				closeFn()
				return 130
			}
			if err == bufio.ErrBufferFull {
				status = report(name, command.HeldLimitError{})
				break
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

const revHelp = `Usage: rev [options] [file ...]

Reverse lines characterwise.

Options:
 -h, --help     display this help
 -V, --version  display version

For more details see rev(1).
`

// Rev reverses each line by characters (bytes of invalid UTF-8 stay as
// they are, reversed as single characters).
func Rev(ctx context.Context, inv *command.Invocation) int {
	flags := inv.NewFlags()
	help := flags.BoolP("help", "h", false, "")
	version := flags.BoolP("version", "V", false, "")
	operands, status, ok := inv.ParseFlags(flags, 1)
	if !ok {
		return status
	}
	switch {
	case *help:
		io.WriteString(inv.Stdout, revHelp)
		return 0
	case *version:
		io.WriteString(inv.Stdout, "rev from util-linux 2.38.1\n")
		return 0
	}
	// util-linux rev reads standard input only without operands: "-" is
	// a file name like any other.
	for i, name := range operands {
		if name == "-" {
			operands[i] = "./-"
		}
	}
	w := bufio.NewWriterSize(inv.Stdout, 64<<10)
	defer w.Flush()
	// util-linux words its errors its own way.
	report := func(name string, err error) int {
		if name == "./-" {
			name = "-"
		}
		if err == errIsDir {
			inv.Errorf("%s: 0: Is a directory", name)
		} else if _, held := err.(command.HeldLimitError); held {
			inv.Errorf("%s: %s", name, err)
		} else {
			inv.Errorf("cannot open %s: %s", name, command.Strerror(err))
		}
		return 1
	}
	// util-linux reads wide characters: an invalid sequence ends the
	// file with a message naming the lines read so far, and an
	// incomplete one at the very end is dropped.
	failed := false
	var carry []byte
	for _, name := range operandsOrStdin(operands) {
		label := name
		if name == "-" {
			label = "stdin"
		}
		lines, bad := 0, false
		st := eachLineReport(ctx, inv, []string{name}, report, func(line []byte, hadNL bool) error {
			if bad {
				return nil
			}
			if !hadNL {
				line = trimIncompleteRune(line)
			}
			if !utf8.Valid(line) {
				// warn(3) does not flush: the message precedes the output.
				inv.Errorf("%s: %d: Invalid or incomplete multibyte or wide character", label, lines)
				bad, failed = true, true
				return nil
			}
			lines++
			// The line is a C wide string: a NUL ends it, what follows
			// (its newline too) is lost, and the next line is read on
			// after it as the rest of the same line.
			if nul := bytes.IndexByte(line, 0); nul >= 0 {
				carry = append(carry, line[:nul]...)
				return nil
			}
			if len(carry) > 0 {
				line = append(carry, line...)
				carry = carry[:0]
			}
			writeReversed(w, line, hadNL)
			return nil
		})
		if len(carry) > 0 {
			writeReversed(w, carry, false)
			carry = carry[:0]
		}
		if st == 130 {
			return st
		}
		if st != 0 {
			status = st
		}
	}
	if failed {
		status = 1
	}
	return status
}

// writeReversed writes line with its characters in reverse order, then a
// newline when nl.
func writeReversed(w *bufio.Writer, line []byte, nl bool) {
	for i := len(line); i > 0; {
		_, size := utf8.DecodeLastRune(line[:i])
		w.Write(line[i-size : i])
		i -= size
	}
	if nl {
		w.WriteByte('\n')
	}
}

func operandsOrStdin(operands []string) []string {
	if len(operands) == 0 {
		return []string{"-"}
	}
	return operands
}

// trimIncompleteRune drops a UTF-8 sequence cut short at the end of s.
func trimIncompleteRune(s []byte) []byte {
	for k := len(s) - 1; k >= 0 && k >= len(s)-3; k-- {
		if s[k] >= 0xc0 {
			if !utf8.FullRune(s[k:]) {
				return s[:k]
			}
			break
		}
		if s[k] < 0x80 {
			break
		}
	}
	return s
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
	list, badEnd := pasteDelims(*delims)
	if badEnd {
		inv.Errorf("delimiter list ends with an unescaped backslash: %s", *delims)
		return 1
	}
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
	stdin := bufio.NewReaderSize(command.ContextReader(ctx, inv.Stdin), 64<<10)
	for i, name := range operands {
		if name == "-" {
			readers[i] = stdin // every "-" shares stdin, as in GNU paste
			continue
		}
		r, closeFn, err := open(inv, name)
		if err != nil {
			return inv.FileError(name, err)
		}
		defer closeFn()
		readers[i] = bufio.NewReaderSize(command.ContextReader(ctx, r), 64<<10)
	}
	// held is set when a line outgrows command.MaxHeld: paste stops there
	// with a message rather than exhausting memory.
	held := false
	readLine := func(r *bufio.Reader) ([]byte, bool) {
		line, err := readHeld(r, eol)
		if _, ok := err.(command.HeldLimitError); ok {
			held = true
			return nil, false
		}
		if (len(line) == 0 && err != nil) || ctx.Err() != nil {
			return nil, false
		}
		return bytes.TrimSuffix(line, []byte{eol}), true
	}
	finish := func() int {
		switch {
		case ctx.Err() != nil:
			return 130
		case held:
			w.Flush()
			inv.Errorf("%s", command.HeldLimitError{})
			return 1
		}
		return 0
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
			if st := finish(); st != 0 {
				return st
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
		if live == 0 || held {
			return finish()
		}
		w.WriteString(row.String())
		w.WriteByte(eol)
	}
}

// pasteDelims expands paste's delimiter list: \n \t \\ and the other C
// escapes, and \0 (empty).
func pasteDelims(s string) (delims []string, backslashAtEnd bool) {
	// GNU paste's collapse_escapes: one byte per delimiter (a multibyte
	// character is several delimiters), \0 the empty one.
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			delims = append(delims, s[i:i+1])
			continue
		}
		i++
		if i == len(s) {
			return delims, true
		}
		switch s[i] {
		case '0':
			delims = append(delims, "")
		case 'b':
			delims = append(delims, "\b")
		case 'f':
			delims = append(delims, "\f")
		case 'n':
			delims = append(delims, "\n")
		case 'r':
			delims = append(delims, "\r")
		case 't':
			delims = append(delims, "\t")
		case 'v':
			delims = append(delims, "\v")
		default:
			delims = append(delims, s[i:i+1])
		}
	}
	return delims, false
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
	inv.Args = foldDigitOptions(inv.Args)
	flags := inv.NewFlags()
	bytesMode := flags.BoolP("bytes", "b", false, "")
	spaces := flags.BoolP("spaces", "s", false, "")
	widthStr := flags.StringP("width", "w", "80", "")
	operands, status, ok := inv.ParseFlags(flags, 1)
	if !ok {
		return status
	}
	width, bad := decArg(*widthStr, 1, math.MaxInt64, true)
	if bad != argOK {
		inv.Errorf("invalid number of columns: %s%s", lquote(inv, *widthStr), bad.tail())
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

// foldDigitOptions rewrites the obsolete -N (GNU fold's digit options,
// whose value runs to the end of the argument: -3, -12, -s10) as -wN,
// leaving alone the argument of a -w and everything after "--".
func foldDigitOptions(args []string) []string {
	out := append([]string{args[0]}, args[1:]...)
	for i := 1; i < len(out); i++ {
		a := out[i]
		switch {
		case a == "--":
			return out
		case a == "--width":
			i++
			continue
		case len(a) < 2 || a[0] != '-' || a[1] == '-':
			continue
		}
		for j := 1; j < len(a); j++ {
			if a[j] == 'w' {
				if j == len(a)-1 {
					i++
				}
				break
			}
			if a[j] >= '0' && a[j] <= '9' {
				out[i] = a[:j] + "w" + a[j:]
				break
			}
		}
	}
	return out
}

// foldLine writes line folded as GNU fold does: columns are bytes (a tab
// to the next multiple of 8, backspace back one, carriage return to 0,
// or all 1 with -b); a byte that would pass the width starts a new
// line, unless the line is empty; with -s the break goes after the last
// blank when there is one.
func foldLine(w *bufio.Writer, line []byte, width int64, bytesMode, spaces bool) {
	adjust := func(col int64, c byte) int64 {
		if bytesMode {
			return col + 1
		}
		switch c {
		case '\b':
			return max(col-1, 0)
		case '\r':
			return 0
		case '\t':
			return col + 8 - col%8
		}
		return col + 1
	}
	var col int64
	start := 0 // line[start:i] is the pending output
	for i := 0; i < len(line); i++ {
		c := line[i]
		for {
			col = adjust(col, c)
			if col <= width {
				break
			}
			if spaces {
				if b := bytes.LastIndexAny(line[start:i], " \t"); b >= 0 {
					w.Write(line[start : start+b+1])
					w.WriteByte('\n')
					start += b + 1
					col = 0
					for _, p := range line[start:i] {
						col = adjust(col, p)
					}
					continue
				}
			}
			if i == start {
				break
			}
			w.Write(line[start:i])
			w.WriteByte('\n')
			start, col = i, 0
		}
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
			return inv.FileError(name, err)
		}
		defer closeFn()
		readers[i] = bufio.NewReaderSize(command.ContextReader(ctx, r), 64<<10)
	}
	// A read error (a limit, EISDIR) ends comm with GNU's message and
	// status 1, not as if the file had ended.
	var readErr error
	var readErrName string
	next := func(i int) (string, bool) {
		if readErr != nil {
			return "", false
		}
		line, err := inv.ReadLine(readers[i], eol)
		if err != nil && err != io.EOF {
			readErr, readErrName = err, operands[i]
			return "", false
		}
		if len(line) == 0 && err != nil {
			return "", false
		}
		return strings.TrimSuffix(string(line), string(eol)), true
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
	for (have[0] || have[1]) && readErr == nil {
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
	if ctx.Err() != nil {
		return 130
	}
	if readErr != nil {
		w.Flush()
		return inv.FileError(readErrName, readErr)
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

// lquote is GNU's locale quoting: command.LocaleQuote in the
// invocation's locale.
func lquote(inv *command.Invocation, s string) string { return inv.LocaleQuote(s) }

// readHeld reads one record through eol (a fresh slice), as ReadBytes
// does, but stops with command.HeldLimitError once it outgrows
// command.MaxHeld.
func readHeld(r *bufio.Reader, eol byte) ([]byte, error) {
	line, err := r.ReadSlice(eol)
	full := append([]byte(nil), line...)
	for err == bufio.ErrBufferFull {
		if len(full) > command.MaxHeld {
			return nil, command.HeldLimitError{}
		}
		line, err = r.ReadSlice(eol)
		full = append(full, line...)
	}
	return full, err
}
