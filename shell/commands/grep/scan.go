package grep

import (
	"bytes"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"unicode/utf8"
)

// lineReader splits a stream into lines, reading large chunks. Lines are
// slices of its buffer, valid until the next call.
type lineReader struct {
	r       io.Reader
	eol     byte
	buf     []byte
	start   int // first unread byte
	scanned int // buf[start:scanned] holds no eol
	end     int
	eof     bool
	err     error
	short   bool         // the last read came back short: a pipe is idle
	idle    func()       // called before a read when the input is idle (flush output)
	chunk   func([]byte) // sees (and may rewrite) each chunk as it arrives
	lowered int          // skipTo with fold: its scratch holds buf[:lowered] lowered
	base    int64        // the input offset of buf[0]
}

// next returns the next line without its terminator; ok=false at the end.
func (lr *lineReader) next() (line []byte, ok bool) {
	for {
		if i := bytes.IndexByte(lr.buf[lr.scanned:lr.end], lr.eol); i >= 0 {
			i += lr.scanned
			line = lr.buf[lr.start:i]
			lr.start, lr.scanned = i+1, i+1
			return line, true
		}
		lr.scanned = lr.end
		if lr.eof {
			if lr.start < lr.end {
				line = lr.buf[lr.start:lr.end]
				lr.start, lr.scanned = lr.end, lr.end
				return line, true
			}
			return nil, false
		}
		lr.fill()
	}
}

func (lr *lineReader) fill() {
	if lr.start > 0 {
		n := copy(lr.buf, lr.buf[lr.start:lr.end])
		lr.scanned -= lr.start
		lr.lowered = 0 // the lowered copy no longer lines up
		lr.base += int64(lr.start)
		lr.start, lr.end = 0, n
	}
	if len(lr.buf)-lr.end < chunkSize/2 {
		nb := make([]byte, max(2*len(lr.buf), chunkSize))
		copy(nb, lr.buf[:lr.end])
		lr.buf = nb
	}
	if lr.short && lr.idle != nil {
		lr.idle()
	}
	n, err := lr.r.Read(lr.buf[lr.end:])
	lr.short = n < len(lr.buf)-lr.end
	if n > 0 && lr.chunk != nil {
		lr.chunk(lr.buf[lr.end : lr.end+n])
	}
	lr.end += n
	if err != nil {
		lr.eof = true
		if err != io.EOF {
			lr.err = err
		}
	}
}

// skipTo passes over whole lines that do not contain lit (ASCII-lowered
// text when fold), reading on as needed, and stops at the start of the
// line holding the next occurrence, or at the end of input. It returns
// how many lines and bytes it passed.
func (lr *lineReader) skipTo(lit []byte, fold bool, scratch *[]byte) (lines, skipped int64) {
	pass := func(n int) {
		lines += int64(bytes.Count(lr.buf[lr.start:lr.start+n], []byte{lr.eol}))
		skipped += int64(n)
		lr.start += n
		if lr.scanned < lr.start {
			lr.scanned = lr.start
		}
	}
	for {
		region := lr.buf[lr.start:lr.end]
		var i int
		if fold {
			// The lowered copy is kept in step with the buffer, so
			// each byte is lowered once.
			if len(*scratch) < lr.lowered || lr.lowered < lr.start {
				lr.lowered = lr.start
			}
			*scratch = lowerInto(*scratch, lr.buf, lr.lowered, lr.end)
			lr.lowered = lr.end
			i = bytes.Index((*scratch)[lr.start:lr.end], lit)
		} else {
			i = bytes.Index(region, lit)
		}
		if i >= 0 {
			pass(bytes.LastIndexByte(region[:i], lr.eol) + 1)
			return
		}
		if lr.eof {
			if n := len(region); n > 0 {
				pass(n)
				if region[n-1] != lr.eol {
					lines++
				}
			}
			return
		}
		if last := bytes.LastIndexByte(region, lr.eol); last >= 0 {
			pass(last + 1)
		}
		lr.fill()
	}
}

