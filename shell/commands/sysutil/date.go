package sysutil

import (
	"bufio"
	"context"
	"io"
	"memsh/shell/internal/strftime"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"memsh/shell/command"
)

func runDate(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{
		{'d', "date", requiredArg, "d"},
		{'f', "file", requiredArg, "f"},
		{'I', "iso-8601", optionalArg, "I"},
		{'R', "rfc-email", noArg, "R"},
		{0, "rfc-2822", noArg, "R"},
		{0, "rfc-3339", requiredArg, "rfc3339"},
		{'r', "reference", requiredArg, "r"},
		{'s', "set", requiredArg, "s"},
		{'u', "utc", noArg, "u"},
		{0, "universal", noArg, "u"},
		{0, "debug", noArg, "debug"},
		{0, "help", noArg, "help"},
		{0, "version", noArg, "version"},
	}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, false, nil)
	if !ok {
		return 1
	}
	var dateStr, file, ref string
	var haveDate, haveFile, haveRef, utc bool
	format := ""
	formats := 0
	for _, o := range opts {
		switch o.Key {
		case "help":
			return printHelp(inv, "date")
		case "version":
			return printVersion(inv, "date")
		case "d":
			dateStr, haveDate = o.Value, true
		case "f":
			file, haveFile = o.Value, true
		case "r":
			ref, haveRef = o.Value, true
		case "u":
			utc = true
		case "s":
			inv.Errorf("cannot set date: Operation not permitted")
			return 1
		case "R":
			format = "%a, %d %b %Y %H:%M:%S %z"
			formats++
		case "I":
			f, ok := isoFormat(o.Value, 'T', ",")
			if !ok {
				inv.Errorf("invalid argument %s for ‘--iso-8601’", quote(o.Value))
				io.WriteString(inv.Stderr, "Valid arguments are:\n  - ‘hours’\n  - ‘minutes’\n  - ‘date’\n  - ‘seconds’\n  - ‘ns’\n")
				return inv.Usage(1, "")
			}
			format = f
			formats++
		case "rfc3339":
			if o.Value == "" || strings.HasPrefix("hours", o.Value) || strings.HasPrefix("minutes", o.Value) {
				inv.Errorf("invalid argument %s for ‘--rfc-3339’", quote(o.Value))
				io.WriteString(inv.Stderr, "Valid arguments are:\n  - ‘date’\n  - ‘seconds’\n  - ‘ns’\n")
				return inv.Usage(1, "")
			}
			f, ok := isoFormat(o.Value, ' ', ".")
			if !ok {
				inv.Errorf("invalid argument %s for ‘--rfc-3339’", quote(o.Value))
				io.WriteString(inv.Stderr, "Valid arguments are:\n  - ‘date’\n  - ‘seconds’\n  - ‘ns’\n")
				return inv.Usage(1, "")
			}
			format = f
			formats++
		}
	}
	if len(operands) > 0 && strings.HasPrefix(operands[0], "+") {
		if formats > 0 {
			inv.Errorf("multiple output formats specified")
			return 1
		}
		format = operands[0][1:]
		operands = operands[1:]
		if len(operands) > 0 {
			return inv.Usage(1, "extra operand %s", quote(operands[0]))
		}
	} else if formats > 1 {
		inv.Errorf("multiple output formats specified")
		return 1
	}
	if len(operands) > 0 {
		if haveDate || haveFile || haveRef || len(operands) > 1 {
			return inv.Usage(1, "extra operand %s", quote(operands[len(operands)-1]))
		}
		// date MMDDhhmm[[CC]YY][.ss] sets the clock: not in a sandbox.
		if !setDateForm().MatchString(operands[0]) {
			inv.Errorf("invalid date %s", quote(operands[0]))
			return 1
		}
		inv.Errorf("cannot set date: Operation not permitted")
		return 1
	}
	if (haveDate && haveFile) || (haveDate && haveRef) || (haveFile && haveRef) {
		inv.Errorf("the options to specify dates for printing are mutually exclusive")
		return inv.Usage(1, "")
	}
	if format == "" {
		format = "%a %b %e %H:%M:%S %Z %Y"
	}
	if strftime.Widest(format) > command.MaxHeld {
		// GNU streams a field padded to any width; memsh builds it in
		// memory, so a width past the in-memory limit fails.
		inv.Errorf("a field width in %s exceeds the in-memory limit of %d MiB", quote(format), command.MaxHeld>>20)
		return 1
	}
	loc := dateLocation(inv)
	if utc {
		loc = time.UTC
	}
	now := inv.Now().In(loc)
	w := newWriter(inv.Stdout)
	switch {
	case haveDate:
		t, ok := parseDate(inv, dateStr, now)
		if !ok {
			inv.Errorf("invalid date %s", quote(dateStr))
			return 1
		}
		w.WriteString(strftime.Format(format, t.In(loc)) + "\n")
	case haveRef:
		fi, err := inv.FS.Stat(inv.Abs(ref))
		if err != nil {
			return inv.PathError(ref, err)
		}
		w.WriteString(strftime.Format(format, fi.ModTime().In(loc)) + "\n")
	case haveFile:
		return finish(inv, w, dateFile(ctx, inv, w, file, format, loc, now))
	default:
		w.WriteString(strftime.Format(format, now) + "\n")
	}
	return finish(inv, w, 0)
}

