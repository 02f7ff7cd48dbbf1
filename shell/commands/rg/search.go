package rg

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"regexp"
	"strconv"
	"strings"

	"memsh/shell/command"
)

// ripgrep's default colours: path magenta, line numbers green, matches
// bold red, each preceded by a reset.
const (
	colPath  = "\x1b[0m\x1b[35m"
	colLine  = "\x1b[0m\x1b[32m"
	colCol   = "\x1b[0m\x1b[32m"
	colMatch = "\x1b[0m\x1b[1m\x1b[31m"
	colReset = "\x1b[0m"
)

// binaryScan is how far into a file ripgrep looks for a NUL before it
// starts printing (its first buffer).
const binaryScan = 64 << 10

type searcher struct {
	inv    *command.Invocation
	o      *options
	re     *regexp.Regexp
	out    *bufio.Writer
	status int // 2 once an error was reported

	withName, lineNum, heading bool

	matched   bool // some file matched
	done      bool // -q found a match: stop
	printed   bool // some file's output was printed (for headings' blank line)
	lastSep   bool // "--" is due before the next context group
	anyOutput bool // some line was printed (for "--" between files)
	json      *jsonStats
}

func newSearcher(ctx context.Context, inv *command.Invocation, o *options) *searcher {
	s := &searcher{inv: inv, o: o, out: bufio.NewWriterSize(inv.Stdout, 64<<10)}
	if !o.files {
		re, msg := compile(o)
		if msg != "" {
			fmt.Fprintln(inv.Stderr, msg)
			return nil
		}
		s.re = re
	}
	if o.json {
		s.json = &jsonStats{}
	}
	return s
}

func (s *searcher) run(operands []string) int {
	ctx := context.Background()
	implicit := len(operands) == 0
	if implicit && !s.o.files && stdinIsData(s.inv) {
		operands = []string{"-"}
	}
	filter, bad := newFilter(s.o, s.inv.Dir)
	if bad != "" {
		fmt.Fprintf(s.inv.Stderr, "unrecognized file type: %s\n", bad)
		return 2
	}
	// File names are shown unless the only thing searched is one file
	// or stdin.
	single := len(operands) == 1 && (operands[0] == "-" || s.isFile(operands[0]))
	s.withName = s.o.withFilename > 0 || (s.o.withFilename == 0 && !single)
	s.lineNum = s.o.lineNumber > 0 || (s.o.lineNumber == 0 && (s.inv.Term || s.o.column))
	s.heading = s.o.heading > 0 || (s.o.heading == 0 && s.inv.Term)
	if !s.withName {
		s.heading = false
	}
	w := &walker{s: s, filter: filter}
	if implicit && len(operands) == 0 {
		w.walkRoot(ctx, s.inv.Dir, "")
	}
	for _, op := range operands {
		if s.done {
			break
		}
		if op == "-" {
			s.searchReader(ctx, s.inv.Stdin, func() string { return "<stdin>" }, true, nil)
			continue
		}
		abs := s.inv.Abs(op)
		fi, err := s.inv.FS.Stat(abs)
		if err != nil {
			s.fail(op, fmt.Errorf("IO error for operation on %s: %s", op, osError(err)))
			continue
		}
		if fi.IsDir() {
			w.walkRoot(ctx, strings.TrimSuffix(abs, "/"), op)
			continue
		}
		open := func() (io.ReadCloser, error) { return s.inv.FS.Open(abs) }
		s.searchFile(ctx, open, func() string { return op }, true)
	}
	if s.json != nil && !s.o.files {
		s.json.summary(s)
	}
	if s.status == 2 && !(s.o.quiet && s.matched) {
		return 2
	}
	if s.matched {
		return 0
	}
	return 1
}

func (s *searcher) isFile(op string) bool {
	fi, err := s.inv.FS.Stat(s.inv.Abs(op))
	return err == nil && !fi.IsDir()
}

// stdinIsData is ripgrep's "is stdin readable" test: a file or a pipe,
// not a terminal or a device.
func stdinIsData(inv *command.Invocation) bool {
	if inv.StdinDevice {
		return false
	}
	if st, ok := inv.Stdin.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if fi, err := st.Stat(); err == nil && fi.Mode()&(fs.ModeDevice|fs.ModeCharDevice) != 0 {
			return false
		}
	}
	return true
}

