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
	opt := GlobOptions{DotGlob: r.opts.dotglob, GlobStar: r.opts.globstar}
	if r.opts.extglob {
		opt.Flags |= PatExtglob
	}
	if r.opts.nocaseglob {
		opt.Flags |= PatNoCase
	}
	if ig, ok := r.getVar("GLOBIGNORE"); ok && ig != "" {
		opt.Ignore = strings.Split(ig, ":")
	}
	out := Glob(pat, globFS{r}, opt)
	if len(out) == 0 {
		if r.opts.failglob {
			r.errorf("no match: %s", UnescapePattern(pat))
			return nil, false
		}
		return nil, true
	}
	return out, true
}
