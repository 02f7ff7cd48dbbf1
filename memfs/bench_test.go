package memfs

import (
	"fmt"
	"io"
	"os"
	"testing"
)

// Appending 1 KiB at a time must cost the same per byte whatever the
// final size (geometric growth): MB/s stays flat across 1, 8 and 64 MiB.
func BenchmarkAppend1KiB(b *testing.B) {
	chunk := make([]byte, 1024)
	for _, size := range []int{1 << 20, 8 << 20, 64 << 20} {
		b.Run(fmt.Sprintf("%dMiB", size>>20), func(b *testing.B) {
			f := New(Options{})
			b.SetBytes(int64(size))
			b.ReportAllocs()
			for b.Loop() {
				fl, err := f.OpenFile("/f", os.O_WRONLY|os.O_CREATE|os.O_TRUNC|os.O_APPEND, 0o644)
				if err != nil {
					b.Fatal(err)
				}
				for range size / len(chunk) {
					fl.Write(chunk)
				}
				fl.Close()
			}
		})
	}
}

// Listing a 10-entry directory must not depend on how many files the
// tree holds: compare the 100-file and 100,000-file trees.
func BenchmarkReadDir10(b *testing.B) {
	for _, total := range []int{100, 100000} {
		b.Run(fmt.Sprintf("tree=%d", total), func(b *testing.B) {
			f := New(Options{})
			for d := range total / 100 {
				dir := fmt.Sprintf("/tree/d%d", d)
				f.MkdirAll(dir, 0o755)
				for i := range 100 {
					fl, _ := f.Create(fmt.Sprintf("%s/f%d", dir, i))
					fl.Close()
				}
			}
			f.Mkdir("/small", 0o755)
			for i := range 10 {
				fl, _ := f.Create(fmt.Sprintf("/small/f%d", i))
				fl.Close()
			}
			b.ReportAllocs()
			for b.Loop() {
				ents, err := f.ReadDir("/small")
				if err != nil || len(ents) != 10 {
					b.Fatal(err)
				}
			}
		})
	}
}

// The side panel's listing of 10,000 files.
func BenchmarkSnapshot10k(b *testing.B) {
	f := New(Options{})
	for d := range 100 {
		dir := fmt.Sprintf("/d%d", d)
		f.Mkdir(dir, 0o755)
		for i := range 100 {
			f.WriteFile(fmt.Sprintf("%s/f%d", dir, i), []byte("data"), 0o644)
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		if n := len(f.Snapshot("/")); n < 10000 {
			b.Fatal(n)
		}
	}
}

// cat of a 100 MiB file: WriteTo moves it in big chunks.
func BenchmarkCopyOut100MiB(b *testing.B) {
	f := New(Options{})
	fl, _ := f.Create("/big")
	fl.Truncate(0)
	buf := make([]byte, 1<<20)
	for range 100 {
		fl.Write(buf)
	}
	fl.Close()
	b.SetBytes(100 << 20)
	b.ReportAllocs()
	for b.Loop() {
		fl, _ := f.Open("/big")
		if n, err := io.Copy(io.Discard, fl); n != 100<<20 || err != nil {
			b.Fatal(n, err)
		}
		fl.Close()
	}
}

func BenchmarkReadAt64KiB(b *testing.B) {
	f := New(Options{})
	fl, _ := f.Create("/f")
	fl.Write(make([]byte, 1<<20))
	buf := make([]byte, 64<<10)
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	var off int64
	for b.Loop() {
		fl.ReadAt(buf, off)
		off = (off + int64(len(buf))) % (1 << 20)
	}
}
