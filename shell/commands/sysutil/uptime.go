package sysutil

import (
	"context"
	"fmt"
	"io"
	"strings"
	"syscall"
	"time"

	"memsh/shell/command"
)

const uptimeHelp = `Usage: uptime [options]

Options:
 -p, --pretty   show uptime in pretty format
 -h, --help     display this help and exit
 -s, --since    system up since
 -V, --version  output version information and exit

The sandbox "boots" when its filesystem is made (the session start, the
time /dev was created); nobody is logged in and the load is zero.
`

// runUptime is procps uptime (the one Linux distributions ship) for the
// sandbox: up since the session's filesystem was made, no users, no load.
func runUptime(ctx context.Context, inv *command.Invocation) int {
	mode, operands, status, done := uptimeArgs(inv)
	if done {
		return status
	}
	if len(operands) > 0 {
		io.WriteString(inv.Stderr, uptimeUsage)
		return 1
	}
	now := inv.Now()
	boot := bootTime(inv, now)
	up := now.Sub(boot)
	var out string
	switch mode {
	case "s":
		out = boot.In(inv.Location()).Format("2006-01-02 15:04:05") + "\n"
	case "p":
		out = prettyUptime(up) + "\n"
	default:
		out = " " + now.In(inv.Location()).Format("15:04:05") + " up " + shortUptime(up) +
			",  0 user,  load average: 0.00, 0.00, 0.00\n"
	}
	if _, err := fmt.Fprint(inv.Stdout, out); err != nil {
		return writeFailed(inv, err)
	}
	return 0
}

// uptimeUsage is what procps prints after a bad option.
const uptimeUsage = `
Usage:
 uptime [options]

Options:
 -p, --pretty   show uptime in pretty format
 -h, --help     display this help and exit
 -s, --since    system up since
 -V, --version  output version information and exit

For more details see uptime(1).
`

// uptimeArgs parses uptime's options as procps' getopt loop does: -s
// wins over -p, --help and --version act when they are met.
func uptimeArgs(inv *command.Invocation) (mode string, operands []string, status int, done bool) {
	bad := func(msg string) (string, []string, int, bool) {
		inv.Errorf("%s", msg)
		io.WriteString(inv.Stderr, uptimeUsage)
		return "", nil, 1, true
	}
	var flags []string
	for i, a := range inv.Args[1:] {
		switch {
		case a == "--":
			operands = append(operands, inv.Args[i+2:]...)
			return mode, operands, 0, false
		case strings.HasPrefix(a, "--"):
			name := a[2:]
			matched := ""
			for _, long := range []string{"pretty", "since", "help", "version"} {
				if strings.HasPrefix(long, name) && name != "" {
					if matched != "" {
						return bad(fmt.Sprintf("option '%s' is ambiguous", a))
					}
					matched = long
				}
			}
			if matched == "" {
				return bad(fmt.Sprintf("unrecognized option '%s'", a))
			}
			flags = append(flags, matched[:1])
		case len(a) > 1 && a[0] == '-':
			for _, c := range a[1:] {
				switch c {
				case 'p', 's', 'h':
					flags = append(flags, string(c))
				case 'V':
					flags = append(flags, "v")
				default:
					return bad(fmt.Sprintf("invalid option -- '%c'", c))
				}
			}
		default:
			operands = append(operands, a)
		}
	}
	for _, f := range flags {
		switch f {
		case "h":
			return "", nil, printHelp(inv, "uptime"), true
		case "v":
			if _, err := fmt.Fprintln(inv.Stdout, "uptime from procps-ng 4.0.2"); err != nil {
				return "", nil, writeFailed(inv, err), true
			}
			return "", nil, 0, true
		case "s":
			mode = "s"
		case "p":
			if mode == "" {
				mode = "p"
			}
		}
	}
	return mode, operands, 0, false
}

// bootTime is when the sandbox's filesystem was made: /dev's change
// time, which nothing in a session can alter. now when /dev is missing.
func bootTime(inv *command.Invocation, now time.Time) time.Time {
	fi, err := inv.FS.Stat("/dev")
	if err != nil {
		return now
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return now
	}
	if t := time.Unix(st.Ctim.Sec, st.Ctim.Nsec); !t.After(now) {
		return t
	}
	return now
}

// shortUptime is procps' "D days, HH:MM" field, with "N min" under an hour.
func shortUptime(up time.Duration) string {
	mins := int(up / time.Minute)
	days, hours, minutes := mins/(24*60), mins/60%24, mins%60
	var b strings.Builder
	if days > 0 {
		unit := "day"
		if days > 1 {
			unit = "days"
		}
		fmt.Fprintf(&b, "%d %s, ", days, unit)
	}
	if hours > 0 {
		fmt.Fprintf(&b, "%2d:%02d", hours, minutes)
	} else {
		fmt.Fprintf(&b, "%d min", minutes)
	}
	return b.String()
}

// prettyUptime is uptime -p: "up 1 day, 2 hours, 5 minutes".
func prettyUptime(up time.Duration) string {
	secs := int(up / time.Second)
	mins := secs / 60
	parts := []struct {
		n          int
		one, other string
	}{
		{mins / (60 * 24 * 7), "week", "weeks"},
		{mins / (60 * 24) % 7, "day", "days"},
		{mins / 60 % 24, "hour", "hours"},
	}
	var out []string
	for _, p := range parts {
		if p.n > 0 {
			out = append(out, plural(p.n, p.one, p.other))
		}
	}
	if m := mins % 60; m > 0 || secs < 60 {
		out = append(out, plural(m, "minute", "minutes"))
	}
	return "up " + strings.Join(out, ", ")
}

func plural(n int, one, other string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, other)
}