func (s *searcher) fail(name string, err error) {
	s.flushOut()
	fmt.Fprintf(s.inv.Stderr, "%s: %s\n", name, osError(err))
	s.status = 2
}

func (s *searcher) flushOut() { s.out.Flush() }

// searchFile searches the file open opens, shown as display() builds
// its name; explicit files are searched even when binary (ripgrep then
// reports the match and stops).
func (s *searcher) searchFile(ctx context.Context, open func() (io.ReadCloser, error), display func() string, explicit bool) {
	if s.o.files {
		s.writeName(display())
		s.out.WriteByte(nul(s.o.null))
		s.matched = true
		return
	}
	f, err := open()
	if err != nil {
		s.fail(display(), err)
		return
	}
	defer f.Close()
	head := make([]byte, binaryScan)
	n, err := io.ReadFull(f, head)
	head = head[:n]
	if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
		s.fail(display(), err)
		return
	}
	if !s.o.text && !explicit && !s.o.binary && bytes.IndexByte(head, 0) >= 0 {
		return
	}
	s.searchReader(ctx, io.MultiReader(bytes.NewReader(head), f), display, explicit, head)
}

func nul(on bool) byte {
	if on {
		return 0
	}
	return '\n'
}

// fileState is one file's search: counts, context and output state.
type fileState struct {
	show       func() string // builds the name shown, on first use
	shown      string
	named      bool
	count      int64 // matching lines
	matches    int64 // matches (for --count-matches and --json)
	headerDone bool
	lastPrint  int64 // line number last printed (for "--" and context)
	before     [][]byte
	beforeOff  []int64
	beforeNo   int64
	afterLeft  int
	json       *jsonFile
}

// name is the file's name as ripgrep shows it. A walk builds it only
// for a file that prints something: a name in a deep tree is long.
func (f *fileState) name() string {
	if !f.named {
		f.shown, f.named = f.show(), true
	}
	return f.shown
}

// searchReader reads r line by line. head is the file's first bytes
// when known (to find a NUL before anything is printed).
func (s *searcher) searchReader(ctx context.Context, r io.Reader, name func() string, explicit bool, head []byte) {
	fsx := &fileState{show: name}
	if s.json != nil {
		fsx.json = &jsonFile{}
	}
	binaryAt := int64(-1)
	if !s.o.text && head != nil {
		if i := bytes.IndexByte(head, 0); i >= 0 {
			binaryAt = int64(i)
		}
	}
	br := bufio.NewReaderSize(r, 64<<10)
	var lineNo, off int64
	var lineBuf []byte
	for {
		if ctx.Err() != nil || s.done {
			break
		}
		line, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			lineBuf = append(lineBuf[:0], line...)
			for err == bufio.ErrBufferFull {
				line, err = br.ReadSlice('\n')
				lineBuf = append(lineBuf, line...)
			}
			line = lineBuf
		}
		if len(line) == 0 {
			break
		}
		lineNo++
		text := bytes.TrimSuffix(line, []byte{'\n'})
		if !s.o.text && binaryAt < 0 {
			if i := bytes.IndexByte(text, 0); i >= 0 {
				binaryAt = off + int64(i)
			}
		}
		isMatch := s.re.Match(text) != s.o.invert
		if isMatch && binaryAt >= 0 {
			// ripgrep stops at the first match in a binary file.
			s.matched = true
			fsx.count++
			if !explicit && !s.o.binary {
				return
			}
			if !s.o.quiet && !s.o.count && !s.o.filesWithMatches && !s.o.noMatch && s.json == nil {
				s.flushOut()
				if s.withName {
					fmt.Fprintf(s.out, "%s: ", s.paint(colPath, fsx.name()))
				}
				fmt.Fprintf(s.out, "binary file matches (found \"\\0\" byte around offset %d)\n", binaryAt)
				s.printed = true
				return
			}
			break
		}
		if isMatch {
			s.matched = true
			if s.o.quiet {
				s.done = true
				return
			}
			fsx.count++
			if !s.o.count && !s.o.filesWithMatches && !s.o.noMatch {
				s.emit(fsx, text, lineNo, off)
			} else if s.o.onlyMatching && s.o.count {
				fsx.matches += int64(len(s.re.FindAllIndex(text, -1)))
			}
			if s.o.filesWithMatches {
				break
			}
			if s.o.maxCount >= 0 && fsx.count >= s.o.maxCount {
				fsx.afterLeft = min(fsx.afterLeft, s.o.after)
				s.drainAfter(fsx, br, lineNo, off+int64(len(line)))
				break
			}
		} else if !s.o.count && !s.o.filesWithMatches && !s.o.noMatch {
			s.context(fsx, text, lineNo, off)
		}
		off += int64(len(line))
		if err != nil {
			break
		}
	}
	if fsx.json != nil {
		fsx.json.searched = off
		s.json.bytesSearched += off
	}
	s.finishFile(fsx)
}

