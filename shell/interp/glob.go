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
	comps := splitGlob(pat)
	dir := "."
	if root != "" {
		dir = root
	}
	g.expand(dir, root, "", comps)
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
// globSep is "" when the component before comps was literal, else the
// slashes the pattern had after that matched name (shown as one, but
// for a final "**" that lists the directory itself: "*//**" shows "a/").
func (g *globber) expand(dir, prefix, globSep string, comps []globComp) {
	comp := comps[0].pat
	rest := comps[1:]
	last := len(rest) == 0
	if last && comp == "" {
		// The pattern ended in "/": what matched so far must be a directory.
		if g.isDir(dir) {
			g.out = append(g.out, prefix)
		}
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
		// A literal directory keeps its slashes as written ("./" + "/").
		g.expand(path, prefix+name+comps[0].sep, "", rest)
		return
	}
	if g.opt.GlobStar && comp == "**" {
		g.globstar(dir, prefix, globSep, rest)
		return
	}
	p := CompilePattern(comp, g.opt.Flags)
	explicitDot := strings.HasPrefix(comp, ".") || strings.HasPrefix(comp, `\.`)
	for _, name := range g.names(dir) {
		if name == "." || name == ".." {
			if !explicitDot || !g.opt.KeepDots || !p.Match(name) {
				continue
			}
		} else if !p.matchName(name, !g.opt.DotGlob) {
			continue
		}
		path := joinPath(dir, name)
		if last {
			g.out = append(g.out, prefix+name)
			continue
		}
		if g.isDir(path) {
			// After a matched name bash puts one slash, however many the
			// pattern had.
			g.expand(path, prefix+name+"/", comps[0].sep, rest)
		}
	}
}

// globComp is one component of a pattern and the slashes after it.
type globComp struct {
	pat string // "" only for the last: the pattern ended in "/"
	sep string // the slashes after pat, as written
}

// splitGlob splits a relative pattern (leading slashes removed) into
// components.
func splitGlob(pat string) []globComp {
	var comps []globComp
	for {
		i := strings.IndexByte(pat, '/')
		if i < 0 {
			return append(comps, globComp{pat: pat})
		}
		j := i
		for j < len(pat) && pat[j] == '/' {
			j++
		}
		comps = append(comps, globComp{pat: pat[:i], sep: pat[i:j]})
		pat = pat[j:]
		if pat == "" {
			return append(comps, globComp{})
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

// globstar matches "**" followed by rest: rest in dir and in every
// directory below it (hidden ones only with dotglob; links to
// directories are not entered). A final "**" matches every file and
// directory below dir, and dir itself as prefix when that is not empty.
func (g *globber) globstar(dir, prefix, globSep string, rest []globComp) {
	for len(rest) > 0 && rest[0].pat == "**" {
		// **/** is **, listing each path once (and a directory
		// before it as after a glob: "c/**/**" lists "c")
		rest, globSep = rest[1:], "/"
	}
	if len(rest) == 0 {
		// dir itself, after a prefix: "a/**" lists "a/", "*/**" lists "a".
		if prefix != "" && prefix != "/" && g.isDir(dir) {
			if globSep != "" {
				g.out = append(g.out, strings.TrimSuffix(prefix, "/")+globSep[1:])
			} else {
				g.out = append(g.out, prefix)
			}
		}
		g.walk(dir, prefix, func(path, shown string, isDir, isLink bool) {
			g.out = append(g.out, shown)
		})
		return
	}
	if len(rest) == 1 && rest[0].pat == "" {
		// "**/": every directory below dir, and dir itself after a prefix.
		if prefix != "" && prefix != "/" && g.isDir(dir) {
			g.out = append(g.out, prefix)
		}
		g.walk(dir, prefix, func(path, shown string, isDir, isLink bool) {
			if isDir {
				g.out = append(g.out, shown+"/")
			}
		})
		return
	}
	g.expand(dir, prefix, globSep, rest)
	g.walk(dir, prefix, func(path, shown string, isDir, isLink bool) {
		if isDir && !isLink {
			g.expand(path, shown+"/", "/", rest)
		}
	})
}

func (g *globber) isDir(dir string) bool {
	fi, err := g.fsys.Stat(dir)
	return err == nil && fi.IsDir()
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
		// Like bash, look at the last component for . and .. unless the
		// name ends in "/".
		last := p
		if i := strings.LastIndexByte(p, '/'); i >= 0 && i < len(p)-1 {
			last = p[i+1:]
		}
		if last == "." || last == ".." {
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

// matchPath matches s as bash's strmatch with FNM_PATHNAME does: no
// wildcard matches a "/", except that a "*" that ends the pattern
// matches all the rest ("a*" matches "a/b" in GLOBIGNORE).
func (p *Pattern) matchPath(s string) bool {
	if p.isLit || !p.groups {
		return matchPathSimple(p.items, s, p.flags&PatNoCase != 0, p.flags&PatBytes != 0)
	}
	// Extglob groups: component by component.
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

// matchPathSimple is matchSimple under FNM_PATHNAME.
func matchPathSimple(items []patItem, s string, fold, bytes bool) bool {
	i, j := 0, 0
	starI, starJ := -1, 0
	for {
		if i < len(items) {
			it := &items[i]
			switch it.kind {
			case pStar:
				if i == len(items)-1 {
					return true
				}
				starI, starJ = i, j
				i++
				continue
			case pLit:
				if end, ok := litAt(it.lit, s, j, fold); ok {
					i, j = i+1, end
					continue
				}
			case pAny, pClass:
				if j < len(s) && s[j] != '/' {
					r, n := charAt(s, j, bytes)
					if it.kind == pAny || it.class.match(r, fold) {
						i, j = i+1, j+n
						continue
					}
				}
			}
		} else if j == len(s) {
			return true
		}
		if starI < 0 || starJ >= len(s) || s[starJ] == '/' {
			return false
		}
		_, n := charAt(s, starJ, bytes)
		starJ += n
		i, j = starI+1, starJ
	}
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
