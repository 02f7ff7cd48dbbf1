package archive

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"memsh/memfs"
	"memsh/shell/command"
)

// benchInput is text-like data that compresses about as well as source code.
var benchInput = func() []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < 4<<20; i++ {
		b.WriteString("func example(ctx context.Context, inv *command.Invocation) int { return 0 }\n")
		b.WriteByte(byte(i))
	}
	return b.Bytes()
}()

// benchRun runs one command over stdin per iteration; size is the
// uncompressed byte count the throughput is reported in.
func benchRun(b *testing.B, run command.Func, args []string, stdin []byte, size int) {
	b.SetBytes(int64(size))
	b.ReportAllocs()
	fsys := memfs.New(memfs.Options{})
	fsys.MkdirAll("/home/user", 0o755)
	for b.Loop() {
		inv := &command.Invocation{Args: args, Stdio: command.Stdio{Stdin: bytes.NewReader(stdin), Stdout: io.Discard, Stderr: io.Discard}, FS: fsys, Dir: "/home/user"}
		if st := run(context.Background(), inv); st != 0 {
			b.Fatal(st)
		}
	}
}

func BenchmarkGzip(b *testing.B) {
	benchRun(b, runGzip, []string{"gzip", "-c"}, benchInput, len(benchInput))
}

func BenchmarkGunzip(b *testing.B) {
	var z bytes.Buffer
	inv := &command.Invocation{Args: []string{"gzip"}, Stdio: command.Stdio{Stdin: bytes.NewReader(benchInput), Stdout: &z, Stderr: io.Discard}, FS: memfs.New(memfs.Options{}), Dir: "/"}
	runGzip(context.Background(), inv)
	benchRun(b, runZcat, []string{"zcat"}, z.Bytes(), len(benchInput))
}

func BenchmarkTarCreateExtract(b *testing.B) {
	fsys := memfs.New(memfs.Options{})
	fsys.MkdirAll("/src/d", 0o755)
	for i := 0; i < 64; i++ {
		fsys.WriteFile("/src/d/f"+itoa8(i+8), benchInput[:64<<10], 0o644)
	}
	b.SetBytes(64 << 16)
	b.ReportAllocs()
	for b.Loop() {
		var arc bytes.Buffer
		inv := &command.Invocation{Args: []string{"tar", "cf", "-", "d"}, Stdio: command.Stdio{Stdin: strings.NewReader(""), Stdout: &arc, Stderr: io.Discard}, FS: fsys, Dir: "/src"}
		if st := runTar(context.Background(), inv); st != 0 {
			b.Fatal(st)
		}
		fsys.RemoveAll("/dst")
		fsys.MkdirAll("/dst", 0o755)
		inv = &command.Invocation{Args: []string{"tar", "xf", "-"}, Stdio: command.Stdio{Stdin: &arc, Stdout: io.Discard, Stderr: io.Discard}, FS: fsys, Dir: "/dst"}
		if st := runTar(context.Background(), inv); st != 0 {
			b.Fatal(st)
		}
	}
}

// cancelReader never ends; it lets tests prove that commands stop on Ctrl-C.
type cancelReader struct{}

func (cancelReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'y'
	}
	return len(p), nil
}

func TestCancelStopsStreams(t *testing.T) {
	for _, args := range [][]string{{"gzip", "-c"}, {"xz", "-c"}, {"zstd", "-c"}, {"tar", "tf", "-"}} {
		run := map[string]command.Func{"gzip": runGzip, "xz": runXz, "zstd": runZstd, "tar": runTar}[args[0]]
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan int, 1)
		fsys := memfs.New(memfs.Options{})
		var stdin io.Reader = cancelReader{}
		if args[0] == "tar" {
			// An endless regular member: tar must stop reading it.
			hdr := make([]byte, 512)
			copy(hdr, "f")
			copy(hdr[100:], "0000644\x00")
			copy(hdr[124:], "77777777777\x00")
			copy(hdr[136:], "00000000000\x00")
			hdr[156] = '0'
			copy(hdr[148:], "        ")
			sum := 0
			for _, c := range hdr {
				sum += int(c)
			}
			copy(hdr[148:], fmt.Sprintf("%06o\x00 ", sum))
			stdin = io.MultiReader(bytes.NewReader(hdr), cancelReader{})
		}
		inv := &command.Invocation{Args: args, Stdio: command.Stdio{Stdin: stdin, Stdout: io.Discard, Stderr: io.Discard}, FS: fsys, Dir: "/"}
		go func() { done <- run(ctx, inv) }()
		time.Sleep(20 * time.Millisecond)
		cancel()
		select {
		case st := <-done:
			if st != statusCancelled {
				t.Errorf("%v: status %d after cancel, want 130", args, st)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%v ignores cancellation", args)
		}
	}
}

func itoa8(n int) string {
	s := ""
	for n > 0 {
		s = string(rune('0'+n%8)) + s
		n /= 8
	}
	return s
}
