package textutil

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"memsh/shell/command"
)

// TestSortIndexLarge checks the compact path on an input big enough to be
// sorted in parts and merged, against orders computed here.
func TestSortIndexLarge(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var lines []string
	for range 100_000 {
		lines = append(lines, fmt.Sprintf("w%d %d x,%d", r.IntN(50), r.IntN(1000)-500, r.IntN(20)))
	}
	input := strings.Join(lines, "\n") + "\n"
	field := func(l string, i int) string { return strings.Fields(l)[i] }
	num := func(l string) int { n, _ := strconv.Atoi(field(l, 1)); return n }
	for _, c := range []struct {
		args []string
		cmp  func(a, b string) int
	}{
		{[]string{"sort"}, strings.Compare},
		{[]string{"sort", "-r"}, func(a, b string) int { return strings.Compare(b, a) }},
		{[]string{"sort", "-n", "-k2,2"}, func(a, b string) int {
			if d := num(a) - num(b); d != 0 {
				return d
			}
			return strings.Compare(a, b)
		}},
		{[]string{"sort", "-s", "-k1,1"}, func(a, b string) int { return strings.Compare(field(a, 0), field(b, 0)) }},
		{[]string{"sort", "-s", "-t,", "-k2,2nr"}, func(a, b string) int {
			x, _ := strconv.Atoi(strings.Split(a, ",")[1])
			y, _ := strconv.Atoi(strings.Split(b, ",")[1])
			return y - x
		}},
	} {
		want := slices.Clone(lines)
		slices.SortStableFunc(want, c.cmp)
		stdout, stderr, status, _ := command.Case{Args: c.args, Stdin: input}.Run(runSort, nil)
		if status != 0 || stderr != "" {
			t.Fatalf("%q: status %d, %s", c.args, status, stderr)
		}
		if stdout != strings.Join(want, "\n")+"\n" {
			got := strings.Split(stdout, "\n")
			for i := range want {
				if got[i] != want[i] {
					t.Errorf("%q: line %d is %q, want %q", c.args, i+1, got[i], want[i])
					break
				}
			}
		}
	}
}

// TestSortIndexUnique: -u keeps the first of each run of equal keys.
func TestSortIndexUnique(t *testing.T) {
	var b bytes.Buffer
	for i := range 200_000 {
		fmt.Fprintf(&b, "k%d %d\n", i%7, i)
	}
	stdout, _, _, _ := command.Case{Args: []string{"sort", "-u", "-k1,1"}, Stdin: b.String()}.Run(runSort, nil)
	if want := "k0 0\nk1 1\nk2 2\nk3 3\nk4 4\nk5 5\nk6 6\n"; stdout != want {
		t.Errorf("got %q, want %q", stdout, want)
	}
}

// TestSortIndexPrefixTies: keys and lines equal in their zero-padded
// prefixes still order by what follows (a NUL byte, or the length), as
// GNU sort orders them (LC_ALL=C).
func TestSortIndexPrefixTies(t *testing.T) {
	in := "ab\x00 2\nab 1\nab\x00\x00 0\nabcdefgh\x00x\nabcdefgh\n"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sort"}, "ab\x00\x00 0\nab\x00 2\nab 1\nabcdefgh\nabcdefgh\x00x\n"},
		{[]string{"sort", "-k1,1"}, "ab 1\nab\x00 2\nab\x00\x00 0\nabcdefgh\nabcdefgh\x00x\n"},
		{[]string{"sort", "-r", "-k1,1"}, "abcdefgh\x00x\nabcdefgh\nab\x00\x00 0\nab\x00 2\nab 1\n"},
	} {
		stdout, _, _, _ := command.Case{Args: c.args, Stdin: in}.Run(runSort, nil)
		if stdout != c.want {
			t.Errorf("%q: got %q, want %q", c.args, stdout, c.want)
		}
	}
}

