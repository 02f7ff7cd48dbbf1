package sysutil

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"memsh/shell/command"
)

const killHelp = `Usage: kill [options] <pid> [...]

Options:
 <pid> [...]            send signal to every <pid> listed
 -<signal>, -s, --signal <signal>
                        specify the <signal> to be sent
 -q, --queue <value>    integer value to be sent with the signal
 -l, --list=[<signal>]  list all signal names, or convert one to a name
 -L, --table            list all signal names in a nice table

 -h, --help     display this help and exit
 -V, --version  output version information and exit

Signals are delivered by bash's kill builtin, to the jobs memsh knows.
`

// runKill is the kill program (/usr/bin/kill, from procps): its own
// -l and -L listings, and bash's builtin for sending signals.
func runKill(ctx context.Context, inv *command.Invocation) int {
	args := inv.Args[1:]
	if len(args) == 0 {
		io.WriteString(inv.Stderr, "\n"+strings.Replace(killHelp[:strings.Index(killHelp, "\nSignals")], "Usage: kill", "Usage:\n kill", 1)+"\nFor more details see kill(1).\n")
		return 1
	}
	switch a := args[0]; {
	case a == "-h" || a == "--help":
		return printHelp(inv, "kill")
	case a == "-V" || a == "--version":
		if _, err := fmt.Fprintln(inv.Stdout, "kill from procps-ng 4.0.2"); err != nil {
			return writeFailed(inv, err)
		}
		return 0
	case a == "-L" || a == "--table":
		return killTable(inv)
	case a == "-l" || a == "--list" || strings.HasPrefix(a, "--list="):
		arg, has := strings.CutPrefix(a, "--list=")
		if !has && len(args) > 1 {
			arg, has = args[1], true
		}
		if !has {
			return killList(inv)
		}
		return killConvert(inv, arg)
	}
	if inv.Exec == nil {
		return 1
	}
	return inv.Exec(ctx, append([]string{"sh", "-c", `"$@"`, "sh", "kill"}, args...), nil, inv.Stdio)
}

// procpsSignal is procps' name for signal n: bash's, except POLL for IO.
func procpsSignal(n int) string {
	if n == 29 {
		return "POLL"
	}
	return command.SignalName(n)
}

// killList is kill -l: names filling lines of about 80 columns.
func killList(inv *command.Invocation) int {
	var b strings.Builder
	pos := 0
	for i := 1; i <= 31; i++ {
		if i > 1 {
			if pos > 73 {
				b.WriteByte('\n')
				pos = 0
			} else {
				b.WriteByte(' ')
				pos++
			}
		}
		name := procpsSignal(i)
		b.WriteString(name)
		pos += len(name)
	}
	b.WriteByte('\n')
	if _, err := io.WriteString(inv.Stdout, b.String()); err != nil {
		return writeFailed(inv, err)
	}
	return 0
}

// killTable is kill -L: seven "NN NAME" cells a line.
func killTable(inv *command.Invocation) int {
	var b strings.Builder
	for i := 1; i <= 31; i++ {
		fmt.Fprintf(&b, "%2d %-8s", i, procpsSignal(i))
		if i%7 == 0 || i == 31 {
			b.WriteByte('\n')
		}
	}
	if _, err := io.WriteString(inv.Stdout, b.String()); err != nil {
		return writeFailed(inv, err)
	}
	return 0
}

// killConvert is kill -l SIGNAL: a number's name or a name's number.
func killConvert(inv *command.Invocation, arg string) int {
	var out string
	if n, err := strconv.Atoi(arg); err == nil {
		if n >= 1 && n <= 31 {
			out = procpsSignal(n)
		}
	} else {
		name := strings.TrimPrefix(strings.ToUpper(arg), "SIG")
		for i := 1; i <= 31; i++ {
			if procpsSignal(i) == name || name == "IO" && i == 29 {
				out = strconv.Itoa(i)
			}
		}
	}
	if out == "" {
		inv.Errorf("unknown signal name %s", arg)
		return 0
	}
	if _, err := fmt.Fprintln(inv.Stdout, out); err != nil {
		return writeFailed(inv, err)
	}
	return 0
}
