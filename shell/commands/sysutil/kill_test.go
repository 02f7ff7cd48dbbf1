package sysutil

import (
	"testing"

	"memsh/shell/command"
)

// Expected values were recorded from procps-ng 4.0.2's /usr/bin/kill.
func TestKill(t *testing.T) {
	runCases(t, runKill, []command.Case{
		{Args: []string{"kill", "-l"}, Stdout: "HUP INT QUIT ILL TRAP ABRT BUS FPE KILL USR1 SEGV USR2 PIPE ALRM TERM STKFLT\nCHLD CONT STOP TSTP TTIN TTOU URG XCPU XFSZ VTALRM PROF WINCH POLL PWR SYS\n"},
		{Args: []string{"kill", "-l", "9"}, Stdout: "KILL\n"},
		{Args: []string{"kill", "-l", "sigterm"}, Stdout: "15\n"},
		{Args: []string{"kill", "-l", "99"}, Stderr: "kill: unknown signal name 99\n"},
		{Args: []string{"kill", "-L"}, Stdout: " 1 HUP      2 INT      3 QUIT     4 ILL      5 TRAP     6 ABRT     7 BUS     \n" +
			" 8 FPE      9 KILL    10 USR1    11 SEGV    12 USR2    13 PIPE    14 ALRM    \n" +
			"15 TERM    16 STKFLT  17 CHLD    18 CONT    19 STOP    20 TSTP    21 TTIN    \n" +
			"22 TTOU    23 URG     24 XCPU    25 XFSZ    26 VTALRM  27 PROF    28 WINCH   \n" +
			"29 POLL    30 PWR     31 SYS     \n"},
		{Args: []string{"kill", "-V"}, Stdout: "kill from procps-ng 4.0.2\n"},
	})
}
