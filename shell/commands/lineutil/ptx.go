package lineutil

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"memsh/shell/command"
)

const ptxHelp = `Usage: ptx [OPTION]... [INPUT]...   (without -G)
  or:  ptx -G [OPTION]... [INPUT [OUTPUT]]
Output a permuted index, including context, of the words in the input files.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  -A, --auto-reference           output automatically generated references
  -G, --traditional              behave more like System V 'ptx'
  -F, --flag-truncation=STRING   use STRING for flagging line truncations.
                                 The default is '/'
  -M, --macro-name=STRING        macro name to use instead of 'xx'
  -O, --format=roff              generate output as roff directives
  -R, --right-side-refs          put references at right, not counted in -w
  -S, --sentence-regexp=REGEXP   for end of lines or end of sentences
  -T, --format=tex               generate output as TeX directives
  -W, --word-regexp=REGEXP       use REGEXP to match each keyword
  -b, --break-file=FILE          word break characters in this FILE
  -f, --ignore-case              fold lower case to upper case for sorting
  -g, --gap-size=NUMBER          gap size in columns between output fields
  -i, --ignore-file=FILE         read ignore word list from FILE
  -o, --only-file=FILE           read only word list from this FILE
  -r, --references               first field of each line is a reference
  -t, --typeset-mode               - not implemented -
  -w, --width=NUMBER             output width in columns, reference excluded
      --help        display this help and exit
      --version     output version information and exit

-S and -W take Go regular expressions, with GNU's \( \) \| also read as
grouping and alternation.
`

// ptxFormat is the output style.
type ptxFormat int

const (
	ptxDumb ptxFormat = iota
	ptxRoff
	ptxTex
)

// ptxOccur is one keyword in its context: offsets into its file's text.
type ptxOccur struct {
	file        int
	key, keyEnd int
	left, right int // context start and end
	ref         int // -A: line number; -r: start of the reference
	refEnd      int
}

// ptx holds the options and the text of one run.
type ptx struct {
	gnu, auto, inputRef, rightRef, fold bool
	width, gap                          int
	trunc                               string
	macro                               string
	format                              ptxFormat
	context, word                       *regexp.Regexp
	wordChars                           [256]bool
	ignore, only                        map[string]bool
	texts                               [][]byte
	names                               []string
	lines                               []int // lines per file (newlines + 1)
	maxWord, refWidth                   int
	occurs                              []ptxOccur
}

