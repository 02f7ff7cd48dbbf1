package textutil

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mattn/go-runewidth"

	"memsh/shell/command"
)

const wcHelp = `Usage: wc [OPTION]... [FILE]...
  or:  wc [OPTION]... --files0-from=F
Print newline, word, and byte counts for each FILE, and a total line if
more than one FILE is specified.  A word is a non-zero-length sequence of
printable characters delimited by white space.

With no FILE, or when FILE is -, read standard input.

The options below may be used to select which counts are printed, always in
the following order: newline, word, character, byte, maximum line length.
  -c, --bytes            print the byte counts
  -m, --chars            print the character counts
  -l, --lines            print the newline counts
  -L, --max-line-length  print the maximum display width
  -w, --words            print the word counts
      --files0-from=F    read input from the files specified by
                           NUL-terminated names in file F;
                           If F is - then read names from standard input
      --help        display this help and exit
`

// wcWidthCond measures display width as glibc's wcwidth does in C.UTF-8:
// East Asian ambiguous characters are narrow, whatever the host's locale.
var wcWidthCond = &runewidth.Condition{EastAsianWidth: false, StrictEmojiNeutral: true}

// wcCounts is one file's (or the total's) counts.
type wcCounts struct {
	lines, words, chars, bytes, maxLine int64
}

// wcCounter counts a stream chunk by chunk; a UTF-8 sequence split
// across chunks is carried over.
type wcCounter struct {
	wcCounts
	inWord  bool
	linePos int64
	carry   []byte
}

// wcSelect says which counts to print.
type wcSelect struct {
	lines, words, chars, bytes, maxLine bool
}

func (s wcSelect) count() int {
	n := 0
	for _, b := range []bool{s.lines, s.words, s.chars, s.bytes, s.maxLine} {
		if b {
			n++
		}
	}
	return n
}

func runWc(ctx context.Context, inv *command.Invocation) int {
	fs := inv.NewFlags()
	var sel wcSelect
	fs.BoolVarP(&sel.bytes, "bytes", "c", false, "")
	fs.BoolVarP(&sel.chars, "chars", "m", false, "")
	fs.BoolVarP(&sel.lines, "lines", "l", false, "")
	fs.BoolVarP(&sel.maxLine, "max-line-length", "L", false, "")
	fs.BoolVarP(&sel.words, "words", "w", false, "")
	files0 := fs.String("files0-from", "", "")
	args, st, ok := parseFlags(inv, fs, 1)
	if !ok {
		return st
	}
	var names [][]byte
	fromStdin := false
	if fs.Changed("files0-from") {
		if len(args) > 0 {
			inv.Errorf("extra operand '%s'", args[0])
			io.WriteString(inv.Stderr, "file operands cannot be combined with --files0-from\n")
			return inv.Usage(1, "")
		}
		data, err := readAllInput(ctx, inv, *files0)
		if err != nil {
			if isCancel(err) {
				return statusCancelled
			}
			inv.Errorf("cannot open %s for reading: %s", quoteAlways(inv, *files0), command.Strerror(err))
			return 1
		}
		fromStdin = *files0 == "-"
		names = splitLines(nil, data, 0)
		args = make([]string, len(names))
		for i, n := range names {
			args[i] = string(n)
		}
		if len(args) == 0 {
			return 0
		}
	}
	if sel.count() == 0 {
		sel.lines, sel.words, sel.bytes = true, true, true
	}
	files := args
	if len(files) == 0 {
		files = []string{""} // stdin, printed without a name
	}

	widthNames := files
	if fs.Changed("files0-from") {
		widthNames = nil
		for _, n := range files {
			if n != "" {
				widthNames = append(widthNames, n)
			}
		}
	}
	width := wcWidth(inv, widthNames, sel)
	if fromStdin {
		width = 1 // GNU does not stat a name list it streams
	}
	out := newWriter(inv)
	var total wcCounts
	status := 0
	for i, name := range files {
		src := name
		if fs.Changed("files0-from") {
			switch {
			case name == "":
				inv.Errorf("%s:%d: invalid zero-length file name", *files0, i+1)
				status = 1
				continue
			case name == "-" && fromStdin:
				inv.Errorf("when reading file names from stdin, no file name of '-' allowed")
				status = 1
				continue
			}
		} else if src == "" {
			src = "-"
		}
		c, err := wcFile(ctx, inv, src, sel)
		if err != nil {
			if isCancel(err) {
				return statusCancelled
			}
			pathError(inv, src, err)
			status = 1
			if c == nil {
				continue
			}
		}
		total.add(c.wcCounts)
		if strings.IndexByte(name, '\n') >= 0 {
			// coreutils 9.1 quotes a name only when a newline in it
			// would split the line.
			name = quoteName(inv, name)
		}
		writeCounts(out, c.wcCounts, sel, width, name)
		if werr := checkWrite(out); werr != nil {
			return outputFailed(inv, werr.(writeError).err)
		}
	}
	if len(files) > 1 {
		writeCounts(out, total, sel, width, "total")
	}
	if err := out.Flush(); err != nil {
		return outputFailed(inv, err)
	}
	return status
}

// wcWidth replicates GNU's column width: 1 when a single count of a
// single operand is printed; otherwise the width of the sum of the
// regular files' sizes, and at least 7 when any operand is not a regular
// file (a pipe, a directory), since its size is unknown beforehand.
func wcWidth(inv *command.Invocation, files []string, sel wcSelect) int {
	if len(files) == 1 && sel.count() == 1 {
		return 1
	}
	minWidth := 1
	var regular int64
	for _, name := range files {
		if name == "" {
			name = "-"
		}
		fi := statInput(inv, name)
		switch {
		case fi == nil && name != "-":
			// GNU skips operands it cannot stat.
		case fi != nil && fi.Mode().IsRegular():
			regular += fi.Size()
		default:
			minWidth = 7
		}
	}
	return max(len(strconv.FormatInt(regular, 10)), minWidth)
}

