package memfs

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"
	"syscall"
	"testing"
)

// The OS is the oracle: every scenario runs against memfs and against a
// real directory from t.TempDir(), and the two transcripts must match.

// tfile is what the scenarios need of an open file.
type tfile interface {
	io.Reader
	io.Writer
	io.ReaderAt
	io.WriterAt
	io.Seeker
	Truncate(int64) error
	Stat() (fs.FileInfo, error)
	ReadDir(int) ([]fs.DirEntry, error)
	Close() error
}

// tfs is what the scenarios need of a filesystem; paths are absolute in
// the filesystem under test.
type tfs interface {
	OpenFile(name string, flag int, perm fs.FileMode) (tfile, error)
	Stat(name string) (fs.FileInfo, error)
	Lstat(name string) (fs.FileInfo, error)
	ReadDir(name string) ([]fs.DirEntry, error)
	Mkdir(name string, perm fs.FileMode) error
	MkdirAll(name string, perm fs.FileMode) error
	Remove(name string) error
	RemoveAll(name string) error
	Rename(oldname, newname string) error
	Link(oldname, newname string) error
	Symlink(target, linkname string) error
	Readlink(name string) (string, error)
	Chmod(name string, mode fs.FileMode) error
	Truncate(name string, size int64) error
}

type memTFS struct{ *FS }

func (m memTFS) OpenFile(name string, flag int, perm fs.FileMode) (tfile, error) {
	f, err := m.FS.OpenFile(name, flag, perm)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// osTFS runs the same calls in a host directory; absolute paths and
// absolute symlink targets are re-rooted there.
type osTFS struct{ root string }

func (o osTFS) p(name string) string {
	if name == "" {
		return ""
	}
	return o.root + "/" + strings.TrimLeft(name, "/") + map[bool]string{true: "/"}[strings.HasSuffix(name, "/") && name != "/"]
}

func (o osTFS) OpenFile(name string, flag int, perm fs.FileMode) (tfile, error) {
	f, err := os.OpenFile(o.p(name), flag, perm)
	if err != nil {
		return nil, err
	}
	return f, nil
}
func (o osTFS) Stat(name string) (fs.FileInfo, error)      { return os.Stat(o.p(name)) }
func (o osTFS) Lstat(name string) (fs.FileInfo, error)     { return os.Lstat(o.p(name)) }
func (o osTFS) ReadDir(name string) ([]fs.DirEntry, error) { return os.ReadDir(o.p(name)) }
func (o osTFS) Mkdir(name string, perm fs.FileMode) error  { return os.Mkdir(o.p(name), perm) }
func (o osTFS) MkdirAll(name string, perm fs.FileMode) error {
	return os.MkdirAll(o.p(name), perm)
}
func (o osTFS) Remove(name string) error    { return os.Remove(o.p(name)) }
func (o osTFS) RemoveAll(name string) error { return os.RemoveAll(o.p(name)) }

// Rename calls rename(2) directly: os.Rename refuses to replace any
// directory, which rename(2) (and so mv) allows for an empty one.
func (o osTFS) Rename(a, b string) error {
	if err := syscall.Rename(o.p(a), o.p(b)); err != nil {
		return &fs.PathError{Op: "rename", Path: a, Err: err}
	}
	return nil
}
func (o osTFS) Link(a, b string) error { return os.Link(o.p(a), o.p(b)) }
func (o osTFS) Symlink(target, link string) error {
	if strings.HasPrefix(target, "/") {
		target = o.root + target
	}
	return os.Symlink(target, o.p(link))
}
func (o osTFS) Readlink(name string) (string, error) {
	t, err := os.Readlink(o.p(name))
	return strings.TrimPrefix(t, o.root), err
}
func (o osTFS) Chmod(name string, mode fs.FileMode) error { return os.Chmod(o.p(name), mode) }
func (o osTFS) Truncate(name string, size int64) error    { return os.Truncate(o.p(name), size) }

// errName reduces an error to what both sides must agree on.
func errName(err error) string {
	if err == nil {
		return "ok"
	}
	if err == io.EOF {
		return "EOF"
	}
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return errno.Error()
	}
	return "other: " + err.Error()
}

