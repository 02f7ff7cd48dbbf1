package lineutil

import (
	"bufio"
	"context"
	"errors"
	"math"
	"strings"

	"memsh/shell/command"
)

const fmtHelp = `Usage: fmt [-WIDTH] [OPTION]... [FILE]...
Reformat each paragraph in the FILE(s), writing to standard output.
The option -WIDTH is an abbreviated form of --width=DIGITS.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  -c, --crown-margin        preserve indentation of first two lines
  -p, --prefix=STRING       reformat only lines beginning with STRING,
                              reattaching the prefix to reformatted lines
  -s, --split-only          split long lines, but do not refill
  -t, --tagged-paragraph    indentation of first line different from second
  -u, --uniform-spacing     one space between words, two after sentences
  -w, --width=WIDTH         maximum line width (default of 75 columns)
  -g, --goal=WIDTH          goal width (default of 93% of width)
      --help        display this help and exit
`

// GNU fmt's limits and costs (fmt.c): a paragraph buffer of fmtMaxChars
// bytes and fmtMaxWords words, flushed early when full.
const (
	fmtMaxChars  = 5000
	fmtMaxWords  = 1000
	fmtTabWidth  = 8
	fmtLeeway    = 7
	fmtDefIndent = 3
)

type fmtCost = int64

const fmtMaxCost = math.MaxInt64

func fmtEquiv(n int64) fmtCost { return n * n }

func fmtShortCost(n int64) fmtCost  { return fmtEquiv(n * 10) }
func fmtRaggedCost(n int64) fmtCost { return fmtShortCost(n) / 2 }

// GNU fmt's costs: EQUIV(n) is n*n.
const (
	fmtLineCost      fmtCost = 70 * 70
	fmtSentenceBonus fmtCost = 50 * 50
	fmtNobreakCost   fmtCost = 600 * 600
	fmtParenBonus    fmtCost = 40 * 40
	fmtPunctBonus    fmtCost = 40 * 40
	fmtLineCredit    fmtCost = 3 * 3 // for breaking a long paragraph one line later
)

func fmtWidowCost(n int64) fmtCost  { return 200 * 200 / (n + 2) }
func fmtOrphanCost(n int64) fmtCost { return 150 * 150 / (n + 2) }

// fmtWord is one word of the paragraph being filled.
type fmtWord struct {
	start, length int  // text in the paragraph buffer
	space         int  // blanks after it
	paren         bool // starts with an opening bracket or quote
	period        bool // ends (before closing marks) with . ? or !
	punct         bool // ends with punctuation
	final         bool // ends a sentence
	lineLength    int  // length of the line it starts
	bestCost      fmtCost
	nextBreak     int // index of the word starting the next line
}

// fmtState is GNU fmt's global state, one per invocation.
type fmtState struct {
	in  *bufio.Reader
	out *bufio.Writer

	crown, tagged, splitOnly, uniform bool
	maxWidth, goalWidth               int

	prefix                      string
	prefixFull, prefixLeadSpace int
	tabs                        bool
	prefixIndent                int
	firstIndent, otherIndent    int
	inColumn, outColumn         int
	nextChar                    int
	nextPrefixIndent            int
	lastLineLength              int

	buf   []byte
	words []fmtWord // the last entry is the sentinel word_limit
}

const fmtEOF = -1

func (f *fmtState) getc() int {
	c, err := f.in.ReadByte()
	if err != nil {
		return fmtEOF
	}
	return int(c)
}

