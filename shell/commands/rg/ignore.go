package rg

import (
	"regexp"
	"strings"

	"memsh/shell/internal/gitglob"
)

// rule is one line of an ignore file (or one -g glob): a pattern
// compiled to a regexp over a slash-separated path relative to the
// directory the file is in.
type rule struct {
	re      *regexp.Regexp
	negate  bool // "!pat": whitelist what an earlier rule ignored
	dirOnly bool // "pat/": directories only
	base    bool // no "/" (nor "**"): the base name alone decides
}

// ignoreFile is the rules of one .gitignore, .ignore or .rgignore (or
// of the -g globs), in file order; the last rule that matches decides.
type ignoreFile struct {
	dir   string // absolute directory the patterns are relative to
	rules []rule
}

// parseIgnore reads gitignore syntax: comments, "!" negation, a
// trailing "/" for directories, a "/" anywhere but the end anchoring the
// pattern to dir, "**" for any number of directories.
func parseIgnore(dir, text string) *ignoreFile {
	f := &ignoreFile{dir: dir}
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimSuffix(line, "\r")
		if line == "" || line[0] == '#' {
			continue
		}
		line = trimTrailingSpace(line)
		if r, ok := compileGlob(line); ok {
			f.rules = append(f.rules, r)
		}
	}
	return f
}

// trimTrailingSpace drops trailing blanks unless escaped with "\".
func trimTrailingSpace(s string) string {
	for strings.HasSuffix(s, " ") && !strings.HasSuffix(s, "\\ ") {
		s = s[:len(s)-1]
	}
	return s
}

// compileGlob turns one gitignore line into a rule.
func compileGlob(pat string) (rule, bool) {
	var r rule
	if strings.HasPrefix(pat, "!") {
		r.negate = true
		pat = pat[1:]
	} else if strings.HasPrefix(pat, "\\!") || strings.HasPrefix(pat, "\\#") {
		pat = pat[1:]
	}
	if strings.HasSuffix(pat, "/") {
		r.dirOnly = true
		pat = strings.TrimRight(pat, "/")
	}
	if pat == "" {
		return r, false
	}
	anchored := strings.Contains(pat, "/")
	r.base = !anchored && !strings.Contains(pat, "**")
	pat = strings.TrimPrefix(pat, "/")
	var b strings.Builder
	b.WriteString("^")
	if !anchored {
		b.WriteString("(?:.*/)?")
	}
	b.WriteString(gitglob.Regexp(pat))
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	if err != nil {
		return r, false
	}
	r.re = re
	return r, true
}

// match reports whether an entry is ignored (+1), whitelisted (-1) or
// untouched (0) by f: name is its base name, rel builds its path
// relative to f.dir, asked only by a rule that needs more than the name
// (a walk of a deep tree builds no long path for the others).
func (f *ignoreFile) match(name string, rel func() string, isDir bool) int {
	for i := len(f.rules) - 1; i >= 0; i-- {
		r := f.rules[i]
		if r.dirOnly && !isDir {
			continue
		}
		subject := name
		if !r.base {
			subject = rel()
		}
		if r.re.MatchString(subject) {
			if r.negate {
				return -1
			}
			return 1
		}
	}
	return 0
}

// relTo is p relative to dir, both absolute and clean; ok is false when
// p is not inside dir.
func relTo(dir, p string) (string, bool) {
	if dir == "/" {
		return strings.TrimPrefix(p, "/"), true
	}
	if !strings.HasPrefix(p, dir+"/") {
		return "", false
	}
	return p[len(dir)+1:], true
}
