package sysutil

import (
	"context"
	"fmt"
	"io"
	"strings"

	"memsh/shell/command"
)

const whoHelp = `Usage: who [OPTION]... [ FILE | ARG1 ARG2 ]
Print information about users who are currently logged in.

  -a, --all         same as -b -d --login -p -r -t -T -u
  -b, --boot        time of last system boot
  -d, --dead        print dead processes
  -H, --heading     print line of column headings
      --ips         print ips instead of hostnames. with --lookup,
                    canonicalizes based on stored IP, if available,
                    rather than stored hostname
  -l, --login       print system login processes
      --lookup      attempt to canonicalize hostnames via DNS
  -m                only hostname and user associated with stdin
  -p, --process     print active processes spawned by init
  -q, --count       all login names and number of users logged on
  -r, --runlevel    print current runlevel
  -s, --short       print only name, line, and time (default)
  -t, --time        print last system clock change
  -T, -w, --mesg    add user's message status as +, - or ?
  -u, --users       list users logged in
      --message     same as -T
      --writable    same as -T
` + stdOpts + `
If FILE is not specified, use /var/run/utmp.  /var/log/wtmp as FILE is common.
If ARG1 ARG2 given, -m presumed: 'am i' or 'mom likes' are usual.

The sandbox keeps no login records (utmp is empty), so who lists nobody.
`

// runWho is GNU who over an empty utmp: no records of any kind, so only
// the -H heading and the -q count are ever printed.
func runWho(ctx context.Context, inv *command.Invocation) int {
	specs := []optSpec{
		{'a', "all", noArg, "a"}, {'b', "boot", noArg, "b"}, {'d', "dead", noArg, "d"},
		{'H', "heading", noArg, "H"}, {0, "ips", noArg, "ips"}, {'l', "login", noArg, "l"},
		{0, "lookup", noArg, "lookup"}, {'m', "", noArg, "m"}, {'p', "process", noArg, "p"},
		{'q', "count", noArg, "q"}, {'r', "runlevel", noArg, "r"}, {'s', "short", noArg, "s"},
		{'t', "time", noArg, "t"}, {'T', "mesg", noArg, "T"}, {'w', "", noArg, "T"},
		{0, "message", noArg, "T"}, {0, "writable", noArg, "T"}, {'u', "users", noArg, "u"},
		{0, "help", noArg, "help"}, {0, "version", noArg, "version"},
	}
	opts, operands, ok := getopt(inv, inv.Args[1:], specs, false, nil)
	if !ok {
		return 1
	}
	var heading, count, mesg, idle, exit bool
	short := true // GNU's "assumptions": no record type asked for
	for _, o := range opts {
		switch o.Key {
		case "help":
			return printHelp(inv, "who")
		case "version":
			return printVersion(inv, "who")
		case "H":
			heading = true
		case "q":
			count = true
		case "a":
			mesg, idle, exit, short = true, true, true, false
		case "d":
			idle, exit, short = true, true, false
		case "l", "r", "u":
			idle, short = true, false
		case "b", "p", "t":
			short = false
		case "T":
			mesg = true
		}
	}
	if exit {
		short = false
	}
	if len(operands) > 2 {
		return inv.Usage(1, "extra operand %s", quote(inv, operands[2]))
	}
	var out string
	switch {
	case count:
		out = "\n# users=0\n"
	case heading:
		out = whoHeading(mesg, idle && !short, !short, exit && !short)
	}
	if _, err := io.WriteString(inv.Stdout, out); err != nil {
		return writeFailed(inv, err)
	}
	return 0
}

// whoHeading lays out the -H line as who's print_line does: the columns
// shown depend on the record types and fields asked for, and trailing
// blanks are trimmed.
func whoHeading(mesg, idle, pid, exit bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-8s", "NAME")
	if mesg {
		b.WriteString("  ")
	}
	fmt.Fprintf(&b, " %-12s %-16s", "LINE", "TIME")
	if idle {
		fmt.Fprintf(&b, " %-6s", "IDLE")
	}
	if pid {
		fmt.Fprintf(&b, " %10s", "PID")
	}
	fmt.Fprintf(&b, " %-8s", "COMMENT")
	if exit {
		fmt.Fprintf(&b, " %-12s", "EXIT")
	}
	return strings.TrimRight(b.String(), " ") + "\n"
}