// rec is a transcript of results.
type rec struct{ lines []string }

func (r *rec) add(format string, args ...any) {
	r.lines = append(r.lines, fmt.Sprintf(format, args...))
}

func (r *rec) err(what string, err error) { r.add("%s: %s", what, errName(err)) }

func describe(fi fs.FileInfo) string {
	st := fi.Sys().(*syscall.Stat_t)
	s := fmt.Sprintf("%s %v nlink=%d", fi.Name(), fi.Mode(), st.Nlink)
	if !fi.IsDir() {
		s += fmt.Sprintf(" size=%d", fi.Size())
	}
	return s
}

func (r *rec) stat(fsys tfs, name string) {
	fi, err := fsys.Stat(name)
	if err != nil {
		r.err("stat "+name, err)
		return
	}
	r.add("stat %s: %s", name, describe(fi))
}

func (r *rec) lstat(fsys tfs, name string) {
	fi, err := fsys.Lstat(name)
	if err != nil {
		r.err("lstat "+name, err)
		return
	}
	r.add("lstat %s: %s", name, describe(fi))
}

func (r *rec) content(fsys tfs, name string) {
	f, err := fsys.OpenFile(name, os.O_RDONLY, 0)
	if err != nil {
		r.err("cat "+name, err)
		return
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	r.add("cat %s: %q %s", name, b, errName(err))
}

func (r *rec) readdir(fsys tfs, name string) {
	ents, err := fsys.ReadDir(name)
	if err != nil {
		r.err("readdir "+name, err)
		return
	}
	var names []string
	for _, e := range ents {
		names = append(names, fmt.Sprintf("%s:%v", e.Name(), e.Type()))
	}
	sort.Strings(names)
	r.add("readdir %s: %v", name, names)
}

func (r *rec) read(f tfile, n int) {
	buf := make([]byte, n)
	k, err := f.Read(buf)
	r.add("read %d: %q %s", n, buf[:k], errName(err))
}

func (r *rec) readAt(f tfile, n int, off int64) {
	buf := make([]byte, n)
	k, err := f.ReadAt(buf, off)
	r.add("readat %d@%d: %q %s", n, off, buf[:k], errName(err))
}

func (r *rec) write(f tfile, s string) {
	k, err := f.Write([]byte(s))
	r.add("write %q: %d %s", s, k, errName(err))
}

func (r *rec) seek(f tfile, off int64, whence int) {
	p, err := f.Seek(off, whence)
	r.add("seek %d,%d: %d %s", off, whence, p, errName(err))
}

func (r *rec) open(fsys tfs, name string, flag int) tfile {
	f, err := fsys.OpenFile(name, flag, 0o644)
	r.err(fmt.Sprintf("open %s %#x", name, flag), err)
	return f
}

// scenarios each exercise one area; they must only depend on behaviour
// the OS and memfs should share.
var scenarios = map[string]func(r *rec, fsys tfs){
	"open flags": func(r *rec, fsys tfs) {
		r.open(fsys, "/f", os.O_RDONLY)
		f := r.open(fsys, "/f", os.O_WRONLY|os.O_CREATE|os.O_EXCL)
		r.write(f, "abc")
		r.read(f, 2)
		f.Close()
		r.open(fsys, "/f", os.O_WRONLY|os.O_CREATE|os.O_EXCL)
		f = r.open(fsys, "/f", os.O_RDONLY)
		r.write(f, "x")
		r.read(f, 10)
		r.read(f, 10)
		r.read(f, 0)
		f.Close()
		f = r.open(fsys, "/f", os.O_RDWR|os.O_TRUNC)
		r.read(f, 10)
		r.write(f, "zz")
		f.Close()
		r.content(fsys, "/f")
		r.open(fsys, "/f/", os.O_RDONLY)
		r.open(fsys, "/new/", os.O_WRONLY|os.O_CREATE)
		r.open(fsys, "/nodir/x", os.O_WRONLY|os.O_CREATE)
		r.open(fsys, "/f/x", os.O_WRONLY|os.O_CREATE)
		r.err("mkdir", fsys.Mkdir("/d", 0o755))
		d := r.open(fsys, "/d", os.O_RDONLY)
		r.read(d, 4)
		r.write(d, "x")
		d.Close()
		r.open(fsys, "/d", os.O_WRONLY)
		r.open(fsys, "/d", os.O_RDWR)
		r.open(fsys, "/d", os.O_RDONLY|os.O_CREATE)
		r.open(fsys, "/d", os.O_RDONLY|syscall.O_DIRECTORY)
		r.open(fsys, "/f", os.O_RDONLY|syscall.O_DIRECTORY)
		r.open(fsys, "", os.O_RDONLY)
		r.stat(fsys, "/f")
	},
	"reads and EOF": func(r *rec, fsys tfs) {
		f := r.open(fsys, "/f", os.O_RDWR|os.O_CREATE)
		r.write(f, "0123456789")
		r.readAt(f, 4, 0)
		r.readAt(f, 4, 8)
		r.readAt(f, 4, 10)
		r.readAt(f, 4, 100)
		r.readAt(f, 0, 100)
		r.seek(f, 0, io.SeekStart)
		r.read(f, 3)
		r.read(f, 100)
		r.read(f, 5)
		r.seek(f, -3, io.SeekEnd)
		r.read(f, 100)
		r.seek(f, -1, io.SeekStart)
		r.seek(f, 50, io.SeekEnd)
		r.read(f, 5)
		r.seek(f, 0, io.SeekCurrent)
		f.Close()
	},
	"overwrite middle and append": func(r *rec, fsys tfs) {
		f := r.open(fsys, "/f", os.O_RDWR|os.O_CREATE)
		r.write(f, "hello world")
		r.seek(f, 6, io.SeekStart)
		r.write(f, "WORLD!!")
		r.seek(f, 2, io.SeekStart)
		r.write(f, "LL")
		f.Close()
		r.content(fsys, "/f")
		f = r.open(fsys, "/f", os.O_WRONLY|os.O_APPEND)
		r.seek(f, 0, io.SeekStart)
		r.write(f, "+a")
		r.seek(f, 0, io.SeekCurrent)
		f.Close()
		f = r.open(fsys, "/f", os.O_RDWR|os.O_APPEND)
		r.write(f, "+b")
		r.seek(f, 0, io.SeekStart)
		r.read(f, 5)
		f.Close()
		r.content(fsys, "/f")
		r.stat(fsys, "/f")
	},
	"sparse and truncate": func(r *rec, fsys tfs) {
		f := r.open(fsys, "/f", os.O_RDWR|os.O_CREATE)
		r.write(f, "abcdefgh")
		r.err("truncate 3", f.Truncate(3))
		r.err("truncate 6", f.Truncate(6))
		r.readAt(f, 8, 0)
		r.seek(f, 10, io.SeekStart)
		r.write(f, "Z")
		r.readAt(f, 20, 0)
		r.seek(f, 100, io.SeekStart)
		r.write(f, "")
		r.stat(fsys, "/f")
		_, err := f.WriteAt([]byte("Q"), 20)
		r.err("writeat 20", err)
		r.readAt(f, 30, 0)
		r.err("truncate 2", f.Truncate(2))
		r.err("truncate -1", f.Truncate(-1))
		r.seek(f, 0, io.SeekCurrent)
		r.write(f, "end")
		r.readAt(f, 40, 0)
		f.Close()
		r.err("Truncate path", fsys.Truncate("/f", 1))
		r.content(fsys, "/f")
		r.err("Truncate dir", fsys.Truncate("/", 1))
		r.err("Truncate missing", fsys.Truncate("/nope", 1))
		g := r.open(fsys, "/f", os.O_RDONLY)
		r.err("ftruncate rdonly", g.Truncate(0))
		g.Close()
	},
	"rename rules": func(r *rec, fsys tfs) {
		fsys.MkdirAll("/a/b/c", 0o755)
		fsys.MkdirAll("/e", 0o755)
		fsys.MkdirAll("/full/x", 0o755)
		for _, n := range []string{"/f1", "/f2", "/a/f3"} {
			f, _ := fsys.OpenFile(n, os.O_WRONLY|os.O_CREATE, 0o644)
			f.Write([]byte(n))
			f.Close()
		}
		r.err("file over file", fsys.Rename("/f1", "/f2"))
		r.content(fsys, "/f2")
		r.lstat(fsys, "/f1")
		r.err("missing", fsys.Rename("/f1", "/f9"))
		r.err("file over dir", fsys.Rename("/f2", "/e"))
		r.err("dir over file", fsys.Rename("/e", "/f2"))
		r.err("dir over non-empty", fsys.Rename("/e", "/full"))
		r.err("dir into own subtree", fsys.Rename("/a", "/a/b/c/d"))
		r.err("dir onto itself", fsys.Rename("/a", "/a"))
		r.err("file onto itself", fsys.Rename("/f2", "/f2"))
		r.err("dir over empty dir", fsys.Rename("/full/x", "/e"))
		r.readdir(fsys, "/full")
		r.err("ancestor over descendant", fsys.Rename("/a/b", "/a/b/c"))
		r.err("descendant over ancestor", fsys.Rename("/a/b/c", "/a/b"))
		r.err("file to missing dir", fsys.Rename("/f2", "/nodir/f"))
		r.err("file trailing slash", fsys.Rename("/f2", "/f5/"))
		r.err("file trailing slash src", fsys.Rename("/f2/", "/f5"))
		r.err("dir trailing slash", fsys.Rename("/e/", "/e2/"))
		r.err("dot", fsys.Rename("/a/.", "/x"))
		r.err("dotdot", fsys.Rename("/a/b/..", "/x"))
		r.err("onto dot", fsys.Rename("/f2", "/a/."))
		r.stat(fsys, "/a")
		r.stat(fsys, "/e2")
		r.err("move dir across", fsys.Rename("/a/b", "/e2/b"))
		r.stat(fsys, "/a")
		r.stat(fsys, "/e2")
		r.readdir(fsys, "/e2/b")
		r.err("link a", fsys.Link("/f2", "/hl"))
		r.err("rename onto own hard link", fsys.Rename("/f2", "/hl"))
		r.lstat(fsys, "/f2")
		r.lstat(fsys, "/hl")
		r.err("symlink", fsys.Symlink("e2", "/sl"))
		r.err("rename symlink", fsys.Rename("/sl", "/sl2"))
		r.lstat(fsys, "/sl2")
		r.stat(fsys, "/sl2/b")
	},
	"unlink while open": func(r *rec, fsys tfs) {
		f := r.open(fsys, "/f", os.O_RDWR|os.O_CREATE)
		r.write(f, "data")
		r.err("remove", fsys.Remove("/f"))
		r.stat(fsys, "/f")
		r.write(f, "more")
		r.readAt(f, 20, 0)
		fi, err := f.Stat()
		r.err("fstat", err)
		if err == nil {
			r.add("fstat: nlink=%d size=%d", fi.Sys().(*syscall.Stat_t).Nlink, fi.Size())
		}
		r.err("close", f.Close())
		r.stat(fsys, "/f")
	},
	"hard links": func(r *rec, fsys tfs) {
		fsys.Mkdir("/d", 0o755)
		f := r.open(fsys, "/f", os.O_RDWR|os.O_CREATE)
		r.write(f, "one")
		f.Close()
		r.err("link", fsys.Link("/f", "/d/g"))
		r.err("link exists", fsys.Link("/f", "/d/g"))
		r.err("link dir", fsys.Link("/d", "/d2"))
		r.err("link missing", fsys.Link("/nope", "/x"))
		r.err("link into missing dir", fsys.Link("/f", "/nodir/x"))
		r.stat(fsys, "/f")
		f = r.open(fsys, "/d/g", os.O_WRONLY|os.O_APPEND)
		r.write(f, "two")
		f.Close()
		r.content(fsys, "/f")
		r.err("remove one", fsys.Remove("/f"))
		r.stat(fsys, "/d/g")
		r.content(fsys, "/d/g")
		r.err("symlink", fsys.Symlink("d/g", "/s"))
		r.err("link symlink", fsys.Link("/s", "/s2"))
		r.lstat(fsys, "/s2")
		r.stat(fsys, "/d/g")
	},
	"symlinks": func(r *rec, fsys tfs) {
		fsys.MkdirAll("/a/b", 0o755)
		f, _ := fsys.OpenFile("/a/b/file", os.O_WRONLY|os.O_CREATE, 0o644)
		f.Write([]byte("x"))
		f.Close()
		r.err("rel", fsys.Symlink("b/file", "/a/rel"))
		r.err("abs", fsys.Symlink("/a/b", "/abs"))
		r.err("dangling", fsys.Symlink("nothing", "/a/dang"))
		r.err("dotdot", fsys.Symlink("../a", "/a/b/up"))
		r.err("loop1", fsys.Symlink("loop2", "/loop1"))
		r.err("loop2", fsys.Symlink("loop1", "/loop2"))
		r.err("self", fsys.Symlink("self", "/self"))
		r.err("exists", fsys.Symlink("x", "/a/rel"))
		r.err("empty target", fsys.Symlink("", "/empty"))
		r.content(fsys, "/a/rel")
		r.content(fsys, "/abs/file")
		r.stat(fsys, "/abs")
		r.lstat(fsys, "/a/rel")
		r.stat(fsys, "/abs/")
		r.lstat(fsys, "/abs/")
		r.stat(fsys, "/abs/..")
		r.readdir(fsys, "/abs/..")
		r.stat(fsys, "/a/b/up/b/up/b/file")
		r.stat(fsys, "/a/dang")
		r.lstat(fsys, "/a/dang")
		r.stat(fsys, "/loop1")
		r.lstat(fsys, "/loop1")
		r.stat(fsys, "/self/x")
		r.content(fsys, "/loop1")
		for _, n := range []string{"/a/rel", "/abs", "/a/b", "/nope", "/a/dang"} {
			t, err := fsys.Readlink(n)
			r.add("readlink %s: %q %s", n, t, errName(err))
		}
		g := r.open(fsys, "/a/dang", os.O_WRONLY|os.O_CREATE)
		if g != nil {
			r.write(g, "made")
			g.Close()
		}
		r.content(fsys, "/a/nothing")
		r.open(fsys, "/a/rel", os.O_WRONLY|os.O_CREATE|os.O_EXCL)
		r.open(fsys, "/abs", os.O_RDONLY|syscall.O_NOFOLLOW)
		r.open(fsys, "/a/rel", os.O_RDONLY|syscall.O_NOFOLLOW)
		r.err("mkdir over dangling", fsys.Mkdir("/a/dang", 0o755))
		r.err("remove symlink to dir", fsys.Remove("/abs"))
		r.stat(fsys, "/a/b")
		r.err("chmod through link", fsys.Chmod("/a/rel", 0o600))
		r.stat(fsys, "/a/b/file")
		r.err("mkdir through link", fsys.Mkdir("/a/b/up/new", 0o755))
		r.stat(fsys, "/a/new")
		r.stat(fsys, "/a/./b/../b/file")
	},
	"symlink hops": func(r *rec, fsys tfs) {
		fsys.Mkdir("/c", 0o755)
		f, _ := fsys.OpenFile("/c/l0", os.O_WRONLY|os.O_CREATE, 0o644)
		f.Close()
		for i := 1; i <= 42; i++ {
			fsys.Symlink(fmt.Sprintf("l%d", i-1), fmt.Sprintf("/c/l%d", i))
		}
		fsys.Symlink("../c", "/c/up")
		for _, n := range []string{"/c/l39", "/c/l40", "/c/l41", "/c/up/up/up/l39", "/c/up/up/l38/", "/c/l40/"} {
			r.stat(fsys, n)
			r.lstat(fsys, n)
			r.open(fsys, n, os.O_RDONLY)
		}
	},
	"long names": func(r *rec, fsys tfs) {
		long := strings.Repeat("n", 255)
		r.open(fsys, "/"+long, os.O_WRONLY|os.O_CREATE)
		r.open(fsys, "/"+long+"x", os.O_WRONLY|os.O_CREATE)
		r.stat(fsys, "/"+long+"x")
		r.err("mkdir 256", fsys.Mkdir("/"+long+"y", 0o755))
		r.err("symlink long target", fsys.Symlink(strings.Repeat("t/", 2100), "/l"))
		deep := strings.Repeat("/d", 2100)
		r.stat(fsys, deep)
	},
	"readdir": func(r *rec, fsys tfs) {
		fsys.Mkdir("/d", 0o755)
		for _, n := range []string{"c", "a", "b", "e", "d"} {
			f, _ := fsys.OpenFile("/d/"+n, os.O_WRONLY|os.O_CREATE, 0o644)
			f.Close()
		}
		fsys.Mkdir("/d/sub", 0o700)
		fsys.Symlink("a", "/d/ln")
		r.readdir(fsys, "/d")
		r.readdir(fsys, "/d/a")
		r.readdir(fsys, "/nope")
		d := r.open(fsys, "/d", os.O_RDONLY)
		total := 0
		for {
			ents, err := d.ReadDir(3)
			total += len(ents)
			if err != nil {
				r.add("readdir(3) end: %d %s", total, errName(err))
				break
			}
		}
		ents, err := d.ReadDir(-1)
		r.add("readdir(-1) after end: %d %s", len(ents), errName(err))
		d.Close()
		f := r.open(fsys, "/d/a", os.O_RDONLY)
		_, err = f.ReadDir(-1)
		r.err("readdir on file", err)
		f.Close()
		r.err("remove nonempty", fsys.Remove("/d"))
		r.err("remove dot", fsys.Remove("/d/."))
		r.err("remove trailing on file", fsys.Remove("/d/a/"))
		r.err("removeall", fsys.RemoveAll("/d"))
		r.err("removeall missing", fsys.RemoveAll("/d"))
		r.err("mkdir exists", fsys.Mkdir("/", 0o755))
		r.err("mkdir trailing", fsys.Mkdir("/t/", 0o755))
		r.stat(fsys, "/t")
		r.err("mkdirall", fsys.MkdirAll("/t/u/v", 0o755))
		r.stat(fsys, "/t")
		f = r.open(fsys, "/t/file", os.O_WRONLY|os.O_CREATE)
		f.Close()
		r.err("mkdirall over file", fsys.MkdirAll("/t/file/x", 0o755))
		r.err("mkdirall file", fsys.MkdirAll("/t/file", 0o755))
	},
}

// oracleRoot makes a host directory for the OS side; umask is cleared so
// modes compare (memfs applies none).
func oracleRoot(t testing.TB) string {
	old := syscall.Umask(0)
	t.Cleanup(func() { syscall.Umask(old) })
	return t.TempDir()
}

func TestSemanticsAgainstOS(t *testing.T) {
	for name, sc := range scenarios {
		t.Run(name, func(t *testing.T) {
			var want, got rec
			sc(&want, osTFS{root: oracleRoot(t)})
			sc(&got, memTFS{New(Options{})})
			compareTranscripts(t, want.lines, got.lines)
		})
	}
}

func compareTranscripts(t testing.TB, want, got []string) {
	t.Helper()
	n := max(len(want), len(got))
	bad := 0
	for i := range n {
		var w, g string
		if i < len(want) {
			w = want[i]
		}
		if i < len(got) {
			g = got[i]
		}
		if w != g {
			t.Errorf("step %d:\n  os:    %s\n  memfs: %s", i, w, g)
			if bad++; bad > 10 {
				return
			}
		}
	}
}
