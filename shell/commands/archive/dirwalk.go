package archive

import (
	"errors"
	"io/fs"
	"strings"
	"syscall"

	"memsh/memfs"
)

// dirWalk finds the directory a member goes in by directory handles, as
// the kernel's openat does, so a member of any depth (paths longer than
// PATH_MAX included) is extracted. It keeps a handle on each directory
// from "/" down to the last member's parent; members come in tree order,
// so most share that parent or go one level down or up, and a member
// costs a comparison of its name with the last one and a lookup of the
// components that differ, never a walk of its whole path. An archive
// therefore extracts in time linear in its size.
//
// The cache stays valid because a member changes only its own entry,
// and the cache holds only the directories above it.
type dirWalk struct {
	// path holds handles on "/" and on each directory down to the last
	// member's parent.
	path *memfs.DirPath
	// made holds the symlinks this extraction made (paths relative to
	// "/"), which a later member never goes through: GNU tar and unzip
	// make symlinks last, over a placeholder file, so a member below one
	// meets "Not a directory" and an archive cannot plant `l -> /etc`
	// and then write `l/passwd`.
	made map[string]bool
	// perm is the mode of the missing directories it creates.
	perm fs.FileMode
}

// madeLinkError is the error for a member below a symlink the
// extraction made, at rel (relative to "/"): GNU tar reports it as
// ENOTDIR, unzip names the link.
type madeLinkError struct{ rel string }

func (e *madeLinkError) Error() string { return "/" + e.rel + ": below an extracted symlink" }

func newDirWalk(fsys *memfs.FS, perm fs.FileMode, made map[string]bool) (*dirWalk, error) {
	root, err := fsys.OpenDir("/")
	if err != nil {
		return nil, err
	}
	return &dirWalk{path: memfs.NewDirPath(root), made: made, perm: perm}, nil
}

// splitAbs splits the clean absolute path p into its parent directory
// relative to "/" and its last component ("" for "/" itself).
func splitAbs(p string) (rel, dir, base string) {
	rel = strings.TrimPrefix(p, "/")
	i := strings.LastIndexByte(rel, '/')
	if i < 0 {
		return rel, "", rel
	}
	return rel, rel[:i], rel[i+1:]
}

// parent returns a handle on dir (relative to "/"), creating missing
// directories when create is set, as tar and unzip create the
// directories above a member the archive does not hold. Existing
// symlinks on the way are followed, except those made by this
// extraction (madeLinkError).
func (w *dirWalk) parent(dir string, create bool) (*memfs.Dir, error) {
	return w.path.Open(dir, func(at *memfs.Dir, c, done string) (*memfs.Dir, error) {
		return w.step(at, c, done, create)
	})
}

// lookup returns a handle on dir (relative to "/") without creating
// anything or disturbing the cache, for a hard link's target.
func (w *dirWalk) lookup(dir string) (*memfs.Dir, error) {
	at := w.path.Root()
	for pos := 0; pos < len(dir); {
		end := strings.IndexByte(dir[pos:], '/')
		if end < 0 {
			end = len(dir)
		} else {
			end += pos
		}
		d, err := w.step(at, dir[pos:end], dir[:end], false)
		if err != nil {
			return nil, err
		}
		at, pos = d, end+1
	}
	return at, nil
}

// step opens the component c of at, whose path relative to "/" is done.
func (w *dirWalk) step(at *memfs.Dir, c, done string, create bool) (*memfs.Dir, error) {
	if len(w.made) > 0 {
		if st, err := at.StatAt(c, false); err == nil && st.Mode()&fs.ModeSymlink != 0 && w.made[done] {
			return nil, &madeLinkError{done}
		}
	}
	d, err := at.OpenDir(c, true)
	if errors.Is(err, fs.ErrNotExist) && create {
		// a copy: the new entry keeps its name, which must not pin the
		// member's whole path
		if at.Mkdir(strings.Clone(c), w.perm) == nil {
			d, err = at.OpenDir(c, true)
		}
	}
	return d, err
}

// walkErrno is the error to report for a failed parent or lookup.
func walkErrno(err error) error {
	var ml *madeLinkError
	if errors.As(err, &ml) {
		return syscall.ENOTDIR
	}
	return err
}
