package pyworker

import (
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"github.com/tetratelabs/wazero/sys"
)

// roFS is a read-only in-memory tree mounted for python beside memfs: the
// stdlib and memsh's site-packages. Nodes never change once the tree is
// built, so one tree may serve many guests at once; a file's content is
// produced on first open (the stdlib inflates its .pyc files lazily).
type roFS struct {
	experimentalsys.UnimplementedFS
	dev   uint64             // st_dev of every node
	nodes map[string]*roNode // by clean relative path; "" is the root
}

// Device numbers of the trees: distinct from memfs's and from each other,
// so (st_dev, st_ino) names one file, as os.path.samefile expects.
const (
	stdlibDev = 0x7301
	siteDev   = 0x7302
	modeDev   = 0x7303
)

// roNode is a file or directory of an roFS.
type roNode struct {
	st   sys.Stat_t
	ents []experimentalsys.Dirent // a directory's entries, sorted by name

	once    sync.Once
	content func() ([]byte, error) // a file's bytes, computed once
	data    []byte
	err     error
}

// newROFS returns a tree holding only its root directory.
func newROFS(dev uint64) *roFS {
	t := &roFS{dev: dev, nodes: map[string]*roNode{}}
	t.nodes[""] = &roNode{st: sys.Stat_t{Dev: dev, Ino: 1, Mode: fs.ModeDir | 0o555, Nlink: 2}}
	return t
}

// dir returns the directory at name, creating it and its parents.
func (t *roFS) dir(name string) *roNode {
	if n, ok := t.nodes[name]; ok {
		return n
	}
	parent, base := path.Split(name)
	p := t.dir(strings.TrimSuffix(parent, "/"))
	n := &roNode{st: sys.Stat_t{Dev: t.dev, Ino: uint64(len(t.nodes) + 1), Mode: fs.ModeDir | 0o555, Nlink: 2, Mtim: p.st.Mtim, Atim: p.st.Mtim, Ctim: p.st.Mtim}}
	t.nodes[name] = n
	p.ents = append(p.ents, experimentalsys.Dirent{Ino: n.st.Ino, Name: base, Type: fs.ModeDir})
	p.st.Nlink++
	return n
}

// file adds a file of size bytes at name (its parents are created) whose
// content is computed by content on first open. mtime is in ns.
func (t *roFS) file(name string, size, mtime int64, content func() ([]byte, error)) {
	parent, base := path.Split(name)
	p := t.dir(strings.TrimSuffix(parent, "/"))
	n := &roNode{
		st:      sys.Stat_t{Dev: t.dev, Ino: uint64(len(t.nodes) + 1), Mode: 0o444, Nlink: 1, Size: size, Mtim: mtime, Atim: mtime, Ctim: mtime},
		content: content,
	}
	t.nodes[name] = n
	p.ents = append(p.ents, experimentalsys.Dirent{Ino: n.st.Ino, Name: base})
}

// bytes adds a file holding data.
func (t *roFS) bytes(name string, data []byte) {
	t.file(name, int64(len(data)), 0, func() ([]byte, error) { return data, nil })
}

// seal sorts every listing; call it once the tree is complete.
func (t *roFS) seal() {
	for _, n := range t.nodes {
		sort.Slice(n.ents, func(i, j int) bool { return n.ents[i].Name < n.ents[j].Name })
	}
}

func (t *roFS) lookup(name string) (*roNode, experimentalsys.Errno) {
	name = path.Clean("/" + name)[1:]
	if n, ok := t.nodes[name]; ok {
		return n, 0
	}
	// A file used as a directory is ENOTDIR, as on Linux.
	for d := path.Dir(name); d != "." && d != "/"; d = path.Dir(d) {
		if n, ok := t.nodes[d]; ok && !n.st.Mode.IsDir() {
			return nil, experimentalsys.ENOTDIR
		}
	}
	return nil, experimentalsys.ENOENT
}

func (t *roFS) Stat(name string) (sys.Stat_t, experimentalsys.Errno) {
	n, errno := t.lookup(name)
	if errno != 0 {
		return sys.Stat_t{}, errno
	}
	return n.st, 0
}

func (t *roFS) Lstat(name string) (sys.Stat_t, experimentalsys.Errno) { return t.Stat(name) }

func (t *roFS) OpenFile(name string, flag experimentalsys.Oflag, _ fs.FileMode) (experimentalsys.File, experimentalsys.Errno) {
	n, errno := t.lookup(name)
	if errno != 0 {
		if errno == experimentalsys.ENOENT && flag&experimentalsys.O_CREAT != 0 {
			return nil, experimentalsys.EROFS
		}
		return nil, errno
	}
	if flag&(experimentalsys.O_RDWR|experimentalsys.O_WRONLY|experimentalsys.O_CREAT|experimentalsys.O_TRUNC|experimentalsys.O_APPEND) != 0 {
		if n.st.Mode.IsDir() && flag&(experimentalsys.O_RDWR|experimentalsys.O_WRONLY) != 0 {
			return nil, experimentalsys.EISDIR
		}
		return nil, experimentalsys.EROFS
	}
	if n.st.Mode.IsDir() {
		return sysFile(&roDir{n: n}), 0
	}
	if flag&experimentalsys.O_DIRECTORY != 0 {
		return nil, experimentalsys.ENOTDIR
	}
	n.once.Do(func() { n.data, n.err = n.content() })
	if n.err != nil {
		return nil, experimentalsys.EIO
	}
	return sysFile(&roFile{st: n.st, data: n.data}), 0
}

