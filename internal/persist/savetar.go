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

// SaveTar writes the tree under root to the host file path with
// memfs's atomic writer (memfs.FS.SaveTar: a temporary file renamed into
// place, a path that is not a regular file refused, an existing file's
// mode kept). A leading "~/" is the user's host home directory, as at the
// save prompt.
func SaveTar(fsys *memfs.FS, root, path string) error {
	if fsys == nil {
		return errors.New("no filesystem to save")
	}
	path, err := expandHome(path)
	if err != nil {
		return err
	}
	return fsys.SaveTar(path, root)
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