// Ptx is GNU ptx: a permuted index of the words of its input, each in
// its context, as plain columns (default), roff (-O, -G) or TeX (-T).
func Ptx(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	auto := f.BoolP("auto-reference", "A", false, "")
	trad := f.BoolP("traditional", "G", false, "")
	trunc := f.StringP("flag-truncation", "F", "/", "")
	macro := f.StringP("macro-name", "M", "xx", "")
	roff := f.BoolP("roff", "O", false, "")
	f.MarkHidden("roff")
	rightRef := f.BoolP("right-side-refs", "R", false, "")
	sentence := f.StringP("sentence-regexp", "S", "", "")
	tex := f.BoolP("tex", "T", false, "")
	f.MarkHidden("tex")
	format := f.String("format", "", "")
	wordRe := f.StringP("word-regexp", "W", "", "")
	breakFile := f.StringP("break-file", "b", "", "")
	fold := f.BoolP("ignore-case", "f", false, "")
	gap := f.StringP("gap-size", "g", "3", "")
	ignoreFile := f.StringP("ignore-file", "i", "", "")
	onlyFile := f.StringP("only-file", "o", "", "")
	inputRef := f.BoolP("references", "r", false, "")
	f.BoolP("typeset-mode", "t", false, "")
	width := f.StringP("width", "w", "72", "")
	showVersion := f.Bool("version", false, "")
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	if *showVersion {
		fmt.Fprintln(inv.Stdout, "ptx (memsh) 9.1")
		return 0
	}
	p := &ptx{gnu: !*trad, auto: *auto, inputRef: *inputRef, rightRef: *rightRef, fold: *fold,
		trunc: ptxUnescape(*trunc), macro: *macro}
	var err error
	if p.gap, err = strconv.Atoi(*gap); err != nil || p.gap <= 0 {
		inv.Errorf("invalid gap width: %s", lquote(inv, *gap))
		return 1
	}
	if p.width, err = strconv.Atoi(*width); err != nil || p.width <= 0 {
		inv.Errorf("invalid line width: %s", lquote(inv, *width))
		return 1
	}
	switch {
	case *format == "roff" || *format == "tex" || *format == "":
	default:
		inv.Errorf("invalid argument %s for %s", lquote(inv, *format), lquote(inv, "--format"))
		fmt.Fprintf(inv.Stderr, "Valid arguments are:\n  - %s\n  - %s\n", lquote(inv, "roff"), lquote(inv, "tex"))
		return inv.Usage(1, "")
	}
	p.format = ptxDumb
	switch {
	case *format == "roff", *format == "" && *roff:
		p.format = ptxRoff
	case *format == "tex", *format == "" && *tex:
		p.format = ptxTex
	case !p.gnu:
		p.format = ptxRoff
	}
	if !p.gnu {
		if len(operands) > 2 {
			return inv.Usage(1, "extra operand %s", lquote(inv, operands[2]))
		}
	}
	if f.Changed("sentence-regexp") && *sentence != "" {
		if p.context, err = ptxRegexp(ptxUnescape(*sentence), p.fold); err != nil {
			inv.Errorf("%s (for regexp %s)", err, lquote(inv, *sentence))
			return 1
		}
	}
	if !f.Changed("sentence-regexp") && (!p.gnu || p.inputRef) {
		p.context = regexp.MustCompile("\n")
	}
	if *wordRe != "" {
		if p.word, err = ptxRegexp(ptxUnescape(*wordRe), p.fold); err != nil {
			inv.Errorf("%s (for regexp %s)", err, lquote(inv, *wordRe))
			return 1
		}
	}
	read := func(name string) ([]byte, error) {
		if name == "" || name == "-" {
			return inv.ReadStdin(ctx)
		}
		return inv.ReadFile(ctx, name)
	}
	for c := range p.wordChars {
		if p.gnu {
			p.wordChars[c] = c < 0x80 && (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')
		} else {
			p.wordChars[c] = c != ' ' && c != '\t' && c != '\n'
		}
	}
	if *breakFile != "" {
		data, err := read(*breakFile)
		if err != nil {
			return inv.FileError(*breakFile, err)
		}
		for c := range p.wordChars {
			p.wordChars[c] = true
		}
		for _, c := range data {
			p.wordChars[c] = false
		}
		if !p.gnu {
			p.wordChars[' '], p.wordChars['\t'], p.wordChars['\n'] = false, false, false
		}
	}
	for _, wl := range []struct {
		name string
		set  *map[string]bool
	}{{*ignoreFile, &p.ignore}, {*onlyFile, &p.only}} {
		if wl.name == "" {
			continue
		}
		data, err := read(wl.name)
		if err != nil {
			return inv.FileError(wl.name, err)
		}
		m := map[string]bool{}
		for _, w := range strings.Split(string(data), "\n") {
			if w != "" {
				m[p.foldKey(w)] = true
			}
		}
		if len(m) > 0 {
			*wl.set = m
		}
	}
	inputs := operands
	output := ""
	if !p.gnu && len(operands) == 2 {
		inputs, output = operands[:1], operands[1]
	}
	if len(inputs) == 0 {
		inputs = []string{"-"}
	}
	for _, name := range inputs {
		data, err := read(name)
		if err != nil {
			if name == "" {
				name = "-"
			}
			return inv.FileError(name, err)
		}
		if name == "-" {
			name = ""
		}
		p.names = append(p.names, name)
		p.texts = append(p.texts, data)
		p.lines = append(p.lines, bytes.Count(data, []byte("\n"))+1)
		p.findOccurs(len(p.texts) - 1)
	}
	sort.SliceStable(p.occurs, func(i, j int) bool {
		a, b := p.occurs[i], p.occurs[j]
		if c := p.compareWords(p.texts[a.file][a.key:a.keyEnd], p.texts[b.file][b.key:b.keyEnd]); c != 0 {
			return c < 0
		}
		if a.file != b.file {
			return a.file < b.file
		}
		return a.key < b.key
	})
	var out io.Writer = inv.Stdout
	if output != "" {
		file, err := inv.FS.Create(inv.Abs(output))
		if err != nil {
			return inv.FileError(output, err)
		}
		defer file.Close()
		out = file
	}
	w := bufio.NewWriter(out)
	p.output(w)
	if err := w.Flush(); err != nil {
		inv.Errorf("write error: %s", command.Strerror(err))
		return 1
	}
	return 0
}

// ptxRegexp compiles a GNU (Emacs-syntax) regular expression for Go:
// \( \) \| group and alternate, bare ( ) | { } are literal.
func ptxRegexp(s string, fold bool) (*regexp.Regexp, error) {
	var b strings.Builder
	if fold {
		b.WriteString("(?i)")
	}
	b.WriteString("(?m)")
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s):
			i++
			switch n := s[i]; n {
			case '(', ')', '|':
				b.WriteByte(n)
			default:
				b.WriteByte('\\')
				b.WriteByte(n)
			}
		case c == '(' || c == ')' || c == '|' || c == '{' || c == '}' || c == '+' && i == 0:
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return regexp.Compile(b.String())
}

