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
	b.WriteString(siteHooks)
	b.WriteString("del _os\n")
	return []byte(b.String())
}

// siteHooks makes uncaught (and "Exception ignored") OSErrors print
// Linux's errno numbers and glibc's wording, through errnoModule, which is
// imported only when such an error is printed: compiling its tables costs
// this -O0 CPython tens of milliseconds, too much for every start-up.
//
// It also makes os.getcwd physical and clean, as Linux's getcwd is:
// wasi-libc's chdir only joins paths, so after os.chdir("..") in /a/b it
// would report "/a/b/..".
const siteHooks = `import sys as _sys
def _memsh_excepthook(t, v, tb, _hook=_sys.excepthook):
    try:
        import _memsh_errno
        _memsh_errno.linux(v)
    except Exception:
        pass
    _hook(t, v, tb)
def _memsh_unraisablehook(u, _hook=_sys.unraisablehook):
    try:
        import _memsh_errno
        _memsh_errno.linux(u.exc_value)
    except Exception:
        pass
    _hook(u)
_sys.excepthook = _memsh_excepthook
_sys.unraisablehook = _memsh_unraisablehook
del _sys
def _memsh_getcwd(_getcwd=_os.getcwd, _os=_os):
    c = _getcwd()
    if '/.' in c or '//' in c or (c.endswith('/') and c != '/'):
        try:
            _os.chdir(_os.path.realpath(c))
            c = _getcwd()
        except OSError:
            pass
    return c
_os.getcwd = _memsh_getcwd
`

