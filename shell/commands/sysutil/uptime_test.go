package sysutil

import (
	"strings"
	"testing"
	"time"

	"memsh/shell/command"
)

// The time of day varies; these check the layout procps-ng 4.0.2 uses.
func TestUptime(t *testing.T) {
	out, _, status, _ := command.Case{Args: []string{"uptime"}}.Run(runUptime, nil)
	if status != 0 || !strings.HasPrefix(out, " ") || !strings.HasSuffix(out, " up 0 min,  0 user,  load average: 0.00, 0.00, 0.00\n") {
		t.Errorf("uptime: %q, status %d", out, status)
	}
	runCases(t, runUptime, []command.Case{
		{Args: []string{"uptime", "-p"}, Stdout: "up 0 minutes\n"},
		{Args: []string{"uptime", "x"}, Stderr: uptimeUsage, Status: 1},
		{Args: []string{"uptime", "-x"}, Stderr: "uptime: invalid option -- 'x'\n" + uptimeUsage, Status: 1},
	})
}

func TestUptimeFormats(t *testing.T) {
	for _, c := range []struct {
		up            time.Duration
		short, pretty string
	}{
		{59 * time.Second, "0 min", "up 0 minutes"},
		{61 * time.Second, "1 min", "up 1 minute"},
		{2*time.Hour + 5*time.Minute, " 2:05", "up 2 hours, 5 minutes"},
		{25 * time.Hour, "1 day,  1:00", "up 1 day, 1 hour"},
		{50*time.Hour + 3*time.Minute, "2 days,  2:03", "up 2 days, 2 hours, 3 minutes"},
		{8 * 24 * time.Hour, "8 days, 0 min", "up 1 week, 1 day"},
	} {
		if got := shortUptime(c.up); got != c.short {
			t.Errorf("shortUptime(%v) = %q, want %q", c.up, got, c.short)
		}
		if got := prettyUptime(c.up); got != c.pretty {
			t.Errorf("prettyUptime(%v) = %q, want %q", c.up, got, c.pretty)
		}
	}
}
