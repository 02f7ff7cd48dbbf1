package jq

import (
	"bufio"
	"math"
	"math/big"
	"slices"
	"strconv"
	"unicode/utf8"
)

// encoder prints values the way jq 1.6 does: two-space indentation by
// default, "key": value with one space, empty containers as [] and {},
// object keys sorted (gojq keeps objects as Go maps).
type encoder struct {
	w      *bufio.Writer
	indent int // spaces per level; -1 for compact output
	tab    bool
	ascii  bool
	num    [64]byte
}

func (e *encoder) newline(depth int) {
	if e.indent < 0 {
		return
	}
	e.w.WriteByte('\n')
	if e.tab {
		for range depth {
			e.w.WriteByte('\t')
		}
		return
	}
	for range depth * e.indent {
		e.w.WriteByte(' ')
	}
}

func (e *encoder) encode(v any, depth int) {
	switch v := v.(type) {
	case nil:
		e.w.WriteString("null")
	case bool:
		e.w.WriteString(strconv.FormatBool(v))
	case int:
		e.w.Write(strconv.AppendInt(e.num[:0], int64(v), 10))
	case *big.Int:
		e.w.WriteString(v.String())
	case float64:
		e.float(v)
	case string:
		e.string(v)
	case []any:
		if len(v) == 0 {
			e.w.WriteString("[]")
			return
		}
		e.w.WriteByte('[')
		for i, x := range v {
			if i > 0 {
				e.w.WriteByte(',')
			}
			e.newline(depth + 1)
			e.encode(x, depth+1)
		}
		e.newline(depth)
		e.w.WriteByte(']')
	case map[string]any:
		if len(v) == 0 {
			e.w.WriteString("{}")
			return
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		e.w.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				e.w.WriteByte(',')
			}
			e.newline(depth + 1)
			e.string(k)
			e.w.WriteByte(':')
			if e.indent >= 0 {
				e.w.WriteByte(' ')
			}
			e.encode(v[k], depth+1)
		}
		e.newline(depth)
		e.w.WriteByte('}')
	default:
		e.string("<unknown value>")
	}
}

// float prints like jq 1.6: integral values without a fraction, others
// with 17 significant digits trimmed, infinities clamped to the largest
// double, NaN as null.
func (e *encoder) float(f float64) {
	switch {
	case math.IsNaN(f):
		e.w.WriteString("null")
		return
	case math.IsInf(f, 1):
		f = math.MaxFloat64
	case math.IsInf(f, -1):
		f = -math.MaxFloat64
	}
	if f == math.Trunc(f) && math.Abs(f) < 1e17 {
		e.w.Write(strconv.AppendInt(e.num[:0], int64(f), 10))
		return
	}
	b := strconv.AppendFloat(e.num[:0], f, 'g', 17, 64)
	// shortest form that reads back the same value, as jq's dtoa does
	if s := strconv.FormatFloat(f, 'g', -1, 64); len(s) < len(b) {
		b = append(b[:0], s...)
	}
	e.w.Write(b)
}

const hexDigits = "0123456789abcdef"

func (e *encoder) string(s string) {
	e.w.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"':
				e.w.WriteString(`\"`)
			case c == '\\':
				e.w.WriteString(`\\`)
			case c == '\n':
				e.w.WriteString(`\n`)
			case c == '\t':
				e.w.WriteString(`\t`)
			case c == '\r':
				e.w.WriteString(`\r`)
			case c == '\b':
				e.w.WriteString(`\b`)
			case c == '\f':
				e.w.WriteString(`\f`)
			case c < 0x20 || c == 0x7f:
				e.w.WriteString(`\u00`)
				e.w.WriteByte(hexDigits[c>>4])
				e.w.WriteByte(hexDigits[c&0xf])
			default:
				e.w.WriteByte(c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			e.w.WriteString(`\ufffd`)
		case e.ascii:
			e.escapeRune(r)
		default:
			e.w.WriteString(s[i : i+size])
		}
		i += size
	}
	e.w.WriteByte('"')
}

func (e *encoder) escapeRune(r rune) {
	if r > 0xffff {
		r -= 0x10000
		e.u16(0xd800 + (r>>10)&0x3ff)
		e.u16(0xdc00 + r&0x3ff)
		return
	}
	e.u16(r)
}

func (e *encoder) u16(r rune) {
	e.w.WriteString(`\u`)
	for shift := 12; shift >= 0; shift -= 4 {
		e.w.WriteByte(hexDigits[(r>>shift)&0xf])
	}
}