// errnoModule is _memsh_errno.py. This CPython numbers errno as WASI does
// ([Errno 44] for ENOENT) and words some messages as musl does; linux(exc)
// rewrites each OSError in exc's chain to Linux's number and glibc's text.
// Code that catches an OSError still sees WASI's numbers, which match the
// errno module it compares with. Tables: Linux x86-64 errno values, and the
// glibc strerror texts that differ from musl's (wasi-libc's).
const errnoModule = `import errno as _errno, os as _os
_linux = {
    'EPERM': 1, 'ENOENT': 2, 'ESRCH': 3, 'EINTR': 4, 'EIO': 5, 'ENXIO': 6,
    'E2BIG': 7, 'ENOEXEC': 8, 'EBADF': 9, 'ECHILD': 10, 'EAGAIN': 11,
    'ENOMEM': 12, 'EACCES': 13, 'EFAULT': 14, 'EBUSY': 16, 'EEXIST': 17,
    'EXDEV': 18, 'ENODEV': 19, 'ENOTDIR': 20, 'EISDIR': 21, 'EINVAL': 22,
    'ENFILE': 23, 'EMFILE': 24, 'ENOTTY': 25, 'ETXTBSY': 26, 'EFBIG': 27,
    'ENOSPC': 28, 'ESPIPE': 29, 'EROFS': 30, 'EMLINK': 31, 'EPIPE': 32,
    'EDOM': 33, 'ERANGE': 34, 'EDEADLK': 35, 'ENAMETOOLONG': 36,
    'ENOLCK': 37, 'ENOSYS': 38, 'ENOTEMPTY': 39, 'ELOOP': 40, 'ENOMSG': 42,
    'EIDRM': 43, 'ENOLINK': 67, 'EPROTO': 71, 'EMULTIHOP': 72, 'EBADMSG': 74,
    'EOVERFLOW': 75, 'EILSEQ': 84, 'ENOTSOCK': 88, 'EDESTADDRREQ': 89,
    'EMSGSIZE': 90, 'EPROTOTYPE': 91, 'ENOPROTOOPT': 92,
    'EPROTONOSUPPORT': 93, 'ENOTSUP': 95, 'EAFNOSUPPORT': 97,
    'EADDRINUSE': 98, 'EADDRNOTAVAIL': 99, 'ENETDOWN': 100,
    'ENETUNREACH': 101, 'ENETRESET': 102, 'ECONNABORTED': 103,
    'ECONNRESET': 104, 'ENOBUFS': 105, 'EISCONN': 106, 'ENOTCONN': 107,
    'ETIMEDOUT': 110, 'ECONNREFUSED': 111, 'EHOSTUNREACH': 113,
    'EALREADY': 114, 'EINPROGRESS': 115, 'ESTALE': 116, 'EDQUOT': 122,
    'ECANCELED': 125, 'EOWNERDEAD': 130, 'ENOTRECOVERABLE': 131,
}
_glibc = {
    'EIO': 'Input/output error', 'ECHILD': 'No child processes',
    'ENOMEM': 'Cannot allocate memory', 'EBUSY': 'Device or resource busy',
    'EXDEV': 'Invalid cross-device link', 'EMFILE': 'Too many open files',
    'ENOTTY': 'Inappropriate ioctl for device', 'ESPIPE': 'Illegal seek',
    'EDOM': 'Numerical argument out of domain',
    'ERANGE': 'Numerical result out of range',
    'EDEADLK': 'Resource deadlock avoided',
    'ENAMETOOLONG': 'File name too long',
    'ELOOP': 'Too many levels of symbolic links',
    'EOVERFLOW': 'Value too large for defined data type',
    'EILSEQ': 'Invalid or incomplete multibyte or wide character',
    'ENOTSOCK': 'Socket operation on non-socket',
    'EMSGSIZE': 'Message too long', 'ENOTSUP': 'Operation not supported',
    'EADDRINUSE': 'Address already in use',
    'EADDRNOTAVAIL': 'Cannot assign requested address',
    'ENETUNREACH': 'Network is unreachable',
    'ENETRESET': 'Network dropped connection on reset',
    'ECONNABORTED': 'Software caused connection abort',
    'EISCONN': 'Transport endpoint is already connected',
    'ENOTCONN': 'Transport endpoint is not connected',
    'ETIMEDOUT': 'Connection timed out', 'EHOSTUNREACH': 'No route to host',
    'EINPROGRESS': 'Operation now in progress',
    'EDQUOT': 'Disk quota exceeded', 'EOWNERDEAD': 'Owner died',
}

# By number: errno.errorcode cannot say it, as WASI gives some names one
# number (EPIPE and ESHUTDOWN are both 64).
_num = {getattr(_errno, n): (v, _glibc.get(n)) for n, v in _linux.items() if hasattr(_errno, n)}

def linux(exc):
    todo, seen = [exc], set()
    while todo:
        e = todo.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        todo += [e.__cause__, e.__context__]
        if isinstance(e, OSError) and type(e.errno) is int and not getattr(e, '_memsh_linux', False):
            to = _num.get(e.errno)
            if to:
                if to[1] and e.strerror == _os.strerror(e.errno):
                    e.strerror = to[1]
                e.errno = to[0]
                e._memsh_linux = True
`

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

// siteFS is a read-only directory holding sitecustomize.py (src) and
// _memsh_errno.py.
type siteFS struct {
	experimentalsys.UnimplementedFS
	src []byte
}

const (
	siteFile  = "sitecustomize.py"
	errnoFile = "_memsh_errno.py"
)

// file returns the content and inode of a file of the directory.
func (s *siteFS) file(name string) ([]byte, uint64, bool) {
	switch name {
	case siteFile:
		return s.src, 2, true
	case errnoFile:
		return []byte(errnoModule), 3, true
	}
	return nil, 0, false
}

func (s *siteFS) stat(name string) (sys.Stat_t, experimentalsys.Errno) {
	name = strings.Trim(name, "/")
	if name == "" || name == "." {
		return sys.Stat_t{Ino: 1, Mode: fs.ModeDir | 0o555, Nlink: 2}, 0
	}
	if data, ino, ok := s.file(name); ok {
		return sys.Stat_t{Ino: ino, Mode: 0o444, Nlink: 1, Size: int64(len(data))}, 0
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
	data, _, _ := s.file(strings.Trim(name, "/"))
	return sysFile(&siteRO{st: st, data: data}), 0
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
	return []experimentalsys.Dirent{{Ino: 2, Name: siteFile}, {Ino: 3, Name: errnoFile}}, 0
}
