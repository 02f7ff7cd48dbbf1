package shell

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
)

// Benchmarks of issue 3 item 11. Compare with host bash as described in
// docs/shell.md ("Performance").

func benchRun(b *testing.B, s *Session, script string) {
	b.Helper()
	st, err := s.Run(context.Background(), script, Stdio{Stdout: io.Discard, Stderr: io.Discard})
	if err != nil || st != 0 {
		b.Fatalf("%q: status %d, %v", script, st, err)
	}
}

// BenchmarkStartupTrue is a new session running `true`: what
// `memsh -c true` costs beyond starting the process.
func BenchmarkStartupTrue(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		s, err := New(Options{})
		if err != nil {
			b.Fatal(err)
		}
		benchRun(b, s, "true")
		s.Close()
	}
}

// BenchmarkAppendLoop appends a 1 KiB line N times; the cost per append
// must not grow with N.
func BenchmarkAppendLoop(b *testing.B) {
	for _, n := range []int{1000, 8000} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			s := newTestSession(b, Options{})
			script := fmt.Sprintf(`line1k=%s; rm -f f; for ((i=0;i<%d;i++)); do echo "$line1k" >> f; done`, strings.Repeat("x", 1023), n)
			b.SetBytes(int64(n) * 1024)
			b.ReportAllocs()
			for b.Loop() {
				benchRun(b, s, script)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/append")
		})
	}
}

// BenchmarkArithLoop is `for ((i=0;i<100000;i++)); do ((s+=i%7)); done`.
func BenchmarkArithLoop(b *testing.B) {
	s := newTestSession(b, Options{})
	b.ReportAllocs()
	for b.Loop() {
		benchRun(b, s, "s=0; for ((i=0;i<100000;i++)); do ((s+=i%7)); done")
	}
}

// BenchmarkArrayAppend is N `arr+=("$i")`; ns/append growing with N would
// show a copy on every append.
func BenchmarkArrayAppend(b *testing.B) {
	for _, n := range []int{1000, 4000} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			s := newTestSession(b, Options{})
			script := fmt.Sprintf(`arr=(); for ((i=0;i<%d;i++)); do arr+=("$i"); done`, n)
			b.ReportAllocs()
			for b.Loop() {
				benchRun(b, s, script)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/append")
		})
	}
}

// BenchmarkExternalCommand is the per-command overhead of the exec path
// (a registry command in a loop).
func BenchmarkExternalCommand(b *testing.B) {
	s := newTestSession(b, Options{})
	if !s.IsCommand("true") {
		b.Skip("no true")
	}
	b.ReportAllocs()
	for b.Loop() {
		benchRun(b, s, "for ((i=0;i<1000;i++)); do command true; /usr/bin/true; done")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/2000, "ns/command")
}

// BenchmarkPipe streams 64 MiB through a pipeline of commands.
func BenchmarkPipe(b *testing.B) {
	s := newTestSession(b, Options{})
	if !s.IsCommand("head") || !s.IsCommand("cat") {
		b.Skip("no head or cat")
	}
	b.SetBytes(64 << 20)
	b.ReportAllocs()
	for b.Loop() {
		benchRun(b, s, "head -c 67108864 /dev/zero | cat | cat > /dev/null")
	}
}
