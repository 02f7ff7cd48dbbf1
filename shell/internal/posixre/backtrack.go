package posixre

import (
	"regexp/syntax"
	"sort"
	"unicode"
	"unicode/utf8"
)

// The backtracker runs patterns Go's regexp cannot: back-references and
// the word assertions (\< \> \b \B with GNU's Unicode idea of a word).
// It explores every path from a start position and keeps the longest
// match (POSIX leftmost-longest); among paths of equal length the first
// found (greedy order) gives the submatches. Without back-references a
// (pc, position) pair is explored once, so a search is O(len(prog) *
// len(text)) per start; with them the search is bounded by maxSteps.

type opcode uint8

const (
	opLit opcode = iota
	opAny
	opClass
	opSplit // try x, then y
	opJmp
	opSave
	opAssert
	opBackref
	opMark  // slot n = position (start of a loop iteration)
	opCheck // loop again (x) if the position moved since opMark n, else leave (y)
	opMatch
)

type inst struct {
	op    opcode
	kind  nodeKind // opAssert
	r     rune     // opLit
	folds []rune   // opLit with IgnoreCase: the other cases of r
	cls   []rune   // opClass: sorted inclusive ranges
	x, y  int
	n     int
}

type prog struct {
	insts    []inst
	nslots   int // 2*(groups+1) capture slots, then loop marks
	ncap     int
	visited  bool // prune revisits of (pc, pos): only without back-references
	fold     bool
	multi    bool // ^ and $ also match at newlines
	bytes    bool // every byte is a character (C locale)
	maxInsts int
}

// maxSteps bounds one search of the backtracker.
const maxSteps = 50_000_000

// maxProg bounds the compiled size of a backtracking program, in
// instructions (a{32767} fits; nested intervals that multiply past it
// fail at once instead of building a huge program).
const maxProg = 1 << 17

// progSize estimates how many instructions n compiles to, saturating.
func progSize(n *node) int {
	switch n.kind {
	case nGroup:
		return progSize(n.subs[0]) + 2
	case nConcat, nAlt:
		total := 2 * len(n.subs)
		for _, s := range n.subs {
			total += progSize(s)
			if total > maxProg {
				return maxProg + 1
			}
		}
		return total
	case nRepeat:
		copies := n.max
		if copies < 0 {
			copies = n.min + 1
		}
		sub := progSize(n.subs[0]) + 3
		if copies > 0 && sub > (maxProg+1)/copies {
			return maxProg + 1
		}
		return sub*max(copies, 1) + 3
	}
	return 1
}

type compiler struct {
	p     *prog
	fold  bool
	marks int
	err   error
}

func compileProg(n *node, ngroups int, fold, multi, bytes bool) (*prog, error) {
	if progSize(n) > maxProg {
		return nil, errTooBig
	}
	c := &compiler{p: &prog{ncap: 2 * (ngroups + 1), fold: fold, multi: multi, bytes: bytes}, fold: fold}
	c.p.visited = !hasKind(n, nBackref)
	c.emit(inst{op: opSave, n: 0})
	c.node(n)
	c.emit(inst{op: opSave, n: 1})
	c.emit(inst{op: opMatch})
	if c.err != nil {
		return nil, c.err
	}
	c.p.nslots = c.p.ncap + c.marks
	return c.p, nil
}

func (c *compiler) emit(i inst) int {
	if len(c.p.insts) >= maxProg {
		c.err = errTooBig
		return len(c.p.insts) - 1
	}
	c.p.insts = append(c.p.insts, i)
	return len(c.p.insts) - 1
}

