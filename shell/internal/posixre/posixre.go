// Package posixre compiles POSIX basic and extended regular expressions,
// GNU flavour, and matches them with POSIX leftmost-longest semantics.
//
// The syntax is GNU grep's and sed's: in a BRE, \+ \? \| \{m,n\} \( \) and
// the back-references \1-\9; in both, \< \> \b \B \w \W \s \S \` \', and
// bracket expressions with [:class:], [=c=] and [.c.] (single characters
// only). Text is UTF-8 where valid, as in the C.UTF-8 locale; an invalid
// byte never matches . or a bracket expression but does match itself.
//
// # Notes
//
// A pattern without back-references or word assertions is translated to
// Go's regexp in leftmost-longest mode. The others run on a backtracking
// matcher that explores every path for the longest match; a search that
// takes more than 50,000,000 steps stops with an error (Err).
package posixre

import (
	"bytes"
	"regexp"
	"sync"
	"sync/atomic"
)

// Syntax selects the pattern language.
type Syntax int

const (
	BRE Syntax = iota // basic (grep, sed)
	ERE               // extended (grep -E, sed -E)
)

// Flags change how a pattern matches.
type Flags uint

const (
	// IgnoreCase matches letters in either case.
	IgnoreCase Flags = 1 << iota
	// Multiline lets ^ and $ match after and before an embedded newline
	// (sed's M flag).
	Multiline
	// WholeLine matches only the whole text (grep -x).
	WholeLine
	// WholeWord matches only where the match has no word character
	// before or after it (grep -w).
	WholeWord
	// Bytes matches as the C locale does: every byte is a character
	// (. matches any byte) and the classes are ASCII. Such patterns run
	// on the backtracker.
	Bytes
)

// Regexp is a compiled pattern. It is safe for concurrent use.
type Regexp struct {
	re        *regexp.Regexp // exact Go translation, or nil
	prog      *prog          // backtracking program when re is nil
	prefilter *regexp.Regexp // superset of prog's matches, or nil
	dfa       *dfa           // Match's fast path for ASCII lines, or nil
	nsub      int
	warnings  []string
	pool      sync.Pool
	err       atomic.Pointer[Error]
	lit       []byte   // see Literal
	lits      [][]byte // see LiteralSet
	exact     []byte   // the pattern is this string and nothing else
	fold      bool
	anchored  bool // has ^ or \` (Go backend: matches need the whole text)
}

// Compile parses pattern. A syntax error is an *Error with GNU's message.
func Compile(pattern string, syntax Syntax, flags Flags) (*Regexp, error) {
	return CompileAll([]string{pattern}, syntax, flags)
}

// CompileAll compiles several patterns as alternatives of one (grep -e A
// -e B). Each pattern keeps its own groups: a back-reference refers to
// its own pattern; submatch indexes count groups across all patterns.
func CompileAll(patterns []string, syntax Syntax, flags Flags) (*Regexp, error) {
	var alts []*node
	ngroups := 0
	var warnings []string
	for _, pat := range patterns {
		n, ng, w, err := parse(pat, syntax == ERE, flags&Bytes != 0)
		if err != nil {
			return nil, err
		}
		renumber(n, ngroups)
		ngroups += ng
		alts = append(alts, n)
		warnings = append(warnings, w...)
	}
	root := alts[0]
	if len(alts) > 1 {
		root = &node{kind: nAlt, subs: alts}
	}
	return build(root, ngroups, flags, warnings)
}

// Literals compiles fixed strings as alternatives (grep -F).
func Literals(strs []string, flags Flags) (*Regexp, error) {
	var alts []*node
	for _, s := range strs {
		var lits []*node
		p := &parser{src: s, bytes: flags&Bytes != 0}
		for !p.eof() {
			lits = append(lits, p.literal())
		}
		switch len(lits) {
		case 0:
			alts = append(alts, &node{kind: nEmpty})
		case 1:
			alts = append(alts, lits[0])
		default:
			alts = append(alts, &node{kind: nConcat, subs: lits})
		}
	}
	root := alts[0]
	if len(alts) > 1 {
		root = &node{kind: nAlt, subs: alts}
	}
	return build(root, 0, flags, nil)
}

