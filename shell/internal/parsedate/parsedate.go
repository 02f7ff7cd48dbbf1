// Package parsedate is memsh's one reader of GNU date strings, the
// free-form dates `date -d`, `date -f`, `touch -d`, `find -newermt` and
// `tar --newer` take. It follows gnulib's parse-datetime grammar: items
// in any order, each at most once (a calendar date, a time of day, a
// weekday, a zone), and any number of relative items.
//
//   - @SECONDS[.FRACTION]: seconds since the epoch, alone.
//   - dates: 2024-06-15, 6/15[/24], 2024/06/15, 15 jun [2024],
//     jun 15[, 2024], 15-jun-2024, jun-15-2024, 20240615; a two-digit
//     year is 1969..2068.
//   - times: 10:30[:45[.5]], 10am, 10:30pm, 1030 (a bare number), with
//     an offset after it (+05, +0530, +05:30); ISO 8601's T between a
//     date and a time.
//   - zones: UTC, GMT, Z, military letters, gnulib's abbreviations (EST,
//     CEST, ...), the local zone's own (with summer time checked), an
//     offset after a zone (UTC+2), DST after a zone.
//   - weekdays: monday, next tues, last friday, third friday, 2 monday.
//   - relative items: [N|ordinal] unit [ago|hence] (years, months,
//     fortnights, weeks, days, hours, minutes, seconds), tomorrow,
//     yesterday, today, now. "ago" turns the item before it only.
//   - TZ="ZONE" first: the string is read in that zone.
//   - (comments) are skipped; case does not matter.
//
// Unset fields come from the reference time in its zone; the time of day
// is midnight unless a time or a relative item (without a date or
// weekday) is given. Relative years, months and days move the calendar
// (January 31 + 1 month is March 2 or 3), then hours, minutes and
// seconds are added.
package parsedate

import (
	"errors"
	"strconv"
	"strings"
	"time"
)

// ErrInvalid is returned for a string GNU date calls an invalid date.
var ErrInvalid = errors.New("invalid date")

// Parse reads a GNU date string s against the reference time now: its
// zone is the local zone the string's times are in (TZ), and the result
// is in that zone too.
func Parse(s string, now time.Time) (time.Time, error) {
	loc := now.Location()
	rest := strings.TrimLeft(s, " \t\n\r\v\f")
	if strings.HasPrefix(rest, `TZ="`) {
		tz, after, ok := tzPrefix(rest[len(`TZ="`):])
		if !ok {
			return time.Time{}, ErrInvalid
		}
		t, err := Parse(after, now.In(LoadZone(tz)))
		return t.In(loc), err
	}
	toks, ok := lex(s)
	if !ok {
		return time.Time{}, ErrInvalid
	}
	if toks[0].kind == tokChar && toks[0].word == "@" {
		return epoch(toks[1:], loc)
	}
	p := &parser{toks: toks, now: now}
	if !p.items() {
		return time.Time{}, ErrInvalid
	}
	return p.resolve()
}

// tzPrefix reads the zone of TZ="ZONE" (backslash escapes '\\' and '"')
// and returns it with what follows.
func tzPrefix(s string) (string, string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s) && (s[i+1] == '\\' || s[i+1] == '"'):
			i++
			b.WriteByte(s[i])
		case c == '"':
			return b.String(), s[i+1:], true
		default:
			b.WriteByte(c)
		}
	}
	return "", "", false
}

// epoch reads what follows '@': seconds since the epoch, alone.
func epoch(toks []token, loc *time.Location) (time.Time, error) {
	if len(toks) != 2 || toks[0].kind != tokNum {
		return time.Time{}, ErrInvalid
	}
	t := toks[0]
	sec, ns := t.value, int64(fracNanos(t.frac))
	if t.neg {
		sec = -sec
		if ns > 0 {
			sec, ns = sec-1, 1e9-ns
		}
	}
	return time.Unix(sec, ns).In(loc), nil
}

// parser holds what the items of a date string have set, as gnulib's
// parser_control does.
type parser struct {
	toks []token
	pos  int
	now  time.Time

	year, month, day     int
	yearDigits           int
	hour, minute, second int
	nsec                 int
	meridian             int // -1: a 24-hour clock; 0 AM; 12 PM

	zoneOffset  int // seconds east of UTC
	localDST    int // the local zone named: 1 in its summer time, else 0
	weekday     int
	weekdayOrd  int
	relY, relM  int
	relD        int
	relS, relNS int64

	dates, times, days, zones, localZones, dsts int
	rels                                        bool
}

