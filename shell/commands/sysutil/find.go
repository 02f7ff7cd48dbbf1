package sysutil

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"syscall"
	"time"

	"memsh/memfs"
	"memsh/shell/command"
)

// find walks memfs trees in name order (memfs ReadDir is sorted, where a
// disk gives readdir order) and evaluates a GNU find expression for each
// file. The expression is parsed by hand into a tree of nodes, as GNU
// does: paths first, then options, tests and actions joined by !, -a, -o,
// "," and parentheses.

// findFile is one file being evaluated. Below a start point it is named
// by a handle on its directory and its name, never by a full path: the
// walk reaches any depth (paths longer than PATH_MAX too), and each file
// costs one lookup. Its printed path is built only when asked for.
type findFile struct {
	parent *findFile  // the directory it was found in; nil for a start point
	dir    *memfs.Dir // handle on that directory; nil for a start point
	path   string     // as printed: the start point joined with names (built by Path)
	abs    string     // start points: the absolute memfs path
	start  string     // the start point it was reached from
	name   string     // base name, for -name
	depth  int
	info   fs.FileInfo // lstat, or stat when following symlinks
	prune  bool
}

// Path is f's name as find prints it: the start point joined with the
// names below it. It is built from the nearest directory whose path is
// known, so printing every file costs what the output holds, and it is
// kept for the files below.
func (f *findFile) Path() string {
	if f.path != "" || f.parent == nil {
		return f.path
	}
	var names []string
	a := f
	for ; a.path == "" && a.parent != nil; a = a.parent {
		names = append(names, a.name)
	}
	var b strings.Builder
	b.WriteString(a.path)
	for i := len(names) - 1; i >= 0; i-- {
		if !strings.HasSuffix(b.String(), "/") {
			b.WriteByte('/')
		}
		b.WriteString(names[i])
	}
	f.path = b.String()
	return f.path
}

// Abs is f's absolute memfs path (for -execdir's working directory).
func (f *findFile) Abs() string {
	var names []string
	a := f
	for ; a.parent != nil; a = a.parent {
		names = append(names, a.name)
	}
	var b strings.Builder
	b.WriteString(a.abs)
	for i := len(names) - 1; i >= 0; i-- {
		if !strings.HasSuffix(b.String(), "/") {
			b.WriteByte('/')
		}
		b.WriteString(names[i])
	}
	return b.String()
}

// statAt is f's lstat (stat when follow), by its directory handle.
func (f *findFile) statAt(st *findState, follow bool) (fs.FileInfo, error) {
	if f.dir == nil {
		if follow {
			return st.inv.FS.Stat(f.abs)
		}
		return st.inv.FS.Lstat(f.abs)
	}
	return f.dir.StatAt(f.name, follow)
}

// readlink is the target of f, a symlink.
func (f *findFile) readlink(st *findState) (string, error) {
	if f.dir == nil {
		return st.inv.FS.Readlink(f.abs)
	}
	return f.dir.Readlink(f.name)
}

// remove unlinks f (an empty directory, or any other file).
func (f *findFile) remove(st *findState) error {
	if f.dir == nil {
		return st.inv.FS.Remove(f.abs)
	}
	return f.dir.Remove(f.name)
}

// openDir opens a handle on f, a directory (reached through a symlink
// only when find follows symlinks).
func (f *findFile) openDir(st *findState) (*memfs.Dir, error) {
	if f.dir == nil {
		return st.inv.FS.OpenDir(f.abs)
	}
	return f.dir.OpenDir(f.name, st.follow == 'L')
}

type findNode interface {
	eval(st *findState, f *findFile) bool
}

type (
	findAnd   struct{ l, r findNode }
	findOr    struct{ l, r findNode }
	findNot   struct{ x findNode }
	findComma struct{ l, r findNode }
	findPred  func(st *findState, f *findFile) bool
)

// -quit stops the evaluation where it is: nothing to its right runs
// (find d -quit -print prints nothing), as GNU find exits at once.
func (n findAnd) eval(st *findState, f *findFile) bool {
	return n.l.eval(st, f) && !st.quit && n.r.eval(st, f)
}
func (n findOr) eval(st *findState, f *findFile) bool {
	return n.l.eval(st, f) || !st.quit && n.r.eval(st, f)
}
func (n findNot) eval(st *findState, f *findFile) bool  { return !n.x.eval(st, f) }
func (n findPred) eval(st *findState, f *findFile) bool { return n(st, f) }
func (n findComma) eval(st *findState, f *findFile) bool {
	n.l.eval(st, f)
	return !st.quit && n.r.eval(st, f)
}

