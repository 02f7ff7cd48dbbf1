package binutil

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"

	"memsh/shell/command"
)

// hexdump -e and -f: util-linux's format strings. A format string is a
// list of units, each "[iterations][/bytes] "text"": the text's
// conversions each take that many bytes (or their default), the text
// around them is printed as it is, and the unit repeats. Every format
// string is applied to each block of input, whose size is the largest
// string's; the last unit that reads data and has no iteration count
// repeats to fill the block.

// hexPiece is one conversion with the literal text after it (or, for a
// unit without conversions, its text alone).
type hexPiece struct {
	lead    string // text before the conversion (first piece only)
	spec    string // flags, width and precision, without '%'
	conv    byte   // d o u x X c s e f g E G; 'a'/'A' address, '_c' 'C', '_p' 'P', '_u' 'U'; 0 text only
	base    byte   // d o x for the address conversions
	size    int    // bytes it reads
	trail   string // text after the conversion
	nospace bool   // the last iteration drops trail's final blank
}

type hexFmtUnit struct {
	reps    int
	repsSet bool
	pieces  []*hexPiece
	ignore  bool // holds %_A: printed once, after the input
}

func (u *hexFmtUnit) bytes() int {
	n := 0
	for _, p := range u.pieces {
		n += p.size
	}
	return n
}

type hexFS struct{ units []*hexFmtUnit }

func (f *hexFS) size() int {
	n := 0
	for _, u := range f.units {
		n += u.reps * u.bytes()
	}
	return n
}

// hexEscapes turns the C escapes of a format's text into their bytes:
// \a \b \f \n \r \t \v \\ and \0; any other is the byte itself.
func hexEscapes(s string) string {
	return unescape(s, func(c byte) string {
		if c == '0' {
			return "\x00"
		}
		if b, ok := command.CUnescape(c); ok && c != 'e' {
			return string(b)
		}
		return string(c)
	})
}

// parseHexFormat reads one format string; the message is hexdump's.
func parseHexFormat(s string) (*hexFS, string) {
	fs := &hexFS{}
	i := 0
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
			i++
		}
		if i == len(s) {
			break
		}
		u := &hexFmtUnit{reps: 1}
		bcnt, bcntSet := 0, false
		if s[i] >= '0' && s[i] <= '9' {
			j := i
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			u.reps, _ = strconv.Atoi(s[j:i])
			u.repsSet = true
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
			if i < len(s) && s[i] != '/' && s[i] != '"' {
				return nil, fmt.Sprintf("bad format {%s}", s)
			}
		}
		if i < len(s) && s[i] == '/' {
			i++
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
			j := i
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			if j == i {
				return nil, fmt.Sprintf("bad format {%s}", s)
			}
			bcnt, _ = strconv.Atoi(s[j:i])
			bcntSet = true
			for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
				i++
			}
		}
		if i == len(s) || s[i] != '"' {
			return nil, fmt.Sprintf("bad format {%s}", s)
		}
		j := strings.IndexByte(s[i+1:], '"')
		if j < 0 {
			return nil, fmt.Sprintf("bad format {%s}", s)
		}
		text := s[i+1 : i+1+j]
		i += j + 2
		if msg := u.parseText(text, bcnt, bcntSet); msg != "" {
			return nil, msg
		}
		fs.units = append(fs.units, u)
	}
	return fs, ""
}