func fmtIsSpace(c int) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// Fmt fills paragraphs as GNU fmt does, with its cost model for where
// to break lines.
func Fmt(ctx context.Context, inv *command.Invocation) int {
	inv.Args = fmtWidthOption(inv.Args)
	flags := inv.NewFlags()
	st := &fmtState{}
	flags.BoolVarP(&st.crown, "crown-margin", "c", false, "")
	prefix := flags.StringP("prefix", "p", "", "")
	flags.BoolVarP(&st.splitOnly, "split-only", "s", false, "")
	flags.BoolVarP(&st.tagged, "tagged-paragraph", "t", false, "")
	flags.BoolVarP(&st.uniform, "uniform-spacing", "u", false, "")
	width := flags.StringP("width", "w", "", "")
	goal := flags.StringP("goal", "g", "", "")
	operands, status, ok := inv.ParseFlags(flags, 1)
	if !ok {
		return status
	}
	st.maxWidth = 75
	if flags.Lookup("width").Changed {
		v, bad := decArg(*width, 0, fmtMaxChars/2, true)
		if bad != argOK {
			inv.Errorf("invalid width: %s%s", lquote(inv, *width), bad.tail())
			return 1
		}
		st.maxWidth = int(v)
	}
	if flags.Lookup("goal").Changed {
		v, bad := decArg(*goal, 0, int64(st.maxWidth), true)
		if bad != argOK {
			inv.Errorf("invalid width: %s%s", lquote(inv, *goal), bad.tail())
			return 1
		}
		st.goalWidth = int(v)
		if !flags.Lookup("width").Changed {
			st.maxWidth = st.goalWidth + 10
		}
	} else {
		st.goalWidth = st.maxWidth * (2*(100-fmtLeeway) + 1) / 200
	}
	st.setPrefix(*prefix)
	if len(operands) == 0 {
		operands = []string{"-"}
	}
	st.out = bufio.NewWriterSize(inv.Stdout, 64<<10)
	defer st.out.Flush()
	for _, name := range operands {
		if ctx.Err() != nil {
			return 130
		}
		r, closeFn, err := open(inv, name)
		if errors.Is(err, errIsDir) {
			// GNU opens a directory; its first read fails, and fmt says
			// only that (error with errno 0).
			st.out.Flush()
			inv.Errorf("read error")
			status = 1
			continue
		}
		if err != nil {
			st.out.Flush()
			inv.Errorf("cannot open %s for reading: %s", inv.ShellQuote(name, true), command.Strerror(err))
			status = 1
			continue
		}
		st.in = bufio.NewReaderSize(command.ContextReader(ctx, r), 64<<10)
		st.run()
		closeFn()
	}
	if ctx.Err() != nil {
		return 130
	}
	return status
}

// fmtWidthOption rewrites the obsolete -WIDTH (first argument only, as
// GNU fmt) as -w WIDTH.
func fmtWidthOption(args []string) []string {
	if len(args) > 1 && len(args[1]) > 1 && args[1][0] == '-' && args[1][1] >= '0' && args[1][1] <= '9' {
		out := append([]string{args[0], "-w", args[1][1:]}, args[2:]...)
		return out
	}
	return args
}

func (f *fmtState) setPrefix(p string) {
	for strings.HasPrefix(p, " ") {
		f.prefixLeadSpace++
		p = p[1:]
	}
	f.prefixFull = len(p)
	f.prefix = strings.TrimRight(p, " ")
}

func (f *fmtState) run() {
	f.tabs = false
	f.otherIndent = 0
	f.nextChar = f.getPrefix()
	for f.getParagraph() {
		f.fmtParagraph()
		f.putParagraph(len(f.words) - 1)
	}
}

func (f *fmtState) getSpace(c int) int {
	for {
		switch c {
		case ' ':
			f.inColumn++
		case '\t':
			f.tabs = true
			f.inColumn = (f.inColumn/fmtTabWidth + 1) * fmtTabWidth
		default:
			return c
		}
		c = f.getc()
	}
}

func (f *fmtState) getPrefix() int {
	f.inColumn = 0
	c := f.getSpace(f.getc())
	if f.prefix == "" {
		f.nextPrefixIndent = min(f.prefixLeadSpace, f.inColumn)
		return c
	}
	f.nextPrefixIndent = f.inColumn
	for i := 0; i < len(f.prefix); i++ {
		if c != int(f.prefix[i]) {
			return c
		}
		f.inColumn++
		c = f.getc()
	}
	return f.getSpace(c)
}

func (f *fmtState) putChar(c byte) { f.out.WriteByte(c) }

// copyRest copies a line that is not part of a paragraph.
func (f *fmtState) copyRest(c int) int {
	f.outColumn = 0
	if f.inColumn > f.nextPrefixIndent || (c != '\n' && c != fmtEOF) {
		f.putSpace(f.nextPrefixIndent)
		for i := 0; f.outColumn != f.inColumn && i < len(f.prefix); i++ {
			f.putChar(f.prefix[i])
			f.outColumn++
		}
		if c != fmtEOF && c != '\n' {
			f.putSpace(f.inColumn - f.outColumn)
		}
		if c == fmtEOF && f.inColumn >= f.nextPrefixIndent+len(f.prefix) {
			f.putChar('\n')
		}
	}
	for c != '\n' && c != fmtEOF {
		f.putChar(byte(c))
		c = f.getc()
	}
	return c
}

func (f *fmtState) sameParagraph(c int) bool {
	return f.nextPrefixIndent == f.prefixIndent &&
		f.inColumn >= f.nextPrefixIndent+f.prefixFull &&
		c != '\n' && c != fmtEOF
}

