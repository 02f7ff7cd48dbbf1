package memfs

import (
	"archive/tar"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"syscall"
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
// every entry is in the archive (PAX long names), and loading it restores
// every one.
func TestDeepChainTar(t *testing.T) {
	if testing.Short() {
		t.Skip("4 s, 30 s under -race; run without -short")
	}
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
	if err := g.ImportTar(strings.NewReader(buf.String()), "/"); err != nil {
		t.Fatalf("import: %v", err)
	}
	// Loaded whole: saved again, it is the same archive.
	var again strings.Builder
	if err := g.ExportTar(&again, "/"); err != nil {
		t.Fatal(err)
	}
	if a, b := tarListing(t, buf.String()), tarListing(t, again.String()); !slices.Equal(a, b) {
		t.Errorf("the archive loaded and saved again differs: %d entries, was %d", len(b), len(a))
	}
	// Past PATH_MAX the sandbox cannot name it, as on Linux.
	if _, err := g.Lstat("/" + deepest); !errors.Is(err, syscall.ENAMETOOLONG) {
		t.Errorf("lstat of the bottom: %v, want ENAMETOOLONG", err)
	}
}

// tarListing is an archive's entries as "NAME TYPE MODE SIZE MTIME" (a
// ctime cannot be restored, so it is left out).
func tarListing(t *testing.T, archive string) []string {
	t.Helper()
	tr := tar.NewReader(strings.NewReader(archive))
	var out []string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s %c %o %d %d", h.Name, h.Typeflag, h.Mode, h.Size, h.ModTime.UnixNano()))
	}
}

// TestHugeTrees runs the extremes of the issue: save a 100,000-level
// chain and a tree of 1,000,000 files, and load each back. They
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
	pr, pw := io.Pipe()
	go func() { pw.CloseWithError(f.ExportTar(io.MultiWriter(pw, &w), "/")) }()
	g := New(Options{})
	if err := g.ImportTar(pr, "/"); err != nil {
		t.Fatal(err)
	}
	t.Logf("saved it (%d bytes) and loaded it back in %v", w.n, time.Since(start))
	d, err := g.OpenDir("/d")
	levels := 1
	for err == nil {
		var sub *Dir
		if sub, err = d.OpenDir("d", false); err == nil {
			d, levels = sub, levels+1
		}
	}
	if _, err := d.StatAt("bottom", false); err != nil || levels != 100000 {
		t.Errorf("loaded chain: %d levels, bottom: %v", levels, err)
	}

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
	pr, pw = io.Pipe()
	go func() { pw.CloseWithError(f.ExportTar(pw, "/")) }()
	g = New(Options{})
	if err := g.ImportTar(pr, "/"); err != nil {
		t.Fatal(err)
	}
	t.Logf("saved and loaded them in %v", time.Since(start))
	if fi, err := g.Stat("/w/999/999"); err != nil || fi.Size() != 0 {
		t.Errorf("last file: %v", err)
	}
}