// parseText splits a unit's text into pieces, one per conversion.
func (u *hexFmtUnit) parseText(text string, bcnt int, bcntSet bool) string {
	lead := ""
	var cur *hexPiece
	lit := func(t string) {
		if cur == nil {
			lead += t
		} else {
			cur.trail += t
		}
	}
	for i := 0; i < len(text); {
		k := strings.IndexByte(text[i:], '%')
		if k < 0 {
			lit(hexEscapes(text[i:]))
			break
		}
		lit(hexEscapes(text[i : i+k]))
		i += k + 1
		if i < len(text) && text[i] == '%' {
			lit("%")
			i++
			continue
		}
		j := i
		for i < len(text) && strings.IndexByte("-+ #0", text[i]) >= 0 {
			i++
		}
		for i < len(text) && text[i] >= '0' && text[i] <= '9' {
			i++
		}
		prec := -1
		if i < len(text) && text[i] == '.' {
			i++
			k := i
			for i < len(text) && text[i] >= '0' && text[i] <= '9' {
				i++
			}
			prec, _ = strconv.Atoi(text[k:i])
		}
		p := &hexPiece{spec: text[j:i]}
		if i == len(text) {
			return fmt.Sprintf("bad format {%s}", text)
		}
		c := text[i]
		i++
		switch c {
		case 'd', 'i', 'o', 'u', 'x', 'X':
			p.conv, p.size = c, 4
			if c == 'i' {
				p.conv = 'd'
			}
			if bcntSet {
				if bcnt != 1 && bcnt != 2 && bcnt != 4 && bcnt != 8 {
					return fmt.Sprintf("bad byte count for conversion character %c", c)
				}
				p.size = bcnt
			}
		case 'c':
			p.conv, p.size = c, 1
			if bcntSet && bcnt != 1 {
				return "bad byte count for conversion character c"
			}
		case 'e', 'E', 'f', 'g', 'G':
			p.conv, p.size = c, 8
			if bcntSet {
				if bcnt != 4 && bcnt != 8 {
					return fmt.Sprintf("bad byte count for conversion character %c", c)
				}
				p.size = bcnt
			}
		case 's':
			p.conv = 's'
			switch {
			case bcntSet:
				p.size = bcnt
			case prec >= 0:
				p.size = prec
			default:
				return "%s requires a precision or a byte count"
			}
		case '_':
			if i == len(text) {
				return fmt.Sprintf("bad conversion character %%_%s", "")
			}
			c2 := text[i]
			i++
			switch c2 {
			case 'a', 'A':
				if i == len(text) || strings.IndexByte("dox", text[i]) < 0 {
					return fmt.Sprintf("bad conversion character %%_%c", c2)
				}
				p.conv, p.base = c2, text[i]
				i++
				if c2 == 'A' {
					u.ignore = true
				}
			case 'c':
				p.conv, p.size = 'C', 1
			case 'p':
				p.conv, p.size = 'P', 1
			case 'u':
				p.conv, p.size = 'U', 1
			default:
				return fmt.Sprintf("bad conversion character %%_%c", c2)
			}
			if p.size > 0 && bcntSet && bcnt != 1 {
				return fmt.Sprintf("bad byte count for conversion character _%c", c2)
			}
		default:
			return fmt.Sprintf("bad conversion character %%%c", c)
		}
		u.pieces = append(u.pieces, p)
		cur = p
	}
	if cur == nil {
		u.pieces = append(u.pieces, &hexPiece{trail: lead})
	} else {
		u.pieces[0].lead = lead
	}
	return ""
}

// hexLayout sizes the block and stretches each format's last reading
// unit to fill it, as util-linux's rewrite does.
func hexLayout(fss []*hexFS) int {
	block := 0
	for _, f := range fss {
		block = max(block, f.size())
	}
	for _, f := range fss {
		size := f.size()
		var last *hexFmtUnit
		for _, u := range f.units {
			if u.bytes() > 0 {
				last = u
			}
		}
		if last != nil && size > 0 && size < block && !last.repsSet {
			last.reps += (block - size) / last.bytes()
		}
		for _, u := range f.units {
			if u.reps > 1 && len(u.pieces) > 0 {
				p := u.pieces[len(u.pieces)-1]
				t := p.trail
				if t != "" && strings.IndexByte(" \t\n\v\f\r", t[len(t)-1]) >= 0 {
					p.nospace = true
				}
			}
		}
	}
	return block
}

// hexDisplay prints one block through every format; end is the address
// where the input ended (-1 while it goes on).
func hexDisplay(w *bytes.Buffer, fss []*hexFS, block []byte, addr, end int64) {
	for _, f := range fss {
		a, off := addr, 0
		for _, u := range f.units {
			if u.ignore {
				break
			}
			for cnt := u.reps; cnt > 0; cnt-- {
				for _, p := range u.pieces {
					var data []byte
					if off+p.size <= len(block) {
						data = block[off : off+p.size]
					}
					pad := end >= 0 && a >= end && p.conv != 0
					p.print(w, data, a, pad, cnt == 1 && p.nospace)
					a += int64(p.size)
					off += p.size
				}
			}
		}
	}
}

// hexFinal prints the %_A unit, if any, with the address where the
// input ended.
func hexFinal(w *bytes.Buffer, fss []*hexFS, end int64) {
	var endUnit *hexFmtUnit
	for _, f := range fss {
		for _, u := range f.units {
			if u.ignore {
				endUnit = u
			}
		}
	}
	if endUnit == nil {
		return
	}
	for _, p := range endUnit.pieces {
		w.WriteString(p.lead)
		if p.conv == 'A' {
			w.WriteString(hexAddress(p, end))
		}
		w.WriteString(p.trail)
	}
}

