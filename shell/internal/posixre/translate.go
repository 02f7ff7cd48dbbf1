package posixre

import (
	"regexp"
	"strconv"
	"strings"
)

// goSyntax writes n as Go regexp syntax. exact=false writes a superset
// for the prefilter: assertions Go lacks become empty, a back-reference
// becomes a copy of its group. ok=false means n cannot be written (exact
// mode: it needs the backtracker).
func goSyntax(n *node, groups map[int]*node, exact bool) (string, bool) {
	var b strings.Builder
	ok := writeGo(&b, n, groups, exact, true)
	return b.String(), ok
}

func writeGo(b *strings.Builder, n *node, groups map[int]*node, exact, capture bool) bool {
	switch n.kind {
	case nEmpty:
		b.WriteString("(?:)")
	case nLit:
		if n.r >= rawByte {
			if exact {
				return false
			}
			b.WriteString(`\x{fffd}`)
			return true
		}
		b.WriteString(regexp.QuoteMeta(string(n.r)))
	case nAny:
		// Go reads an invalid byte as U+FFFD; GNU's . never matches one.
		b.WriteString(`[^\x{fffd}]`)
	case nClass:
		if strings.HasPrefix(n.class, "[^") {
			b.WriteString(`[^\x{fffd}` + n.class[2:])
		} else {
			b.WriteString(n.class)
		}
	case nBOL:
		b.WriteString("^")
	case nEOL:
		b.WriteString("$")
	case nBufStart:
		b.WriteString(`\A`)
	case nBufEnd:
		b.WriteString(`\z`)
	case nWordB, nNotWordB, nWordStart, nWordEnd, nNotWordBefore, nNotWordAfter:
		// Go's \b knows only ASCII words, and \< \> have no Go form.
		if exact {
			return false
		}
		b.WriteString("(?:)")
	case nGroup:
		if capture {
			b.WriteString("(")
		} else {
			b.WriteString("(?:")
		}
		if !writeGo(b, n.subs[0], groups, exact, capture) {
			return false
		}
		b.WriteString(")")
	case nConcat:
		for _, s := range n.subs {
			if !writeGo(b, s, groups, exact, capture) {
				return false
			}
		}
	case nAlt:
		b.WriteString("(?:")
		for i, s := range n.subs {
			if i > 0 {
				b.WriteString("|")
			}
			if !writeGo(b, s, groups, exact, capture) {
				return false
			}
		}
		b.WriteString(")")
	case nRepeat:
		if n.min > 1000 || n.max > 1000 {
			return false // beyond Go's repeat limit
		}
		b.WriteString("(?:")
		if !writeGo(b, n.subs[0], groups, exact, capture) {
			return false
		}
		b.WriteString(")")
		switch {
		case n.min == 0 && n.max == -1:
			b.WriteString("*")
		case n.min == 1 && n.max == -1:
			b.WriteString("+")
		case n.min == 0 && n.max == 1:
			b.WriteString("?")
		case n.max == -1:
			b.WriteString("{" + strconv.Itoa(n.min) + ",}")
		default:
			b.WriteString("{" + strconv.Itoa(n.min) + "," + strconv.Itoa(n.max) + "}")
		}
	case nBackref:
		if exact {
			return false
		}
		g := groups[n.n]
		if g == nil {
			return false
		}
		return writeGo(b, g.subs[0], groups, exact, false)
	}
	return true
}

// collectGroups maps group numbers to their nodes.
func collectGroups(n *node, m map[int]*node) {
	if n.kind == nGroup {
		m[n.n] = n
	}
	for _, s := range n.subs {
		collectGroups(s, m)
	}
}

// hasKind reports whether any node of the tree is of kind k.
func hasKind(n *node, k nodeKind) bool {
	if n.kind == k {
		return true
	}
	for _, s := range n.subs {
		if hasKind(s, k) {
			return true
		}
	}
	return false
}

// renumber shifts every group number and back-reference by off (used to
// join several patterns into one alternation).
func renumber(n *node, off int) {
	if n.kind == nGroup || n.kind == nBackref {
		n.n += off
	}
	for _, s := range n.subs {
		renumber(s, off)
	}
}
