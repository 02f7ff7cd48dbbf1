package memfs

import (
	"archive/tar"
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func buildTree(t *testing.T, f *FS) {
	t.Helper()
	f.MkdirAll("/src/sub/deep", 0o750)
	mustWrite(t, f, "/src/a.txt", "alpha\n")
	mustWrite(t, f, "/src/sub/bin", string([]byte{0, 0xff, 1, 2}))
	f.Chmod("/src/sub/bin", 0o755|fs.ModeSetuid)
	f.Link("/src/a.txt", "/src/sub/hard")
	f.Symlink("../a.txt", "/src/sub/rel")
	f.Symlink("/elsewhere", "/src/abs")
	fl, _ := f.Create("/src/sparse")
	fl.Truncate(100000)
	fl.WriteAt([]byte("end"), 99997)
	fl.Close()
	mt := time.Unix(1600000000, 5000)
	for _, p := range []string{"/src/a.txt", "/src/sub/bin", "/src/sub/deep", "/src/sub", "/src/sparse"} {
		f.Chtimes(p, mt, mt)
	}
	f.Lchtimes("/src/abs", mt, mt)
}

// describeTree lists what a round trip must keep.
func describeTree(t *testing.T, f *FS, root string) string {
	t.Helper()
	var b strings.Builder
	for _, e := range f.Snapshot(root) {
		rel := strings.TrimPrefix(e.Path, root)
		b.WriteString(rel + " " + e.Mode.String())
		fi, _ := f.Lstat(e.Path)
		st := fi.Sys().(*syscall.Stat_t)
		if rel != "" {
			b.WriteString(" " + e.ModTime.UTC().Format(time.RFC3339Nano))
		}
		switch {
		case e.Mode.IsRegular():
			data, _ := f.ReadFile(e.Path)
			b.WriteString(fmt.Sprintf(" %d:%x", len(data), sha256.Sum256(data)))
			b.WriteString(fmt.Sprintf(" nlink=%d", st.Nlink))
		case e.Mode&fs.ModeSymlink != 0:
			target, _ := f.Readlink(e.Path)
			b.WriteString(" -> " + target)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func TestTarRoundTrip(t *testing.T) {
	f := New(Options{})
	buildTree(t, f)
	var buf bytes.Buffer
	if err := f.ExportTar(&buf, "/src"); err != nil {
		t.Fatal(err)
	}
	g := New(Options{})
	if err := g.ImportTar(bytes.NewReader(buf.Bytes()), "/dst/here"); err != nil {
		t.Fatal(err)
	}
	want, got := describeTree(t, f, "/src"), describeTree(t, g, "/dst/here")
	if want != got {
		t.Errorf("round trip differs:\n%s\nwant:\n%s", got, want)
	}
	fi, _ := g.Stat("/dst/here/sub/hard")
	a, _ := g.Stat("/dst/here/a.txt")
	if !os.SameFile(fi, a) && fi.Sys().(*syscall.Stat_t).Ino != a.Sys().(*syscall.Stat_t).Ino {
		t.Error("hard link became a copy")
	}
}

// GNU tar reads what memfs writes and memfs reads what GNU tar writes.
func TestTarWithHostTar(t *testing.T) {
	if _, err := exec.LookPath("tar"); err != nil {
		t.Skip("no host tar")
	}
	f := New(Options{})
	buildTree(t, f)
	dir := t.TempDir()
	var buf bytes.Buffer
	if err := f.ExportTar(&buf, "/src"); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("tar", "-xf", "-", "-C", dir)
	cmd.Stdin = &buf
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("host tar: %v %s", err, out)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "sub/rel")); string(data) != "alpha\n" {
		t.Errorf("host sees %q", data)
	}
	if fi, _ := os.Stat(filepath.Join(dir, "sub/bin")); fi == nil || fi.Mode() != 0o755|fs.ModeSetuid || !fi.ModTime().Equal(time.Unix(1600000000, 5000)) {
		t.Errorf("host mode/mtime: %v", fi)
	}
	out, err := exec.Command("tar", "-cf", "-", "-C", dir, ".").Output()
	if err != nil {
		t.Fatal(err)
	}
	g := New(Options{})
	if err := g.ImportTar(bytes.NewReader(out), "/back"); err != nil {
		t.Fatal(err)
	}
	if data, _ := g.ReadFile("/back/sub/hard"); string(data) != "alpha\n" {
		t.Errorf("memfs sees %q", data)
	}
	fi, _ := g.Stat("/back/sub/hard")
	if fi.Sys().(*syscall.Stat_t).Nlink != 2 {
		t.Errorf("GNU tar hard link not kept")
	}
	if data, _ := g.ReadFile("/back/sparse"); len(data) != 100000 || string(data[99997:]) != "end" {
		t.Errorf("sparse file: %d bytes", len(data))
	}
}

func tarOf(t *testing.T, entries ...*tar.Header) []byte {
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, h := range entries {
		if h.Typeflag == tar.TypeReg && h.Size == 0 {
			h.Size = int64(len(h.Name))
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		if h.Typeflag == tar.TypeReg {
			tw.Write([]byte(h.Name)[:h.Size])
		}
	}
	tw.Close()
	return buf.Bytes()
}

func TestTarRefusesEscapes(t *testing.T) {
	cases := map[string][]*tar.Header{
		"dotdot":          {{Name: "../evil", Typeflag: tar.TypeReg, Mode: 0o644}},
		"inner dotdot":    {{Name: "a/../../evil", Typeflag: tar.TypeReg, Mode: 0o644}},
		"hard link out":   {{Name: "h", Typeflag: tar.TypeLink, Linkname: "../outside"}},
		"through symlink": {{Name: "ln", Typeflag: tar.TypeSymlink, Linkname: "/"}, {Name: "ln/evil", Typeflag: tar.TypeReg, Mode: 0o644}},
		"dir symlink":     {{Name: "up", Typeflag: tar.TypeSymlink, Linkname: ".."}, {Name: "up/evil", Typeflag: tar.TypeReg, Mode: 0o644}},
		"link via symlink": {{Name: "ln", Typeflag: tar.TypeSymlink, Linkname: "/"},
			{Name: "h", Typeflag: tar.TypeLink, Linkname: "ln/outside"}},
	}
	for name, hdrs := range cases {
		t.Run(name, func(t *testing.T) {
			f := New(Options{})
			mustWrite(t, f, "/outside", "secret")
			err := f.ImportTar(bytes.NewReader(tarOf(t, hdrs...)), "/dest")
			if err == nil {
				t.Fatal("import succeeded")
			}
			if _, err := f.Stat("/evil"); err == nil {
				t.Error("/evil was written outside dest")
			}
			if _, err := f.Stat("/dest/h"); err == nil {
				t.Error("hard link to a file outside dest made")
			}
			t.Log(err)
		})
	}
	// absolute member names are taken as relative, like GNU tar
	f := New(Options{})
	if err := f.ImportTar(bytes.NewReader(tarOf(t, &tar.Header{Name: "/etc/passwd", Typeflag: tar.TypeReg, Mode: 0o644})), "/dest"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Stat("/dest/etc/passwd"); err != nil {
		t.Error(err)
	}
	if _, err := f.Stat("/etc/passwd"); err == nil {
		t.Error("absolute member written at /")
	}
}

func TestTarLimits(t *testing.T) {
	big := &tar.Header{Name: "big", Typeflag: tar.TypeReg, Mode: 0o644, Size: 5000}
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	tw.WriteHeader(big)
	tw.Write(make([]byte, 5000))
	tw.Close()
	f := New(Options{MaxFileSize: 4096})
	err := f.ImportTar(bytes.NewReader(buf.Bytes()), "/d")
	if !errors.Is(err, syscall.EFBIG) {
		t.Errorf("over MaxFileSize: %v", err)
	}
	f = New(Options{MaxBytes: 1000})
	err = f.ImportTar(bytes.NewReader(buf.Bytes()), "/d")
	if !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("over MaxBytes: %v", err)
	}
	f = New(Options{MaxInodes: 9})
	err = f.ImportTar(bytes.NewReader(tarOf(t, &tar.Header{Name: "a/b/c/d", Typeflag: tar.TypeReg})), "/d")
	if !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("over MaxInodes: %v", err)
	}
	// a truncated or garbage stream is an error, not a panic
	err = New(Options{}).ImportTar(bytes.NewReader(buf.Bytes()[:700]), "/d")
	if err == nil {
		t.Error("truncated archive accepted")
	}
	err = New(Options{}).ImportTar(strings.NewReader(strings.Repeat("garbage!", 100)), "/d")
	if err == nil {
		t.Error("garbage accepted")
	}
	if err := New(Options{}).ExportTar(io.Discard, "/missing"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("export of a missing root: %v", err)
	}
}

func TestImportDir(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "sub/deep"), 0o755)
	os.WriteFile(filepath.Join(dir, "a"), []byte("host a"), 0o640)
	os.Link(filepath.Join(dir, "a"), filepath.Join(dir, "sub/hard"))
	os.Symlink("/etc/passwd", filepath.Join(dir, "abs"))
	os.Symlink("../a", filepath.Join(dir, "sub/rel"))
	mt := time.Unix(1500000000, 0)
	os.Chtimes(filepath.Join(dir, "a"), mt, mt)
	os.Chtimes(filepath.Join(dir, "sub"), mt, mt)
	f := New(Options{})
	if err := f.ImportDir(dir, "/imp"); err != nil {
		t.Fatal(err)
	}
	if data, _ := f.ReadFile("/imp/sub/rel"); string(data) != "host a" {
		t.Errorf("content: %q", data)
	}
	fi, _ := f.Stat("/imp/a")
	if fi.Mode() != 0o640 || !fi.ModTime().Equal(mt) || fi.Sys().(*syscall.Stat_t).Nlink != 2 {
		t.Errorf("a: %v %v nlink %d", fi.Mode(), fi.ModTime(), fi.Sys().(*syscall.Stat_t).Nlink)
	}
	if fi, _ := f.Stat("/imp/sub"); !fi.ModTime().Equal(mt) {
		t.Errorf("dir mtime %v", fi.ModTime())
	}
	// the host symlink is a memfs symlink: it does not reach the host's /etc
	if target, _ := f.Readlink("/imp/abs"); target != "/etc/passwd" {
		t.Errorf("link target %q", target)
	}
	if _, err := f.ReadFile("/imp/abs"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("reading an absolute host link: %v", err)
	}
	if err := f.ImportDir(filepath.Join(dir, "a"), "/x"); !errors.Is(err, syscall.ENOTDIR) {
		t.Errorf("ImportDir of a file: %v", err)
	}
}

