package memfs

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// SaveTar writes the tree under root to the host file path as a tar
// archive (ExportTar), atomically: the archive is written to a temporary
// file in path's directory, flushed to disk and renamed over path only
// when complete, so path holds either its old content or the whole new
// archive. The temporary file is removed on every error.
//
// path must be absent or a regular file: a symlink, a directory, a device
// or a FIFO is refused (renaming over it would replace the link or the
// device node with a regular file). An existing file keeps its
// permission bits; a new one gets 0666 less the process's umask, as a
// file tar creates does.
//
// # Notes
//
// The caller makes sure a signal does not end the process while SaveTar
// runs (memsh catches SIGINT, SIGTERM and SIGHUP for the whole run), or a
// temporary ".memsh-save-*.tar" can be left behind.
func (f *FS) SaveTar(path, root string) error {
	perm := fs.FileMode(0o666) &^ processUmask()
	switch fi, err := os.Lstat(path); {
	case err == nil && !fi.Mode().IsRegular():
		return fmt.Errorf("%s: not a regular file (%s)", path, kindName(fi.Mode()))
	case err == nil:
		perm = fi.Mode().Perm()
	case !os.IsNotExist(err):
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".memsh-save-*.tar")
	if err != nil {
		return err
	}
	err = f.ExportTar(tmp, root)
	if err == nil {
		err = tmp.Chmod(perm)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// processUmask is the process's file-creation mask. Reading it means
// setting it: it is set back at once.
func processUmask() fs.FileMode {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return fs.FileMode(m)
}

// kindName names a file type for SaveTar's refusal.
func kindName(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}
