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
