package fileutil

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"memsh/memfs"
	"memsh/shell/command"
)

func benchInv(fsys *memfs.FS, args ...string) *command.Invocation {
	return &command.Invocation{
		Args:    args,
		Stdio:   command.Stdio{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard},
		FS:      fsys,
		Dir:     "/home/user",
		Environ: []string{"LANG=C.UTF-8"},
		Width:   80,
	}
}

// BenchmarkCp copies a 16 MiB file: the copy loop's throughput.
func BenchmarkCp(b *testing.B) {
	fsys := memfs.New(memfs.Options{})
	fsys.MkdirAll("/home/user", 0o755)
	const size = 16 << 20
	if err := fsys.WriteFile("/home/user/src", make([]byte, size), 0o644); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		if st := runCp(context.Background(), benchInv(fsys, "cp", "src", "dst")); st != 0 {
			b.Fatal(st)
		}
	}
}

// BenchmarkLsLong lists 10,000 files in the long format.
func BenchmarkLsLong(b *testing.B) {
	fsys := memfs.New(memfs.Options{})
	fsys.MkdirAll("/home/user/d", 0o755)
	for i := range 10000 {
		fsys.WriteFile(fmt.Sprintf("/home/user/d/f%05d", i), []byte("x"), 0o644)
	}
	b.ReportAllocs()
	for b.Loop() {
		if st := runLs(context.Background(), benchInv(fsys, "ls", "-l", "d")); st != 0 {
			b.Fatal(st)
		}
	}
}

// BenchmarkRmTree builds and removes a tree of 1,000 files.
func BenchmarkRmTree(b *testing.B) {
	fsys := memfs.New(memfs.Options{})
	fsys.MkdirAll("/home/user", 0o755)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		for i := range 10 {
			fsys.MkdirAll(fmt.Sprintf("/home/user/t/%d", i), 0o755)
			for j := range 100 {
				fsys.WriteFile(fmt.Sprintf("/home/user/t/%d/%d", i, j), nil, 0o644)
			}
		}
		b.StartTimer()
		if st := runRm(context.Background(), benchInv(fsys, "rm", "-r", "t")); st != 0 {
			b.Fatal(st)
		}
	}
}