func (*roFS) Mkdir(string, fs.FileMode) experimentalsys.Errno    { return experimentalsys.EROFS }
func (*roFS) Chmod(string, fs.FileMode) experimentalsys.Errno    { return experimentalsys.EROFS }
func (*roFS) Rename(string, string) experimentalsys.Errno        { return experimentalsys.EROFS }
func (*roFS) Rmdir(string) experimentalsys.Errno                 { return experimentalsys.EROFS }
func (*roFS) Unlink(string) experimentalsys.Errno                { return experimentalsys.EROFS }
func (*roFS) Link(string, string) experimentalsys.Errno          { return experimentalsys.EROFS }
func (*roFS) Symlink(string, string) experimentalsys.Errno       { return experimentalsys.EROFS }
func (*roFS) Utimens(string, int64, int64) experimentalsys.Errno { return experimentalsys.EROFS }
func (*roFS) Readlink(string) (string, experimentalsys.Errno)    { return "", experimentalsys.EINVAL }

// roFile is an open file of an roFS.
type roFile struct {
	experimentalsys.UnimplementedFile
	st   sys.Stat_t
	data []byte
	off  int64
}

func (f *roFile) Ino() (sys.Inode, experimentalsys.Errno)   { return f.st.Ino, 0 }
func (f *roFile) Stat() (sys.Stat_t, experimentalsys.Errno) { return f.st, 0 }

func (f *roFile) Read(buf []byte) (int, experimentalsys.Errno) {
	n, errno := f.Pread(buf, f.off)
	f.off += int64(n)
	return n, errno
}

func (f *roFile) Pread(buf []byte, off int64) (int, experimentalsys.Errno) {
	if off < 0 {
		return 0, experimentalsys.EINVAL
	}
	if off >= int64(len(f.data)) {
		return 0, 0
	}
	return copy(buf, f.data[off:]), 0
}

func (f *roFile) seek(offset int64, whence int) (int64, experimentalsys.Errno) {
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		offset += f.off
	case io.SeekEnd:
		offset += int64(len(f.data))
	default:
		return 0, experimentalsys.EINVAL
	}
	if offset < 0 {
		return 0, experimentalsys.EINVAL
	}
	f.off = offset
	return offset, 0
}

func (*roFile) Write([]byte) (int, experimentalsys.Errno)         { return 0, experimentalsys.EBADF }
func (*roFile) Pwrite([]byte, int64) (int, experimentalsys.Errno) { return 0, experimentalsys.EBADF }
func (*roFile) Truncate(int64) experimentalsys.Errno              { return experimentalsys.EBADF }

// roDir is an open directory of an roFS.
type roDir struct {
	experimentalsys.UnimplementedFile
	n    *roNode
	next int // index of the next entry Readdir hands out
}

func (d *roDir) Ino() (sys.Inode, experimentalsys.Errno)   { return d.n.st.Ino, 0 }
func (d *roDir) Stat() (sys.Stat_t, experimentalsys.Errno) { return d.n.st, 0 }
func (d *roDir) IsDir() (bool, experimentalsys.Errno)      { return true, 0 }
func (d *roDir) IsAppend() bool                            { return false }
func (d *roDir) SetAppend(bool) experimentalsys.Errno      { return experimentalsys.EISDIR }
func (d *roDir) Read([]byte) (int, experimentalsys.Errno)  { return 0, experimentalsys.EISDIR }
func (d *roDir) Write([]byte) (int, experimentalsys.Errno) { return 0, experimentalsys.EISDIR }
func (d *roDir) Truncate(int64) experimentalsys.Errno      { return experimentalsys.EISDIR }

func (d *roDir) Pread([]byte, int64) (int, experimentalsys.Errno) {
	return 0, experimentalsys.EISDIR
}

func (d *roDir) Pwrite([]byte, int64) (int, experimentalsys.Errno) {
	return 0, experimentalsys.EISDIR
}

func (d *roDir) seek(offset int64, whence int) (int64, experimentalsys.Errno) {
	if offset != 0 || whence != io.SeekStart {
		return 0, experimentalsys.EINVAL
	}
	d.next = 0
	return 0, 0
}

// Readdir hands out the entries n at a time (wazero adds "." and "..").
func (d *roDir) Readdir(n int) ([]experimentalsys.Dirent, experimentalsys.Errno) {
	rest := d.n.ents[d.next:]
	if n <= 0 || n > len(rest) {
		n = len(rest)
	}
	d.next += n
	return rest[:n:n], 0
}