// drainAfter prints the after-context lines that follow the last match
// -m allowed.
func (s *searcher) drainAfter(fsx *fileState, br *bufio.Reader, lineNo, off int64) {
	for fsx.afterLeft > 0 {
		line, err := br.ReadBytes('\n')
		if len(line) == 0 {
			return
		}
		lineNo++
		text := bytes.TrimSuffix(line, []byte{'\n'})
		if s.re.Match(text) != s.o.invert {
			// ripgrep shows a matching line in the context as a match.
			fsx.afterLeft--
			s.printLine(fsx, text, lineNo, off, true)
		} else {
			s.context(fsx, text, lineNo, off)
		}
		off += int64(len(line))
		if err != nil {
			return
		}
	}
}

func (s *searcher) finishFile(fsx *fileState) {
	switch {
	case s.o.quiet:
	case s.json != nil:
		s.json.end(s, fsx)
	case s.o.noMatch:
		if fsx.count == 0 {
			s.writeName(fsx.name())
			s.out.WriteByte(nul(s.o.null))
		}
	case s.o.filesWithMatches:
		if fsx.count > 0 {
			s.writeName(fsx.name())
			s.out.WriteByte(nul(s.o.null))
		}
	case s.o.count:
		n := fsx.count
		if s.o.onlyMatching {
			n = fsx.matches
		}
		if n > 0 || s.o.includeZero {
			if s.withName {
				s.writeName(fsx.name())
				s.out.WriteByte(':')
			}
			s.out.WriteString(strconv.FormatInt(n, 10))
			s.out.WriteByte('\n')
		}
	}
}

func (s *searcher) writeName(name string) {
	s.out.WriteString(s.paint(colPath, name))
}

func (s *searcher) paint(code, text string) string {
	if !s.o.color {
		return text
	}
	return code + text + colReset
}

// startFile prints what comes before a file's first line: the heading
// (after a blank line when another file came before) or, without
// headings, "--" when context groups are in use.
func (s *searcher) startFile(fsx *fileState) {
	if fsx.headerDone {
		return
	}
	fsx.headerDone = true
	if s.heading {
		if s.printed {
			s.out.WriteByte('\n')
		}
		s.writeName(fsx.name())
		s.out.WriteByte('\n')
	} else if s.printed && (s.o.before > 0 || s.o.after > 0) {
		s.out.WriteString("--\n")
	}
	s.printed = true
}

// context handles a non-matching line: printed if it follows a match
// (-A), kept for a later match (-B).
func (s *searcher) context(fsx *fileState, text []byte, lineNo, off int64) {
	if fsx.afterLeft > 0 {
		fsx.afterLeft--
		s.printLine(fsx, text, lineNo, off, false)
		return
	}
	if s.o.before > 0 {
		if len(fsx.before) == s.o.before {
			fsx.before, fsx.beforeOff = fsx.before[1:], fsx.beforeOff[1:]
		}
		fsx.before = append(fsx.before, append([]byte(nil), text...))
		fsx.beforeOff = append(fsx.beforeOff, off)
		fsx.beforeNo = lineNo
	}
}