// findState is one run of find.
type findState struct {
	ctx      context.Context
	inv      *command.Invocation
	w        *bufio.Writer
	follow   byte // 'P' never follow symlinks, 'L' always, 'H' on the command line
	maxDepth int  // -1: no limit
	minDepth int
	depth    bool // -depth: a directory's contents before the directory
	status   int
	quit     bool
	now      time.Time
	batches  []*execBatch
	files    map[string]*bufio.Writer // -fprint targets
	fileList []io.Closer
	stdin    *bufio.Reader // -ok answers
	ls       lsWidths
	out      *stickyWriter
}

// stickyWriter remembers the first write error, so the walk can stop
// when the reader has gone (find / | head -1).
type stickyWriter struct {
	w   io.Writer
	err error
}

func (s *stickyWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	s.err = err
	return n, err
}

func runFind(ctx context.Context, inv *command.Invocation) int {
	st := &findState{ctx: ctx, inv: inv, follow: 'P', maxDepth: -1, now: inv.Now()}
	args := inv.Args[1:]
	// Leading options -H, -L, -P (and -D/-O, accepted and ignored).
	for len(args) > 0 {
		a := args[0]
		if a == "--" {
			args = args[1:]
			break
		}
		if len(a) < 2 || a[0] != '-' || strings.TrimLeft(a[1:], "HLP") != "" {
			if a == "-D" || a == "-O" || strings.HasPrefix(a, "-O") {
				if a == "-D" && len(args) > 1 {
					args = args[1:]
				}
				args = args[1:]
				continue
			}
			break
		}
		st.follow = a[len(a)-1]
		args = args[1:]
	}
	if len(args) == 1 && (args[0] == "--help" || args[0] == "-help") {
		return printHelp(inv, "find")
	}
	if len(args) == 1 && (args[0] == "--version" || args[0] == "-version") {
		// The first line is GNU's, for scripts that check it.
		fmt.Fprintln(inv.Stdout, "find (GNU findutils) 4.9.0")
		fmt.Fprintln(inv.Stdout, "memsh's own implementation of GNU findutils 4.9.0's interface; no GNU code.")
		return 0
	}
	var starts []string
	for len(args) > 0 && !isFindExprStart(args[0]) {
		starts = append(starts, args[0])
		args = args[1:]
	}
	// Standard output exists before parsing: -fprint /dev/stdout
	// writes through it.
	out := &stickyWriter{w: inv.Stdout}
	st.out = out
	st.w = newWriter(out)
	p := &findParser{st: st, args: args}
	expr, ok := p.parse()
	if !ok {
		st.closeFiles()
		return 1
	}
	if !p.hasAction {
		print := findPred(func(st *findState, f *findFile) bool {
			st.w.WriteString(f.Path())
			st.w.WriteByte('\n')
			return true
		})
		if expr == nil {
			expr = print
		} else {
			expr = findAnd{expr, print}
		}
	}
	if len(starts) == 0 {
		starts = []string{"."}
	}
	for _, s := range starts {
		if st.quit {
			break
		}
		st.walkStart(s, expr)
	}
	st.flushBatches()
	st.closeFiles()
	if ctx.Err() != nil {
		st.w.Flush()
		return cancelled
	}
	return finish(inv, st.w, st.status)
}

// isFindExprStart reports whether a (first non-path argument) begins the
// expression: a dash-word, "!", "(" or ")". A "," there is a path, as in
// GNU find.
func isFindExprStart(a string) bool {
	return (len(a) > 1 && a[0] == '-') || a == "!" || a == "(" || a == ")"
}

func (st *findState) errorf(format string, args ...any) {
	st.w.Flush()
	st.inv.Errorf(format, args...)
	st.status = 1
}

// stat describes f: lstat, or stat when following symlinks (-L, and -H
// for a start point), where a dangling symlink is still listed as itself.
func (st *findState) stat(f *findFile) (fs.FileInfo, error) {
	if st.follow == 'L' || (st.follow == 'H' && f.parent == nil) {
		fi, err := f.statAt(st, true)
		if err == nil {
			return fi, nil
		}
		if li, lerr := f.statAt(st, false); lerr == nil && li.Mode()&fs.ModeSymlink != 0 {
			return li, nil
		}
		return nil, err
	}
	return f.statAt(st, false)
}

