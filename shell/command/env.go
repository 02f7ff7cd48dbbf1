package command

import (
	"strings"
	"time"
)

// Location is the time zone a command prints times in: UTC unless the
// invocation's TZ names a zone Go knows (a leading ':' is allowed, as in
// POSIX); an unknown zone is UTC, as glibc treats it.
func (inv *Invocation) Location() *time.Location {
	tz, ok := inv.LookupEnv("TZ")
	if !ok || tz == "" || tz == "UTC" || tz == "UTC0" {
		return time.UTC
	}
	if loc, err := time.LoadLocation(strings.TrimPrefix(tz, ":")); err == nil {
		return loc
	}
	return time.UTC
}

// IsProgramBuiltin reports whether name is a bash builtin that GNU
// systems also ship as a program (/usr/bin/echo, /usr/bin/[, ...), so
// that exec, env, xargs, find -exec and timeout can run it: memsh runs it
// as a builtin of a child shell.
func IsProgramBuiltin(name string) bool {
	switch name {
	case "echo", "printf", "test", "[", "pwd", "kill":
		return true
	}
	return false
}
