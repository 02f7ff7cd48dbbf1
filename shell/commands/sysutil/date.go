package sysutil

import (
	"bufio"
	"context"
	"io"
	"regexp"
	"strings"
	"sync"
	"time"

	"memsh/shell/command"
	"memsh/shell/internal/parsedate"
	"memsh/shell/internal/strftime"
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
				inv.Errorf("invalid argument %s for ‘--iso-8601’", quote(inv, o.Value))
				io.WriteString(inv.Stderr, "Valid arguments are:\n  - ‘hours’\n  - ‘minutes’\n  - ‘date’\n  - ‘seconds’\n  - ‘ns’\n")
				return inv.Usage(1, "")
			}
			format = f
			formats++
		case "rfc3339":
			if o.Value == "" || strings.HasPrefix("hours", o.Value) || strings.HasPrefix("minutes", o.Value) {
				inv.Errorf("invalid argument %s for ‘--rfc-3339’", quote(inv, o.Value))
				io.WriteString(inv.Stderr, "Valid arguments are:\n  - ‘date’\n  - ‘seconds’\n  - ‘ns’\n")
				return inv.Usage(1, "")
			}
			f, ok := isoFormat(o.Value, ' ', ".")
			if !ok {
				inv.Errorf("invalid argument %s for ‘--rfc-3339’", quote(inv, o.Value))
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
			return inv.Usage(1, "extra operand %s", quote(inv, operands[0]))
		}
	} else if formats > 1 {
		inv.Errorf("multiple output formats specified")
		return 1
	}
	if len(operands) > 0 {
		if haveDate || haveFile || haveRef || len(operands) > 1 {
			return inv.Usage(1, "extra operand %s", quote(inv, operands[len(operands)-1]))
		}
		// date MMDDhhmm[[CC]YY][.ss] sets the clock: not in a sandbox.
		if !setDateForm().MatchString(operands[0]) {
			inv.Errorf("invalid date %s", quote(inv, operands[0]))
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
		inv.Errorf("a field width in %s exceeds the in-memory limit of %d MiB", quote(inv, format), command.MaxHeld>>20)
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
		t, ok := parseDate(dateStr, now)
		if !ok {
			inv.Errorf("invalid date %s", quote(inv, dateStr))
			return 1
		}
		w.WriteString(strftime.Format(format, t.In(loc)) + "\n")
	case haveRef:
		fi, err := inv.FS.Stat(inv.Abs(ref))
		if err != nil {
			return inv.FileError(ref, err)
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
			return inv.FileError(file, err)
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
		t, ok := parseDate(line, now)
		if !ok {
			w.Flush()
			inv.Errorf("invalid date %s", quote(inv, line))
			status = 1
			continue
		}
		w.WriteString(strftime.Format(format, t.In(loc)) + "\n")
	}
	if err := sc.Err(); err != nil {
		return inv.FileError(file, err)
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

// dateLocation is the zone for printing dates: $TZ when set (an IANA
// name, or a POSIX "NAME[+-]H[:MM]" offset), UTC otherwise.
func dateLocation(inv *command.Invocation) *time.Location {
	tz, _ := inv.LookupEnv("TZ")
	return parsedate.LoadZone(tz)
}

// parseDate reads a GNU date string (parsedate) against now, whose zone
// is the local one.
func parseDate(s string, now time.Time) (time.Time, bool) {
	t, err := parsedate.Parse(s, now)
	return t, err == nil
}