func (p *parser) peek(k int) token {
	if p.pos+k < len(p.toks) {
		return p.toks[p.pos+k]
	}
	return token{kind: tokEnd}
}

func (p *parser) isChar(k int, c string) bool {
	t := p.peek(k)
	return t.kind == tokChar && t.word == c
}

func (p *parser) wordAt(k int) (wordKind, int) {
	t := p.peek(k)
	if t.kind != tokWord {
		return wordNone, 0
	}
	return p.lookupWord(t.word)
}

func unsigned(t token) bool { return t.kind == tokNum && !t.signed && t.frac == "" }
func snumber(t token) bool  { return t.kind == tokNum && t.signed && t.frac == "" }

// items reads every item; false on a syntax error or an item given twice.
func (p *parser) items() bool {
	y, mo, d := p.now.Date()
	p.year, p.month, p.day = y, int(mo), d
	p.hour, p.minute, p.second, p.nsec = p.now.Hour(), p.now.Minute(), p.now.Second(), p.now.Nanosecond()
	p.meridian = -1
	for p.peek(0).kind != tokEnd {
		if !p.item() {
			return false
		}
		if p.times > 1 || p.dates > 1 || p.days > 1 || p.dsts > 1 || p.zones+p.localZones > 1 {
			return false
		}
	}
	return true
}

func (p *parser) item() bool {
	t := p.peek(0)
	switch t.kind {
	case tokNum:
		return p.numberItem()
	case tokWord:
		return p.wordItem()
	}
	return false
}

// numberItem: an item that starts with a number.
func (p *parser) numberItem() bool {
	t := p.peek(0)
	if t.frac != "" {
		// 1.5 seconds
		if k, n := p.wordAt(1); k == wordUnit && n == 1 {
			p.pos += 2
			return p.rel(t.num(), n, fracNanos(t.frac), t.neg)
		}
		return false
	}
	if k, n := p.wordAt(1); k == wordUnit {
		p.pos += 2
		return p.rel(t.num(), n, 0, false)
	}
	if t.signed {
		return false
	}
	next := p.peek(1)
	switch {
	case p.isChar(1, ":"):
		return p.timeItem()
	case p.isChar(1, "/"):
		return p.slashDate()
	case next.kind == tokWord:
		switch k, n := p.wordAt(1); k {
		case wordMeridian:
			p.pos += 2
			p.setTime(int(t.value), 0, 0, 0, n)
			return true
		case wordMonth:
			// 15 jun [2024], 15-jun-2024
			p.pos += 2
			p.setDate(0, n, int(t.value), 0)
			if y := p.peek(0); y.kind == tokNum && y.frac == "" && !p.isChar(1, ":") {
				p.pos++
				p.year, p.yearDigits = int(y.value), y.digits
			} else if y.kind == tokNum && p.isChar(1, ":") {
				return false
			}
			return true
		case wordDay:
			// 2 monday: the second Monday from now
			p.pos += 2
			p.days++
			p.weekday, p.weekdayOrd = n, int(t.value)
			p.skipComma()
			return true
		}
	case snumber(next) && next.neg && snumber(p.peek(2)) && p.peek(2).neg:
		// ISO 8601: 2024-06-15, maybe T and a time after it.
		p.pos += 3
		p.setDate(int(t.value), int(next.value), int(p.peek(-1).value), t.digits)
		if w := p.peek(0); w.kind == tokWord && w.word == "T" {
			if !unsigned(p.peek(1)) || !p.isChar(2, ":") {
				return false
			}
			p.pos++
			return p.timeItem()
		}
		return true
	case snumber(next) && !p.unitAt(2):
		// hh +zone
		p.pos++
		p.setTime(int(t.value), 0, 0, 0, -1)
		return p.zoneOffsetItem(0)
	}
	p.pos++
	p.bareNumber(t)
	return true
}

func (p *parser) unitAt(k int) bool {
	kind, _ := p.wordAt(k)
	return kind == wordUnit
}

func (p *parser) skipComma() {
	if p.isChar(0, ",") {
		p.pos++
	}
}

