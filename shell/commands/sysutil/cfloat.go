package sysutil

import (
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// floatSpec is one C printf conversion for a floating-point value:
// %[flags][width][.prec]{e,f,g,a,E,F,G,A}.
type floatSpec struct {
	minus, plus, space, zero, alt bool
	width                         int
	prec                          int // -1: default
	verb                          byte
}

// parseFloatSpec parses the directive that starts after a '%' in s and
// returns it and its length; ok is false when it is not a float directive.
func parseFloatSpec(s string) (sp floatSpec, n int, ok bool) {
	sp.prec = -1
	i := 0
	for ; i < len(s); i++ {
		switch s[i] {
		case '-':
			sp.minus = true
		case '+':
			sp.plus = true
		case ' ':
			sp.space = true
		case '0':
			sp.zero = true
		case '#':
			sp.alt = true
		case '\'':
			// thousands grouping: none in the C locale
		default:
			goto width
		}
	}
width:
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		sp.width = sp.width*10 + int(s[i]-'0')
		if sp.width > 1<<20 {
			return sp, i, false
		}
	}
	if i < len(s) && s[i] == '.' {
		i++
		sp.prec = 0
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			sp.prec = sp.prec*10 + int(s[i]-'0')
			if sp.prec > 1<<20 {
				return sp, i, false
			}
		}
	}
	// Length modifiers are accepted and ignored (%Lg).
	for i < len(s) && (s[i] == 'L' || s[i] == 'l' || s[i] == 'h') {
		i++
	}
	if i >= len(s) {
		return sp, i, false
	}
	sp.verb = s[i]
	switch sp.verb {
	case 'e', 'f', 'g', 'a', 'E', 'F', 'G', 'A':
		return sp, i + 1, true
	}
	return sp, i + 1, false
}

// format renders x as C's printf would (glibc, double precision).
func (sp floatSpec) format(x float64) string {
	ax := math.Abs(x)
	var body string
	switch {
	case math.IsInf(x, 0):
		body = "inf"
	case math.IsNaN(x):
		body = "nan"
	default:
		switch sp.verb | 0x20 {
		case 'f':
			body = strconv.FormatFloat(ax, 'f', sp.precOr(6), 64)
		case 'e':
			body = strconv.FormatFloat(ax, 'e', sp.precOr(6), 64)
		case 'g':
			body = formatG(ax, sp.prec, sp.alt)
		case 'a':
			body = strconv.FormatFloat(ax, 'x', sp.prec, 64)
			// C writes the exponent without padding: 0x1p+0, not 0x1p+00.
			if i := strings.IndexByte(body, 'p'); i >= 0 {
				exp := strings.TrimLeft(body[i+2:], "0")
				if exp == "" {
					exp = "0"
				}
				body = body[:i+2] + exp
			}
		}
	}
	return sp.render(math.Signbit(x) && !math.IsNaN(x), body, !math.IsInf(x, 0) && !math.IsNaN(x))
}

// formatLong renders x, a long double held in a 64-bit-mantissa
// big.Float, as glibc's printf("%Lf") does: exact decimal conversion,
// ties to even. seq computes in long double, so rounding matches GNU's.
func (sp floatSpec) formatLong(x *big.Float) string {
	if x.IsInf() || sp.verb|0x20 == 'a' {
		f, _ := x.Float64()
		return sp.format(f)
	}
	ax := new(big.Float).Abs(x)
	var body string
	switch sp.verb | 0x20 {
	case 'f':
		var ok bool
		if body, ok = fixedLong(ax, sp.precOr(6)); !ok {
			body = ax.Text('f', sp.precOr(6))
		}
	case 'e':
		body = ax.Text('e', sp.precOr(6))
	case 'g':
		body = formatGWith(func(fmt byte, prec int) string { return ax.Text(fmt, prec) }, sp.prec, sp.alt)
	}
	return sp.render(x.Signbit(), body, true)
}

func (sp floatSpec) precOr(def int) int {
	if sp.prec < 0 {
		return def
	}
	return sp.prec
}

// render adds the '#' point, case, sign and padding around a formatted
// magnitude.
func (sp floatSpec) render(neg bool, body string, finite bool) string {
	lower := sp.verb | 0x20
	if sp.alt && sp.prec == 0 && finite {
		switch lower {
		case 'f':
			body += "."
		case 'e':
			body = strings.Replace(body, "e", ".e", 1)
		}
	}
	if sp.verb >= 'A' && sp.verb <= 'Z' {
		body = strings.ToUpper(body)
	}
	sign := ""
	switch {
	case neg:
		sign = "-"
	case sp.plus:
		sign = "+"
	case sp.space:
		sign = " "
	}
	pad := sp.width - len(sign) - len(body)
	if pad <= 0 {
		return sign + body
	}
	switch {
	case sp.minus:
		return sign + body + strings.Repeat(" ", pad)
	case sp.zero && finite:
		if lower == 'a' && len(body) > 2 {
			return sign + body[:2] + strings.Repeat("0", pad) + body[2:]
		}
		return sign + strings.Repeat("0", pad) + body
	}
	return strings.Repeat(" ", pad) + sign + body
}

// longPrec is the mantissa of x87's long double, which GNU seq uses.
const longPrec = 64

