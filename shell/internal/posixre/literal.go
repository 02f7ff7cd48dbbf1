package posixre

import (
	"bytes"
	"slices"
	"unicode"
	"unicode/utf8"
)

// Literal returns bytes that every match contains, for a caller that
// wants to skip text quickly (grep searches whole buffers for it before
// running the matcher on a line). It returns nil when there is no such
// string. With IgnoreCase, fold is true and lit is in lower case: it
// then only comes from ASCII letters whose case variants are all ASCII,
// so comparing ASCII-lowered text is exact.
func (re *Regexp) Literal() (lit []byte, fold bool) {
	return re.lit, re.fold
}

// requiredLiteral finds the longest literal run every match of n contains.
func requiredLiteral(n *node, bytes bool) []byte {
	switch n.kind {
	case nLit:
		return litBytes(n.r, bytes)
	case nGroup:
		return requiredLiteral(n.subs[0], bytes)
	case nRepeat:
		if n.min >= 1 {
			return requiredLiteral(n.subs[0], bytes)
		}
	case nAlt:
		if len(n.subs) == 1 {
			return requiredLiteral(n.subs[0], bytes)
		}
	case nConcat:
		var best, run []byte
		for _, s := range n.subs {
			if s.kind == nLit {
				run = append(run, litBytes(s.r, bytes)...)
				continue
			}
			if isAssertion(s.kind) {
				continue // takes no text: the run goes on
			}
			if len(run) > len(best) {
				best = run
			}
			run = nil
			if l := requiredLiteral(s, bytes); len(l) > len(best) {
				best = l
			}
		}
		if len(run) > len(best) {
			best = run
		}
		return best
	}
	return nil
}

func isAssertion(k nodeKind) bool {
	switch k {
	case nBOL, nEOL, nBufStart, nBufEnd, nWordB, nNotWordB, nWordStart, nWordEnd, nNotWordBefore, nNotWordAfter:
		return true
	}
	return false
}

func litBytes(r rune, bytes bool) []byte {
	if bytes && r < 0x100 {
		return []byte{byte(r)}
	}
	if r >= rawByte {
		return []byte{byte(r - rawByte)}
	}
	return utf8.AppendRune(nil, r)
}

// foldSafe reports whether lit can be matched case-insensitively by
// lowering ASCII: every letter's case variants are ASCII (not 'k', whose
// variants include the Kelvin sign, nor 's' with the long s).
func foldSafe(lit []byte) bool {
	for _, c := range lit {
		if c >= utf8.RuneSelf {
			return false
		}
		for f := unicode.SimpleFold(rune(c)); f != rune(c); f = unicode.SimpleFold(f) {
			if f >= utf8.RuneSelf {
				return false
			}
		}
	}
	return true
}

func (re *Regexp) setLiteral(root *node, fold, byteMode bool) {
	lit := requiredLiteral(root, byteMode)
	if len(lit) == 0 {
		return
	}
	if fold {
		if !foldSafe(lit) {
			return
		}
		lit = bytes.ToLower(lit)
		// Without letters there is nothing to fold.
		fold = bytes.ContainsFunc(lit, func(r rune) bool { return r >= 'a' && r <= 'z' })
	}
	re.lit, re.fold = lit, fold
}

// cannotMatch reports whether b lacks the required literal, so that no
// match is possible (a cheap test before running a matcher).
func (re *Regexp) cannotMatch(b []byte) bool {
	if re.lits != nil {
		return re.lacksAll(b)
	}
	return len(re.lit) > 1 && !re.fold && !bytes.Contains(b, re.lit)
}

// LiteralSet returns strings one of which every match contains, when
// they say more than Literal's one string: for `x(12|34)5`, whose only
// required literal is a common "x", it is {"x125", "x345"}. It returns
// nil without such a set, and with IgnoreCase.
func (re *Regexp) LiteralSet() [][]byte { return re.lits }

// maxLitSet bounds the strings of a literal set: more would cost more
// searching than the matcher they spare.
const maxLitSet = 16

// litInfo is what a node's matches say about their text: exact, when not
// nil, holds every string the node can match; req, when not nil, holds
// strings one of which every match contains.
type litInfo struct {
	exact, req [][]byte
}

