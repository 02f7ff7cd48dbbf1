package rg

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"regexp"
	"strings"
	"syscall"

	"memsh/memfs"
	"memsh/shell/command"
	"memsh/shell/internal/gitglob"
)

// ignoreNames are the ignore files ripgrep reads in each directory, the
// later taking precedence over the earlier.
var ignoreNames = []string{".gitignore", ".ignore", ".rgignore"}

// fileFilter is -g, -t and -T: globs matched against a path relative to
// the search root (a glob without "/" against the base name).
type fileFilter struct {
	overrides *ignoreFile // -g, with "!" meaning ignore
	whitelist bool        // some -g glob is not negated
	types     []*regexp.Regexp
	typesNot  []*regexp.Regexp
}

func newFilter(o *options, dir string) (*fileFilter, string) {
	f := &fileFilter{}
	if len(o.globs) > 0 {
		f.overrides = &ignoreFile{dir: dir}
		for _, g := range o.globs {
			r, ok := compileGlob(g)
			if !ok {
				continue
			}
			// -g inverts gitignore: a plain glob selects, "!glob" ignores.
			r.negate = !r.negate
			if r.negate {
				f.whitelist = true
			}
			f.overrides.rules = append(f.overrides.rules, r)
		}
	}
	for _, set := range []struct {
		names []string
		dst   *[]*regexp.Regexp
	}{{o.types, &f.types}, {o.typesNot, &f.typesNot}} {
		globs, bad := typeGlobs(set.names)
		if bad != "" {
			return nil, bad
		}
		for _, g := range globs {
			*set.dst = append(*set.dst, regexp.MustCompile("^"+gitglob.Regexp(g)+"$"))
		}
	}
	return f, ""
}

// overridden is the -g verdict for an entry (its base name, and abs
// building its absolute path): +1 ignore, -1 select, 0 none.
func (f *fileFilter) overridden(name string, abs func() string, isDir bool) int {
	if f.overrides == nil {
		return 0
	}
	rel := func() string {
		a := abs()
		r, ok := relTo(f.overrides.dir, a)
		if !ok {
			r = strings.TrimPrefix(a, "/")
		}
		return r
	}
	m := f.overrides.match(name, rel, isDir)
	if m == 0 && f.whitelist && !isDir {
		return 1
	}
	return m
}

// typeOK applies -t and -T to a file's base name.
func (f *fileFilter) typeOK(name string) bool {
	for _, re := range f.typesNot {
		if re.MatchString(name) {
			return false
		}
	}
	if len(f.types) == 0 {
		return true
	}
	for _, re := range f.types {
		if re.MatchString(name) {
			return true
		}
	}
	return false
}

// walker visits a directory tree in ripgrep's --sort path order. It
// steps from directory handle to directory handle on a stack of its own
// (frames), as grep -r and find do: a tree of any depth costs no Go
// stack and one lookup per entry, and an entry's path is built only when
// something needs it (a name ripgrep prints, an ignore rule with a "/"),
// so a chain of n directories costs O(n), not the O(n²) of joining every
// path.
type walker struct {
	s       *searcher
	filter  *fileFilter
	rootAbs string
	frames  []*walkFrame
	rules   []ruleSet      // the ignore files in force, outermost first
	open    map[uint64]int // -L: inode of each directory on the stack -> its frame
}

// walkFrame is a directory being searched: a handle on it, its name (the
// operand for the root, else its name in its parent), its entries, the
// next one to search, whether it is in a git repository, and how many
// rule sets were in force above it.
type walkFrame struct {
	dir    *memfs.Dir
	name   string
	ents   []fs.DirEntry
	next   int
	git    bool
	nrules int
	ino    uint64
}

// ruleSet is one directory's ignore files, highest precedence first. at
// is the frame of that directory, or -1 for a directory above the root,
// whose path down to the root is prefix.
type ruleSet struct {
	at     int
	prefix string
	files  []*ignoreFile
}

