package sed

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"memsh/memfs"
	"memsh/shell/command"
	"memsh/shell/internal/posixre"
)

// output is a destination of sed's lines: stdout, stderr or a w file.
type output struct {
	name      string
	w         *bufio.Writer
	closer    io.Closer
	missingNL bool // the last line written had no newline (input's last line)
	err       error
}

func (o *output) writeByte(c byte) {
	if o.err == nil {
		if err := o.w.WriteByte(c); err != nil {
			o.err = err
		}
	}
}

func (o *output) write(b []byte) {
	if o.err != nil {
		return
	}
	if _, err := o.w.Write(b); err != nil {
		o.err = err
	}
}

// line writes text and the line end, unless the input line had none; a
// later write first supplies the missing one.
func (o *output) line(s *sed, text []byte, nl bool) {
	if o.missingNL {
		o.writeByte(s.eol)
		o.missingNL = false
	}
	o.write(text)
	if nl {
		o.writeByte(s.eol)
	} else {
		o.missingNL = true
	}
	if s.unbuffered {
		o.flush()
	}
}

func (o *output) raw(s *sed, b []byte) {
	if o.missingNL {
		o.writeByte(s.eol)
		o.missingNL = false
	}
	o.write(b)
}

func (o *output) flush() {
	if o.err == nil {
		if err := o.w.Flush(); err != nil {
			o.err = err
		}
	}
}

// source yields input lines over one or more files, one line ahead so
// that $ is known.
type source struct {
	s       *sed
	names   []string
	idx     int
	r       *bufio.Reader
	closer  io.Closer
	curName string

	has     bool
	eof     bool
	pl      []byte
	pnl     bool
	pname   string
	scratch []byte
}

func (src *source) open() bool {
	for src.idx < len(src.names) && !src.s.stopInput {
		name := src.names[src.idx]
		src.idx++
		r, closer, err := src.s.openInput(name)
		if err != nil {
			src.s.readError(name, err)
			continue
		}
		src.r = bufio.NewReaderSize(r, 64<<10)
		src.closer = closer
		src.curName = name
		return true
	}
	return false
}

