package shell

import (
	"testing"
	"time"
)

// TestPromptTransform checks ${v@P} as bash 5.2 gives it: the escapes
// (shell/prompt), then $NAME, ${...} and $((...)) expanded inside double
// quotes, with what an escape inserted left alone.
func TestPromptTransform(t *testing.T) {
	at := time.Date(2031, time.February, 3, 14, 5, 6, 0, time.UTC)
	s := newTestSession(t, Options{Clock: func() time.Time { return at }})
	for _, c := range []struct{ script, want string }{
		{`x='\$|\\$|\\\\|"q"|\"q\"'; echo "${x@P}"`, "$|$|\\|\"q\"|\"q\"\n"},
		{`HOME=/tmp/h; mkdir -p /tmp/h/a; cd /tmp/h/a; x='$HOME ${HOME}x $((1+2)) \w \W'; echo "${x@P}"`, "/tmp/h /tmp/hx 3 ~/a a\n"},
		{`mkdir -p '/tmp/$y'; cd '/tmp/$y'; y=no; x='\W'; echo "${x@P}"`, "$y\n"},
		{`HOME=/tmp; cd /tmp; x='\W|\w'; echo "${x@P}"; unset HOME; echo "${x@P}"`, "~|~\ntmp|/tmp\n"},
		{`mkdir -p /tmp/bb/ccc/dddd; cd /tmp/bb/ccc/dddd; PROMPT_DIRTRIM=2; x='\w'; echo "${x@P}"`, ".../ccc/dddd\n"},
		{`x='\t \@ \D{%Y}'; echo "${x@P}"`, "14:05:06 02:05 PM 2031\n"},
		{`x='\j'; echo "${x@P}"; sleep 30 & sleep 30 & echo "${x@P}"; kill %1 %2`, "0\n2\n"},
		{`x='a\[b\]c\101\0|\0'; echo "${x@P}"`, "abcA\\0|\n"},
	} {
		out, errOut, status := run(t, s, c.script, "")
		if out != c.want || status != 0 {
			t.Errorf("%s: got %q (status %d, stderr %q), want %q", c.script, out, status, errOut, c.want)
		}
	}
}

// TestSessionJobs: the TUI's \j reads Session.Jobs, the running
// background jobs as of the end of the last Run.
func TestSessionJobs(t *testing.T) {
	s := newTestSession(t, Options{})
	if n := s.Jobs(); n != 0 {
		t.Fatalf("no jobs yet: %d", n)
	}
	run(t, s, "sleep 1 & kill %1; wait", "")
	if n := s.Jobs(); n != 0 {
		t.Errorf("after kill and wait: %d", n)
	}
	run(t, s, "sleep 30 & sleep 30 &", "")
	if n := s.Jobs(); n != 2 {
		t.Errorf("two sleeping jobs: %d", n)
	}
}
