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

	"memsh/shell/command"
)

// find walks memfs trees in name order (memfs ReadDir is sorted, where a
// disk gives readdir order) and evaluates a GNU find expression for each
// file. The expression is parsed by hand into a tree of nodes, as GNU
// does: paths first, then options, tests and actions joined by !, -a, -o,
// "," and parentheses.

// findFile is one file being evaluated.
type findFile struct {
	path  string // as printed: the start point joined with names
	abs   string // absolute memfs path
	start string // the start point it was reached from
	name  string // base name, for -name
	depth int
	info  fs.FileInfo // lstat, or stat when following symlinks
	prune bool
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
			st.w.WriteString(f.path)
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

func (st *findState) stat(abs string, commandLine bool) (fs.FileInfo, error) {
	if st.follow == 'L' || (st.follow == 'H' && commandLine) {
		fi, err := st.inv.FS.Stat(abs)
		if err == nil {
			return fi, nil
		}
		// A dangling symlink is still listed, as itself.
		if li, lerr := st.inv.FS.Lstat(abs); lerr == nil && li.Mode()&fs.ModeSymlink != 0 {
			return li, nil
		}
		return nil, err
	}
	return st.inv.FS.Lstat(abs)
}

func (st *findState) walkStart(start string, expr findNode) {
	abs := st.inv.Abs(start)
	if start == "" {
		st.errorf("'': No such file or directory")
		return
	}
	fi, err := st.stat(abs, true)
	if err != nil {
		st.errorf("%s: %s", quote(start), command.Strerror(err))
		return
	}
	name := strings.TrimRight(start, "/")
	if name == "" {
		name = "/"
	} else {
		name = path.Base(name)
	}
	f := &findFile{path: start, abs: path.Clean(abs), start: start, name: name, info: fi}
	st.visit(f, expr, nil)
}

// findAncestor is a directory on the path from the start point, for
// detecting loops through followed symlinks.
type findAncestor struct {
	ino  uint64
	path string
}

func (st *findState) visit(f *findFile, expr findNode, ancestors []findAncestor) {
	if st.ctx.Err() != nil || st.out.err != nil {
		st.quit = true
		return
	}
	ino := statOf(f.info).Ino
	if f.info.IsDir() && st.follow != 'P' {
		for _, a := range ancestors {
			if a.ino == ino {
				st.errorf("File system loop detected; %s is part of the same file system loop as %s.", quote(f.path), quote(a.path))
				return
			}
		}
	}
	if !st.depth && f.depth >= st.minDepth {
		expr.eval(st, f)
		if st.quit {
			return
		}
	}
	if f.info.IsDir() && (!f.prune || st.depth) && (st.maxDepth < 0 || f.depth < st.maxDepth) {
		st.visitChildren(f, expr, append(ancestors, findAncestor{ino, f.path}))
		if st.quit {
			return
		}
	}
	if st.depth && f.depth >= st.minDepth {
		expr.eval(st, f)
	}
}

func (st *findState) visitChildren(f *findFile, expr findNode, ancestors []findAncestor) {
	entries, err := st.inv.FS.ReadDir(f.abs)
	if err != nil {
		st.errorf("%s: %s", quote(f.path), command.Strerror(err))
		return
	}
	for _, e := range entries {
		if st.quit {
			return
		}
		name := e.Name()
		childAbs := f.abs + "/" + name
		if f.abs == "/" {
			childAbs = "/" + name
		}
		fi, err := st.stat(childAbs, false)
		childPath := f.path + "/" + name
		if strings.HasSuffix(f.path, "/") {
			childPath = f.path + name
		}
		if err != nil {
			st.errorf("%s: %s", quote(childPath), command.Strerror(err))
			continue
		}
		st.visit(&findFile{path: childPath, abs: childAbs, start: f.start, name: name, depth: f.depth + 1, info: fi}, expr, ancestors)
	}
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
