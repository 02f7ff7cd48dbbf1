package interp

import (
	"io/fs"
	"sort"
	"strings"
)

// Pathname expansion (bash's lib/glob/glob.c and pathexp.c) over the
// filesystem the runner gives: memfs, with relative names resolved
// against the shell's working directory.

// GlobFS is the filesystem pathname expansion reads. Names are as the
// pattern spells them ("." for the working directory, "a/b" relative to
// it, "/x" absolute); memfs.FS satisfies it once relative names are
// resolved.
type GlobFS interface {
	ReadDir(name string) ([]fs.DirEntry, error)
	Stat(name string) (fs.FileInfo, error)
	Lstat(name string) (fs.FileInfo, error)
}

// GlobOptions are the shell options pathname expansion obeys. nullglob
// and failglob are the caller's: Glob returns no paths and the caller
// decides what that means.
type GlobOptions struct {
	// Flags: PatExtglob (extglob), PatNoCase (nocaseglob).
	Flags PatternFlags
	// DotGlob matches names starting with "." without a leading "." in
	// the pattern (dotglob).
	DotGlob bool
	// GlobStar makes a "**" component match any depth of directories
	// (globstar); symbolic links to directories are listed, not entered.
	GlobStar bool
	// KeepDots lets "." and ".." match (globskipdots off).
	KeepDots bool
	// Ignore is GLOBIGNORE split at ':'; when it is non-empty, matches of
	// any of its patterns are dropped, DotGlob is implied and "." and ".."
	// never match.
	Ignore []string
}

// Glob expands pattern pat (quoted characters escaped, see QuotePattern)
// into the sorted paths that match it. It returns nil when nothing
// matches, and pat without wildcards is not looked up: the caller calls
// Glob only when HasGlob(pat) says so.
func Glob(pat string, fsys GlobFS, opt GlobOptions) []string {
	g := &globber{fsys: fsys, opt: opt}
	if len(opt.Ignore) > 0 {
		g.opt.DotGlob = true
		g.opt.KeepDots = false
	}
	root := ""
	for strings.HasPrefix(pat, "/") {
		root += "/"
		pat = pat[1:]
	}
	comps := strings.Split(pat, "/")
	dir := "."
	if root != "" {
		dir = root
	}
	g.expand(dir, root, comps)
	if len(opt.Ignore) > 0 {
		g.out = g.filterIgnored(g.out)
	}
	sort.Strings(g.out)
	return g.out
}

type globber struct {
	fsys GlobFS
	opt  GlobOptions
	out  []string
}

// expand matches comps under directory dir, whose spelling in results is
// prefix (empty or ending in "/").
func (g *globber) expand(dir, prefix string, comps []string) {
	comp := comps[0]
	rest := comps[1:]
	last := len(rest) == 0
	if last && comp == "" {
		// The pattern ended in "/": what matched so far must be a directory.
		if fi, err := g.fsys.Stat(dir); err == nil && fi.IsDir() {
			g.out = append(g.out, prefix)
		}
		return
	}
	if comp == "" { // "a//b"
		g.expand(dir, prefix+"/", rest)
		return
	}
	if !HasGlob(comp, g.opt.Flags) {
		name := UnescapePattern(comp)
		path := joinPath(dir, name)
		if last {
			if _, err := g.fsys.Lstat(path); err == nil {
				g.out = append(g.out, prefix+name)
			}
			return
		}
		g.expand(path, prefix+name+"/", rest)
		return
	}
	if g.opt.GlobStar && comp == "**" {
		g.globstar(dir, prefix, rest)
		return
	}
	p := CompilePattern(comp, g.opt.Flags)
	explicitDot := strings.HasPrefix(comp, ".") || strings.HasPrefix(comp, `\.`)
	for _, name := range g.names(dir) {
		if !g.dotOK(name, explicitDot) || !p.Match(name) {
			continue
		}
		path := joinPath(dir, name)
		if last {
			g.out = append(g.out, prefix+name)
			continue
		}
		if fi, err := g.fsys.Stat(path); err == nil && fi.IsDir() {
			g.expand(path, prefix+name+"/", rest)
		}
	}
}