// emit prints a matching line with its before-context.
func (s *searcher) emit(fsx *fileState, text []byte, lineNo, off int64) {
	first := lineNo - int64(len(fsx.before))
	if len(fsx.before) > 0 && fsx.beforeNo != lineNo-1 {
		fsx.before, fsx.beforeOff = nil, nil
		first = lineNo
	}
	for i, b := range fsx.before {
		s.printLine(fsx, b, first+int64(i), fsx.beforeOff[i], false)
	}
	fsx.before, fsx.beforeOff = fsx.before[:0], fsx.beforeOff[:0]
	s.printLine(fsx, text, lineNo, off, true)
	fsx.afterLeft = s.o.after
}

// printLine prints one line of output (a match or a context line).
func (s *searcher) printLine(fsx *fileState, text []byte, lineNo, off int64, isMatch bool) {
	if s.json != nil {
		s.json.line(s, fsx, text, lineNo, off, isMatch)
		return
	}
	gap := fsx.lastPrint > 0 && lineNo > fsx.lastPrint+1
	s.startFile(fsx)
	if gap && (s.o.before > 0 || s.o.after > 0) {
		s.out.WriteString("--\n")
	}
	fsx.lastPrint = lineNo
	sep := byte('-')
	if isMatch {
		sep = ':'
	}
	if isMatch && s.o.onlyMatching && !s.o.invert {
		for _, m := range s.re.FindAllSubmatchIndex(text, -1) {
			if m[0] == m[1] {
				continue
			}
			s.prefix(fsx, lineNo, int64(m[0]+1), sep)
			s.writeMatch(s.replaced(text, m))
			s.out.WriteByte('\n')
		}
		return
	}
	col := int64(0)
	var ms [][]int
	if isMatch && !s.o.invert {
		ms = s.re.FindAllSubmatchIndex(text, -1)
		if len(ms) > 0 {
			col = int64(ms[0][0] + 1)
		}
	}
	s.prefix(fsx, lineNo, col, sep)
	if len(ms) == 0 || (!s.o.color && s.o.replace == nil) {
		s.out.Write(text)
		s.out.WriteByte('\n')
		return
	}
	if s.o.replace == nil {
		ms = coalesce(ms)
	}
	last := 0
	for _, m := range ms {
		if m[0] == m[1] && s.o.replace == nil {
			continue
		}
		s.out.Write(text[last:m[0]])
		s.writeMatch(s.replaced(text, m))
		last = m[1]
	}
	s.out.Write(text[last:])
	s.out.WriteByte('\n')
}

func (s *searcher) replaced(text []byte, m []int) []byte {
	if s.o.replace == nil {
		return text[m[0]:m[1]]
	}
	return s.re.Expand(nil, []byte(*s.o.replace), text, m)
}

func (s *searcher) writeMatch(b []byte) {
	if s.o.color && len(b) > 0 {
		s.out.WriteString(colMatch)
		s.out.Write(b)
		s.out.WriteString(colReset)
		return
	}
	s.out.Write(b)
}

// prefix writes "path:line:col:" as far as it is on.
func (s *searcher) prefix(fsx *fileState, lineNo, col int64, sep byte) {
	if s.withName && !s.heading {
		s.writeName(fsx.name())
		s.out.WriteByte(sep)
	}
	if s.lineNum {
		s.out.WriteString(s.paint(colLine, strconv.FormatInt(lineNo, 10)))
		s.out.WriteByte(sep)
	}
	if s.o.column && col > 0 {
		s.out.WriteString(s.paint(colCol, strconv.FormatInt(col, 10)))
		s.out.WriteByte(sep)
	}
}

// quoteJSON is ripgrep's JSON for bytes that may not be UTF-8.
func quoteJSON(b []byte) string {
	var sb strings.Builder
	jsonString(&sb, b)
	return sb.String()
}

// coalesce joins matches that touch, as ripgrep colours "oo" matched
// by "o" twice as one span.
func coalesce(ms [][]int) [][]int {
	out := ms[:0:0]
	for _, m := range ms {
		if n := len(out); n > 0 && out[n-1][1] == m[0] && m[0] != m[1] {
			out[n-1] = []int{out[n-1][0], m[1]}
			continue
		}
		out = append(out, m)
	}
	return out
}
