package posixre

import (
	"strconv"
	"unicode/utf8"
)

// nodeKind is the kind of one node of a parsed expression.
type nodeKind int

const (
	nEmpty         nodeKind = iota
	nLit                    // one character (rune, or rawByte+b for an invalid UTF-8 byte)
	nAny                    // .
	nClass                  // bracket expression or \w \W \s \S
	nBOL                    // ^
	nEOL                    // $
	nBufStart               // \`
	nBufEnd                 // \'
	nWordB                  // \b
	nNotWordB               // \B
	nWordStart              // \<
	nWordEnd                // \>
	nNotWordBefore          // grep -w: start of text or a non-word character before
	nNotWordAfter           // grep -w: end of text or a non-word character after
	nGroup                  // \( \) or ( ): capturing group number n
	nConcat
	nAlt
	nRepeat // sub{min,max}; max -1 means no limit
	nBackref
)

// rawByte marks a pattern or input byte that is not valid UTF-8: it
// matches only itself, never . or a bracket expression (as GNU does).
const rawByte = 0x110000

// node is one node of the syntax tree both matchers are built from.
type node struct {
	kind     nodeKind
	r        rune   // nLit
	class    string // nClass: Go syntax of the class, e.g. "[^a-z]"
	n        int    // nGroup: group number; nBackref: group referred to
	min, max int    // nRepeat
	subs     []*node
}

// maxRepeat is GNU's RE_DUP_MAX: larger interval counts are "too big".
const maxRepeat = 32767

// Error is a pattern that does not compile. Msg is GNU's wording
// ("Unmatched ( or \\("), without the program name.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

type parser struct {
	bytes    bool // C locale: every byte is a character, classes are ASCII
	src      string
	pos      int
	ere      bool
	ngroups  int    // groups opened so far
	closed   []bool // closed[n]: group n is complete (back-references need it)
	depth    int
	warnings []string
	afterBOL bool // the atom follows a leading BRE ^: another ^ is literal
}

func parse(src string, ere, bytes bool) (*node, int, []string, error) {
	p := &parser{src: src, ere: ere, bytes: bytes, closed: []bool{true}}
	n, err := p.alt()
	if err != nil {
		return nil, 0, nil, err
	}
	if p.pos < len(p.src) {
		// Only an unmatched close can stop the top level.
		return nil, 0, nil, &Error{"Unmatched ) or \\)"}
	}
	return n, p.ngroups, p.warnings, nil
}

func (p *parser) eof() bool { return p.pos >= len(p.src) }

// atAltSep reports whether the input is at an alternation operator.
func (p *parser) atAltSep() bool {
	if p.ere {
		return !p.eof() && p.src[p.pos] == '|'
	}
	return p.pos+1 < len(p.src) && p.src[p.pos] == '\\' && p.src[p.pos+1] == '|'
}

// atClose reports whether the input is at a group close that ends a branch.
func (p *parser) atClose() bool {
	if p.depth == 0 {
		return false
	}
	if p.ere {
		return !p.eof() && p.src[p.pos] == ')'
	}
	return p.pos+1 < len(p.src) && p.src[p.pos] == '\\' && p.src[p.pos+1] == ')'
}

func (p *parser) alt() (*node, error) {
	var branches []*node
	for {
		b, err := p.branch()
		if err != nil {
			return nil, err
		}
		branches = append(branches, b)
		if !p.atAltSep() {
			break
		}
		if p.ere {
			p.pos++
		} else {
			p.pos += 2
		}
	}
	if len(branches) == 1 {
		return branches[0], nil
	}
	return &node{kind: nAlt, subs: branches}, nil
}

func (p *parser) branch() (*node, error) {
	var items []*node
	start := true // at the start of an expression: BRE * is literal, ^ is an anchor
	for !p.eof() && !p.atAltSep() && !p.atClose() {
		if !p.ere && p.src[p.pos] == '\\' && p.pos+1 < len(p.src) && p.src[p.pos+1] == ')' && p.depth == 0 {
			return nil, &Error{"Unmatched ) or \\)"}
		}
		p.afterBOL = start && len(items) > 0
		atom, err := p.atom(start)
		if err != nil {
			return nil, err
		}
		if atom == nil { // an ERE operator at the start, ignored as GNU does
			continue
		}
		// After a leading ^, * is still at the start (BRE: literal; ERE: ignored).
		start = atom.kind == nBOL && len(items) == 0
		if !start {
			atom, err = p.quantifiers(atom)
		}
		if err != nil {
			return nil, err
		}
		items = append(items, atom)
	}
	switch len(items) {
	case 0:
		return &node{kind: nEmpty}, nil
	case 1:
		return items[0], nil
	}
	return &node{kind: nConcat, subs: items}, nil
}

