package posixre

import (
	"bytes"
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
	return len(re.lit) > 1 && !re.fold && !bytes.Contains(b, re.lit)
}
