package pyworker

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"strings"
	"syscall"
	"time"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"github.com/tetratelabs/wazero/sys"

	"memsh/memfs"
)

// guestErrno is how one host errno reaches a guest: as a wazero errno and,
// when wazero has no name for it (it then says EIO), as the WASI preview1
// number memsh's wrapped WASI functions put back in its place.
type guestErrno struct {
	sys  experimentalsys.Errno
	wasi uint32 // 0: sys says it all
}

// errnoTable is the one mapping from the errors memfs (and the guest's
// stdio) return, syscall.Errno values, to what a guest sees.
var errnoTable = map[syscall.Errno]guestErrno{
	syscall.EACCES:       {sys: experimentalsys.EACCES},
	syscall.EAGAIN:       {sys: experimentalsys.EAGAIN},
	syscall.EBADF:        {sys: experimentalsys.EBADF},
	syscall.EEXIST:       {sys: experimentalsys.EEXIST},
	syscall.EFAULT:       {sys: experimentalsys.EFAULT},
	syscall.EINTR:        {sys: experimentalsys.EINTR},
	syscall.EINVAL:       {sys: experimentalsys.EINVAL},
	syscall.EIO:          {sys: experimentalsys.EIO},
	syscall.EISDIR:       {sys: experimentalsys.EISDIR},
	syscall.ELOOP:        {sys: experimentalsys.ELOOP},
	syscall.ENAMETOOLONG: {sys: experimentalsys.ENAMETOOLONG},
	syscall.ENOENT:       {sys: experimentalsys.ENOENT},
	syscall.ENOSYS:       {sys: experimentalsys.ENOSYS},
	syscall.ENOTDIR:      {sys: experimentalsys.ENOTDIR},
	syscall.ERANGE:       {sys: experimentalsys.ERANGE},
	syscall.ENOTEMPTY:    {sys: experimentalsys.ENOTEMPTY},
	syscall.ENOTSUP:      {sys: experimentalsys.ENOTSUP},
	syscall.EPERM:        {sys: experimentalsys.EPERM},
	syscall.EROFS:        {sys: experimentalsys.EROFS},
	syscall.EFBIG:        {sys: experimentalsys.EIO, wasi: wasiErrnoFbig},
	syscall.ENOSPC:       {sys: experimentalsys.EIO, wasi: wasiErrnoNospc},
	syscall.EPIPE:        {sys: experimentalsys.EIO, wasi: wasiErrnoPipe},
	syscall.EMFILE:       {sys: experimentalsys.EIO, wasi: wasiErrnoMfile},
	syscall.EXDEV:        {sys: experimentalsys.EIO, wasi: wasiErrnoXdev},
	syscall.ESPIPE:       {sys: experimentalsys.EIO, wasi: wasiErrnoSpipe},
}

// toErrno maps an error from memfs to the errno a guest sees.
func toErrno(err error) experimentalsys.Errno {
	if err == nil || err == io.EOF {
		return 0
	}
	var se syscall.Errno
	if errors.As(err, &se) {
		if e, ok := errnoTable[se]; ok {
			return e.sys
		}
		return experimentalsys.EIO
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return experimentalsys.ENOENT
	case errors.Is(err, fs.ErrExist):
		return experimentalsys.EEXIST
	case errors.Is(err, fs.ErrPermission):
		return experimentalsys.EPERM
	case errors.Is(err, fs.ErrInvalid):
		return experimentalsys.EINVAL
	case errors.Is(err, fs.ErrClosed):
		return experimentalsys.EBADF
	}
	return experimentalsys.EIO
}

// errno maps err for a guest, remembering what wazero cannot name.
func (s *runState) errno(err error) experimentalsys.Errno {
	s.note(err)
	return toErrno(err)
}

// guestFS serves a memfs tree to a wazero guest as an experimental sys.FS.
// Every call goes straight to memfs: nothing is copied in or out, and a
// write is visible to the shell as soon as the guest's write returns.
type guestFS struct {
	fs    *memfs.FS
	st    *runState
	umask fs.FileMode // see Proc.Umask
	// ctx is the run's: opening a FIFO waits for its other end, and a
	// read or write blocked on one ends, when it is done (nil: never).
	ctx context.Context

	// The run's standard streams, which /dev/stdin, /dev/stdout,
	// /dev/stderr and /dev/fd/0-2 open, as on Linux.
	stdin          io.Reader
	stdout, stderr io.Writer
}

