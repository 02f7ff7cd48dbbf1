package pyworker

import (
	"context"
	"io"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"

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

// BenchmarkAdapterWrite1K is the host side of one unbuffered python write:
// the sys.FS adapter appending 1 KiB to a memfs file (8 MiB per op).
func BenchmarkAdapterWrite1K(b *testing.B) {
	chunk := make([]byte, 1024)
	g := &guestFS{fs: memfs.New(memfs.Options{}), st: &runState{}}
	b.SetBytes(8 << 20)
	b.ReportAllocs()
	for b.Loop() {
		f, errno := g.OpenFile("w", experimentalsys.O_WRONLY|experimentalsys.O_CREAT|experimentalsys.O_TRUNC, 0o644)
		if errno != 0 {
			b.Fatal(errno)
		}
		for range 8192 {
			if _, errno := f.Write(chunk); errno != 0 {
				b.Fatal(errno)
			}
		}
		f.Close()
	}
}

// BenchmarkPythonWrite8MiB is the python write benchmark inside a fast
// (script mode) guest: 8,192 unbuffered 1 KiB writes to a new file,
// which is then removed, timed from python3's start to its exit.
func BenchmarkPythonWrite8MiB(b *testing.B) {
	needPython(b)
	rt := fastRuntime()
	f := memfs.New(memfs.Options{})
	const script = `import os
c = bytes(range(256)) * 4
for _ in range(20):
    f = open('/w', 'wb', buffering=0)
    for _ in range(8192):
        f.write(c)
    f.close()
    os.remove('/w')
`
	p := Proc{Args: []string{"python3", "-S", "-c", script}, Dir: "/", FS: f, Stdout: io.Discard, Stderr: io.Discard}
	b.SetBytes(20 * 8 << 20)
	b.ReportAllocs()
	for b.Loop() {
		if st := rt.RunPython(context.Background(), p); st != 0 {
			b.Fatalf("status %d", st)
		}
	}
}
