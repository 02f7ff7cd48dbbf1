package devutil

import (
	"path"
	"regexp"
	"strings"

	"memsh/shell/internal/gitglob"
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
		re, err := regexp.Compile("^" + gitglob.Regexp(line) + "$")
		if err != nil {
			continue
		}
		r.re = re
		rules = append(rules, r)
	}
	return rules
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
