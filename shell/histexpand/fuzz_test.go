package histexpand

import (
	"strings"
	"testing"
)

// FuzzExpand: history expansion never panics, and a line without
// "!" or a leading "^" is left alone.
func FuzzExpand(f *testing.F) {
	for _, s := range []string{"!!", "!-2:1-$", "!?x", "^a^b^c", "!ls:$:h:t:r:e:q:p", "!!:gs/a/&b/", "x!=y '!!' \\!!", "!:", "!-", "!!:", "!!:s", "!$:", "!0:%"} {
		f.Add(s)
	}
	entries := []string{"ls -l /a/b.c", `echo "x y" | tee >> f; (z)`, "a"}
	f.Fuzz(func(t *testing.T, s string) {
		res, err := Expand(s, entries)
		if !strings.ContainsAny(s, "!^") && (err != nil || res.Line != s) {
			t.Fatalf("%q changed to %q, %v", s, res.Line, err)
		}
	})
}
