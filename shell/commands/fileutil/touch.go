package fileutil

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"memsh/shell/command"
	"memsh/shell/internal/parsedate"
)

func runTouch(ctx context.Context, inv *command.Invocation) int {
	f := inv.NewFlags()
	onlyAtime := f.BoolP("a", "a", false, "")
	onlyMtime := f.BoolP("m", "m", false, "")
	noCreate := f.BoolP("no-create", "c", false, "")
	noDeref := f.BoolP("no-dereference", "h", false, "")
	dateStr := f.StringP("date", "d", "", "")
	stamp := f.StringP("t", "t", "", "")
	ref := f.StringP("reference", "r", "", "")
	timeWord := f.String("time", "", "")
	f.BoolP("f", "f", false, "") // ignored, as in GNU
	operands, st, ok := inv.ParseFlags(f, 1)
	if !ok {
		return st
	}
	if f.Lookup("time").Changed {
		switch *timeWord {
		case "access", "atime", "use":
			*onlyAtime = true
		case "modify", "mtime":
			*onlyMtime = true
		default:
			return argError(inv, "--time", *timeWord, [][]string{{"atime", "access", "use"}, {"mtime", "modify"}})
		}
	}
	loc := inv.Location()
	now := inv.Now()
	atime, mtime := now, now
	if f.Lookup("t").Changed {
		t, err := parseTouchStamp(*stamp, now, loc)
		if err != nil {
			inv.Errorf("invalid date format %s", lquote(inv, *stamp))
			return 1
		}
		if f.Lookup("date").Changed || f.Lookup("reference").Changed {
			inv.Errorf("cannot specify times from more than one source")
			return inv.Usage(1, "")
		}
		atime, mtime = t, t
	}
	if f.Lookup("reference").Changed {
		var fi fs.FileInfo
		var err error
		if *noDeref {
			fi, err = inv.FS.Lstat(abs(inv, *ref))
		} else {
			fi, err = inv.FS.Stat(abs(inv, *ref))
		}
		if err != nil {
			inv.Errorf("failed to get attributes of %s: %s", quote(inv, *ref), command.Strerror(err))
			return 1
		}
		st := statOf(fi)
		atime, mtime = tsTime(st.Atim), fi.ModTime()
	}
	if f.Lookup("date").Changed {
		base := now
		if f.Lookup("reference").Changed {
			base = mtime
		}
		t, err := parsedate.Parse(*dateStr, base.In(loc))
		if err != nil {
			inv.Errorf("invalid date format %s", lquote(inv, *dateStr))
			return 1
		}
		atime, mtime = t, t
	}
	if len(operands) == 0 {
		return inv.Usage(1, "missing file operand")
	}
	explicit := f.Lookup("t").Changed || f.Lookup("reference").Changed || f.Lookup("date").Changed
	status := 0
	for _, op := range operands {
		if ctx.Err() != nil {
			return cancelled
		}
		if op == "-" {
			continue // GNU touches stdout; memsh's stdout is not a file
		}
		p := abs(inv, op)
		stat := inv.FS.Stat
		if *noDeref {
			stat = inv.FS.Lstat
		}
		fi, err := stat(p)
		if err != nil && strings.HasSuffix(op, "/") && isErrno(err, syscall.ENOENT) {
			if !*noCreate {
				inv.Errorf("setting times of %s: %s", quote(inv, op), command.Strerror(err))
				status = 1
			}
			continue
		}
		if err != nil && strings.HasSuffix(op, "/") && isErrno(err, syscall.ENOTDIR) {
			// open(2) says EISDIR here, which GNU ignores; the time update fails.
			inv.Errorf("setting times of %s: %s", quote(inv, op), command.Strerror(err))
			status = 1
			continue
		}
		if err != nil && *noDeref && !*noCreate {
			// -h never creates: the time update itself fails.
			inv.Errorf("setting times of %s: %s", quote(inv, op), command.Strerror(err))
			status = 1
			continue
		}
		if err != nil {
			if *noCreate {
				// Without creating, only the time update runs; it may fail.
				if !isErrno(err, syscall.ENOENT) {
					inv.Errorf("setting times of %s: %s", quote(inv, op), command.Strerror(err))
					status = 1
				}
				continue
			}
			if !isErrno(err, syscall.ENOENT) {
				inv.Errorf("cannot touch %s: %s", quote(inv, op), command.Strerror(err))
				status = 1
				continue
			}
			fl, err := inv.FS.OpenFile(p, os.O_CREATE|os.O_WRONLY, fs.FileMode(0o666&^umask(inv)))
			if err != nil {
				if e := errnoOf(err); e == syscall.EISDIR || e == syscall.EINVAL || e == syscall.EPERM {
					// GNU ignores these from open(2); the time update then
					// fails on the missing file.
					inv.Errorf("setting times of %s: %s", quote(inv, op), command.Strerror(syscall.ENOENT))
				} else {
					inv.Errorf("cannot touch %s: %s", quote(inv, op), command.Strerror(err))
				}
				status = 1
				continue
			}
			fl.Close()
			if fi, err = inv.FS.Stat(p); err != nil {
				inv.Errorf("cannot touch %s: %s", quote(inv, op), command.Strerror(err))
				status = 1
				continue
			}
		}
		a, m := atime, mtime
		if !explicit {
			// The time of the update itself, as utimensat(NULL) takes:
			// never before the directory entry the file just got.
			a = inv.Now()
			m = a
		}
		st := statOf(fi)
		if *onlyAtime && !*onlyMtime {
			m = fi.ModTime()
		}
		if *onlyMtime && !*onlyAtime {
			a = tsTime(st.Atim)
		}
		chtimes := inv.FS.Chtimes
		if *noDeref {
			chtimes = inv.FS.Lchtimes
		}
		if err := chtimes(p, a, m); err != nil {
			inv.Errorf("setting times of %s: %s", quote(inv, op), command.Strerror(err))
			status = 1
		}
	}
	return status
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

// errBadDate is a touch -t stamp not of the form [[CC]YY]MMDDhhmm[.ss].
var errBadDate = errors.New("invalid date")

// twoDigitYear: POSIX's YY is 1969..2068.
func twoDigitYear(y int) int {
	if y < 69 {
		return 2000 + y
	}
	return 1900 + y
}