// ptxUnescape decodes the C escapes GNU ptx accepts in -F, -S and -W.
func ptxUnescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		switch c := s[i]; c {
		case 'x':
			v, n := 0, 0
			for n < 3 && i+1 < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[i+1]) >= 0 {
				d, _ := strconv.ParseUint(s[i+1:i+2], 16, 8)
				v = v*16 + int(d)
				i++
				n++
			}
			if n == 0 {
				b.WriteString(`\x`)
			} else {
				b.WriteByte(byte(v))
			}
		case '0':
			v, n := 0, 0
			for n < 3 && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '7' {
				v = v*8 + int(s[i+1]-'0')
				i++
				n++
			}
			b.WriteByte(byte(v))
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'c':
			return b.String()
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		default:
			b.WriteByte('\\')
			b.WriteByte(c)
		}
	}
	return b.String()
}

// foldKey is a word as -f compares it: ASCII letters upper-cased, byte
// by byte, as toupper() in the C.UTF-8 locale.
func (p *ptx) foldKey(w string) string {
	if !p.fold {
		return w
	}
	b := []byte(w)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

func (p *ptx) compareWords(a, b []byte) int {
	if p.fold {
		return strings.Compare(p.foldKey(string(a)), p.foldKey(string(b)))
	}
	return bytes.Compare(a, b)
}

func isSpace(c byte) bool { return c == ' ' || c >= '\t' && c <= '\r' }

// contextEnd finds where the context starting at from ends: the end of
// GNU's default sentence pattern, -S's match, or the end of the text.
func (p *ptx) contextEnd(text []byte, from int) int {
	if p.context != nil {
		loc := p.context.FindIndex(text[from:])
		if loc == nil || loc[1] == 0 {
			return len(text)
		}
		return from + loc[1]
	}
	if !p.gnu {
		return len(text)
	}
	// [.?!][]"')}]*\($\|\t\|  \)[ \t\n]*
	for i := from; i < len(text); i++ {
		if c := text[i]; c != '.' && c != '?' && c != '!' {
			continue
		}
		j := i + 1
		for j < len(text) && strings.IndexByte(`]"')}`, text[j]) >= 0 {
			j++
		}
		switch {
		case j == len(text) || text[j] == '\n':
		case text[j] == '\t':
			j++
		case j+1 < len(text) && text[j] == ' ' && text[j+1] == ' ':
			j += 2
		default:
			continue
		}
		for j < len(text) && (text[j] == ' ' || text[j] == '\t' || text[j] == '\n') {
			j++
		}
		return j
	}
	return len(text)
}

// nextWord finds the next keyword in text[from:end].
func (p *ptx) nextWord(text []byte, from, end int) (start, stop int, ok bool) {
	if from >= end {
		return 0, 0, false // an empty match stepped past the context
	}
	if p.word != nil {
		loc := p.word.FindIndex(text[from:end])
		if loc == nil {
			return 0, 0, false
		}
		return from + loc[0], from + loc[1], true
	}
	i := from
	for i < end && !p.wordChars[text[i]] {
		i++
	}
	if i == end {
		return 0, 0, false
	}
	j := i
	for j < end && p.wordChars[text[j]] {
		j++
	}
	return i, j, true
}

// skipSomething moves past one word, or one other byte (SKIP_SOMETHING).
func (p *ptx) skipSomething(text []byte, i, limit int) int {
	if i >= limit {
		return i
	}
	if p.word != nil {
		loc := p.word.FindIndex(text[i:limit])
		if loc != nil && loc[0] == 0 && loc[1] > 0 {
			return i + loc[1]
		}
		return i + 1
	}
	if p.wordChars[text[i]] {
		for i < limit && p.wordChars[text[i]] {
			i++
		}
		return i
	}
	return i + 1
}

// findOccurs records every keyword of one file with its context.
func (p *ptx) findOccurs(file int) {
	text := p.texts[file]
	lineStart, lineScan, refLen := 0, 0, 0
	line := 0
	if p.inputRef {
		for lineScan < len(text) && !isSpace(text[lineScan]) {
			lineScan++
		}
		refLen = lineScan
		for lineScan < len(text) && isSpace(text[lineScan]) {
			lineScan++
		}
	}
	for cursor := 0; cursor < len(text); {
		contextStart := cursor
		next := p.contextEnd(text, cursor)
		contextEnd := next
		for contextEnd > contextStart && isSpace(text[contextEnd-1]) {
			contextEnd--
		}
		for {
			start, stop, ok := p.nextWord(text, cursor, contextEnd)
			if !ok {
				break
			}
			cursor = start
			if stop == start {
				cursor++
				continue
			}
			cursor = stop
			p.maxWord = max(p.maxWord, stop-start)
			if p.inputRef || p.auto {
				for lineScan < start {
					if text[lineScan] == '\n' {
						line++
						lineScan++
						lineStart = lineScan
						for lineScan < len(text) && !isSpace(text[lineScan]) {
							lineScan++
						}
						if p.inputRef {
							refLen = lineScan - lineStart
						}
					} else {
						lineScan++
					}
				}
				if p.inputRef && lineScan > start {
					continue
				}
			}
			key := string(text[start:stop])
			if p.ignore != nil && p.ignore[p.foldKey(key)] {
				continue
			}
			if p.only != nil && !p.only[p.foldKey(key)] {
				continue
			}
			o := ptxOccur{file: file, key: start, keyEnd: stop, left: contextStart, right: contextEnd}
			switch {
			case p.auto:
				o.ref = line + 1
			case p.inputRef:
				o.ref, o.refEnd = lineStart, lineStart+refLen
				p.refWidth = max(p.refWidth, refLen)
			}
			if p.inputRef && lineStart == contextStart {
				for contextStart < contextEnd && !isSpace(text[contextStart]) {
					contextStart++
				}
				for contextStart < contextEnd && isSpace(text[contextStart]) {
					contextStart++
				}
				o.left = contextStart
			}
			p.occurs = append(p.occurs, o)
		}
		cursor = next
	}
}

// field is a span of one file's text.
type field struct{ start, end int }

func (f field) len() int { return f.end - f.start }

// output prints every occurrence, its four fields laid out as GNU's
// define_all_fields and output_one_*_line do.
func (p *ptx) output(w *bufio.Writer) {
	width := p.width
	if p.auto {
		p.refWidth = 0
		for i, name := range p.names {
			p.refWidth = max(p.refWidth, len(strconv.Itoa(p.lines[i]+1))+len(name))
		}
		p.refWidth++
	}
	if (p.auto || p.inputRef) && !p.rightRef {
		width -= p.refWidth + p.gap
	}
	width = max(width, 0)
	half := width / 2
	beforeMax, keyafterMax := half-p.gap, half
	truncLen := len(p.trunc)
	if p.gnu {
		beforeMax = max(beforeMax-2*truncLen, 0)
		keyafterMax -= 2 * truncLen
	} else {
		keyafterMax -= 2*truncLen + 1
	}
	for _, o := range p.occurs {
		text := p.texts[o.file]
		skipWhiteBack := func(i, lo int) int {
			for i > lo && isSpace(text[i-1]) {
				i--
			}
			return i
		}
		skipWhite := func(i, hi int) int {
			for i < hi && isSpace(text[i]) {
				i++
			}
			return i
		}
		trunc := p.trunc != ""
		keyafter := field{o.key, o.keyEnd}
		cursor := keyafter.end
		for cursor < o.right && cursor <= keyafter.start+keyafterMax {
			keyafter.end = cursor
			cursor = p.skipSomething(text, cursor, o.right)
		}
		if cursor <= keyafter.start+keyafterMax {
			keyafter.end = cursor
		}
		keyafterTrunc := trunc && keyafter.end < o.right
		keyafter.end = skipWhiteBack(keyafter.end, keyafter.start)

		leftStart := o.left
		if o.key-o.left > half+p.maxWord {
			leftStart = p.skipSomething(text, o.key-(half+p.maxWord), o.key)
		}
		before := field{leftStart, skipWhiteBack(o.key, leftStart)}
		for before.start+beforeMax < before.end {
			before.start = p.skipSomething(text, before.start, before.end)
		}
		beforeTrunc := false
		if trunc {
			beforeTrunc = skipWhiteBack(before.start, 0) > o.left
		}
		before.start = skipWhite(before.start, len(text))

		var tail, head field
		tailTrunc, headTrunc := false, false
		if tailMax := beforeMax - before.len() - p.gap; tailMax > 0 {
			tail.start = skipWhite(keyafter.end, len(text))
			tail.end = tail.start
			cursor := tail.end
			for cursor < o.right && cursor < tail.start+tailMax {
				tail.end = cursor
				cursor = p.skipSomething(text, cursor, o.right)
			}
			if cursor < tail.start+tailMax {
				tail.end = cursor
			}
			if tail.end > tail.start {
				keyafterTrunc = false
				tailTrunc = trunc && tail.end < o.right
			}
			tail.end = skipWhiteBack(tail.end, tail.start)
		}
		if headMax := keyafterMax - keyafter.len() - p.gap; headMax > 0 {
			head.end = skipWhiteBack(before.start, 0)
			head.start = leftStart
			for head.start+headMax < head.end {
				head.start = p.skipSomething(text, head.start, head.end)
			}
			if head.end > head.start {
				beforeTrunc = false
				headTrunc = trunc && head.start > o.left
			}
			head.start = skipWhite(head.start, head.end)
		}
		var ref []byte
		switch {
		case p.auto:
			ref = []byte(p.names[o.file] + ":" + strconv.Itoa(o.ref))
		case p.inputRef:
			ref = text[o.ref:o.refEnd]
		}
		l := ptxLine{p: p, w: w, text: text, tail: tail, before: before, keyafter: keyafter, head: head,
			tailTrunc: tailTrunc, beforeTrunc: beforeTrunc, keyafterTrunc: keyafterTrunc, headTrunc: headTrunc,
			ref: ref, half: half}
		switch p.format {
		case ptxRoff:
			l.roff()
		case ptxTex:
			l.tex()
		default:
			l.dumb()
		}
	}
}

// ptxLine is one occurrence's fields, ready to print.
type ptxLine struct {
	p                                                *ptx
	w                                                *bufio.Writer
	text                                             []byte
	tail, before, keyafter, head                     field
	tailTrunc, beforeTrunc, keyafterTrunc, headTrunc bool
	ref                                              []byte
	half                                             int
}

// put prints a span, edited for the output format: white space becomes
// a space, and roff's '"' and TeX's specials are escaped.
func (l *ptxLine) put(b []byte) {
	for _, c := range b {
		switch {
		case l.p.format == ptxRoff && c == '"':
			l.w.WriteString(`""`)
		case l.p.format == ptxTex && strings.IndexByte("$%&#_", c) >= 0:
			l.w.WriteByte('\\')
			l.w.WriteByte(c)
		case l.p.format == ptxTex && (c == '{' || c == '}'):
			fmt.Fprintf(l.w, "$\\%c$", c)
		case l.p.format == ptxTex && c == '\\':
			l.w.WriteString(`\backslash{}`)
		case isSpace(c):
			l.w.WriteByte(' ')
		default:
			l.w.WriteByte(c)
		}
	}
}

// field is a span's text; a span whose start passed its end (GNU lets
// that happen when skipping blanks) is empty.
func (l *ptxLine) field(f field) []byte {
	if f.start >= f.end {
		return nil
	}
	return l.text[f.start:f.end]
}

func (l *ptxLine) spaces(n int) {
	for ; n > 0; n-- {
		l.w.WriteByte(' ')
	}
}

func (l *ptxLine) flag(on bool) int {
	if on {
		l.w.WriteString(l.p.trunc)
		return len(l.p.trunc)
	}
	return 0
}

func (l *ptxLine) truncLen(on bool) int {
	if on {
		return len(l.p.trunc)
	}
	return 0
}

func (l *ptxLine) dumb() {
	p := l.p
	refs := p.auto || p.inputRef
	// The reference column is laid out even without references, as in
	// GNU: an empty one and the gap.
	if !p.rightRef {
		if p.auto {
			l.put(l.ref)
			l.w.WriteByte(':')
			l.spaces(p.refWidth + p.gap - len(l.ref) - 1)
		} else {
			l.put(l.ref)
			l.spaces(p.refWidth + p.gap - len(l.ref))
		}
	}
	beforeRoom := l.half - p.gap - l.before.len() - l.truncLen(l.beforeTrunc)
	if l.tail.start < l.tail.end {
		l.put(l.field(l.tail))
		l.flag(l.tailTrunc)
		l.spaces(beforeRoom - l.tail.len() - l.truncLen(l.tailTrunc))
	} else {
		l.spaces(beforeRoom)
	}
	l.flag(l.beforeTrunc)
	l.put(l.field(l.before))
	l.spaces(p.gap)
	l.put(l.field(l.keyafter))
	l.flag(l.keyafterTrunc)
	afterRoom := l.half - l.keyafter.len() - l.truncLen(l.keyafterTrunc)
	if l.head.start < l.head.end {
		l.spaces(afterRoom - l.head.len() - l.truncLen(l.headTrunc))
		l.flag(l.headTrunc)
		l.put(l.field(l.head))
	} else if refs && p.rightRef {
		l.spaces(afterRoom)
	}
	if refs && p.rightRef {
		l.spaces(p.gap)
		l.put(l.ref)
	}
	l.w.WriteByte('\n')
}

func (l *ptxLine) roff() {
	fmt.Fprintf(l.w, ".%s \"", l.p.macro)
	l.put(l.field(l.tail))
	l.flag(l.tailTrunc)
	l.w.WriteString(`" "`)
	l.flag(l.beforeTrunc)
	l.put(l.field(l.before))
	l.w.WriteString(`" "`)
	l.put(l.field(l.keyafter))
	l.flag(l.keyafterTrunc)
	l.w.WriteString(`" "`)
	l.flag(l.headTrunc)
	l.put(l.field(l.head))
	l.w.WriteByte('"')
	if l.p.auto || l.p.inputRef {
		l.w.WriteString(` "`)
		l.put(l.ref)
		l.w.WriteByte('"')
	}
	l.w.WriteByte('\n')
}

func (l *ptxLine) tex() {
	fmt.Fprintf(l.w, "\\%s {", l.p.macro)
	l.put(l.field(l.tail))
	l.w.WriteString("}{")
	l.put(l.field(l.before))
	l.w.WriteString("}{")
	keyEnd := l.p.skipSomething(l.text, l.keyafter.start, l.keyafter.end)
	l.put(l.text[l.keyafter.start:keyEnd])
	l.w.WriteString("}{")
	l.put(l.text[keyEnd:l.keyafter.end])
	l.w.WriteString("}{")
	l.put(l.field(l.head))
	l.w.WriteByte('}')
	if l.p.auto || l.p.inputRef {
		l.w.WriteByte('{')
		l.put(l.ref)
		l.w.WriteByte('}')
	}
	l.w.WriteByte('\n')
}
