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
		if n.dev != devNone {
			continue // the device nodes are memfs's own, made by New
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
// is dropped, as GNU tar does.
func cleanMember(name string) (string, bool) {
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

// errEscape is the error for an archive entry or link that would leave the destination.
var errEscape = errors.New("path escapes the destination")

// importer writes entries below dest, never through a symlink.
type importer struct {
	f    *FS
	dest string
	dirs []dirTime
	// verified is the last parent directory (relative to dest) whose
	// every component was checked: entries come in tree order, so most
	// share it or extend it by one name, and loading a deep chain costs
	// time in the archive's size instead of its square.
	verified string
}

type dirTime struct {
	path         string
	perm         fs.FileMode
	atime, mtime time.Time
}

func (im *importer) join(rel string) string {
	if rel == "" {
		return im.dest
	}
	return path.Join(im.dest, rel)
}

// parents makes sure every directory above rel exists below dest and is a
// real directory: an entry may not reach through a symlink another
// entry planted (the classic "link -> /", then "link/x" attack).
func (im *importer) parents(rel string, create bool) (err error) {
	dir := path.Dir(rel)
	if dir == "." {
		return nil
	}
	if dir == im.verified || strings.HasPrefix(im.verified, dir+"/") {
		return nil // a directory entry is never replaced by another kind
	}
	p, rest := im.dest, dir
	if im.verified != "" && strings.HasPrefix(dir, im.verified+"/") {
		p, rest = im.join(im.verified), dir[len(im.verified)+1:]
	}
	defer func() {
		if err == nil {
			im.verified = dir
		}
	}()
	for c := range strings.SplitSeq(rest, "/") {
		p = path.Join(p, c)
		fi, err := im.f.Lstat(p)
		switch {
		case errors.Is(err, fs.ErrNotExist) && create:
			if err := im.f.Mkdir(p, 0o755); err != nil {
				return err
			}
		case err != nil:
			return err
		case !fi.IsDir():
			return &fs.PathError{Op: "import", Path: p, Err: syscall.ENOTDIR}
		}
	}
	return nil
}

// clear removes a non-directory already at p so that the new entry
// replaces it instead of writing through it.
func (im *importer) clear(p string) error {
	fi, err := im.f.Lstat(p)
	if err != nil || fi.IsDir() {
		return nil
	}
	if fi.Mode()&fs.ModeDevice != 0 {
		return errKeepDevice
	}
	return im.f.Remove(p)
}

// errKeepDevice skips a member that would replace one of memfs's device
// nodes (/dev/null as a regular file): an archive can neither plant a
// device nor take one away.
var errKeepDevice = errors.New("memfs: a device node is kept")

// dir makes a directory the user can fill (its own mode is set at the end,
// as GNU tar does, so a read-only directory in the archive still gets its
// entries).
func (im *importer) dir(p string, perm fs.FileMode, atime, mtime time.Time) error {
	err := im.f.Mkdir(p, perm|0o700)
	if errors.Is(err, fs.ErrExist) {
		if fi, err1 := im.f.Lstat(p); err1 == nil && fi.IsDir() {
			err = im.f.Chmod(p, fi.Mode()|0o700)
		}
	}
	if err != nil {
		return err
	}
	im.dirs = append(im.dirs, dirTime{p, perm, atime, mtime})
	return nil
}

func (im *importer) file(p string, perm fs.FileMode, r io.Reader, atime, mtime time.Time) error {
	if err := im.clear(p); err != nil {
		return err
	}
	fl, err := im.f.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|syscall.O_NOFOLLOW, perm)
	if err != nil {
		return err
	}
	_, err = io.Copy(fl, r)
	if err1 := fl.Close(); err == nil {
		err = err1
	}
	if err == nil {
		err = im.f.Chmod(p, perm)
	}
	if err == nil {
		err = im.f.Chtimes(p, atime, mtime)
	}
	return err
}

// finish sets directory modes and times last, deepest first, since
// filling a directory changes its mtime.
func (im *importer) finish() error {
	for _, d := range slices.Backward(im.dirs) {
		if err := im.f.Chmod(d.path, d.perm); err != nil {
			return err
		}
		if err := im.f.Chtimes(d.path, d.atime, d.mtime); err != nil {
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
	im := &importer{f: f, dest: dest}
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
		p := im.join(rel)
		if err := im.parents(rel, true); err != nil {
			return err
		}
		perm := tarPerm(hdr.Mode)
		switch hdr.Typeflag {
		case tar.TypeDir:
			err = im.dir(p, perm, hdr.AccessTime, hdr.ModTime)
		case tar.TypeReg, tar.TypeRegA:
			err = im.file(p, perm, tr, hdr.AccessTime, hdr.ModTime)
		case tar.TypeSymlink:
			if err = im.clear(p); err == nil {
				err = f.Symlink(hdr.Linkname, p)
			}
			if err == nil {
				err = f.Lchtimes(p, hdr.AccessTime, hdr.ModTime)
			}
		case tar.TypeLink:
			target, ok := cleanMember(hdr.Linkname)
			if !ok || target == "" {
				return fmt.Errorf("memfs: import tar into %s: hard link %q to %q: %w", dest, hdr.Name, hdr.Linkname, errEscape)
			}
			if err = im.parents(target, false); err != nil {
				return err
			}
			if err = im.clear(p); err == nil {
				err = f.Link(im.join(target), p)
			}
		default:
			continue // devices, fifos: memfs has only its own device nodes
		}
		if err == errKeepDevice {
			continue
		}
		if err != nil {
			return err
		}
		// owners are kept only where chown is allowed (as GNU tar run by root)
		if hdr.Typeflag != tar.TypeLink && hdr.Typeflag != tar.TypeSymlink && !f.checking() {
			if err := f.Chown(p, hdr.Uid, hdr.Gid); err != nil {
				return err
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
	im := &importer{f: f, dest: dest}
	links := map[[2]uint64]string{} // host (dev, ino) -> memfs path, for hard links
	var walk func(host, mem string) error
	walk = func(host, mem string) error {
		ents, err := os.ReadDir(host)
		if err != nil {
			return err
		}
		for _, e := range ents {
			h, m := filepath.Join(host, e.Name()), path.Join(mem, e.Name())
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
				if err := im.dir(m, info.Mode()&(fs.ModePerm|fs.ModeSticky), atime, info.ModTime()); err != nil {
					return err
				}
				if err := walk(h, m); err != nil {
					return err
				}
			case info.Mode()&fs.ModeSymlink != 0:
				target, err := os.Readlink(h)
				if err != nil {
					return err
				}
				if err := f.Symlink(target, m); err != nil {
					return err
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
				if err := importHostFile(im, h, m, info, atime); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := walk(hostDir, dest); err != nil {
		return err
	}
	return im.finish()
}

// importHostFile copies one regular host file; O_NOFOLLOW keeps a file
// swapped for a symlink meanwhile from being followed on the host.
func importHostFile(im *importer, host, mem string, info fs.FileInfo, atime time.Time) error {
	hf, err := openHostFile(os.OpenFile, host)
	if err != nil {
		return err
	}
	defer hf.Close()
	perm := info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
	return im.file(mem, perm, hf, atime, info.ModTime())
}
