package sed

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"memsh/shell/internal/posixre"
)

// addrKind is the kind of one address.
type addrKind int

const (
	addrLine  addrKind = iota // N
	addrLast                  // $
	addrRegex                 // /re/
	addrStep                  // first~step
	addrZero                  // 0 (only as 0,/re/)
	addrPlus                  // addr1,+N (second address only)
	addrMult                  // addr1,~N (second address only)
)

type address struct {
	kind  addrKind
	line  int64
	step  int64
	regex *sedRegex
}

// sedRegex is a compiled regex, or nil re for "the last regex used".
type sedRegex struct {
	re *posixre.Regexp
}

type replPart struct {
	lit   []byte
	group int  // -1: literal; 0: &; 1-9: \N
	cas   byte // 'L','U','l','u','E': a case conversion marker
}

type cmd struct {
	a1, a2 *address
	negate bool
	name   byte

	// range state
	active  bool
	started bool // 0,/re/: the range was entered at the first line
	endLine int64

	text   []byte // a, i, c
	label  string // b, t, T, :
	target int    // b, t, T: index of the command to jump to (len = end)
	fname  string // r, R, w, W
	out    *output
	num    int // q, Q exit code; l width (-1 = default)
	hasNum bool

	// s
	regex  *sedRegex
	repl   []replPart
	global bool
	nth    int
	print  bool
	eval   bool // s///e: run the result as a command
	// y
	ymap map[rune]rune

	blockEnd int // '{': index of the matching '}'
}

// compileError is a script error, printed as "sed: -e expression #1,
// char 3: unterminated `s' command".
type compileError struct{ msg string }

func (e *compileError) Error() string { return e.msg }

type scriptPiece struct {
	text string
	name string // "" for -e: "-e expression #N"; else the -f file name
	num  int    // expression number
}

type parser struct {
	s      *sed
	src    string
	pos    int
	piece  scriptPiece
	cmds   []*cmd
	blocks []int
	// haveRegex: a regex was compiled before (an empty one reuses the last)
	haveRegex bool
}

func (p *parser) errorf(format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if p.piece.name != "" {
		line := 1 + strings.Count(p.src[:min(p.pos, len(p.src))], "\n")
		return &compileError{fmt.Sprintf("file %s line %d: %s", p.piece.name, line, msg)}
	}
	return &compileError{fmt.Sprintf("-e expression #%d, char %d: %s", p.piece.num, p.pos, msg)}
}

func (p *parser) eof() bool { return p.pos >= len(p.src) }

func (p *parser) peek() byte {
	if p.eof() {
		return 0
	}
	return p.src[p.pos]
}

func (p *parser) next() byte {
	c := p.peek()
	p.pos++
	return c
}

func (p *parser) skipSpace() {
	for !p.eof() && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

func (p *parser) skipSpaceNL() {
	for !p.eof() && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t' || p.src[p.pos] == '\n' || p.src[p.pos] == ';') {
		p.pos++
	}
}

// compile parses every piece of the script into one program.
func (s *sed) compile(pieces []scriptPiece) ([]*cmd, error) {
	p := &parser{s: s}
	// "-e 'a\' -e 'text'": a piece ending in a backslash continues into the next.
	for i := 0; i+1 < len(pieces); i++ {
		t := pieces[i].text
		n := len(t) - len(strings.TrimRight(t, "\\"))
		if n%2 == 1 && pieces[i].name == "" && pieces[i+1].name == "" {
			pieces[i].text = t + "\n" + pieces[i+1].text
			pieces = append(pieces[:i+1], pieces[i+2:]...)
			i--
		}
	}
	for _, pc := range pieces {
		p.src, p.pos, p.piece = pc.text, 0, pc
		if err := p.parse(); err != nil {
			return nil, err
		}
	}
	if len(p.blocks) > 0 {
		p.pos = 0
		return nil, p.errorf("unmatched `{'")
	}
	// Resolve labels.
	labels := map[string]int{}
	for i, c := range p.cmds {
		if c.name == ':' {
			if _, dup := labels[c.label]; dup {
				return nil, &compileError{fmt.Sprintf("-e expression #1, char 0: duplicate label `%s'", c.label)}
			}
			labels[c.label] = i
		}
	}
	for _, c := range p.cmds {
		switch c.name {
		case 'b', 't', 'T':
			if c.label == "" {
				c.target = len(p.cmds)
				continue
			}
			i, ok := labels[c.label]
			if !ok {
				return nil, &labelError{c.label}
			}
			c.target = i
		}
	}
	return p.cmds, nil
}

