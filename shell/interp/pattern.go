package interp

import (
	"context"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Bash pattern matching (bash's lib/glob/sm_loop.c): the patterns of
// case, [[ == ]], ${x#pat} and friends, and pathname expansion.
//
// mvdan.cc/sh/v3/pattern translates patterns to Go regular expressions;
// that cannot express extglob's !(...), so memsh has its own matcher.
// A pattern without extglob groups is matched by the classic
// backtracking-over-the-last-star loop (O(len(s)·len(pat)) at worst); one
// with groups by simulating all match ends at once, so nested and
// negated groups stay polynomial where bash's backtracking can explode.
//
// Quoting: the caller passes quoted characters escaped with a backslash
// (QuotePattern), as bash's quote_string_for_globbing does; a backslash
// makes the next character literal, and a trailing one matches itself.

// PatternFlags select the dialect a pattern is matched in.
type PatternFlags uint8

const (
	// PatExtglob enables ?(..) *(..) +(..) @(..) !(..): shopt extglob,
	// except that [[ s == pat ]] and != always match with it (bash 5.2).
	PatExtglob PatternFlags = 1 << iota
	// PatNoCase matches letters case-insensitively (nocasematch for
	// case and [[ ]], nocaseglob for pathname expansion).
	PatNoCase
	// PatBytes makes every byte one character, as in the C locale: ?
	// matches one byte of a UTF-8 character, [...] lists bytes.
	PatBytes
)

// Pattern is a compiled bash pattern. It is immutable and safe for
// concurrent use.
type Pattern struct {
	items  []patItem
	flags  PatternFlags
	groups bool   // has extglob groups: use the set simulation
	lit    string // the literal text, when the pattern has no wildcard
	isLit  bool
	star   bool // the pattern's text starts with '*'
	ctx    context.Context
}

// WithContext returns p bound to ctx: once ctx is done, matching gives
// up (reporting no match, so TrimPrefix, TrimSuffix and Replace return s
// unchanged) instead of finishing work that can be quadratic in the
// string's length, as bash's is. The caller then sees ctx's error.
func (p *Pattern) WithContext(ctx context.Context) *Pattern {
	q := *p
	q.ctx = ctx
	return &q
}

// cancelled reports whether p's context is done; loops call it every
// so often.
func (p *Pattern) cancelled() bool { return p.ctx != nil && p.ctx.Err() != nil }

type patKind uint8

const (
	pLit   patKind = iota // lit
	pAny                  // ?
	pStar                 // *
	pClass                // [...]
	pGroup                // ?(..) *(..) +(..) @(..) !(..)
)

type patItem struct {
	kind  patKind
	lit   string
	class *patClass
	op    byte        // group operator: ? * + @ !
	alts  [][]patItem // group alternatives
	fixed bool        // every alternative is literals, ? and [...] only
}

// patClass is a bracket expression.
type patClass struct {
	negate bool
	runes  []rune
	ranges []rune // pairs lo, hi
	named  []func(rune) bool
}

// CompilePattern compiles pat. Bash patterns have no syntax errors: what
// does not form a construct (an unclosed [, an unknown class) is literal.
func CompilePattern(pat string, flags PatternFlags) *Pattern {
	p := &Pattern{flags: flags, star: strings.HasPrefix(pat, "*")}
	p.items, _ = compileSeq(pat, 0, flags, 0, &p.groups)
	p.lit, p.isLit = literalOf(p.items)
	return p
}

func literalOf(items []patItem) (string, bool) {
	var b strings.Builder
	for _, it := range items {
		if it.kind != pLit {
			return "", false
		}
		b.WriteString(it.lit)
	}
	return b.String(), true
}

// maxPatternNest bounds the nesting of extglob groups: deeper, "@(" is
// literal text. bash has no bound (its matcher recurses on the C stack).
const maxPatternNest = 1000

// compileSeq compiles pat[i:] up to the end, or inside a group (depth >
// 0) up to its unnested '|' or ')'; it returns the items and the index it
// stopped at.
func compileSeq(pat string, i int, flags PatternFlags, depth int, groups *bool) ([]patItem, int) {
	inGroup := depth > 0
	var items []patItem
	var lit []byte // the literal run being read
	addLit := func(s string) { lit = append(lit, s...) }
	flush := func() {
		if len(lit) > 0 {
			items = append(items, patItem{kind: pLit, lit: string(lit)})
			lit = lit[:0]
		}
	}
	add := func(it patItem) {
		flush()
		items = append(items, it)
	}
	for i < len(pat) {
		c := pat[i]
		if inGroup && (c == '|' || c == ')') {
			flush()
			return items, i
		}
		if flags&PatExtglob != 0 && depth < maxPatternNest && i+1 < len(pat) && pat[i+1] == '(' && strings.IndexByte("?*+@!", c) >= 0 {
			if alts, end, ok := compileGroup(pat, i+2, flags, depth+1, groups); ok {
				*groups = true
				add(patItem{kind: pGroup, op: c, alts: alts, fixed: allFixed(alts)})
				i = end + 1
				continue
			}
		}
		switch c {
		case '\\':
			if i+1 < len(pat) {
				_, n := utf8.DecodeRuneInString(pat[i+1:])
				addLit(pat[i+1 : i+1+n])
				i += 1 + n
			} else {
				addLit("\\")
				i++
			}
		case '*':
			if n := len(items); len(lit) > 0 || n == 0 || items[n-1].kind != pStar {
				add(patItem{kind: pStar})
			}
			i++
		case '?':
			add(patItem{kind: pAny})
			i++
		case '[':
			if cl, end, ok := compileClass(pat, i+1, flags&PatBytes != 0); ok {
				add(patItem{kind: pClass, class: cl})
				i = end
			} else {
				addLit("[")
				i++
			}
		default:
			_, n := utf8.DecodeRuneInString(pat[i:])
			addLit(pat[i : i+n])
			i += n
		}
	}
	flush()
	return items, i
}

// allFixed reports whether no alternative has a star or a group.
func allFixed(alts [][]patItem) bool {
	for _, alt := range alts {
		for _, it := range alt {
			if it.kind == pStar || it.kind == pGroup {
				return false
			}
		}
	}
	return true
}

// compileGroup compiles the alternatives of a group whose text starts at
// pat[i] (after the "("); it returns the index of the closing ')'.
func compileGroup(pat string, i int, flags PatternFlags, depth int, groups *bool) ([][]patItem, int, bool) {
	var alts [][]patItem
	for {
		seq, end := compileSeq(pat, i, flags, depth, groups)
		if end >= len(pat) {
			return nil, 0, false
		}
		alts = append(alts, seq)
		if pat[end] == ')' {
			return alts, end, true
		}
		i = end + 1
	}
}

var patClasses = map[string]func(rune) bool{
	"alpha": func(r rune) bool { return unicode.IsLetter(r) },
	"digit": func(r rune) bool { return r >= '0' && r <= '9' },
	"alnum": func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) },
	"upper": unicode.IsUpper,
	"lower": unicode.IsLower,
	"space": unicode.IsSpace,
	"blank": func(r rune) bool { return r == ' ' || r == '\t' },
	"punct": func(r rune) bool {
		return unicode.IsGraphic(r) && r != ' ' && !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsSpace(r)
	},
	"print":  func(r rune) bool { return unicode.IsPrint(r) },
	"graph":  func(r rune) bool { return unicode.IsPrint(r) && r != ' ' },
	"cntrl":  unicode.IsControl,
	"xdigit": func(r rune) bool { return r >= '0' && r <= '9' || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F' },
	"word":   func(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) },
}