func (c *compiler) node(n *node) {
	if c.err != nil {
		return
	}
	switch n.kind {
	case nEmpty:
	case nLit:
		i := inst{op: opLit, r: n.r}
		if c.fold && n.r < rawByte && (!c.p.bytes || n.r < utf8.RuneSelf) {
			for f := unicode.SimpleFold(n.r); f != n.r; f = unicode.SimpleFold(f) {
				if !c.p.bytes || f < utf8.RuneSelf {
					i.folds = append(i.folds, f)
				}
			}
		}
		c.emit(i)
	case nAny:
		c.emit(inst{op: opAny})
	case nClass:
		flags := syntax.Perl
		if c.fold {
			flags |= syntax.FoldCase
		}
		re, err := syntax.Parse(n.class, flags)
		if err != nil {
			c.err = &Error{"Invalid character class name"}
			return
		}
		var ranges []rune
		switch re.Op {
		case syntax.OpCharClass:
			ranges = re.Rune
		case syntax.OpLiteral:
			for _, r := range re.Rune {
				ranges = append(ranges, r, r)
			}
			if re.Flags&syntax.FoldCase != 0 {
				for _, r := range re.Rune {
					for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
						ranges = append(ranges, f, f)
					}
				}
				ranges = sortRanges(ranges)
			}
		case syntax.OpAnyChar:
			ranges = []rune{0, unicode.MaxRune}
		case syntax.OpAnyCharNotNL:
			ranges = []rune{0, '\n' - 1, '\n' + 1, unicode.MaxRune}
		}
		c.emit(inst{op: opClass, cls: ranges})
	case nBOL, nEOL, nBufStart, nBufEnd, nWordB, nNotWordB, nWordStart, nWordEnd, nNotWordBefore, nNotWordAfter:
		c.emit(inst{op: opAssert, kind: n.kind})
	case nGroup:
		c.emit(inst{op: opSave, n: 2 * n.n})
		c.node(n.subs[0])
		c.emit(inst{op: opSave, n: 2*n.n + 1})
	case nConcat:
		for _, s := range n.subs {
			c.node(s)
		}
	case nAlt:
		var jumps []int
		for i, s := range n.subs {
			if i < len(n.subs)-1 {
				split := c.emit(inst{op: opSplit})
				c.p.insts[split].x = split + 1
				c.node(s)
				jumps = append(jumps, c.emit(inst{op: opJmp}))
				c.p.insts[split].y = len(c.p.insts)
			} else {
				c.node(s)
			}
		}
		for _, j := range jumps {
			c.p.insts[j].x = len(c.p.insts)
		}
	case nRepeat:
		sub := n.subs[0]
		for i := 0; i < n.min && c.err == nil; i++ {
			c.node(sub)
		}
		if n.max == -1 {
			c.star(sub)
			return
		}
		// Optional copies, nested: (x(x(x)?)?)?
		var splits []int
		for i := n.min; i < n.max; i++ {
			splits = append(splits, c.emit(inst{op: opSplit}))
			c.p.insts[splits[len(splits)-1]].x = len(c.p.insts)
			c.node(sub)
			if c.err != nil {
				return
			}
		}
		for _, s := range splits {
			c.p.insts[s].y = len(c.p.insts)
		}
	case nBackref:
		c.emit(inst{op: opBackref, n: n.n})
	}
}

// star compiles sub*; an empty iteration ends the loop, so it terminates.
func (c *compiler) star(sub *node) {
	mark := c.p.ncap + c.marks
	c.marks++
	loop := c.emit(inst{op: opSplit})
	c.p.insts[loop].x = loop + 1
	c.emit(inst{op: opMark, n: mark})
	c.node(sub)
	check := c.emit(inst{op: opCheck, n: mark, x: loop})
	c.p.insts[loop].y = len(c.p.insts)
	c.p.insts[check].y = len(c.p.insts)
}

func sortRanges(r []rune) []rune {
	type rg struct{ lo, hi rune }
	var rs []rg
	for i := 0; i+1 < len(r); i += 2 {
		rs = append(rs, rg{r[i], r[i+1]})
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].lo < rs[j].lo })
	out := r[:0:0]
	for _, x := range rs {
		if n := len(out); n > 0 && x.lo <= out[n-1]+1 {
			if x.hi > out[n-1] {
				out[n-1] = x.hi
			}
			continue
		}
		out = append(out, x.lo, x.hi)
	}
	return out
}

func inRanges(ranges []rune, r rune) bool {
	// Binary search over pairs.
	lo, hi := 0, len(ranges)/2
	for lo < hi {
		m := (lo + hi) / 2
		switch {
		case r < ranges[2*m]:
			hi = m
		case r > ranges[2*m+1]:
			lo = m + 1
		default:
			return true
		}
	}
	return false
}

