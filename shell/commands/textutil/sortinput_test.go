package textutil

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"memsh/shell/command"
)

// TestReadBlocks: blocks hold whole lines and end in the delimiter, what
// the reader gave comes back in order (with a delimiter after an
// unterminated last line), and a line longer than a block gets a block
// of its own.
func TestReadBlocks(t *testing.T) {
	long := strings.Repeat("x", 100)
	for _, in := range []string{"", "a", "a\n", "ab\ncd\nef", "0123456\n89abcdef\n", long + "\nb\n" + long, "\n\n\n\n\n\n\n\n\n\n\n"} {
		for _, size := range []int{1, 2, 7, 8, 16, 1 << 10} {
			blocks, err := readBlocks(&command.Invocation{}, iotest.HalfReader(strings.NewReader(in)), '\n', size, size)
			if err != nil {
				t.Fatalf("%q, %d: %v", in, size, err)
			}
			want := in
			if in != "" && !strings.HasSuffix(in, "\n") {
				want += "\n"
			}
			if got := string(bytes.Join(blocks, nil)); got != want {
				t.Errorf("%q, %d: blocks hold %q", in, size, got)
			}
			for _, b := range blocks {
				if len(b) == 0 || b[len(b)-1] != '\n' {
					t.Errorf("%q, %d: block %q", in, size, b)
				}
			}
		}
	}
}

// TestSortIndexBlocks: a pipe read into several blocks (keys and lines
// found through the block table) sorts as the same bytes read from a
// file as one block, for each kind of head and later key.
func TestSortIndexBlocks(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var b strings.Builder
	for b.Len() < 3*sortBlockSize+1000 {
		fmt.Fprintf(&b, "w%d %d x,%d abcdefghijklmnopq%d\n", r.IntN(40), r.IntN(2000)-1000, r.IntN(30), r.IntN(5))
	}
	in := b.String()
	for _, args := range [][]string{
		{"sort"}, {"sort", "-r"}, {"sort", "-n", "-k2"}, {"sort", "-t,", "-k2,2"},
		{"sort", "-u", "-k1,1"}, {"sort", "-k4,4", "-k2,2n", "-k1,1r"},
	} {
		var piped, fromFile bytes.Buffer
		inv, _ := newInv(args, iotest.HalfReader(strings.NewReader(in)), &piped)
		if st := runSort(context.Background(), inv); st != 0 {
			t.Fatalf("%q from a pipe: status %d", args, st)
		}
		inv, fsys := newInv(append(slices.Clone(args), "f"), nil, &fromFile)
		if err := fsys.WriteFile("/home/user/f", []byte(in), 0o644); err != nil {
			t.Fatal(err)
		}
		if st := runSort(context.Background(), inv); st != 0 {
			t.Fatalf("%q from a file: status %d", args, st)
		}
		if piped.Len() == 0 || !bytes.Equal(piped.Bytes(), fromFile.Bytes()) {
			t.Errorf("%q: the output from a pipe differs from the output from a file", args)
		}
	}
}
