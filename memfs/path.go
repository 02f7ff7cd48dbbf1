package memfs

import (
	"strings"
	"syscall"
)

// Linux's limits: symlinks followed in one lookup, bytes in a path
// (PATH_MAX, counting the NUL) and in one name (NAME_MAX).
const (
	maxSymlinkHops = 40
	maxPath        = 4096
	maxName        = 255
)

// lookup is the result of resolving a path.
type lookup struct {
	dir      *inode // directory holding the final component
	base     string // final component ("" for "/"; may be "." or "..")
	node     *inode // the object named, nil when it does not exist
	trailing bool   // the name ended in "/" (the object must be a directory)
}

// splitPath returns the non-empty components of p.
func splitPath(p string) []string {
	comps := make([]string, 0, strings.Count(p, "/")+1)
	for c := range strings.SplitSeq(p, "/") {
		if c != "" {
			comps = append(comps, c)
		}
	}
	return comps
}

// walk resolves name from "/"; see walkAt.
func (f *FS) walk(name string, follow bool) (lookup, syscall.Errno) {
	return f.walkAt(f.root, name, follow)
}

// walkAt resolves name from the directory at (from "/" when name is
// absolute), as the kernel's *at calls do. Intermediate symlinks are always followed,
// the final one only when follow is set or the name ends in "/". ".."
// after a symlink goes to the parent of the directory the link led to,
// as in the kernel. Caller holds f.mu (read or write). When a mounted
// host directory must be loaded first, walk returns errLoad and sets
// f's pending load (see loadPending).
func (f *FS) walkAt(at *inode, name string, follow bool) (lookup, syscall.Errno) {
	if name == "" {
		return lookup{}, syscall.ENOENT
	}
	if len(name) >= maxPath && !f.longPaths.Load() {
		return lookup{}, syscall.ENAMETOOLONG
	}
	trailing := strings.HasSuffix(name, "/")
	comps := splitPath(name)
	cur := at
	if name[0] == '/' {
		cur = f.root
	}
	if len(comps) == 0 {
		return lookup{dir: cur, node: cur, trailing: trailing}, 0
	}
	hops := 0
	for i := 0; i < len(comps); i++ {
		if !cur.isDir() {
			return lookup{}, syscall.ENOTDIR
		}
		if !f.may(cur, permExec) {
			return lookup{}, syscall.EACCES
		}
		if e := f.needLoad(cur); e != 0 {
			return lookup{}, e
		}
		c := comps[i]
		if len(c) > maxName {
			return lookup{}, syscall.ENAMETOOLONG
		}
		var next *inode
		switch c {
		case ".":
			next = cur
		case "..":
			next = cur.parent
		default:
			next = cur.children[c]
		}
		last := i == len(comps)-1
		if next != nil && next.isSymlink() && (!last || follow || trailing) {
			hops++
			if hops > maxSymlinkHops {
				return lookup{}, syscall.ELOOP
			}
			target := next.target
			tc := splitPath(target)
			if strings.HasPrefix(target, "/") {
				cur = f.root
			}
			if last && strings.HasSuffix(target, "/") {
				trailing = true
			}
			rest := comps[i+1:]
			comps = append(tc, rest...)
			i = -1
			if len(comps) == 0 {
				// the link pointed at "/" (or at "" which Linux refuses)
				if target == "" {
					return lookup{}, syscall.ENOENT
				}
				return lookup{dir: cur, node: cur, trailing: trailing}, 0
			}
			continue
		}
		if last {
			if next != nil && trailing && !next.isDir() {
				return lookup{}, syscall.ENOTDIR
			}
			return lookup{dir: cur, base: c, node: next, trailing: trailing}, 0
		}
		if next == nil {
			return lookup{}, syscall.ENOENT
		}
		cur = next
	}
	panic("unreachable")
}

// walkEntry resolves name for the calls that act on a directory entry
// itself (mkdir, unlink, rename, link, symlink): trailing slashes are
// dropped and reported in trailing, and a final symlink is never
// followed, as the kernel does for these calls.
func (f *FS) walkEntry(name string) (lookup, syscall.Errno) {
	return f.walkEntryAt(f.root, name)
}

// walkEntryAt is walkEntry from the directory at.
func (f *FS) walkEntryAt(at *inode, name string) (lookup, syscall.Errno) {
	t := strings.TrimRight(name, "/")
	if t == "" && name != "" {
		t = "/"
	}
	lk, e := f.walkAt(at, t, false)
	lk.trailing = len(t) < len(name) && t != "/"
	return lk, e
}

// dirPath is the absolute path of directory d. Caller holds f.mu.
func (f *FS) dirPath(d *inode) string {
	if d == f.root {
		return "/"
	}
	var parts []string
	for ; d != f.root; d = d.parent {
		parts = append(parts, d.name)
	}
	var b strings.Builder
	for i := len(parts) - 1; i >= 0; i-- {
		b.WriteByte('/')
		b.WriteString(parts[i])
	}
	return b.String()
}

// isAncestor reports whether a is d or one of d's ancestors. Caller holds f.mu.
func (f *FS) isAncestor(a, d *inode) bool {
	for {
		if d == a {
			return true
		}
		if d == f.root {
			return false
		}
		d = d.parent
	}
}