func (c *wcCounts) add(o wcCounts) {
	c.lines += o.lines
	c.words += o.words
	c.chars += o.chars
	c.bytes += o.bytes
	c.maxLine = max(c.maxLine, o.maxLine)
}

func writeCounts(out *bufio.Writer, c wcCounts, sel wcSelect, width int, name string) {
	var line []byte
	for _, f := range []struct {
		on bool
		n  int64
	}{{sel.lines, c.lines}, {sel.words, c.words}, {sel.chars, c.chars}, {sel.bytes, c.bytes}, {sel.maxLine, c.maxLine}} {
		if !f.on {
			continue
		}
		if len(line) > 0 {
			line = append(line, ' ')
		}
		num := strconv.FormatInt(f.n, 10)
		for i := len(num); i < width; i++ {
			line = append(line, ' ')
		}
		line = append(line, num...)
	}
	if name != "" {
		line = append(line, ' ')
		line = append(line, name...)
	}
	line = append(line, '\n')
	out.Write(line)
}

// wcFile counts one operand. A read error still returns the counts so
// far (GNU prints a line for a directory).
func wcFile(ctx context.Context, inv *command.Invocation, name string, sel wcSelect) (*wcCounter, error) {
	r, err := inv.OpenInput(ctx, name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	c := &wcCounter{}
	onlyBytes := sel.bytes && !sel.lines && !sel.words && !sel.chars && !sel.maxLine
	if onlyBytes && name != "-" {
		if fi := statInput(inv, name); fi != nil && fi.Mode().IsRegular() {
			c.bytes = fi.Size()
			return c, nil
		}
	}
	full := sel.words || sel.chars || sel.maxLine
	buf := make([]byte, bufSize)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			c.bytes += int64(n)
			if full {
				c.scan(buf[:n])
			} else if sel.lines {
				c.lines += int64(bytes.Count(buf[:n], []byte{'\n'}))
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return c, err
		}
	}
	if full {
		c.finish()
	}
	return c, nil
}

// scan counts words, characters and line widths the way GNU wc does in a
// UTF-8 locale: a word is a run of printable characters between white
// space; other characters (controls, invalid bytes) neither start nor end
// a word; invalid bytes are not characters.
func (c *wcCounter) scan(p []byte) {
	if len(c.carry) > 0 {
		need := append(c.carry, p[:min(len(p), utf8.UTFMax)]...)
		if !utf8.FullRune(need) && len(need) < utf8.UTFMax && len(p) < utf8.UTFMax {
			c.carry = need
			return
		}
		r, size := utf8.DecodeRune(need)
		used := size - len(c.carry)
		if r == utf8.RuneError && size <= 1 {
			// The carried byte is invalid: drop it alone.
			rest := c.carry[1:]
			c.carry = nil
			c.scan(append(append([]byte{}, rest...), p...))
			return
		}
		c.carry = nil
		c.rune(r)
		p = p[used:]
	}
	for i := 0; i < len(p); {
		if p[i] < utf8.RuneSelf {
			i += c.asciiRun(p[i:])
			continue
		}
		if !utf8.FullRune(p[i:]) {
			c.carry = append(c.carry[:0], p[i:]...)
			return
		}
		r, size := utf8.DecodeRune(p[i:])
		i += size
		if r == utf8.RuneError && size == 1 {
			continue
		}
		c.rune(r)
	}
}

// asciiClass sorts ASCII bytes for wc's inner loop.
var asciiClass = func() (t [utf8.RuneSelf]uint8) {
	for b := range t {
		switch {
		case b == '\n':
			t[b] = 3
		case b == '\r' || b == '\f':
			t[b] = 5
		case b == '\t':
			t[b] = 4
		case b == ' ':
			t[b] = 2
		case b == '\v':
			t[b] = 6
		case b > ' ' && b < 0x7f:
			t[b] = 1
		}
	}
	return t
}()

// asciiRun counts a run of ASCII bytes with the counters in locals (the
// hot loop of wc) and returns how many bytes it consumed.
func (c *wcCounter) asciiRun(p []byte) int {
	lines, words, pos, maxLine, inWord := c.lines, c.words, c.linePos, c.maxLine, c.inWord
	i := 0
	for ; i < len(p); i++ {
		b := p[i]
		if b >= utf8.RuneSelf {
			break
		}
		switch asciiClass[b] {
		case 1:
			pos++
			inWord = true
			continue
		case 0:
			continue
		case 2:
			pos++
		case 3:
			lines++
			maxLine = max(maxLine, pos)
			pos = 0
		case 4:
			pos += 8 - pos%8
		case 5:
			maxLine = max(maxLine, pos)
			pos = 0
		}
		if inWord {
			words++
			inWord = false
		}
	}
	c.lines, c.words, c.linePos, c.maxLine, c.inWord = lines, words, pos, maxLine, inWord
	c.chars += int64(i)
	return i
}

func (c *wcCounter) rune(r rune) {
	c.chars++
	if !unicode.IsGraphic(r) && !unicode.Is(unicode.Cf, r) {
		return
	}
	c.linePos += int64(wcWidthCond.RuneWidth(r))
	if unicode.IsSpace(r) || r == 0x2007 || r == 0x202f || r == 0x2060 {
		c.endWord()
		return
	}
	c.inWord = true
}

func (c *wcCounter) endWord() {
	if c.inWord {
		c.words++
		c.inWord = false
	}
}

func (c *wcCounter) finish() {
	c.carry = nil
	c.maxLine = max(c.maxLine, c.linePos)
	c.endWord()
}