func (st *findState) walkStart(start string, expr findNode) {
	abs := st.inv.Abs(start)
	if start == "" {
		st.errorf("‘’: No such file or directory") // quotearg's locale quotes, as for any name
		return
	}
	name := strings.TrimRight(start, "/")
	if name == "" {
		name = "/"
	} else {
		name = path.Base(name)
	}
	f := &findFile{path: start, abs: path.Clean(abs), start: start, name: name}
	fi, err := st.stat(f)
	if err != nil {
		st.errorf("%s: %s", quote(st.inv, start), command.Strerror(err))
		return
	}
	f.info = fi
	st.walk(f, expr)
}

// findFrame is a directory whose entries the walk is visiting.
type findFrame struct {
	f    *findFile
	dir  *memfs.Dir
	ents []fs.DirEntry
	next int
	ino  uint64
}

// walk visits the start point f and everything below it, in preorder
// (postorder with -depth). Its own stack of directories replaces
// recursion, so a tree of any depth costs no Go stack; with symlinks
// followed, the inodes of the directories on the stack detect loops.
func (st *findState) walk(f *findFile, expr findNode) {
	var stack []*findFrame
	onStack := map[uint64]*findFile{}
	for {
		if st.ctx.Err() != nil || st.out.err != nil {
			st.quit = true
		}
		if st.quit {
			return
		}
		if f != nil {
			if fr := st.enter(f, expr, onStack); fr != nil {
				stack = append(stack, fr)
			}
			f = nil
			continue
		}
		if len(stack) == 0 {
			return
		}
		top := stack[len(stack)-1]
		if top.next < len(top.ents) {
			name := top.ents[top.next].Name()
			top.next++
			f = &findFile{parent: top.f, dir: top.dir, start: top.f.start, name: name, depth: top.f.depth + 1}
			fi, err := st.stat(f)
			if err != nil {
				st.errorf("%s: %s", quote(st.inv, f.Path()), command.Strerror(err))
				f = nil
				continue
			}
			f.info = fi
			continue
		}
		stack = stack[:len(stack)-1]
		if st.follow != 'P' {
			delete(onStack, top.ino)
		}
		if st.depth && top.f.depth >= st.minDepth {
			expr.eval(st, top.f)
		}
	}
}

// enter evaluates f (before its contents unless -depth) and returns the
// frame to visit its entries with, or nil when it has none to visit.
func (st *findState) enter(f *findFile, expr findNode, onStack map[uint64]*findFile) *findFrame {
	ino := statOf(f.info).Ino
	isDir := f.info.IsDir()
	if isDir && st.follow != 'P' {
		if a := onStack[ino]; a != nil {
			st.errorf("File system loop detected; %s is part of the same file system loop as %s.", quote(st.inv, f.Path()), quote(st.inv, a.Path()))
			return nil
		}
	}
	if !st.depth && f.depth >= st.minDepth {
		expr.eval(st, f)
		if st.quit {
			return nil
		}
	}
	if isDir && (!f.prune || st.depth) && (st.maxDepth < 0 || f.depth < st.maxDepth) {
		dir, err := f.openDir(st)
		var ents []fs.DirEntry
		if err == nil {
			ents, err = dir.ReadDir()
		}
		if err != nil {
			st.errorf("%s: %s", quote(st.inv, f.Path()), command.Strerror(err))
		}
		if st.follow != 'P' {
			onStack[ino] = f
		}
		return &findFrame{f: f, dir: dir, ents: ents, ino: ino}
	}
	if st.depth && f.depth >= st.minDepth {
		expr.eval(st, f)
	}
	return nil
}

func (st *findState) closeFiles() {
	for _, w := range st.files {
		w.Flush()
	}
	for _, c := range st.fileList {
		c.Close()
	}
}

// statOf returns the memfs stat record behind fi (zero when absent).
func statOf(fi fs.FileInfo) *syscall.Stat_t {
	if s, ok := fi.Sys().(*syscall.Stat_t); ok && s != nil {
		return s
	}
	return &syscall.Stat_t{}
}

// fileTypeLetter is find's %y letter for a mode.
func fileTypeLetter(m fs.FileMode) byte {
	switch {
	case m.IsDir():
		return 'd'
	case m&fs.ModeSymlink != 0:
		return 'l'
	case m&fs.ModeNamedPipe != 0:
		return 'p'
	case m&fs.ModeSocket != 0:
		return 's'
	case m&fs.ModeCharDevice != 0:
		return 'c'
	case m&fs.ModeDevice != 0:
		return 'b'
	case m.IsRegular():
		return 'f'
	}
	return 'U'
}
