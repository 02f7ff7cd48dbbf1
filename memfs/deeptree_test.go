package memfs

import (
	"archive/tar"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// chain builds /d as a chain of depth directories the way a script does
// (mkdir n; mv d n/d; mv n d), with a file at the bottom.
func chain(t testing.TB, f *FS, depth int) {
	t.Helper()
	if err := f.Mkdir("/d", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := f.WriteFile("/d/bottom", []byte("deep\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for range depth - 1 {
		if err := f.Mkdir("/n", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := f.Rename("/d", "/n/d"); err != nil {
			t.Fatal(err)
		}
		if err := f.Rename("/n", "/d"); err != nil {
			t.Fatal(err)
		}
	}
}

// byteCounter counts what is written to it.
type byteCounter struct{ n int64 }

func (w *byteCounter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

// TestDeepChainTar saves a chain deeper than PATH_MAX and loads it back:
// every entry is in the archive (PAX long names), and loading it keeps
// all that memfs can name, saying how many entries it could not.
func TestDeepChainTar(t *testing.T) {
	const depth = 3000 // "d/" 3000 times: paths up to 6000 bytes
	f := New(Options{})
	chain(t, f, depth)
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(f.ExportTar(pw, "/")) }()
	var buf strings.Builder
	tr := tar.NewReader(io.TeeReader(pr, &buf))
	dirs, deepest := 0, ""
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if hdr.Typeflag == tar.TypeDir && strings.HasPrefix(hdr.Name, "d/") {
			dirs++
		}
		if strings.HasSuffix(hdr.Name, "/bottom") {
			deepest = hdr.Name
		}
	}
	if dirs != depth || deepest != strings.Repeat("d/", depth)+"bottom" {
		t.Fatalf("archive has %d levels, bottom %.40q", dirs, deepest)
	}
	g := New(Options{})
	err := g.ImportTar(strings.NewReader(buf.String()), "/")
	var partial *PartialImportError
	if !errors.As(err, &partial) {
		t.Fatalf("import: %v", err)
	}
	// "/d" + "/d" * k < 4096 holds for k up to 2046 levels.
	loadable := (maxPath - 1) / 2
	if want := depth + 1 - loadable; partial.Skipped != want {
		t.Errorf("%d entries skipped, want %d (%v)", partial.Skipped, want, err)
	}
	p := strings.Repeat("/d", loadable)
	if fi, err := g.Lstat(p); err != nil || !fi.IsDir() {
		t.Errorf("deepest loadable level: %v", err)
	}
}

// TestHugeTrees runs the extremes of the issue: save a 100,000-level
// chain and a tree of 1,000,000 files, and load the latter back. They
// take minutes and gigabytes: MEMSH_HUGE_TREES=1 go test ./memfs -run
// TestHugeTrees -v (not with -short).
func TestHugeTrees(t *testing.T) {
	if testing.Short() || os.Getenv("MEMSH_HUGE_TREES") != "1" {
		t.Skip("set MEMSH_HUGE_TREES=1 (takes minutes and gigabytes)")
	}
	f := New(Options{})
	start := time.Now()
	chain(t, f, 100000)
	t.Logf("built a 100,000-level chain in %v", time.Since(start))
	start = time.Now()
	var w byteCounter
	if err := f.ExportTar(&w, "/"); err != nil {
		t.Fatal(err)
	}
	t.Logf("saved it: %d bytes in %v", w.n, time.Since(start))

	f = New(Options{})
	start = time.Now()
	for i := range 1000 {
		dir := fmt.Sprintf("/w/%03d", i)
		if err := f.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for j := range 1000 {
			if err := f.WriteFile(fmt.Sprintf("%s/%03d", dir, j), nil, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("built 1,000,000 files in %v", time.Since(start))
	start = time.Now()
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(f.ExportTar(pw, "/")) }()
	g := New(Options{})
	if err := g.ImportTar(pr, "/"); err != nil {
		t.Fatal(err)
	}
	t.Logf("saved and loaded them in %v", time.Since(start))
	if fi, err := g.Stat("/w/999/999"); err != nil || fi.Size() != 0 {
		t.Errorf("last file: %v", err)
	}
}