// dateFile prints one date per line of file ("-" is stdin).
func dateFile(ctx context.Context, inv *command.Invocation, w *bufio.Writer, file, format string, loc *time.Location, now time.Time) int {
	var sc *bufio.Scanner
	if file == "-" {
		sc = bufio.NewScanner(inv.Stdin)
	} else {
		f, err := inv.FS.Open(inv.Abs(file))
		if err != nil {
			return inv.PathError(file, err)
		}
		defer f.Close()
		sc = bufio.NewScanner(f)
	}
	sc.Buffer(make([]byte, 4096), 1<<20)
	status := 0
	for sc.Scan() {
		if ctx.Err() != nil {
			return cancelled
		}
		line := sc.Text()
		t, ok := parseDate(inv, line, now)
		if !ok {
			w.Flush()
			inv.Errorf("invalid date %s", quote(line))
			status = 1
			continue
		}
		w.WriteString(strftime.Format(format, t.In(loc)) + "\n")
	}
	if err := sc.Err(); err != nil {
		return inv.PathError(file, err)
	}
	return status
}

// isoFormat is the format for -I[TIMESPEC] (sep 'T', fraction ',') or
// --rfc-3339=TIMESPEC (sep ' ', fraction '.'); TIMESPEC may be abbreviated.
func isoFormat(spec string, sep byte, frac string) (string, bool) {
	if spec == "" {
		spec = "date"
	}
	match := func(full string) bool { return strings.HasPrefix(full, spec) }
	s := string(sep)
	switch {
	case match("date"):
		return "%Y-%m-%d", true
	case match("hours"):
		return "%Y-%m-%d" + s + "%H%:z", true
	case match("minutes"):
		return "%Y-%m-%d" + s + "%H:%M%:z", true
	case match("seconds"):
		return "%Y-%m-%d" + s + "%H:%M:%S%:z", true
	case match("ns"):
		return "%Y-%m-%d" + s + "%H:%M:%S" + frac + "%N%:z", true
	}
	return "", false
}

// lazyRegexp compiles expr on first use: date's patterns are not worth
// compiling in every memsh start-up.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

// setDateForm is the MMDDhhmm[[CC]YY][.ss] form of "date STRING".
var setDateForm = lazyRegexp(`^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2}|\d{4})?(\.\d{2})?$`)

var (
	locMu    sync.Mutex
	locCache = map[string]*time.Location{}
)

var reTZPrefix = lazyRegexp(`^TZ="([^"]*)"\s*`)

// loadZoneCached is loadZone with the cache dateLocation uses.
func loadZoneCached(tz string) *time.Location {
	if tz == "" {
		return time.UTC
	}
	tz = strings.TrimPrefix(tz, ":")
	locMu.Lock()
	defer locMu.Unlock()
	if l, ok := locCache[tz]; ok {
		return l
	}
	l := loadZone(tz)
	locCache[tz] = l
	return l
}

// dateLocation is the zone for printing dates: $TZ when set (an IANA
// name, or a POSIX "NAME[+-]H[:MM]" offset), UTC otherwise.
func dateLocation(inv *command.Invocation) *time.Location {
	tz, _ := inv.LookupEnv("TZ")
	return loadZoneCached(tz)
}

var posixTZ = lazyRegexp(`^([A-Za-z]{3,}|<[^>]+>)([+-]?)(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?`)