// timeItem: hh:mm[:ss[.frac]] then a meridian or an offset.
func (p *parser) timeItem() bool {
	h, m := p.peek(0), p.peek(2)
	if !unsigned(m) {
		return false
	}
	p.pos += 3
	sec, ns := 0, 0
	if p.isChar(0, ":") {
		s := p.peek(1)
		if s.kind != tokNum || s.signed {
			return false
		}
		sec, ns = int(s.value), fracNanos(s.frac)
		p.pos += 2
	}
	if k, n := p.wordAt(0); k == wordMeridian {
		p.pos++
		p.setTime(int(h.value), int(m.value), sec, ns, n)
		return true
	}
	p.setTime(int(h.value), int(m.value), sec, ns, -1)
	if snumber(p.peek(0)) {
		// An offset, even before a unit: "10:00 -5 days" is 10:00 at
		// UTC-5 plus a day, as in GNU.
		return p.zoneOffsetItem(0)
	}
	return true
}

// zoneOffsetItem reads +hh, +hhmm or +hh:mm as a zone base seconds
// east of UTC plus that offset.
func (p *parser) zoneOffsetItem(base int) bool {
	t := p.peek(0)
	p.pos++
	var off int64
	switch {
	case p.isChar(0, ":") && unsigned(p.peek(1)):
		off = t.value*60 + p.peek(1).value
		p.pos += 2
	case t.digits <= 2:
		off = t.value * 60
	default:
		off = t.value/100*60 + t.value%100
	}
	if off > 24*60 {
		return false
	}
	if t.neg {
		off = -off
	}
	p.zones++
	p.zoneOffset = base + int(off)*60
	return true
}

// slashDate: mm/dd, mm/dd/yy[yy] or yyyy/mm/dd.
func (p *parser) slashDate() bool {
	a, b := p.peek(0), p.peek(2)
	if !unsigned(b) {
		return false
	}
	p.pos += 3
	if !p.isChar(0, "/") {
		p.setDate(0, int(a.value), int(b.value), 0)
		return true
	}
	c := p.peek(1)
	if !unsigned(c) {
		return false
	}
	p.pos += 2
	if a.digits >= 3 {
		p.setDate(int(a.value), int(b.value), int(c.value), a.digits)
	} else {
		p.setDate(int(c.value), int(a.value), int(b.value), c.digits)
	}
	return true
}

// bareNumber is a number on its own: a year after a date (and a time,
// or with more than two digits), else yyyymmdd with five digits or
// more, else hh or hhmm.
func (p *parser) bareNumber(t token) {
	if p.dates > 0 && p.yearDigits == 0 && !p.rels && (p.times > 0 || t.digits > 2) {
		p.year, p.yearDigits = int(t.value), t.digits
		return
	}
	if t.digits > 4 {
		p.setDate(int(t.value/10000), int(t.value/100%100), int(t.value%100), t.digits-4)
		return
	}
	if t.digits <= 2 {
		p.setTime(int(t.value), 0, 0, 0, -1)
	} else {
		p.setTime(int(t.value/100), int(t.value%100), 0, 0, -1)
	}
}

func (p *parser) setDate(y, m, d, yearDigits int) {
	p.dates++
	if yearDigits > 0 {
		p.year = y
	}
	p.month, p.day, p.yearDigits = m, d, yearDigits
}

func (p *parser) setTime(h, m, s, ns, meridian int) {
	p.times++
	p.hour, p.minute, p.second, p.nsec, p.meridian = h, m, s, ns, meridian
}

// wordItem: an item that starts with a word.
func (p *parser) wordItem() bool {
	k, n := p.wordAt(0)
	p.pos++
	switch k {
	case wordMonth:
		return p.monthFirst(n)
	case wordDay:
		p.days++
		p.weekday, p.weekdayOrd = n, 0
		p.skipComma()
		return true
	case wordZone:
		if kd, _ := p.wordAt(0); kd == wordDST {
			p.pos++
			p.dsts++
			n += 3600
		} else if snumber(p.peek(0)) && !p.unitAt(1) {
			return p.zoneOffsetItem(n)
		}
		p.zones++
		p.zoneOffset = n
		return true
	case wordDayZone:
		p.zones++
		p.zoneOffset = n
		return true
	case wordLocalZone:
		p.localZones++
		p.localDST = n
		if kd, _ := p.wordAt(0); kd == wordDST {
			p.pos++
			p.dsts++
			p.localDST = 1
		}
		return true
	case wordUnit:
		return p.rel(1, n, 0, false)
	case wordDayShift:
		p.rels = true
		p.relD += n
		return true
	case wordOrdinal:
		switch k2, n2 := p.wordAt(0); k2 {
		case wordUnit:
			p.pos++
			return p.rel(int64(n), n2, 0, false)
		case wordDay:
			p.pos++
			p.days++
			p.weekday, p.weekdayOrd = n2, n
			p.skipComma()
			return true
		}
	}
	return false
}

