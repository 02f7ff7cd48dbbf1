package devutil

import (
	"path"
	"regexp"
	"strings"
)

// gitRule is one pattern of a .gitignore file, for tree --gitignore.
type gitRule struct {
	base    string // directory holding the .gitignore
	negate  bool   // "!pattern": include again
	dirOnly bool   // "pattern/": directories only
	anchor  bool   // the pattern has a "/": matched against the path below base
	re      *regexp.Regexp
}

// parseGitignore reads a .gitignore's patterns.
func parseGitignore(base, text string) []gitRule {
	var rules []gitRule
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if !strings.HasSuffix(line, "\\ ") {
			line = strings.TrimRight(line, " ")
		}
		r := gitRule{base: base}
		if strings.HasPrefix(line, "!") {
			r.negate, line = true, line[1:]
		} else if strings.HasPrefix(line, "\\!") || strings.HasPrefix(line, "\\#") {
			line = line[1:]
		}
		// tree 2.1 anchors any pattern with a "/", a trailing one too
		// (git would match "dir/" at any depth).
		r.anchor = strings.Contains(line, "/")
		if strings.HasSuffix(line, "/") {
			r.dirOnly, line = true, strings.TrimRight(line, "/")
		}
		line = strings.TrimPrefix(line, "/")
		if line == "" {
			continue
		}
		re, err := regexp.Compile("^" + globRegexp(line) + "$")
		if err != nil {
			continue
		}
		r.re = re
		rules = append(rules, r)
	}
	return rules
}

// globRegexp translates a gitignore glob: "*" and "?" stay within a
// path component, "**" spans components, [...] is a class.
func globRegexp(g string) string {
	var b strings.Builder
	for i := 0; i < len(g); i++ {
		c := g[i]
		switch {
		case strings.HasPrefix(g[i:], "**/"):
			b.WriteString("(?:.*/)?")
			i += 2
		case strings.HasPrefix(g[i:], "/**") && i+3 == len(g):
			b.WriteString("/.*")
			i += 2
		case strings.HasPrefix(g[i:], "**"):
			b.WriteString(".*")
			i++
		case c == '*':
			b.WriteString("[^/]*")
		case c == '?':
			b.WriteString("[^/]")
		case c == '[':
			j := strings.IndexByte(g[i+1:], ']')
			if j < 0 {
				b.WriteString(`\[`)
				continue
			}
			class := g[i+1 : i+1+j]
			if strings.HasPrefix(class, "!") {
				class = "^" + class[1:]
			}
			b.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
			i += j + 1
		case c == '\\' && i+1 < len(g):
			i++
			b.WriteString(regexp.QuoteMeta(string(g[i])))
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	return b.String()
}

// gitRules are the .gitignore rules in force in dir: those of every
// directory from the root being listed down to dir, outermost first.
func (t *treeRun) gitRules(dir string) []gitRule {
	if rules, ok := t.gitCache[dir]; ok {
		return rules
	}
	var rules []gitRule
	if parent := path.Dir(dir); parent != dir && strings.HasPrefix(dir, strings.TrimSuffix(t.rootAbs, "/")+"/") {
		rules = append(rules, t.gitRules(parent)...)
	}
	if data, err := t.inv.FS.ReadFile(path.Join(dir, ".gitignore")); err == nil {
		rules = append(rules, parseGitignore(dir, string(data))...)
	}
	if t.gitCache == nil {
		t.gitCache = map[string][]gitRule{}
	}
	t.gitCache[dir] = rules
	return rules
}

// gitIgnored tells whether the .gitignore rules exclude the entry at
// abs: the last rule that matches decides.
func gitIgnored(rules []gitRule, abs string, isDir bool) bool {
	ignored := false
	for _, r := range rules {
		if r.dirOnly && !isDir {
			continue
		}
		rel, ok := strings.CutPrefix(abs, r.base+"/")
		if !ok {
			continue
		}
		subject := path.Base(rel)
		if r.anchor {
			subject = rel
		}
		if r.re.MatchString(subject) {
			ignored = !r.negate
		}
	}
	return ignored
}
