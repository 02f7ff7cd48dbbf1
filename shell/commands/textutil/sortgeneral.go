package textutil

import (
	"bytes"
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// sort -g compares as GNU's general_numcmp: strtold's value of each
// key, conversion errors first, then NaNs, then numbers. The cache and
// most comparisons use a double; equal doubles are looked at again in
// strtold's long double (x87 extended: a 64-bit mantissa, exponents to
// ±16383), which tells 1e400 from 2e400 and from inf, and NaNs are
// ordered as GNU's memcmp of their long doubles orders them: by the
// mantissa's bytes, least significant first (the payload of
// "nan(0x10)"), then the sign.

// generalCompare orders two parsed -g values: non-numbers first, then
// NaNs, then numbers; two NaNs are equal here (see compareGeneral).
func generalCompare(fa float64, oka bool, fb float64, okb bool) int {
	switch {
	case !oka:
		if !okb {
			return 0
		}
		return -1
	case !okb:
		return 1
	case fa < fb:
		return -1
	case fa > fb:
		return 1
	case fa == fb:
		return 0
	case fb == fb: // a is NaN
		return -1
	case fa == fa:
		return 1
	}
	return 0
}

// compareGeneral compares two -g keys in strtold's precision.
func compareGeneral(ka, kb []byte) int {
	if bytes.Equal(ka, kb) {
		return 0
	}
	ta, oka := floatText(ka)
	tb, okb := floatText(kb)
	fa, fb := parseFloatText(ta), parseFloatText(tb)
	if d := generalCompare(fa, oka, fb, okb); d != 0 || !oka || !okb || ta == tb {
		return d
	}
	if fa != fa {
		return compareNaN(ta, tb)
	}
	return longDouble(ta).Cmp(longDouble(tb))
}

// smallInteger is strtod's value of s when s is blanks, a sign and up
// to 15 digits followed by nothing strtod would read on (the common -g
// key, converted without allocating); false for anything else.
func smallInteger(s []byte) (float64, bool) {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\v' || s[i] == '\f' || s[i] == '\r') {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	start := i
	var v int64
	for i < len(s) && isDigit(s[i]) {
		v = v*10 + int64(s[i]-'0')
		i++
	}
	if n := i - start; n == 0 || n > 15 || i < len(s) && strings.IndexByte(".eExX", s[i]) >= 0 {
		return 0, false
	}
	if neg {
		return -float64(v), true
	}
	return float64(v), true
}

// parseFloatPrefix parses the longest prefix of s that strtod accepts:
// blanks, a sign, then inf/infinity/nan, a hex float or a decimal float.
func parseFloatPrefix(s []byte) (float64, bool) {
	t, ok := floatText(s)
	if !ok {
		return 0, false
	}
	return parseFloatText(t), true
}

// parseFloatText is the double nearest to floatText's number.
func parseFloatText(t string) float64 {
	num, neg := strings.CutPrefix(t, "-")
	num = strings.TrimPrefix(num, "+")
	var f float64
	switch {
	case strings.HasPrefix(num, "n") || strings.HasPrefix(num, "N"):
		f = math.NaN()
	case strings.HasPrefix(num, "i") || strings.HasPrefix(num, "I"):
		f = math.Inf(1)
	default:
		if isHexFloat(num) && !strings.ContainsAny(num, "pP") {
			num += "p0" // Go needs a binary exponent on hex floats
		}
		f, _ = strconv.ParseFloat(num, 64) // a range error gives ±Inf or ±0, as strtod
	}
	if neg {
		return -f
	}
	return f
}

func isHexFloat(num string) bool {
	return len(num) > 1 && num[0] == '0' && num[1]|0x20 == 'x'
}

// floatText is the prefix of s strtod reads as a number, without the
// leading blanks ("-nan(0x10)" whole, "0x" alone as "0"); false when
// it reads none.
func floatText(s []byte) (string, bool) {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\v' || s[i] == '\f' || s[i] == '\r') {
		i++
	}
	start := i
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	rest := strings.ToLower(string(s[i:min(len(s), i+8)]))
	switch {
	case strings.HasPrefix(rest, "infinity"):
		return string(s[start : i+8]), true
	case strings.HasPrefix(rest, "inf"):
		return string(s[start : i+3]), true
	case strings.HasPrefix(rest, "nan"):
		i += 3
		if i < len(s) && s[i] == '(' {
			j := i + 1
			for j < len(s) && (isAlnum(s[j]) || s[j] == '_') {
				j++
			}
			if j < len(s) && s[j] == ')' {
				i = j + 1
			}
		}
		return string(s[start:i]), true
	}
	digits := func(hex bool) int {
		n := 0
		for i < len(s) && (s[i] >= '0' && s[i] <= '9' || hex && (s[i]|0x20 >= 'a' && s[i]|0x20 <= 'f')) {
			i++
			n++
		}
		return n
	}
	hex := strings.HasPrefix(rest, "0x")
	mark := i
	if hex {
		i += 2
	}
	n := digits(hex)
	if i < len(s) && s[i] == '.' {
		i++
		n += digits(hex)
	}
	if n == 0 {
		if !hex {
			return "", false
		}
		return string(s[start : mark+1]), true // "0x" alone reads as the number 0
	}
	if i < len(s) && (!hex && s[i]|0x20 == 'e' || hex && s[i]|0x20 == 'p') {
		save := i
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits(false) == 0 {
			i = save
		}
	}
	return string(s[start:i]), true
}