// labelError is reported without a location; GNU exits 4 for it.
type labelError struct{ label string }

func (e *labelError) Error() string {
	return fmt.Sprintf("can't find label for jump to `%s'", e.label)
}

func (p *parser) parse() error {
	for {
		p.skipSpaceNL()
		if p.eof() {
			return nil
		}
		if p.peek() == '#' {
			for !p.eof() && p.peek() != '\n' {
				p.pos++
			}
			continue
		}
		c := &cmd{num: -1}
		var err error
		if c.a1, err = p.address(); err != nil {
			return err
		}
		if c.a1 != nil {
			p.skipSpace()
			if p.peek() == ',' {
				p.pos++
				p.skipSpace()
				if c.a2, err = p.address2(); err != nil {
					return err
				}
				if c.a2 == nil {
					if !p.eof() {
						p.pos++
					}
					return p.errorf("unexpected `,'")
				}
			}
		}
		p.skipSpace()
		if p.peek() == '!' {
			p.pos++
			c.negate = true
			p.skipSpace()
			if p.peek() == '!' {
				p.pos++
				return p.errorf("multiple `!'s")
			}
		}
		if p.eof() {
			return p.errorf("missing command")
		}
		c.name = p.next()
		if c.a1 != nil && c.a1.kind == addrZero && (c.a2 == nil || c.a2.kind != addrRegex) {
			return p.errorf("invalid usage of line address 0")
		}
		if err := p.command(c); err != nil {
			return err
		}
	}
}

func (p *parser) number() int64 {
	start := p.pos
	for !p.eof() && p.peek() >= '0' && p.peek() <= '9' {
		p.pos++
	}
	n, err := strconv.ParseInt(p.src[start:p.pos], 10, 64)
	if err != nil {
		n = 1<<63 - 1
	}
	return n
}

func (p *parser) address() (*address, error) {
	c := p.peek()
	switch {
	case c >= '0' && c <= '9':
		n := p.number()
		if p.peek() == '~' {
			p.pos++
			step := int64(0)
			if d := p.peek(); d >= '0' && d <= '9' {
				step = p.number()
			}
			if step == 0 && n == 0 {
				// GNU reads first~0 as line first: 0~0 is line 0.
				return &address{kind: addrZero}, nil
			}
			return &address{kind: addrStep, line: n, step: step}, nil
		}
		if n == 0 {
			return &address{kind: addrZero}, nil
		}
		return &address{kind: addrLine, line: n}, nil
	case c == '$':
		p.pos++
		return &address{kind: addrLast}, nil
	case c == '/' || c == '\\':
		p.pos++
		delim := byte('/')
		if c == '\\' {
			if p.eof() {
				return nil, p.errorf("unexpected end of file")
			}
			delim = p.next()
		}
		re, ok := p.delimited(delim, true)
		if !ok {
			return nil, p.errorf("unterminated address regex")
		}
		var flags posixre.Flags
		for !p.eof() {
			if p.peek() == 'I' {
				flags |= posixre.IgnoreCase
			} else if p.peek() == 'M' {
				flags |= posixre.Multiline
			} else {
				break
			}
			p.pos++
		}
		r, err := p.regex(re, flags)
		if err != nil {
			return nil, err
		}
		return &address{kind: addrRegex, regex: r}, nil
	}
	return nil, nil
}

