package command

import (
	"context"
	"strconv"
	"strings"
)

// signals are Linux's, as kill -l lists them.
var signals = []string{"", "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "KILL", "USR1",
	"SEGV", "USR2", "PIPE", "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP", "TSTP",
	"TTIN", "TTOU", "URG", "XCPU", "XFSZ", "VTALRM", "PROF", "WINCH", "IO", "PWR", "SYS"}

// SignalName is bash's name of signal n without SIG ("RTMIN+3"), or "".
func SignalName(n int) string {
	switch {
	case n > 0 && n < len(signals):
		return signals[n]
	case n >= 34 && n <= 64:
		if n <= 49 {
			if n == 34 {
				return "RTMIN"
			}
			return "RTMIN+" + strconv.Itoa(n-34)
		}
		if n == 64 {
			return "RTMAX"
		}
		return "RTMAX-" + strconv.Itoa(64-n)
	}
	return ""
}

// SignalNumber reads a signal as kill takes it: a number, or a name
// with or without SIG, in any case.
func SignalNumber(s string) (int, bool) {
	if n, err := strconv.Atoi(s); err == nil {
		return n, n >= 0 && n <= 64
	}
	name := strings.ToUpper(s)
	name = strings.TrimPrefix(name, "SIG")
	for n := 1; n <= 64; n++ {
		if SignalName(n) == name {
			return n, true
		}
	}
	return 0, false
}

// SignalText is SignalName, or the number when the signal has no name, as
// GNU tools print a signal in their messages.
func SignalText(n int) string {
	if name := SignalName(n); name != "" {
		return name
	}
	return strconv.Itoa(n)
}

// SignalGroups starts groups of programs that take signals together, as
// process groups do on Linux: a background job is one (its programs do
// not get the line's Ctrl-C), timeout's command another (timeout signals
// it and nothing else).
type SignalGroups interface {
	// Group returns the context to run the group's programs under and
	// the function that sends them signal sig. It reports whether they
	// all took it (python raises KeyboardInterrupt for SIGINT); when it
	// reports false the caller ends the group as before, by cancelling
	// its context. Unless own, signals to ctx's group reach this one
	// too. The group ends with ctx; it cancels the returned context when
	// a program dies of a signal the group sent, as the shell running
	// the rest of a job dies with it.
	Group(ctx context.Context, own bool) (context.Context, func(sig int) bool)
	// Foreground makes the group jobCtx runs under (one Group returned)
	// take the signals sent to ctx's group until release is called, as
	// bash's fg gives a job the terminal: the terminal's Ctrl-C reaches
	// it.
	Foreground(ctx, jobCtx context.Context) (release func())
	// Program returns the context to run one of the shell's own
	// commands under, as a program of ctx's group that has no signal
	// handler: a signal the group sends cancels run and calls killed
	// (python took the Ctrl-C; cat, which it writes into, dies of it, and
	// its pipes close). leave stops the signals reaching it once it runs
	// other programs, which take them themselves. end, called with its
	// status when it returns, gives the status to report: 128+N when
	// signal N stopped it.
	Program(ctx context.Context, killed func()) (run context.Context, leave func(), end func(status int) int)
}
