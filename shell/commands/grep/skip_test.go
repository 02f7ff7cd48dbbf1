package grep

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// TestLiteralSkipping checks the bulk skipping of lines without the
// required literal against a line-by-line oracle, over inputs larger
// than a read chunk.
func TestLiteralSkipping(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	var in strings.Builder
	for i := 0; in.Len() < 3*chunkSize; i++ {
		n := r.Intn(80)
		line := make([]byte, n)
		for j := range line {
			line[j] = "abcdeXY "[r.Intn(8)]
		}
		if r.Intn(50) == 0 {
			line = append(line, []byte("NeedLe")...)
		}
		in.Write(line)
		in.WriteByte('\n')
	}
	in.WriteString("last NEEDLE") // no final newline
	text := in.String()
	for _, c := range []struct {
		args []string
		sel  func(string) bool
	}{
		{[]string{"-n", "-b", "NeedLe"}, func(l string) bool { return strings.Contains(l, "NeedLe") }},
		{[]string{"-n", "-b", "-i", "needle"}, func(l string) bool { return strings.Contains(strings.ToLower(l), "needle") }},
		{[]string{"-n", "-b", "d[a-e]*Le"}, func(l string) bool {
			i := strings.Index(l, "dLe")
			return i >= 0 || strings.Contains(l, "NeedLe")
		}},
		// No one required literal but a set of them: {NeXYLe, NeedLe, cXYd}.
		{[]string{"-n", "-b", "-E", "Ne(ed|XY)Le|cXYd"}, func(l string) bool {
			return strings.Contains(l, "NeedLe") || strings.Contains(l, "NeXYLe") || strings.Contains(l, "cXYd")
		}},
		{[]string{"-n", "-b", "-E", "(EE|ST)DLE"}, func(l string) bool {
			return strings.Contains(l, "EEDLE") || strings.Contains(l, "STDLE")
		}},
	} {
		var want strings.Builder
		off := 0
		lines := strings.SplitAfter(text, "\n")
		for i, l := range lines {
			body := strings.TrimSuffix(l, "\n")
			if c.sel(body) {
				fmt.Fprintf(&want, "%d:%d:%s\n", i+1, off, body)
			}
			off += len(l)
		}
		got, errs, st := runOn(context.Background(), strings.NewReader(text), c.args...)
		if got != want.String() || errs != "" || st != 0 {
			t.Errorf("grep %v: status %d, stderr %q, %d bytes out, want %d", c.args, st, errs, len(got), want.Len())
		}
	}
	// -c and -A agree with the oracle too.
	got, _, _ := runOn(context.Background(), strings.NewReader(text), "-c", "NeedLe")
	if want := fmt.Sprintf("%d\n", strings.Count(text, "NeedLe")); got != want {
		t.Errorf("-c: %q, want %q", got, want)
	}
}
