package jq

import (
	"bufio"
	"encoding/json"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"
)

// encoder prints values the way jq 1.6 does: two-space indentation by
// default, "key": value with one space, empty containers as [] and {},
// object keys in the order order remembers (sorted when it knows none).
type encoder struct {
	w      *bufio.Writer
	indent int // spaces per level; -1 for compact output
	tab    bool
	ascii  bool
	order  *keyOrder
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
		if v > 1e15 || v < -1e15 {
			e.w.Write(appendDtoa(e.num[:0], float64(v))) // 1e+16, as jq's doubles print
			return
		}
		e.w.Write(strconv.AppendInt(e.num[:0], int64(v), 10))
	case *big.Int:
		f, _ := new(big.Float).SetInt(v).Float64()
		e.w.Write(appendDtoa(e.num[:0], f)) // jq 1.6 reads every number as a double
	case json.Number:
		// fromjson's numbers: printed as the number jq reads.
		e.encode(normalize(v), depth)
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
		keys := e.order.keys(v)
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
	e.w.Write(appendDtoa(e.num[:0], f))
}

// appendDtoa formats f as jq 1.6's jvp_dtoa_fmt (David Gay's g_fmt over
// the shortest round-tripping digits): plain digits unless the decimal
// point lies 4 or more places left of the first digit or more than 15
// places right of the last, then d.ddde±XX.
func appendDtoa(b []byte, f float64) []byte {
	if f == 0 {
		if math.Signbit(f) {
			return append(b, "-0"...)
		}
		return append(b, '0')
	}
	if f < 0 {
		b = append(b, '-')
		f = -f
	}
	var buf [32]byte
	e := strconv.AppendFloat(buf[:0], f, 'e', -1, 64)
	mant, exp, _ := strings.Cut(string(e), "e")
	digits := strings.Replace(mant, ".", "", 1)
	x, _ := strconv.Atoi(exp)
	decpt := x + 1
	switch {
	case decpt <= -4 || decpt > len(digits)+15:
		b = append(b, digits[0])
		if len(digits) > 1 {
			b = append(b, '.')
			b = append(b, digits[1:]...)
		}
		b = append(b, 'e')
		if x < 0 {
			b = append(b, '-')
			x = -x
		} else {
			b = append(b, '+')
		}
		if x < 10 {
			b = append(b, '0')
		}
		return strconv.AppendInt(b, int64(x), 10)
	case decpt <= 0:
		b = append(b, "0."...)
		for range -decpt {
			b = append(b, '0')
		}
		return append(b, digits...)
	case decpt >= len(digits):
		b = append(b, digits...)
		for range decpt - len(digits) {
			b = append(b, '0')
		}
		return b
	default:
		b = append(b, digits[:decpt]...)
		b = append(b, '.')
		return append(b, digits[decpt:]...)
	}
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