// Long double's limits: its largest binary exponent (in big.Float's
// terms, mantissa in [0.5, 1)) and its least, a denormal's.
const (
	longDoubleMaxExp = 16384
	longDoubleMinExp = -16444
	longDoubleNormal = -16381
)

// longDouble is strtold's value of a number floatText read (not a NaN),
// rounded to a long double's 64-bit mantissa and its exponent range.
func longDouble(t string) *big.Float {
	num, neg := strings.CutPrefix(t, "-")
	num = strings.TrimPrefix(num, "+")
	f := new(big.Float)
	if num[0]|0x20 == 'i' {
		return f.SetInf(neg)
	}
	if isHexFloat(num) && !strings.ContainsAny(num, "pP") {
		num += "p0"
	}
	f.SetPrec(256)
	if _, _, err := f.Parse(num, 0); err != nil {
		// An exponent past big.Float's range: inf, or 0 if negative
		// or the digits are all zeros.
		mant, exp, _ := strings.Cut(strings.ToLower(num), "e")
		if strings.HasPrefix(exp, "-") || strings.Trim(mant, "0.") == "" {
			return f.SetInt64(0)
		}
		return f.SetInf(neg)
	}
	prec := uint(64)
	if exp := f.MantExp(nil); f.Sign() != 0 {
		switch {
		case exp > longDoubleMaxExp:
			return f.SetInf(neg)
		case exp < longDoubleMinExp:
			f.SetInt64(0)
		case exp < longDoubleNormal:
			prec = uint(exp - longDoubleMinExp + 1) // a denormal's fewer bits
		}
	}
	f.SetPrec(prec)
	if f.Sign() != 0 && f.MantExp(nil) > longDoubleMaxExp {
		return f.SetInf(neg) // rounded up past the largest
	}
	if neg {
		f.Neg(f)
	}
	return f
}

// compareNaN orders two NaNs (floatText's "nan", "-nan(0x10)") as GNU
// sort's memcmp of glibc's long doubles: the 64-bit mantissa's bytes
// from the least significant (the quiet and integer bits, with
// "nan(N)"'s N in the low 62 bits), then the sign byte.
func compareNaN(a, b string) int {
	ma, na := nanBits(a)
	mb, nb := nanBits(b)
	if ma != mb {
		return cmpUint(bits.ReverseBytes64(ma), bits.ReverseBytes64(mb))
	}
	switch {
	case na == nb:
		return 0
	case nb:
		return -1
	}
	return 1
}

// nanBits is glibc strtold's NaN for t: its mantissa and its sign.
func nanBits(t string) (mant uint64, neg bool) {
	num, neg := strings.CutPrefix(t, "-")
	num = strings.TrimPrefix(num, "+")
	mant = 0xc000_0000_0000_0000
	if len(num) > 5 { // "nan(" N ")": N as strtoull in base 0, if all of it
		if v, ok := parseULLBase0(num[4 : len(num)-1]); ok {
			mant |= v & (1<<62 - 1)
		}
	}
	return mant, neg
}

// parseULLBase0 is strtoull(s, &end, 0) when end reaches s's end: 0x
// hex, 0 octal, else decimal; too large gives ULLONG_MAX.
func parseULLBase0(s string) (uint64, bool) {
	if s == "" {
		return 0, true // strtoull reads nothing and ends where it began
	}
	base := 10
	digits := s
	switch {
	case len(s) > 2 && s[0] == '0' && s[1]|0x20 == 'x':
		base, digits = 16, s[2:]
	case len(s) > 1 && s[0] == '0':
		base, digits = 8, s[1:]
	}
	for _, c := range []byte(digits) {
		if d := strings.IndexByte("0123456789abcdef", c|0x20); d < 0 || d >= base {
			return 0, false
		}
	}
	v, err := strconv.ParseUint(digits, base, 64)
	if err != nil {
		return math.MaxUint64, digits != "" // only a range error is left
	}
	return v, true
}