// decode returns the character at text[pos]: an invalid byte b is
// rawByte+b; in bytes mode every byte is itself.
func decode(text []byte, pos int, bytes bool) (rune, int) {
	if bytes {
		return rune(text[pos]), 1
	}
	r, size := utf8.DecodeRune(text[pos:])
	if r == utf8.RuneError && size == 1 {
		return rawByte + rune(text[pos]), 1
	}
	return r, size
}

func decodeLast(text []byte, pos int, bytes bool) rune {
	if bytes {
		return rune(text[pos-1])
	}
	r, size := utf8.DecodeLastRune(text[:pos])
	if r == utf8.RuneError && size == 1 {
		return rawByte + rune(text[pos-1])
	}
	return r
}

// isWord is GNU's word constituent: a letter, a digit or '_' (in bytes
// mode, ASCII letters only).
func isWord(r rune, bytes bool) bool {
	if bytes && r >= utf8.RuneSelf {
		return false
	}
	return r == '_' || r >= '0' && r <= '9' || r < rawByte && unicode.IsLetter(r)
}

// machine is the per-search state of the backtracker.
type machine struct {
	p       *prog
	text    []byte
	slots   []int
	best    []int
	stack   []job
	visited []uint32 // visited[pc*(len(text)+1)+pos] == stamp: explored in this search
	stamp   uint32
	// useVisited: prune revisits (no back-references, and the table fits).
	useVisited bool
	steps      int
}

type job struct {
	pc, pos int
	slot    int // >= 0: a restore of slots[slot] = pos
}

func (m *machine) wordBefore(pos int) bool {
	return pos > 0 && isWord(decodeLast(m.text, pos, m.p.bytes), m.p.bytes)
}
func (m *machine) wordAfter(pos int) bool {
	if pos >= len(m.text) {
		return false
	}
	r, _ := decode(m.text, pos, m.p.bytes)
	return isWord(r, m.p.bytes)
}

func (m *machine) assert(k nodeKind, pos int) bool {
	switch k {
	case nBOL:
		return pos == 0 || m.p.multi && m.text[pos-1] == '\n'
	case nEOL:
		return pos == len(m.text) || m.p.multi && m.text[pos] == '\n'
	case nBufStart:
		return pos == 0
	case nBufEnd:
		return pos == len(m.text)
	case nWordB:
		return m.wordBefore(pos) != m.wordAfter(pos)
	case nNotWordB:
		return m.wordBefore(pos) == m.wordAfter(pos)
	case nWordStart:
		return !m.wordBefore(pos) && m.wordAfter(pos)
	case nWordEnd:
		return m.wordBefore(pos) && !m.wordAfter(pos)
	case nNotWordBefore:
		return !m.wordBefore(pos)
	case nNotWordAfter:
		return !m.wordAfter(pos)
	}
	return false
}

// errTooBig names the program-size limit.
var errTooBig = &Error{"Regular expression too big (more than 131072 compiled states)"}

// errTooComplex is returned when a search exceeds maxSteps.
var errTooComplex = &Error{"regular expression backtracking limit exceeded (50000000 steps)"}

