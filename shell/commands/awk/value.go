package awk

import (
	"math"
	"strconv"
	"strings"
)

// A value is a number, a string, or a "strnum": a string from input
// (fields, getline, FS splits, ARGV, ENVIRON, -v) that compares as a
// number when it looks like one. The zero value is the uninitialized
// value: "" and 0 at once.
type value struct {
	kind kind
	n    float64
	s    string
}

type kind uint8

const (
	kUninit kind = iota
	kNum
	kStr
	// kStrNum is input text (a "strnum"); whether it looks numeric is
	// found when a comparison or conversion asks, so fields that are only
	// printed are never converted.
	kStrNum
)

func num(n float64) value  { return value{kind: kNum, n: n} }
func str(s string) value   { return value{kind: kStr, s: s} }
func boolean(b bool) value { return num(float64(boolInt(b))) }

// strnum makes a value from input text: numeric-looking text compares
// as a number.
func strnum(s string) value { return value{kind: kStrNum, s: s} }

// isNumeric reports whether v compares as a number.
func (v value) isNumeric() bool {
	switch v.kind {
	case kStr:
		return false
	case kStrNum:
		_, ok := looksNumeric(v.s)
		return ok
	}
	return true
}

// looksNumeric is POSIX's test for a numeric string: optional blanks, a
// decimal floating-point number, optional blanks, nothing else.
func looksNumeric(s string) (float64, bool) {
	if n, ok := smallInt(s); ok {
		return n, true
	}
	i, j := 0, len(s)
	for i < j && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
		i++
	}
	for j > i && (s[j-1] == ' ' || s[j-1] == '\t' || s[j-1] == '\n') {
		j--
	}
	t := s[i:j]
	if t == "" {
		return 0, false
	}
	n, used := strToNum(t)
	if used != len(t) {
		return 0, false
	}
	return n, true
}

// smallInt reads s when it is only an optional "-" and 1 to 15 digits
// (exact in a float64), the common case of numeric input, without
// ParseFloat.
func smallInt(s string) (float64, bool) {
	neg := len(s) > 0 && s[0] == '-'
	d := s
	if neg {
		d = s[1:]
	}
	if len(d) == 0 || len(d) > 15 {
		return 0, false
	}
	var v int64
	for i := 0; i < len(d); i++ {
		c := d[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	if neg {
		return -float64(v), true
	}
	return float64(v), true
}

// strToNum reads the longest numeric prefix of s (after leading blanks),
// as awk converts strings to numbers: "3abc" is 3, "abc" is 0. It
// returns the number and the bytes used (0 when there is no number).
func strToNum(s string) (float64, int) {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\f' || s[i] == '\v') {
		i++
	}
	start := i
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	// gawk reads "+inf", "-nan" and friends as special values
	if rest := strings.ToLower(s[i:min(len(s), i+3)]); (rest == "inf" || rest == "nan") && i > start {
		n, _ := strconv.ParseFloat(s[start:i+3], 64)
		return n, i + 3
	}
	digits := 0
	for i < len(s) && isDigit(s[i]) {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isDigit(s[i]) {
			i++
			digits++
		}
	}
	if digits == 0 {
		return 0, 0
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		if j < len(s) && isDigit(s[j]) {
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			i = j
		}
	}
	n, err := strconv.ParseFloat(s[start:i], 64)
	if err != nil {
		// out of range: ParseFloat still returns ±Inf or 0
		return n, i
	}
	return n, i
}

func (v value) toNum() float64 {
	switch v.kind {
	case kNum:
		return v.n
	case kStrNum:
		if n, ok := smallInt(v.s); ok {
			return n
		}
		return strtod(v.s)
	case kStr:
		return strtod(v.s)
	}
	return 0
}

// strtod converts a string to a number as mawk does, with C's strtod:
// besides decimal numbers it reads hexadecimal ("0x1A" is 26) and
// "inf", "infinity" and "nan" in any case, signed or not. Only the
// conversion does this; which input text compares as a number is still
// looksNumeric's decimal test.
func strtod(s string) float64 {
	t := strings.TrimLeft(s, " \t\n\r\f\v")
	neg := false
	body := t
	if body != "" && (body[0] == '+' || body[0] == '-') {
		neg = body[0] == '-'
		body = body[1:]
	}
	sign := func(x float64) float64 {
		if neg {
			return -x
		}
		return x
	}
	lower := strings.ToLower(body[:min(len(body), 8)])
	switch {
	case strings.HasPrefix(lower, "infinity"), strings.HasPrefix(lower, "inf"):
		return sign(math.Inf(1))
	case strings.HasPrefix(lower, "nan"):
		// glibc's strtod gives "nan" a clear sign bit, "-nan" a set one.
		return sign(math.NaN())
	case len(body) > 2 && (lower[:2] == "0x") && isHexDigit(body[2]):
		return sign(hexPrefix(body[2:]))
	}
	n, _ := strToNum(t)
	return n
}

func isHexDigit(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// hexPrefix reads the hexadecimal digits (with an optional fraction and
// binary "p" exponent) at the start of s, as strtod does after "0x".
func hexPrefix(s string) float64 {
	i := 0
	for i < len(s) && isHexDigit(s[i]) {
		i++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isHexDigit(s[i]) {
			i++
		}
	}
	mant := s[:i]
	exp := "p0"
	if i < len(s) && (s[i] == 'p' || s[i] == 'P') {
		j := i + 1
		if j < len(s) && (s[j] == '+' || s[j] == '-') {
			j++
		}
		k := j
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		if k > j {
			exp = "p" + s[i+1:k]
		}
	}
	n, _ := strconv.ParseFloat("0x"+mant+exp, 64)
	return n
}

func (v value) toBool() bool {
	switch v.kind {
	case kNum:
		return v.n != 0
	case kStr:
		return v.s != ""
	case kStrNum:
		if n, ok := looksNumeric(v.s); ok {
			return n != 0
		}
		return v.s != ""
	}
	return false
}

// formatNum turns a number into a string: integers print as integers,
// others with format (CONVFMT, or OFMT for output).
func formatNum(n float64, format string) string {
	if n == math.Trunc(n) && math.Abs(n) < 1e16 {
		return strconv.FormatInt(int64(n), 10)
	}
	if math.IsNaN(n) {
		if math.Signbit(n) {
			return "-nan"
		}
		return "nan"
	}
	if math.IsInf(n, 1) {
		return "inf"
	}
	if math.IsInf(n, -1) {
		return "-inf"
	}
	if format == "%.6g" {
		return strconv.FormatFloat(n, 'g', 6, 64)
	}
	return sprintfNum(format, n)
}

func compareValues(a, b value, convfmt string) int {
	if a.isNumeric() && b.isNumeric() {
		x, y := a.toNum(), b.toNum()
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	}
	return strings.Compare(a.str(convfmt), b.str(convfmt))
}

func (v value) str(convfmt string) string {
	switch v.kind {
	case kStr, kStrNum:
		return v.s
	case kNum:
		return formatNum(v.n, convfmt)
	}
	return ""
}
