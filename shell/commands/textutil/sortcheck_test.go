package textutil

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// TestSortCheckReaders: -c compares each line with the one before it
// where both were read, across refills of its two buffers, whatever
// sizes the reader returns, and with lines longer than a buffer.
func TestSortCheckReaders(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for round := range 12 {
		var lines []string
		for range 2000 + r.IntN(3000) {
			n := r.IntN(40)
			if r.IntN(200) == 0 {
				n = bufSize + r.IntN(3*bufSize) // longer than a buffer
			}
			lines = append(lines, strings.Repeat(string(rune('a'+r.IntN(3))), n))
		}
		slices.Sort(lines)
		want := ""
		if round%3 != 0 { // one line out of place
			i := 1 + r.IntN(len(lines)-1)
			lines[i] = lines[i-1][:len(lines[i-1])/2] + "\x00"
			if lines[i] < lines[i-1] {
				want = fmt.Sprintf("sort: -:%d: disorder: %s\n", i+1, lines[i])
			}
		}
		in := strings.Join(lines, "\n")
		if round%2 == 0 {
			in += "\n"
		}
		for name, wrap := range map[string]func(io.Reader) io.Reader{
			"whole": func(r io.Reader) io.Reader { return r },
			"bytes": iotest.OneByteReader,
			"half":  iotest.HalfReader,
			"eof":   iotest.DataErrReader,
		} {
			var stderr bytes.Buffer
			inv, _ := newInv([]string{"sort", "-c"}, wrap(strings.NewReader(in)), io.Discard)
			inv.Stderr = &stderr
			st := runSort(context.Background(), inv)
			if stderr.String() != want || (st == 0) != (want == "") {
				t.Fatalf("round %d, %s reader: status %d, stderr %.80q, want %.80q", round, name, st, stderr.String(), want)
			}
		}
	}
}

// TestSortCheckKeepsPrevious: a line that fills a buffer whole is not
// carried into the other buffer, which holds the line before it, even
// when that buffer is large enough (it grew for an earlier long line).
func TestSortCheckKeepsPrevious(t *testing.T) {
	long := strings.Repeat("y", 100<<10)
	c := checkLines{r: io.MultiReader(strings.NewReader("z\n"), strings.NewReader(long+"\n")), delim: '\n'}
	c.bufs[1] = make([]byte, 2*bufSize) // as if grown before
	first, err := c.next()
	if err != nil || string(first) != "z" {
		t.Fatalf("first line %q, %v", first, err)
	}
	second, err := c.next()
	if err != nil || string(second) != long {
		t.Fatalf("second line of %d bytes, %v", len(second), err)
	}
	if string(first) != "z" {
		t.Fatalf("the first line became %.20q when the second was read", first)
	}
}
