package tui

import (
	"context"
	"path"
	"slices"
	"strings"

	"memsh/shell"
)

// specCompleter is a session that runs the user's `complete` specs
// (*shell.Session does).
type specCompleter interface {
	Complete(ctx context.Context, req shell.CompletionRequest) (shell.Completion, bool)
}

// compLine is the command around the cursor, cut into words as bash
// gives them to a completion spec (COMP_WORDS): split at blanks outside
// quotes, quotes kept, the word at the cursor ending at the cursor.
// The session cuts them again at COMP_WORDBREAKS, from Line.
func (e *editor) compLine() shell.CompletionRequest {
	from := e.pos
	for from > 0 && !strings.ContainsRune(";|&(\n`{", e.buf[from-1]) {
		from--
	}
	for from < e.pos && (e.buf[from] == ' ' || e.buf[from] == '\t') {
		from++
	}
	to := e.pos
	for to < len(e.buf) && !strings.ContainsRune(";|&)\n`}", e.buf[to]) {
		to++
	}
	req := shell.CompletionRequest{Line: string(e.buf[from:to]), Point: len(string(e.buf[from:e.pos]))}
	type span struct{ start, end int }
	var spans []span
	quote := rune(0)
	for i := from; i < to; i++ {
		r := e.buf[i]
		if quote == 0 && (r == ' ' || r == '\t') {
			continue
		}
		if len(spans) == 0 || spans[len(spans)-1].end < i {
			spans = append(spans, span{i, i})
		}
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\\' && i+1 < to:
			i++
		case r == '\'' || r == '"':
			quote = r
		}
		spans[len(spans)-1].end = i + 1
	}
	req.Index = -1
	for _, sp := range spans {
		switch {
		case sp.start <= e.pos && e.pos <= sp.end:
			req.Index = len(req.Words)
			req.Words = append(req.Words, string(e.buf[sp.start:e.pos]))
			continue
		case req.Index < 0 && sp.start > e.pos:
			req.Index = len(req.Words)
			req.Words = append(req.Words, "")
		}
		req.Words = append(req.Words, string(e.buf[sp.start:sp.end]))
	}
	if req.Index < 0 {
		req.Index = len(req.Words)
		req.Words = append(req.Words, "")
	}
	return req
}

// completeSpec asks the session for the candidates of the user's spec
// for the command at the cursor (complete -E's on an empty line, -I's
// for the command word); ok is false when none applies (the built-in
// completion then runs). word is the text at the cursor, typed after
// quote (0: none); the candidates replace its last len(word)-skip bytes,
// the part after the last COMP_WORDBREAKS character (--opt=va: va), as
// readline replaces bash's.
func completeSpec(sh Shell, req shell.CompletionRequest, word string, quote rune) (items []compItem, note string, skip int, ok bool) {
	sc, isSC := sh.(specCompleter)
	if !isSC {
		return nil, "", 0, false
	}
	res, ok := sc.Complete(context.Background(), req)
	if !ok {
		return nil, "", 0, false
	}
	if res.Word != word && strings.HasSuffix(word, res.Word) {
		skip = len(word) - len(res.Word)
		word = res.Word
	}
	has := func(o string) bool { return slices.Contains(res.Options, o) }
	isDir := func(p string) bool {
		fsys := sh.FS()
		if fsys == nil {
			return false
		}
		if !strings.HasPrefix(p, "/") {
			p = path.Join(sh.Dir(), p)
		}
		fi, err := fsys.Stat(p)
		return err == nil && fi.IsDir()
	}
	for _, m := range res.Matches {
		it := compItem{display: m}
		switch {
		case has("filenames"):
			// Names: quoted for where they go, a directory gets a /.
			it.insert = quoteIn(m, quote)
			if has("noquote") {
				it.insert = m
			}
			if isDir(m) {
				it.insert += "/"
				break
			}
			if quote != 0 {
				it.insert += string(quote)
			}
			if !has("nospace") {
				it.insert += " "
			}
		default:
			it.insert = m
			if !has("nospace") {
				it.insert += " "
			}
		}
		items = append(items, it)
	}
	if has("plusdirs") || len(items) == 0 && has("dirnames") {
		for _, it := range completePaths(sh, word, quote) {
			if strings.HasSuffix(it.insert, "/") {
				items = append(items, it)
			}
		}
	}
	if len(items) == 0 && (has("default") || has("bashdefault")) {
		items = completePaths(sh, word, quote)
	}
	if !has("nosort") {
		slices.SortStableFunc(items, func(a, b compItem) int { return strings.Compare(a.display, b.display) })
		items = slices.CompactFunc(items, func(a, b compItem) bool { return a.insert == b.insert })
	}
	return items, strings.TrimRight(res.Stderr, "\n"), skip, true
}
