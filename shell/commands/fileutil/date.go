package fileutil

import (
	"errors"
	"strconv"
	"strings"
	"time"
)

var errBadDate = errors.New("invalid date")

var monthNames = map[string]time.Month{
	"jan": 1, "feb": 2, "mar": 3, "apr": 4, "may": 5, "jun": 6,
	"jul": 7, "aug": 8, "sep": 9, "sept": 9, "oct": 10, "nov": 11, "dec": 12,
	"january": 1, "february": 2, "march": 3, "april": 4, "june": 6, "july": 7,
	"august": 8, "september": 9, "october": 10, "november": 11, "december": 12,
}

// zoneHours are the zone abbreviations GNU's date parser knows, as offsets.
var zoneHours = map[string]int{
	"est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6, "pst": -8, "pdt": -7,
	"akst": -9, "akdt": -8, "hst": -10, "ast": -4, "adt": -3, "nst": -3, "wet": 0, "west": 1,
	"bst": 1, "cet": 1, "cest": 2, "met": 1, "mest": 2, "eet": 2, "eest": 3, "msk": 3,
	"jst": 9, "kst": 9, "hkt": 8, "aest": 10, "aedt": 11, "nzst": 12, "nzdt": 13,
}

var weekdayNames = map[string]time.Weekday{
	"sun": 0, "mon": 1, "tue": 2, "tues": 2, "wed": 3, "wednes": 3, "thu": 4, "thur": 4, "thurs": 4, "fri": 5, "sat": 6,
	"sunday": 0, "monday": 1, "tuesday": 2, "wednesday": 3, "thursday": 4, "friday": 5, "saturday": 6,
}