// litSearch finds the first of several literals. Each literal's next
// occurrence (or how far it is known to be absent) is remembered as an
// input offset, so every byte is searched about once per literal however
// often the search resumes.
type litSearch struct {
	lits [][]byte
	next []int64 // lits[k] occurs at next[k]; -1: not before from[k]
	from []int64
}

func newLitSearch(lits [][]byte) *litSearch {
	ls := &litSearch{lits: lits, next: make([]int64, len(lits)), from: make([]int64, len(lits))}
	for k := range ls.next {
		ls.next[k] = -1
	}
	return ls
}

// index is the offset in region (which starts at input offset at) of the
// first occurrence of any literal, or -1.
func (ls *litSearch) index(region []byte, at int64) int {
	first := -1
	for k, lit := range ls.lits {
		if ls.next[k] < at {
			start := max(at, ls.from[k])
			i := bytes.Index(region[start-at:], lit)
			if i < 0 {
				ls.next[k] = -1
				ls.from[k] = at + int64(max(len(region)-len(lit)+1, 0))
				continue
			}
			ls.next[k] = start + int64(i)
		}
		if i := int(ls.next[k] - at); first < 0 || i < first {
			first = i
		}
	}
	return first
}

// skipToAny is skipTo for the first of several literals.
func (lr *lineReader) skipToAny(ls *litSearch) (lines, skipped int64) {
	for {
		region := lr.buf[lr.start:lr.end]
		if i := ls.index(region, lr.base+int64(lr.start)); i >= 0 {
			n := bytes.LastIndexByte(region[:i], lr.eol) + 1
			lines += int64(bytes.Count(region[:n], []byte{lr.eol}))
			skipped += int64(n)
			lr.advance(n)
			return
		}
		n := len(region)
		if !lr.eof {
			n = bytes.LastIndexByte(region, lr.eol) + 1
		}
		lines += int64(bytes.Count(region[:n], []byte{lr.eol}))
		skipped += int64(n)
		lr.advance(n)
		if lr.eof {
			if n > 0 && region[n-1] != lr.eol {
				lines++
			}
			return
		}
		lr.fill()
	}
}

// advance passes over n bytes.
func (lr *lineReader) advance(n int) {
	lr.start += n
	if lr.scanned < lr.start {
		lr.scanned = lr.start
	}
}

// savedLine is a line kept for leading context.
type savedLine struct {
	text   []byte
	lineno int64
	off    int64
}

// fileScan is the state of grepping one input.
type fileScan struct {
	g        *grepper
	nameOf   func() string
	named    string // nameOf's result, once asked
	asked    bool
	lastOut  int64 // number of the last line output (or passed over by -o)
	ring     []savedLine
	ringLen  int
	ringHead int
	binary   bool // a NUL was seen: lines are not printed
	encoding bool // a line to print was not valid UTF-8
	numWidth int  // -T: numbers are padded to the digits of the input's size
}