// compileClass compiles the bracket expression whose body starts at
// pat[i] (after the '['); it returns the index after the closing ']'.
// ok is false when there is no closing ']': the '[' is then literal.
func compileClass(pat string, i int, bytes bool) (*patClass, int, bool) {
	cl := &patClass{}
	if i < len(pat) && (pat[i] == '!' || pat[i] == '^') {
		cl.negate = true
		i++
	}
	first := true
	for i < len(pat) {
		c := pat[i]
		if c == ']' && !first {
			return cl, i + 1, true
		}
		first = false
		var lo rune
		switch {
		case c == '[' && i+1 < len(pat) && (pat[i+1] == ':' || pat[i+1] == '=' || pat[i+1] == '.'):
			kind := pat[i+1]
			end := strings.Index(pat[i+2:], string(kind)+"]")
			if end < 0 {
				lo = '['
				i++
				break
			}
			name := pat[i+2 : i+2+end]
			i += 2 + end + 2
			if kind == ':' {
				f, ok := patClasses[name]
				if !ok {
					f = func(rune) bool { return false }
				}
				cl.named = append(cl.named, f)
				continue
			}
			// [=c=] and [.c.]: the character itself (no collating
			// elements beyond single characters in C.UTF-8).
			r, n := utf8.DecodeRuneInString(name)
			if n != len(name) || n == 0 {
				continue
			}
			lo = r
		case c == '\\' && i+1 < len(pat):
			r, n := charAt(pat, i+1, bytes)
			lo = r
			i += 1 + n
		default:
			r, n := charAt(pat, i, bytes)
			lo = r
			i += n
		}
		// A range lo-hi, unless the '-' is last.
		if i+1 < len(pat) && pat[i] == '-' && pat[i+1] != ']' {
			j := i + 1
			var hi rune
			if pat[j] == '\\' && j+1 < len(pat) {
				r, n := charAt(pat, j+1, bytes)
				hi, j = r, j+1+n
			} else if pat[j] == '[' && j+1 < len(pat) && (pat[j+1] == '.' || pat[j+1] == '=') {
				end := strings.Index(pat[j+2:], string(pat[j+1])+"]")
				if end < 0 {
					hi, j = '[', j+1
				} else {
					hi, _ = utf8.DecodeRuneInString(pat[j+2 : j+2+end])
					j += 2 + end + 2
				}
			} else {
				r, n := charAt(pat, j, bytes)
				hi, j = r, j+n
			}
			cl.ranges = append(cl.ranges, lo, hi)
			i = j
			continue
		}
		cl.runes = append(cl.runes, lo)
	}
	return nil, 0, false
}

