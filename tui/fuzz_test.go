package tui

import (
	"regexp"
	"testing"
	"unicode/utf8"
)

var onlySGR = regexp.MustCompile(`\x1b\[[0-9;:]*m`)

// FuzzSanitizer feeds arbitrary bytes, split at an arbitrary point, and
// checks that what reaches the screen holds no control but SGR colour and
// is valid UTF-8: a script can never move the cursor, set the title or
// write the clipboard through its output.
func FuzzSanitizer(f *testing.F) {
	f.Add([]byte("plain\n\x1b[31mred\x1b[0m\n"), 3)
	f.Add([]byte("\x1b]52;c;Zm9v\x07\x1b[2J\x1b[10;10H\x1bPq#0\x1b\\x\r\ny"), 7)
	f.Add([]byte("bad \xff\xfe utf8 \xe4\xb8"), 9)
	f.Add([]byte("\x1b[1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1mX\x1b[31\nY"), 0)
	f.Fuzz(func(t *testing.T, data []byte, split int) {
		var s sanitizer
		s.onClear = func() {}
		check := func(l string) {
			if !utf8.ValidString(l) {
				t.Fatalf("invalid UTF-8 on screen: %q", l)
			}
			rest := onlySGR.ReplaceAllString(l, "")
			for _, r := range rest {
				if r < 0x20 || r == 0x7f {
					t.Fatalf("control %q reached the screen in %q", r, l)
				}
			}
		}
		if split < 0 {
			split = -split
		}
		split %= len(data) + 1
		s.feed(data[:split], nil, check)
		s.feed(data[split:], nil, check)
		if p, ok := s.partial(nil); ok {
			check(p)
		}
	})
}
