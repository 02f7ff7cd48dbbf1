// Package strftime is memsh's one C strftime: GNU date's +FORMAT in the C
// locale, which date, ls --time-style, find -printf, printf's %(fmt)T,
// awk's strftime and pr's header all format with.
package strftime

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Weekday and month names in the C locale.
var (
	WeekdayNames = []string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}
	MonthNames   = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
)

// Format formats t as GNU date's +FORMAT does in the C locale, with
// GNU's flags (- no padding, _ space padding, 0 zero padding, ^ upper
// case, # swapped case), field widths, %N's precision and %:z forms.
func Format(format string, t time.Time) string {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			b.WriteByte(c)
			continue
		}
		start := i
		i++
		var pad byte // 0: the directive's default
		upper, swap := false, false
		for ; i < len(format); i++ {
			switch format[i] {
			case '-', '_', '0', '+':
				pad = format[i]
				continue
			case '^':
				upper = true
				continue
			case '#':
				swap = true
				continue
			}
			break
		}
		width := -1
		for ; i < len(format) && format[i] >= '0' && format[i] <= '9'; i++ {
			if width < 0 {
				width = 0
			}
			width = width*10 + int(format[i]-'0')
		}
		colons := 0
		for ; i < len(format) && format[i] == ':'; i++ {
			colons++
		}
		for i < len(format) && (format[i] == 'E' || format[i] == 'O') {
			i++
		}
		if i >= len(format) {
			b.WriteString(format[start:])
			break
		}
		verb := format[i]
		if colons > 0 && verb != 'z' {
			b.WriteString(format[start : i+1])
			continue
		}
		if verb == 'z' && colons <= 2 {
			b.WriteString(zoneField(t, colons, width, pad))
			continue
		}
		val, numeric, defPad, defWidth, ok := strftimeField(verb, t, colons, width)
		if !ok {
			b.WriteString(format[start : i+1])
			continue
		}
		if verb == '%' && i-start > 1 {
			// Flags or a width on %% make it no directive at all.
			b.WriteString(format[start : i+1])
			continue
		}
		if upper && verb != 'P' {
			val = strings.ToUpper(val)
		} else if swap {
			// # swaps the case of names only: upper for day and month
			// names, lower for AM/PM and the zone.
			switch verb {
			case 'p', 'Z':
				val = strings.ToLower(val)
			case 'a', 'A', 'b', 'B', 'h':
				val = strings.ToUpper(val)
			}
		}
		if pad == 0 {
			pad = defPad
		}
		if width < 0 {
			width = defWidth
		}
		if verb == 'N' {
			width = -1
		}
		b.WriteString(padField(val, numeric, pad, width))
	}
	return b.String()
}

// padField pads val to width with pad ('0', '_' or '-' for none).
func padField(val string, numeric bool, pad byte, width int) string {
	if pad == '-' || width <= len(val) {
		if pad == '-' && numeric {
			// "-" also removes the directive's own padding (%-d of " 5").
			val = strings.TrimLeft(val, " ")
			if len(val) > 1 {
				trimmed := strings.TrimLeft(val, "0")
				if trimmed == "" {
					trimmed = "0"
				}
				val = trimmed
			}
		}
		return val
	}
	fill := " "
	if pad == '0' || pad == '+' {
		fill = "0"
	}
	if numeric {
		neg := strings.HasPrefix(val, "-")
		digits := strings.TrimLeft(strings.TrimPrefix(val, "-"), " 0")
		if digits == "" {
			digits = "0"
		}
		sign := ""
		if neg {
			sign = "-"
		}
		n := width - len(sign) - len(digits)
		if n < 0 {
			n = 0
		}
		if fill == "0" {
			return sign + strings.Repeat("0", n) + digits
		}
		return strings.Repeat(" ", n) + sign + digits
	}
	return strings.Repeat(fill, width-len(val)) + val
}