// stdioPath says which standard stream p names: 0, 1, 2, or -1.
func stdioPath(p string) int {
	switch p {
	case "/dev/stdin", "/dev/fd/0":
		return 0
	case "/dev/stdout", "/dev/fd/1":
		return 1
	case "/dev/stderr", "/dev/fd/2":
		return 2
	}
	return -1
}

// stdioStat is what stat says of a standard stream: a character device.
func stdioStat(fd int) sys.Stat_t {
	return sys.Stat_t{Ino: uint64(fd) + 1, Mode: fs.ModeDevice | fs.ModeCharDevice | 0o620, Nlink: 1}
}

// openStdio opens a standard stream by path.
func (g *guestFS) openStdio(fd int, flag experimentalsys.Oflag) (experimentalsys.File, experimentalsys.Errno) {
	f := &stdioFile{st: g.st, fd: fd}
	writable := flag&(experimentalsys.O_WRONLY|experimentalsys.O_RDWR) != 0
	readable := flag&experimentalsys.O_WRONLY == 0
	if fd == 0 && readable {
		f.r = g.stdin
	}
	if writable {
		switch fd {
		case 1:
			f.w = g.stdout
		case 2:
			f.w = g.stderr
		}
	}
	return sysFile(f), 0
}

// stdioFile is a standard stream opened by path.
type stdioFile struct {
	experimentalsys.UnimplementedFile
	st *runState
	fd int
	r  io.Reader
	w  io.Writer
}

func (f *stdioFile) Stat() (sys.Stat_t, experimentalsys.Errno) { return stdioStat(f.fd), 0 }
func (f *stdioFile) IsDir() (bool, experimentalsys.Errno)      { return false, 0 }

func (f *stdioFile) Read(buf []byte) (int, experimentalsys.Errno) {
	if f.r == nil {
		if f.fd == 0 {
			return 0, 0 // no stdin reads as empty
		}
		return 0, experimentalsys.EBADF
	}
	if len(buf) == 0 {
		return 0, 0
	}
	n, err := f.r.Read(buf)
	return n, f.st.errno(err)
}

func (f *stdioFile) Write(buf []byte) (int, experimentalsys.Errno) {
	if f.w == nil {
		return 0, experimentalsys.EBADF
	}
	n, err := f.w.Write(buf)
	return n, f.st.errno(err)
}

// seek fails as lseek on a pipe does (ESPIPE, which wazero calls EIO).
func (f *stdioFile) seek(int64, int) (int64, experimentalsys.Errno) {
	return 0, f.st.errno(syscall.ESPIPE)
}

var _ experimentalsys.FS = (*guestFS)(nil)

// abs turns a path relative to the mount (wazero strips the leading slash)
// into the absolute path memfs expects.
func abs(name string) string {
	name = rawPath(name)
	if name == "" || name == "." {
		return "/"
	}
	if name[0] == '/' {
		return name
	}
	return "/" + name
}

func (g *guestFS) OpenFile(name string, flag experimentalsys.Oflag, perm fs.FileMode) (experimentalsys.File, experimentalsys.Errno) {
	p := abs(name)
	if fd := stdioPath(p); fd >= 0 {
		return g.openStdio(fd, flag)
	}
	osflag := 0
	switch {
	case flag&experimentalsys.O_RDWR != 0:
		osflag = os.O_RDWR
	case flag&experimentalsys.O_WRONLY != 0:
		osflag = os.O_WRONLY
	default:
		osflag = os.O_RDONLY
	}
	if flag&experimentalsys.O_APPEND != 0 {
		osflag |= os.O_APPEND
	}
	if flag&experimentalsys.O_CREAT != 0 {
		osflag |= os.O_CREATE
	}
	if flag&experimentalsys.O_EXCL != 0 {
		osflag |= os.O_EXCL
	}
	if flag&experimentalsys.O_TRUNC != 0 {
		osflag |= os.O_TRUNC
	}
	if flag&experimentalsys.O_NOFOLLOW != 0 {
		// O_NOFOLLOW on a symlink fails with ELOOP, as on Linux, unless
		// O_CREAT|O_EXCL already makes it EEXIST.
		if fi, err := g.fs.Lstat(p); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			if flag&(experimentalsys.O_CREAT|experimentalsys.O_EXCL) == experimentalsys.O_CREAT|experimentalsys.O_EXCL {
				return nil, experimentalsys.EEXIST
			}
			return nil, experimentalsys.ELOOP
		}
	}
	if flag&experimentalsys.O_DIRECTORY != 0 {
		fi, err := g.fs.Stat(p)
		if err != nil {
			return nil, g.st.errno(err)
		}
		if !fi.IsDir() {
			return nil, experimentalsys.ENOTDIR
		}
	}
	if osflag&os.O_CREATE != 0 {
		perm = 0o666 &^ g.umask // wazero's perm is its own choice, not the guest's
	}
	if flag&experimentalsys.O_NONBLOCK != 0 {
		osflag |= syscall.O_NONBLOCK
	}
	ctx := g.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	f, err := g.fs.OpenFileContext(ctx, p, osflag, perm)
	if err != nil {
		return nil, g.st.errno(err)
	}
	gf := &guestFile{st: g.st, fs: g.fs, f: f, path: p, flag: osflag, appendMode: osflag&os.O_APPEND != 0}
	if f.Fifo() {
		gf.stopWait = context.AfterFunc(ctx, func() { f.SetDeadline(time.Now()) })
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, g.st.errno(err)
	}
	gf.dir = fi.IsDir()
	return sysFile(gf), 0
}

