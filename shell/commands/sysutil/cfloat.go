package sysutil

import (
	"math"
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
	neg := math.Signbit(x)
	ax := math.Abs(x)
	var body string
	upper := sp.verb >= 'A' && sp.verb <= 'Z'
	lower := sp.verb | 0x20
	finite := !math.IsInf(x, 0) && !math.IsNaN(x)
	switch {
	case math.IsInf(x, 0):
		body = "inf"
	case math.IsNaN(x):
		body = "nan"
	default:
		prec := sp.prec
		switch lower {
		case 'f':
			if prec < 0 {
				prec = 6
			}
			body = strconv.FormatFloat(ax, 'f', prec, 64)
			if sp.alt && prec == 0 {
				body += "."
			}
		case 'e':
			if prec < 0 {
				prec = 6
			}
			body = strconv.FormatFloat(ax, 'e', prec, 64)
			if sp.alt && prec == 0 {
				body = strings.Replace(body, "e", ".e", 1)
			}
		case 'g':
			body = formatG(ax, prec, sp.alt)
		case 'a':
			body = strconv.FormatFloat(ax, 'x', prec, 64)
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
	if upper {
		body = strings.ToUpper(body)
	}
	sign := ""
	switch {
	case neg && !(math.IsNaN(x)):
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

// formatG is C's %g: precision P significant digits (6 by default, 0
// means 1); style e when the exponent is < -4 or >= P, else f; trailing
// zeros removed unless alt.
func formatG(ax float64, prec int, alt bool) string {
	if prec < 0 {
		prec = 6
	}
	if prec == 0 {
		prec = 1
	}
	e := strconv.FormatFloat(ax, 'e', prec-1, 64)
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
		s = strconv.FormatFloat(ax, 'f', prec-1-exp, 64)
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
