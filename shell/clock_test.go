package shell

import (
	"testing"
	"time"
)

// TestClock checks that Options.Clock is the time every command reads:
// new files' timestamps, date, ls -l, find -newer/-mmin, printf %(...)T,
// awk's systime and the prompt's \d \t. (A guest's wall clock is the
// filesystem's clock: pyworker's walltime.) The clock is years from the host's, so a command
// still reading the system clock shows up.
func TestClock(t *testing.T) {
	at := time.Date(2031, time.February, 3, 4, 5, 6, 0, time.UTC)
	s := newTestSession(t, Options{Clock: func() time.Time { return at }})
	for _, c := range []struct{ script, want string }{
		{`date +%F.%T`, "2031-02-03.04:05:06\n"},
		{`TZ=Etc/GMT-14 date +%F.%T`, "2031-02-03.18:05:06\n"},
		{`touch f; stat -c %Y f`, "1927857906\n"},
		{`: > g; stat -c %y g`, "2031-02-03 04:05:06.000000000 +0000\n"},
		{`touch -d '2031-02-03 04:00' old; find . -name old -mmin -10`, "./old\n"},
		{`ls -l f | awk '{print $6, $7, $8}'`, "Feb 3 04:05\n"},
		{`printf '%(%F %T)T\n' -1`, "2031-02-03 04:05:06\n"},
		{`(export TZ=Etc/GMT-14; printf '%(%F %H)T\n')`, "2031-02-03 18\n"},
		{`command printf '%(%F)T\n' -2`, "2031-02-03\n"},
		{`awk 'BEGIN { print systime(), strftime("%Y", systime(), 1) }'`, "1927857906 2031\n"},
		{`P='\d \t'; echo "${P@P}"`, "Mon Feb 03 04:05:06\n"},
	} {
		out, errOut, status := run(t, s, c.script, "")
		if out != c.want || status != 0 {
			t.Errorf("%s: got %q (status %d, stderr %q), want %q", c.script, out, status, errOut, c.want)
		}
	}
}