func (src *source) fetch() {
	src.has = true
	for {
		if src.r == nil && !src.open() {
			src.eof = true
			return
		}
		src.pl = src.pl[:0]
		for {
			chunk, err := src.r.ReadSlice(src.s.eol)
			src.pl = append(src.pl, chunk...)
			if err == bufio.ErrBufferFull && len(src.pl) > command.MaxHeld {
				// an endless line (`sed p /dev/zero`): stop reading
				src.s.readError(src.curName, command.HeldLimitError{})
				src.s.stopInput = true
				src.pl, src.eof = src.pl[:0], true
				return
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			if err != nil && err != io.EOF {
				if !errors.Is(err, errCancelled) {
					src.s.readError(src.curName, err)
				}
			}
			break
		}
		if len(src.pl) > 0 {
			src.pnl = src.pl[len(src.pl)-1] == src.s.eol
			if src.pnl {
				src.pl = src.pl[:len(src.pl)-1]
			}
			src.pname = src.curName
			return
		}
		if src.closer != nil {
			src.closer.Close()
		}
		src.r, src.closer = nil, nil
	}
}

// next returns the next line (valid until the following call).
func (src *source) next() (line []byte, nl bool, ok bool) {
	if !src.has {
		src.fetch()
	}
	if src.eof {
		return nil, false, false
	}
	src.has = false
	src.scratch = append(src.scratch[:0], src.pl...)
	return src.scratch, src.pnl, true
}

// last reports whether no line follows.
func (src *source) last() bool {
	if !src.has {
		src.fetch()
	}
	return src.eof
}

var errCancelled = errors.New("cancelled")

// maxSpace bounds the pattern and hold spaces: a script that doubles
// them in a loop stops with a message instead of exhausting memory.
const maxSpace = 1 << 28

var errSpace = errors.New("pattern or hold space larger than 268435456 bytes (memsh limit)")

// cycle outcome of running the script over the pattern space.
type outcome int

const (
	endCycle    outcome = iota // autoprint, then next line
	endNoPrint                 // d, c: next line without autoprint
	restartD                   // D: rerun on what is left, no new line
	quitPrint                  // q, or n/N at the end of input
	quitNoPrint                // Q
)

type appendItem struct {
	text  []byte
	fname string // r: a whole file
	rline bool   // R: one line of fname
}

// runSource runs the script over every line of src.
func (s *sed) runSource(src *source) (quit bool) {
	restart := false
	for {
		if s.ctx.Err() != nil {
			return true
		}
		if !restart {
			line, nl, ok := src.next()
			if !ok {
				return false
			}
			s.lineno++
			s.ps = append(s.ps[:0], line...)
			s.nl = nl
			s.fileName = src.pname
			s.tflag = false
		}
		restart = false
		res := s.exec(src)
		if s.fatal != nil {
			return true
		}
		switch res {
		case endCycle:
			if !s.quiet {
				s.out.line(s, s.ps, s.nl)
			}
		case restartD:
			restart = true
		case quitPrint:
			if !s.quiet {
				s.out.line(s, s.ps, s.nl)
			}
			s.dumpAppends()
			return true
		case quitNoPrint:
			s.dumpAppends()
			return true
		}
		s.dumpAppends()
		if s.out.err != nil {
			return true
		}
	}
}

func (s *sed) readNext(src *source) bool {
	s.dumpAppends()
	line, nl, ok := src.next()
	if !ok {
		return false
	}
	s.lineno++
	s.ps = append(s.ps, line...)
	s.nl = nl
	s.fileName = src.pname
	return true
}

func (s *sed) exec(src *source) outcome {
	cmds := s.cmds
	for pc := 0; pc < len(cmds); {
		// A script can loop forever (:a;ba): stay cancellable.
		if s.steps++; s.steps&63 == 0 && s.ctx.Err() != nil {
			return quitNoPrint
		}
		if len(s.ps) > maxSpace || len(s.hold) > maxSpace {
			s.fatal = errSpace
			return quitNoPrint
		}
		c := cmds[pc]
		if !s.selected(c, src) {
			if c.name == '{' {
				pc = c.blockEnd
			} else {
				pc++
			}
			continue
		}
		if s.fatal != nil {
			return quitNoPrint
		}
		pc++
		switch c.name {
		case '{', '}', ':':
		case '=':
			s.out.raw(s, []byte(strconv.FormatInt(s.lineno, 10)+"\n"))
		case 'a':
			if c.text != nil {
				s.appends = append(s.appends, appendItem{text: append(append([]byte(nil), c.text...), '\n')})
			}
		case 'i':
			if c.text != nil {
				s.out.raw(s, append(append([]byte(nil), c.text...), '\n'))
			}
		case 'c':
			// In a range, the text replaces the whole range: print it at its end.
			if c.text != nil && (c.a2 == nil || c.negate || !c.active) {
				s.out.raw(s, append(append([]byte(nil), c.text...), '\n'))
			}
			return endNoPrint
		case 'd':
			return endNoPrint
		case 'D':
			i := bytes.IndexByte(s.ps, '\n')
			if i < 0 {
				return endNoPrint
			}
			s.ps = append(s.ps[:0], s.ps[i+1:]...)
			return restartD
		case 'g':
			s.ps = append(s.ps[:0], s.hold...)
		case 'G':
			s.ps = append(append(s.ps, '\n'), s.hold...)
		case 'h':
			s.hold = append(s.hold[:0], s.ps...)
		case 'H':
			s.hold = append(append(s.hold, '\n'), s.ps...)
		case 'x':
			s.ps, s.hold = s.hold, s.ps
		case 'z':
			s.ps = s.ps[:0]
		case 'l':
			width := s.lineWrap
			if c.hasNum {
				width = c.num
			}
			s.list(width)
		case 'n':
			if src.last() {
				return quitPrint
			}
			if !s.quiet {
				s.out.line(s, s.ps, s.nl)
			}
			s.ps = s.ps[:0]
			s.readNext(src)
		case 'N':
			if src.last() {
				return quitPrint
			}
			s.ps = append(s.ps, '\n')
			s.readNext(src)
		case 'p':
			s.out.line(s, s.ps, s.nl)
		case 'P':
			i := bytes.IndexByte(s.ps, '\n')
			if i < 0 {
				i = len(s.ps)
			}
			s.out.line(s, s.ps[:i], true)
		case 'q':
			s.exit = c.num
			if !c.hasNum {
				s.exit = 0
			}
			return quitPrint
		case 'Q':
			s.exit = c.num
			if !c.hasNum {
				s.exit = 0
			}
			return quitNoPrint
		case 'r':
			s.appends = append(s.appends, appendItem{fname: c.fname})
		case 'R':
			s.appends = append(s.appends, appendItem{fname: c.fname, rline: true})
		case 'e':
			if c.fname != "" {
				s.out.flush()
				out, ok := s.shell(c.fname)
				if !ok {
					return quitNoPrint
				}
				s.out.raw(s, out)
			} else {
				out, ok := s.shell(string(s.ps))
				if !ok {
					return quitNoPrint
				}
				s.ps = append(s.ps[:0], bytes.TrimSuffix(out, []byte{'\n'})...)
			}
		case 's':
			if s.substitute(c) {
				s.tflag = true
				if c.eval {
					out, ok := s.shell(string(s.ps))
					if !ok {
						return quitNoPrint
					}
					s.ps = append(s.ps[:0], bytes.TrimSuffix(out, []byte{'\n'})...)
				}
				if c.print {
					s.out.line(s, s.ps, s.nl)
				}
				if c.out != nil {
					c.out.line(s, s.ps, true)
				}
			}
			if s.fatal != nil {
				return quitNoPrint
			}
		case 't':
			if s.tflag {
				s.tflag = false
				pc = c.target
			}
		case 'T':
			if !s.tflag {
				pc = c.target
			} else {
				s.tflag = false
			}
		case 'b':
			pc = c.target
		case 'w':
			c.out.line(s, s.ps, true)
		case 'W':
			i := bytes.IndexByte(s.ps, '\n')
			if i < 0 {
				i = len(s.ps)
			}
			c.out.line(s, s.ps[:i], true)
		case 'y':
			s.ps = transliterate(s.ps, c.ymap)
		case 'F':
			name := s.fileName
			s.out.raw(s, []byte(name+"\n"))
		}
	}
	return endCycle
}

func transliterate(b []byte, m map[rune]rune) []byte {
	out := make([]byte, 0, len(b))
	put := func(r rune) {
		if r >= rawByte {
			out = append(out, byte(r-rawByte))
		} else {
			out = utf8.AppendRune(out, r)
		}
	}
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			r = rawByte + rune(b[i])
		}
		if t, ok := m[r]; ok {
			put(t)
		} else {
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	return out
}

// matchRegex matches r (or the last regex used) against the pattern space.
func (s *sed) resolve(r *sedRegex) *posixre.Regexp {
	if r.re != nil {
		s.lastRegex = r.re
		return r.re
	}
	if s.lastRegex == nil {
		s.fatal = errors.New(s.errWhere + "no previous regular expression")
		return nil
	}
	return s.lastRegex
}

func (s *sed) matchAddr(a *address, src *source) bool {
	switch a.kind {
	case addrLine:
		return s.lineno == a.line
	case addrLast:
		return src.last()
	case addrStep:
		if a.step <= 0 {
			return s.lineno == a.line
		}
		return s.lineno >= a.line && (s.lineno-a.line)%a.step == 0
	case addrRegex:
		re := s.resolve(a.regex)
		return re != nil && re.Match(s.ps)
	}
	return false
}

// selected applies c's addresses (and !) to the current line.
func (s *sed) selected(c *cmd, src *source) bool {
	return s.addressed(c, src) != c.negate
}

func (s *sed) addressed(c *cmd, src *source) bool {
	if c.a1 == nil {
		return true
	}
	if c.a2 == nil {
		return s.matchAddr(c.a1, src)
	}
	if !c.active {
		start := false
		switch {
		case c.a1.kind == addrZero:
			if !c.started {
				c.started = true
				c.active = true
				return s.inRange(c, src)
			}
			return false
		case s.matchAddr(c.a1, src):
			start = true
		case c.a1.kind == addrLine && c.a2.kind == addrLine && s.lineno > c.a1.line && s.lineno <= c.a2.line:
			// addr1 was skipped over (n, N): GNU still enters the range.
			start = true
		}
		if !start {
			return false
		}
		switch c.a2.kind {
		case addrLine:
			c.active = c.a2.line > s.lineno
			c.endLine = c.a2.line
		case addrPlus:
			c.endLine = s.lineno + c.a2.line
			c.active = c.a2.line > 0
		case addrMult:
			// GNU ends the range at the next multiple of N after this
			// line, even when this line is one: 4,~4 is lines 4 to 8.
			if c.a2.line > 0 {
				c.endLine = (s.lineno/c.a2.line + 1) * c.a2.line
			}
			c.active = c.a2.line > 0
		case addrLast:
			c.active = !src.last()
		case addrRegex:
			c.active = true
		}
		return true
	}
	return s.inRange(c, src)
}

// inRange handles a line inside an active range: it is selected, and
// may end the range.
func (s *sed) inRange(c *cmd, src *source) bool {
	switch c.a2.kind {
	case addrLine, addrPlus, addrMult:
		if s.lineno >= c.endLine {
			c.active = false
		}
		if s.lineno > c.endLine {
			return false
		}
	case addrLast:
		if src.last() {
			c.active = false
		}
	case addrRegex:
		if s.matchAddr(c.a2, src) {
			c.active = false
		}
	}
	return true
}

// substitute runs an s command on the pattern space.
func (s *sed) substitute(c *cmd) bool {
	re := s.resolve(c.regex)
	if re == nil {
		return false
	}
	for _, part := range c.repl {
		if part.group > re.NumSubexp() {
			s.fatal = errors.New("invalid reference \\" + strconv.Itoa(part.group) + " on `s' command's RHS")
			return false
		}
	}
	s.sub = subState{c: c, out: s.spare[:0]}
	if c.global && len(s.ps) > 64<<10 {
		// A long pattern space (a slurped file): walk the matches
		// without collecting them.
		re.EachSubmatchIndex(s.ps, s.substOne)
	} else {
		n := c.nth
		if c.global {
			n = -1
		}
		for _, m := range re.FindAllSubmatchIndex(s.ps, n) {
			if !s.substOne(m) {
				break
			}
		}
	}
	if !s.sub.done || s.fatal != nil {
		return false
	}
	out, last := s.sub.out, s.sub.last
	out = append(out, s.ps[last:]...)
	s.ps, s.spare = out, s.ps
	return true
}

// subState is one s command's work in progress.
type subState struct {
	c           *cmd
	out         []byte
	last, count int
	done        bool
}

// substOne replaces one match (if it is the nth or later) and reports
// whether to go on.
func (s *sed) substOne(m []int) bool {
	st := &s.sub
	st.count++
	if st.count < st.c.nth {
		return true
	}
	if len(st.out) > maxSpace {
		s.fatal = errSpace
		return false
	}
	st.out = append(st.out, s.ps[st.last:m[0]]...)
	st.out = expand(st.out, st.c.repl, s.ps, m)
	st.last = m[1]
	st.done = true
	return st.c.global
}

// expand appends the replacement for match m, applying \L \U \l \u \E.
func expand(out []byte, repl []replPart, ps []byte, m []int) []byte {
	var mode, once byte
	add := func(b []byte) {
		if mode == 0 && once == 0 {
			out = append(out, b...)
			return
		}
		for i := 0; i < len(b); {
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size == 1 {
				out = append(out, b[i])
				i++
				continue
			}
			switch {
			case once == 'u':
				r = unicode.ToUpper(r)
				once = 0
			case once == 'l':
				r = unicode.ToLower(r)
				once = 0
			case mode == 'U':
				r = unicode.ToUpper(r)
			case mode == 'L':
				r = unicode.ToLower(r)
			}
			out = utf8.AppendRune(out, r)
			i += size
		}
	}
	for _, p := range repl {
		switch {
		case p.cas == 'L' || p.cas == 'U':
			mode, once = p.cas, 0
		case p.cas == 'E':
			mode, once = 0, 0
		case p.cas == 'l' || p.cas == 'u':
			once = p.cas
		case p.group >= 0:
			if 2*p.group+1 < len(m) && m[2*p.group] >= 0 {
				add(ps[m[2*p.group]:m[2*p.group+1]])
			}
		default:
			add(p.lit)
		}
	}
	return out
}

// list prints the pattern space unambiguously (the l command).
func (s *sed) list(width int) {
	var b []byte
	col := 0
	lineLen := width - 1
	emit := func(piece string) {
		if width > 0 && col+len(piece) > lineLen {
			b = append(b, '\\', '\n')
			col = 0
		}
		b = append(b, piece...)
		col += len(piece)
	}
	for _, c := range s.ps {
		switch c {
		case '\\':
			emit(`\\`)
		case '\a':
			emit(`\a`)
		case '\b':
			emit(`\b`)
		case '\f':
			emit(`\f`)
		case '\n':
			emit(`\n`)
		case '\r':
			emit(`\r`)
		case '\t':
			emit(`\t`)
		case '\v':
			emit(`\v`)
		default:
			if c >= 0x20 && c < 0x7f {
				emit(string([]byte{c}))
			} else {
				emit(string([]byte{'\\', '0' + c>>6, '0' + (c>>3)&7, '0' + c&7}))
			}
		}
	}
	b = append(b, '$', '\n')
	s.out.raw(s, b)
}

// dumpAppends writes the a, r and R output queued during the cycle.
func (s *sed) dumpAppends() {
	for _, a := range s.appends {
		switch {
		case a.fname == "":
			s.out.raw(s, a.text)
		case a.rline:
			if line, ok := s.readRLine(a.fname); ok {
				s.out.raw(s, line)
			}
		default:
			s.copyFile(a.fname)
		}
	}
	s.appends = s.appends[:0]
}

// copyFile copies a file for r; a missing file is silently ignored.
func (s *sed) copyFile(name string) {
	r, closer, err := s.openInput(name)
	if err != nil {
		return
	}
	defer closer.Close()
	if s.out.missingNL {
		s.out.writeByte(s.eol)
		s.out.missingNL = false
	}
	buf := make([]byte, 64<<10)
	for {
		n, err := r.Read(buf)
		s.out.write(buf[:n])
		if err != nil {
			return
		}
	}
}

// readRLine reads the next line of an R file, with its line end.
func (s *sed) readRLine(name string) ([]byte, bool) {
	r, ok := s.rfiles[name]
	if !ok {
		in, _, err := s.openInput(name)
		if err != nil {
			s.rfiles[name] = nil
			return nil, false
		}
		r = bufio.NewReader(in)
		s.rfiles[name] = r
	}
	if r == nil {
		return nil, false
	}
	line, err := r.ReadBytes(s.eol)
	if len(line) == 0 && err != nil {
		return nil, false
	}
	if line[len(line)-1] != s.eol {
		line = append(line, s.eol)
	}
	return line, true
}

// openInput opens an input ("-" is stdin).
func (s *sed) openInput(name string) (io.Reader, io.Closer, error) {
	if name == "-" || name == "/dev/stdin" {
		if s.inv.Stdin == nil {
			return strings.NewReader(""), io.NopCloser(nil), nil
		}
		return ctxReader{s, s.inv.Stdin, true}, io.NopCloser(nil), nil
	}
	// A FIFO's open waits for a writer, as open(2) does; Ctrl-C or a
	// timeout ends the wait, and a read blocked on it, quietly.
	f, err := s.inv.FS.OpenFileContext(s.ctx, s.inv.Abs(name), os.O_RDONLY, 0)
	if err != nil && s.ctx.Err() != nil {
		return strings.NewReader(""), io.NopCloser(nil), nil
	}
	if err != nil {
		return nil, nil, err
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, nil, &os.PathError{Op: "read", Path: name, Err: errIsDir}
	}
	st, _ := f.Stat()
	var c io.Closer = f
	if st != nil && st.Mode()&fs.ModeNamedPipe != 0 {
		c = fifoInput{f, command.InterruptFifo(s.ctx, f, false)}
	}
	return ctxReader{s, f, st == nil || !st.Mode().IsRegular()}, c, nil
}

// fifoInput closes a FIFO input after taking off the deadline that
// Ctrl-C sets on it.
type fifoInput struct {
	f    *memfs.File
	stop func()
}

func (c fifoInput) Close() error {
	c.stop()
	return c.f.Close()
}

func (s *sed) readError(name string, err error) {
	if errors.Is(err, errIsDir) {
		// GNU gives up on a read error: status 4, nothing more is read.
		s.inv.Errorf("read error on %s: Is a directory", name)
		s.status = exitPanic
		s.stopInput = true
		return
	}
	s.status = exitBadInput
	s.inv.Errorf("can't read %s: %s", name, command.Strerror(err))
}

// ctxReader stops reading once the command is cancelled.
type ctxReader struct {
	s *sed
	r io.Reader
	// mayBlock is set for standard input and other non-regular files:
	// output waiting in the buffer is flushed before a read that may
	// wait, so a pipeline shows it. A regular file never waits, and like
	// GNU sed's fully buffered stdout the output stays buffered (so sed
	// p f missing 2>&1 prints the error first, as GNU's does).
	mayBlock bool
}

func (c ctxReader) Read(p []byte) (int, error) {
	if c.s.ctx.Err() != nil {
		return 0, errCancelled
	}
	if c.mayBlock && c.s.out != nil && c.s.out.w.Buffered() > 0 && c.s.idle {
		c.s.out.flush()
	}
	n, err := c.r.Read(p)
	c.s.idle = n < len(p)
	return n, err
}

// shell runs cmd with memsh's sh -c (the e command and s///e) and
// returns its standard output.
func (s *sed) shell(cmd string) ([]byte, bool) {
	if s.inv.Exec == nil {
		s.fatal = errors.New("e: no shell to run commands")
		return nil, false
	}
	var out bytes.Buffer
	s.inv.Exec(s.ctx, []string{"sh", "-c", cmd}, nil, command.Stdio{Stdin: bytes.NewReader(nil), Stdout: &out, Stderr: s.inv.Stderr})
	return out.Bytes(), true
}
