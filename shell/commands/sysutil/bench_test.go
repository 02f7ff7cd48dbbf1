package sysutil

import (
	"context"
	"io"
	"strconv"
	"strings"
	"testing"

	"memsh/memfs"
	"memsh/shell/command"
)

// countWriter counts bytes, standing in for a pipe.
type countWriter struct{ n int64 }

func (w *countWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

func benchInv(args []string, out io.Writer) *command.Invocation {
	return &command.Invocation{Args: args, Stdio: command.Stdio{Stdin: strings.NewReader(""), Stdout: out, Stderr: io.Discard}, Dir: "/", Exec: testExec}
}

func BenchmarkSeqIntegers(b *testing.B) {
	b.ReportAllocs()
	w := &countWriter{}
	runSeq(context.Background(), benchInv([]string{"seq", "1000000"}, w))
	b.SetBytes(w.n)
	for b.Loop() {
		runSeq(context.Background(), benchInv([]string{"seq", "1000000"}, io.Discard))
	}
}

func BenchmarkSeqFloats(b *testing.B) {
	b.ReportAllocs()
	w := &countWriter{}
	runSeq(context.Background(), benchInv([]string{"seq", "0", "0.5", "100000"}, w))
	b.SetBytes(w.n)
	for b.Loop() {
		runSeq(context.Background(), benchInv([]string{"seq", "0", "0.5", "100000"}, io.Discard))
	}
}

// limitWriter fails once n bytes were written, as a pipe whose reader
// (head -c N) has gone.
type limitWriter struct{ n int64 }

func (w *limitWriter) Write(p []byte) (int, error) {
	if w.n <= 0 {
		return 0, io.ErrClosedPipe
	}
	w.n -= int64(len(p))
	return len(p), nil
}

func BenchmarkYes(b *testing.B) {
	b.ReportAllocs()
	const size = 64 << 20
	b.SetBytes(size)
	for b.Loop() {
		runYes(context.Background(), benchInv([]string{"yes"}, &limitWriter{n: size}))
	}
}

func BenchmarkFindTree(b *testing.B) {
	fsys := memfs.New(memfs.Options{})
	for i := 0; i < 100; i++ {
		d := "/t/d" + strconv.Itoa(i)
		fsys.MkdirAll(d, 0o755)
		for j := 0; j < 100; j++ {
			fsys.WriteFile(d+"/f"+strconv.Itoa(j)+".txt", nil, 0o644)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		inv := benchInv([]string{"find", "/t", "-name", "*5.txt", "-type", "f"}, io.Discard)
		inv.FS = fsys
		runFind(context.Background(), inv)
	}
}

func BenchmarkXargs(b *testing.B) {
	var in strings.Builder
	for i := 0; i < 100000; i++ {
		in.WriteString("word" + strconv.Itoa(i) + "\n")
	}
	input := in.String()
	b.ReportAllocs()
	b.SetBytes(int64(len(input)))
	for b.Loop() {
		inv := benchInv([]string{"xargs", "echo"}, io.Discard)
		inv.Stdin = strings.NewReader(input)
		runXargs(context.Background(), inv)
	}
}
