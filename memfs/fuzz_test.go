package memfs

import (
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strings"
	"syscall"
	"testing"
)

// FuzzAgainstOS decodes the input into a sequence of filesystem
// operations, applies it to memfs and to a host temp directory, and
// requires identical transcripts. The seed corpus runs in plain go test.

var (
	fuzzNames   = []string{"/a", "/b", "/d", "/d/a", "/d/e", "/l", "/d/l", "/a/", "/d/", "/d/e/f", "/x/y", "/d/../b"}
	fuzzTargets = []string{"a", "d", "../a", "d/a", "l", "nothing", ".", "d/e", "b"}
	fuzzFlags   = []int{
		os.O_RDONLY,
		os.O_WRONLY | os.O_CREATE,
		os.O_RDWR | os.O_CREATE | os.O_TRUNC,
		os.O_WRONLY | os.O_APPEND | os.O_CREATE,
		os.O_RDWR | os.O_CREATE | os.O_EXCL,
		os.O_RDONLY | syscall.O_DIRECTORY,
		os.O_RDWR,
		os.O_RDONLY | syscall.O_NOFOLLOW,
	}
)

type fuzzSlot struct {
	f      tfile
	append bool
}

// runOps applies ops to fsys and returns the transcript.
func runOps(fsys tfs, ops []byte) []string {
	var r rec
	var slots [2]fuzzSlot
	next := func() int {
		if len(ops) == 0 {
			return 0
		}
		b := ops[0]
		ops = ops[1:]
		return int(b)
	}
	name := func() string { return fuzzNames[next()%len(fuzzNames)] }
	for steps := 0; len(ops) > 0 && steps < 64; steps++ {
		op := next() % 20
		switch op {
		case 0:
			s := &slots[next()%2]
			if s.f != nil {
				s.f.Close()
			}
			flag := fuzzFlags[next()%len(fuzzFlags)]
			s.f = r.open(fsys, name(), flag)
			s.append = flag&os.O_APPEND != 0
		case 1, 2, 3, 4, 5, 14:
			s := &slots[next()%2]
			if s.f == nil {
				r.add("no file")
				continue
			}
			switch op {
			case 1:
				k := next() % 12
				r.write(s.f, strings.Repeat(string(rune('a'+k)), k))
			case 2:
				r.read(s.f, next()%20)
			case 3:
				off, whence := int64(next()%24)-4, next()%3
				if fi, err := s.f.Stat(); err == nil && fi.IsDir() {
					continue // directory offsets are the host filesystem's own business
				}
				r.seek(s.f, off, whence)
			case 4:
				r.err("ftruncate", s.f.Truncate(int64(next()%24)))
			case 5:
				r.err("close", s.f.Close())
				s.f = nil
			case 14:
				off := int64(next() % 30)
				if next()%2 == 0 || s.append {
					r.readAt(s.f, next()%16, off)
				} else {
					k, err := s.f.WriteAt([]byte("WXYZ"[:next()%5]), off)
					r.add("writeat %d: %d %s", off, k, errName(err))
				}
			}
		case 6:
			n := name()
			r.err("mkdir "+n, fsys.Mkdir(n, 0o755))
		case 7:
			n := name()
			r.err("remove "+n, fsys.Remove(n))
		case 8:
			a, b := name(), name()
			r.err("rename "+a+" "+b, fsys.Rename(a, b))
		case 9:
			a, b := name(), name()
			r.err("link "+a+" "+b, fsys.Link(a, b))
		case 10:
			t, n := fuzzTargets[next()%len(fuzzTargets)], name()
			r.err("symlink "+t+" "+n, fsys.Symlink(t, n))
		case 11:
			if next()%2 == 0 {
				r.stat(fsys, name())
			} else {
				r.lstat(fsys, name())
			}
		case 12:
			r.readdir(fsys, name())
		case 13:
			r.content(fsys, name())
		case 15:
			n := name()
			r.err("truncate "+n, fsys.Truncate(n, int64(next()%20)))
		case 16:
			n := name()
			r.err("removeall "+n, fsys.RemoveAll(n))
		case 17:
			n := name()
			t, err := fsys.Readlink(n)
			r.add("readlink %s: %q %s", n, t, errName(err))
		case 18:
			n := name()
			mode := []fs.FileMode{0o644, 0o755, 0o600, 0o1777, 0o4755 | fs.ModeSetuid, 0}[next()%6]
			r.err(fmt.Sprintf("chmod %s %v", n, mode), fsys.Chmod(n, mode))
		case 19:
			n := name()
			r.err("mkdirall "+n, fsys.MkdirAll(n, 0o750))
		}
	}
	for _, s := range slots {
		if s.f != nil {
			s.f.Close()
		}
	}
	// the final tree, as both see it
	var walk func(dir string)
	walk = func(dir string) {
		ents, err := fsys.ReadDir(dir)
		if err != nil {
			r.err("final readdir "+dir, err)
			return
		}
		names := make([]string, 0, len(ents))
		for _, e := range ents {
			names = append(names, e.Name())
		}
		sort.Strings(names)
		for _, n := range names {
			p := strings.TrimSuffix(dir, "/") + "/" + n
			r.lstat(fsys, p)
			fi, err := fsys.Lstat(p)
			if err == nil && fi.IsDir() {
				walk(p)
			} else if err == nil && fi.Mode().IsRegular() {
				r.content(fsys, p)
			}
		}
	}
	walk("/")
	return r.lines
}

