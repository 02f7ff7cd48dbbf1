package pyworker

import (
	"io"
	"io/fs"
	"strconv"
	"strings"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"github.com/tetratelabs/wazero/sys"
)

// sitePath is where python's site module looks for site-packages. The CPython
// build keeps its stdlib in an image embedded in the module (wasi-vfs) under
// /usr/local/lib; a host mount at this longer path wins the guest's
// longest-prefix match, so python finds sitecustomize here and nothing of
// memfs is shadowed except this one directory.
const sitePath = "/usr/local/lib/python3.12/site-packages"

// sitecustomize returns the source of the sitecustomize module that moves
// python into dir: WASI has no working directory of its own, wasi-libc
// starts every guest in "/" and this CPython ignores PWD. When argv0 is not
// empty, memsh made the script path absolute (abs) and sys.argv[0] goes
// back to what the user typed. Paths are bytes literals so any byte
// survives; a directory that vanished leaves python in "/", as a shell
// whose cwd was removed would.
func sitecustomize(dir, abs, argv0 string) []byte {
	var b strings.Builder
	b.WriteString("import os as _os\ntry:\n    _os.chdir(b")
	b.WriteString(pyBytes(dir))
	b.WriteString(")\nexcept OSError:\n    pass\n")
	if argv0 != "" {
		b.WriteString("import sys as _sys\nif _sys.argv and _sys.argv[0] == _os.fsdecode(b")
		b.WriteString(pyBytes(abs))
		b.WriteString("):\n    _sys.argv[0] = _os.fsdecode(b")
		b.WriteString(pyBytes(argv0))
		b.WriteString(")\ndel _sys\n")
	}
	b.WriteString("del _os\n")
	return []byte(b.String())
}

// pyBytes renders s as the body of a python bytes literal, quotes included.
func pyBytes(s string) string {
	var b strings.Builder
	b.WriteByte('\'')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' || c == '\'':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		default:
			b.WriteString(`\x`)
			h := strconv.FormatUint(uint64(c), 16)
			if len(h) == 1 {
				b.WriteByte('0')
			}
			b.WriteString(h)
		}
	}
	b.WriteByte('\'')
	return b.String()
}

// siteFS is a read-only directory holding one file, sitecustomize.py.
type siteFS struct {
	experimentalsys.UnimplementedFS
	src []byte
}

const siteFile = "sitecustomize.py"

func (s *siteFS) stat(name string) (sys.Stat_t, experimentalsys.Errno) {
	switch strings.Trim(name, "/") {
	case "", ".":
		return sys.Stat_t{Ino: 1, Mode: fs.ModeDir | 0o555, Nlink: 2}, 0
	case siteFile:
		return sys.Stat_t{Ino: 2, Mode: 0o444, Nlink: 1, Size: int64(len(s.src))}, 0
	}
	return sys.Stat_t{}, experimentalsys.ENOENT
}

func (s *siteFS) Stat(name string) (sys.Stat_t, experimentalsys.Errno)  { return s.stat(name) }
func (s *siteFS) Lstat(name string) (sys.Stat_t, experimentalsys.Errno) { return s.stat(name) }

func (s *siteFS) OpenFile(name string, flag experimentalsys.Oflag, _ fs.FileMode) (experimentalsys.File, experimentalsys.Errno) {
	st, errno := s.stat(name)
	if errno != 0 {
		if flag&experimentalsys.O_CREAT != 0 {
			return nil, experimentalsys.EROFS
		}
		return nil, errno
	}
	if flag&(experimentalsys.O_RDWR|experimentalsys.O_WRONLY|experimentalsys.O_CREAT|experimentalsys.O_TRUNC|experimentalsys.O_APPEND) != 0 {
		if st.Mode.IsDir() && flag&(experimentalsys.O_RDWR|experimentalsys.O_WRONLY) != 0 {
			return nil, experimentalsys.EISDIR
		}
		return nil, experimentalsys.EROFS
	}
	if st.Mode.IsDir() {
		return sysFile(&siteDir{st: st}), 0
	}
	if flag&experimentalsys.O_DIRECTORY != 0 {
		return nil, experimentalsys.ENOTDIR
	}
	return sysFile(&siteRO{st: st, data: s.src}), 0
}