// parseDate understands the common forms of GNU's date strings (touch -d):
// "@EPOCH", ISO 8601 dates and times with zones, "Jan 5 2021",
// "5 Jan 2021 10:00", "12:30", "20200102", "now", "today", "yesterday",
// "tomorrow", weekdays ("next monday"), and relative items such as
// "2 days ago", "+1 week", "last month". Times are in loc unless a zone is given.
func parseDate(s string, now time.Time, loc *time.Location) (time.Time, error) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "@") {
		sec, frac, _ := strings.Cut(s[1:], ".")
		n, err := strconv.ParseInt(sec, 10, 64)
		if err != nil {
			return time.Time{}, errBadDate
		}
		var ns int64
		if frac != "" {
			frac = (frac + "000000000")[:9]
			if ns, err = strconv.ParseInt(frac, 10, 64); err != nil {
				return time.Time{}, errBadDate
			}
		}
		return time.Unix(n, ns), nil
	}
	toks := dateTokens(strings.ToLower(s))
	now = now.In(loc)
	if len(toks) == 0 {
		// GNU reads an empty date as the start of today.
		return time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, loc), nil
	}
	var (
		haveDate, haveTime, haveZone bool
		year                         = now.Year()
		month                        = now.Month()
		day                          = now.Day()
		hour, min, sec, nsec         int
		zone                         *time.Location
		relY, relM, relD             int
		relDur                       time.Duration
		weekday                      = -1
		weekdayOrd                   = 0
		afterTime                    = -1 // index of the token right after a time
	)
	unitOf := func(w string) (string, bool) {
		w = strings.TrimSuffix(w, "s")
		switch w {
		case "year", "month", "fortnight", "week", "day", "hour", "minute", "min", "second", "sec":
			return w, true
		}
		return "", false
	}
	addRel := func(n int, unit string) {
		switch unit {
		case "year":
			relY += n
		case "month":
			relM += n
		case "fortnight":
			relD += 14 * n
		case "week":
			relD += 7 * n
		case "day":
			relD += n
		case "hour":
			relDur += time.Duration(n) * time.Hour
		case "minute", "min":
			relDur += time.Duration(n) * time.Minute
		case "second", "sec":
			relDur += time.Duration(n) * time.Second
		}
	}
	isNum := func(t string) bool {
		if t == "" {
			return false
		}
		for _, c := range t {
			if c < '0' || c > '9' {
				return false
			}
		}
		return true
	}
	atoi := func(t string) int { n, _ := strconv.Atoi(t); return n }
	lastRel := [3]int{} // the previous relative item, for "ago"
	lastRelDur := time.Duration(0)
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		next := func(k int) string {
			if i+k < len(toks) {
				return toks[i+k]
			}
			return ""
		}
		switch {
		case t == "," || t == "t" && haveDate:
		case t == "now" || t == "today":
		case t == "yesterday":
			relD--
		case t == "tomorrow":
			relD++
		case t == "ago":
			if lastRel == [3]int{} && lastRelDur == 0 {
				return time.Time{}, errBadDate // "ago" needs a relative item before it
			}
			relY -= 2 * lastRel[0]
			relM -= 2 * lastRel[1]
			relD -= 2 * lastRel[2]
			relDur -= 2 * lastRelDur
		case t == "z" || t == "utc" || t == "gmt" || t == "ut":
			zone, haveZone = time.UTC, true
		case zoneHours[t] != 0:
			zone, haveZone = time.FixedZone(strings.ToUpper(t), zoneHours[t]*3600), true
		case (t == "+" || t == "-") && isNum(next(1)):
			n := atoi(next(1))
			if t == "-" {
				n = -n
			}
			// Right after a time, a signed number is a zone offset even
			// when a unit follows ("10:00 +2 hours" is +02:00, then +1 hour).
			zoneHere := haveTime && !haveZone && i == afterTime
			if u, ok := unitOf(next(2)); ok && !zoneHere {
				lastRel, lastRelDur = relSnapshot(&relY, &relM, &relD, &relDur, func() { addRel(n, u) })
				i += 2
				continue
			}
			if zoneHere && (len(next(1)) == 4 || len(next(1)) <= 2) {
				hh, mm := n/100, n%100
				if len(next(1)) <= 2 {
					hh, mm = n, 0
				}
				off := hh*3600 + mm*60
				i++
				if next(1) == ":" && isNum(next(2)) {
					off = n*3600 + sign(n)*atoi(next(2))*60
					i += 2
				}
				zone, haveZone = time.FixedZone("", off), true
				continue
			}
			return time.Time{}, errBadDate
		case t == "next" || t == "last" || t == "this":
			n := map[string]int{"next": 1, "last": -1, "this": 0}[t]
			w := next(1)
			if wd, ok := weekdayNames[w]; ok {
				weekday, weekdayOrd = int(wd), n
				i++
				continue
			}
			if u, ok := unitOf(w); ok {
				lastRel, lastRelDur = relSnapshot(&relY, &relM, &relD, &relDur, func() { addRel(n, u) })
				i++
				continue
			}
			return time.Time{}, errBadDate
		case isNum(t) && next(1) == "-" && isNum(next(2)) && next(3) == "-" && isNum(next(4)):
			year, month, day = atoi(t), time.Month(atoi(next(2))), atoi(next(4))
			haveDate = true
			i += 4
		case isNum(t) && next(1) == "/" && isNum(next(2)) && next(3) == "/" && isNum(next(4)):
			if len(t) == 4 { // YYYY/MM/DD
				year, month, day = atoi(t), time.Month(atoi(next(2))), atoi(next(4))
			} else { // MM/DD/YY[YY]
				month, day, year = time.Month(atoi(t)), atoi(next(2)), atoi(next(4))
				if len(next(4)) <= 2 {
					year = twoDigitYear(year)
				}
			}
			haveDate = true
			i += 4
		case isNum(t) && next(1) == "/" && isNum(next(2)):
			month, day = time.Month(atoi(t)), atoi(next(2))
			haveDate = true
			i += 2
		case isNum(t) && next(1) == "-" && monthNames[next(2)] != 0 && next(3) == "-" && isNum(next(4)):
			day, month, year = atoi(t), monthNames[next(2)], atoi(next(4))
			haveDate = true
			i += 4
		case monthNames[t] != 0 && next(1) == "-" && isNum(next(2)) && next(3) == "-" && isNum(next(4)):
			month, day, year = monthNames[t], atoi(next(2)), atoi(next(4))
			haveDate = true
			i += 4
		case isNum(t) && next(1) == ":" && isNum(next(2)):
			hour, min = atoi(t), atoi(next(2))
			i += 2
			if next(1) == ":" && isNum(next(2)) {
				sec = atoi(next(2))
				i += 2
				if (next(1) == "." || next(1) == ",") && isNum(next(2)) {
					nsec = atoi((next(2) + "000000000")[:9])
					i += 2
				}
			}
			if next(1) == "am" || next(1) == "pm" {
				if hour > 12 || hour == 0 {
					return time.Time{}, errBadDate
				}
				hour %= 12
				if next(1) == "pm" {
					hour += 12
				}
				i++
			}
			haveTime = true
			afterTime = i + 1
		case isNum(t) && len(t) == 8 && !haveDate:
			year, month, day = atoi(t[:4]), time.Month(atoi(t[4:6])), atoi(t[6:])
			haveDate = true
		case isNum(t):
			n := atoi(t)
			if u, ok := unitOf(next(1)); ok {
				lastRel, lastRelDur = relSnapshot(&relY, &relM, &relD, &relDur, func() { addRel(n, u) })
				i++
				continue
			}
			if m, ok := monthNames[next(1)]; ok {
				day, month = n, m
				haveDate = true
				i++
				if isNum(next(1)) && next(2) != ":" {
					year = atoi(next(1))
					i++
				}
				continue
			}
			if haveDate && !haveTime && len(t) == 4 {
				year = n
				continue
			}
			return time.Time{}, errBadDate
		default:
			if m, ok := monthNames[t]; ok {
				month = m
				haveDate = true
				if isNum(next(1)) && next(2) != ":" {
					day = atoi(next(1))
					i++
					if next(1) == "," {
						i++
					}
					if isNum(next(1)) && next(2) != ":" {
						year = atoi(next(1))
						i++
					}
				}
				continue
			}
			if wd, ok := weekdayNames[t]; ok {
				if !haveDate {
					weekday = int(wd)
				}
				continue
			}
			if u, ok := unitOf(t); ok {
				lastRel, lastRelDur = relSnapshot(&relY, &relM, &relD, &relDur, func() { addRel(1, u) })
				continue
			}
			return time.Time{}, errBadDate
		}
	}
	if month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || min > 59 || sec > 59 {
		return time.Time{}, errBadDate
	}
	if zone == nil {
		zone = loc
	}
	var res time.Time
	switch {
	case haveDate || haveTime || weekday >= 0:
		res = time.Date(year, month, day, hour, min, sec, nsec, zone)
		// A day past the month's end, or a local time a DST change
		// skips, is not a date (mktime would move it).
		if res.Day() != day || res.Hour() != hour || res.Minute() != min {
			return time.Time{}, errBadDate
		}
	default:
		res = now
	}
	if weekday >= 0 && !haveDate { // GNU ignores a weekday beside a calendar date
		diff := (weekday - int(res.Weekday()) + 7) % 7
		if weekdayOrd > 0 && diff == 0 {
			diff = 7
		}
		if weekdayOrd < 0 {
			diff -= 7
		}
		res = res.AddDate(0, 0, diff)
	}
	res = res.AddDate(relY, relM, relD).Add(relDur)
	return res, nil
}