// decodeByteRune decodes one character; a byte that is not UTF-8 stands
// for itself as a rune in 0x80-0xFF's stead, offset so that it matches
// only the same byte (see runeAt).
func decodeByteRune(s string) (rune, int) {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError && n == 1 {
		return rawByteRune(s[0]), 1
	}
	return r, n
}

// rawByteRune maps an invalid byte to a private-use rune, so it equals
// only itself.
func rawByteRune(b byte) rune { return 0x10FF00 + rune(b) }

// match tests r against the bracket expression. With fold, characters
// and range ends compare lowercased, as bash's FOLD does; the named
// classes do not fold ([[:upper:]] never matches "a").
func (cl *patClass) match(r rune, fold bool) bool {
	m := false
	if fold {
		lr := unicode.ToLower(r)
		for _, c := range cl.runes {
			if unicode.ToLower(c) == lr {
				m = true
				break
			}
		}
		for i := 0; !m && i+1 < len(cl.ranges); i += 2 {
			m = unicode.ToLower(cl.ranges[i]) <= lr && lr <= unicode.ToLower(cl.ranges[i+1])
		}
	} else {
		for _, c := range cl.runes {
			if c == r {
				m = true
				break
			}
		}
		for i := 0; !m && i+1 < len(cl.ranges); i += 2 {
			m = cl.ranges[i] <= r && r <= cl.ranges[i+1]
		}
	}
	for _, f := range cl.named {
		if m {
			break
		}
		m = f(r)
	}
	return m != cl.negate
}

// Match reports whether the pattern matches all of s.
func (p *Pattern) Match(s string) bool {
	if p.isLit {
		if p.flags&PatNoCase != 0 {
			end, ok := litAt(p.lit, s, 0, true)
			return ok && end == len(s)
		}
		return p.lit == s
	}
	if !p.groups {
		return matchSimple(p.items, s, p.flags&PatNoCase != 0, false, p.flags&PatBytes != 0)
	}
	m := p.newSetMatcher(s)
	ends := m.seqEnds(p.items, []int{0})
	return len(ends) > 0 && ends[len(ends)-1] == len(s)
}

// matchName is Match for a file name in pathname expansion: unless
// dotglob, a leading '.' matches only a literal '.' in the pattern (not
// *, ?, [...] or !(...)), as FNM_PERIOD has it.
func (p *Pattern) matchName(name string, period bool) bool {
	if !period || !strings.HasPrefix(name, ".") {
		return p.Match(name)
	}
	if p.isLit {
		return p.Match(name)
	}
	if !p.groups {
		return matchSimple(p.items, name, p.flags&PatNoCase != 0, true, p.flags&PatBytes != 0)
	}
	m := p.newSetMatcher(name)
	m.period = true
	ends := m.seqEnds(p.items, []int{0})
	return len(ends) > 0 && ends[len(ends)-1] == len(name)
}

