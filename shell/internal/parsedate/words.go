package parsedate

import (
	"strings"
	"time"
)

// wordKind is what a word of a date string names.
type wordKind int

const (
	wordNone      wordKind = iota
	wordMeridian           // AM, PM: n is 0 or 12
	wordMonth              // n is 1..12
	wordDay                // a weekday: n is 0 (Sunday)..6
	wordZone               // n is the offset in seconds east of UTC
	wordDayZone            // a summer-time zone (EDT, CEST): n as wordZone
	wordLocalZone          // an abbreviation of the local zone: n is 1 when it is its summer time
	wordDST                // DST: an hour added to the zone before it
	wordUnit               // n seconds, or unitMonth, unitYear
	wordDayShift           // TOMORROW, YESTERDAY, TODAY, NOW: n days
	wordOrdinal            // LAST, THIS, NEXT, FIRST, THIRD..TWELFTH: n
	wordAgo                // AGO (n = -1), HENCE (n = 1)
)

// Units too long for seconds: months and years.
const (
	unitMonth = -1
	unitYear  = -2
)

var monthWords = []string{"JANUARY", "FEBRUARY", "MARCH", "APRIL", "MAY", "JUNE", "JULY", "AUGUST", "SEPTEMBER", "OCTOBER", "NOVEMBER", "DECEMBER"}

var dayWords = []string{"SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"}

// extraDayMonth are the longer abbreviations gnulib knows besides the
// three-letter ones.
var extraDayMonth = map[string]struct {
	kind wordKind
	n    int
}{
	"SEPT": {wordMonth, 9}, "TUES": {wordDay, 2}, "WEDNES": {wordDay, 3}, "THUR": {wordDay, 4}, "THURS": {wordDay, 4},
}

// zoneWords are the zone abbreviations gnulib's parse-datetime knows,
// east of UTC in minutes; summer-time zones are marked (they take no
// DST after them).
var zoneWords = map[string]struct {
	minutes int
	summer  bool
}{
	"GMT": {0, false}, "UT": {0, false}, "UTC": {0, false},
	"WET": {0, false}, "WEST": {60, true}, "BST": {60, true},
	"ART": {-180, false}, "BRT": {-180, false}, "BRST": {-120, true},
	"NST": {-210, false}, "NDT": {-150, true},
	"AST": {-240, false}, "ADT": {-180, true}, "CLT": {-240, false}, "CLST": {-180, true},
	"EST": {-300, false}, "EDT": {-240, true}, "CST": {-360, false}, "CDT": {-300, true},
	"MST": {-420, false}, "MDT": {-360, true}, "PST": {-480, false}, "PDT": {-420, true},
	"AKST": {-540, false}, "AKDT": {-480, true}, "HST": {-600, false}, "HAST": {-600, false}, "HADT": {-540, true},
	"SST": {-720, false}, "WAT": {60, false}, "CET": {60, false}, "CEST": {120, true},
	"MET": {60, false}, "MEZ": {60, false}, "MEST": {120, true}, "MESZ": {120, true},
	"EET": {120, false}, "EEST": {180, true}, "CAT": {120, false}, "SAST": {120, false},
	"EAT": {180, false}, "MSK": {180, false}, "MSD": {240, true}, "IST": {330, false},
	"SGT": {480, false}, "KST": {540, false}, "JST": {540, false}, "GST": {600, false},
	"NZST": {720, false}, "NZDT": {780, true},
}

var unitWords = map[string]int{
	"YEAR": unitYear, "MONTH": unitMonth, "FORTNIGHT": 14 * 86400, "WEEK": 7 * 86400, "DAY": 86400,
	"HOUR": 3600, "MINUTE": 60, "MIN": 60, "SECOND": 1, "SEC": 1,
}