// literalInfo computes n's litInfo from its children's.
func literalInfo(n *node, byteMode bool) litInfo {
	switch {
	case n.kind == nEmpty || isAssertion(n.kind):
		return litInfo{exact: [][]byte{{}}}
	case n.kind == nLit:
		return litInfo{exact: [][]byte{litBytes(n.r, byteMode)}}
	case n.kind == nGroup:
		return literalInfo(n.subs[0], byteMode)
	case n.kind == nRepeat && n.min >= 1:
		i := literalInfo(n.subs[0], byteMode)
		if n.min == 1 && n.max == 1 {
			return i
		}
		return litInfo{req: i.best()}
	case n.kind == nAlt:
		var exact, req [][]byte
		allExact, allReq := true, true
		for _, s := range n.subs {
			i := literalInfo(s, byteMode)
			if i.exact == nil {
				allExact = false
			}
			exact = append(exact, i.exact...)
			b := i.best()
			if b == nil {
				allReq = false
			}
			req = append(req, b...)
		}
		if allExact && len(exact) <= maxLitSet {
			return litInfo{exact: exact}
		}
		if allReq && len(req) <= maxLitSet {
			return litInfo{req: req}
		}
	case n.kind == nConcat:
		run := [][]byte{{}} // the exact strings of the current run of children
		var best [][]byte
		broken := false
		for _, s := range n.subs {
			i := literalInfo(s, byteMode)
			if i.exact != nil && run != nil && len(run)*len(i.exact) <= maxLitSet {
				run = cross(run, i.exact)
				continue
			}
			broken = true
			best = better(best, run)
			best = better(best, i.best())
			run = i.exact
		}
		best = better(best, run)
		if broken {
			return litInfo{req: best}
		}
		return litInfo{exact: run}
	}
	return litInfo{}
}

// best is the strongest set of required strings i offers, or nil.
func (i litInfo) best() [][]byte {
	return better(i.req, i.exact)
}

// better returns the set that says more: the longer shortest string,
// then fewer strings. A set holding "" says nothing.
func better(a, b [][]byte) [][]byte {
	sa, sb := setScore(a), setScore(b)
	switch {
	case sb == 0:
		if sa == 0 {
			return nil
		}
		return a
	case sa > sb, sa == sb && len(a) <= len(b):
		return a
	}
	return b
}

// setScore is the length of set's shortest string (0 for none).
func setScore(set [][]byte) int {
	if len(set) == 0 {
		return 0
	}
	m := len(set[0])
	for _, s := range set[1:] {
		m = min(m, len(s))
	}
	return m
}

// cross is every string of a followed by every string of b.
func cross(a, b [][]byte) [][]byte {
	out := make([][]byte, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			out = append(out, append(x[:len(x):len(x)], y...))
		}
	}
	return out
}

// setLiteralSet keeps root's required set when it says more than re.lit.
func (re *Regexp) setLiteralSet(root *node, fold, byteMode bool) {
	if fold {
		return
	}
	set := literalInfo(root, byteMode).best()
	// A set with a one-byte string skips too little to pay for itself.
	if len(set) < 2 || setScore(set) < 2 || setScore(set) <= len(re.lit) {
		return
	}
	slices.SortFunc(set, bytes.Compare)
	re.lits = slices.CompactFunc(set, bytes.Equal)
}

// lacksAll reports whether b contains none of the required set.
func (re *Regexp) lacksAll(b []byte) bool {
	for _, l := range re.lits {
		if bytes.Contains(b, l) {
			return false
		}
	}
	return true
}

// exactString is the text root matches when it is a plain string and
// nothing else (no assertion, class or repetition), so that bytes.Index
// finds its matches; nil otherwise. A byte that is not UTF-8 in a
// pattern that is (not Bytes) keeps the matcher: it must not match
// inside a valid character.
func exactString(root *node, byteMode bool) []byte {
	var lits []*node
	switch root.kind {
	case nLit:
		lits = []*node{root}
	case nConcat:
		lits = root.subs
	default:
		return nil
	}
	var out []byte
	for _, n := range lits {
		if n.kind != nLit || n.r >= rawByte && !byteMode {
			return nil
		}
		out = append(out, litBytes(n.r, byteMode)...)
	}
	return out
}
