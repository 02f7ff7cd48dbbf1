package interp

import (
	"strconv"
	"strings"
)

// linuxSignals are Linux's signal names by number, without "SIG" (bash's
// signal table: kill -l, trap -l, kill -s, trap).
var linuxSignals = [...]string{
	1: "HUP", 2: "INT", 3: "QUIT", 4: "ILL", 5: "TRAP", 6: "ABRT", 7: "BUS", 8: "FPE", 9: "KILL",
	10: "USR1", 11: "SEGV", 12: "USR2", 13: "PIPE", 14: "ALRM", 15: "TERM", 16: "STKFLT", 17: "CHLD",
	18: "CONT", 19: "STOP", 20: "TSTP", 21: "TTIN", 22: "TTOU", 23: "URG", 24: "XCPU", 25: "XFSZ",
	26: "VTALRM", 27: "PROF", 28: "WINCH", 29: "IO", 30: "PWR", 31: "SYS", 64: "",
}

// sigName is signal n's name without "SIG" ("" when there is none):
// the real-time ones as bash names them (RTMIN+3, RTMAX-2).
func sigName(n int) string {
	switch {
	case n >= 1 && n <= 31:
		return linuxSignals[n]
	case n == 34:
		return "RTMIN"
	case n > 34 && n <= 49:
		return "RTMIN+" + strconv.Itoa(n-34)
	case n >= 50 && n < 64:
		return "RTMAX-" + strconv.Itoa(64-n)
	case n == 64:
		return "RTMAX"
	}
	return ""
}

// sigNumber reads a signal spec: a number, or a name in any case with or
// without "SIG" (RTMIN+N, RTMAX-N too).
func sigNumber(s string) (int, bool) {
	if n, err := strconv.Atoi(s); err == nil {
		return n, sigName(n) != "" || n == 0
	}
	u := strings.TrimPrefix(strings.ToUpper(s), "SIG")
	for n := 1; n <= 64; n++ {
		if name := sigName(n); name != "" && name == u {
			return n, true
		}
	}
	return 0, false
}

// sigTable is kill -l's and trap -l's table: five to a line.
func sigTable() string {
	var b strings.Builder
	col := 0
	for n := 1; n <= 64; n++ {
		name := sigName(n)
		if name == "" {
			continue
		}
		b.WriteString(padLeft(strconv.Itoa(n), 2) + ") SIG" + name)
		col++
		if col%5 == 0 {
			b.WriteByte('\n')
		} else {
			b.WriteByte('\t')
		}
	}
	if col%5 != 0 {
		b.WriteByte('\n')
	}
	return b.String()
}

// sigTexts are the C library's descriptions of Linux's signals
// (strsignal), as bash prints them for a job a signal ended.
var sigTexts = [...]string{
	1: "Hangup", 2: "Interrupt", 3: "Quit", 4: "Illegal instruction", 5: "Trace/breakpoint trap",
	6: "Aborted", 7: "Bus error", 8: "Floating point exception", 9: "Killed", 10: "User defined signal 1",
	11: "Segmentation fault", 12: "User defined signal 2", 13: "Broken pipe", 14: "Alarm clock",
	15: "Terminated", 16: "Stack fault", 17: "Child exited", 18: "Continued", 19: "Stopped (signal)",
	20: "Stopped", 21: "Stopped (tty input)", 22: "Stopped (tty output)", 23: "Urgent I/O condition",
	24: "CPU time limit exceeded", 25: "File size limit exceeded", 26: "Virtual timer expired",
	27: "Profiling timer expired", 28: "Window changed", 29: "I/O possible", 30: "Power failure",
	31: "Bad system call",
}

// sigText is signal n's description ("Real-time signal 3" past 31).
func sigText(n int) string {
	if n >= 1 && n < len(sigTexts) {
		return sigTexts[n]
	}
	return "Real-time signal " + strconv.Itoa(n-34)
}

// sigIgnoredByDefault says signal n leaves a process running unless it
// catches it: the ones ignored by default, and the stop signals (memsh
// cannot stop a job).
func sigIgnoredByDefault(n int) bool {
	switch sigName(n) {
	case "CHLD", "CONT", "URG", "WINCH", "STOP", "TSTP", "TTIN", "TTOU":
		return true
	}
	return false
}

func padLeft(s string, w int) string {
	for len(s) < w {
		s = " " + s
	}
	return s
}
