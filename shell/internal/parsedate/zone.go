package parsedate

import (
	"strconv"
	"strings"
	"time"
)

// LoadZone is the zone a TZ value names, as glibc reads it: "" and UTC
// are UTC; an IANA name (":Europe/Berlin" too) from the zone database; a
// POSIX "NAME[+-]H[:MM[:SS]]" as a fixed offset (west of Greenwich is
// positive: EST5 is five hours behind UTC), or from the database when it
// has summer-time rules after it; anything else is UTC, under the
// letters it starts with when there are three or more (TZ=Foo: "Foo").
func LoadZone(tz string) *time.Location {
	tz = strings.TrimPrefix(tz, ":")
	switch tz {
	case "", "UTC", "UTC0", "GMT", "Etc/UTC":
		return time.UTC
	}
	name, off, n, ok := posixZone(tz)
	if !ok || strings.Contains(tz, "/") || n < len(tz) {
		if l, err := time.LoadLocation(tz); err == nil {
			return l
		}
	}
	if ok {
		return time.FixedZone(name, off)
	}
	n = 0
	for n < len(tz) && isAlpha(tz[n]) {
		n++
	}
	if n >= 3 {
		return time.FixedZone(tz[:n], 0)
	}
	return time.UTC
}

// posixZone reads the NAME and offset at the start of a POSIX TZ value:
// NAME is three or more letters or <...>; n is how much it read.
func posixZone(tz string) (name string, off, n int, ok bool) {
	i := 0
	if strings.HasPrefix(tz, "<") {
		end := strings.IndexByte(tz, '>')
		if end < 0 {
			return "", 0, 0, false
		}
		name, i = tz[1:end], end+1
	} else {
		for i < len(tz) && isAlpha(tz[i]) {
			i++
		}
		if i < 3 {
			return "", 0, 0, false
		}
		name = tz[:i]
	}
	sign := 1
	if i < len(tz) && (tz[i] == '+' || tz[i] == '-') {
		if tz[i] == '-' {
			sign = -1
		}
		i++
	}
	secs := 0
	for part, mult := 0, 3600; part < 3; part, mult = part+1, mult/60 {
		if part > 0 {
			if i >= len(tz) || tz[i] != ':' {
				break
			}
			i++
		}
		j := i
		for j < len(tz) && j-i < 2 && isDigit(tz[j]) {
			j++
		}
		if j == i {
			return "", 0, 0, false
		}
		v, _ := strconv.Atoi(tz[i:j])
		secs += v * mult
		i = j
	}
	return name, -sign * secs, i, true
}
