package pyworker

import (
	"context"
	"io"
	"testing"

	"memsh/memfs"
)

// BenchmarkPythonPass measures a warm `python3 -c pass`: the runtime and
// python's compiled code are already in memory.
func BenchmarkPythonPass(b *testing.B) {
	needPython(b)
	rt := testRuntime()
	f := memfs.New(memfs.Options{})
	p := Proc{Args: []string{"python3", "-c", "pass"}, Dir: "/", FS: f, Stdout: io.Discard, Stderr: io.Discard}
	if st := rt.RunPython(context.Background(), p); st != 0 {
		b.Fatalf("status %d", st)
	}
	b.ReportAllocs()
	for b.Loop() {
		rt.RunPython(context.Background(), p)
	}
}

// BenchmarkStdin64K pipes zeros into a wasip1 guest reading 64 KiB chunks,
// under a cancellable ctx as the shell runs guests.
func BenchmarkStdin64K(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	g := guestWasm(b, "reader")
	rt := testRuntime()
	const total = 256 << 20
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		p := Proc{Args: []string{"reader", "65536"}, Dir: "/", FS: memfs.New(memfs.Options{}), Stdin: io.LimitReader(zeros{}, total), Stdout: io.Discard, Stderr: io.Discard}
		if st := rt.RunModule(ctx, g, p); st != 0 {
			b.Fatalf("status %d", st)
		}
	}
}