func loadZone(tz string) *time.Location {
	if tz == "UTC" || tz == "UTC0" || tz == "GMT" || tz == "Etc/UTC" {
		return time.UTC
	}
	if strings.Contains(tz, "/") || !posixTZ().MatchString(tz) {
		if l, err := time.LoadLocation(tz); err == nil {
			return l
		}
	}
	if m := posixTZ().FindStringSubmatch(tz); m != nil {
		h, _ := strconv.Atoi(m[3])
		mi, _ := strconv.Atoi(m[4])
		se, _ := strconv.Atoi(m[5])
		off := h*3600 + mi*60 + se
		// POSIX offsets count west of Greenwich: UTC-3 is three hours east.
		if m[2] != "-" {
			off = -off
		}
		name := strings.Trim(m[1], "<>")
		// Zones with DST rules have to come from the database.
		if len(tz) > len(m[0]) {
			if l, err := time.LoadLocation(tz); err == nil {
				return l
			}
		}
		return time.FixedZone(name, off)
	}
	// An unknown zone is UTC under the name given, as glibc does.
	return time.FixedZone(tz, 0)
}

// parsedDate collects the items of a date string.
type parsedDate struct {
	haveDate, haveTime, haveZone, haveWeekday bool
	haveYear                                  bool // the date named its year
	year, month, day                          int
	hour, min, sec, nsec                      int
	zoneOff                                   int
	weekday, weekdayOrd                       int
	relY, relM, relD                          int
	relS                                      time.Duration
}

var (
	reISODate  = lazyRegexp(`^([+-]?\d{4,})-(\d{1,2})-(\d{1,2})`)
	reSlash    = lazyRegexp(`^(\d{1,2})/(\d{1,2})(?:/(\d+))?`)
	reYMDSlash = lazyRegexp(`^(\d{4})/(\d{1,2})/(\d{1,2})`)
	reTime     = lazyRegexp(`^(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?`)
	reNumZone  = lazyRegexp(`^([+-])\s*(\d{1,2})(?::?(\d{2}))?\b`)
	reNumber   = lazyRegexp(`^([+-]?)\s*(\d+)`)
	reWord     = lazyRegexp(`^[a-z]+\.?`)
	reEpoch    = lazyRegexp(`^@([+-]?\d+)(?:[.,](\d+))?$`)
)

var relUnits = map[string]string{
	"year": "y", "years": "y", "month": "M", "months": "M", "fortnight": "f", "fortnights": "f",
	"week": "w", "weeks": "w", "day": "d", "days": "d", "hour": "h", "hours": "h",
	"minute": "m", "minutes": "m", "min": "m", "mins": "m", "second": "s", "seconds": "s", "sec": "s", "secs": "s",
}

var ordinals = map[string]int{
	"last": -1, "this": 0, "next": 1, "first": 1, "third": 3, "fourth": 4, "fifth": 5,
	"sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12,
}

