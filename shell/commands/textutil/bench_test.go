package textutil

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"memsh/shell/command"
)

// benchInput is n lines of "word number" with random values.
func benchInput(n int) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	for range n {
		b.WriteString("w")
		b.WriteString(strconv.Itoa(r.IntN(1 << 20)))
		b.WriteByte(' ')
		b.WriteString(strconv.Itoa(r.IntN(1 << 30)))
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func benchRun(b *testing.B, args []string, input []byte, run func(context.Context, *command.Invocation) int) {
	b.SetBytes(int64(len(input)))
	b.ReportAllocs()
	for b.Loop() {
		inv, _ := newInv(args, bytes.NewReader(input), io.Discard)
		if st := run(context.Background(), inv); st != 0 {
			b.Fatalf("status %d", st)
		}
	}
}

func BenchmarkSort100k(b *testing.B) {
	benchRun(b, []string{"sort"}, benchInput(100000), runSort)
}

func BenchmarkSort100kKeyNumeric(b *testing.B) {
	benchRun(b, []string{"sort", "-k2,2n"}, benchInput(100000), runSort)
}

func BenchmarkWc(b *testing.B) {
	benchRun(b, []string{"wc"}, benchInput(100000), runWc)
}

func BenchmarkCatN(b *testing.B) {
	benchRun(b, []string{"cat", "-n"}, benchInput(100000), runCat)
}

func BenchmarkWcRandom(b *testing.B) {
	r := rand.New(rand.NewPCG(3, 4))
	data := make([]byte, 8<<20)
	for i := range data {
		data[i] = byte(r.Uint32())
	}
	benchRun(b, []string{"wc"}, data, runWc)
}

// bigfileInput is n lines as bench/bigfile writes them: "bee12 3456
// gn,789 x1234".
func bigfileInput(n int) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"ant", "bee", "cat", "dog", "eel", "fox", "gnu", "needle"}
	var b bytes.Buffer
	for range n {
		fmt.Fprintf(&b, "%s%d %d %s,%d x%d\n", words[r.IntN(len(words))], r.IntN(100), r.IntN(10000),
			words[r.IntN(len(words))][:2], r.IntN(1000), r.IntN(10000))
	}
	return b.Bytes()
}

// BenchmarkSortKeyPath runs the key path's bench/bigfile rows on a
// quarter of its lines.
func BenchmarkSortKeyPath(b *testing.B) {
	in := bigfileInput(500000)
	for _, args := range [][]string{{"-f"}, {"-d", "-k1,1"}, {"-h", "-k3,3"}, {"-V"}, {"-M"}, {"-g", "-k2,2"}, {"-cs", "-k9"}} {
		b.Run(strings.Join(args, " "), func(b *testing.B) {
			benchRun(b, append([]string{"sort"}, args...), in, runSort)
		})
	}
}
