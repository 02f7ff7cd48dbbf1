package sysutil

import (
	"strings"
	"testing"
)

func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Commands() {
		if seen[c.Name] {
			t.Errorf("%s registered twice", c.Name)
		}
		seen[c.Name] = true
		if c.Run == nil || c.Summary == "" || strings.Contains(c.Summary, "\n") {
			t.Errorf("%s: incomplete entry", c.Name)
		}
		if !strings.HasPrefix(c.Help, "Usage: "+c.Name) || !strings.HasSuffix(c.Help, "\n") {
			t.Errorf("%s: help does not start with its usage line: %q", c.Name, c.Help[:min(40, len(c.Help))])
		}
	}
	for _, name := range []string{"find", "xargs", "env", "printenv", "true", "false", "yes", "seq", "sleep", "date", "which", "uname", "hostname", "whoami", "id", "nproc", "timeout", "clear", "tty", "expr"} {
		if !seen[name] {
			t.Errorf("%s missing", name)
		}
	}
}