func (p *parser) address2() (*address, error) {
	switch p.peek() {
	case '+', '~':
		kind := addrPlus
		if p.next() == '~' {
			kind = addrMult
		}
		if d := p.peek(); d < '0' || d > '9' {
			return nil, p.errorf("expected newer version of sed")
		}
		return &address{kind: kind, line: p.number()}, nil
	}
	a, err := p.address()
	if err != nil || a == nil {
		return a, err
	}
	if a.kind == addrZero {
		// A second address of 0 is a line already passed: the range
		// is its first line only, as GNU sed does with 1,0.
		return &address{kind: addrLine, line: 0}, nil
	}
	if a.kind == addrStep {
		// GNU reads addr1,N~M as a line number N (the step is ignored
		// for a second address); keep it simple: treat as a line.
		a.kind = addrLine
	}
	return a, nil
}

// delimited reads up to an unescaped delim, as GNU's match_slash does:
// "\delim" becomes delim, "\n" a newline (regex) and "\<newline>" a
// newline; other escapes are kept for the next stage.
func (p *parser) delimited(delim byte, regex bool) (string, bool) {
	var b strings.Builder
	for !p.eof() {
		c := p.next()
		if regex && c == '[' {
			// Inside a bracket expression the delimiter is an ordinary
			// character and a backslash stays (s/[/]/x/, s/[\/]/x/).
			if !p.bracket(&b) {
				return "", false
			}
			continue
		}
		switch {
		case c == delim:
			return b.String(), true
		case c == '\n' && regex:
			return "", false
		case c == '\\':
			if p.eof() {
				return "", false
			}
			d := p.next()
			switch {
			case d == delim:
				if !regex && d == '&' {
					b.WriteByte('\\')
				}
				b.WriteByte(d)
			case d == 'n' && regex:
				b.WriteByte('\n')
			case d == '\n':
				b.WriteByte('\n')
			default:
				b.WriteByte('\\')
				b.WriteByte(d)
			}
		default:
			b.WriteByte(c)
		}
	}
	return "", false
}

// bracket copies a bracket expression after its '[' to b.
func (p *parser) bracket(b *strings.Builder) bool {
	b.WriteByte('[')
	if p.peek() == '^' {
		b.WriteByte(p.next())
	}
	if p.peek() == ']' {
		b.WriteByte(p.next())
	}
	for !p.eof() {
		c := p.next()
		switch {
		case c == '\n':
			return false
		case c == ']':
			b.WriteByte(c)
			return true
		case c == '[' && (p.peek() == ':' || p.peek() == '.' || p.peek() == '='):
			kind := p.next()
			b.WriteByte(c)
			b.WriteByte(kind)
			end := strings.Index(p.src[p.pos:], string(kind)+"]")
			if end < 0 {
				continue
			}
			b.WriteString(p.src[p.pos : p.pos+end+2])
			p.pos += end + 2
		case c == '\\' && p.peek() == 'n':
			p.pos++
			b.WriteByte('\n')
		default:
			b.WriteByte(c)
		}
	}
	return false
}

// regex compiles a sed regex; "" means the last regex used at run time.
func (p *parser) regex(src string, flags posixre.Flags) (*sedRegex, error) {
	if src == "" {
		if !p.haveRegex {
			return nil, &compileError{fmt.Sprintf("-e expression #%d, char 0: no previous regular expression", p.piece.num)}
		}
		return &sedRegex{}, nil
	}
	p.haveRegex = true
	syntax := posixre.BRE
	if p.s.extended {
		syntax = posixre.ERE
	}
	if !p.s.utf8 {
		flags |= posixre.Bytes // the C locale: bytes are characters
	}
	re, err := posixre.Compile(convertEscapes(src, p.s.extended), syntax, flags)
	if err != nil {
		return nil, p.errorf("%s", err)
	}
	return &sedRegex{re: re}, nil
}

