package memfs

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

func mustWrite(t *testing.T, f *FS, name, data string) {
	t.Helper()
	if err := f.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func wantErrno(t *testing.T, what string, err error, want syscall.Errno) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Errorf("%s: got %v, want %v", what, err, want)
	}
	var pe *fs.PathError
	if err != nil && !errors.As(err, &pe) {
		t.Errorf("%s: %T is not a *fs.PathError", what, err)
	}
}

// The bound: 8,192 sequential 1 KiB writes copy less than 3x the final size.
func TestGrowthCopyBound(t *testing.T) {
	f := New(Options{})
	fl, err := f.Create("/big")
	if err != nil {
		t.Fatal(err)
	}
	chunk := bytes.Repeat([]byte("x"), 1024)
	for range 8192 {
		if _, err := fl.Write(chunk); err != nil {
			t.Fatal(err)
		}
	}
	fl.Close()
	final := int64(8192 * 1024)
	if c := f.copied.Load(); c >= 3*final {
		t.Errorf("copied %d bytes for a %d-byte file (bound %d)", c, final, 3*final)
	}
	if u := f.Usage(); u.Bytes > 2*final {
		t.Errorf("capacity %d for %d bytes", u.Bytes, final)
	}
}

func TestGrowthRule(t *testing.T) {
	f := New(Options{MaxFileSize: 3000})
	fl, _ := f.Create("/f")
	defer fl.Close()
	capOf := func() int64 { fl.n.mu.RLock(); defer fl.n.mu.RUnlock(); return fl.n.data.capacity() }
	steps := []struct {
		write int
		cap   int64
	}{{100, 100}, {1, 200}, {150, 400}, {1000, 1251}, {1, 2502}, {10, 2502}, {1000, 2502}, {500, 3000}}
	for _, s := range steps {
		if _, err := fl.Write(make([]byte, s.write)); err != nil {
			t.Fatal(err)
		}
		if c := capOf(); c != s.cap {
			t.Errorf("after writing %d: cap %d, want %d", s.write, c, s.cap)
		}
	}
}

// With a 1,025-byte maximum, 1,025 bytes fit and the 1,026th fails;
// capacity never exceeds the maximum.
func TestOddFileSizeLimit(t *testing.T) {
	f := New(Options{MaxFileSize: 1025})
	fl, _ := f.Create("/f")
	defer fl.Close()
	for i := range 1025 {
		if n, err := fl.Write([]byte{'a'}); n != 1 || err != nil {
			t.Fatalf("byte %d: %d %v", i+1, n, err)
		}
		if c := fl.n.data.capacity(); c > 1025 {
			t.Fatalf("capacity %d beyond the 1025-byte limit", c)
		}
	}
	n, err := fl.Write([]byte{'b'})
	if n != 0 {
		t.Errorf("1026th byte written")
	}
	wantErrno(t, "1026th byte", err, syscall.EFBIG)
	if err.Error() != "write /f: file too large" {
		t.Errorf("message %q", err)
	}
	// one write crossing the limit is cut short, as the kernel does
	g, _ := f.Create("/g")
	defer g.Close()
	n, err = g.Write(make([]byte, 2000))
	if n != 1025 {
		t.Errorf("crossing write: n = %d", n)
	}
	wantErrno(t, "crossing write", err, syscall.EFBIG)
	wantErrno(t, "truncate past limit", g.Truncate(1026), syscall.EFBIG)
	_, err = g.WriteAt([]byte("x"), 5000)
	wantErrno(t, "writeat past limit", err, syscall.EFBIG)
	for _, e := range f.Snapshot("/") {
		if e.Cap > 1025 {
			t.Errorf("%s has capacity %d", e.Path, e.Cap)
		}
	}
}

