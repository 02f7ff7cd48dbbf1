package binutil

import (
	"bytes"
	"context"
	"io"
	"testing"
	"time"

	"memsh/memfs"
	"memsh/shell/command"
)

var benchData = func() []byte {
	b := make([]byte, 4<<20)
	for i := range b {
		b[i] = byte(i*131 + i>>9)
	}
	return b
}()

func benchCmd(b *testing.B, run command.Func, args ...string) {
	b.SetBytes(int64(len(benchData)))
	b.ReportAllocs()
	fsys := memfs.New(memfs.Options{})
	for b.Loop() {
		inv := &command.Invocation{Args: args, Stdio: command.Stdio{Stdin: bytes.NewReader(benchData), Stdout: io.Discard, Stderr: io.Discard}, FS: fsys, Dir: "/"}
		if st := run(context.Background(), inv); st != 0 {
			b.Fatal(st)
		}
	}
}

func BenchmarkOd(b *testing.B)       { benchCmd(b, runOd, "od", "-v") }
func BenchmarkOdX1(b *testing.B)     { benchCmd(b, runOd, "od", "-v", "-An", "-tx1") }
func BenchmarkHexdumpC(b *testing.B) { benchCmd(b, runHexdump, "hexdump", "-v", "-C") }
func BenchmarkXxd(b *testing.B)      { benchCmd(b, runXxd, "xxd") }
func BenchmarkXxdPlain(b *testing.B) { benchCmd(b, runXxd, "xxd", "-p") }
func BenchmarkCksum(b *testing.B)    { benchCmd(b, runCksum, "cksum") }
func BenchmarkBase32(b *testing.B)   { benchCmd(b, runBase32, "base32") }

// endless never ends, to prove commands stop when the line is cancelled.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(i)
	}
	return len(p), nil
}

func TestCancelStops(t *testing.T) {
	cases := []struct {
		run  command.Func
		args []string
	}{
		{runOd, []string{"od", "-v"}}, {runHexdump, []string{"hexdump", "-C"}}, {runXxd, []string{"xxd"}},
		{runCksum, []string{"cksum"}}, {runShuf, []string{"shuf", "-r", "-e", "x"}}, {runShuf, []string{"shuf", "-r", "-i", "1-9"}},
		{runBase32, []string{"base32"}}, {runExpand, []string{"expand"}}, {runSplit, []string{"split", "-b", "1M"}},
	}
	for _, c := range cases {
		ctx, cancel := context.WithCancel(context.Background())
		inv := &command.Invocation{Args: c.args, Stdio: command.Stdio{Stdin: endless{}, Stdout: io.Discard, Stderr: io.Discard}, FS: memfs.New(memfs.Options{}), Dir: "/"}
		done := make(chan int, 1)
		go func() { done <- c.run(ctx, inv) }()
		time.Sleep(20 * time.Millisecond)
		cancel()
		select {
		case st := <-done:
			if st == 0 {
				t.Errorf("%v: status 0 after cancel", c.args)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%v ignores cancellation", c.args)
		}
	}
}