func (f *fmtState) setOtherIndent(same bool) {
	switch {
	case f.splitOnly:
		f.otherIndent = f.firstIndent
	case f.crown:
		if same {
			f.otherIndent = f.inColumn
		} else {
			f.otherIndent = f.firstIndent
		}
	case f.tagged:
		switch {
		case same && f.inColumn != f.firstIndent:
			f.otherIndent = f.inColumn
		case f.otherIndent == f.firstIndent:
			if f.firstIndent == 0 {
				f.otherIndent = fmtDefIndent
			} else {
				f.otherIndent = 0
			}
		}
	default:
		f.otherIndent = f.firstIndent
	}
}

// getParagraph reads the next paragraph into words, copying blank and
// unprefixed lines through; false at the end of the input.
func (f *fmtState) getParagraph() bool {
	f.lastLineLength = 0
	c := f.nextChar
	for c == '\n' || c == fmtEOF || f.nextPrefixIndent < f.prefixLeadSpace ||
		f.inColumn < f.nextPrefixIndent+f.prefixFull {
		c = f.copyRest(c)
		if c == fmtEOF {
			f.nextChar = fmtEOF
			return false
		}
		f.putChar('\n')
		c = f.getPrefix()
	}
	f.prefixIndent = f.nextPrefixIndent
	f.firstIndent = f.inColumn
	f.buf = f.buf[:0]
	f.words = append(f.words[:0], fmtWord{})
	c = f.getLine(c)
	f.setOtherIndent(f.sameParagraph(c))
	switch {
	case f.splitOnly:
	case f.crown:
		if f.sameParagraph(c) {
			for {
				c = f.getLine(c)
				if !f.sameParagraph(c) || f.inColumn != f.otherIndent {
					break
				}
			}
		}
	case f.tagged:
		if f.sameParagraph(c) && f.inColumn != f.firstIndent {
			for {
				c = f.getLine(c)
				if !f.sameParagraph(c) || f.inColumn != f.otherIndent {
					break
				}
			}
		}
	default:
		for f.sameParagraph(c) && f.inColumn == f.otherIndent {
			c = f.getLine(c)
		}
	}
	last := &f.words[len(f.words)-2]
	last.period, last.final = true, true
	f.nextChar = c
	return true
}

// getLine reads the words of one line; words[len-1] is the one being
// filled (GNU's word_limit).
func (f *fmtState) getLine(c int) int {
	for {
		w := &f.words[len(f.words)-1]
		w.start = len(f.buf)
		for {
			if len(f.buf) == fmtMaxChars {
				f.setOtherIndent(true)
				f.flushParagraph()
				w = &f.words[len(f.words)-1]
			}
			f.buf = append(f.buf, byte(c))
			c = f.getc()
			if c == fmtEOF || fmtIsSpace(c) {
				break
			}
		}
		w.length = len(f.buf) - w.start
		f.inColumn += w.length
		f.checkPunctuation(w)
		start := f.inColumn
		c = f.getSpace(c)
		w.space = f.inColumn - start
		w.final = c == fmtEOF || (w.period && (c == '\n' || w.space > 1))
		if c == '\n' || c == fmtEOF || f.uniform {
			if w.final {
				w.space = 2
			} else {
				w.space = 1
			}
		}
		// GNU flushes with the word just read as its end marker, so
		// that word stays for the next part.
		if len(f.words)-1 == fmtMaxWords-2 {
			f.setOtherIndent(true)
			f.flushParagraph()
		}
		f.words = append(f.words, fmtWord{})
		if c == '\n' || c == fmtEOF {
			break
		}
	}
	return f.getPrefix()
}

func (f *fmtState) checkPunctuation(w *fmtWord) {
	text := f.buf[w.start : w.start+w.length]
	fin := len(text) - 1
	w.paren = strings.IndexByte("(['`\"", text[0]) >= 0
	w.punct = isPunct(text[fin])
	for fin > 0 && strings.IndexByte(")]'\"", text[fin]) >= 0 {
		fin--
	}
	w.period = strings.IndexByte(".?!", text[fin]) >= 0
}

func isPunct(c byte) bool {
	return c > ' ' && c < 0x7f && !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')
}

