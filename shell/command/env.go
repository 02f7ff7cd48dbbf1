package command

import (
	"strings"
	"time"
)

// Location is the time zone a command prints times in: UTC unless the
// invocation's TZ names a zone Go knows (a leading ':' is allowed, as in
// POSIX); an unknown zone is UTC, as glibc treats it.
func (inv *Invocation) Location() *time.Location {
	return ZoneLocation(inv.Getenv("TZ"))
}

// ZoneLocation is the time zone a TZ value names, as Location reads it.
func ZoneLocation(tz string) *time.Location {
	if tz == "" || tz == "UTC" || tz == "UTC0" {
		return time.UTC
	}
	if loc, err := time.LoadLocation(strings.TrimPrefix(tz, ":")); err == nil {
		return loc
	}
	return time.UTC
}

// Now is the session's clock: what date, touch, ls -l, find -mtime and
// the like take as the current time (the filesystem's clock, which
// shell.Options.Clock sets; the system clock without a filesystem).
func (inv *Invocation) Now() time.Time {
	if inv.FS != nil {
		return inv.FS.Now()
	}
	return time.Now()
}

// IsProgramBuiltin reports whether name is a bash builtin that GNU
// systems also ship as a program (/usr/bin/echo, /usr/bin/[, ...). The
// registry has these programs (sysutil's echo, pwd, test, [, kill and the
// printf package), so exec, env, xargs, find -exec and timeout find them
// there and in /usr/bin first; when a registry lacks one, they run the
// builtin in a child shell instead.
func IsProgramBuiltin(name string) bool {
	switch name {
	case "echo", "printf", "test", "[", "pwd", "kill":
		return true
	}
	return false
}
