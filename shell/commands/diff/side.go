package diff

import (
	"fmt"
	"strings"

	"github.com/aymanbagabas/go-udiff/lcs"
)

// edScript prints -e: the ed commands that turn the first file into
// the second, last change first so that line numbers stay valid.
func (d *differ) edScript(a, b []string, edits []lcs.Diff) {
	for i := len(edits) - 1; i >= 0; i-- {
		e := edits[i]
		switch {
		case e.Start == e.End:
			fmt.Fprintf(d.out, "%da\n", e.Start)
		case e.ReplStart == e.ReplEnd:
			fmt.Fprintf(d.out, "%sd\n", lineRange(e.Start, e.End))
			continue
		default:
			fmt.Fprintf(d.out, "%sc\n", lineRange(e.Start, e.End))
		}
		for _, l := range b[e.ReplStart:e.ReplEnd] {
			d.out.WriteString(strings.TrimSuffix(l, "\n") + "\n")
		}
		d.out.WriteString(".\n")
	}
}

// sideBySide prints -y as GNU diff's side.c does: the left text in a
// half-width column, a separator in the gutter (' ' same, '|' changed,
// '<' only left, '>' only right) and the right text from a tab-aligned
// column, with -W's width (default 130).
func (d *differ) sideBySide(a, b []string, edits []lcs.Diff) {
	w, tab := d.opts.width, d.opts.tabSize
	t := tab
	if d.opts.expandTabs {
		t = 1
	}
	off := (w + t + 3) / (2 * t) * t
	hw := max(0, min(off-3, w-off))
	c2o := w
	if hw > 0 {
		c2o = off
	}
	sd := &sdiff{d: d, hw: hw, c2o: c2o, tab: tab}
	next0, next1 := 0, 0
	// common is print_sdiff_common_lines: the lines up to the next
	// change, paired; where an ignored change (-B, -I) left one side
	// longer, its extra lines are marked ')' or '('.
	common := func(limit0, limit1 int) {
		i0, i1 := next0, next1
		next0, next1 = limit0, limit1
		if d.opts.suppressCommon {
			return
		}
		if !d.opts.leftCol {
			for ; i0 < limit0 && i1 < limit1; i0, i1 = i0+1, i1+1 {
				sd.line(a[i0], ' ', b[i1])
			}
			for ; i1 < limit1; i1++ {
				sd.line("", ')', b[i1])
			}
		}
		for ; i0 < limit0; i0++ {
			sd.line(a[i0], '(', "")
		}
	}
	for _, e := range edits {
		if d.ctx.Err() != nil {
			return
		}
		common(e.Start, e.ReplStart)
		n, m := e.End-e.Start, e.ReplEnd-e.ReplStart
		for k := 0; k < max(n, m); k++ {
			switch {
			case k < n && k < m:
				sd.line(a[e.Start+k], '|', b[e.ReplStart+k])
			case k < n:
				sd.line(a[e.Start+k], '<', "")
			default:
				sd.line("", '>', b[e.ReplStart+k])
			}
		}
		next0, next1 = e.End, e.ReplEnd
	}
	common(len(a), len(b))
}

type sdiff struct {
	d            *differ
	hw, c2o, tab int
}

// line is side.c's print_1sdiff_line; an empty left or right is absent.
func (s *sdiff) line(left string, sep byte, right string) {
	out := s.d.out
	col := 0
	newline := false
	if sep != '>' && sep != ')' {
		newline = strings.HasSuffix(left, "\n")
		col = s.half(left, 0, s.hw)
	}
	if sep != ' ' {
		col = s.tabTo(col, (s.hw+s.c2o-1)/2) + 1
		if sep == '|' && newline != strings.HasSuffix(right, "\n") {
			if newline {
				sep = '/'
			} else {
				sep = '\\'
			}
		}
		out.WriteByte(sep)
	}
	if sep != '<' && sep != '(' {
		newline = newline || strings.HasSuffix(right, "\n")
		if right != "\n" {
			col = s.tabTo(col, s.c2o)
			s.half(right, col, s.hw)
		}
	}
	if newline {
		out.WriteByte('\n')
	}
}

// tabTo is side.c's tab_from_to: tabs (unless -t) then spaces from
// column from to column to.
func (s *sdiff) tabTo(from, to int) int {
	out := s.d.out
	if !s.d.opts.expandTabs {
		for tab := from + s.tab - from%s.tab; tab <= to; tab += s.tab {
			out.WriteByte('\t')
			from = tab
		}
	}
	for ; from < to; from++ {
		out.WriteByte(' ')
	}
	return to
}

// half is side.c's print_half_line: the text cut to outBound columns,
// tabs kept (or expanded with -t) while they fit; it returns the column
// the output reached.
func (s *sdiff) half(text string, indent, outBound int) int {
	out := s.d.out
	in, outPos := 0, 0
	for _, r := range strings.TrimSuffix(text, "\n") {
		switch r {
		case '\t':
			spaces := s.tab - in%s.tab
			if in == outPos {
				stop := outPos + spaces
				if s.d.opts.expandTabs {
					stop = min(stop, outBound)
					for ; outPos < stop; outPos++ {
						out.WriteByte(' ')
					}
				} else if stop < outBound {
					outPos = stop
					out.WriteByte('\t')
				}
			}
			in += spaces
		case '\r':
			out.WriteByte('\r')
			s.tabTo(0, indent)
			in, outPos = 0, 0
		default:
			if r < ' ' || r == 0x7f {
				out.WriteRune(r) // a control character takes no column
				continue
			}
			if in < outBound {
				outPos = in + 1
				out.WriteRune(r)
			}
			in++
		}
	}
	return outPos
}

// expandTabs replaces each tab by the spaces to the next tab stop (-t).
func expandTabs(line string, size int) string {
	if !strings.Contains(line, "\t") {
		return line
	}
	var b strings.Builder
	col := 0
	for _, r := range line {
		if r == '\t' {
			n := size - col%size
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(r)
		col++
	}
	return b.String()
}
