package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// tildeAfterColon expands the tilde prefixes that follow a ':' in an
// assignment's value (PATH=$PATH:~/bin), as bash does; mvdan/sh expands
// only the one at the start. A prefix is ~ or ~user ending at '/', ':'
// or the end of the value, all unquoted.
func (c *core) tildeAfterColon(w *syntax.Word) {
	if w == nil {
		return
	}
	var out []syntax.WordPart
	changed := false
	for i, part := range w.Parts {
		lit, ok := part.(*syntax.Lit)
		if !ok || !strings.Contains(lit.Value, ":~") {
			out = append(out, part)
			continue
		}
		last := i == len(w.Parts)-1
		s := lit.Value
		start := 0
		for j := 0; j+1 < len(s); j++ {
			if s[j] != ':' || s[j+1] != '~' || (j > 0 && s[j-1] == '\\') {
				continue
			}
			end := j + 2
			for end < len(s) && s[end] != '/' && s[end] != ':' {
				end++
			}
			if end == len(s) && !last {
				continue // the prefix runs into a quoted or expanded part
			}
			home, ok := c.tildeHome(s[j+2 : end])
			if !ok {
				continue
			}
			out = append(out, &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: s[start : j+1]}, home)
			start, changed = end, true
			j = end - 1
		}
		if start < len(s) {
			out = append(out, &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: s[start:]})
		}
	}
	if changed {
		w.Parts = out
	}
}

// tildeHome is what ~user stands for: $HOME for an empty user, the home
// directory memfs's /etc/passwd gives a known user.
func (c *core) tildeHome(user string) (syntax.WordPart, bool) {
	if user == "" {
		return &syntax.DblQuoted{Parts: []syntax.WordPart{&syntax.ParamExp{Short: true, Param: &syntax.Lit{Value: "HOME"}}}}, true
	}
	if !validUserName(user) {
		return nil, false
	}
	home, ok := c.userHome(user)
	if !ok {
		return nil, false
	}
	return &syntax.SglQuoted{Value: home}, true
}

// tildeArgs expands the tildes of a command's arguments that look like
// assignments (make PREFIX=~/local, dd of=~/x): after the '=' and after
// each ':', as bash does outside POSIX mode.
func (c *core) tildeArgs(st *syntax.Stmt) {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) < 2 || strings.HasPrefix(ce.Args[0].Lit(), internalPrefix) {
		return
	}
	for _, w := range ce.Args[1:] {
		lit, ok := w.Parts[0].(*syntax.Lit)
		if !ok {
			continue
		}
		eq := strings.IndexByte(lit.Value, '=')
		if eq <= 0 || !syntax.ValidName(lit.Value[:eq]) || !strings.Contains(lit.Value[eq:], "~") {
			continue
		}
		value := &syntax.Word{Parts: append([]syntax.WordPart{&syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: lit.Value[eq+1:]}}, w.Parts[1:]...)}
		c.leadingTilde(value)
		c.tildeAfterColon(value)
		w.Parts = append([]syntax.WordPart{&syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: lit.Value[:eq+1]}}, value.Parts...)
	}
}

// leadingTilde expands a tilde prefix at the start of w.
func (c *core) leadingTilde(w *syntax.Word) {
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok || !strings.HasPrefix(lit.Value, "~") {
		return
	}
	end := strings.IndexAny(lit.Value, "/:")
	if end < 0 {
		if len(w.Parts) > 1 {
			return // the prefix runs into a quoted or expanded part
		}
		end = len(lit.Value)
	}
	home, ok := c.tildeHome(lit.Value[1:end])
	if !ok {
		return
	}
	rest := []syntax.WordPart{home}
	if end < len(lit.Value) {
		rest = append(rest, &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: lit.Value[end:]})
	}
	w.Parts = append(rest, w.Parts[1:]...)
}