func build(root *node, ngroups int, flags Flags, warnings []string) (*Regexp, error) {
	if flags&WholeLine != 0 {
		root = &node{kind: nConcat, subs: []*node{{kind: nBufStart}, {kind: nAlt, subs: []*node{root}}, {kind: nBufEnd}}}
	} else if flags&WholeWord != 0 {
		root = &node{kind: nConcat, subs: []*node{{kind: nNotWordBefore}, {kind: nAlt, subs: []*node{root}}, {kind: nNotWordAfter}}}
	}
	re := &Regexp{nsub: ngroups, warnings: warnings}
	re.anchored = hasKind(root, nBOL) || hasKind(root, nBufStart)
	re.setLiteral(root, flags&IgnoreCase != 0, flags&Bytes != 0)
	re.setLiteralSet(root, flags&IgnoreCase != 0, flags&Bytes != 0)
	if flags&IgnoreCase == 0 {
		re.exact = exactString(root, flags&Bytes != 0)
	}
	prefix := "(?s)"
	if flags&IgnoreCase != 0 {
		prefix += "(?i)"
	}
	if flags&Multiline != 0 {
		prefix += "(?m)"
	}
	groups := map[int]*node{}
	collectGroups(root, groups)
	bytes := flags&Bytes != 0
	// Go's regexp reads UTF-8 only: bytes mode needs the backtracker.
	if src, ok := goSyntax(root, groups, true); ok && !bytes {
		if g, err := regexp.Compile(prefix + src); err == nil {
			g.Longest()
			re.re = g
			re.dfa = newDFA(prefix + src)
			return re, nil
		}
	}
	p, err := compileProg(root, ngroups, flags&IgnoreCase != 0, flags&Multiline != 0, bytes)
	if err != nil {
		return nil, err
	}
	re.prog = p
	if src, ok := goSyntax(root, groups, false); ok && !bytes {
		if g, err := regexp.Compile(prefix + src); err == nil {
			re.prefilter = g
		}
	}
	re.pool.New = func() any { return p.newMachine() }
	return re, nil
}

// NumSubexp is the number of parenthesized groups.
func (re *Regexp) NumSubexp() int { return re.nsub }

// Warnings are GNU's non-fatal complaints about the pattern ("* at start
// of expression"), for the caller to print.
func (re *Regexp) Warnings() []string { return re.warnings }

// Err reports a search that was abandoned (too many backtracking steps);
// such a search reported no match.
func (re *Regexp) Err() error {
	if e := re.err.Load(); e != nil {
		return e
	}
	return nil
}

// Match reports whether b contains a match.
func (re *Regexp) Match(b []byte) bool {
	if re.exact != nil {
		return bytes.Contains(b, re.exact)
	}
	if re.cannotMatch(b) {
		return false
	}
	if re.dfa != nil {
		if m, ok := re.dfa.match(b); ok {
			return m
		}
	}
	if re.re != nil {
		return re.re.Match(b)
	}
	return re.find(b, 0) != nil
}

// FindIndex returns the start and end of the leftmost-longest match, or nil.
func (re *Regexp) FindIndex(b []byte) []int {
	if re.exact != nil {
		return re.exactFrom(b, 0)
	}
	if re.cannotMatch(b) {
		return nil
	}
	if re.re != nil {
		return re.re.FindIndex(b)
	}
	m := re.find(b, 0)
	if m == nil {
		return nil
	}
	return m[:2]
}

// FindSubmatchIndex returns the match and its groups as index pairs
// (-1 for a group that took no part), or nil.
func (re *Regexp) FindSubmatchIndex(b []byte) []int {
	if re.exact != nil {
		return re.exactFrom(b, 0)
	}
	if re.cannotMatch(b) {
		return nil
	}
	if re.re != nil {
		return re.re.FindSubmatchIndex(b)
	}
	return re.find(b, 0)
}