// strftimeField renders one directive: its text, whether it is a number,
// its default padding and width.
func strftimeField(verb byte, t time.Time, colons, width int) (val string, numeric bool, pad byte, w int, ok bool) {
	num := func(n, width int) (string, bool, byte, int, bool) {
		return strconv.Itoa(n), true, '0', width, true
	}
	spaced := func(n, width int) (string, bool, byte, int, bool) {
		return strconv.Itoa(n), true, '_', width, true
	}
	str := func(s string) (string, bool, byte, int, bool) { return s, false, '_', 0, true }
	hour12 := t.Hour() % 12
	if hour12 == 0 {
		hour12 = 12
	}
	switch verb {
	case '%':
		return str("%")
	case 'a':
		return str(WeekdayNames[t.Weekday()][:3])
	case 'A':
		return str(WeekdayNames[t.Weekday()])
	case 'b', 'h':
		return str(MonthNames[t.Month()-1][:3])
	case 'B':
		return str(MonthNames[t.Month()-1])
	case 'c':
		return str(Format("%a %b %e %H:%M:%S %Y", t))
	case 'C':
		return num(t.Year()/100, 2)
	case 'd':
		return num(t.Day(), 2)
	case 'D', 'x':
		return str(Format("%m/%d/%y", t))
	case 'e':
		return spaced(t.Day(), 2)
	case 'F':
		return str(Format("%Y-%m-%d", t))
	case 'g':
		y, _ := t.ISOWeek()
		return num(((y%100)+100)%100, 2)
	case 'G':
		y, _ := t.ISOWeek()
		return num(y, 4)
	case 'H':
		return num(t.Hour(), 2)
	case 'I':
		return num(hour12, 2)
	case 'j':
		return num(t.YearDay(), 3)
	case 'k':
		return spaced(t.Hour(), 2)
	case 'l':
		return spaced(hour12, 2)
	case 'm':
		return num(int(t.Month()), 2)
	case 'M':
		return num(t.Minute(), 2)
	case 'n':
		return str("\n")
	case 'N':
		ns := fmt.Sprintf("%09d", t.Nanosecond())
		if width > 0 && width < 9 {
			ns = ns[:width]
		} else if width > 9 {
			ns += strings.Repeat("0", width-9)
		}
		return ns, false, '0', 0, true
	case 'p':
		if t.Hour() < 12 {
			return str("AM")
		}
		return str("PM")
	case 'P':
		if t.Hour() < 12 {
			return str("am")
		}
		return str("pm")
	case 'q':
		return num((int(t.Month())-1)/3+1, 1)
	case 'r':
		return str(Format("%I:%M:%S %p", t))
	case 'R':
		return str(Format("%H:%M", t))
	case 's':
		return num(int(t.Unix()), 1)
	case 'S':
		return num(t.Second(), 2)
	case 't':
		return str("\t")
	case 'T', 'X':
		return str(Format("%H:%M:%S", t))
	case 'u':
		wd := int(t.Weekday())
		if wd == 0 {
			wd = 7
		}
		return num(wd, 1)
	case 'U':
		return num((t.YearDay()+6-int(t.Weekday()))/7, 2)
	case 'V':
		_, wk := t.ISOWeek()
		return num(wk, 2)
	case 'w':
		return num(int(t.Weekday()), 1)
	case 'W':
		return num((t.YearDay()+6-(int(t.Weekday())+6)%7)/7, 2)
	case 'y':
		return num(((t.Year()%100)+100)%100, 2)
	case 'Y':
		return num(t.Year(), 1)
	case 'z':
		return zoneOffset(t, colons), false, '0', 0, colons <= 3
	case 'Z':
		name, _ := t.Zone()
		return str(name)
	}
	return "", false, 0, 0, false
}

// zoneOffset is %z (+hhmm), %:z (+hh:mm), %::z (+hh:mm:ss) or %:::z
// (the shortest of +hh, +hh:mm, +hh:mm:ss that is exact).
func zoneOffset(t time.Time, colons int) string {
	_, off := t.Zone()
	sign := "+"
	if off < 0 {
		sign, off = "-", -off
	}
	h, m, s := off/3600, off/60%60, off%60
	switch colons {
	case 0:
		return fmt.Sprintf("%s%02d%02d", sign, h, m)
	case 1:
		return fmt.Sprintf("%s%02d:%02d", sign, h, m)
	case 2:
		return fmt.Sprintf("%s%02d:%02d:%02d", sign, h, m, s)
	}
	switch {
	case s != 0:
		return fmt.Sprintf("%s%02d:%02d:%02d", sign, h, m, s)
	case m != 0:
		return fmt.Sprintf("%s%02d:%02d", sign, h, m)
	}
	return fmt.Sprintf("%s%02d", sign, h)
}

// zoneField is %z, %:z or %::z with gnulib's padding: the offset is a
// signed number (hhmm, or hours followed by :mm[:ss]) filling the width
// (5, 6 or 9 by default) with zeros after the sign, blanks before it
// (_), or not at all (-).
func zoneField(t time.Time, colons, width int, pad byte) string {
	_, off := t.Zone()
	sign := "+"
	if off < 0 {
		sign, off = "-", -off
	}
	h, m, s := off/3600, off/60%60, off%60
	var head, tail string
	switch colons {
	case 0:
		head = strconv.Itoa(h*100 + m)
	case 1:
		head, tail = strconv.Itoa(h), fmt.Sprintf(":%02d", m)
	default:
		head, tail = strconv.Itoa(h), fmt.Sprintf(":%02d:%02d", m, s)
	}
	if width < 0 {
		width = [3]int{5, 6, 9}[colons]
	}
	fill := width - 1 - len(head) - len(tail)
	if fill <= 0 || pad == '-' {
		return sign + head + tail
	}
	if pad == '_' {
		return strings.Repeat(" ", fill) + sign + head + tail
	}
	return sign + strings.Repeat("0", fill) + head + tail
}

// Widest is the widest field width a strftime format asks for
// (math.MaxInt when a width overflows), so that `date +%99999999999Y`
// can be refused before it is built in memory.
func Widest(format string) int {
	widest := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && strings.IndexByte("-_0+^#", format[i]) >= 0 {
			i++
		}
		width := 0
		for ; i < len(format) && format[i] >= '0' && format[i] <= '9'; i++ {
			if width > (math.MaxInt-9)/10 {
				width = math.MaxInt
				continue
			}
			width = width*10 + int(format[i]-'0')
		}
		widest = max(widest, width) // the loop's i++ steps over the verb
	}
	return widest
}