// fuzzSeeds are short op sequences covering each operation.
var fuzzSeeds = [][]byte{
	{0, 0, 1, 0, 1, 0, 5, 11, 0, 0, 13, 0},
	{6, 2, 0, 0, 1, 3, 1, 0, 4, 7, 2, 8, 3, 4, 12, 2},
	{0, 1, 2, 0, 1, 1, 9, 3, 0, 0, 1, 1, 0, 2, 1, 8, 1, 0, 3, 1, 3, 0, 0, 2, 0, 10, 4, 2},
	{6, 2, 6, 4, 10, 2, 5, 11, 0, 6, 12, 6, 16, 2, 12, 2},
	{10, 5, 0, 0, 0, 2, 0, 1, 0, 7, 13, 0, 13, 5},
	{0, 0, 3, 0, 1, 0, 9, 14, 0, 20, 0, 3, 14, 0, 1, 15, 4, 0, 0, 13, 0},
	{6, 2, 0, 1, 1, 3, 14, 1, 25, 0, 4, 1, 2, 1, 1, 0, 8, 7, 3, 15, 3, 2},
	{0, 0, 4, 0, 8, 2, 0, 2, 0, 8, 8, 5, 0, 13, 4},
}

func FuzzAgainstOS(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, ops []byte) {
		if len(ops) > 300 {
			ops = ops[:300]
		}
		root := oracleRoot(t)
		if err := os.Mkdir(root+"/w", 0o755); err != nil {
			t.Fatal(err)
		}
		mfs := New(Options{})
		if err := mfs.Mkdir("/w", 0o755); err != nil {
			t.Fatal(err)
		}
		want := runOps(osTFS{root: root + "/w"}, ops)
		got := runOps(prefixTFS{mfs, "/w"}, ops)
		compareTranscripts(t, want, got)
		checkAccounting(t, mfs)
		if t.Failed() {
			t.Logf("ops: %v", fmt.Sprint(ops))
		}
	})
}

// prefixTFS puts a memfs tree under a prefix, the way osTFS puts the OS
// side under its temp dir, so ".." at the top goes to the same place on
// both sides.
type prefixTFS struct {
	*FS
	prefix string
}

func (m prefixTFS) p(name string) string { return m.prefix + name }

func (m prefixTFS) OpenFile(name string, flag int, perm fs.FileMode) (tfile, error) {
	f, err := m.FS.OpenFile(m.p(name), flag, perm)
	if err != nil {
		return nil, err
	}
	return f, nil
}
func (m prefixTFS) Stat(name string) (fs.FileInfo, error)      { return m.FS.Stat(m.p(name)) }
func (m prefixTFS) Lstat(name string) (fs.FileInfo, error)     { return m.FS.Lstat(m.p(name)) }
func (m prefixTFS) ReadDir(name string) ([]fs.DirEntry, error) { return m.FS.ReadDir(m.p(name)) }
func (m prefixTFS) Mkdir(name string, perm fs.FileMode) error  { return m.FS.Mkdir(m.p(name), perm) }
func (m prefixTFS) MkdirAll(name string, perm fs.FileMode) error {
	return m.FS.MkdirAll(m.p(name), perm)
}
func (m prefixTFS) Remove(name string) error    { return m.FS.Remove(m.p(name)) }
func (m prefixTFS) RemoveAll(name string) error { return m.FS.RemoveAll(m.p(name)) }
func (m prefixTFS) Rename(a, b string) error    { return m.FS.Rename(m.p(a), m.p(b)) }
func (m prefixTFS) Link(a, b string) error      { return m.FS.Link(m.p(a), m.p(b)) }
func (m prefixTFS) Symlink(target, link string) error {
	if strings.HasPrefix(target, "/") {
		target = m.prefix + target
	}
	return m.FS.Symlink(target, m.p(link))
}
func (m prefixTFS) Readlink(name string) (string, error) {
	t, err := m.FS.Readlink(m.p(name))
	return strings.TrimPrefix(t, m.prefix), err
}
func (m prefixTFS) Chmod(name string, mode fs.FileMode) error { return m.FS.Chmod(m.p(name), mode) }
func (m prefixTFS) Truncate(name string, size int64) error    { return m.FS.Truncate(m.p(name), size) }

// checkAccounting requires Usage to match the tree once every file is
// closed: capacity and inodes counted once per live inode.
func checkAccounting(t *testing.T, f *FS) {
	t.Helper()
	var bytes int64
	seen := map[uint64]bool{}
	for _, e := range f.Snapshot("/") {
		if !seen[e.Ino] {
			seen[e.Ino] = true
			bytes += e.Cap
		}
	}
	if u := f.Usage(); u.Bytes != bytes || u.Inodes != int64(len(seen)) {
		t.Errorf("usage %+v, tree holds %d bytes in %d inodes", u, bytes, len(seen))
	}
}