// TestTarImportOrder loads members in an order no walk gives (up, down,
// across, and names sharing leading bytes but not components), which the
// importer's cached directory handles must follow, and a symlink planted
// where a cached directory's sibling was.
func TestTarImportOrder(t *testing.T) {
	reg := func(name string) *tar.Header { return &tar.Header{Name: name, Typeflag: tar.TypeReg, Mode: 0o644} }
	archive := tarOf(t,
		reg("a/b/c/x"), reg("a/y"), reg("z/w"), reg("a/bc/v"),
		reg("a/b/q"), reg("a/b/c/d/e"), reg("./a//b/./r"), reg("top"),
		&tar.Header{Name: "a/b/c/d/", Typeflag: tar.TypeDir, Mode: 0o500},
		&tar.Header{Name: "h", Typeflag: tar.TypeLink, Linkname: "a/b/c/d/e"})
	f := New(Options{})
	if err := f.ImportTar(bytes.NewReader(archive), "/dest"); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"a/b/c/x", "a/y", "z/w", "a/bc/v", "a/b/q", "a/b/c/d/e", "a/b/r", "top", "h"} {
		if _, err := f.Stat("/dest/" + p); err != nil {
			t.Error(err)
		}
	}
	if fi, err := f.Stat("/dest/a/b/c/d"); err != nil || fi.Mode().Perm() != 0o500 {
		t.Errorf("a/b/c/d: %v, %v", fi, err)
	}
	if fi, err := f.Stat("/dest/h"); err != nil || fi.Sys().(*syscall.Stat_t).Nlink != 2 {
		t.Errorf("h is not a second link of a/b/c/d/e: %v", err)
	}
	// a symlink replacing a file next to cached handles, then used as a parent
	evil := tarOf(t, reg("a/b/f"), &tar.Header{Name: "a/b/f", Typeflag: tar.TypeSymlink, Linkname: "/"}, reg("a/b/f/evil"))
	g := New(Options{})
	if err := g.ImportTar(bytes.NewReader(evil), "/dest"); !errors.Is(err, syscall.ENOTDIR) {
		t.Errorf("through a symlink: %v", err)
	}
	if _, err := g.Stat("/evil"); err == nil {
		t.Error("/evil was written outside dest")
	}
}