// convertEscapes turns GNU sed's character escapes in a regex (\t, \xHH,
// \dNNN, \oNNN, \cX, \a \f \v \r) into the characters, escaped where
// they would otherwise be special.
func convertEscapes(src string, ere bool) string {
	var b strings.Builder
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c != '\\' || i+1 >= len(src) {
			b.WriteByte(c)
			continue
		}
		if r, n, ok := charEscape(src[i+1:]); ok {
			i += n
			switch {
			case strings.IndexByte(`\^$.*[]/`, r) >= 0, ere && strings.IndexByte(`+?(){}|`, r) >= 0:
				b.WriteByte('\\')
			}
			b.WriteByte(r)
			continue
		}
		b.WriteByte(c)
		b.WriteByte(src[i+1])
		i++
	}
	return b.String()
}

// charEscape decodes the escape after a backslash: the byte and how
// many bytes of s it used.
func charEscape(s string) (byte, int, bool) {
	switch s[0] {
	case 'a':
		return '\a', 1, true
	case 'f':
		return '\f', 1, true
	case 'v':
		return '\v', 1, true
	case 'r':
		return '\r', 1, true
	case 't':
		return '\t', 1, true
	case 'n':
		return '\n', 1, true
	case 'c':
		if len(s) > 1 {
			c := s[1]
			if c >= 'a' && c <= 'z' {
				c -= 'a' - 'A'
			}
			return c ^ 0x40, 2, true
		}
	case 'd', 'o', 'x':
		base, maxLen := 10, 3
		if s[0] == 'o' {
			base = 8
		} else if s[0] == 'x' {
			base, maxLen = 16, 2
		}
		j := 1
		for j < len(s) && j <= maxLen && digitOK(s[j], base) {
			j++
		}
		if j > 1 {
			v, err := strconv.ParseUint(s[1:j], base, 16)
			if err == nil && v < 256 {
				return byte(v), j, true
			}
		}
	}
	return 0, 0, false
}