// TestSortIndexEncodedHeads: the entries' encoded heads agree with GNU
// sort (LC_ALL=C, outputs recorded from coreutils 9.1) where they must
// fall back to the text: numbers past 18 digits or with a fraction, -0,
// 18-digit extremes, keys equal in their first 16 bytes, -r on each.
func TestSortIndexEncodedHeads(t *testing.T) {
	in := "12345678901234567890 b\n12345678901234567891 a\n-3.5 x\n-3.25 y\n3.5 z\n3.50 w\n-0 q\n0 p\n\nabcdefghijklmnopqrstuvwxyz 1\nabcdefghijklmnopqrstuvwxyA 2\nabcdefghijklmnop 3\nabcdefghijklmnopq 4\n  7 lead\n-999999999999999999 m\n999999999999999999 n\n"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sort", "-n"}, "-999999999999999999 m\n-3.5 x\n-3.25 y\n\n-0 q\n0 p\nabcdefghijklmnop 3\nabcdefghijklmnopq 4\nabcdefghijklmnopqrstuvwxyA 2\nabcdefghijklmnopqrstuvwxyz 1\n3.5 z\n3.50 w\n  7 lead\n999999999999999999 n\n12345678901234567890 b\n12345678901234567891 a\n"},
		{[]string{"sort", "-rn"}, "12345678901234567891 a\n12345678901234567890 b\n999999999999999999 n\n  7 lead\n3.50 w\n3.5 z\nabcdefghijklmnopqrstuvwxyz 1\nabcdefghijklmnopqrstuvwxyA 2\nabcdefghijklmnopq 4\nabcdefghijklmnop 3\n0 p\n-0 q\n\n-3.25 y\n-3.5 x\n-999999999999999999 m\n"},
		{[]string{"sort", "-s", "-n", "-k1,1"}, "-999999999999999999 m\n-3.5 x\n-3.25 y\n-0 q\n0 p\n\nabcdefghijklmnopqrstuvwxyz 1\nabcdefghijklmnopqrstuvwxyA 2\nabcdefghijklmnop 3\nabcdefghijklmnopq 4\n3.5 z\n3.50 w\n  7 lead\n999999999999999999 n\n12345678901234567890 b\n12345678901234567891 a\n"},
		{[]string{"sort", "-k1,1"}, "\n  7 lead\n-0 q\n-3.25 y\n-3.5 x\n-999999999999999999 m\n0 p\n12345678901234567890 b\n12345678901234567891 a\n3.5 z\n3.50 w\n999999999999999999 n\nabcdefghijklmnop 3\nabcdefghijklmnopq 4\nabcdefghijklmnopqrstuvwxyA 2\nabcdefghijklmnopqrstuvwxyz 1\n"},
		{[]string{"sort", "-s", "-k1,1"}, "\n  7 lead\n-0 q\n-3.25 y\n-3.5 x\n-999999999999999999 m\n0 p\n12345678901234567890 b\n12345678901234567891 a\n3.5 z\n3.50 w\n999999999999999999 n\nabcdefghijklmnop 3\nabcdefghijklmnopq 4\nabcdefghijklmnopqrstuvwxyA 2\nabcdefghijklmnopqrstuvwxyz 1\n"},
		{[]string{"sort", "-s", "-r", "-k1,1"}, "abcdefghijklmnopqrstuvwxyz 1\nabcdefghijklmnopqrstuvwxyA 2\nabcdefghijklmnopq 4\nabcdefghijklmnop 3\n999999999999999999 n\n3.50 w\n3.5 z\n12345678901234567891 a\n12345678901234567890 b\n0 p\n-999999999999999999 m\n-3.5 x\n-3.25 y\n-0 q\n  7 lead\n\n"},
		{[]string{"sort", "-u", "-k1,1n"}, "-999999999999999999 m\n-3.5 x\n-3.25 y\n-0 q\n3.5 z\n  7 lead\n999999999999999999 n\n12345678901234567890 b\n12345678901234567891 a\n"},
		{[]string{"sort", "-k2,2", "-k1,1n"}, "\nabcdefghijklmnopqrstuvwxyz 1\nabcdefghijklmnopqrstuvwxyA 2\nabcdefghijklmnop 3\nabcdefghijklmnopq 4\n12345678901234567891 a\n12345678901234567890 b\n  7 lead\n-999999999999999999 m\n999999999999999999 n\n0 p\n-0 q\n3.50 w\n-3.5 x\n-3.25 y\n3.5 z\n"},
	} {
		stdout, _, _, _ := command.Case{Args: c.args, Stdin: in}.Run(runSort, nil)
		if stdout != c.want {
			t.Errorf("%q: got %q, want %q", c.args, stdout, c.want)
		}
	}
}

// TestSortIndexLineBytes: lines whose -n keys tie order by the bytes
// after their first 8 (kept in the entries: NULs, lengths, -r), as GNU
// sort orders them (LC_ALL=C, coreutils 9.1).
func TestSortIndexLineBytes(t *testing.T) {
	in := "x2345678b\nx2345678\nx2345678\x00\nx2345678a\x00z\nx2345678a\nx2345678aaab\nx2345678aaaa\n"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sort", "-n"}, "x2345678\nx2345678\x00\nx2345678a\nx2345678a\x00z\nx2345678aaaa\nx2345678aaab\nx2345678b\n"},
		{[]string{"sort", "-rn"}, "x2345678b\nx2345678aaab\nx2345678aaaa\nx2345678a\x00z\nx2345678a\nx2345678\x00\nx2345678\n"},
	} {
		stdout, _, _, _ := command.Case{Args: c.args, Stdin: in}.Run(runSort, nil)
		if stdout != c.want {
			t.Errorf("%q: got %q, want %q", c.args, stdout, c.want)
		}
	}
}