// fmtParagraph chooses the line breaks of least total cost (GNU's
// fmt_paragraph): best_cost and next_break of each word.
func (f *fmtState) fmtParagraph() {
	limit := len(f.words) - 1
	f.words[limit].bestCost = 0
	saved := f.words[limit].length
	f.words[limit].length = f.maxWidth // sentinel
	for start := limit - 1; start >= 0; start-- {
		best := fmtCost(fmtMaxCost)
		n := f.otherIndent
		if start == 0 {
			n = f.firstIndent
		}
		w := start
		n += f.words[w].length
		for {
			w++
			cost := f.lineCost(w, n) + f.words[w].bestCost
			if start == 0 && f.lastLineLength > 0 {
				cost += fmtRaggedCost(int64(n - f.lastLineLength))
			}
			if cost < best {
				best = cost
				f.words[start].nextBreak = w
				f.words[start].lineLength = n
			}
			if w == limit {
				break
			}
			n += f.words[w-1].space + f.words[w].length
			if n >= f.maxWidth {
				break
			}
		}
		f.words[start].bestCost = best + f.baseCost(start)
	}
	f.words[limit].length = saved
}

func (f *fmtState) baseCost(i int) fmtCost {
	cost := fmtLineCost
	if i > 0 {
		prev := &f.words[i-1]
		switch {
		case prev.period:
			if prev.final {
				cost -= fmtSentenceBonus
			} else {
				cost += fmtNobreakCost
			}
		case prev.punct:
			cost -= fmtPunctBonus
		case i > 1 && f.words[i-2].final:
			cost += fmtWidowCost(int64(prev.length))
		}
	}
	w := &f.words[i]
	if w.paren {
		cost -= fmtParenBonus
	} else if w.final {
		cost += fmtOrphanCost(int64(w.length))
	}
	return cost
}

func (f *fmtState) lineCost(next, n int) fmtCost {
	limit := len(f.words) - 1
	if next == limit {
		return 0
	}
	cost := fmtShortCost(int64(f.goalWidth - n))
	if f.words[next].nextBreak != limit {
		cost += fmtRaggedCost(int64(n - f.words[next].lineLength))
	}
	return cost
}

// flushParagraph outputs part of a paragraph that has filled the buffer,
// up to a good break near its end, and keeps the rest (GNU's
// flush_paragraph).
func (f *fmtState) flushParagraph() {
	limit := len(f.words) - 1
	if limit == 0 {
		f.out.Write(f.buf)
		f.buf = f.buf[:0]
		return
	}
	f.fmtParagraph()
	split := limit
	best := fmtCost(fmtMaxCost)
	for w := f.words[0].nextBreak; w != limit; w = f.words[w].nextBreak {
		if d := f.words[w].bestCost - f.words[f.words[w].nextBreak].bestCost; d < best {
			split, best = w, d
		}
		if best <= fmtMaxCost-fmtLineCredit {
			best += fmtLineCredit
		}
	}
	f.putParagraph(split)
	shift := f.words[split].start
	f.buf = append(f.buf[:0], f.buf[shift:]...)
	for i := split; i <= limit; i++ {
		f.words[i].start -= shift
	}
	// Keep the break indexes pointing at the same words.
	for i := split; i <= limit; i++ {
		f.words[i].nextBreak -= split
	}
	f.words = append(f.words[:0], f.words[split:]...)
}

func (f *fmtState) putParagraph(finish int) {
	f.putLine(0, f.firstIndent)
	for w := f.words[0].nextBreak; w != finish; w = f.words[w].nextBreak {
		f.putLine(w, f.otherIndent)
	}
}

func (f *fmtState) putLine(w, indent int) {
	f.outColumn = 0
	f.putSpace(f.prefixIndent)
	f.out.WriteString(f.prefix)
	f.outColumn += len(f.prefix)
	f.putSpace(indent - f.outColumn)
	end := f.words[w].nextBreak - 1
	for ; w != end; w++ {
		f.putWord(w)
		f.putSpace(f.words[w].space)
	}
	f.putWord(w)
	f.lastLineLength = f.outColumn
	f.putChar('\n')
}

func (f *fmtState) putWord(i int) {
	w := &f.words[i]
	f.out.Write(f.buf[w.start : w.start+w.length])
	f.outColumn += w.length
}

func (f *fmtState) putSpace(space int) {
	target := f.outColumn + space
	if f.tabs {
		tabTarget := target / fmtTabWidth * fmtTabWidth
		if f.outColumn+1 < tabTarget {
			for f.outColumn < tabTarget {
				f.putChar('\t')
				f.outColumn = (f.outColumn/fmtTabWidth + 1) * fmtTabWidth
			}
		}
	}
	for f.outColumn < target {
		f.putChar(' ')
		f.outColumn++
	}
}
