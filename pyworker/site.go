package pyworker

import (
	"fmt"
	"io/fs"

	"memsh/shell/command"
)

// The site directory (pyLayout.sitePath) is where python's site module
// looks for site-packages. The npm CPython build keeps its stdlib in an
// image embedded in the module (wasi-vfs) under /usr/local/lib; a host
// mount at this longer path wins the guest's longest-prefix match, so
// python finds sitecustomize here and nothing of memfs is shadowed except
// this one directory. sitecustomize finds its directory from __file__, so
// one source serves every python version.

// runFile is the per-run file of the site directory: the working
// directory, the absolute script path memsh gave python, the script path
// the user typed, the shell's umask in octal, which of fds 1 and 2 the
// shell closed ("12", "1", "2" or "") and the machine uname reports,
// NUL-separated (paths hold no NUL).
const runFile = "memsh-run"

// siteSource is sitecustomize.py. It is the same for every run, so its
// compiled form can be cached (stdlib.go): what changes per run is read from
// runFile. It moves python into the shell's directory (WASI has no working
// directory of its own: wasi-libc starts every guest in "/" and this
// CPython ignores PWD); a directory that vanished leaves python in "/", as
// a shell whose cwd was removed would. When memsh made the script path
// absolute, sys.argv[0] goes back to what the user typed. Relative
// PYTHONPATH entries, which CPython made absolute against "/" (sys.path
// holds them from the start, before site runs), are made absolute against
// the directory. os.umask, which
// this build lacks, reports the shell's umask and remembers what it is
// set to; it cannot change the modes python's files get (WASI's open
// carries no mode: memsh applies the shell's umask). A stdout or stderr
// the shell closed (>&-) is None, as CPython makes it when it finds fd 1
// or 2 closed: print() then writes nothing, where a stream failing with
// EBADF made python report the failed flush and exit 120. os.uname (and
// so platform.uname and platform.system) reports the kernel the shell's
// uname does: Linux 6.1.0-memsh, the host name from /etc/hostname (memsh
// when it is missing or empty), this build's machine; WASI's said
// "wasi", "(none)", "wasm32". sys.platform stays "wasi": the stdlib
// picks its implementations by it.
const siteSource = `import os as _os
def _memsh_start(_os=_os):
    try:
        fd = _os.open(__file__.rpartition('/')[0] + '/` + runFile + `', _os.O_RDONLY)
    except OSError:
        return
    try:
        data = b''
        while True:
            b = _os.read(fd, 65536)
            if not b:
                break
            data += b
    finally:
        _os.close(fd)
    cwd, abs_path, argv0, mask, closed, machine = data.split(b'\0')
    def uname(machine=machine.decode()):
        import os
        node = 'memsh'
        try:
            with open('/etc/hostname', 'rb') as f:
                s = f.read().decode('utf-8', 'replace').strip().split('\n')[0].strip()
            if s:
                node = s
        except OSError:
            pass
        return os.uname_result(('Linux', node, '6.1.0-memsh', '#1 SMP PREEMPT_DYNAMIC memsh', machine))
    _os.uname = uname
    if closed:
        import sys
        if b'1' in closed:
            sys.stdout = sys.__stdout__ = None
        if b'2' in closed:
            sys.stderr = sys.__stderr__ = None
    try:
        _os.chdir(cwd)
    except OSError:
        pass
    pp = _os.environ.get('PYTHONPATH')
    if pp:
        import sys
        if not sys.flags.ignore_environment:
            for i, e in enumerate(pp.split(':')):
                if not e.startswith('/') and i < len(sys.path) and sys.path[i] in (_os.path.normpath('//' + e), _os.path.normpath('/' + e)):
                    sys.path[i] = _os.path.abspath(e)
    if not hasattr(_os, 'umask'):
        _mask = [int(mask, 8)]
        def umask(mask, /):
            import _operator
            old, _mask[0] = _mask[0], _operator.index(mask) & 0o777
            return old
        _os.umask = umask
    if argv0:
        import sys
        if sys.argv and sys.argv[0] == _os.fsdecode(abs_path):
            sys.argv[0] = _os.fsdecode(argv0)
_memsh_start()
del _memsh_start
` + siteHooks + "del _os\n"

// runData is the content of runFile for a python run in dir; abs and argv0
// are empty unless memsh made the script path absolute.
func runData(dir, abs, argv0 string, umask fs.FileMode, closed string) []byte {
	return fmt.Appendf(nil, "%s\x00%s\x00%s\x00%o\x00%s\x00%s", dir, abs, argv0, umask&0o777, closed, command.Machine())
}

