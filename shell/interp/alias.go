package interp

import (
	"context"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Aliases are expanded as bash expands them: when a line is read, before
// it is parsed, with the aliases defined by then (shopt -s
// expand_aliases; bash -c starts with it off, the interactive shell with
// it on). runFile reads the script a line at a time in this sense: at
// the start of each line, if the alias table differs from the one the
// rest of the script was last read with, the rest is read again from
// its original text with the current aliases expanded in it. So an
// alias defined on one line works from the next line on, not on its
// own line, and a function body gets the aliases of when it was read.

// maxAliasRounds bounds the expansion of aliases whose value starts
// with another alias.
const maxAliasRounds = 16

// aliasesNow is the alias table to expand while reading, "" when none
// applies, and a key that changes whenever the table does.
func (r *Runner) aliasesNow() (map[string]string, string) {
	if !r.opts.expandAliases || r.aliases == nil || len(r.aliases.m) == 0 {
		return nil, ""
	}
	names := make([]string, 0, len(r.aliases.m))
	for n := range r.aliases.m {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		b.WriteString(n + "\x00" + r.aliases.m[n] + "\x00")
	}
	return r.aliases.m, b.String()
}

// aliasEdit replaces src[from:to] (a command word) with an alias's value.
type aliasEdit struct {
	from, to int
	name     string
}

// expandAliasText expands the aliases of m in text's command words: the
// first word of each simple command, and the word after an alias whose
// value ends in a blank. An alias is not expanded again in the text its
// own expansion produced. ok is false when nothing changed.
func expandAliasText(text string, m map[string]string) (string, bool) {
	done := map[int]map[string]bool{} // names expanded at an offset
	changed := false
	for round := 0; round < maxAliasRounds; round++ {
		var edits []aliasEdit
		f, err := parseBash(text)
		if err != nil {
			// Text that parses only with its aliases expanded (alias
			// foo=if): the command word it starts with.
			e, ok := leadingAlias(text, m, done)
			if !ok {
				break
			}
			edits = append(edits, e)
			f = &syntax.File{}
		}
		word := func(w *syntax.Word) (string, bool) {
			if w == nil || len(w.Parts) != 1 {
				return "", false
			}
			lit, ok := w.Parts[0].(*syntax.Lit)
			if !ok {
				return "", false
			}
			from := int(w.Pos().Offset())
			if _, ok := m[lit.Value]; !ok || done[from][lit.Value] {
				return "", false
			}
			edits = append(edits, aliasEdit{from, int(w.End().Offset()), lit.Value})
			return m[lit.Value], true
		}
		syntax.Walk(f, func(n syntax.Node) bool {
			ce, ok := n.(*syntax.CallExpr)
			if !ok {
				return true
			}
			for i := 0; i < len(ce.Args); i++ {
				v, ok := word(ce.Args[i])
				if !ok || !strings.HasSuffix(v, " ") && !strings.HasSuffix(v, "\t") {
					break
				}
			}
			return true
		})
		if len(edits) == 0 {
			break
		}
		sort.Slice(edits, func(i, j int) bool { return edits[i].from < edits[j].from })
		var b strings.Builder
		next := map[int]map[string]bool{}
		at, shift := 0, 0
		for _, e := range edits {
			if e.from < at {
				continue
			}
			for off, names := range done {
				if off >= at && off < e.from {
					next[off+shift] = names
				}
			}
			b.WriteString(text[at:e.from])
			names := map[string]bool{e.name: true}
			for n := range done[e.from] {
				names[n] = true
			}
			next[e.from+shift] = names
			b.WriteString(m[e.name])
			shift += len(m[e.name]) - (e.to - e.from)
			at = e.to
		}
		for off, names := range done {
			if off >= at {
				next[off+shift] = names
			}
		}
		b.WriteString(text[at:])
		text, done, changed = b.String(), next, true
	}
	return text, changed
}

// leadingAlias is the edit for an alias of m that text starts with (after
// blanks), unless it was expanded there already.
func leadingAlias(text string, m map[string]string, done map[int]map[string]bool) (aliasEdit, bool) {
	from := len(text) - len(strings.TrimLeft(text, " \t\n"))
	to := from
	for to < len(text) && !strings.ContainsRune(" \t\n;&|()<>'\"\\$`", rune(text[to])) {
		to++
	}
	name := text[from:to]
	if _, ok := m[name]; !ok || done[from][name] {
		return aliasEdit{}, false
	}
	if to < len(text) && !strings.ContainsRune(" \t\n;&|)", rune(text[to])) {
		return aliasEdit{}, false
	}
	return aliasEdit{from, to, name}, true
}

// lineStart is the offset where line (1-based) starts in src.
func lineStart(src string, line uint) int {
	off := 0
	for l := uint(1); l < line; l++ {
		i := strings.IndexByte(src[off:], '\n')
		if i < 0 {
			return len(src)
		}
		off += i + 1
	}
	return off
}

// stmtsReading runs the commands of text read now (eval, source,
// traps) as rd reads them: each line gets the aliases defined by the
// time it is reached.
func (r *Runner) stmtsReading(ctx context.Context, rd *reader) {
	for r.flow == flowNone {
		st := r.next(ctx, rd)
		if st == nil {
			return
		}
		if ctx.Err() != nil {
			r.lastStatus = 130
			r.flow = flowExit
			return
		}
		r.stmt(ctx, st)
	}
}