func digitOK(c byte, base int) bool {
	switch base {
	case 8:
		return c >= '0' && c <= '7'
	case 10:
		return c >= '0' && c <= '9'
	}
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// endCommand accepts what may follow a command: spaces, then ; or a
// newline or } or # or the end.
func (p *parser) endCommand() error {
	p.skipSpace()
	if p.eof() {
		return nil
	}
	switch p.peek() {
	case ';', '\n':
		p.pos++
		return nil
	case '}', '#':
		return nil
	}
	p.pos++
	return p.errorf("extra characters after command")
}

// readLabel reads a label up to a newline or semicolon.
func (p *parser) readLabel() string {
	p.skipSpace()
	start := p.pos
	for !p.eof() && p.peek() != '\n' && p.peek() != ';' {
		p.pos++
	}
	return strings.TrimRight(p.src[start:p.pos], " \t")
}

// readFilename reads the rest of the line.
func (p *parser) readFilename() string {
	p.skipSpace()
	start := p.pos
	for !p.eof() && p.peek() != '\n' {
		p.pos++
	}
	return p.src[start:p.pos]
}

// readText reads the text of a, i, c: "a\" newline text, "a\text", or
// GNU's one-liner "a text"; lines ending in a backslash continue.
func (p *parser) readText() ([]byte, error) {
	p.skipSpace()
	if p.eof() {
		return nil, p.errorf("expected \\ after `a', `c' or `i'")
	}
	if p.peek() == '\\' {
		p.pos++
		if p.eof() {
			return nil, nil // "a\" with no text: GNU outputs nothing at all
		}
		if p.peek() == '\n' {
			p.pos++
		}
	}
	b := []byte{}
	for !p.eof() {
		c := p.next()
		if c == '\\' {
			if p.eof() {
				break
			}
			d := p.next()
			if r, n, ok := charEscape(p.src[p.pos-1:]); ok && d != 'n' {
				p.pos += n - 1
				b = append(b, r)
				continue
			}
			b = append(b, d)
			continue
		}
		if c == '\n' {
			break
		}
		b = append(b, c)
	}
	return b, nil
}

func (p *parser) command(c *cmd) error {
	oneAddr := func() error {
		if c.a2 != nil {
			return p.errorf("command only uses one address")
		}
		return nil
	}
	switch c.name {
	case '{':
		p.blocks = append(p.blocks, len(p.cmds))
		p.cmds = append(p.cmds, c)
		return nil
	case '}':
		if c.a1 != nil {
			return p.errorf("unexpected `}'")
		}
		if len(p.blocks) == 0 {
			return p.errorf("unexpected `}'")
		}
		open := p.blocks[len(p.blocks)-1]
		p.blocks = p.blocks[:len(p.blocks)-1]
		p.cmds[open].blockEnd = len(p.cmds) + 1
		p.cmds = append(p.cmds, c)
		return p.endCommand()
	case ':':
		if c.a1 != nil {
			return p.errorf(": doesn't want any addresses")
		}
		label := p.readLabel()
		if label == "" {
			return p.errorf("\":\" lacks a label")
		}
		c.label = label
		if p.peek() == ';' {
			p.pos++
		}
	case '=', 'd', 'D', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'x', 'z', 'F':
		if err := p.endCommand(); err != nil {
			return err
		}
	case 'a', 'i', 'c':
		text, err := p.readText()
		if err != nil {
			return err
		}
		c.text = text
	case 'b', 't', 'T':
		c.label = p.readLabel()
		if p.peek() == ';' {
			p.pos++
		}
	case 'l', 'L', 'q', 'Q':
		if c.name == 'L' {
			return p.errorf("unknown command: `L'")
		}
		if c.name == 'q' || c.name == 'Q' {
			if err := oneAddr(); err != nil {
				return err
			}
		}
		p.skipSpace()
		if d := p.peek(); d >= '0' && d <= '9' {
			c.num = int(min(p.number(), 1<<31-1))
			c.hasNum = true
		}
		if err := p.endCommand(); err != nil {
			return err
		}
	case 'r', 'R', 'w', 'W':
		if p.s.sandbox {
			return p.errorf("e/r/w commands disabled in sandbox mode")
		}
		c.fname = p.readFilename()
		if c.fname == "" {
			return p.errorf("missing filename in r/R/w/W commands")
		}
		if c.name == 'w' || c.name == 'W' {
			out, err := p.s.openOutput(c.fname)
			if err != nil {
				return err
			}
			c.out = out
		}
	case 's':
		if err := p.substitute(c); err != nil {
			return err
		}
	case 'y':
		if err := p.transliterate(c); err != nil {
			return err
		}
	case 'e':
		if p.s.sandbox {
			return p.errorf("e/r/w commands disabled in sandbox mode")
		}
		// The command runs in memsh's own shell (sh -c), never on the host.
		c.fname = p.readFilename()
	case 'v':
		p.readLabel()
		if p.peek() == ';' {
			p.pos++
		}
	default:
		return p.errorf("unknown command: `%c'", c.name)
	}
	p.cmds = append(p.cmds, c)
	return nil
}

func (p *parser) substitute(c *cmd) error {
	if p.eof() {
		return p.errorf("unterminated `s' command")
	}
	delim := p.next()
	if delim == '\n' || delim == '\\' {
		return p.errorf("unterminated `s' command")
	}
	reSrc, ok := p.delimited(delim, true)
	if !ok {
		return p.errorf("unterminated `s' command")
	}
	replSrc, ok := p.delimited(delim, false)
	if !ok {
		return p.errorf("unterminated `s' command")
	}
	var flags posixre.Flags
	seenG, seenP, seenN := false, false, false
flags:
	for !p.eof() {
		f := p.peek()
		switch {
		case f == 'g':
			if seenG {
				p.pos++
				return p.errorf("multiple `g' options to `s' command")
			}
			seenG, c.global = true, true
		case f == 'p':
			if seenP {
				p.pos++
				return p.errorf("multiple `p' options to `s' command")
			}
			seenP, c.print = true, true
		case f == 'i' || f == 'I':
			flags |= posixre.IgnoreCase
		case f == 'm' || f == 'M':
			flags |= posixre.Multiline
		case f >= '0' && f <= '9':
			if seenN {
				p.pos++
				return p.errorf("multiple number options to `s' command")
			}
			n := p.number()
			if n == 0 {
				return p.errorf("number option to `s' command may not be zero")
			}
			c.nth, seenN = int(min(n, 1<<31-1)), true
			continue
		case f == 'e':
			if p.s.sandbox {
				p.pos++
				return p.errorf("e/r/w commands disabled in sandbox mode")
			}
			c.eval = true
		case f == 'w':
			p.pos++
			if p.s.sandbox {
				return p.errorf("e/r/w commands disabled in sandbox mode")
			}
			c.fname = p.readFilename()
			if c.fname == "" {
				return p.errorf("missing filename in r/R/w/W commands")
			}
			out, err := p.s.openOutput(c.fname)
			if err != nil {
				return err
			}
			c.out = out
			break flags
		case f == ' ' || f == '\t':
			// GNU skips blanks among the flags (s/a/b/ p, s/a/b/ w f).
		case f == ';' || f == '\n' || f == '}' || f == '#':
			break flags
		default:
			p.pos++
			return p.errorf("unknown option to `s'")
		}
		p.pos++
	}
	if c.nth == 0 {
		c.nth = 1
	}
	re, err := p.regex(reSrc, flags)
	if err != nil {
		return err
	}
	c.regex = re
	c.repl = parseReplacement(replSrc)
	if re.re != nil {
		for _, part := range c.repl {
			if part.group > re.re.NumSubexp() {
				return p.errorf("invalid reference \\%d on `s' command's RHS", part.group)
			}
		}
	}
	if c.out == nil {
		return p.endCommand()
	}
	return nil
}

func parseReplacement(src string) []replPart {
	var parts []replPart
	var lit []byte
	flush := func() {
		if len(lit) > 0 {
			parts = append(parts, replPart{lit: lit, group: -1})
			lit = nil
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '&':
			flush()
			parts = append(parts, replPart{group: 0})
		case c == '\\' && i+1 < len(src):
			d := src[i+1]
			i++
			switch {
			case d >= '0' && d <= '9':
				flush()
				parts = append(parts, replPart{group: int(d - '0')})
			case d == 'L' || d == 'U' || d == 'l' || d == 'u' || d == 'E':
				flush()
				parts = append(parts, replPart{group: -1, cas: d})
			case d == '\n':
				lit = append(lit, '\n')
			default:
				if r, n, ok := charEscape(src[i:]); ok {
					lit = append(lit, r)
					i += n - 1
				} else {
					lit = append(lit, d)
				}
			}
		default:
			lit = append(lit, c)
		}
	}
	flush()
	return parts
}

func (p *parser) transliterate(c *cmd) error {
	if p.eof() {
		return p.errorf("unterminated `y' command")
	}
	delim := p.next()
	src, ok := p.delimited(delim, false)
	if !ok {
		return p.errorf("unterminated `y' command")
	}
	dst, ok := p.delimited(delim, false)
	if !ok {
		return p.errorf("unterminated `y' command")
	}
	a, b := yUnescape(src), yUnescape(dst)
	if len(a) != len(b) {
		return p.errorf("strings for `y' command are different lengths")
	}
	c.ymap = map[rune]rune{}
	for i, r := range a {
		c.ymap[r] = b[i]
	}
	return p.endCommand()
}

// yUnescape resolves \\, \n and the character escapes of a y string.
func yUnescape(s string) []rune {
	var out []rune
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			if s[i+1] == '\\' {
				out = append(out, '\\')
				i++
				continue
			}
			if r, n, ok := charEscape(s[i+1:]); ok {
				if r >= utf8.RuneSelf {
					out = append(out, rawByte+rune(r)) // \xff is a byte
				} else {
					out = append(out, rune(r))
				}
				i += n
				continue
			}
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			r = rawByte + rune(s[i])
		}
		out = append(out, r)
		i += size - 1
	}
	return out
}

// rawByte+b stands for a byte b that is not valid UTF-8 (y maps bytes too).
const rawByte = 0x110000