// siteHooks makes uncaught (and "Exception ignored") OSErrors print
// Linux's errno numbers and glibc's wording, through errnoModule, which is
// imported only when such an error is printed: compiling its tables costs
// this -O0 CPython tens of milliseconds, too much for every start-up.
//
// It also makes os.getcwd physical and clean, as Linux's getcwd is:
// wasi-libc's chdir only joins paths, so after os.chdir("..") in /a/b it
// would report "/a/b/..".
//
// It buffers stdout by 4096 bytes, as CPython on Linux does for a pipe or
// a file (their st_blksize); WASI has no st_blksize, so CPython took its
// default 8192. The size decides what a BrokenPipeError leaves behind:
// with 4096, the text layer's 8 KiB chunks bypass the buffer, so
// `python3 -c 'for i in range(10**5): print(i)' | head -1` prints one
// traceback and exits 1; with 8192 the failed chunk stayed buffered, its
// flush at exit failed again ("Exception ignored ... BrokenPipeError")
// and python exited 120. The BufferedWriter is re-initialised in place
// (tens of microseconds), not replaced.
//
// traceback prints an OSError with Linux's number and wording too, without
// changing the exception (traceback.print_exc, logging.exception of an
// error the program caught: its errno still matches the errno module).
//
// python3 -m MODULE names a stdlib module by its source path, as on Linux
// (sys.argv[0] and __main__.__file__; argparse's usage line shows
// "tarfile.py", not "tarfile.pyc"): the stdlib here has only .pyc files,
// so runpy's spec gave their path. And -m zipfile does not warn that
// zipfile.__main__ was imported early: CPython 3.12.0's zipfile imports
// its own __main__ (fixed in 3.12.1, gh-112578), which runpy reported on
// every run.
//
// asyncio's event loop makes a socketpair to wake itself up from other
// threads and signal handlers, and WASI has no sockets: a finder patches
// asyncio.selector_events when it is imported so the loop runs without it
// (call_soon_threadsafe already copes with no socket). socket gets the
// gethostname this build lacks (os.uname's node name), and platform's
// libc_ver, which a "Linux" os.uname makes platform.platform() call, finds
// no libc in sys.executable (which python cannot open: /usr is the
// build's image) instead of failing, as for a libc it does not know.
// One finder patches
// these modules as they are imported, then leaves sys.meta_path; until then
// it costs every import one call, where patching them at start-up would
// cost every run their import.
//
// os.stat and os.lstat report permission bits, os.chmod changes them and
// os.access checks them (the owner's bits: memfs's files belong to the
// sandbox user, as for the shell's test -r/-w/-x), through modeFS (WASI has neither: this build's stat gave 0o100000 for
// every file and its chmod changed nothing, even for a missing path; a
// CPython built against bookworm's wasi-libc has no os.chmod at all, and
// gets this one). One
// more stat call per os.stat; os.fstat and DirEntry.stat keep WASI's
// type-only mode. genericpath (os.path.exists, isfile, isdir, getsize,
// getmtime, samefile: none reads permission bits) keeps the plain C stat
// through an os stand-in, so those checks cost what they did. os.system
// (missing here) raises the OSError subprocess raises. os.get_terminal_size
// (missing too) raises ENOTTY, as Linux's does when no fd is a terminal,
// which a guest's never is.
//
// And it fills in what WASI leaves out and Linux scripts read:
// sys.executable (empty in this build) is /usr/bin/python3, and
// os.getuid/geteuid/getgid/getegid answer the sandbox user's ids (1000,
// as id and $UID say; os.getgroups [1000]) instead of raising
// AttributeError. os.chown (and lchown, fchown, so shutil.chown) give a
// file to that user or group and refuse any other with EPERM, as the
// shell's chown does for a user who is not root; memfs's owners do not
// change, since they are the sandbox user's already.
const siteHooks = `import sys as _sys
def _memsh_excepthook(t, v, tb, _hook=_sys.excepthook):
    try:
        import _memsh_errno
        _memsh_errno.linux(v)
        tb = v.__traceback__
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
if not _sys.executable:
    _sys.executable = '/usr/bin/python3'
def _memsh_asyncio(module):
    loop = module.BaseSelectorEventLoop
    close = loop._close_self_pipe
    def _make_self_pipe(self):
        self._ssock = self._csock = None
    def _close_self_pipe(self):
        if self._ssock is not None:
            close(self)
    loop._make_self_pipe = _make_self_pipe
    loop._close_self_pipe = _close_self_pipe
def _memsh_traceback(module):
    safe = module._safe_string
    def _safe_string(value, what, func=str):
        if func is str and isinstance(value, OSError):
            try:
                import _memsh_errno
                s = _memsh_errno.text(value)
                if s is not None:
                    return s
            except Exception:
                pass
        return safe(value, what, func)
    module._safe_string = _safe_string
def _memsh_socket(module):
    if not hasattr(module, 'gethostname'):
        def gethostname():
            import os
            return os.uname().nodename
        module.gethostname = gethostname
def _memsh_platform(module):
    libc_ver = module.libc_ver
    def _libc_ver(executable=None, lib='', version='', chunksize=16384):
        try:
            return libc_ver(executable, lib, version, chunksize)
        except OSError:
            return lib, version
    module.libc_ver = _libc_ver
def _memsh_find(name, path=None, target=None, _sys=_sys, _patches={'asyncio.selector_events': _memsh_asyncio, 'traceback': _memsh_traceback, 'socket': _memsh_socket, 'platform': _memsh_platform}):
    patch = _patches.pop(name, None)
    if patch is None:
        return None
    if not _patches:
        _sys.meta_path.remove(_memsh_finder)
    from importlib.machinery import PathFinder
    spec = PathFinder.find_spec(name, path)
    if spec is None or not hasattr(spec.loader, 'exec_module'):
        return spec
    exec_module = spec.loader.exec_module
    def patched(module):
        exec_module(module)
        patch(module)
    spec.loader.exec_module = patched
    return spec
def _memsh_dash_m(_sys=_sys):
    o = _sys.orig_argv
    if '-m' not in o:
        return
    import runpy
    details = runpy._get_module_details
    def _get_module_details(mod_name, error=ImportError):
        name, spec, code = details(mod_name, error)
        p = spec.origin
        if p and p.startswith('` + stdlibPrefix + `') and p.endswith('.pyc'):
            spec.origin = p[:-1]
        return name, spec, code
    runpy._get_module_details = _get_module_details
    if 'zipfile' in o and o[o.index('zipfile') - 1] == '-m':
        import _warnings
        m = type(_sys.implementation)(match=lambda text: text.startswith("'zipfile.__main__' found in sys.modules"))
        _warnings.filters.insert(0, ('ignore', m, RuntimeWarning, None, 0))
        _warnings._filters_mutated()
_memsh_dash_m()
del _memsh_dash_m
_memsh_finder = type(_sys.implementation)(find_spec=_memsh_find)
_sys.meta_path.insert(0, _memsh_finder)
def _memsh_stdout(_sys=_sys):
    import _io
    b = getattr(_sys.stdout, 'buffer', None)
    if type(b) is _io.BufferedWriter:
        b.__init__(b.raw, 4096)
_memsh_stdout()
del _sys, _memsh_stdout
if not hasattr(_os, 'get_terminal_size'):
    def get_terminal_size(fd=1, /):
        import errno, os
        raise OSError(errno.ENOTTY, os.strerror(errno.ENOTTY))
    _os.get_terminal_size = get_terminal_size
    del get_terminal_size
if not hasattr(_os, 'system'):
    def system(command):
        import errno
        raise OSError(errno.ENOTSUP, 'wasi does not support processes.')
    _os.system = system
    del system
def _memsh_modes(_os=_os, _dir=__file__.rpartition('/')[0] + '/` + modeDir + `'):
    stat, lstat, utime, access = _os.stat, _os.lstat, _os.utime, _os.access
    chmod = getattr(_os, 'chmod', None)
    def where(path):
        if isinstance(path, int):
            return None
        p = _os.fspath(path)
        if isinstance(p, bytes):
            p = _os.fsdecode(p)
        if not p.startswith('/'):
            p = _os.getcwd() + '/' + p
        return _dir + _os.path.normpath(p)
    def _stat(path, *, dir_fd=None, follow_symlinks=True):
        st = stat(path, dir_fd=dir_fd, follow_symlinks=follow_symlinks)
        p = None if dir_fd is not None else where(path)
        if p is not None:
            try:
                m = stat(p, follow_symlinks=follow_symlinks).st_size
            except OSError:
                return st
            seq, d = st.__reduce__()[1]
            st = _os.stat_result((st.st_mode & 0o170000 | m,) + seq[1:], d)
        return st
    def _lstat(path, *, dir_fd=None):
        return _stat(path, dir_fd=dir_fd, follow_symlinks=False)
    def _chmod(path, mode, *, dir_fd=None, follow_symlinks=True):
        if dir_fd is not None or not follow_symlinks or isinstance(path, int):
            if chmod is None:
                raise NotImplementedError('chmod: dir_fd, follow_symlinks=False and file descriptors are unavailable on this platform')
            return chmod(path, mode, dir_fd=dir_fd, follow_symlinks=follow_symlinks)
        stat(path)
        mode &= 0o7777
        try:
            utime(where(path), ns=(mode, mode))
        except OSError as e:
            raise OSError(e.errno, e.strerror, path) from None
    def _access(path, mode, *, dir_fd=None, effective_ids=False, follow_symlinks=True):
        ok = access(path, mode, dir_fd=dir_fd, effective_ids=effective_ids, follow_symlinks=follow_symlinks)
        if not ok or not mode & 7 or dir_fd is not None or isinstance(path, int):
            return ok
        try:
            m = stat(where(path), follow_symlinks=follow_symlinks).st_size
        except OSError:
            return ok
        return not mode & 7 & ~(m >> 6)
    _access.__name__ = _access.__qualname__ = 'access'
    _stat.__name__ = _stat.__qualname__ = 'stat'
    _lstat.__name__ = _lstat.__qualname__ = 'lstat'
    _chmod.__name__ = _chmod.__qualname__ = 'chmod'
    _os.stat, _os.lstat, _os.chmod, _os.access = _stat, _lstat, _chmod, _access
    for old, new in ((stat, _stat), (lstat, _lstat), (chmod, _chmod), (access, _access)):
        for s in (_os.supports_dir_fd, _os.supports_fd, _os.supports_follow_symlinks, _os.supports_effective_ids):
            if old in s:
                s.discard(old)
                s.add(new)
    import genericpath, sys
    genericpath.os = type(sys.implementation)(stat=stat, lstat=lstat, fstat=_os.fstat, fspath=_os.fspath, PathLike=_os.PathLike)
_memsh_modes()
del _memsh_modes
if not hasattr(_os, 'getuid'):
    def getuid():
        return 1000
    def getgid():
        return 1000
    def getgroups():
        return [1000]
    _os.getuid = _os.geteuid = getuid
    _os.getgid = _os.getegid = getgid
    _os.getgroups = getgroups
    del getuid, getgid, getgroups
if not hasattr(_os, 'chown'):
    def chown(path, uid, gid, *, dir_fd=None, follow_symlinks=True):
        import errno, operator, os
        os.stat(path, dir_fd=dir_fd, follow_symlinks=follow_symlinks)
        if operator.index(uid) not in (-1, 1000) or operator.index(gid) not in (-1, 1000):
            raise PermissionError(errno.EPERM, os.strerror(errno.EPERM), path)
    def lchown(path, uid, gid):
        import os
        os.chown(path, uid, gid, follow_symlinks=False)
    def fchown(fd, uid, gid):
        import os
        os.chown(fd, uid, gid)
    _os.chown, _os.lchown, _os.fchown = chown, lchown, fchown
    del chown, lchown, fchown
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
// rewrites each OSError in exc's chain to Linux's number and glibc's text,
// and drops the frames of sitecustomize's functions from its traceback.
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

_site = __file__.rpartition('/')[0] + '/'

def _strip(tb):
    # Drops memsh's own frames (os.chmod's check, os.system): the user's
    # call raised, as the C function it stands for would have.
    head = prev = None
    while tb is not None:
        if not tb.tb_frame.f_code.co_filename.startswith(_site):
            if prev is None:
                head = tb
            else:
                prev.tb_next = tb
            prev = tb
        tb = tb.tb_next
    if prev is not None:
        prev.tb_next = None
    return head

def text(e):
    # What str(e) says on Linux, or None when it says the same: for
    # traceback's printing of an error the program caught and still holds.
    if type(e.errno) is not int or getattr(e, '_memsh_linux', False) or len(e.args) < 2:
        return None
    to = _num.get(e.errno)
    if not to:
        return None
    strerror = to[1] if to[1] and e.strerror == _os.strerror(e.errno) else e.strerror
    return str(OSError(to[0], strerror, e.filename, None, e.filename2))

def linux(exc):
    todo, seen = [exc], set()
    while todo:
        e = todo.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        todo += [e.__cause__, e.__context__]
        e.__traceback__ = _strip(e.__traceback__)
        if isinstance(e, OSError) and type(e.errno) is int and not getattr(e, '_memsh_linux', False):
            to = _num.get(e.errno)
            if to:
                if to[1] and e.strerror == _os.strerror(e.errno):
                    e.strerror = to[1]
                e.errno = to[0]
                e._memsh_linux = True
`

// siteTree is the site-packages directory of one run: sitecustomize.py,
// _memsh_errno.py, the run's runFile and, when known, their compiled forms
// in __pycache__ (pyc maps a file name there to its bytes).
func siteTree(run []byte, pyc map[string][]byte) *roFS {
	t := newROFS(siteDev)
	t.bytes(siteFile, []byte(siteSource))
	t.bytes(errnoFile, []byte(errnoModule))
	if run != nil {
		t.bytes(runFile, run)
	}
	for name, b := range pyc {
		t.bytes("__pycache__/"+name, b)
	}
	t.seal()
	return t
}

const (
	siteFile  = "sitecustomize.py"
	errnoFile = "_memsh_errno.py"
)
