package memfs

import (
	"archive/tar"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

// exportItem is one inode to archive, found under the tree lock and
// written without it. Its path is its parent's (the last item one level
// up, the items being in depth-first order) plus name, so a deep chain
// costs memory in its number of entries, not in the sum of its paths'
// lengths.
type exportItem struct {
	name  string
	depth int // 0 for the root of the export
	n     *inode
}

// collect appends d's subtree in path order, depth first, with a stack
// of its own (a 100,000-level chain would not fit the goroutine's).
// Caller holds f.mu.
func (f *FS) collect(items *[]exportItem, d *inode) syscall.Errno {
	type frame struct {
		d     *inode
		names []string
		depth int
	}
	stack := []frame{}
	push := func(d *inode, depth int) syscall.Errno {
		if e := f.needLoad(d); e != 0 {
			return e
		}
		names := make([]string, 0, len(d.children))
		for name := range d.children {
			names = append(names, name)
		}
		slices.Sort(names)
		stack = append(stack, frame{d, names, depth})
		return 0
	}
	if e := push(d, 0); e != 0 {
		return e
	}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if len(top.names) == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		name := top.names[0]
		top.names = top.names[1:]
		c, depth := top.d.children[name], top.depth+1
		*items = append(*items, exportItem{name, depth, c})
		if c.isDir() {
			if e := push(c, depth); e != 0 {
				return e
			}
		}
	}
	return 0
}

func (f *FS) exportTar(w io.Writer, root string) error {
	var items []exportItem
	e := f.read(func() syscall.Errno {
		items = items[:0]
		lk, e := f.walk(root, true)
		if e != 0 {
			return e
		}
		if lk.node == nil {
			return syscall.ENOENT
		}
		if !lk.node.isDir() {
			items = append(items, exportItem{baseName(root), 1, lk.node})
			return 0
		}
		items = append(items, exportItem{"", 0, lk.node}) // "./", as tar -C root . writes
		return f.collect(&items, lk.node)
	})
	if e != 0 {
		return pathErr("exporttar", root, e)
	}
	tw := tar.NewWriter(w)
	first := map[*inode]string{} // hard links point at the first name archived
	bp := copyBufs.Get().(*[]byte)
	defer copyBufs.Put(bp)
	var rel []byte   // the item's path
	ends := []int{0} // ends[k]: the length of the path at depth k
	for _, it := range items {
		rel = rel[:ends[it.depth-min(it.depth, 1)]]
		if it.depth > 1 {
			rel = append(rel, '/')
		}
		rel = append(rel, it.name...)
		ends = append(ends[:min(it.depth, len(ends))], len(rel))
		n := it.n
		if n.dev != devNone || n.pipe != nil && path.Dir(path.Join(root, string(rel))) == "/dev/fd" {
			continue // the device nodes are memfs's own, made by New; /dev/fd's FIFOs are the shell's, for one command
		}
		n.mu.RLock()
		fromHost := n.host != nil && n.isReg() && !n.host.dataLoaded
		hdr := &tar.Header{
			Name:       string(rel),
			Mode:       int64(sysMode(n.mode()) & 0o7777),
			Uid:        n.uid,
			Gid:        n.gid,
			ModTime:    time.Unix(0, n.mtime),
			AccessTime: time.Unix(0, n.atime.Load()),
			ChangeTime: time.Unix(0, n.ctime),
			Format:     tar.FormatPAX,
		}
		size, nlink := n.size, n.nlink
		n.mu.RUnlock()
		switch {
		case n.isDir() && it.depth == 0:
			hdr.Typeflag, hdr.Name = tar.TypeDir, "./"
		case n.isDir():
			hdr.Typeflag, hdr.Name = tar.TypeDir, hdr.Name+"/"
		case n.isSymlink():
			hdr.Typeflag, hdr.Linkname = tar.TypeSymlink, n.target
		case n.pipe != nil:
			hdr.Typeflag = tar.TypeFifo
		case nlink > 1 && first[n] != "":
			hdr.Typeflag, hdr.Linkname = tar.TypeLink, first[n]
		default:
			hdr.Typeflag, hdr.Size = tar.TypeReg, size
			if nlink > 1 {
				first[n] = hdr.Name
			}
		}
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		if hdr.Typeflag == tar.TypeReg {
			var err error
			if fromHost {
				err = writeHostContent(tw, n.host, size, *bp)
			} else {
				err = writeContent(tw, n, size, *bp)
			}
			if err != nil {
				return err
			}
		}
	}
	return tw.Close()
}

