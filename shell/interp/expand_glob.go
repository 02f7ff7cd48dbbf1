package interp

import (
	"io/fs"
	"strings"
)

// Patterns are matched by pattern.go and pathnames expanded by glob.go;
// this file connects them to the shell's options and memfs.

// maxPatternCache bounds the compiled patterns a shell keeps.
const maxPatternCache = 256

type patKey struct {
	pat   string
	flags PatternFlags
}

// compiled returns pat compiled under the shell's options, cached.
func (r *Runner) compiled(pat string, nocase bool) *Pattern {
	return r.compiledFlags(pat, nocase, r.opts.extglob)
}

// compiledFlags is compiled with extglob given.
func (r *Runner) compiledFlags(pat string, nocase, extglob bool) *Pattern {
	var flags PatternFlags
	if extglob {
		flags |= PatExtglob
	}
	if nocase {
		flags |= PatNoCase
	}
	flags |= r.patBytes() // locale.go
	k := patKey{pat, flags}
	if p, ok := r.patCache[k]; ok {
		return p
	}
	p := CompilePattern(pat, flags)
	if r.patCache == nil || len(r.patCache) >= maxPatternCache {
		r.patCache = map[patKey]*Pattern{}
	}
	r.patCache[k] = p
	return p
}

// match reports whether s matches the whole pattern pat (case, [[ ==),
// with extglob and nocasematch as set.
func (r *Runner) match(pat, s string) bool {
	return r.compiled(pat, r.opts.nocasematch).Match(s)
}

// matchTest is match for [[ s == pat ]] and !=, which bash 5.2 matches
// with extglob on whatever the option says.
func (r *Runner) matchTest(pat, s string) bool {
	return r.compiledFlags(pat, r.opts.nocasematch, true).Match(s)
}

// globFS resolves the relative names glob.go asks for against the
// working directory.
type globFS struct{ r *Runner }

func (g globFS) ReadDir(name string) ([]fs.DirEntry, error) {
	return g.r.cfg.FS.ReadDir(g.r.absPath(name))
}

func (g globFS) Stat(name string) (fs.FileInfo, error) {
	return g.r.cfg.FS.Stat(g.r.absPath(name))
}

func (g globFS) Lstat(name string) (fs.FileInfo, error) {
	return g.r.cfg.FS.Lstat(g.r.absPath(name))
}

// glob expands a pathname pattern: the sorted matches, or nil when none.
// ok is false after failglob's error.
func (r *Runner) glob(pat string) ([]string, bool) {
	opt := GlobOptions{DotGlob: r.opts.dotglob, GlobStar: r.opts.globstar,
		KeepDots: !*findOption(shoptOptions, "globskipdots").field(&r.opts)}
	if r.opts.extglob {
		opt.Flags |= PatExtglob
	}
	if r.opts.nocaseglob {
		opt.Flags |= PatNoCase
	}
	opt.Flags |= r.patBytes()
	if ig, ok := r.getVar("GLOBIGNORE"); ok && ig != "" {
		opt.Ignore = splitIgnore(ig)
	}
	out := Glob(pat, globFS{r}, opt)
	if len(out) == 0 {
		if r.opts.failglob {
			r.errorf("no match: %s", UnescapePattern(pat))
			if r.opts.errexit && r.noErrExit == 0 {
				// the line is abandoned with status 1, which set -e
				// does not forgive
				r.exitShell(1)
			}
			return nil, false
		}
		return nil, true
	}
	return out, true
}

// splitIgnore splits GLOBIGNORE at the colons that are not inside a
// bracket expression, as bash 5.2 does: [[:alnum:]]* is one pattern.
func splitIgnore(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '[':
			if end := bracketEnd(s, i); end > i {
				i = end
			}
		case ':':
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

// bracketEnd is the index of the ']' closing the bracket expression
// opening at s[i], or -1 when it is not closed.
func bracketEnd(s string, i int) int {
	j := i + 1
	if j < len(s) && (s[j] == '!' || s[j] == '^') {
		j++
	}
	if j < len(s) && s[j] == ']' {
		j++
	}
	for ; j < len(s); j++ {
		switch {
		case s[j] == '[' && j+1 < len(s) && strings.IndexByte(":.=", s[j+1]) >= 0:
			// [:class:], [.sym.], [=equiv=]
			if k := strings.Index(s[j+2:], string(s[j+1])+"]"); k >= 0 {
				j += k + 3
			}
		case s[j] == ']':
			return j
		}
	}
	return -1
}