// file greps one input stream named name: a function, since a name deep
// in a tree costs its length to build, and most files searched by -r are
// never named.
func (g *grepper) file(r io.Reader, name func() string) {
	fsn := &fileScan{g: g, nameOf: name, numWidth: 19}
	if st, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if fi, err := st.Stat(); err == nil && fi.Mode().IsRegular() {
			fsn.numWidth = len(strconv.FormatInt(fi.Size(), 10))
		}
	}
	if g.before > 0 {
		// The ring grows as lines arrive: -B can be huge.
		fsn.ring = make([]savedLine, min(g.before, 16))
	}
	// The read buffer is the last file's: grep -r over a million small
	// files would otherwise allocate (and clear) a chunk per file.
	lr := &lineReader{r: r, eol: g.eol, idle: func() { g.out.Flush() }, buf: g.lineBuf}
	defer func() {
		if len(lr.buf) <= 4*chunkSize {
			g.lineBuf = lr.buf
		}
	}()
	binaryAllowed := g.binaryFiles != "text"
	if binaryAllowed && g.eol == '\n' {
		lr.chunk = func(b []byte) {
			if !fsn.binary && bytes.IndexByte(b, 0) < 0 {
				return
			}
			fsn.binary = true
			// GNU treats NUL as a line end in a binary file.
			for i := bytes.IndexByte(b, 0); i >= 0; i = bytes.IndexByte(b, 0) {
				b[i] = '\n'
				b = b[i+1:]
			}
		}
	}
	outQuiet := g.count || g.listMatch || g.listNoMatch || g.quiet
	var nsel, lineno, off int64
	afterLeft := 0
	done := false // -m reached: only trailing context remains
	binaryMatched := false
	// Lines without the pattern's required literal are passed over in
	// bulk when no line before a match has to be shown.
	var lit []byte
	var fold bool
	var scratch []byte
	var lits *litSearch
	if g.pre != nil && !g.invert && g.before == 0 {
		lit, fold = g.pre.Literal()
		if set := g.pre.LiteralSet(); set != nil {
			lits = newLitSearch(set)
		}
	}
	for {
		if lits != nil && !done && afterLeft == 0 {
			n, b := lr.skipToAny(lits)
			lineno += n
			off += b
		} else if lit != nil && !done && afterLeft == 0 {
			n, b := lr.skipTo(lit, fold, &scratch)
			lineno += n
			off += b
		}
		line, ok := lr.next()
		if !ok {
			break
		}
		lineno++
		lineOff := off
		off += int64(len(line)) + 1
		if lineno&1023 == 0 && g.ctx.Err() != nil {
			return
		}
		if g.werr != nil {
			return
		}
		if fsn.binary && g.binaryFiles == "without-match" {
			nsel = 0 // as if it held no matching data
			break
		}
		if done {
			if afterLeft == 0 || outQuiet || fsn.binary {
				break
			}
			if !fsn.printLine(line, lineno, lineOff, '-') {
				binaryMatched = true
				break
			}
			afterLeft--
			continue
		}
		sel := g.re.Match(line) != g.invert
		if !sel {
			// Context is not shown once a file is known to be binary.
			if outQuiet || fsn.binary {
				continue
			}
			if afterLeft > 0 {
				if !fsn.printLine(line, lineno, lineOff, '-') {
					binaryMatched = true // an encoding error: GNU reports and stops
					break
				}
				afterLeft--
			} else if fsn.ring != nil {
				fsn.save(line, lineno, lineOff)
			}
			continue
		}
		nsel++
		g.matched = true
		switch {
		case g.quiet:
			g.stop = true
			return
		case g.listMatch:
			fsn.printName()
			return
		case g.listNoMatch:
			return
		}
		if !g.count {
			if fsn.binary {
				binaryMatched = true
				break
			}
			if !fsn.flushRing() || !fsn.printLine(line, lineno, lineOff, ':') {
				binaryMatched = true
				break
			}
			afterLeft = g.after
		}
		if g.maxCount >= 0 && nsel >= g.maxCount {
			done = true
		}
	}
	if lr.err != nil && g.ctx.Err() == nil {
		g.warn(fsn.name(), lr.err)
	}
	switch {
	case g.count:
		if g.withName {
			fsn.writeName()
			if g.nullName {
				g.writeByte(0)
			} else {
				fsn.writeSep(':')
			}
		}
		g.writeString(strconv.FormatInt(nsel, 10))
		g.writeByte('\n')
	case g.listNoMatch && nsel == 0:
		fsn.printName()
	}
	if binaryMatched && !outQuiet {
		g.out.Flush()
		g.inv.Errorf("%s: binary file matches", fsn.name())
	}
}

// name is the input's name as grep prints it.
func (fs *fileScan) name() string {
	if !fs.asked {
		fs.named, fs.asked = fs.nameOf(), true
	}
	return fs.named
}

