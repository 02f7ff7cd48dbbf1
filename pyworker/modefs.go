package pyworker

import (
	"io/fs"
	"path"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"github.com/tetratelabs/wazero/sys"

	"memsh/memfs"
)

// modeDir is the name of modeFS's mount in the site directory
// (pyLayout.modePath), which only python has, a name no import looks for.
const modeDir = "memsh-mode"

// modeFS carries what WASI preview1 has no call for: a file's permission
// bits, and chmod. WASI's filestat holds a file type but no mode, so
// CPython's os.stat reports 0o100000 for every file; memsh's sitecustomize
// wraps os.stat and os.lstat to ask modeFS, and os.chmod to tell it.
//
// modeFS mirrors memfs's tree: path P in it names /P in memfs. Stat and
// Lstat answer a regular file whose size is /P's mode bits as Linux numbers
// them (0o7777: permissions, setuid, setgid, sticky); Utimens of P sets
// /P's mode to its mtime. Errors are memfs's, as for the real path.
type modeFS struct {
	*roFS // an empty directory: what wazero opens as the mount's root
	fs    *memfs.FS
}

// newModeFS returns the modeFS over fsys.
func newModeFS(fsys *memfs.FS) modeFS {
	root := newROFS(modeDev)
	root.seal()
	return modeFS{roFS: root, fs: fsys}
}

func (m modeFS) OpenFile(name string, flag experimentalsys.Oflag, perm fs.FileMode) (experimentalsys.File, experimentalsys.Errno) {
	if memfsPath(name) != "/" {
		return nil, experimentalsys.ENOENT // only Stat, Lstat and Utimens mirror memfs
	}
	return m.roFS.OpenFile(name, flag, perm)
}

func (m modeFS) Stat(name string) (sys.Stat_t, experimentalsys.Errno) {
	return modeStat(m.fs.Stat(memfsPath(name)))
}

func (m modeFS) Lstat(name string) (sys.Stat_t, experimentalsys.Errno) {
	return modeStat(m.fs.Lstat(memfsPath(name)))
}

func (m modeFS) Utimens(name string, _, mtim int64) experimentalsys.Errno {
	if mtim < 0 || mtim > 0o7777 {
		return experimentalsys.EINVAL
	}
	return toErrno(m.fs.Chmod(memfsPath(name), goMode(uint32(mtim))))
}

func memfsPath(name string) string { return path.Clean("/" + rawPath(name)) }

func modeStat(fi fs.FileInfo, err error) (sys.Stat_t, experimentalsys.Errno) {
	if err != nil {
		return sys.Stat_t{}, toErrno(err)
	}
	return sys.Stat_t{Mode: 0o444, Nlink: 1, Size: int64(linuxMode(fi.Mode()))}, 0
}

// linuxMode is the low 12 bits of Linux's st_mode for m.
func linuxMode(m fs.FileMode) uint32 {
	b := uint32(m.Perm())
	if m&fs.ModeSetuid != 0 {
		b |= 0o4000
	}
	if m&fs.ModeSetgid != 0 {
		b |= 0o2000
	}
	if m&fs.ModeSticky != 0 {
		b |= 0o1000
	}
	return b
}

// goMode is the fs.FileMode for Linux's mode bits b (0o7777).
func goMode(b uint32) fs.FileMode {
	m := fs.FileMode(b & 0o777)
	if b&0o4000 != 0 {
		m |= fs.ModeSetuid
	}
	if b&0o2000 != 0 {
		m |= fs.ModeSetgid
	}
	if b&0o1000 != 0 {
		m |= fs.ModeSticky
	}
	return m
}