// runeAt returns the character at s[j] and its width, as decodeByteRune.
func runeAt(s string, j int) (rune, int) {
	if c := s[j]; c < utf8.RuneSelf {
		return rune(c), 1
	}
	return decodeByteRune(s[j:])
}

// charAt is runeAt, or with bytes (PatBytes) the byte at s[j] alone, a
// byte of a UTF-8 character standing for itself as an invalid byte does.
func charAt(s string, j int, bytes bool) (rune, int) {
	if c := s[j]; bytes && c >= utf8.RuneSelf {
		return rawByteRune(c), 1
	}
	return runeAt(s, j)
}

// charStart reports whether a character starts at s[k].
func charStart(s string, k int, bytes bool) bool {
	return bytes || k >= len(s) || utf8.RuneStart(s[k])
}

// litAt reports whether lit matches s at j and returns the end.
func litAt(lit, s string, j int, fold bool) (int, bool) {
	if !fold {
		if strings.HasPrefix(s[j:], lit) {
			return j + len(lit), true
		}
		return 0, false
	}
	for k := 0; k < len(lit); {
		if j >= len(s) {
			return 0, false
		}
		a, n := runeAt(lit, k)
		b, m := runeAt(s, j)
		if a != b && unicode.ToLower(a) != unicode.ToLower(b) {
			return 0, false
		}
		k, j = k+n, j+m
	}
	return j, true
}

// matchSimple matches items without groups against all of s: on a
// mismatch it resumes after the last star, one character further.
func matchSimple(items []patItem, s string, fold, period, bytes bool) bool {
	i, j := 0, 0
	starI, starJ := -1, 0
	// hidden: a leading '.' that only a literal '.' may match.
	hidden := period && strings.HasPrefix(s, ".")
	for {
		if i < len(items) {
			it := &items[i]
			switch it.kind {
			case pStar:
				if hidden && j == 0 {
					return false // see setMatcher.seqEnds
				}
				starI, starJ = i, j
				i++
				continue
			case pLit:
				if end, ok := litAt(it.lit, s, j, fold); ok {
					i, j = i+1, end
					continue
				}
			case pAny:
				if j < len(s) && !(hidden && j == 0) {
					_, n := charAt(s, j, bytes)
					i, j = i+1, j+n
					continue
				}
			case pClass:
				if j < len(s) && !(hidden && j == 0) {
					r, n := charAt(s, j, bytes)
					if it.class.match(r, fold) {
						i, j = i+1, j+n
						continue
					}
				}
			}
		} else if j == len(s) {
			return true
		}
		if starI < 0 || starJ >= len(s) {
			return false
		}
		_, n := charAt(s, starJ, bytes)
		starJ += n
		i, j = starI+1, starJ
	}
}

// setMatcher computes, for a start position, every position a pattern
// can end at in s. Groups are memoised by (group, start).
type setMatcher struct {
	s        string
	fold     bool
	bytes    bool            // PatBytes
	ctx      context.Context // nil: never cancelled
	steps    int             // work since the context was last looked at
	stopped  bool            // the context was done: every answer is "no match"
	period   bool            // s starts with a '.' only a literal may match
	memo     map[groupKey][]int
	memoSize int // ends held by memo
	marks    []bool
}

// maxMemoEnds bounds the memo (in positions, 8 bytes each): a group
// like *(a|b) over a long string has O(len) ends from each of O(len)
// starts, so an unbounded memo grows quadratically.
const maxMemoEnds = 1 << 22

type groupKey struct {
	g     *patItem
	start int
}

func (p *Pattern) newSetMatcher(s string) *setMatcher {
	return &setMatcher{s: s, fold: p.flags&PatNoCase != 0, bytes: p.flags&PatBytes != 0, ctx: p.ctx, memo: map[groupKey][]int{}}
}

// work counts n steps and reports whether the matcher must stop.
func (m *setMatcher) work(n int) bool {
	if m.stopped {
		return true
	}
	if m.steps += n; m.steps >= 1<<16 {
		m.steps = 0
		m.stopped = m.ctx != nil && m.ctx.Err() != nil
	}
	return m.stopped
}