func (g *guestFS) Lstat(name string) (sys.Stat_t, experimentalsys.Errno) {
	if fd := stdioPath(abs(name)); fd >= 0 {
		return stdioStat(fd), 0
	}
	fi, err := g.fs.Lstat(abs(name))
	if err != nil {
		return sys.Stat_t{}, g.st.errno(err)
	}
	return statOf(fi), 0
}

func (g *guestFS) Stat(name string) (sys.Stat_t, experimentalsys.Errno) {
	if fd := stdioPath(abs(name)); fd >= 0 {
		return stdioStat(fd), 0
	}
	fi, err := g.fs.Stat(abs(name))
	if err != nil {
		return sys.Stat_t{}, g.st.errno(err)
	}
	return statOf(fi), 0
}

func (g *guestFS) Mkdir(name string, perm fs.FileMode) experimentalsys.Errno {
	return g.st.errno(g.fs.Mkdir(abs(name), 0o777&^g.umask))
}

func (g *guestFS) Chmod(name string, perm fs.FileMode) experimentalsys.Errno {
	return g.st.errno(g.fs.Chmod(abs(name), perm))
}

func (g *guestFS) Rename(from, to string) experimentalsys.Errno {
	return g.st.errno(g.fs.Rename(abs(from), abs(to)))
}

// Rmdir removes an empty directory; unlike memfs.Remove it refuses files.
func (g *guestFS) Rmdir(name string) experimentalsys.Errno {
	p := abs(name)
	fi, err := g.fs.Lstat(p)
	if err != nil {
		return g.st.errno(err)
	}
	if !fi.IsDir() {
		return experimentalsys.ENOTDIR
	}
	return g.st.errno(g.fs.Remove(p))
}

// Unlink removes a non-directory; unlike memfs.Remove it refuses directories.
func (g *guestFS) Unlink(name string) experimentalsys.Errno {
	p := abs(name)
	fi, err := g.fs.Lstat(p)
	if err != nil {
		return g.st.errno(err)
	}
	if fi.IsDir() {
		return experimentalsys.EISDIR
	}
	return g.st.errno(g.fs.Remove(p))
}

func (g *guestFS) Link(oldName, newName string) experimentalsys.Errno {
	return g.st.errno(g.fs.Link(abs(oldName), abs(newName)))
}

// Symlink keeps the target as the guest wrote it: a relative target stays
// relative to the link's directory.
// Symlink copies target: wazero's path_symlink hands it over as a string
// over the guest's memory (unsafe.String), which the guest reuses, so a
// link kept as given would later point wherever that memory says.
func (g *guestFS) Symlink(target, linkName string) experimentalsys.Errno {
	return g.st.errno(g.fs.Symlink(strings.Clone(target), abs(linkName)))
}

func (g *guestFS) Readlink(name string) (string, experimentalsys.Errno) {
	s, err := g.fs.Readlink(abs(name))
	if err != nil {
		return "", g.st.errno(err)
	}
	return s, 0
}

func (g *guestFS) Utimens(name string, atim, mtim int64) experimentalsys.Errno {
	p := abs(name)
	a, m, errno := g.times(p, atim, mtim)
	if errno != 0 {
		return errno
	}
	return g.st.errno(g.fs.Chtimes(p, a, m))
}

