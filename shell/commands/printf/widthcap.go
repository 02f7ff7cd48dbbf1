package printf

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// maxWidth caps a field width or precision: bash would pad to any int
// (printf '%*d' 2147483647 1 writes 2 GiB); memsh refuses past this,
// the most Go's fmt pads to.
const maxWidth = 1000000

// checkWidth reports whether a width or precision n (from the format or
// a * argument) is within maxWidth, warning as bash does when it is past
// an int, and naming memsh's limit.
func (p *printer) checkWidth(n int64, what string) bool {
	if n <= maxWidth && n >= -maxWidth {
		return true
	}
	if n > math.MaxInt32 || n < math.MinInt32 {
		if next := p.next; next < len(p.args) {
			p.warn("warning: " + p.args[next] + ": Numerical result out of range")
		}
	}
	p.warn(fmt.Sprintf("%s %d is larger than memsh's limit of %d", what, n, maxWidth))
	p.status = 1
	return false
}

// hexFloat is C's %a of v as glibc prints a long double, which bash's
// printf uses: the 64-bit significand with its integer bit, so the first
// hex digit is 8 to f (1 is 0x8p-3, 0.5 0x8p-4).
func hexFloat(v *big.Float, nan, upper, hasPrec bool, prec int, plus, space, alt bool) string {
	if nan {
		v = new(big.Float) // only its sign is read
	}
	sign := ""
	switch {
	case v.Signbit():
		sign = "-"
	case plus:
		sign = "+"
	case space:
		sign = " "
	}
	v = new(big.Float).Abs(v)
	var s string
	switch {
	case nan:
		s = sign + "nan"
	case v.IsInf():
		s = sign + "inf"
	case v.Sign() == 0:
		s = sign + "0x0"
		if hasPrec && prec > 0 {
			s += "." + strings.Repeat("0", prec)
		} else if alt {
			s += "."
		}
		s += "p+0"
	default:
		frac := new(big.Float)
		exp := v.MantExp(frac) - 4 // v = frac * 2^exp, frac in [0.5, 1)
		mant, _ := frac.SetMantExp(frac, 64).Uint64()
		lead, rest := mant>>60, mant&(1<<60-1)
		digits := fmt.Sprintf("%015x", rest)
		if hasPrec && prec < 15 {
			// round half to even on the dropped bits
			shift := uint(60 - 4*prec)
			keep := rest >> shift
			dropped := rest & (1<<shift - 1)
			half := uint64(1) << (shift - 1)
			if dropped > half || dropped == half && (keep&1 == 1 || prec == 0 && lead&1 == 1) {
				keep++
				if prec == 0 && keep > 0 || prec > 0 && keep>>(4*uint(prec)) != 0 {
					keep = 0
					lead++
				}
			}
			if lead == 16 {
				lead, exp = 1, exp+4
			}
			digits = ""
			if prec > 0 {
				digits = fmt.Sprintf("%0*x", prec, keep)
			}
		} else {
			digits = strings.TrimRight(digits, "0")
			if hasPrec && prec > len(digits) {
				digits += strings.Repeat("0", prec-len(digits))
			}
		}
		s = sign + "0x" + strconv.FormatUint(lead, 16)
		if digits != "" || alt {
			s += "." + digits
		}
		s += fmt.Sprintf("p%+d", exp)
	}
	if upper {
		s = strings.ToUpper(s)
	}
	return s
}

// longNumber reads an argument as bash's printf does for %a: as a long
// double (64 bits of significand), so 3.14 keeps more digits than a
// float64 has. It reports a NaN, which big.Float cannot hold.
func (p *printer) longNumber(a string) (*big.Float, bool) {
	if f, ok := parseLong(a); ok {
		return f, false
	}
	v := p.number(a)
	if math.IsNaN(v) {
		return nil, true
	}
	return new(big.Float).SetPrec(64).SetFloat64(v), false
}

// parseLong parses a decimal or hexadecimal C float into 64 bits of
// significand, rounding to nearest even as strtold does.
func parseLong(a string) (*big.Float, bool) {
	s := strings.TrimSpace(a)
	if s == "" || strings.ContainsAny(s, "'\"_") || strings.HasPrefix(strings.TrimLeft(s, "+-"), "0") && len(strings.TrimLeft(s, "+-")) > 1 && !strings.ContainsAny(s, ".eE") {
		return nil, false // octal and character codes go the integer way
	}
	f, _, err := big.ParseFloat(s, 0, 64, big.ToNearestEven)
	if err != nil {
		return nil, false
	}
	if exp := f.MantExp(nil); f.Sign() != 0 && (exp > 16384 || exp < -16444) {
		return nil, false // past a long double's range
	}
	return f, true
}

// longDouble formats %f, %e and %g of a decimal argument with a long
// double's precision, as bash's printf does (printf '%.20f' 0.1 prints
// 0.10000000000000000000, not a float64's ...0555).
func longDouble(spec string, verb byte, a string) (string, bool) {
	if strings.Contains(spec, "#") {
		return "", false
	}
	f, ok := parseLong(a)
	if !ok || f.IsInf() {
		return "", false
	}
	return fmt.Sprintf(spec+string(verb), f), true
}

// cFlags is a conversion's flags as C's printf applies them: + and space
// mean nothing to the unsigned conversions, and - overrides 0 (Go's fmt
// would sign an unsigned number and pad a left-aligned float with 0s).
func cFlags(flags string, verb byte) string {
	if strings.ContainsRune("ouxX", rune(verb)) {
		flags = strings.NewReplacer("+", "", " ", "").Replace(flags)
	}
	if strings.Contains(flags, "-") {
		flags = strings.ReplaceAll(flags, "0", "")
	}
	return flags
}

// cInfNaN is C's %f, %e or %g of an infinity or NaN: inf or nan with
// the sign the flags ask for, padded with blanks (never zeros).
func cInfNaN(spec string, v float64, upper bool) string {
	flags := strings.TrimLeft(spec[1:], "")
	i := 0
	for i < len(flags) && strings.IndexByte("-+ #0", flags[i]) >= 0 {
		i++
	}
	f, rest := flags[:i], flags[i:]
	width, _, _ := strings.Cut(rest, ".")
	s := "inf"
	if math.IsNaN(v) {
		s = "nan"
	}
	switch {
	case math.Signbit(v):
		s = "-" + s
	case strings.Contains(f, "+"):
		s = "+" + s
	case strings.Contains(f, " "):
		s = " " + s
	}
	if upper {
		s = strings.ToUpper(s)
	}
	return pad(s, strings.ReplaceAll(f, "0", ""), width, "", false)
}

// zeroPad pads a %a result to width: with zeros after its 0x under the
// 0 flag (not with -), else as pad does.
func zeroPad(s, flags, width string) string {
	w, _ := strconv.Atoi(width)
	i := strings.Index(strings.ToLower(s), "0x")
	if !strings.Contains(flags, "0") || strings.Contains(flags, "-") || len(s) >= w || i < 0 || strings.ContainsAny(s, "iInN") {
		return pad(s, flags, width, "", false)
	}
	return s[:i+2] + strings.Repeat("0", w-len(s)) + s[i+2:]
}