// quantifiers applies any *, +, ?, {m,n} (or BRE \+ \? \{m,n\}) after atom.
func (p *parser) quantifiers(atom *node) (*node, error) {
	for !p.eof() {
		c := p.src[p.pos]
		min, max := -1, -1
		switch {
		case c == '*':
			p.pos++
			min, max = 0, -1
		case p.ere && c == '+', !p.ere && c == '\\' && p.peek(1) == '+':
			p.pos += map[bool]int{true: 1, false: 2}[p.ere]
			min, max = 1, -1
		case p.ere && c == '?', !p.ere && c == '\\' && p.peek(1) == '?':
			p.pos += map[bool]int{true: 1, false: 2}[p.ere]
			min, max = 0, 1
		case p.ere && c == '{', !p.ere && c == '\\' && p.peek(1) == '{':
			save := p.pos
			var ok bool
			var err error
			min, max, ok, err = p.interval()
			if err != nil {
				return nil, err
			}
			if !ok { // ERE: not an interval, so '{' is literal
				p.pos = save
				return atom, nil
			}
		default:
			return atom, nil
		}
		if atom.kind == nRepeat && atom.min == min && atom.max == max && (max == -1 || max == 1 && min == 0) {
			continue // a** is a*
		}
		atom = &node{kind: nRepeat, min: min, max: max, subs: []*node{atom}}
	}
	return atom, nil
}

func (p *parser) peek(off int) byte {
	if p.pos+off < len(p.src) {
		return p.src[p.pos+off]
	}
	return 0
}

// interval parses {m}, {m,}, {,n}, {m,n} (BRE: \{ \}) at p.pos.
// For an ERE, ok=false means the brace is not an interval and is literal.
func (p *parser) interval() (min, max int, ok bool, err error) {
	if p.ere {
		p.pos++
	} else {
		p.pos += 2
	}
	bad := func() (int, int, bool, error) {
		if p.ere {
			return 0, 0, false, nil
		}
		if p.eof() || !hasIntervalEnd(p.src[p.pos:]) {
			return 0, 0, false, &Error{"Unmatched \\{"}
		}
		return 0, 0, false, &Error{"Invalid content of \\{\\}"}
	}
	num := func() (int, bool) {
		s := p.pos
		for !p.eof() && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
			p.pos++
		}
		if s == p.pos {
			return -1, false
		}
		v, err := strconv.Atoi(p.src[s:p.pos])
		if err != nil || v > maxRepeat {
			v = maxRepeat + 1
		}
		return v, true
	}
	lo, haveLo := num()
	hi := lo
	if !p.eof() && p.src[p.pos] == ',' {
		p.pos++
		var haveHi bool
		hi, haveHi = num()
		if !haveHi {
			hi = -1
		}
	} else if !haveLo {
		return bad()
	}
	if !haveLo {
		lo = 0
	}
	if p.ere {
		if p.eof() || p.src[p.pos] != '}' {
			return bad()
		}
		p.pos++
	} else {
		if p.pos+1 >= len(p.src) || p.src[p.pos] != '\\' || p.src[p.pos+1] != '}' {
			return bad()
		}
		p.pos += 2
	}
	if hi != -1 && lo > hi {
		return 0, 0, false, &Error{"Invalid content of \\{\\}"}
	}
	if lo > maxRepeat || hi > maxRepeat {
		return 0, 0, false, &Error{"Regular expression too big"}
	}
	return lo, hi, true, nil
}

func hasIntervalEnd(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '\\' && s[i+1] == '}' {
			return true
		}
	}
	return false
}

