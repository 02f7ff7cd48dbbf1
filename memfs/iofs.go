package memfs

import (
	"io/fs"
	"path"
)

// IOFS returns a read-only io/fs view of the tree under dir (following
// symlinks, as os.DirFS does). It implements fs.StatFS, fs.ReadDirFS
// fs.ReadFileFS and fs.ReadLinkFS, and passes testing/fstest.TestFS.
func (f *FS) IOFS(dir string) fs.FS { return ioFS{f, path.Clean("/" + dir)} }

type ioFS struct {
	f   *FS
	dir string
}

func (x ioFS) name(op, name string) (string, error) {
	if !fs.ValidPath(name) {
		return "", &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	return path.Join(x.dir, name), nil
}

// rename gives errors the name the caller used, as io/fs requires.
func rename(err error, name string) error {
	if pe, ok := err.(*fs.PathError); ok {
		pe.Path = name
	}
	return err
}

func (x ioFS) Open(name string) (fs.File, error) {
	p, err := x.name("open", name)
	if err != nil {
		return nil, err
	}
	fl, err := x.f.Open(p)
	if err != nil {
		return nil, rename(err, name)
	}
	return ioFile{fl, name}, nil
}

func (x ioFS) Stat(name string) (fs.FileInfo, error) {
	p, err := x.name("stat", name)
	if err != nil {
		return nil, err
	}
	fi, err := x.f.Stat(p)
	if err != nil {
		return nil, rename(err, name)
	}
	if name == "." {
		fi.(*fileInfo).name = "."
	}
	return fi, nil
}

func (x ioFS) ReadDir(name string) ([]fs.DirEntry, error) {
	p, err := x.name("readdir", name)
	if err != nil {
		return nil, err
	}
	ents, err := x.f.ReadDir(p)
	return ents, rename(err, name)
}

func (x ioFS) ReadFile(name string) ([]byte, error) {
	p, err := x.name("readfile", name)
	if err != nil {
		return nil, err
	}
	b, err := x.f.ReadFile(p)
	return b, rename(err, name)
}

func (x ioFS) ReadLink(name string) (string, error) {
	p, err := x.name("readlink", name)
	if err != nil {
		return "", err
	}
	t, err := x.f.Readlink(p)
	return t, rename(err, name)
}

func (x ioFS) Lstat(name string) (fs.FileInfo, error) {
	p, err := x.name("lstat", name)
	if err != nil {
		return nil, err
	}
	fi, err := x.f.Lstat(p)
	if err != nil {
		return nil, rename(err, name)
	}
	if name == "." {
		fi.(*fileInfo).name = "."
	}
	return fi, nil
}

// ioFile names itself as io/fs expects ("." for the root, the base name otherwise).
type ioFile struct {
	*File
	name string
}

func (fl ioFile) Stat() (fs.FileInfo, error) {
	fi, err := fl.File.Stat()
	if err == nil {
		fi.(*fileInfo).name = path.Base(fl.name)
	}
	return fi, err
}