// monthFirst: jun 15, jun 15, 2024, jun-15-2024.
func (p *parser) monthFirst(month int) bool {
	d := p.peek(0)
	switch {
	case unsigned(d):
		p.pos++
		p.setDate(0, month, int(d.value), 0)
		if p.isChar(0, ",") && unsigned(p.peek(1)) {
			y := p.peek(1)
			p.pos += 2
			p.year, p.yearDigits = int(y.value), y.digits
		}
		return true
	case snumber(d) && d.neg && snumber(p.peek(1)) && p.peek(1).neg:
		y := p.peek(1)
		p.pos += 2
		p.setDate(int(y.value), month, int(d.value), y.digits)
		return true
	}
	return false
}

// rel adds n units (seconds, or unitMonth/unitYear), then an "ago" or
// "hence" right after it turns it; fracNS is a fraction of a second.
func (p *parser) rel(n int64, unit, fracNS int, neg bool) bool {
	mult := int64(1)
	if k, m := p.wordAt(0); k == wordAgo {
		p.pos++
		mult = int64(m)
	}
	n *= mult
	p.rels = true
	switch unit {
	case unitYear:
		p.relY += int(n)
	case unitMonth:
		p.relM += int(n)
	default:
		if unit%86400 == 0 {
			p.relD += int(n) * (unit / 86400)
			return true
		}
		p.relS += n * int64(unit)
		ns := int64(fracNS) * mult
		if neg {
			ns = -ns
		}
		p.relNS += ns
	}
	return true
}

// resolve turns the items into a time, as gnulib's parse_datetime does
// after the grammar.
func (p *parser) resolve() (time.Time, error) {
	year := p.year
	if p.yearDigits == 2 {
		if year < 69 {
			year += 2000
		} else {
			year += 1900
		}
	}
	var h, mi, s, ns int
	if p.times > 0 || p.rels && p.dates == 0 && p.days == 0 {
		var ok bool
		if h, ok = toHour(p.hour, p.meridian); !ok {
			return time.Time{}, ErrInvalid
		}
		mi, s, ns = p.minute, p.second, p.nsec
	}
	loc := p.now.Location()
	if p.zones > 0 {
		loc = time.FixedZone(offsetName(p.zoneOffset), p.zoneOffset)
	}
	t := time.Date(year, time.Month(p.month), p.day, h, mi, s, ns, loc)
	if ty, tm, td := t.Date(); ty != year || int(tm) != p.month || td != p.day || t.Hour() != h || t.Minute() != mi || t.Second() != s {
		// February 30, 10:61, or a local time a DST change skips.
		return time.Time{}, ErrInvalid
	}
	if p.localZones > 0 && t.IsDST() != (p.localDST == 1) {
		return time.Time{}, ErrInvalid
	}
	if p.days > 0 && p.dates == 0 {
		wd := int(t.Weekday())
		shift := (p.weekday - wd + 7) % 7
		ord := p.weekdayOrd
		if ord > 0 && wd != p.weekday {
			ord--
		}
		t = time.Date(t.Year(), t.Month(), t.Day()+shift+7*ord, h, mi, s, ns, loc)
	}
	if p.relY != 0 || p.relM != 0 || p.relD != 0 {
		t = time.Date(t.Year()+p.relY, t.Month()+time.Month(p.relM), t.Day()+p.relD, t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), loc)
	}
	t = t.Add(time.Duration(p.relS)*time.Second + time.Duration(p.relNS))
	return t.In(p.now.Location()), nil
}

// toHour applies a meridian: a 24-hour clock takes 0..23, AM and PM
// 1..12.
func toHour(h, meridian int) (int, bool) {
	switch {
	case meridian < 0:
		return h, h >= 0 && h < 24
	case h < 1 || h > 12:
		return 0, false
	}
	return h%12 + meridian, true
}

// offsetName names a fixed zone as GNU date's %Z shows one: +hh:mm.
func offsetName(off int) string {
	sign := byte('+')
	if off < 0 {
		sign, off = '-', -off
	}
	b := []byte{sign}
	b = strconv.AppendInt(b, int64(off/3600/10), 10)
	b = strconv.AppendInt(b, int64(off/3600%10), 10)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(off/60%60/10), 10)
	b = strconv.AppendInt(b, int64(off/60%10), 10)
	return string(b)
}