// atom parses one atom. It returns nil for an ERE repetition operator at
// the start of an expression, which GNU ignores with a warning.
func (p *parser) atom(start bool) (*node, error) {
	c := p.src[p.pos]
	if p.ere {
		switch c {
		case '*', '+', '?':
			if start {
				p.warn(string(c) + " at start of expression")
				p.pos++
				return nil, nil
			}
		case '{':
			if start {
				save := p.pos
				if _, _, ok, err := p.interval(); err != nil {
					return nil, err
				} else if ok {
					p.warn("{...} at start of expression")
					return nil, nil
				}
				p.pos = save
			}
		case '(':
			p.pos++
			return p.group()
		case '^':
			p.pos++
			return &node{kind: nBOL}, nil
		case '$':
			p.pos++
			return &node{kind: nEOL}, nil
		}
	} else {
		switch c {
		case '*':
			if start {
				p.pos++
				return &node{kind: nLit, r: '*'}, nil
			}
		case '^':
			if start && !p.afterBOL {
				p.pos++
				return &node{kind: nBOL}, nil
			}
		case '$':
			if p.pos+1 == len(p.src) || p.src[p.pos+1] == '\\' && (p.peek(2) == ')' && p.depth > 0 || p.peek(2) == '|') {
				p.pos++
				return &node{kind: nEOL}, nil
			}
		}
	}
	switch c {
	case '.':
		p.pos++
		return &node{kind: nAny}, nil
	case '[':
		p.pos++
		return p.bracket()
	case '\\':
		return p.escape(start)
	}
	return p.literal(), nil
}

func (p *parser) warn(msg string) {
	for _, w := range p.warnings {
		if w == msg {
			return
		}
	}
	p.warnings = append(p.warnings, msg)
}

func (p *parser) literal() *node {
	r, size := p.char(p.src[p.pos:])
	p.pos += size
	return &node{kind: nLit, r: r}
}

// char decodes the character at the start of s: a UTF-8 sequence (an
// invalid byte b is rawByte+b), or in bytes mode the byte itself.
func (p *parser) char(s string) (rune, int) {
	if p.bytes {
		return rune(s[0]), 1
	}
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && size == 1 {
		r = rawByte + rune(s[0])
	}
	return r, size
}

func (p *parser) group() (*node, error) {
	p.ngroups++
	n := p.ngroups
	p.closed = append(p.closed, false)
	p.depth++
	sub, err := p.alt()
	if err != nil {
		return nil, err
	}
	p.depth--
	if p.ere {
		if p.eof() || p.src[p.pos] != ')' {
			return nil, &Error{"Unmatched ( or \\("}
		}
		p.pos++
	} else {
		if p.pos+1 >= len(p.src) || p.src[p.pos] != '\\' || p.src[p.pos+1] != ')' {
			return nil, &Error{"Unmatched ( or \\("}
		}
		p.pos += 2
	}
	p.closed[n] = true
	return &node{kind: nGroup, n: n, subs: []*node{sub}}, nil
}

func (p *parser) escape(start bool) (*node, error) {
	if p.pos+1 >= len(p.src) {
		return nil, &Error{"Trailing backslash"}
	}
	c := p.src[p.pos+1]
	p.pos += 2
	switch c {
	case '(':
		if !p.ere {
			return p.group()
		}
	case ')':
		if !p.ere {
			return nil, &Error{"Unmatched ) or \\)"}
		}
	case '{':
		if !p.ere && !start {
			return nil, &Error{"Invalid preceding regular expression"}
		}
	case '+', '?':
		// BRE \+ \? at the start of an expression are literal.
	case '1', '2', '3', '4', '5', '6', '7', '8', '9':
		n := int(c - '0')
		if n > p.ngroups || !p.closed[n] {
			return nil, &Error{"Invalid back reference"}
		}
		return &node{kind: nBackref, n: n}, nil
	case 'w':
		return &node{kind: nClass, class: "[" + p.wordClass() + "]"}, nil
	case 'W':
		return &node{kind: nClass, class: "[^" + p.wordClass() + "]"}, nil
	case 's':
		return &node{kind: nClass, class: "[" + p.classes()["space"] + "]"}, nil
	case 'S':
		return &node{kind: nClass, class: "[^" + p.classes()["space"] + "]"}, nil
	case 'b':
		return &node{kind: nWordB}, nil
	case 'B':
		return &node{kind: nNotWordB}, nil
	case '<':
		return &node{kind: nWordStart}, nil
	case '>':
		return &node{kind: nWordEnd}, nil
	case '`':
		return &node{kind: nBufStart}, nil
	case '\'':
		return &node{kind: nBufEnd}, nil
	}
	p.pos--
	return p.literal(), nil
}