// seqEnds returns the sorted, distinct positions items can end at when
// started at any of starts.
func (m *setMatcher) seqEnds(items []patItem, starts []int) []int {
	cur := starts
	for i := range items {
		if len(cur) == 0 || m.work(len(cur)) {
			return nil
		}
		it := &items[i]
		var next []int
		if it.kind == pStar {
			from := cur[0]
			if m.period && from == 0 {
				// A star where the leading '.' is fails, even empty
				// (FNM_PERIOD): "*.*" does not match ".h".
				if len(cur) == 1 {
					return nil
				}
				from = cur[1]
			}
			for k := from; k <= len(m.s); k++ {
				next = append(next, k)
			}
			cur = next
			continue
		}
		for _, p := range cur {
			next = m.appendEnds(next, it, p)
		}
		cur = m.normalize(next)
	}
	return cur
}

// normalize sorts and dedups positions.
func (m *setMatcher) normalize(ps []int) []int {
	sorted := true
	for i := 1; i < len(ps); i++ {
		if ps[i] <= ps[i-1] {
			sorted = false
			break
		}
	}
	if sorted {
		return ps
	}
	if len(ps) <= 32 {
		sort.Ints(ps)
		out := ps[:1]
		for _, p := range ps[1:] {
			if p != out[len(out)-1] {
				out = append(out, p)
			}
		}
		return out
	}
	if m.marks == nil {
		m.marks = make([]bool, len(m.s)+1)
	}
	lo, hi := ps[0], ps[0]
	for _, p := range ps {
		m.marks[p] = true
		lo, hi = min(lo, p), max(hi, p)
	}
	out := make([]int, 0, len(ps))
	for k := lo; k <= hi; k++ {
		if m.marks[k] {
			out = append(out, k)
			m.marks[k] = false
		}
	}
	return out
}

// appendEnds appends to dst the positions item it can end at from p.
func (m *setMatcher) appendEnds(dst []int, it *patItem, p int) []int {
	s := m.s
	switch it.kind {
	case pLit:
		if end, ok := litAt(it.lit, s, p, m.fold); ok {
			return append(dst, end)
		}
	case pAny:
		if p < len(s) && !(m.period && p == 0) {
			_, n := charAt(s, p, m.bytes)
			return append(dst, p+n)
		}
	case pClass:
		if p < len(s) && !(m.period && p == 0) {
			r, n := charAt(s, p, m.bytes)
			if it.class.match(r, m.fold) {
				return append(dst, p+n)
			}
		}
	case pGroup:
		return append(dst, m.groupEnds(it, p)...)
	}
	return dst
}

func (m *setMatcher) altEnds(it *patItem, p int) []int {
	var ends []int
	if it.fixed {
		// Each alternative ends in one place, if it matches.
		for _, alt := range it.alts {
			if e, ok := m.fixedEnd(alt, p); ok {
				ends = append(ends, e)
			}
		}
		return m.normalize(ends)
	}
	for _, alt := range it.alts {
		ends = append(ends, m.seqEnds(alt, []int{p})...)
	}
	return m.normalize(ends)
}

// fixedEnd matches items without stars or groups at p.
func (m *setMatcher) fixedEnd(items []patItem, p int) (int, bool) {
	for i := range items {
		var buf [1]int
		e := m.appendEnds(buf[:0], &items[i], p)
		if len(e) == 0 {
			return 0, false
		}
		p = e[0]
	}
	return p, true
}