// save keeps a line for leading context.
func (fs *fileScan) save(line []byte, lineno, off int64) {
	if fs.ringLen == len(fs.ring) && len(fs.ring) < fs.g.before {
		grown := make([]savedLine, min(2*len(fs.ring), fs.g.before))
		for k := 0; k < fs.ringLen; k++ {
			grown[k] = fs.ring[(fs.ringHead+k)%len(fs.ring)]
		}
		fs.ring, fs.ringHead = grown, 0
	}
	i := (fs.ringHead + fs.ringLen) % len(fs.ring)
	if fs.ringLen == len(fs.ring) {
		fs.ringHead = (fs.ringHead + 1) % len(fs.ring)
	} else {
		fs.ringLen++
	}
	s := &fs.ring[i]
	s.text = append(s.text[:0], line...)
	s.lineno, s.off = lineno, off
}

// flushRing prints the saved leading context.
func (fs *fileScan) flushRing() bool {
	for k := 0; k < fs.ringLen; k++ {
		s := &fs.ring[(fs.ringHead+k)%len(fs.ring)]
		if !fs.printLine(s.text, s.lineno, s.off, '-') {
			return false
		}
	}
	fs.ringLen, fs.ringHead = 0, 0
	return true
}

func (fs *fileScan) printName() {
	g := fs.g
	fs.writeName()
	if g.nullName {
		g.writeByte(0)
	} else {
		g.writeByte('\n')
	}
}

func (fs *fileScan) writeName() {
	g := fs.g
	if g.color != nil {
		g.writeString(g.color.start(g.color.fn))
		g.writeString(fs.name())
		g.writeString(g.color.end(g.color.fn))
		return
	}
	g.writeString(fs.name())
}

func (fs *fileScan) writeSep(sep byte) {
	g := fs.g
	if g.color != nil && g.color.se != "" {
		g.writeString(g.color.start(g.color.se))
		g.writeByte(sep)
		g.writeString(g.color.end(g.color.se))
		return
	}
	g.writeByte(sep)
}

func (fs *fileScan) writeNum(n int64, code string, sep byte) {
	g := fs.g
	num := strconv.FormatInt(n, 10)
	if g.initialTab && len(num) < fs.numWidth {
		num = strings.Repeat(" ", fs.numWidth-len(num)) + num
	}
	if g.color != nil && code != "" {
		g.writeString(g.color.start(code))
		g.writeString(num)
		g.writeString(g.color.end(code))
	} else {
		g.writeString(num)
	}
	fs.writeSep(sep)
}

// prefix writes "name:lineno:offset:" (sep '-' for context lines).
func (fs *fileScan) prefix(lineno, off int64, sep byte) {
	g := fs.g
	any := false
	if g.withName {
		fs.writeName()
		if g.nullName {
			g.writeByte(0)
		} else {
			fs.writeSep(sep)
		}
		any = true
	}
	if g.lineNum {
		fs.writeNum(lineno, g.colorCode("ln"), sep)
		any = true
	}
	if g.byteOff {
		fs.writeNum(off, g.colorCode("bn"), sep)
		any = true
	}
	if g.initialTab && any {
		g.writeByte('\t')
	}
}

func (g *grepper) colorCode(which string) string {
	if g.color == nil {
		return ""
	}
	if which == "ln" {
		return g.color.ln
	}
	return g.color.bn
}

// separator prints the group separator when this line does not follow
// the last one printed.
func (fs *fileScan) separator(lineno int64) {
	g := fs.g
	if g.context && g.groupSep != nil && g.printedAny && (fs.lastOut == 0 || lineno != fs.lastOut+1) {
		if g.color != nil && g.color.se != "" {
			g.writeString(g.color.start(g.color.se) + *g.groupSep + g.color.end(g.color.se))
		} else {
			g.writeString(*g.groupSep)
		}
		g.writeByte('\n')
	}
}

