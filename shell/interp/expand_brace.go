package interp

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxBraceWords bounds what one word's brace expansion may produce.
const maxBraceWords = 1 << 20

// braces is brace expansion: the words a word stands for, as lists of
// parts. The parsed word is not changed: braces are split on a copy.
func (r *Runner) braces(w *syntax.Word) [][]syntax.WordPart {
	if !r.opts.braceexpand || !hasBraceLit(w) {
		return [][]syntax.WordPart{w.Parts}
	}
	cp := &syntax.Word{Parts: append([]syntax.WordPart(nil), w.Parts...)}
	if !syntax.SplitBraces(cp) {
		return [][]syntax.WordPart{w.Parts}
	}
	out := expandBraceParts(cp.Parts)
	if len(out) > maxBraceWords {
		r.errorf("brace expansion: more than %d words (limit)", maxBraceWords)
		return nil
	}
	for i, parts := range out {
		out[i] = joinNames(mergeLits(parts))
	}
	return out
}

// mergeLits joins the adjacent literal parts brace expansion leaves, so
// the word reads as its text would: {~,x}/bar gives ~/bar, whose tilde
// expands, and {$a,b}_{c,d} gives $a_c, the variable a_c.
func mergeLits(parts []syntax.WordPart) []syntax.WordPart {
	out := parts[:0:0]
	for _, p := range parts {
		l, ok := p.(*syntax.Lit)
		if n := len(out); ok && n > 0 {
			if prev, ok := out[n-1].(*syntax.Lit); ok {
				out[n-1] = &syntax.Lit{ValuePos: prev.ValuePos, ValueEnd: l.ValueEnd, Value: prev.Value + l.Value}
				continue
			}
		}
		out = append(out, p)
	}
	return out
}

// joinNames lets a $name that brace expansion put before name characters
// take them, as bash's does: it expands braces in the word's text, so
// $v{1,2} is $v1 $v2 and x{$v,z}y is x$vy xzy.
func joinNames(parts []syntax.WordPart) []syntax.WordPart {
	var out []syntax.WordPart
	for i := 0; i < len(parts); i++ {
		n := 0
		pe, ok := parts[i].(*syntax.ParamExp)
		if ok && pe.Short && pe.Param != nil && validName(pe.Param.Value) && i+1 < len(parts) {
			if lit, ok := parts[i+1].(*syntax.Lit); ok {
				for n < len(lit.Value) && isNameByte(lit.Value[n]) {
					n++
				}
			}
		}
		if n == 0 {
			if out != nil {
				out = append(out, parts[i])
			}
			continue
		}
		if out == nil {
			out = append(out, parts[:i]...)
		}
		lit := parts[i+1].(*syntax.Lit)
		out = append(out, &syntax.ParamExp{Dollar: pe.Dollar, Short: true, Param: &syntax.Lit{ValuePos: pe.Param.ValuePos, Value: pe.Param.Value + lit.Value[:n]}})
		if n < len(lit.Value) {
			out = append(out, &syntax.Lit{ValuePos: lit.ValuePos, Value: lit.Value[n:]})
		}
		i++
	}
	if out == nil {
		return parts
	}
	return out
}

func isNameByte(c byte) bool { return c == '_' || isLetter(c) || c >= '0' && c <= '9' }

func hasBraceLit(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.IndexByte(l.Value, '{') >= 0 {
			return true
		}
	}
	return false
}

// expandBraceParts expands the first BraceExp of parts, then the rest.
func expandBraceParts(parts []syntax.WordPart) [][]syntax.WordPart {
	for i, p := range parts {
		be, ok := p.(*syntax.BraceExp)
		if !ok {
			continue
		}
		var alts [][]syntax.WordPart
		if be.Sequence {
			for _, s := range braceSeq(be) {
				alts = append(alts, []syntax.WordPart{&syntax.Lit{Value: s}})
			}
			if alts == nil {
				// Not a valid sequence: stays as written.
				alts = [][]syntax.WordPart{{&syntax.Lit{Value: braceText(be)}}}
			}
		} else {
			for _, el := range be.Elems {
				alts = append(alts, expandBraceParts(el.Parts)...)
			}
		}
		rests := expandBraceParts(parts[i+1:])
		var out [][]syntax.WordPart
		for _, a := range alts {
			for _, rest := range rests {
				w := make([]syntax.WordPart, 0, i+len(a)+len(rest))
				w = append(w, parts[:i]...)
				w = append(w, a...)
				w = append(w, rest...)
				out = append(out, w)
				if len(out) > maxBraceWords {
					return out
				}
			}
		}
		return out
	}
	return [][]syntax.WordPart{parts}
}

// braceText is a brace expression as written.
func braceText(be *syntax.BraceExp) string {
	var b strings.Builder
	syntax.NewPrinter().Print(&b, &syntax.Word{Parts: []syntax.WordPart{be}})
	return b.String()
}

// braceSeq is {a..b[..step]} over integers (zero-padded when an end is)
// or single letters; nil when it is not a valid sequence.
func braceSeq(be *syntax.BraceExp) []string {
	var ends []string
	for _, el := range be.Elems {
		if len(el.Parts) != 1 {
			return nil
		}
		l, ok := el.Parts[0].(*syntax.Lit)
		if !ok {
			return nil
		}
		ends = append(ends, l.Value)
	}
	if len(ends) < 2 {
		return nil
	}
	step := int64(1)
	if len(ends) == 3 {
		s, err := strconv.ParseInt(ends[2], 10, 64)
		if err != nil {
			return nil
		}
		if s < 0 {
			s = -s
		}
		if s == 0 {
			s = 1
		}
		step = s
	}
	x, err1 := strconv.ParseInt(ends[0], 10, 64)
	y, err2 := strconv.ParseInt(ends[1], 10, 64)
	if err1 == nil && err2 == nil {
		width := 0
		if padded(ends[0]) || padded(ends[1]) {
			width = max(len(ends[0]), len(ends[1]))
		}
		var out []string
		for i := x; ; {
			s := strconv.FormatInt(i, 10)
			if width > 0 {
				neg := strings.HasPrefix(s, "-")
				s = strings.TrimPrefix(s, "-")
				w := width
				if neg {
					w--
				}
				for len(s) < w {
					s = "0" + s
				}
				if neg {
					s = "-" + s
				}
			}
			out = append(out, s)
			if len(out) > maxBraceWords {
				return out
			}
			if x <= y {
				i += step
				if i > y {
					break
				}
			} else {
				i -= step
				if i < y {
					break
				}
			}
		}
		return out
	}
	if len(ends[0]) == 1 && len(ends[1]) == 1 && isLetter(ends[0][0]) && isLetter(ends[1][0]) {
		a, b := int64(ends[0][0]), int64(ends[1][0])
		var out []string
		for i := a; ; {
			out = append(out, string(rune(i)))
			if a <= b {
				i += step
				if i > b {
					break
				}
			} else {
				i -= step
				if i < b {
					break
				}
			}
		}
		return out
	}
	return nil
}

func padded(s string) bool {
	s = strings.TrimPrefix(s, "-")
	return len(s) > 1 && s[0] == '0'
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