// loadRules reads a directory's ignore files through read (a name
// relative to the directory); git says whether the directory is inside a
// git repository, where .gitignore applies.
func (w *walker) loadRules(read func(name string) ([]byte, error), git bool) []*ignoreFile {
	if w.s.o.noIgnore {
		return nil
	}
	var files []*ignoreFile
	for i := len(ignoreNames) - 1; i >= 0; i-- {
		name := ignoreNames[i]
		if name == ".gitignore" && !git {
			continue
		}
		data, err := read(name)
		if err != nil {
			continue
		}
		files = append(files, parseIgnore("", string(data)))
	}
	if git {
		// A repository's own exclude file ranks below its .gitignore.
		if data, err := read(".git/info/exclude"); err == nil {
			files = append(files, parseIgnore("", string(data)))
		}
	}
	return files
}

// readAt reads the file name relative to the directory d.
func readAt(d *memfs.Dir, name string) ([]byte, error) {
	f, err := d.OpenFile(name, os.O_RDONLY, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// join is prefix, then the names of frames[from:], then name, joined by
// "/" (no "/" doubled after a name that ends in one, as "d/" or "/").
func (w *walker) join(prefix string, from int, name string) string {
	var b strings.Builder
	last := byte('/')
	add := func(s string) {
		if s == "" {
			return
		}
		if b.Len() > 0 && last != '/' {
			b.WriteByte('/')
		}
		b.WriteString(s)
		last = s[len(s)-1]
	}
	add(prefix)
	for _, f := range w.frames[from:] {
		add(f.name)
	}
	add(name)
	return b.String()
}

// ignored asks the ignore files from the innermost directory outwards;
// the first that has an opinion decides.
func (w *walker) ignored(name string, isDir bool) bool {
	for i := len(w.rules) - 1; i >= 0; i-- {
		set := w.rules[i]
		rel, built := "", false
		relFn := func() string {
			if !built {
				rel, built = w.join(set.prefix, max(set.at+1, 1), name), true
			}
			return rel
		}
		for _, f := range set.files {
			switch f.match(name, relFn, isDir) {
			case 1:
				return true
			case -1:
				return false
			}
		}
	}
	return false
}

// inGitRepo reports whether dir or one of its parents holds ".git".
func (w *walker) inGitRepo(dir string) bool {
	for {
		if _, err := w.s.inv.FS.Stat(path.Join(dir, ".git")); err == nil {
			return true
		}
		if dir == "/" {
			return false
		}
		dir = path.Dir(dir)
	}
}

// walkRoot searches the directory abs, shown as display ("" for the
// implicit current directory).
func (w *walker) walkRoot(ctx context.Context, abs, display string) {
	git := w.inGitRepo(abs)
	w.rootAbs, w.frames, w.rules = abs, w.frames[:0], w.rules[:0]
	if w.s.o.follow {
		w.open = map[uint64]int{}
	}
	if abs != "/" {
		// The ignore files of the directories above the root apply too.
		var parents []string
		for d := path.Dir(abs); ; d = path.Dir(d) {
			parents = append(parents, d)
			if d == "/" {
				break
			}
		}
		for i := len(parents) - 1; i >= 0; i-- {
			d := parents[i]
			read := func(name string) ([]byte, error) { return w.s.inv.FS.ReadFile(path.Join(d, name)) }
			if files := w.loadRules(read, git); len(files) > 0 {
				prefix, _ := relTo(d, abs)
				w.rules = append(w.rules, ruleSet{at: -1, prefix: prefix, files: files})
			}
		}
	}
	dir, err := w.s.inv.FS.OpenDir(abs)
	w.push(dir, err, display, git)
	for len(w.frames) > 0 {
		if ctx.Err() != nil || w.s.done {
			return
		}
		top := w.frames[len(w.frames)-1]
		if top.next == len(top.ents) {
			if w.open != nil {
				delete(w.open, top.ino)
			}
			w.rules = w.rules[:top.nrules]
			w.frames[len(w.frames)-1] = nil
			w.frames = w.frames[:len(w.frames)-1]
			continue
		}
		e := top.ents[top.next]
		top.next++
		w.visit(ctx, top, e)
	}
}

// visit handles one entry of the directory at the top of the stack.
func (w *walker) visit(ctx context.Context, top *walkFrame, e fs.DirEntry) {
	name := e.Name()
	show := func() string { return w.join("", 0, name) }
	if e.Type()&fs.ModeSymlink != 0 {
		if !w.s.o.follow {
			return
		}
		fi, err := top.dir.StatAt(name, true)
		if err != nil {
			return
		}
		e = fs.FileInfoToDirEntry(fi)
	}
	isDir := e.IsDir()
	abs := func() string { return w.join(w.rootAbs, 1, name) }
	switch w.filter.overridden(name, abs, isDir) {
	case 1:
		return
	case -1:
	default:
		if !w.s.o.hidden && strings.HasPrefix(name, ".") {
			return
		}
		if w.ignored(name, isDir) {
			return
		}
		if !isDir && !w.filter.typeOK(name) {
			return
		}
	}
	if isDir {
		if w.s.o.maxDepth < 0 || len(w.frames) < w.s.o.maxDepth {
			sub, err := top.dir.OpenDir(name, true)
			w.push(sub, err, name, top.git)
		}
		return
	}
	if !e.Type().IsRegular() {
		return
	}
	open := func() (io.ReadCloser, error) { return top.dir.OpenFile(name, os.O_RDONLY, 0) }
	w.s.searchFile(ctx, open, show, false)
}

// push enters the directory dir (err when it could not be opened), named
// name in its parent (the operand for the root).
func (w *walker) push(dir *memfs.Dir, err error, name string, git bool) {
	shown := func() string {
		if len(w.frames) == 0 {
			return orDot(name)
		}
		return w.join("", 0, name)
	}
	var ents []fs.DirEntry
	if err == nil {
		ents, err = dir.ReadDir()
	}
	if err != nil {
		w.s.fail(shown(), err)
		return
	}
	fr := &walkFrame{dir: dir, name: name, ents: ents, nrules: len(w.rules)}
	if w.open != nil {
		fr.ino = inodeOf(dir.Stat())
		if at, loop := w.open[fr.ino]; loop {
			// -L reached a directory that is being searched.
			w.s.flushOut()
			fmt.Fprintf(w.s.inv.Stderr, "File system loop found: %s points to an ancestor %s\n",
				w.loopName(shown()), w.loopName(w.ancestor(at)))
			w.s.status = 2
			return
		}
		w.open[fr.ino] = len(w.frames)
	}
	if !git {
		if _, err := dir.StatAt(".git", true); err == nil {
			git = true
		}
	}
	fr.git = git
	if files := w.loadRules(func(n string) ([]byte, error) { return readAt(dir, n) }, git); len(files) > 0 {
		w.rules = append(w.rules, ruleSet{at: len(w.frames), files: files})
	}
	w.frames = append(w.frames, fr)
}

// ancestor is the name shown for the directory of frame at.
func (w *walker) ancestor(at int) string {
	var b strings.Builder
	last := byte('/')
	for _, f := range w.frames[:at+1] {
		if f.name == "" {
			continue
		}
		if b.Len() > 0 && last != '/' {
			b.WriteByte('/')
		}
		b.WriteString(f.name)
		last = f.name[len(f.name)-1]
	}
	return b.String()
}

// loopName is a path as ripgrep's loop message shows it: under the
// implicit current directory, with "./" before it.
func (w *walker) loopName(p string) string {
	if w.frames[0].name == "" {
		return "./" + p
	}
	return p
}

// inodeOf is fi's inode number.
func inodeOf(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Ino
	}
	return 0
}

func orDot(display string) string {
	if display == "" {
		return "."
	}
	return display
}

// osError is Rust's io::Error text: "No such file or directory (os error 2)".
func osError(err error) string {
	if _, ok := err.(interface{ Unwrap() error }); !ok {
		if _, ok := err.(*fs.PathError); !ok {
			return err.Error()
		}
	}
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return command.Strerror(err) + " (os error " + itoa(int(errno)) + ")"
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return err.Error()
	}
	return command.Strerror(err)
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
