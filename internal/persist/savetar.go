// Package persist writes the sandbox's filesystem to the host and reads it
// back: one atomic tar writer (SaveTar) used by --save, the TUI's save
// prompt and sessions, and the named sessions kept in the user's data
// directory (Store).
//
// Nothing here runs inside the sandbox: the paths are host paths chosen by
// the user or by memsh, never by a script.
package persist

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"memsh/memfs"
)

// SaveTar writes the tree under root (memfs.ExportTar: member names
// relative to root, "./" first) to the host file path, atomically: the
// archive goes to a temporary file in the same directory, is synced and
// only then renamed over path, so a crash, a full disk or a kill leaves
// either the old file or the new one, never half of one. An existing path
// must be a regular file (a directory, a device, a FIFO or a symlink to
// one is refused, as writing through it would not be atomic); its
// permissions are kept, a new file gets 0644 less the umask.
// A leading "~/" is the user's host home directory.
func SaveTar(fsys *memfs.FS, root, path string) error {
	if fsys == nil {
		return errors.New("no filesystem to save")
	}
	path, err := expandHome(path)
	if err != nil {
		return err
	}
	perm, keep := fs.FileMode(0o644), false
	if st, err := os.Stat(path); err == nil {
		if !st.Mode().IsRegular() {
			return fmt.Errorf("%s: not a regular file", path)
		}
		perm, keep = st.Mode().Perm(), true
		// Rename replaces a symlink, not its target: write the target.
		if real, err := filepath.EvalSymlinks(path); err == nil {
			path = real
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	tmp, err := createTemp(path, perm)
	if err != nil {
		return err
	}
	name := tmp.Name()
	err = fsys.ExportTar(tmp, root)
	if err == nil && keep {
		err = tmp.Chmod(perm)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(name, path)
	}
	if err != nil {
		os.Remove(name)
		return err
	}
	syncDir(filepath.Dir(path))
	return nil
}

// createTemp creates a new file next to path with perm less the umask
// (os.CreateTemp would make it 0600 whatever the user's umask says).
func createTemp(path string, perm fs.FileMode) (*os.File, error) {
	for try := 0; ; try++ {
		name := fmt.Sprintf("%s/.%s.tmp-%d-%d", filepath.Dir(path), filepath.Base(path), os.Getpid(), rand.Uint32())
		f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) && try < 100 {
			continue
		}
		return f, err
	}
}

// expandHome turns a leading "~/" into the host user's home directory,
// as a shell would for a path typed at the save prompt.
func expandHome(path string) (string, error) {
	rest, ok := strings.CutPrefix(path, "~/")
	if !ok {
		return path, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, rest), nil
}

// syncDir makes a rename durable. Failing to is not an error: the rename
// itself happened, only its durability across a power cut is less sure.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