// times resolves UTIME_OMIT against the file's current times.
func (g *guestFS) times(p string, atim, mtim int64) (time.Time, time.Time, experimentalsys.Errno) {
	if atim != experimentalsys.UTIME_OMIT && mtim != experimentalsys.UTIME_OMIT {
		return time.Unix(0, atim), time.Unix(0, mtim), 0
	}
	fi, err := g.fs.Stat(p)
	if err != nil {
		return time.Time{}, time.Time{}, g.st.errno(err)
	}
	st := statOf(fi)
	if atim == experimentalsys.UTIME_OMIT {
		atim = st.Atim
	}
	if mtim == experimentalsys.UTIME_OMIT {
		mtim = st.Mtim
	}
	return time.Unix(0, atim), time.Unix(0, mtim), 0
}

// statOf converts a memfs FileInfo (whose Sys is a *syscall.Stat_t) to
// wazero's Stat_t.
func statOf(fi fs.FileInfo) sys.Stat_t {
	st := sys.Stat_t{Mode: fi.Mode(), Size: fi.Size(), Nlink: 1}
	mt := fi.ModTime().UnixNano()
	st.Atim, st.Mtim, st.Ctim = mt, mt, mt
	if s, ok := fi.Sys().(*syscall.Stat_t); ok {
		st.Ino = s.Ino
		st.Dev = s.Dev
		if s.Nlink > 0 {
			st.Nlink = uint64(s.Nlink)
		}
		st.Atim = s.Atim.Nano()
		st.Mtim = s.Mtim.Nano()
		st.Ctim = s.Ctim.Nano()
	}
	return st
}

// guestFile is one open file description of a guest over a memfs file.
type guestFile struct {
	experimentalsys.UnimplementedFile
	st         *runState
	fs         *memfs.FS
	f          *memfs.File
	path       string
	flag       int
	dir        bool
	appendMode bool
	closed     bool
	stopWait   func() bool // a FIFO's: the run's end no longer cuts its reads short

	// dirents is the directory listing being handed out by Readdir; nil
	// until the first Readdir after open or a rewind.
	dirents []experimentalsys.Dirent
	listed  bool
}

// seekFile is a file whose Seek is spelled seek: see withSeek.
type seekFile interface {
	experimentalsys.File
	seek(offset int64, whence int) (int64, experimentalsys.Errno)
}

// withSeek gives a seekFile wazero's Seek method. It is generic only
// because go vet's stdmethods check insists that any method named Seek
// taking an int64 return error like io.Seeker; wazero's returns an Errno,
// and vet cannot see through a type parameter.
type withSeek[O int64] struct{ seekFile }

func (f withSeek[O]) Seek(offset O, whence int) (int64, experimentalsys.Errno) {
	return f.seekFile.seek(int64(offset), whence)
}

// sysFile wraps f for wazero.
func sysFile(f seekFile) experimentalsys.File { return withSeek[int64]{f} }

func (f *guestFile) Dev() (uint64, experimentalsys.Errno) {
	st, errno := f.Stat()
	return st.Dev, errno
}

func (f *guestFile) Ino() (sys.Inode, experimentalsys.Errno) {
	st, errno := f.Stat()
	return st.Ino, errno
}

func (f *guestFile) IsDir() (bool, experimentalsys.Errno) {
	if f.closed {
		return false, experimentalsys.EBADF
	}
	return f.dir, 0
}

func (f *guestFile) IsAppend() bool { return f.appendMode }

// SetAppend reopens the file with or without O_APPEND at the same offset,
// since memfs fixes the append flag at open time.
func (f *guestFile) SetAppend(enable bool) experimentalsys.Errno {
	if f.closed {
		return experimentalsys.EBADF
	}
	if f.dir {
		return experimentalsys.EISDIR
	}
	if enable == f.appendMode {
		return 0
	}
	off, err := f.f.Seek(0, io.SeekCurrent)
	if err != nil {
		return f.st.errno(err)
	}
	flag := f.flag &^ (os.O_CREATE | os.O_EXCL | os.O_TRUNC | os.O_APPEND)
	if enable {
		flag |= os.O_APPEND
	}
	nf, err := f.fs.OpenFile(f.path, flag, 0)
	if err != nil {
		return f.st.errno(err)
	}
	if _, err := nf.Seek(off, io.SeekStart); err != nil {
		nf.Close()
		return f.st.errno(err)
	}
	f.f.Close()
	f.f, f.flag, f.appendMode = nf, flag, enable
	return 0
}

func (f *guestFile) Stat() (sys.Stat_t, experimentalsys.Errno) {
	if f.closed {
		return sys.Stat_t{}, experimentalsys.EBADF
	}
	fi, err := f.f.Stat()
	if err != nil {
		return sys.Stat_t{}, f.st.errno(err)
	}
	return statOf(fi), 0
}

