package vercmp

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// gnuOrder is the output of GNU `LC_ALL=C sort -V` (coreutils 9.1) on
// these names; sort -V breaks ties between equal versions ("007", "7")
// by bytes. A hidden name can be all suffix (".Z", ".~a"), which then
// sorts before hidden names that have a stem (".~1_x").
var gnuOrder = []string{
	".", "..", ".~1", ".~a", ".~rc1x", ".~.gz012001rc", ".Z", ".a2", ".a10",
	".hidden", ".~~rc1b_-1", ".~1_x", "~~", "~", "0", "1.0~rc1", "1.0",
	"1.0rc1", "1.0-1", "1.02.3", "1.2.3", "1.2.10", "007", "7", "8", "ABC",
	"V3", "a", "a.b.c", "aZ", "abc", "a b", "a!b", "a_", "file1.tar",
	"file01.tar.gz", "file1.tar.gz", "file9.txt", "file10.txt", "foo~",
	"foo~1", "foo", "foo1~", "foo1", "foo1a", "foo1.2", "foo1.10", "foo-1.2",
	"foo_1.2", "img2.jpeg", "img2.png", "img12.png", "v2", "v10",
	"x.tar.gz.bak", "x2.tar.gz", "x10.tar.gz", "z",
}

func TestCompareMatchesGNUSort(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		got := slices.Clone(gnuOrder)
		r.Shuffle(len(got), func(i, j int) { got[i], got[j] = got[j], got[i] })
		slices.SortFunc(got, func(a, b string) int {
			if d := Compare(a, b); d != 0 {
				return d
			}
			return strings.Compare(a, b)
		})
		if !slices.Equal(got, gnuOrder) {
			t.Fatalf("sorted:\n%q\nwant (GNU sort -V):\n%q", got, gnuOrder)
		}
	}
}

func TestCompare(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int // sign
	}{
		{"", "", 0},
		{"", "a", -1},
		{"a", "", 1},
		{".", ".", 0},
		{"..", "..", 0},
		{".", "..", -1},
		{"..", ".a", -1},
		{".z", "a", -1},
		{"007", "7", 0},
		{"a01b", "a1b", 0},
		{"a2", "a10", -1},
		{"1.0~rc1", "1.0", -1},
		{"foo~", "foo", -1},
		{"foo", "foo1", -1},
		{"foo.txt", "foo.txt", 0},
		{"file01.tar.gz", "file1.tar.gz", 0},
		{"x.tar.gz", "x2.tar.gz", -1},
		{"a\x00", "a\xff", -1},
		{"a\xff", "ab", 1},
	} {
		for _, pair := range [][2]string{{c.a, c.b}, {c.b, c.a}} {
			want := c.want
			if pair[0] != c.a || pair[1] != c.b {
				want = -want
			}
			gotS := sign(Compare(pair[0], pair[1]))
			gotB := sign(Compare([]byte(pair[0]), []byte(pair[1])))
			if gotS != want || gotB != want {
				t.Errorf("Compare(%q, %q) = %d (string), %d ([]byte); want %d", pair[0], pair[1], gotS, gotB, want)
			}
		}
	}
}

func sign(d int) int {
	switch {
	case d < 0:
		return -1
	case d > 0:
		return 1
	}
	return 0
}

func BenchmarkCompare(b *testing.B) {
	x, y := []byte("libfoo-1.2.10~rc3.tar.gz"), []byte("libfoo-1.2.9.tar.gz")
	b.SetBytes(int64(len(x) + len(y)))
	b.ReportAllocs()
	for b.Loop() {
		Compare(x, y)
	}
}
