package shell

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// `help` lays its two columns out for the session's width, as bash does
// for COLUMNS: no line is wider, a cut entry ends in '>'.
func TestHelpListingWidth(t *testing.T) {
	for _, w := range []int{40, 60, 80, 160} {
		s := newTestSession(t, Options{Width: w})
		var out bytes.Buffer
		s.Run(context.Background(), "help", Stdio{Stdout: &out, Stderr: &out})
		lines := strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
		table := 0
		for _, l := range lines {
			if n := len([]rune(l)); n > w-2 && strings.HasPrefix(l, " ") || n > w && !strings.HasPrefix(l, "A ") && !strings.HasPrefix(l, "Type") {
				t.Errorf("width %d: %d columns: %q", w, n, l)
			}
			if strings.HasPrefix(l, " cd ") || strings.HasPrefix(l, "*bg ") {
				table++
			}
		}
		if table != 2 {
			t.Errorf("width %d: no table in\n%s", w, out.String())
		}
		if w == 60 && !strings.Contains(out.String(), " dirs [-clpv] [+N] [-N]        shift [n]\n") {
			t.Errorf("width 60: dirs's row:\n%s", out.String())
		}
	}
}
