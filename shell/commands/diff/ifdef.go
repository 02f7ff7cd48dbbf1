package diff

import (
	"fmt"
	"strings"

	"github.com/aymanbagabas/go-udiff/lcs"
)

// GNU diff's line group formats (--old-group-format, --line-format,
// -D NAME, ...): the whole of both files is written, each run of
// unchanged lines through the unchanged group format and each change
// through the old, new or changed one, whose %<, %> and %= write the
// group's lines through the line formats.

const (
	grpOld = iota
	grpNew
	grpChanged
	grpUnchanged
)

const (
	lineOld = iota
	lineNew
	lineUnchanged
)

// groupFormats holds the formats; set tells whether any was given.
type groupFormats struct {
	group [4]string
	line  [3]string
	set   bool
}

func defaultGroupFormats() groupFormats {
	return groupFormats{
		group: [4]string{"%<", "%>", "%<%>", "%="},
		line:  [3]string{"%l\n", "%l\n", "%l\n"},
	}
}

// ifdefFormats are -D NAME's group formats.
func ifdefFormats(name string) [4]string {
	return [4]string{
		"#ifndef " + name + "\n%<#endif /* ! " + name + " */\n",
		"#ifdef " + name + "\n%>#endif /* " + name + " */\n",
		"#ifndef " + name + "\n%<#else /* " + name + " */\n%>#endif /* " + name + " */\n",
		"%=",
	}
}

// formatted writes both files through the group formats.
func (d *differ) formatted(a, b []string, edits []lcs.Diff) {
	pa, pb := 0, 0
	for _, e := range edits {
		if d.ctx.Err() != nil {
			return
		}
		if e.Start > pa {
			d.group(grpUnchanged, a, b, pa, e.Start, pb, e.ReplStart)
		}
		kind := grpChanged
		switch {
		case e.Start == e.End:
			kind = grpNew
		case e.ReplStart == e.ReplEnd:
			kind = grpOld
		}
		d.group(kind, a, b, e.Start, e.End, e.ReplStart, e.ReplEnd)
		pa, pb = e.End, e.ReplEnd
	}
	if pa < len(a) {
		d.group(grpUnchanged, a, b, pa, len(a), pb, len(b))
	}
}

// group writes one group: lines a[s1:e1] against b[s2:e2].
func (d *differ) group(kind int, a, b []string, s1, e1, s2, e2 int) {
	f := d.opts.formats.group[kind]
	w := d.out
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c != '%' || i+1 == len(f) {
			w.WriteByte(c)
			continue
		}
		i++
		switch f[i] {
		case '<':
			d.groupLines(lineOld, a, s1, e1)
		case '>':
			d.groupLines(lineNew, b, s2, e2)
		case '=':
			d.groupLines(lineUnchanged, a, s1, e1)
		case '%':
			w.WriteByte('%')
		case 'c':
			n, s := charDirective(f[i:])
			w.WriteString(s)
			i += n - 1
		default:
			spec, letter, n := numberDirective(f[i:])
			if n == 0 {
				w.WriteByte('%')
				w.WriteByte(f[i])
				continue
			}
			i += n - 1
			s, e := s1, e1
			if letter >= 'A' && letter <= 'Z' {
				s, e = s2, e2
			}
			var v int
			switch letter | 0x20 {
			case 'e':
				v = s
			case 'f':
				v = s + 1
			case 'l':
				v = e
			case 'm':
				v = e + 1
			case 'n':
				v = e - s
			}
			fmt.Fprintf(w, "%"+spec, v)
		}
	}
}

// groupLines writes lines[s:e] through the kind's line format.
func (d *differ) groupLines(kind int, lines []string, s, e int) {
	f := d.opts.formats.line[kind]
	w := d.out
	for n := s; n < e; n++ {
		line := lines[n]
		for i := 0; i < len(f); i++ {
			c := f[i]
			if c != '%' || i+1 == len(f) {
				w.WriteByte(c)
				continue
			}
			i++
			switch f[i] {
			case 'l':
				w.WriteString(strings.TrimSuffix(line, "\n"))
			case 'L':
				w.WriteString(line)
			case '%':
				w.WriteByte('%')
			case 'c':
				k, s := charDirective(f[i:])
				w.WriteString(s)
				i += k - 1
			default:
				spec, letter, k := numberDirective(f[i:])
				if k == 0 || letter != 'n' {
					w.WriteByte('%')
					w.WriteByte(f[i])
					continue
				}
				i += k - 1
				fmt.Fprintf(w, "%"+spec, n+1)
			}
		}
	}
}

// charDirective reads c'C' or c'\OOO' (after the '%'); it returns the
// bytes consumed and the character.
func charDirective(s string) (int, string) {
	if len(s) < 4 || s[1] != '\'' {
		return 1, "%c"
	}
	if s[2] == '\\' {
		j := 3
		v := 0
		for j < len(s) && j < 6 && s[j] >= '0' && s[j] <= '7' {
			v = v*8 + int(s[j]-'0')
			j++
		}
		if j < len(s) && s[j] == '\'' {
			return j + 1, string(rune(byte(v)))
		}
		return 1, "%c"
	}
	if s[3] == '\'' {
		return 4, s[2:3]
	}
	return 1, "%c"
}

// numberDirective reads [-][width][.prec]{d,o,x,X}LETTER (after the
// '%'): the printf spec, the letter and the bytes consumed (0 if none).
func numberDirective(s string) (string, byte, int) {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	}
	if i+1 >= len(s) || strings.IndexByte("doxX", s[i]) < 0 || strings.IndexByte("efmlnEFMLN", s[i+1]) < 0 {
		return "", 0, 0
	}
	return s[:i+1], s[i+1], i + 2
}

// rcs prints -n's RCS script: "dN COUNT" and "aN COUNT" with the lines.
func (d *differ) rcs(a, b []string, edits []lcs.Diff) {
	for _, e := range edits {
		if d.ctx.Err() != nil {
			return
		}
		if e.End > e.Start {
			fmt.Fprintf(d.out, "d%d %d\n", e.Start+1, e.End-e.Start)
		}
		if e.ReplEnd > e.ReplStart {
			fmt.Fprintf(d.out, "a%d %d\n", e.End, e.ReplEnd-e.ReplStart)
			for _, l := range b[e.ReplStart:e.ReplEnd] {
				d.out.WriteString(l)
			}
		}
	}
}