// writeContent writes exactly size bytes of n in chunks, holding n's lock
// only while a chunk is copied. A file that shrank meanwhile is padded
// with zeros; one that grew is cut at size (the header is already out).
func writeContent(w io.Writer, n *inode, size int64, buf []byte) error {
	for off := int64(0); off < size; {
		chunk := buf[:min(int64(len(buf)), size-off)]
		n.mu.RLock()
		k := readAtLocked(n, chunk, off)
		n.mu.RUnlock()
		clear(chunk[k:])
		if _, err := w.Write(chunk); err != nil {
			return err
		}
		off += int64(len(chunk))
	}
	return nil
}

// writeHostContent streams an unmodified mounted file from the host
// without loading it into memory (so saving a tree with a large mount
// costs no memory and no limits), padding or cutting to size as
// writeContent does.
func writeHostContent(w io.Writer, h *hostNode, size int64, buf []byte) error {
	hf, err := openHostFile(h.m.host.OpenFile, h.path)
	if err != nil {
		return err
	}
	defer hf.Close()
	for off := int64(0); off < size; {
		chunk := buf[:min(int64(len(buf)), size-off)]
		k, err := io.ReadFull(hf, chunk)
		if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF {
			return err
		}
		clear(chunk[k:])
		if _, err := w.Write(chunk); err != nil {
			return err
		}
		off += int64(len(chunk))
	}
	return nil
}

// cleanMember turns an archive member name into a path relative to the
// destination, refusing any that climb out of it with "..". Leading "/"
// is dropped, as GNU tar does. A name already clean (as --save writes
// them, up to a trailing "/") is returned without copying.
func cleanMember(name string) (string, bool) {
	if t := strings.TrimSuffix(name, "/"); memberIsClean(t) {
		return t, true
	}
	var out []string
	for c := range strings.SplitSeq(name, "/") {
		switch c {
		case "", ".":
		case "..":
			return "", false
		default:
			out = append(out, c)
		}
	}
	return strings.Join(out, "/"), true
}

// memberIsClean says name has no empty, "." or ".." component.
func memberIsClean(name string) bool {
	if name == "" {
		return false
	}
	start := 0
	for i := 0; i <= len(name); i++ {
		if i < len(name) && name[i] != '/' {
			continue
		}
		if c := name[start:i]; c == "" || c == "." || c == ".." {
			return false
		}
		start = i + 1
	}
	return true
}

// errEscape is the error for an archive entry or link that would leave the destination.
var errEscape = errors.New("path escapes the destination")

// importer writes entries below dest, never through a symlink. It works
// by directory handles: it keeps one on each directory from dest down to
// the parent of the last entry, and entries come in tree order (as
// --save writes them), so most share that parent or go one level down
// or up: an entry costs a comparison of its name with the last one and a
// lookup of its last component, never a walk of its whole path, and a
// 100,000-level archive loads in time linear in its size.
type importer struct {
	f    *FS
	dest string
	dirs []dirTime
	// path holds handles on dest and on each directory down to the
	// parent of the last entry; every one was checked to be a real
	// directory.
	path *DirPath
}

// dirTime is a directory whose mode and times are set once it is full.
type dirTime struct {
	parent       *Dir
	name         string
	perm         fs.FileMode
	atime, mtime time.Time
}

func newImporter(f *FS, dest string) (*importer, error) {
	d, err := f.OpenDir(dest)
	if err != nil {
		return nil, err
	}
	return &importer{f: f, dest: dest, path: NewDirPath(d)}, nil
}

func (im *importer) join(rel string) string {
	if rel == "" {
		return im.dest
	}
	return path.Join(im.dest, rel)
}

// splitMember is rel's parent directory and last component.
func splitMember(rel string) (dir, base string) {
	i := strings.LastIndexByte(rel, '/')
	if i < 0 {
		return "", rel
	}
	return rel[:i], rel[i+1:]
}

// parent returns a handle on the directory dir (relative to dest),
// making sure every directory down to it exists below dest and is a
// real directory: an entry may not reach through a symlink another
// entry planted (the classic "link -> /", then "link/x" attack). With
// create missing directories are made. Only the components that differ
// from the last entry's parent are looked up.
func (im *importer) parent(dir string, create bool) (*Dir, error) {
	return im.path.Open(dir, func(at *Dir, c, done string) (*Dir, error) {
		d, err := at.OpenDir(c, false)
		if errors.Is(err, fs.ErrNotExist) && create {
			// a copy: the new entry keeps its name, which must not pin
			// the member's whole path
			if err = at.Mkdir(strings.Clone(c), 0o755); err == nil {
				d, err = at.OpenDir(c, false)
			}
		}
		if err != nil {
			if errors.Is(err, syscall.ENOTDIR) {
				return nil, &fs.PathError{Op: "import", Path: im.join(done), Err: syscall.ENOTDIR}
			}
			return nil, im.entryErr(err, done)
		}
		return d, nil
	})
}