func (*siteFS) Mkdir(string, fs.FileMode) experimentalsys.Errno    { return experimentalsys.EROFS }
func (*siteFS) Chmod(string, fs.FileMode) experimentalsys.Errno    { return experimentalsys.EROFS }
func (*siteFS) Rename(string, string) experimentalsys.Errno        { return experimentalsys.EROFS }
func (*siteFS) Rmdir(string) experimentalsys.Errno                 { return experimentalsys.EROFS }
func (*siteFS) Unlink(string) experimentalsys.Errno                { return experimentalsys.EROFS }
func (*siteFS) Link(string, string) experimentalsys.Errno          { return experimentalsys.EROFS }
func (*siteFS) Symlink(string, string) experimentalsys.Errno       { return experimentalsys.EROFS }
func (*siteFS) Utimens(string, int64, int64) experimentalsys.Errno { return experimentalsys.EROFS }
func (*siteFS) Readlink(string) (string, experimentalsys.Errno)    { return "", experimentalsys.EINVAL }

// siteRO is an open, read-only sitecustomize.py.
type siteRO struct {
	experimentalsys.UnimplementedFile
	st   sys.Stat_t
	data []byte
	off  int64
}

func (f *siteRO) Ino() (sys.Inode, experimentalsys.Errno)   { return f.st.Ino, 0 }
func (f *siteRO) Stat() (sys.Stat_t, experimentalsys.Errno) { return f.st, 0 }

func (f *siteRO) Read(buf []byte) (int, experimentalsys.Errno) {
	n, errno := f.Pread(buf, f.off)
	f.off += int64(n)
	return n, errno
}

func (f *siteRO) Pread(buf []byte, off int64) (int, experimentalsys.Errno) {
	if off < 0 {
		return 0, experimentalsys.EINVAL
	}
	if off >= int64(len(f.data)) {
		return 0, 0
	}
	return copy(buf, f.data[off:]), 0
}

func (f *siteRO) seek(offset int64, whence int) (int64, experimentalsys.Errno) {
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

func (*siteRO) Write([]byte) (int, experimentalsys.Errno)         { return 0, experimentalsys.EBADF }
func (*siteRO) Pwrite([]byte, int64) (int, experimentalsys.Errno) { return 0, experimentalsys.EBADF }
func (*siteRO) Truncate(int64) experimentalsys.Errno              { return experimentalsys.EBADF }

// siteDir is the open site-packages directory.
type siteDir struct {
	experimentalsys.UnimplementedFile
	st   sys.Stat_t
	done bool
}

func (d *siteDir) Ino() (sys.Inode, experimentalsys.Errno)   { return d.st.Ino, 0 }
func (d *siteDir) Stat() (sys.Stat_t, experimentalsys.Errno) { return d.st, 0 }
func (d *siteDir) IsDir() (bool, experimentalsys.Errno)      { return true, 0 }
func (d *siteDir) IsAppend() bool                            { return false }
func (d *siteDir) SetAppend(bool) experimentalsys.Errno      { return experimentalsys.EISDIR }
func (d *siteDir) Read([]byte) (int, experimentalsys.Errno)  { return 0, experimentalsys.EISDIR }
func (d *siteDir) Write([]byte) (int, experimentalsys.Errno) { return 0, experimentalsys.EISDIR }
func (d *siteDir) Truncate(int64) experimentalsys.Errno      { return experimentalsys.EISDIR }

func (d *siteDir) Pread([]byte, int64) (int, experimentalsys.Errno) {
	return 0, experimentalsys.EISDIR
}

func (d *siteDir) Pwrite([]byte, int64) (int, experimentalsys.Errno) {
	return 0, experimentalsys.EISDIR
}

func (d *siteDir) seek(offset int64, whence int) (int64, experimentalsys.Errno) {
	if offset != 0 || whence != io.SeekStart {
		return 0, experimentalsys.EINVAL
	}
	d.done = false
	return 0, 0
}

func (d *siteDir) Readdir(int) ([]experimentalsys.Dirent, experimentalsys.Errno) {
	if d.done {
		return nil, 0
	}
	d.done = true
	return []experimentalsys.Dirent{{Ino: 2, Name: siteFile}}, 0
}
