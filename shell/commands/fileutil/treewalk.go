package fileutil

import (
	"context"
	"io/fs"
	"strings"

	"memsh/memfs"
)

// treeEntry is one file of a tree walk: an operand by its absolute path,
// anything below it by a handle on its directory and its name, so the
// walk reaches any depth (paths longer than PATH_MAX too) with one lookup
// per file.
type treeEntry struct {
	fsys  *memfs.FS
	dir   *memfs.Dir   // nil for an operand
	name  string       // the name in dir, or the operand's absolute path
	shown string       // the operand as given
	path  []*treeFrame // the directories from the operand down to dir
}

// Shown is the name commands print: the operand as given joined with the
// names below it. It costs the length of the name, so only messages and
// verbose output build it.
func (e treeEntry) Shown() string {
	if e.dir == nil {
		return e.shown
	}
	var b strings.Builder
	for _, fr := range e.path {
		b.WriteString(fr.name)
		if !strings.HasSuffix(fr.name, "/") {
			b.WriteByte('/')
		}
	}
	b.WriteString(e.name)
	return b.String()
}

// Stat describes the file, following a final symlink when follow is set.
func (e treeEntry) Stat(follow bool) (fs.FileInfo, error) {
	switch {
	case e.dir != nil:
		return e.dir.StatAt(e.name, follow)
	case follow:
		return e.fsys.Stat(e.name)
	}
	return e.fsys.Lstat(e.name)
}

// Chmod sets the file's mode, following symlinks.
func (e treeEntry) Chmod(mode fs.FileMode) error {
	if e.dir == nil {
		return e.fsys.Chmod(e.name, mode)
	}
	return e.dir.Chmod(e.name, mode)
}

// Chown sets the file's owner; with follow false a symlink itself changes.
func (e treeEntry) Chown(uid, gid int, follow bool) error {
	switch {
	case e.dir != nil:
		return e.dir.Chown(e.name, uid, gid, follow)
	case follow:
		return e.fsys.Chown(e.name, uid, gid)
	}
	return e.fsys.Lchown(e.name, uid, gid)
}

// openDir opens a handle on the file, a directory: an operand through
// symlinks, an entry below it never (a walk does not leave its tree).
func (e treeEntry) openDir() (*memfs.Dir, error) {
	if e.dir == nil {
		return e.fsys.OpenDir(e.name)
	}
	return e.dir.OpenDir(e.name, false)
}

// treeFrame is a directory whose entries a walk is visiting.
type treeFrame struct {
	dir  *memfs.Dir
	name string
	ents []fs.DirEntry
	next int
}

// walkTree calls visit for the operand p (shown as name) and, below each
// directory visit asks to descend into, for every entry, in preorder and
// name order. A directory that cannot be listed goes to unreadable. Its
// own stack replaces recursion, so a tree of any depth costs no Go stack.
// It returns the last non-zero status visit or unreadable gave, or
// cancelled.
func walkTree(ctx context.Context, fsys *memfs.FS, name, p string,
	visit func(e treeEntry) (status int, descend bool),
	unreadable func(e treeEntry, err error) int) int {
	status := 0
	var stack []*treeFrame
	e := treeEntry{fsys: fsys, name: p, shown: name}
	pending := true // e is still to visit
	for {
		if ctx.Err() != nil {
			return cancelled
		}
		if pending {
			pending = false
			st, descend := visit(e)
			if st != 0 {
				status = st
			}
			if descend {
				dir, err := e.openDir()
				var ents []fs.DirEntry
				if err == nil {
					ents, err = dir.ReadDir()
				}
				if err != nil {
					status = unreadable(e, err)
				} else {
					frName := e.name
					if e.dir == nil {
						frName = name
					}
					stack = append(stack, &treeFrame{dir: dir, name: frName, ents: ents})
				}
			}
			continue
		}
		if len(stack) == 0 {
			return status
		}
		top := stack[len(stack)-1]
		if top.next == len(top.ents) {
			stack = stack[:len(stack)-1]
			continue
		}
		e = treeEntry{fsys: fsys, dir: top.dir, name: top.ents[top.next].Name(), path: stack}
		pending = true
		top.next++
	}
}