func (f *guestFile) Read(buf []byte) (int, experimentalsys.Errno) {
	if f.closed {
		return 0, experimentalsys.EBADF
	}
	if f.dir {
		return 0, experimentalsys.EISDIR
	}
	if len(buf) == 0 {
		return 0, 0
	}
	n, err := f.f.Read(buf)
	return n, f.st.errno(err)
}

func (f *guestFile) Pread(buf []byte, off int64) (int, experimentalsys.Errno) {
	if f.closed {
		return 0, experimentalsys.EBADF
	}
	if f.dir {
		return 0, experimentalsys.EISDIR
	}
	if off < 0 {
		return 0, experimentalsys.EINVAL
	}
	if len(buf) == 0 {
		return 0, 0
	}
	n, err := f.f.ReadAt(buf, off)
	return n, f.st.errno(err)
}

func (f *guestFile) seek(offset int64, whence int) (int64, experimentalsys.Errno) {
	if f.closed {
		return 0, experimentalsys.EBADF
	}
	if f.dir {
		if offset != 0 || whence != io.SeekStart {
			return 0, experimentalsys.EINVAL
		}
		f.dirents, f.listed = nil, false
		return 0, 0
	}
	n, err := f.f.Seek(offset, whence)
	return n, f.st.errno(err)
}

// Readdir hands out the directory's entries n at a time, from one listing
// taken at the first call after open or rewind (wazero adds "." and "..").
func (f *guestFile) Readdir(n int) ([]experimentalsys.Dirent, experimentalsys.Errno) {
	if f.closed || !f.dir {
		return nil, experimentalsys.EBADF
	}
	if !f.listed {
		ents, err := f.fs.ReadDir(f.path)
		if err != nil {
			return nil, f.st.errno(err)
		}
		f.dirents = make([]experimentalsys.Dirent, 0, len(ents))
		for _, e := range ents {
			d := experimentalsys.Dirent{Name: e.Name(), Type: e.Type()}
			if fi, err := e.Info(); err == nil {
				if s, ok := fi.Sys().(*syscall.Stat_t); ok {
					d.Ino = s.Ino
				}
			}
			f.dirents = append(f.dirents, d)
		}
		f.listed = true
	}
	if n <= 0 || n > len(f.dirents) {
		n = len(f.dirents)
	}
	out := f.dirents[:n:n]
	f.dirents = f.dirents[n:]
	return out, 0
}

func (f *guestFile) Write(buf []byte) (int, experimentalsys.Errno) {
	if f.closed {
		return 0, experimentalsys.EBADF
	}
	if f.dir {
		return 0, experimentalsys.EISDIR
	}
	if len(buf) == 0 {
		// A zero-byte write changes nothing, not even past EOF.
		return 0, 0
	}
	n, err := f.f.Write(buf)
	return n, f.st.errno(err)
}

func (f *guestFile) Pwrite(buf []byte, off int64) (int, experimentalsys.Errno) {
	if f.closed {
		return 0, experimentalsys.EBADF
	}
	if f.dir {
		return 0, experimentalsys.EISDIR
	}
	if off < 0 {
		return 0, experimentalsys.EINVAL
	}
	if len(buf) == 0 {
		return 0, 0
	}
	n, err := f.f.WriteAt(buf, off)
	return n, f.st.errno(err)
}

func (f *guestFile) Truncate(size int64) experimentalsys.Errno {
	if f.closed {
		return experimentalsys.EBADF
	}
	if f.dir {
		return experimentalsys.EISDIR
	}
	if size < 0 {
		return experimentalsys.EINVAL
	}
	return f.st.errno(f.f.Truncate(size))
}

func (f *guestFile) Sync() experimentalsys.Errno {
	if f.closed {
		return experimentalsys.EBADF
	}
	return 0
}

func (f *guestFile) Datasync() experimentalsys.Errno { return f.Sync() }

func (f *guestFile) Utimens(atim, mtim int64) experimentalsys.Errno {
	if f.closed {
		return experimentalsys.EBADF
	}
	g := guestFS{fs: f.fs, st: f.st}
	a, m, errno := g.times(f.path, atim, mtim)
	if errno != 0 {
		return errno
	}
	return f.st.errno(f.fs.Chtimes(f.path, a, m))
}

func (f *guestFile) Close() experimentalsys.Errno {
	if f.closed {
		return 0
	}
	f.closed = true
	if f.stopWait != nil {
		f.stopWait()
	}
	return f.st.errno(f.f.Close())
}
