package memfs

import (
	"io/fs"
	"strings"
	"syscall"
	"time"
)

// statDev is the st_dev every memfs inode reports.
const statDev = 0x2b

// fileInfo is a snapshot of an inode's metadata, taken under its lock.
type fileInfo struct {
	name  string
	size  int64
	mode  fs.FileMode
	mtime time.Time
	st    syscall.Stat_t
}

func (fi *fileInfo) Name() string       { return fi.name }
func (fi *fileInfo) Size() int64        { return fi.size }
func (fi *fileInfo) Mode() fs.FileMode  { return fi.mode }
func (fi *fileInfo) ModTime() time.Time { return fi.mtime }
func (fi *fileInfo) IsDir() bool        { return fi.mode.IsDir() }

// Sys returns a *syscall.Stat_t, as os.FileInfo does on Linux.
func (fi *fileInfo) Sys() any { return &fi.st }

// setInt assigns v to a stat field whatever its width on this GOARCH.
func setInt[T ~int32 | ~int64 | ~uint32 | ~uint64](dst *T, v int64) { *dst = T(v) }

// info snapshots n's metadata under the name given.
func (n *inode) info(name string) *fileInfo {
	n.mu.RLock()
	defer n.mu.RUnlock()
	fi := &fileInfo{name: name, mode: n.mode(), mtime: time.Unix(0, n.mtime)}
	var blocks int64
	switch {
	case n.isReg():
		fi.size = n.size
		// As ext4 reports a file written without holes: its size in
		// 4 KiB blocks. Capacity (up to twice the size while a file
		// grows) is memsh's own bookkeeping, reported by Snapshot and
		// Usage; du and ls -s must agree with Linux.
		blocks = (n.size + 4095) / 4096 * 8
	case n.isDir():
		fi.size = 4096
		blocks = 8
	case n.isSymlink():
		fi.size = int64(len(n.target))
	}
	st := &fi.st
	st.Dev = statDev
	st.Ino = n.ino
	setInt(&st.Nlink, int64(n.nlink))
	st.Mode = sysMode(fi.mode)
	st.Uid = uint32(n.uid)
	st.Gid = uint32(n.gid)
	if n.dev != devNone {
		st.Rdev = devRdev[n.dev]
	}
	st.Size = fi.size
	setInt(&st.Blksize, 4096)
	setInt(&st.Blocks, blocks)
	st.Atim = syscall.NsecToTimespec(n.atime.Load())
	st.Mtim = syscall.NsecToTimespec(n.mtime)
	st.Ctim = syscall.NsecToTimespec(n.ctime)
	return fi
}

// baseName is the name os.Stat reports for a path: its last element,
// trailing slashes dropped; "/" for the root.
func baseName(name string) string {
	name = strings.TrimRight(name, "/")
	if name == "" {
		return "/"
	}
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	return name
}

// dirEntry is one fs.DirEntry of a ReadDir listing.
type dirEntry struct {
	name string
	n    *inode
}

func (d *dirEntry) Name() string               { return d.name }
func (d *dirEntry) IsDir() bool                { return d.n.isDir() }
func (d *dirEntry) Type() fs.FileMode          { return d.n.typ }
func (d *dirEntry) Info() (fs.FileInfo, error) { return d.n.info(d.name), nil }
func (d *dirEntry) String() string             { return fs.FormatDirEntry(d) }
