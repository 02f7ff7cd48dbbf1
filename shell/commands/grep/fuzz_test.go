package grep

import (
	"context"
	"strings"
	"testing"
	"time"
)

// FuzzGrep: any pattern and option mix over any input ends with a status
// of 0, 1 or 2 and never panics.
func FuzzGrep(f *testing.F) {
	f.Add("a\\(b\\)*\\1", "ab\nabb\x00\n\xff", uint16(0))
	f.Add("x|y+", "xy\n\nyy", uint16(0x0f0f))
	opts := []string{"-E", "-F", "-i", "-v", "-w", "-x", "-c", "-o", "-n", "-b", "-A1", "-B2", "-C1", "-m2", "-a", "-z"}
	f.Fuzz(func(t *testing.T, pattern, input string, mask uint16) {
		args := []string{}
		for i, o := range opts {
			if mask&(1<<i) != 0 {
				args = append(args, o)
			}
		}
		args = append(args, "-e", pattern)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, _, st := runOn(ctx, strings.NewReader(input), args...)
		if st != 0 && st != 1 && st != 2 && st != 130 {
			t.Fatalf("grep %q: status %d", args, st)
		}
	})
}