func TestByteAndInodeLimits(t *testing.T) {
	f := New(Options{MaxBytes: 10000, MaxInodes: 10})
	fl, _ := f.Create("/a")
	n, err := fl.Write(make([]byte, 12000))
	if n != 10000 {
		t.Errorf("write into a 10000-byte filesystem: %d", n)
	}
	wantErrno(t, "over MaxBytes", err, syscall.ENOSPC)
	if err.Error() != "write /a: no space left on device" {
		t.Errorf("message %q", err)
	}
	_, err = fl.Write([]byte("x"))
	wantErrno(t, "full", err, syscall.ENOSPC)
	// a file that exists can shrink and room comes back
	fl.Truncate(0)
	fl.Seek(0, io.SeekStart)
	if u := f.Usage(); u.Bytes != 0 {
		t.Errorf("after truncate to 0: %d bytes", u.Bytes)
	}
	if _, err := fl.Write(make([]byte, 6000)); err != nil {
		t.Error(err)
	}
	// doubling would cross MaxBytes: growth falls back to what is needed
	if _, err := fl.Write(make([]byte, 3000)); err != nil {
		t.Error(err)
	}
	fl.Close()
	used := f.Usage().Inodes
	for i := used; i < 10; i++ {
		if err := f.Mkdir(fmt.Sprintf("/d%d", i), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	wantErrno(t, "mkdir past MaxInodes", f.Mkdir("/one-more", 0o755), syscall.ENOSPC)
	wantErrno(t, "create past MaxInodes", f.WriteFile("/one-more", nil, 0o644), syscall.ENOSPC)
	wantErrno(t, "symlink past MaxInodes", f.Symlink("x", "/one-more"), syscall.ENOSPC)
	if err := f.Link("/a", "/hard"); err != nil {
		t.Errorf("a hard link needs no inode: %v", err)
	}
	f.Remove("/d9")
	if err := f.Mkdir("/again", 0o755); err != nil {
		t.Errorf("after freeing an inode: %v", err)
	}
	if u := f.Usage(); u.Inodes != 10 || u.MaxInodes != 10 || u.MaxBytes != 10000 {
		t.Errorf("usage %+v", u)
	}
	// a limit below what New itself makes: New still works, nothing more fits
	tiny := New(Options{MaxInodes: 1, MaxBytes: 1, MaxFileSize: 1})
	wantErrno(t, "tiny MaxInodes", tiny.WriteFile("/x", nil, 0o644), syscall.ENOSPC)
	if _, err := tiny.ReadFile("/dev/null"); err != nil {
		t.Error(err)
	}
}

// Stale capacity must never show through: the gap after a shrink reads as zeros.
func TestNoStaleBytes(t *testing.T) {
	f := New(Options{})
	fl, _ := f.Create("/f")
	defer fl.Close()
	fl.Write(bytes.Repeat([]byte("S"), 100))
	fl.Truncate(10)
	fl.WriteAt([]byte("E"), 50)
	got, _ := f.ReadFile("/f")
	want := append(append(bytes.Repeat([]byte("S"), 10), make([]byte, 40)...), 'E')
	if !bytes.Equal(got, want) {
		t.Errorf("after shrink and sparse write: %q", got)
	}
	fl.Truncate(5)
	fl.Truncate(80)
	got, _ = f.ReadFile("/f")
	if !bytes.Equal(got, append(bytes.Repeat([]byte("S"), 5), make([]byte, 75)...)) {
		t.Errorf("after shrink and extend: %q", got)
	}
	// a hole past the stored bytes, then a write into the hole
	fl.Truncate(1 << 20)
	if c := fl.n.data.capacity(); c > 4096 {
		t.Errorf("extending truncate allocated %d bytes", c)
	}
	fl.WriteAt([]byte("M"), 1000)
	buf := make([]byte, 2000)
	fl.ReadAt(buf, 0)
	if !bytes.Equal(buf[5:1000], make([]byte, 995)) || buf[1000] != 'M' {
		t.Errorf("hole not zero")
	}
}

func TestZeroByteWrite(t *testing.T) {
	clock := time.Unix(1000, 0)
	f := New(Options{Now: func() time.Time { return clock }})
	fl, _ := f.Create("/f")
	defer fl.Close()
	fl.Write([]byte("abc"))
	clock = clock.Add(time.Hour)
	gen := f.Generation()
	fl.Seek(100, io.SeekStart)
	if n, err := fl.Write(nil); n != 0 || err != nil {
		t.Fatal(n, err)
	}
	if n, err := fl.WriteAt(nil, 1000); n != 0 || err != nil {
		t.Fatal(n, err)
	}
	fi, _ := fl.Stat()
	if fi.Size() != 3 || !fi.ModTime().Equal(time.Unix(1000, 0)) || f.Generation() != gen {
		t.Errorf("zero-byte write changed size %d, mtime %v, generation %d->%d", fi.Size(), fi.ModTime(), gen, f.Generation())
	}
}

func TestPaths(t *testing.T) {
	f := New(Options{})
	f.MkdirAll("/x/y/z", 0o755)
	mustWrite(t, f, "/x/y/file", "data")
	for _, p := range []string{"/../..", "/..", "..", "/./.", "//", "x/.."} {
		if fi, err := f.Stat(p); err != nil || !fi.IsDir() || fi.Sys().(*syscall.Stat_t).Ino != f.root.ino {
			t.Errorf("Stat(%q) is not / (%v)", p, err)
		}
	}
	if got, err := f.ReadFile("x/y/file"); string(got) != "data" {
		t.Errorf("relative name: %q %v", got, err)
	}
	if got, _ := f.ReadFile("/../../x/./y/z/../file"); string(got) != "data" {
		t.Errorf("dot-dot path: %q", got)
	}
	// ".." after a symlink is physical
	f.Mkdir("/a", 0o755)
	f.Symlink("/x/y/z", "/a/link")
	if p, err := f.Realpath("/a/link/.."); p != "/x/y" || err != nil {
		t.Errorf("Realpath(/a/link/..) = %q %v", p, err)
	}
	if got, _ := f.ReadFile("/a/link/../file"); string(got) != "data" {
		t.Errorf("read through link/..: %q", got)
	}
	// 40 hops resolve, 41 are ELOOP
	f.Mkdir("/chain", 0o755)
	mustWrite(t, f, "/chain/l0", "end")
	for i := 1; i <= 41; i++ {
		f.Symlink(fmt.Sprintf("l%d", i-1), fmt.Sprintf("/chain/l%d", i))
	}
	if got, err := f.ReadFile("/chain/l40"); string(got) != "end" {
		t.Errorf("40 hops: %q %v", got, err)
	}
	_, err := f.ReadFile("/chain/l41")
	wantErrno(t, "41 hops", err, syscall.ELOOP)
	if fi, err := f.Lstat("/chain/l41"); err != nil || fi.Mode().Type() != fs.ModeSymlink {
		t.Errorf("Lstat of a long chain: %v", err)
	}
	// O_CREATE through a dangling absolute link creates its target
	f.Symlink("/x/new", "/dangling")
	if err := f.WriteFile("/dangling", []byte("made"), 0o600); err != nil {
		t.Fatal(err)
	}
	if got, _ := f.ReadFile("/x/new"); string(got) != "made" {
		t.Errorf("target: %q", got)
	}
	_, err = f.OpenFile("/dangling", os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	wantErrno(t, "O_EXCL on a symlink", err, syscall.EEXIST)
	if p, _ := f.Realpath("/dangling"); p != "/x/new" {
		t.Errorf("Realpath = %q", p)
	}
	_, err = f.Realpath("/nope/x")
	wantErrno(t, "Realpath missing", err, syscall.ENOENT)
	_, err = f.Stat("")
	wantErrno(t, "empty name", err, syscall.ENOENT)
}

func TestStatFields(t *testing.T) {
	clock := time.Unix(1700000000, 123)
	f := New(Options{UID: 1000, GID: 1001, Now: func() time.Time { return clock }})
	f.MkdirAll("/d/s1", 0o750)
	f.Mkdir("/d/s2", 0o700)
	mustWrite(t, f, "/d/f", strings.Repeat("x", 5000))
	f.Link("/d/f", "/d/h")
	f.Symlink("f", "/d/l")
	st := func(name string) *syscall.Stat_t {
		fi, err := f.Lstat(name)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Sys().(*syscall.Stat_t)
	}
	d, fl, l := st("/d"), st("/d/f"), st("/d/l")
	if d.Nlink != 4 || d.Mode != syscall.S_IFDIR|0o750 || d.Size != 4096 || d.Blocks != 8 {
		t.Errorf("dir: %+v", d)
	}
	if fl.Nlink != 2 || fl.Mode != syscall.S_IFREG|0o644 || fl.Size != 5000 || fl.Blocks != 16 || fl.Blksize != 4096 || fl.Uid != 1000 || fl.Gid != 1001 {
		t.Errorf("file: %+v", fl)
	}
	if l.Mode != syscall.S_IFLNK|0o777 || l.Size != 1 {
		t.Errorf("symlink: %+v", l)
	}
	if fl.Mtim.Sec != 1700000000 || fl.Mtim.Nsec != 123 || fl.Ctim != fl.Mtim {
		t.Errorf("times: %+v", fl)
	}
	if fl.Ino == d.Ino || fl.Ino == l.Ino || st("/d/h").Ino != fl.Ino {
		t.Errorf("inode numbers")
	}
	null := st("/dev/null")
	if null.Mode != syscall.S_IFCHR|0o666 || null.Rdev != 0x103 {
		t.Errorf("/dev/null: %+v", null)
	}
	if root := st("/"); root.Nlink != 4 { // ".", "..", dev, d
		t.Errorf("/ nlink %d", root.Nlink)
	}
	f.Remove("/d/s2")
	if st("/d").Nlink != 3 {
		t.Errorf("nlink after rmdir %d", st("/d").Nlink)
	}
	clock = clock.Add(time.Minute)
	if err := f.Chmod("/d/l", fs.ModeSetuid|0o755); err != nil {
		t.Fatal(err)
	}
	if fl := st("/d/f"); fl.Mode != syscall.S_IFREG|syscall.S_ISUID|0o755 || fl.Ctim.Sec != clock.Unix() || fl.Mtim.Sec == clock.Unix() {
		t.Errorf("after chmod: %+v", fl)
	}
	f.Chown("/d/f", 7, -1)
	if fl := st("/d/f"); fl.Uid != 7 || fl.Gid != 1001 {
		t.Errorf("after chown: %+v", fl)
	}
	f.Lchown("/d/l", 8, 9)
	if l, fl := st("/d/l"), st("/d/f"); l.Uid != 8 || l.Gid != 9 || fl.Uid != 7 {
		t.Errorf("after lchown: link %+v, file %+v", l, fl)
	}
	at, mt := time.Unix(100, 0), time.Unix(200, 0)
	f.Chtimes("/d/l", at, mt)
	if fl := st("/d/f"); fl.Atim.Sec != 100 || fl.Mtim.Sec != 200 {
		t.Errorf("after chtimes: %+v", fl)
	}
	f.Lchtimes("/d/l", time.Time{}, mt)
	if l := st("/d/l"); l.Mtim.Sec != 200 {
		t.Errorf("after lchtimes: %+v", l)
	}
	// directory mtime follows its entries
	clock = clock.Add(time.Minute)
	mustWrite(t, f, "/d/new", "")
	if d := st("/d"); d.Mtim.Sec != clock.Unix() {
		t.Errorf("dir mtime not updated")
	}
}

func TestUnlinkedOpenFile(t *testing.T) {
	f := New(Options{})
	fl, _ := f.Create("/f")
	fl.Write(bytes.Repeat([]byte("a"), 1000))
	before := f.Usage()
	if err := f.Remove("/f"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Stat("/f"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	if _, err := fl.Write([]byte("bbb")); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 2000)
	n, _ := fl.ReadAt(buf, 0)
	if n != 1003 || string(buf[1000:n]) != "bbb" {
		t.Errorf("read after unlink: %d", n)
	}
	fi, _ := fl.Stat()
	if fi.Sys().(*syscall.Stat_t).Nlink != 0 {
		t.Errorf("nlink after unlink")
	}
	if u := f.Usage(); u.Inodes != before.Inodes {
		t.Errorf("inode released while open")
	}
	fl.Close()
	if u := f.Usage(); u.Bytes != 0 || u.Inodes != before.Inodes-1 {
		t.Errorf("after close: %+v (before %+v)", u, before)
	}
	_, err := fl.Read(buf)
	wantErrno(t, "read after close", err, syscall.EBADF)
	wantErrno(t, "double close", fl.Close(), syscall.EBADF)
}

func TestDevices(t *testing.T) {
	seed := bytes.Repeat([]byte{7, 8, 9}, 100)
	f := New(Options{Rand: bytes.NewReader(seed)})
	for _, name := range []string{"/dev/urandom", "/dev/random"} {
		got := make([]byte, 6)
		fl, _ := f.Open(name)
		if n, err := io.ReadFull(fl, got); n != 6 || err != nil || !bytes.Equal(got, []byte{7, 8, 9, 7, 8, 9}) {
			t.Errorf("%s: %v %v", name, got, err)
		}
		fl.Close()
	}
	if err := f.WriteFile("/dev/null", []byte("gone"), 0); err != nil {
		t.Error(err)
	}
	if got, _ := f.ReadFile("/dev/null"); len(got) != 0 {
		t.Error("/dev/null not empty")
	}
	fl, _ := f.Open("/dev/zero")
	var sink countWriter
	go func() { time.Sleep(10 * time.Millisecond) }()
	if _, err := io.CopyN(&sink, fl, 3<<20); err != nil || sink.n != 3<<20 || sink.nonzero {
		t.Errorf("copy from /dev/zero: %v %+v", err, sink)
	}
	fl.Close()
	ents, _ := f.ReadDir("/dev")
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
		if e.Type() != fs.ModeDevice|fs.ModeCharDevice {
			t.Errorf("%s type %v", e.Name(), e.Type())
		}
	}
	if strings.Join(names, " ") != "full null random urandom zero" {
		t.Errorf("/dev: %v", names)
	}
}

type countWriter struct {
	n, writes, maxChunk int
	nonzero             bool
}

func (c *countWriter) Write(p []byte) (int, error) {
	c.n += len(p)
	c.writes++
	c.maxChunk = max(c.maxChunk, len(p))
	for _, b := range p {
		if b != 0 {
			c.nonzero = true
			break
		}
	}
	return len(p), nil
}

// io.Copy out of and into memfs moves big chunks, not small ones.
func TestCopyChunks(t *testing.T) {
	f := New(Options{})
	src := bytes.Repeat([]byte("0123456789abcdef"), 1<<16) // 1 MiB
	mustWrite(t, f, "/src", string(src))
	fl, _ := f.Open("/src")
	var cw countWriter
	if n, err := io.Copy(&cw, fl); n != int64(len(src)) || err != nil {
		t.Fatal(n, err)
	}
	if cw.writes > 4 {
		t.Errorf("WriteTo used %d writes (max chunk %d)", cw.writes, cw.maxChunk)
	}
	fl.Close()
	dst, _ := f.Create("/dst")
	if n, err := io.Copy(dst, onlyReader{bytes.NewReader(src)}); n != int64(len(src)) || err != nil {
		t.Fatal(n, err)
	}
	dst.Close()
	if got, _ := f.ReadFile("/dst"); !bytes.Equal(got, src) {
		t.Error("ReadFrom copy differs")
	}
	// memfs to memfs, appending
	a, _ := f.OpenFile("/dst", os.O_WRONLY|os.O_APPEND, 0)
	s, _ := f.Open("/src")
	io.Copy(a, s)
	a.Close()
	s.Close()
	if fi, _ := f.Stat("/dst"); fi.Size() != 2*int64(len(src)) {
		t.Errorf("appended copy: %d", fi.Size())
	}
}

type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

func TestReadWriteAtNoAlloc(t *testing.T) {
	f := New(Options{})
	fl, _ := f.Create("/f")
	defer fl.Close()
	fl.Write(make([]byte, 1<<16))
	buf := make([]byte, 4096)
	allocs := testing.AllocsPerRun(100, func() {
		fl.WriteAt(buf, 1000)
		fl.ReadAt(buf, 2000)
		fl.Seek(0, io.SeekStart)
		fl.Read(buf)
		fl.Write(buf)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per ReadAt/WriteAt/Read/Write", allocs)
	}
}

func TestGenerationAndSnapshot(t *testing.T) {
	f := New(Options{})
	g0 := f.Generation()
	f.Mkdir("/d", 0o755)
	g1 := f.Generation()
	fl, _ := f.Create("/d/f")
	fl.Write([]byte("abc"))
	g2 := f.Generation()
	fl.Write([]byte("d"))
	g3 := f.Generation()
	fl.Close()
	if !(g0 < g1 && g1 < g2 && g2 < g3) {
		t.Errorf("generations %d %d %d %d", g0, g1, g2, g3)
	}
	f.Symlink("f", "/d/l")
	snap := f.Snapshot("/d")
	var got []string
	for _, e := range snap {
		got = append(got, fmt.Sprintf("%s %v %d %d %d", e.Path, e.Mode.Type(), e.Size, e.Cap, e.Nlink))
	}
	want := []string{"/d d--------- 4096 0 2", "/d/f ---------- 4 6 1", "/d/l L--------- 1 0 1"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("snapshot:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if all := f.Snapshot("/"); len(all) != 10 || all[0].Path != "/" || all[1].Path != "/d" {
		t.Errorf("full snapshot: %v", all)
	}
	if f.Snapshot("/nope") != nil {
		t.Error("snapshot of a missing root")
	}
}

func TestFileReadDirAndSeek(t *testing.T) {
	f := New(Options{})
	d, err := f.Open("/d")
	if err == nil {
		t.Fatal("Open of a missing dir worked")
	}
	f.Mkdir("/d", 0o755)
	for i := range 5 {
		mustWrite(t, f, fmt.Sprintf("/d/%d", 4-i), "")
	}
	d, _ = f.Open("/d")
	defer d.Close()
	a, _ := d.ReadDir(2)
	b, _ := d.ReadDir(-1)
	if len(a) != 2 || a[0].Name() != "0" || len(b) != 3 || b[2].Name() != "4" {
		t.Errorf("ReadDir chunks %v %v", a, b)
	}
	if _, err := d.ReadDir(1); err != io.EOF {
		t.Errorf("at end: %v", err)
	}
	d.Seek(0, io.SeekStart)
	if all, _ := d.ReadDir(0); len(all) != 5 {
		t.Errorf("after rewind: %d", len(all))
	}
	_, err = d.Write([]byte("x"))
	wantErrno(t, "write to dir fd", err, syscall.EBADF)
	_, err = f.OpenFile("/d", os.O_RDWR, 0)
	wantErrno(t, "open dir for writing", err, syscall.EISDIR)
	info, _ := b[0].Info()
	if info.Name() != "2" || info.Mode() != 0o644 {
		t.Errorf("DirEntry.Info: %v", info)
	}
}

// Hammer tests: run under -race.
func TestHammerSameFile(t *testing.T) {
	f := New(Options{})
	mustWrite(t, f, "/shared", "")
	var wg sync.WaitGroup
	const writers, rounds = 4, 300
	for w := range writers {
		wg.Go(func() {
			fl, err := f.OpenFile("/shared", os.O_WRONLY|os.O_APPEND, 0)
			if err != nil {
				t.Error(err)
				return
			}
			defer fl.Close()
			line := []byte(fmt.Sprintf("writer %d line\n", w))
			for range rounds {
				if _, err := fl.Write(line); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	for range 4 {
		wg.Go(func() {
			fl, _ := f.Open("/shared")
			defer fl.Close()
			buf := make([]byte, 333)
			for range rounds {
				fl.ReadAt(buf, 7)
				fl.Read(buf)
				fl.Stat()
				f.Snapshot("/")
			}
		})
	}
	wg.Go(func() {
		fl, _ := f.OpenFile("/shared", os.O_RDWR, 0)
		defer fl.Close()
		for range rounds {
			fl.WriteAt([]byte("x"), 3)
		}
	})
	wg.Wait()
	data, _ := f.ReadFile("/shared")
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != writers*rounds {
		t.Errorf("%d lines, want %d (appends lost or torn)", len(lines), writers*rounds)
	}
	for _, l := range lines[1:] {
		if !strings.HasPrefix(l, "writer ") || !strings.HasSuffix(l, " line") {
			t.Fatalf("torn line %q", l)
		}
	}
}

func TestHammerNamespace(t *testing.T) {
	f := New(Options{MaxInodes: 5000})
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			dir := fmt.Sprintf("/w%d", w)
			f.MkdirAll(dir+"/sub", 0o755)
			for i := range 200 {
				name := fmt.Sprintf("%s/f%d", dir, i%10)
				fl, err := f.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
				if err == nil {
					fl.Write(bytes.Repeat([]byte{byte(i)}, 100+i))
					fl.Close()
				}
				f.Rename(name, fmt.Sprintf("/w%d/sub/g%d", (w+1)%4, i%7))
				f.Link(fmt.Sprintf("/w%d/sub/g%d", w, i%7), fmt.Sprintf("%s/h%d", dir, i%3))
				f.Symlink("../sub", fmt.Sprintf("%s/s%d", dir, i%5))
				f.ReadDir(dir)
				f.Remove(fmt.Sprintf("%s/h%d", dir, (i+1)%3))
				if i%50 == 49 {
					f.RemoveAll(fmt.Sprintf("/w%d/sub", (w+2)%4))
					f.MkdirAll(fmt.Sprintf("/w%d/sub", (w+2)%4), 0o755)
				}
				f.Rename(dir+"/sub", dir+"/sub2")
				f.Rename(dir+"/sub2", dir+"/sub")
			}
		})
	}
	wg.Go(func() {
		for range 200 {
			f.Snapshot("/")
			f.Usage()
			f.Generation()
		}
	})
	wg.Wait()
	// the books must balance: capacity in use equals the sum over live files
	var sum int64
	seen := map[uint64]bool{}
	for _, e := range f.Snapshot("/") {
		if !seen[e.Ino] {
			seen[e.Ino] = true
			sum += e.Cap
		}
	}
	if u := f.Usage(); u.Bytes != sum || u.Inodes != int64(len(seen)) {
		t.Errorf("usage %+v, snapshot has %d bytes in %d inodes", u, sum, len(seen))
	}
}

func TestDefaultClock(t *testing.T) {
	f := New(Options{})
	time.Sleep(5 * time.Millisecond)
	before := time.Now()
	mustWrite(t, f, "/f", "x")
	after := time.Now()
	fi, _ := f.Stat("/f")
	// the timestamp lies between readings taken around the write (a
	// millisecond of slack for the two clocks' rounding)
	if fi.ModTime().Before(before.Add(-time.Millisecond)) || fi.ModTime().After(after.Add(time.Millisecond)) {
		t.Errorf("mtime %v not within [%v, %v]", fi.ModTime(), before, after)
	}
}

// Without MaxBytes, memory is still bounded: a write far past the end
// fails with ENOSPC before allocating anything.
func TestHugeOffsetWrite(t *testing.T) {
	f := New(Options{})
	fl, _ := f.Create("/f")
	defer fl.Close()
	n, err := fl.WriteAt([]byte("x"), 1<<50)
	if n != 0 {
		t.Errorf("wrote %d", n)
	}
	wantErrno(t, "write at 1 PiB", err, syscall.ENOSPC)
	if u := f.Usage(); u.Bytes != 0 {
		t.Errorf("allocated %d bytes for a refused write", u.Bytes)
	}
	// an extending truncate is a hole and allocates nothing either
	if err := fl.Truncate(1 << 50); err != nil {
		t.Fatal(err)
	}
	buf := []byte{1, 2, 3}
	if n, _ := fl.ReadAt(buf, 1<<49); n != 3 || buf[0] != 0 {
		t.Errorf("hole reads %v", buf)
	}
}

// Near MaxBytes, growth takes what is left instead of exact fits, so
// appends do not turn quadratic before the limit is hit.
func TestGrowthNearLimit(t *testing.T) {
	const limit = 3 << 20
	f := New(Options{MaxBytes: limit})
	fl, _ := f.Create("/f")
	defer fl.Close()
	chunk := make([]byte, 1024)
	var size int64
	for {
		n, err := fl.Write(chunk)
		size += int64(n)
		if err != nil {
			wantErrno(t, "append past MaxBytes", err, syscall.ENOSPC)
			break
		}
	}
	if size != limit {
		t.Errorf("file stopped at %d bytes, limit %d", size, limit)
	}
	if c := f.copied.Load(); c >= 3*size {
		t.Errorf("copied %d bytes for %d", c, size)
	}
}

// TestLimitHits: every refusal or cut-short write a limit causes is
// counted under that limit, and nothing else is (a full device, a write
// that fits).
func TestLimitHits(t *testing.T) {
	f := New(Options{MaxFileSize: 100, MaxBytes: 150, MaxInodes: 10})
	want := func(what string, fileSize, bytes, inodes int64) {
		t.Helper()
		if h := f.LimitHits(); h != (LimitHits{fileSize, bytes, 0, inodes}) {
			t.Errorf("%s: hits %v, want file size %d, bytes %d, inodes %d", what, h, fileSize, bytes, inodes)
		}
	}
	want("new", 0, 0, 0)
	f.WriteFile("/a", make([]byte, 100), 0o644)
	full, _ := f.OpenFile("/dev/full", os.O_WRONLY, 0)
	full.Write([]byte("x"))
	want("writes that fit, and /dev/full", 0, 0, 0)
	fl, _ := f.OpenFile("/a", os.O_WRONLY|os.O_APPEND, 0)
	fl.Write([]byte("x"))
	want("past MaxFileSize", 1, 0, 0)
	wantErrno(t, "truncate past MaxFileSize", f.Truncate("/a", 101), syscall.EFBIG)
	want("truncate past MaxFileSize", 2, 0, 0)
	f.WriteFile("/b", make([]byte, 100), 0o644)
	want("past MaxBytes", 2, 1, 0)
	for i := range 10 {
		f.Mkdir(fmt.Sprintf("/d%d", i), 0o755)
	}
	if h := f.LimitHits(); h[LimitInodes] == 0 {
		t.Errorf("mkdir past MaxInodes not counted: %v", h)
	}
	if g := New(Options{}); g.MemoryCeiling() <= 0 || f.MemoryCeiling() != 0 {
		t.Errorf("MemoryCeiling: %d without MaxBytes, %d with", g.MemoryCeiling(), f.MemoryCeiling())
	}
}