func (m *setMatcher) groupEnds(it *patItem, p int) []int {
	key := groupKey{it, p}
	if e, ok := m.memo[key]; ok {
		return e
	}
	var ends []int
	switch it.op {
	case '@':
		ends = m.altEnds(it, p)
	case '?':
		ends = m.normalize(append([]int{p}, m.altEnds(it, p)...))
	case '+', '*':
		// Every end reachable by repeating the group; ends are >= p, so a
		// bitset of the rest of s records them.
		seen := make([]uint64, (len(m.s)-p)/64+1)
		mark := func(q int) bool {
			w, b := (q-p)/64, uint64(1)<<((q-p)%64)
			old := seen[w]&b != 0
			seen[w] |= b
			return old
		}
		frontier := m.altEnds(it, p)
		if it.op == '*' {
			mark(p)
			ends = append(ends, p)
		}
		for len(frontier) > 0 && !m.work(1) {
			q := frontier[len(frontier)-1]
			frontier = frontier[:len(frontier)-1]
			if mark(q) {
				continue
			}
			ends = append(ends, q)
			frontier = append(frontier, m.altEnds(it, q)...)
		}
		ends = m.normalize(ends)
	case '!':
		if m.period && p == 0 {
			break // !(...) never takes a leading '.'
		}
		in := m.altEnds(it, p)
		for k, j := p, 0; k <= len(m.s); k++ {
			for j < len(in) && in[j] < k {
				j++
			}
			if j < len(in) && in[j] == k {
				continue
			}
			ends = append(ends, k)
		}
	}
	if m.memoSize+len(ends) <= maxMemoEnds {
		m.memo[key] = ends
		m.memoSize += len(ends)
	}
	return ends
}

// prefixEnds returns every length n such that the pattern matches s[:n],
// in increasing order.
func (p *Pattern) prefixEnds(s string) []int {
	m := p.newSetMatcher(s)
	return m.seqEnds(p.items, []int{0})
}

// TrimPrefix removes the shortest (longest: ${x##pat}) prefix of s that
// the pattern matches, as ${x#pat} does; s is returned unchanged when no
// prefix matches. bash's nocasematch does not apply to ${x#pat} and
// ${x%pat} (it does to ${x/pat/rep}): compile without PatNoCase.
func (p *Pattern) TrimPrefix(s string, longest bool) string {
	if p.isLit && p.flags&PatNoCase == 0 {
		return strings.TrimPrefix(s, p.lit)
	}
	ends := p.prefixEnds(s)
	if len(ends) == 0 {
		return s
	}
	if longest {
		return s[ends[len(ends)-1]:]
	}
	return s[ends[0]:]
}

// TrimSuffix removes the shortest (longest: ${x%%pat}) suffix of s that
// the pattern matches, as ${x%pat} does.
func (p *Pattern) TrimSuffix(s string, longest bool) string {
	if p.isLit && p.flags&PatNoCase == 0 {
		return strings.TrimSuffix(s, p.lit)
	}
	if longest {
		for k := 0; k <= len(s); k++ {
			if !charStart(s, k, p.flags&PatBytes != 0) {
				continue
			}
			if k%256 == 0 && p.cancelled() {
				return s
			}
			if p.Match(s[k:]) {
				return s[:k]
			}
		}
		return s
	}
	for k := len(s); k >= 0; k-- {
		if !charStart(s, k, p.flags&PatBytes != 0) {
			continue
		}
		if k%256 == 0 && p.cancelled() {
			return s
		}
		if p.Match(s[k:]) {
			return s[:k]
		}
	}
	return s
}

// longestAt returns the end of the longest match starting at s[i], or -1.
func (p *Pattern) longestAt(m *setMatcher, i int) int {
	ends := m.seqEnds(p.items, []int{i})
	if len(ends) == 0 {
		return -1
	}
	return ends[len(ends)-1]
}

// Replace anchors for ${x/pat/rep}.
const (
	ReplaceFirst  = iota // ${x/pat/rep}
	ReplaceAll           // ${x//pat/rep}
	ReplacePrefix        // ${x/#pat/rep}
	ReplaceSuffix        // ${x/%pat/rep}
)

