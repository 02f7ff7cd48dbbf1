package fileutil

import (
	"io/fs"
	"strings"
	"syscall"

	"memsh/memfs"
)

type canonMode int

const (
	canonExisting   canonMode = iota // -e: every component must exist
	canonAllButLast                  // -f: all but the last must exist
	canonMissing                     // -m: nothing need exist
)

const maxSymlinks = 40 // as the kernel's ELOOP limit

// canonicalize resolves every symlink, "." and ".." in the absolute path p,
// as readlink -f/-e/-m and realpath do.
func canonicalize(fsys *memfs.FS, p string, mode canonMode) (string, error) {
	if p == "" {
		return "", syscall.ENOENT
	}
	comps := splitPath(p)
	trailingSlash := strings.HasSuffix(p, "/") && len(comps) > 0
	resolved := "/"
	links := 0
	missing := false
	for i := 0; i < len(comps); i++ {
		c := comps[i]
		switch c {
		case ".":
			continue
		case "..":
			resolved = dirName(resolved)
			continue
		}
		next := join(resolved, c)
		last := i == len(comps)-1
		if missing {
			resolved = next
			continue
		}
		fi, err := fsys.Lstat(next)
		if err != nil {
			if isErrno(err, syscall.ENOENT) && (mode == canonMissing || mode == canonAllButLast && last) {
				resolved = next
				missing = mode == canonMissing
				continue
			}
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			links++
			if links > maxSymlinks {
				return "", syscall.ELOOP
			}
			target, err := fsys.Readlink(next)
			if err != nil {
				return "", err
			}
			if strings.HasPrefix(target, "/") {
				resolved = "/"
			}
			comps = append(splitPath(target), comps[i+1:]...)
			i = -1
			continue
		}
		if !fi.IsDir() && (!last || trailingSlash) {
			if mode == canonMissing {
				resolved = next
				missing = true
				continue
			}
			return "", syscall.ENOTDIR
		}
		resolved = next
	}
	return resolved, nil
}

func splitPath(p string) []string {
	var out []string
	for _, c := range strings.Split(p, "/") {
		if c != "" {
			out = append(out, c)
		}
	}
	return out
}

// cleanAbs is p with ".", ".." and duplicate slashes removed lexically.
func cleanAbs(p string) string {
	resolved := "/"
	for _, c := range splitPath(p) {
		switch c {
		case ".":
		case "..":
			resolved = dirName(resolved)
		default:
			resolved = join(resolved, c)
		}
	}
	return resolved
}

// relPath is the relative path from directory base to target (both clean
// and absolute).
func relPath(base, target string) string {
	b, t := splitPath(base), splitPath(target)
	i := 0
	for i < len(b) && i < len(t) && b[i] == t[i] {
		i++
	}
	var parts []string
	for range b[i:] {
		parts = append(parts, "..")
	}
	parts = append(parts, t[i:]...)
	if len(parts) == 0 {
		return "."
	}
	return strings.Join(parts, "/")
}