// parseLong reads a number as strtold does, into a long double.
func parseLong(s string) (*big.Float, bool) {
	t := strings.TrimLeft(s, " \t\n\v\f\r")
	body := strings.ToLower(strings.TrimLeft(t, "+-"))
	neg := strings.HasPrefix(t, "-")
	if body == "inf" || body == "infinity" {
		return new(big.Float).SetInf(neg), true
	}
	if len(body) > 2 && body[:2] == "0x" && !strings.Contains(body, "p") {
		t += "p0"
	}
	x, _, err := big.ParseFloat(t, 0, longPrec, big.ToNearestEven)
	if err != nil {
		return nil, false
	}
	return x, true
}

// formatG is C's %g: precision P significant digits (6 by default, 0
// means 1); style e when the exponent is < -4 or >= P, else f; trailing
// zeros removed unless alt.
func formatG(ax float64, prec int, alt bool) string {
	return formatGWith(func(fmt byte, prec int) string { return strconv.FormatFloat(ax, fmt, prec, 64) }, prec, alt)
}

// formatGWith is %g over a formatter of the magnitude in 'e' or 'f' style.
func formatGWith(text func(fmt byte, prec int) string, prec int, alt bool) string {
	if prec < 0 {
		prec = 6
	}
	if prec == 0 {
		prec = 1
	}
	e := text('e', prec-1)
	ei := strings.IndexByte(e, 'e')
	exp, _ := strconv.Atoi(e[ei+1:])
	var s string
	if exp < -4 || exp >= prec {
		mant, tail := e[:ei], e[ei:]
		if !alt {
			mant = trimZeros(mant)
		} else if !strings.Contains(mant, ".") {
			mant += "."
		}
		s = mant + tail
	} else {
		s = text('f', prec-1-exp)
		if !alt {
			s = trimZeros(s)
		} else if !strings.Contains(s, ".") {
			s += "."
		}
	}
	return s
}

func trimZeros(s string) string {
	if !strings.Contains(s, ".") {
		return s
	}
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

var pow10 = func() (p [20]uint64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

// fixedLong is x.Text('f', prec) for a non-negative 64-bit-mantissa
// value, in 128-bit integer arithmetic (big.Float's exact conversion is
// far slower). ok is false outside its range: prec > 19 or huge values.
func fixedLong(x *big.Float, prec int) (string, bool) {
	if prec > 19 {
		return "", false
	}
	if x.Sign() == 0 {
		return trailZeros("0", prec), true
	}
	var m big.Float
	exp := x.MantExp(&m)
	mant, acc := new(big.Float).SetMantExp(&m, 64).Uint64()
	if acc != big.Exact {
		return "", false
	}
	e2 := exp - 64 // x = mant * 2^e2
	var hi, lo uint64
	if e2 >= 0 {
		if e2 > 63 {
			return "", false
		}
		// A shift by 64 yields 0 in Go, as needed for e2 == 0.
		hi, lo = mant>>(64-uint(e2)), mant<<uint(e2)
		digits := u128String(hi, lo)
		return trailZeros(digits, prec), true
	}
	shift := uint(-e2)
	hi, lo = bits.Mul64(mant, pow10[prec])
	if shift >= 128 {
		// The quotient is 0; it rounds up to 1 only above one half.
		if shift == 128 && (hi > 1<<63 || (hi == 1<<63 && lo > 0)) {
			return withPoint("1", prec), true
		}
		return withPoint("0", prec), true
	}
	// q = (hi,lo) >> shift, rounded to nearest, ties to even.
	var qhi, qlo, rhi, rlo, halfHi, halfLo uint64
	if shift >= 64 {
		qhi, qlo = 0, hi>>(shift-64)
		rhi, rlo = hi&(1<<(shift-64)-1), lo
	} else {
		qhi, qlo = hi>>shift, lo>>shift|hi<<(64-shift)
		rhi, rlo = 0, lo&(1<<shift-1)
	}
	if shift-1 >= 64 {
		halfHi, halfLo = 1<<(shift-1-64), 0
	} else {
		halfHi, halfLo = 0, 1<<(shift-1)
	}
	cmp := 0
	switch {
	case rhi > halfHi || (rhi == halfHi && rlo > halfLo):
		cmp = 1
	case rhi == halfHi && rlo == halfLo:
		cmp = 0
	default:
		cmp = -1
	}
	if cmp > 0 || (cmp == 0 && qlo&1 == 1) {
		var carry uint64
		qlo, carry = bits.Add64(qlo, 1, 0)
		qhi += carry
	}
	return withPoint(u128String(qhi, qlo), prec), true
}

// withPoint inserts a decimal point before the last prec digits.
func withPoint(digits string, prec int) string {
	if prec == 0 {
		return digits
	}
	if len(digits) <= prec {
		digits = strings.Repeat("0", prec-len(digits)+1) + digits
	}
	return digits[:len(digits)-prec] + "." + digits[len(digits)-prec:]
}

func trailZeros(intDigits string, prec int) string {
	if prec == 0 {
		return intDigits
	}
	return intDigits + "." + strings.Repeat("0", prec)
}

// u128String is the decimal text of hi*2^64 + lo.
func u128String(hi, lo uint64) string {
	if hi == 0 {
		return strconv.FormatUint(lo, 10)
	}
	const base = 1e19
	var parts []uint64
	for hi != 0 {
		qhi := hi / base
		var r uint64
		var qlo uint64
		qlo, r = bits.Div64(hi%base, lo, base)
		parts = append(parts, r)
		hi, lo = qhi, qlo
	}
	out := strconv.FormatUint(lo, 10)
	for i := len(parts) - 1; i >= 0; i-- {
		p := strconv.FormatUint(parts[i], 10)
		out += strings.Repeat("0", 19-len(p)) + p
	}
	return out
}