// Replace replaces the longest matches of the pattern in s with rep, as
// ${x/pat/rep} and its //, /# and /% forms do. As in bash, an empty s is
// replaced only by a pattern that matches it and, but for /%, starts
// with '*'. With patsubAmp (bash's
// patsub_replacement, on by default) an unescaped & in rep stands for
// the matched text and \& for a literal &.
func (p *Pattern) Replace(s, rep string, mode int, patsubAmp bool) string {
	if len(p.items) == 0 && (mode == ReplaceFirst || mode == ReplaceAll) {
		return s // an empty pattern replaces nothing, unless anchored
	}
	m := p.newSetMatcher(s)
	repl := func(b *strings.Builder, match string) {
		if !patsubAmp || !strings.ContainsAny(rep, "&\\") {
			b.WriteString(rep)
			return
		}
		for i := 0; i < len(rep); i++ {
			switch {
			case rep[i] == '\\' && i+1 < len(rep) && (rep[i+1] == '&' || rep[i+1] == '\\'):
				i++
				b.WriteByte(rep[i])
			case rep[i] == '&':
				b.WriteString(match)
			default:
				b.WriteByte(rep[i])
			}
		}
	}
	var b strings.Builder
	if s == "" {
		// bash tries an empty remainder only with a pattern that starts
		// with '*', except for /% (match_pattern_char).
		if (mode == ReplaceSuffix || p.star) && p.Match("") {
			repl(&b, "")
			return b.String()
		}
		return s
	}
	if p.isLit && p.flags&PatNoCase == 0 && p.lit != "" {
		return p.replaceLiteral(s, mode, repl)
	}
	switch mode {
	case ReplacePrefix:
		end := p.longestAt(m, 0)
		if end < 0 {
			return s
		}
		repl(&b, s[:end])
		b.WriteString(s[end:])
		return b.String()
	case ReplaceSuffix:
		for k := 0; k <= len(s); k++ {
			if !charStart(s, k, p.flags&PatBytes != 0) {
				continue
			}
			if k%256 == 0 && p.cancelled() {
				return s
			}
			if p.Match(s[k:]) {
				b.WriteString(s[:k])
				repl(&b, s[k:])
				return b.String()
			}
		}
		return s
	}
	done := 0
	for i := 0; i < len(s); {
		if m.stopped {
			return s
		}
		end := p.longestAt(m, i)
		if end < 0 {
			_, n := charAt(s, i, m.bytes)
			i += n
			continue
		}
		b.WriteString(s[done:i])
		repl(&b, s[i:end])
		done = end
		if end == i {
			// An empty match replaces nothing and moves on a character.
			_, n := charAt(s, i, m.bytes)
			b.WriteString(s[i : i+n])
			end += n
			done = end
		}
		i = end
		if mode == ReplaceFirst {
			break
		}
	}
	if done == 0 && b.Len() == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}

// replaceLiteral is Replace for a pattern without wildcards.
func (p *Pattern) replaceLiteral(s string, mode int, repl func(*strings.Builder, string)) string {
	lit := p.lit
	var b strings.Builder
	switch mode {
	case ReplacePrefix:
		if !strings.HasPrefix(s, lit) {
			return s
		}
		repl(&b, lit)
		b.WriteString(s[len(lit):])
		return b.String()
	case ReplaceSuffix:
		if !strings.HasSuffix(s, lit) {
			return s
		}
		b.WriteString(s[:len(s)-len(lit)])
		repl(&b, lit)
		return b.String()
	}
	i := strings.Index(s, lit)
	if i < 0 {
		return s
	}
	done := 0
	for i >= 0 {
		b.WriteString(s[done : done+i])
		repl(&b, lit)
		done += i + len(lit)
		if mode == ReplaceFirst {
			break
		}
		i = strings.Index(s[done:], lit)
	}
	b.WriteString(s[done:])
	return b.String()
}

// HasGlob reports whether pat has an unescaped wildcard (* ? [ or, with
// PatExtglob, an extglob group), that is whether pathname expansion or
// matching needs the pattern machinery at all.
func HasGlob(pat string, flags PatternFlags) bool {
	for i := 0; i < len(pat); i++ {
		switch pat[i] {
		case '\\':
			i++
		case '*', '?', '[':
			return true
		case '+', '@', '!':
			if flags&PatExtglob != 0 && i+1 < len(pat) && pat[i+1] == '(' {
				return true
			}
		}
	}
	return false
}

// QuotePattern escapes s so that it matches itself literally: the
// caller's form for quoted parts of a pattern word.
func QuotePattern(s string) string {
	if !strings.ContainsAny(s, `*?[]\+@!()|`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(`*?[]\+@!()|`, s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// UnescapePattern removes a pattern's backslash escapes: the word a
// pattern that matched nothing stands for (an unmatched glob is left as
// written, less its quoting).
func UnescapePattern(pat string) string {
	if !strings.Contains(pat, `\`) {
		return pat
	}
	var b strings.Builder
	for i := 0; i < len(pat); i++ {
		if pat[i] == '\\' && i+1 < len(pat) {
			i++
		}
		b.WriteByte(pat[i])
	}
	return b.String()
}