func sign(n int) int {
	if n < 0 {
		return -1
	}
	return 1
}

// relSnapshot runs add and returns what it added, so "ago" can negate it.
func relSnapshot(y, m, d *int, dur *time.Duration, add func()) ([3]int, time.Duration) {
	y0, m0, d0, dur0 := *y, *m, *d, *dur
	add()
	return [3]int{*y - y0, *m - m0, *d - d0}, *dur - dur0
}

func twoDigitYear(y int) int {
	if y < 69 {
		return 2000 + y
	}
	return 1900 + y
}

// dateTokens splits a date string into numbers, words and punctuation.
func dateTokens(s string) []string {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		case c >= 'a' && c <= 'z':
			j := i
			for j < len(s) && (s[j] >= 'a' && s[j] <= 'z' || s[j] == '.') {
				j++
			}
			toks = append(toks, strings.TrimSuffix(s[i:j], "."))
			i = j
		default:
			toks = append(toks, string(c))
			i++
		}
	}
	return toks
}

// parseTouchStamp parses touch -t's [[CC]YY]MMDDhhmm[.ss].
func parseTouchStamp(s string, now time.Time, loc *time.Location) (time.Time, error) {
	main, secs, hasSecs := strings.Cut(s, ".")
	if hasSecs && len(secs) != 2 {
		return time.Time{}, errBadDate
	}
	for _, c := range main + secs {
		if c < '0' || c > '9' {
			return time.Time{}, errBadDate
		}
	}
	n := func(t string) int { v, _ := strconv.Atoi(t); return v }
	year := now.In(loc).Year()
	switch len(main) {
	case 8:
	case 10:
		year = twoDigitYear(n(main[:2]))
		main = main[2:]
	case 12:
		year = n(main[:4])
		main = main[4:]
	default:
		return time.Time{}, errBadDate
	}
	month, day, hour, min := n(main[0:2]), n(main[2:4]), n(main[4:6]), n(main[6:8])
	sec := 0
	if hasSecs {
		sec = n(secs)
	}
	if month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || min > 59 || sec > 60 {
		return time.Time{}, errBadDate
	}
	t := time.Date(year, time.Month(month), day, hour, min, sec, 0, loc)
	if t.Day() != day || t.Hour() != hour || t.Minute() != min {
		return time.Time{}, errBadDate
	}
	return t, nil
}

func pad2(n int) string {
	if n < 10 && n >= 0 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// ParseDate is parseDate for the other commands that take GNU date
// strings (tar --mtime).
func ParseDate(s string, now time.Time, loc *time.Location) (time.Time, error) {
	return parseDate(s, now, loc)
}