// parseDate reads the common forms GNU date -d accepts: @EPOCH, ISO 8601
// dates and times, MM/DD/YYYY, "Jan 2 2024", RFC 5322 and date's own
// output, zones (UTC, Z, +hh:mm), relative items ("3 days ago",
// "+2 hours", "next monday", "yesterday", "tomorrow", "now", "today").
func parseDate(inv *command.Invocation, s string, now time.Time) (time.Time, bool) {
	s = strings.TrimSpace(s)
	if m := reTZPrefix().FindStringSubmatch(s); m != nil {
		// TZ="Zone" at the start: the rest is read in that zone.
		t, ok := parseDate(inv, s[len(m[0]):], now.In(loadZoneCached(m[1])))
		return t.In(now.Location()), ok
	}
	s = strings.ToLower(s)
	if m := reEpoch().FindStringSubmatch(s); m != nil {
		sec, err := strconv.ParseInt(m[1], 10, 64)
		if err != nil {
			return time.Time{}, false
		}
		ns := 0
		if m[2] != "" {
			frac := (m[2] + "000000000")[:9]
			ns, _ = strconv.Atoi(frac)
			if strings.HasPrefix(m[1], "-") && ns > 0 {
				sec--
				ns = 1e9 - ns
			}
		}
		return time.Unix(sec, int64(ns)).In(now.Location()), true
	}
	var p parsedDate
	if s == "" {
		// An empty string is the start of today.
		p.haveWeekday, p.weekday = true, int(now.Weekday())
	}
	lastRel := ""
	for s != "" {
		s = strings.TrimLeft(s, " \t,")
		if s == "" {
			break
		}
		if m := reISODate().FindStringSubmatch(s); m != nil && !p.haveDate {
			p.year, _ = strconv.Atoi(m[1])
			p.month, _ = strconv.Atoi(m[2])
			p.day, _ = strconv.Atoi(m[3])
			p.haveDate, p.haveYear = true, true
			s = s[len(m[0]):]
			s = strings.TrimPrefix(s, "t")
			continue
		}
		if m := reYMDSlash().FindStringSubmatch(s); m != nil && !p.haveDate {
			p.year, _ = strconv.Atoi(m[1])
			p.month, _ = strconv.Atoi(m[2])
			p.day, _ = strconv.Atoi(m[3])
			p.haveDate, p.haveYear = true, true
			s = s[len(m[0]):]
			continue
		}
		if m := reSlash().FindStringSubmatch(s); m != nil && !p.haveDate {
			p.month, _ = strconv.Atoi(m[1])
			p.day, _ = strconv.Atoi(m[2])
			p.year = now.Year()
			if m[3] != "" {
				p.year, p.haveYear = fixYear(m[3]), true
			}
			p.haveDate = true
			s = s[len(m[0]):]
			continue
		}
		if m := reTime().FindStringSubmatch(s); m != nil && !p.haveTime {
			p.hour, _ = strconv.Atoi(m[1])
			p.min, _ = strconv.Atoi(m[2])
			p.sec, _ = strconv.Atoi(m[3])
			if m[4] != "" {
				p.nsec, _ = strconv.Atoi((m[4] + "000000000")[:9])
			}
			p.haveTime = true
			s = strings.TrimLeft(s[len(m[0]):], " ")
			if h, rest, ok := meridian(p.hour, s); ok {
				if h < 0 {
					return time.Time{}, false
				}
				p.hour, s = h, rest
			}
			if m := reNumZone().FindStringSubmatch(s); m != nil {
				p.zoneOff = zoneFromMatch(m)
				p.haveZone = true
				s = s[len(m[0]):]
			}
			continue
		}
		if m := reNumZone().FindStringSubmatch(s); m != nil && p.haveTime && !p.haveZone && len(m[0]) >= 5 {
			p.zoneOff = zoneFromMatch(m)
			p.haveZone = true
			s = s[len(m[0]):]
			continue
		}
		if m := reNumber().FindStringSubmatch(s); m != nil {
			rest := strings.TrimLeft(s[len(m[0]):], " ")
			n, err := strconv.Atoi(m[2])
			if err != nil {
				return time.Time{}, false
			}
			if m[1] == "-" {
				n = -n
			}
			if w := reWord().FindString(rest); w != "" {
				if u, ok := relUnits[strings.TrimSuffix(w, ".")]; ok {
					p.addRel(u, n)
					lastRel = u
					s = rest[len(w):]
					continue
				}
				if mo := monthIndex(w); mo > 0 && m[1] == "" && !p.haveDate {
					// "5 jan [2020]"
					p.day, p.month, p.year = n, mo, now.Year()
					p.haveDate = true
					s = strings.TrimLeft(rest[len(w):], " ")
					if y := reNumber().FindStringSubmatch(s); y != nil && y[1] == "" && !reTime().MatchString(s) {
						p.year, p.haveYear = fixYear(y[2]), true
						s = s[len(y[0]):]
					}
					continue
				}
				if h, r, ok := meridian(n, rest); ok && m[1] == "" && !p.haveTime {
					if h < 0 {
						return time.Time{}, false
					}
					p.hour, p.haveTime = h, true
					s = r
					continue
				}
			}
			// A bare number is read as GNU's parse_datetime reads it: the
			// year of a date that has none yet, YYYYMMDD, or a time
			// (hours, or HHMM).
			if m[1] == "" && p.haveDate && !p.haveYear && lastRel == "" && (p.haveTime || len(m[2]) > 2) {
				// "jan 5 2020", "jan 5 10:00 2020"
				p.year, p.haveYear = fixYear(m[2]), true
				s = rest
				continue
			}
			if m[1] == "" && len(m[2]) == 8 && !p.haveDate {
				p.year, _ = strconv.Atoi(m[2][:4])
				p.month, _ = strconv.Atoi(m[2][4:6])
				p.day, _ = strconv.Atoi(m[2][6:])
				p.haveDate, p.haveYear = true, true
				s = rest
				continue
			}
			if m[1] == "" && len(m[2]) <= 4 && !p.haveTime {
				// "20200108 1030", "2020-01-08 10"
				p.hour, p.min, p.haveTime = n, 0, true
				if len(m[2]) > 2 {
					p.hour, p.min = n/100, n%100
				}
				s = rest
				continue
			}
			if m[1] != "" && p.haveTime && !p.haveZone && len(m[2]) == 4 {
				p.zoneOff = zoneFromMatch([]string{"", m[1], m[2][:2], m[2][2:]})
				p.haveZone = true
				s = rest
				continue
			}
			return time.Time{}, false
		}
		w := reWord().FindString(s)
		if w == "" {
			return time.Time{}, false
		}
		word := strings.TrimSuffix(w, ".")
		s = s[len(w):]
		switch {
		case word == "now" || word == "today":
		case word == "yesterday":
			p.relD--
		case word == "tomorrow":
			p.relD++
		case word == "ago":
			if lastRel == "" {
				return time.Time{}, false
			}
			p.relY, p.relM, p.relD, p.relS = -p.relY, -p.relM, -p.relD, -p.relS
		case word == "utc" || word == "gmt" || word == "z" || word == "ut":
			p.haveZone, p.zoneOff = true, 0
			if m := reNumZone().FindStringSubmatch(s); m != nil {
				p.zoneOff = zoneFromMatch(m)
				s = s[len(m[0]):]
			}
		case word == "am" || word == "pm":
			return time.Time{}, false
		default:
			if u, ok := relUnits[word]; ok {
				p.addRel(u, 1)
				lastRel = u
				continue
			}
			if ord, ok := ordinals[word]; ok {
				s = strings.TrimLeft(s, " ")
				nw := strings.TrimSuffix(reWord().FindString(s), ".")
				if u, ok := relUnits[nw]; ok {
					p.addRel(u, ord)
					lastRel = u
					s = s[len(reWord().FindString(s)):]
					continue
				}
				if wd := weekdayIndex(nw); wd >= 0 {
					p.haveWeekday, p.weekday, p.weekdayOrd = true, wd, ord
					s = s[len(reWord().FindString(s)):]
					continue
				}
				return time.Time{}, false
			}
			if wd := weekdayIndex(word); wd >= 0 {
				if !p.haveDate {
					p.haveWeekday, p.weekday, p.weekdayOrd = true, wd, 0
				}
				continue
			}
			if mo := monthIndex(word); mo > 0 && !p.haveDate {
				// "jan 5 [2020]"
				s = strings.TrimLeft(s, " ")
				m := reNumber().FindStringSubmatch(s)
				if m == nil || m[1] != "" {
					return time.Time{}, false
				}
				p.month, p.year, p.haveDate = mo, now.Year(), true
				p.day, _ = strconv.Atoi(m[2])
				s = strings.TrimLeft(s[len(m[0]):], " ,")
				if y := reNumber().FindStringSubmatch(s); y != nil && y[1] == "" && !reTime().MatchString(s) {
					p.year, p.haveYear = fixYear(y[2]), true
					s = s[len(y[0]):]
				}
				continue
			}
			if off, ok := zoneAbbrev[word]; ok && !p.haveZone {
				p.haveZone, p.zoneOff = true, off
				continue
			}
			return time.Time{}, false
		}
	}
	return p.resolve(now)
}