var relWords = map[string]struct {
	kind wordKind
	n    int
}{
	"TOMORROW": {wordDayShift, 1}, "YESTERDAY": {wordDayShift, -1}, "TODAY": {wordDayShift, 0}, "NOW": {wordDayShift, 0},
	"LAST": {wordOrdinal, -1}, "THIS": {wordOrdinal, 0}, "NEXT": {wordOrdinal, 1}, "FIRST": {wordOrdinal, 1},
	"THIRD": {wordOrdinal, 3}, "FOURTH": {wordOrdinal, 4}, "FIFTH": {wordOrdinal, 5}, "SIXTH": {wordOrdinal, 6},
	"SEVENTH": {wordOrdinal, 7}, "EIGHTH": {wordOrdinal, 8}, "NINTH": {wordOrdinal, 9}, "TENTH": {wordOrdinal, 10},
	"ELEVENTH": {wordOrdinal, 11}, "TWELFTH": {wordOrdinal, 12},
	"AGO": {wordAgo, -1}, "HENCE": {wordAgo, 1},
}

// lookupWord classifies an upper-cased word in gnulib's order:
// meridians, months and weekdays, zones (the local zone's own
// abbreviations first), DST, units (also plural), relative words,
// military zone letters, and last the word with its periods taken out
// as a zone ("U.T.C.").
func (p *parser) lookupWord(w string) (wordKind, int) {
	switch w {
	case "AM", "A.M.":
		return wordMeridian, 0
	case "PM", "P.M.":
		return wordMeridian, 12
	}
	if k, n, ok := dayOrMonth(w); ok {
		return k, n
	}
	if k, n, ok := p.zoneWord(w); ok {
		return k, n
	}
	if w == "DST" {
		return wordDST, 0
	}
	if n, ok := unitWords[w]; ok {
		return wordUnit, n
	}
	if n, ok := unitWords[strings.TrimSuffix(w, "S")]; ok && strings.HasSuffix(w, "S") {
		return wordUnit, n
	}
	if r, ok := relWords[w]; ok {
		return r.kind, r.n
	}
	if len(w) == 1 && w != "J" {
		return wordZone, militaryOffset(w[0])
	}
	if strings.Contains(w, ".") {
		if k, n, ok := p.zoneWord(strings.ReplaceAll(w, ".", "")); ok {
			return k, n
		}
	}
	return wordNone, 0
}

// dayOrMonth: a full month or weekday name, its first three letters
// (with or without a period), or one of extraDayMonth.
func dayOrMonth(w string) (wordKind, int, bool) {
	abbrev := len(w) == 3 || len(w) == 4 && w[3] == '.'
	match := func(name string) bool {
		if abbrev {
			return w[:3] == name[:3]
		}
		return w == name
	}
	for i, m := range monthWords {
		if match(m) {
			return wordMonth, i + 1, true
		}
	}
	for i, d := range dayWords {
		if match(d) {
			return wordDay, i, true
		}
	}
	if e, ok := extraDayMonth[w]; ok {
		return e.kind, e.n, true
	}
	return wordNone, 0, false
}

// zoneWord: the local zone's abbreviations (standard and summer time,
// as TZ names them around the reference time), then the fixed table.
func (p *parser) zoneWord(w string) (wordKind, int, bool) {
	for _, t := range []time.Time{p.now, p.now.AddDate(0, 6, 0)} {
		name, _ := t.Zone()
		if strings.EqualFold(name, w) && p.now.Location() != time.UTC {
			if t.IsDST() {
				return wordLocalZone, 1, true
			}
			return wordLocalZone, 0, true
		}
	}
	if z, ok := zoneWords[w]; ok {
		if z.summer {
			return wordDayZone, z.minutes * 60, true
		}
		return wordZone, z.minutes * 60, true
	}
	return wordNone, 0, false
}

// militaryOffset: A..I are +1..+9 hours, K..M +10..+12, N..Y -1..-12,
// Z is UTC (J, the observer's own time, is no zone).
func militaryOffset(c byte) int {
	switch {
	case c >= 'A' && c <= 'I':
		return int(c-'A'+1) * 3600
	case c >= 'K' && c <= 'M':
		return int(c-'K'+10) * 3600
	case c >= 'N' && c <= 'Y':
		return -int(c-'N'+1) * 3600
	}
	return 0
}
