package command

import (
	"time"

	"memsh/shell/internal/parsedate"
)

// Location is the time zone a command prints times in: the zone the
// invocation's TZ names (ZoneLocation), UTC without one.
func (inv *Invocation) Location() *time.Location {
	return ZoneLocation(inv.Getenv("TZ"))
}

// ZoneLocation is the time zone a TZ value names, as Location reads it:
// glibc's reading (parsedate.LoadZone), POSIX offsets like EST5EDT too.
func ZoneLocation(tz string) *time.Location {
	return parsedate.LoadZone(tz)
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