var zoneAbbrev = map[string]int{
	"est": -5 * 3600, "edt": -4 * 3600, "cst": -6 * 3600, "cdt": -5 * 3600,
	"mst": -7 * 3600, "mdt": -6 * 3600, "pst": -8 * 3600, "pdt": -7 * 3600,
	"cet": 3600, "cest": 2 * 3600, "bst": 3600, "ist": 19800, "jst": 9 * 3600,
}

func (p *parsedDate) addRel(unit string, n int) {
	switch unit {
	case "y":
		p.relY += n
	case "M":
		p.relM += n
	case "f":
		p.relD += 14 * n
	case "w":
		p.relD += 7 * n
	case "d":
		p.relD += n
	case "h":
		p.relS += time.Duration(n) * time.Hour
	case "m":
		p.relS += time.Duration(n) * time.Minute
	case "s":
		p.relS += time.Duration(n) * time.Second
	}
}

func (p *parsedDate) resolve(now time.Time) (time.Time, bool) {
	loc := now.Location()
	if p.haveZone {
		loc = time.FixedZone("", p.zoneOff)
	}
	y, mo, d := now.In(loc).Date()
	h, mi, se, ns := now.In(loc).Hour(), now.In(loc).Minute(), now.In(loc).Second(), now.In(loc).Nanosecond()
	if p.haveDate {
		if p.month < 1 || p.month > 12 || p.day < 1 || p.day > daysIn(p.year, p.month) {
			return time.Time{}, false
		}
		y, mo, d = p.year, time.Month(p.month), p.day
		h, mi, se, ns = 0, 0, 0, 0
	}
	if p.haveWeekday && p.haveDate {
		// "tuesday 2024-06-15", "2024-06-15 next friday": the date wins,
		// as in GNU, which moves to a weekday only when no date is given.
		p.haveWeekday = false
	}
	if p.haveWeekday {
		h, mi, se, ns = 0, 0, 0, 0
	}
	if p.haveTime {
		if p.hour > 23 || p.min > 59 || p.sec > 60 {
			return time.Time{}, false
		}
		h, mi, se, ns = p.hour, p.min, p.sec, p.nsec
	}
	t := time.Date(y, mo, d, h, mi, se, ns, loc)
	if (p.haveDate || p.haveTime) && (t.Hour() != h || t.Minute() != mi) {
		// A local time a DST change skips does not exist: mktime
		// fails on it, and GNU date calls the date invalid.
		return time.Time{}, false
	}
	if p.haveWeekday {
		diff := (p.weekday - int(t.Weekday()) + 7) % 7
		switch {
		case p.weekdayOrd > 0:
			if diff == 0 {
				diff = 7
			}
			diff += 7 * (p.weekdayOrd - 1)
		case p.weekdayOrd < 0:
			diff -= 7
			if diff == 0 {
				diff = -7
			}
			diff += 7 * (p.weekdayOrd + 1)
		}
		t = t.AddDate(0, 0, diff)
	}
	if p.relY != 0 || p.relM != 0 || p.relD != 0 {
		t = t.AddDate(p.relY, p.relM, p.relD)
	}
	t = t.Add(p.relS)
	return t.In(now.Location()), true
}