// entryErr names the entry rel (relative to dest) in full in an error
// about it.
func (im *importer) entryErr(err error, rel string) error { return namedErr(err, im.join(rel)) }

// namedErr is err, a path error about a name relative to a directory
// handle, naming the full path p instead.
func namedErr(err error, p string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: p, Err: pe.Err}
	}
	return err
}

// clear removes a non-directory already at name in at so that the new
// entry replaces it instead of writing through it.
func (im *importer) clear(at *Dir, name string) error {
	fi, err := at.StatAt(name, false)
	if err != nil || fi.IsDir() {
		return nil
	}
	if fi.Mode()&fs.ModeDevice != 0 {
		return errKeepDevice
	}
	return at.Remove(name)
}

// errKeepDevice skips a member that would replace one of memfs's device
// nodes (/dev/null as a regular file): an archive can neither plant a
// device nor take one away.
var errKeepDevice = errors.New("memfs: a device node is kept")

// dir makes a directory the user can fill (its own mode is set at the end,
// as GNU tar does, so a read-only directory in the archive still gets its
// entries).
func (im *importer) dir(at *Dir, name string, perm fs.FileMode, atime, mtime time.Time) error {
	err := at.Mkdir(name, perm|0o700)
	if errors.Is(err, fs.ErrExist) {
		if fi, err1 := at.StatAt(name, false); err1 == nil && fi.IsDir() {
			err = at.Chmod(name, fi.Mode()|0o700)
		}
	}
	if err != nil {
		return err
	}
	im.dirs = append(im.dirs, dirTime{at, name, perm, atime, mtime})
	return nil
}

func (im *importer) file(at *Dir, name string, perm fs.FileMode, r io.Reader, atime, mtime time.Time) error {
	if err := im.clear(at, name); err != nil {
		return err
	}
	fl, err := at.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|syscall.O_NOFOLLOW, perm)
	if err != nil {
		return err
	}
	_, err = io.Copy(fl, r)
	if err1 := fl.Close(); err == nil {
		err = err1
	}
	if err == nil {
		err = at.Chmod(name, perm)
	}
	if err == nil {
		err = at.Chtimes(name, atime, mtime, true)
	}
	return err
}

// finish sets directory modes and times last, deepest first, since
// filling a directory changes its mtime.
func (im *importer) finish() error {
	for _, d := range slices.Backward(im.dirs) {
		if err := d.parent.Chmod(d.name, d.perm); err != nil {
			return err
		}
		if err := d.parent.Chtimes(d.name, d.atime, d.mtime, true); err != nil {
			return err
		}
	}
	return nil
}

// tarPerm converts a tar header mode to fs.FileMode permission bits.
func tarPerm(mode int64) fs.FileMode {
	m := fs.FileMode(mode & 0o777)
	if mode&0o4000 != 0 {
		m |= fs.ModeSetuid
	}
	if mode&0o2000 != 0 {
		m |= fs.ModeSetgid
	}
	if mode&0o1000 != 0 {
		m |= fs.ModeSticky
	}
	return m
}