// printLine prints a selected (':') or context ('-') line. It returns
// false when the line cannot be printed because the file turned out to
// be binary (then the caller stops and reports the match).
func (fs *fileScan) printLine(line []byte, lineno, off int64, sep byte) bool {
	g := fs.g
	if fs.binary {
		return false
	}
	if g.binaryFiles != "text" && g.utf8 && !utf8.Valid(line) {
		fs.encoding = true
		return false
	}
	if g.onlyMatching {
		if sep == ':' && !g.invert {
			for _, m := range g.re.FindAllSubmatchIndex(line, -1) {
				if m[1] == m[0] {
					continue
				}
				fs.separator(lineno)
				fs.prefix(lineno, off+int64(m[0]), sep)
				g.writeMatch(line[m[0]:m[1]], g.colorFor(sep))
				g.writeByte(g.eol)
				fs.lastOut = lineno
				g.printedAny = true
			}
		}
		if sep == '-' {
			fs.separator(lineno) // context lines are not shown, but groups still are
		}
		fs.lastOut = lineno
		return true
	}
	fs.separator(lineno)
	fs.prefix(lineno, off, sep)
	matching := (sep == ':') != g.invert
	switch {
	case g.color == nil:
		g.write(line)
	case matching && g.colorFor(sep) != "":
		// GNU opens the line colour before each stretch and closes it
		// only at the end of the line.
		lineColor := g.lineColor(sep)
		prev := 0
		for _, m := range g.re.FindAllSubmatchIndex(line, -1) {
			if m[1] == m[0] {
				continue
			}
			g.writeString(g.color.start(lineColor))
			g.write(line[prev:m[0]])
			g.writeMatch(line[m[0]:m[1]], g.colorFor(sep))
			prev = m[1]
		}
		g.writeColored(line[prev:], lineColor)
	default:
		g.writeColored(line, g.lineColor(sep))
	}
	g.writeByte(g.eol)
	if g.lineBuffered {
		g.out.Flush()
	}
	fs.lastOut = lineno
	g.printedAny = true
	return true
}

// lineColor is sl for selected lines and cx for context lines (swapped
// by rv with -v).
func (g *grepper) lineColor(sep byte) string {
	selected := sep == ':'
	if g.color.rv && g.invert {
		selected = !selected
	}
	if selected {
		return g.color.sl
	}
	return g.color.cx
}

func (g *grepper) colorFor(sep byte) string {
	if g.color == nil {
		return ""
	}
	if sep == ':' {
		return g.color.ms
	}
	return g.color.mc
}

func (g *grepper) writeMatch(b []byte, code string) {
	if code == "" {
		g.write(b)
		return
	}
	g.writeString(g.color.start(code))
	g.write(b)
	g.writeString(g.color.end(code))
}

func (g *grepper) writeColored(b []byte, code string) {
	if len(b) == 0 {
		return
	}
	if code == "" {
		g.write(b)
		return
	}
	g.writeString(g.color.start(code))
	g.write(b)
	g.writeString(g.color.end(code))
}

func (g *grepper) write(b []byte) {
	if g.werr != nil {
		return
	}
	if _, err := g.out.Write(b); err != nil {
		g.werr = err
	}
}

func (g *grepper) writeString(s string) {
	if g.werr != nil {
		return
	}
	if _, err := g.out.WriteString(s); err != nil {
		g.werr = err
	}
}

func (g *grepper) writeByte(c byte) {
	if g.werr != nil {
		return
	}
	if err := g.out.WriteByte(c); err != nil {
		g.werr = err
	}
}

// lowerInto makes dst[from:to] the ASCII-lowered buf[from:to], growing dst
// to len(buf) as needed.
func lowerInto(dst, buf []byte, from, to int) []byte {
	if len(dst) < len(buf) {
		grown := make([]byte, len(buf))
		copy(grown, dst)
		dst = grown
	}
	for i := from; i < to; i++ {
		c := buf[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst[i] = c
	}
	return dst
}