func daysIn(y, m int) int {
	return time.Date(y, time.Month(m)+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// meridian applies a following "am"/"pm" to hour h; ok is false when
// there is none, h < 0 when the hour is out of range.
func meridian(h int, s string) (int, string, bool) {
	s = strings.TrimLeft(s, " ")
	w := reWord().FindString(s)
	ws := strings.ReplaceAll(w, ".", "")
	if ws != "am" && ws != "pm" && w != "a.m." && w != "p.m." {
		return 0, s, false
	}
	rest := s[len(w):]
	rest = strings.TrimPrefix(rest, "m.")
	if h < 1 || h > 12 {
		return -1, rest, true
	}
	h %= 12
	if ws[0] == 'p' {
		h += 12
	}
	return h, rest, true
}

func zoneFromMatch(m []string) int {
	h, _ := strconv.Atoi(m[2])
	mi, _ := strconv.Atoi(m[3])
	off := h*3600 + mi*60
	if m[1] == "-" {
		off = -off
	}
	return off
}

// fixYear reads a year; two digits mean 1969-2068 as POSIX says.
func fixYear(s string) int {
	y, _ := strconv.Atoi(s)
	if len(s) == 2 {
		if y < 69 {
			return 2000 + y
		}
		return 1900 + y
	}
	return y
}

func monthIndex(w string) int {
	w = strings.TrimSuffix(w, ".")
	if len(w) < 3 {
		return 0
	}
	for i, m := range strftime.MonthNames {
		lm := strings.ToLower(m)
		if w == lm || (len(w) >= 3 && strings.HasPrefix(lm, w) && (len(w) == 3 || w == lm)) || (w == "sept" && i == 8) {
			return i + 1
		}
	}
	return 0
}

func weekdayIndex(w string) int {
	w = strings.TrimSuffix(w, ".")
	if len(w) < 3 {
		return -1
	}
	for i, d := range strftime.WeekdayNames {
		ld := strings.ToLower(d)
		if w == ld || w == ld[:3] || (w == "tues" && i == 2) || (w == "wednes" && i == 3) || (w == "thur" || w == "thurs") && i == 4 {
			return i
		}
	}
	return -1
}