// matchAt finds the longest match starting exactly at start. It returns
// false if there is none; m.best then holds the slots.
func (m *machine) matchAt(start int) (bool, error) {
	p := m.p
	for i := range m.slots {
		m.slots[i] = -1
	}
	bestEnd := -1
	width := len(m.text) + 1
	m.stack = append(m.stack[:0], job{pc: 0, pos: start, slot: -1})
	for len(m.stack) > 0 {
		j := m.stack[len(m.stack)-1]
		m.stack = m.stack[:len(m.stack)-1]
		if j.slot >= 0 {
			m.slots[j.slot] = j.pos
			continue
		}
		pc, pos := j.pc, j.pos
	thread:
		for {
			m.steps++
			if m.steps > maxSteps {
				return false, errTooComplex
			}
			if m.useVisited {
				k := pc*width + pos
				if m.visited[k] == m.stamp {
					break
				}
				m.visited[k] = m.stamp
			}
			in := &p.insts[pc]
			switch in.op {
			case opLit:
				if pos >= len(m.text) {
					break thread
				}
				r, size := decode(m.text, pos, p.bytes)
				if r != in.r {
					found := false
					for _, f := range in.folds {
						if f == r {
							found = true
							break
						}
					}
					if !found {
						break thread
					}
				}
				pos += size
				pc++
			case opAny:
				if pos >= len(m.text) {
					break thread
				}
				r, size := decode(m.text, pos, p.bytes)
				if r >= rawByte {
					break thread
				}
				pos += size
				pc++
			case opClass:
				if pos >= len(m.text) {
					break thread
				}
				r, size := decode(m.text, pos, p.bytes)
				if r >= rawByte || !inRanges(in.cls, r) {
					break thread
				}
				pos += size
				pc++
			case opSplit:
				m.stack = append(m.stack, job{pc: in.y, pos: pos, slot: -1})
				pc = in.x
			case opJmp:
				pc = in.x
			case opSave, opMark:
				m.stack = append(m.stack, job{pos: m.slots[in.n], slot: in.n})
				m.slots[in.n] = pos
				pc++
			case opCheck:
				// An empty iteration may end the loop (its captures
				// count, as in GNU) but never starts another one.
				if m.slots[in.n] == pos {
					pc = in.y
				} else {
					pc = in.x
				}
			case opAssert:
				if !m.assert(in.kind, pos) {
					break thread
				}
				pc++
			case opBackref:
				s, e := m.slots[2*in.n], m.slots[2*in.n+1]
				if s < 0 || e < 0 {
					break thread
				}
				n, ok := m.backref(m.text[s:e], pos)
				if !ok {
					break thread
				}
				pos += n
				pc++
			case opMatch:
				if pos > bestEnd {
					bestEnd = pos
					copy(m.best, m.slots[:p.ncap])
					if pos == len(m.text) {
						return true, nil // nothing can be longer
					}
				}
				break thread
			}
		}
	}
	return bestEnd >= 0, nil
}

// backref matches the captured text want at pos (case-folded with
// IgnoreCase) and returns the length of input it covered.
func (m *machine) backref(want []byte, pos int) (int, bool) {
	if !m.p.fold {
		if len(m.text)-pos < len(want) || string(m.text[pos:pos+len(want)]) != string(want) {
			return 0, false
		}
		return len(want), true
	}
	i, j := 0, pos
	for i < len(want) {
		if j >= len(m.text) {
			return 0, false
		}
		a, as := decode(want, i, m.p.bytes)
		b, bs := decode(m.text, j, m.p.bytes)
		if a != b && (a >= rawByte || b >= rawByte || m.p.bytes && (a >= utf8.RuneSelf || b >= utf8.RuneSelf) || !equalFold(a, b)) {
			return 0, false
		}
		i += as
		j += bs
	}
	return j - pos, true
}

func equalFold(a, b rune) bool {
	for f := unicode.SimpleFold(a); f != a; f = unicode.SimpleFold(f) {
		if f == b {
			return true
		}
	}
	return false
}

// maxVisited bounds the (pc, position) table of one search, in entries.
const maxVisited = 1 << 22

// reset prepares m for a search of text.
func (m *machine) reset(text []byte) {
	m.text = text
	m.steps = 0
	size := len(m.p.insts) * (len(text) + 1)
	m.useVisited = m.p.visited && size <= maxVisited
	if !m.useVisited {
		return
	}
	if len(m.visited) < size {
		m.visited = make([]uint32, size)
		m.stamp = 0
	}
	m.stamp++
	if m.stamp == 0 {
		clear(m.visited)
		m.stamp = 1
	}
}

func (p *prog) newMachine() *machine {
	return &machine{p: p, slots: make([]int, p.nslots), best: make([]int, p.ncap)}
}

// search finds the leftmost-longest match starting at or after from.
// A state explored from an earlier start that found nothing leads to
// nothing from a later start either, so the visited table is kept across
// starts and a whole search stays O(len(prog) * len(text)).
func (p *prog) search(text []byte, from int, m *machine) ([]int, error) {
	m.reset(text)
	for start := from; start <= len(text); {
		ok, err := m.matchAt(start)
		if err != nil {
			return nil, err
		}
		if ok {
			return append([]int(nil), m.best...), nil
		}
		if start == len(text) {
			break
		}
		_, size := decode(text, start, p.bytes)
		start += size
	}
	return nil, nil
}