func (f *FS) importTar(r io.Reader, dest string) error {
	if err := f.MkdirAll(dest, 0o755); err != nil {
		return err
	}
	f.longPaths.Store(true)
	defer f.longPaths.Store(false)
	im, err := newImporter(f, dest)
	if err != nil {
		return err
	}
	tr := tar.NewReader(r)
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("memfs: import tar into %s: %w", dest, err)
		}
		rel, ok := cleanMember(hdr.Name)
		if !ok {
			return fmt.Errorf("memfs: import tar into %s: entry %q: %w", dest, hdr.Name, errEscape)
		}
		dir, name := splitMember(rel)
		// a copy: the entry made keeps its name, which must not pin the
		// member's whole path (up to 200,000 bytes in a deep chain)
		name = strings.Clone(name)
		if name == "" {
			name = "." // the destination itself
		}
		at, err := im.parent(dir, true)
		if err != nil {
			return err
		}
		perm := tarPerm(hdr.Mode)
		switch hdr.Typeflag {
		case tar.TypeDir:
			err = im.dir(at, name, perm, hdr.AccessTime, hdr.ModTime)
		case tar.TypeReg, tar.TypeRegA:
			err = im.file(at, name, perm, tr, hdr.AccessTime, hdr.ModTime)
		case tar.TypeSymlink:
			if err = im.clear(at, name); err == nil {
				err = at.Symlink(hdr.Linkname, name)
			}
			if err == nil {
				err = at.Chtimes(name, hdr.AccessTime, hdr.ModTime, false)
			}
		case tar.TypeLink:
			target, ok := cleanMember(hdr.Linkname)
			if !ok || target == "" {
				return fmt.Errorf("memfs: import tar into %s: hard link %q to %q: %w", dest, hdr.Name, hdr.Linkname, errEscape)
			}
			tdir, tname := splitMember(target)
			var tat *Dir
			if tat, err = im.parent(tdir, false); err != nil {
				return err
			}
			if err = im.clear(at, name); err == nil {
				err = tat.Link(tname, at, name)
			}
		case tar.TypeFifo:
			if err = im.clear(at, name); err == nil {
				err = at.Mkfifo(name, perm)
			}
			if err == nil {
				err = at.Chtimes(name, hdr.AccessTime, hdr.ModTime, false)
			}
		default:
			continue // devices: memfs has only its own device nodes
		}
		if err == errKeepDevice {
			continue
		}
		if err != nil {
			return im.entryErr(err, rel)
		}
		// owners are kept only where chown is allowed (as GNU tar run by root)
		if hdr.Typeflag != tar.TypeLink && hdr.Typeflag != tar.TypeSymlink && !f.checking() {
			if err := at.Chown(name, hdr.Uid, hdr.Gid, true); err != nil {
				return im.entryErr(err, rel)
			}
		}
	}
	return im.finish()
}

func (f *FS) importDir(hostDir, dest string) error {
	fi, err := os.Stat(hostDir)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return &fs.PathError{Op: "import", Path: hostDir, Err: syscall.ENOTDIR}
	}
	if err := f.MkdirAll(dest, 0o755); err != nil {
		return err
	}
	im, err := newImporter(f, dest)
	if err != nil {
		return err
	}
	links := map[[2]uint64]string{} // host (dev, ino) -> memfs path, for hard links
	var walk func(host string, at *Dir, mem string) error
	walk = func(host string, at *Dir, mem string) error {
		ents, err := os.ReadDir(host)
		if err != nil {
			return err
		}
		for _, e := range ents {
			name := e.Name()
			h, m := filepath.Join(host, name), path.Join(mem, name)
			info, err := os.Lstat(h)
			if err != nil {
				return err
			}
			st, _ := info.Sys().(*syscall.Stat_t)
			atime := info.ModTime()
			if st != nil {
				atime = time.Unix(st.Atim.Unix())
			}
			switch {
			case info.IsDir():
				if err := im.dir(at, name, info.Mode()&(fs.ModePerm|fs.ModeSticky), atime, info.ModTime()); err != nil {
					return namedErr(err, m)
				}
				sub, err := at.OpenDir(name, false)
				if err != nil {
					return namedErr(err, m)
				}
				if err := walk(h, sub, m); err != nil {
					return err
				}
			case info.Mode()&fs.ModeSymlink != 0:
				target, err := os.Readlink(h)
				if err != nil {
					return err
				}
				if err := at.Symlink(target, name); err != nil {
					return namedErr(err, m)
				}
			case info.Mode().IsRegular():
				if st != nil && st.Nlink > 1 {
					key := [2]uint64{uint64(st.Dev), st.Ino}
					if first, ok := links[key]; ok {
						if err := f.Link(first, m); err != nil {
							return err
						}
						continue
					}
					links[key] = m
				}
				if err := importHostFile(im, h, at, name, m, info, atime); err != nil {
					return err
				}
			case info.Mode()&fs.ModeNamedPipe != 0:
				// Made anew, never opened: opening a host FIFO would wait.
				if err := at.Mkfifo(name, info.Mode().Perm()); err != nil {
					return namedErr(err, m)
				}
				if err := at.Chtimes(name, atime, info.ModTime(), false); err != nil {
					return namedErr(err, m)
				}
			}
		}
		return nil
	}
	if err := walk(hostDir, im.path.Root(), dest); err != nil {
		return err
	}
	return im.finish()
}

// importHostFile copies one regular host file to name in at (mem in
// full, for errors); O_NOFOLLOW
// keeps a file swapped for a symlink meanwhile from being followed on the
// host.
func importHostFile(im *importer, host string, at *Dir, name, mem string, info fs.FileInfo, atime time.Time) error {
	hf, err := openHostFile(os.OpenFile, host)
	if err != nil {
		return err
	}
	defer hf.Close()
	perm := info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
	return namedErr(im.file(at, name, perm, hf, atime, info.ModTime()), mem)
}