// names lists dir, with "." and ".." when KeepDots lets them match.
func (g *globber) names(dir string) []string {
	ents, err := g.fsys.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	if g.opt.KeepDots {
		names = append(names, ".", "..")
	}
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// dotOK applies the leading-dot rule: a hidden name needs a pattern that
// starts with "." unless dotglob; "." and ".." need it always.
func (g *globber) dotOK(name string, explicitDot bool) bool {
	if name == "." || name == ".." {
		return explicitDot && g.opt.KeepDots
	}
	return name[0] != '.' || explicitDot || g.opt.DotGlob
}

// globstar matches "**" followed by rest: rest in dir and in every
// directory below it (hidden ones only with dotglob; links to
// directories are not entered). A final "**" matches every file and
// directory below dir, and dir itself as prefix when that is not empty.
func (g *globber) globstar(dir, prefix string, rest []string) {
	if len(rest) == 0 {
		if prefix != "" && prefix != "/" {
			g.out = append(g.out, prefix)
		}
		g.walk(dir, prefix, func(path, shown string, isDir, isLink bool) {
			g.out = append(g.out, shown)
		})
		return
	}
	if len(rest) == 1 && rest[0] == "" {
		// "**/": every directory below dir.
		g.walk(dir, prefix, func(path, shown string, isDir, isLink bool) {
			if isDir {
				g.out = append(g.out, shown+"/")
			}
		})
		return
	}
	g.expand(dir, prefix, rest)
	g.walk(dir, prefix, func(path, shown string, isDir, isLink bool) {
		if isDir && !isLink {
			g.expand(path, shown+"/", rest)
		}
	})
}

// walk calls f for every entry below dir, depth first in directory
// order; isDir follows symbolic links, descent does not.
func (g *globber) walk(dir, prefix string, f func(path, shown string, isDir, isLink bool)) {
	ents, err := g.fsys.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		name := e.Name()
		if name[0] == '.' && !g.opt.DotGlob {
			continue
		}
		path := joinPath(dir, name)
		shown := prefix + name
		isDir := e.IsDir()
		isLink := e.Type()&fs.ModeSymlink != 0
		if isLink {
			if fi, err := g.fsys.Stat(path); err == nil && fi.IsDir() {
				isDir = true
			}
		}
		f(path, shown, isDir, isLink)
		if isDir && !isLink {
			g.walk(path, shown+"/", f)
		}
	}
}

func joinPath(dir, name string) string {
	switch {
	case dir == ".":
		return name
	case strings.HasSuffix(dir, "/"):
		return dir + name
	}
	return dir + "/" + name
}

// filterIgnored drops paths GLOBIGNORE's patterns match (a "*" there
// does not match "/") and, as bash does, "." and ".." in any form.
func (g *globber) filterIgnored(paths []string) []string {
	pats := make([]*Pattern, 0, len(g.opt.Ignore))
	for _, s := range g.opt.Ignore {
		if s != "" {
			pats = append(pats, CompilePattern(s, g.opt.Flags))
		}
	}
	out := paths[:0]
	for _, p := range paths {
		base := p[strings.LastIndexByte(strings.TrimSuffix(p, "/"), '/')+1:]
		if base == "." || base == ".." || base == "./" || base == "../" {
			continue
		}
		ignored := false
		for _, ip := range pats {
			if ip.matchPath(p) {
				ignored = true
				break
			}
		}
		if !ignored {
			out = append(out, p)
		}
	}
	return out
}

// matchPath matches s as FNM_PATHNAME does: the pattern's "/" must meet
// the path's, component by component, so no wildcard matches a "/".
func (p *Pattern) matchPath(s string) bool {
	if !strings.Contains(s, "/") && !p.hasSlash() {
		return p.Match(s)
	}
	pcomps := splitPatternPath(p)
	scomps := strings.Split(s, "/")
	if len(pcomps) != len(scomps) {
		return false
	}
	for i := range pcomps {
		if !pcomps[i].Match(scomps[i]) {
			return false
		}
	}
	return true
}

func (p *Pattern) hasSlash() bool {
	for _, it := range p.items {
		if it.kind == pLit && strings.Contains(it.lit, "/") {
			return true
		}
	}
	return false
}

// splitPatternPath splits p at the "/" of its literal parts.
func splitPatternPath(p *Pattern) []*Pattern {
	var out []*Pattern
	cur := &Pattern{flags: p.flags}
	for _, it := range p.items {
		if it.kind != pLit || !strings.Contains(it.lit, "/") {
			cur.items = append(cur.items, it)
			continue
		}
		parts := strings.Split(it.lit, "/")
		for i, part := range parts {
			if part != "" {
				cur.items = append(cur.items, patItem{kind: pLit, lit: part})
			}
			if i < len(parts)-1 {
				out = append(out, cur)
				cur = &Pattern{flags: p.flags}
			}
		}
	}
	out = append(out, cur)
	for _, q := range out {
		q.lit, q.isLit = literalOf(q.items)
		for _, it := range q.items {
			if it.kind == pGroup {
				q.groups = true
			}
		}
	}
	return out
}