func hexAddress(p *hexPiece, a int64) string {
	verb := map[byte]string{'d': "d", 'o': "o", 'x': "x"}[p.base]
	return fmt.Sprintf("%"+p.spec+verb, a)
}

// print writes one conversion of data (its size in bytes, zero-filled
// past the input) and its text. pad prints blanks of the field's width
// for a conversion wholly past the end, as util-linux's bpad.
func (p *hexPiece) print(w *bytes.Buffer, data []byte, addr int64, pad, nospace bool) {
	w.WriteString(p.lead)
	switch {
	case p.conv == 0, p.conv == 'A':
	case pad:
		spec := strings.Map(func(r rune) rune {
			if strings.ContainsRune("0+ #", r) {
				return -1
			}
			return r
		}, p.spec)
		fmt.Fprintf(w, "%"+spec+"s", "")
	case p.conv == 'a':
		w.WriteString(hexAddress(p, addr))
	default:
		p.convert(w, data)
	}
	t := p.trail
	if nospace && t != "" {
		t = t[:len(t)-1]
	}
	w.WriteString(t)
}

// hexCtrlNames are %_u's names of the control characters.
var hexCtrlNames = [32]string{"nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel",
	"bs", "ht", "lf", "vt", "ff", "cr", "so", "si", "dle", "dc1", "dc2", "dc3",
	"dc4", "nak", "syn", "etb", "can", "em", "sub", "esc", "fs", "gs", "rs", "us"}

func (p *hexPiece) convert(w *bytes.Buffer, data []byte) {
	var c byte
	if len(data) > 0 {
		c = data[0]
	}
	printable := c >= 0x20 && c < 0x7f
	switch p.conv {
	case 'd':
		fmt.Fprintf(w, "%"+p.spec+"d", hexSigned(data))
	case 'u':
		fmt.Fprintf(w, "%"+p.spec+"d", hexUnsigned(data))
	case 'o', 'x', 'X':
		fmt.Fprintf(w, "%"+p.spec+string(p.conv), hexUnsigned(data))
	case 'e', 'E', 'f', 'g', 'G':
		var v float64
		if len(data) == 4 {
			v = float64(math.Float32frombits(binary.LittleEndian.Uint32(data)))
		} else if len(data) == 8 {
			v = math.Float64frombits(binary.LittleEndian.Uint64(data))
		}
		spec := p.spec
		if !strings.Contains(spec, ".") {
			spec += ".6" // C's default; Go's %g would print the shortest
		}
		fmt.Fprintf(w, "%"+spec+string(p.conv), v)
	case 'c':
		fmt.Fprintf(w, "%"+p.spec+"c", rune(c))
	case 's':
		s := data
		if k := bytes.IndexByte(s, 0); k >= 0 {
			s = s[:k]
		}
		fmt.Fprintf(w, "%"+p.spec+"s", s)
	case 'C':
		esc := map[byte]string{0: `\0`, '\a': `\a`, '\b': `\b`, '\f': `\f`, '\n': `\n`, '\r': `\r`, '\t': `\t`, '\v': `\v`}
		switch s, ok := esc[c]; {
		case ok:
			fmt.Fprintf(w, "%"+p.spec+"s", s)
		case printable:
			fmt.Fprintf(w, "%"+p.spec+"c", rune(c))
		default:
			fmt.Fprintf(w, "%"+p.spec+"s", fmt.Sprintf("%03o", c))
		}
	case 'P':
		if !printable {
			c = '.'
		}
		fmt.Fprintf(w, "%"+p.spec+"c", rune(c))
	case 'U':
		switch {
		case c < 0x20:
			fmt.Fprintf(w, "%"+p.spec+"s", hexCtrlNames[c])
		case c == 0x7f:
			fmt.Fprintf(w, "%"+p.spec+"s", "del")
		case printable:
			fmt.Fprintf(w, "%"+p.spec+"c", rune(c))
		default:
			fmt.Fprintf(w, "%"+p.spec+"x", c)
		}
	}
}

func hexUnsigned(b []byte) uint64 {
	var v uint64
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

func hexSigned(b []byte) int64 {
	v := hexUnsigned(b)
	if n := len(b); n > 0 && n < 8 {
		shift := uint(64 - 8*n)
		return int64(v<<shift) >> shift
	}
	return int64(v)
}
