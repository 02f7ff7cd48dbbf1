package rg

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"path"
	"regexp"
	"strings"
	"syscall"

	"memsh/shell/command"
	"memsh/shell/internal/gitglob"
)

// ignoreNames are the ignore files ripgrep reads in each directory, the
// later taking precedence over the earlier.
var ignoreNames = []string{".gitignore", ".ignore", ".rgignore"}

// dirRules is the ignore files of one directory, highest precedence
// first.
type dirRules struct {
	files []*ignoreFile
}

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

// overridden is the -g verdict for a path: +1 ignore, -1 select, 0 none.
func (f *fileFilter) overridden(abs string, isDir bool) int {
	if f.overrides == nil {
		return 0
	}
	rel, ok := relTo(f.overrides.dir, abs)
	if !ok {
		rel = strings.TrimPrefix(abs, "/")
	}
	m := f.overrides.match(rel, isDir)
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

// walker visits a directory tree in ripgrep's --sort path order.
type walker struct {
	s      *searcher
	filter *fileFilter
}

// loadRules reads the ignore files in dir (absolute); git says whether
// dir is inside a git repository, where .gitignore applies.
func (w *walker) loadRules(dir string, git bool) dirRules {
	var d dirRules
	if w.s.o.noIgnore {
		return d
	}
	for i := len(ignoreNames) - 1; i >= 0; i-- {
		name := ignoreNames[i]
		if name == ".gitignore" && !git {
			continue
		}
		data, err := w.s.inv.FS.ReadFile(path.Join(dir, name))
		if err != nil {
			continue
		}
		d.files = append(d.files, parseIgnore(dir, string(data)))
	}
	if git {
		// A repository's own exclude file ranks below its .gitignore.
		if data, err := w.s.inv.FS.ReadFile(path.Join(dir, ".git/info/exclude")); err == nil {
			d.files = append(d.files, parseIgnore(dir, string(data)))
		}
	}
	return d
}

// ignored asks the ignore files from the innermost directory outwards;
// the first that has an opinion decides.
func ignored(stack []dirRules, abs string, isDir bool) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		for _, f := range stack[i].files {
			rel, ok := relTo(f.dir, abs)
			if !ok {
				continue
			}
			switch f.match(rel, isDir) {
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
	// The ignore files of the directories above the root apply too.
	var stack []dirRules
	var parents []string
	for d := path.Dir(abs); ; d = path.Dir(d) {
		parents = append([]string{d}, parents...)
		if d == "/" {
			break
		}
	}
	if abs != "/" {
		for _, d := range parents {
			stack = append(stack, w.loadRules(d, git))
		}
	}
	w.walkDir(ctx, abs, display, stack, git, 1)
}

func (w *walker) walkDir(ctx context.Context, abs, display string, stack []dirRules, git bool, depth int) {
	if !git {
		if _, err := w.s.inv.FS.Stat(path.Join(abs, ".git")); err == nil {
			git = true
		}
	}
	stack = append(stack[:len(stack):len(stack)], w.loadRules(abs, git))
	entries, err := w.s.inv.FS.ReadDir(abs)
	if err != nil {
		w.s.fail(orDot(display), err)
		return
	}
	for _, e := range entries {
		if ctx.Err() != nil || w.s.done {
			return
		}
		name := e.Name()
		childAbs := path.Join(abs, name)
		childShow := name
		if display != "" {
			childShow = strings.TrimSuffix(display, "/") + "/" + name
		}
		if e.Type()&fs.ModeSymlink != 0 {
			if !w.s.o.follow {
				continue
			}
			fi, err := w.s.inv.FS.Stat(childAbs)
			if err != nil {
				continue
			}
			e = fs.FileInfoToDirEntry(fi)
		}
		isDir := e.IsDir()
		switch w.filter.overridden(childAbs, isDir) {
		case 1:
			continue
		case -1:
		default:
			if !w.s.o.hidden && strings.HasPrefix(name, ".") {
				continue
			}
			if ignored(stack, childAbs, isDir) {
				continue
			}
			if !isDir && !w.filter.typeOK(name) {
				continue
			}
		}
		if isDir {
			if w.s.o.maxDepth < 0 || depth < w.s.o.maxDepth {
				w.walkDir(ctx, childAbs, childShow, stack, git, depth+1)
			}
			continue
		}
		if !e.Type().IsRegular() {
			continue
		}
		w.s.searchFile(ctx, childAbs, childShow, false)
	}
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