// FindAllSubmatchIndex returns up to n successive non-overlapping matches
// (all if n < 0). As in GNU sed's s///g and grep -o, an empty match right
// after the previous match is skipped. Assertions see the whole of b, so
// ^ matches only at its start and \< looks at the byte before a match.
func (re *Regexp) FindAllSubmatchIndex(b []byte, n int) [][]int {
	if re.cannotMatch(b) {
		return nil
	}
	if re.exact != nil {
		var out [][]int
		re.eachExact(b, func(m []int) bool {
			out = append(out, m)
			return n < 0 || len(out) < n
		})
		return out
	}
	if re.re != nil {
		return re.re.FindAllSubmatchIndex(b, n)
	}
	if n == 0 {
		return nil
	}
	var out [][]int
	re.each(b, func(m []int) bool {
		out = append(out, m)
		return n < 0 || len(out) < n
	})
	return out
}

// EachSubmatchIndex calls fn with each successive match, as
// FindAllSubmatchIndex returns them, until fn returns false; the matches
// are not collected, so a long text with many matches (sed s///g over a
// whole file) needs no memory per match. fn may keep m.
func (re *Regexp) EachSubmatchIndex(b []byte, fn func(m []int) bool) {
	if re.cannotMatch(b) {
		return
	}
	if re.exact != nil {
		re.eachExact(b, fn)
		return
	}
	if re.re != nil && (re.anchored || len(b) <= eachCollectMax) {
		// Go's regexp finds all matches of a short text fastest in one
		// call; ^ and \A need the whole text at any length.
		for _, m := range re.re.FindAllSubmatchIndex(b, -1) {
			if !fn(m) {
				return
			}
		}
		return
	}
	re.each(b, fn)
}

// eachCollectMax is the text length up to which EachSubmatchIndex lets
// Go's regexp collect the matches (their memory is bounded by the text).
const eachCollectMax = 64 << 10

// each walks the matches of b with GNU's rule for empty matches.
func (re *Regexp) each(b []byte, fn func(m []int) bool) {
	prevEnd := -1
	for pos := 0; pos <= len(b); {
		m := re.findFrom(b, pos)
		if m == nil {
			break
		}
		accept := true
		if m[1] == m[0] {
			if m[0] == prevEnd {
				accept = false
			}
			if m[1] < len(b) {
				_, size := decode(b, m[1], re.prog != nil && re.prog.bytes)
				pos = m[1] + size
			} else {
				pos = len(b) + 1
			}
		} else {
			pos = m[1]
		}
		prevEnd = m[1]
		if accept && !fn(m) {
			return
		}
	}
}

// exactFrom is the first occurrence of re.exact at or after from, or nil.
func (re *Regexp) exactFrom(b []byte, from int) []int {
	i := bytes.Index(b[from:], re.exact)
	if i < 0 {
		return nil
	}
	return []int{from + i, from + i + len(re.exact)}
}

// eachExact walks the non-overlapping occurrences of re.exact, which is
// not empty, left to right; the pairs share one array per batch.
func (re *Regexp) eachExact(b []byte, fn func(m []int) bool) {
	var pairs []int
	for pos := 0; ; {
		i := bytes.Index(b[pos:], re.exact)
		if i < 0 {
			return
		}
		if len(pairs) == 0 {
			pairs = make([]int, 32)
		}
		m := pairs[:2:2]
		pairs = pairs[2:]
		m[0], m[1] = pos+i, pos+i+len(re.exact)
		pos = m[1]
		if !fn(m) {
			return
		}
	}
}

// findFrom finds the leftmost-longest match starting at or after pos.
// The Go backend sees b[pos:], which is exact when the pattern has no
// start anchor (the end of b is the same; it has no word assertions).
func (re *Regexp) findFrom(b []byte, pos int) []int {
	if re.re == nil {
		return re.find(b, pos)
	}
	m := re.re.FindSubmatchIndex(b[pos:])
	for i := range m {
		if m[i] >= 0 {
			m[i] += pos
		}
	}
	return m
}

// find runs the backtracker from position from.
func (re *Regexp) find(b []byte, from int) []int {
	if re.prefilter != nil {
		loc := re.prefilter.FindIndex(b[from:])
		if loc == nil {
			return nil
		}
		// A real match starts no earlier than the superset's leftmost one
		// (the prefilter sees b[from:] as the whole text, which only
		// loosens its anchors).
		from += loc[0]
	}
	m := re.pool.Get().(*machine)
	defer re.pool.Put(m)
	res, err := re.prog.search(b, from, m)
	m.text = nil
	if err != nil {
		re.err.Store(err.(*Error))
		return nil
	}
	return res
}
