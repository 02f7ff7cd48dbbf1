package interp

import (
	"context"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// mvdan/sh's parser refuses an element or a list assigned before a
// command (b[0]=2 cmd, B=(b b) cmd) and a list assigned to an element
// (a[0]=(3 4)), which bash reads and judges when it runs them: the
// element is "`b[0]': not a valid identifier" and is not bound, the
// list is bound as its words joined, "(b b)", and a list for an
// element is "a[0]: cannot assign list to array member". maskList
// masks them for the parse (parse.go): the [...] of the name or the
// (...) of the value becomes underscores; the runner reads the text as
// written (maskedName, maskedList).

// maskList masks the subscript or list of the assignment at off that
// the parser refused (msg); ok is false when there is none.
func maskList(src string, off int, msg string) (string, bool) {
	switch msg {
	case "inline variables cannot be arrays":
		i := off
		for i < len(src) && isNameByte(src[i]) {
			i++
		}
		if i == off || i == len(src) {
			return "", false
		}
		if src[i] == '[' {
			if end, ok := matchClose(src, i+1, "]"); ok {
				return underscores(src, i, end+1)
			}
			return "", false
		}
		if strings.HasPrefix(src[i:], "+") {
			i++
		}
		if strings.HasPrefix(src[i:], "=(") {
			return maskParens(src, i+1)
		}
	case "arrays cannot be nested":
		// a[0]=(3 4): off is at the = or the (
		i := off
		if i < len(src) && src[i] == '=' {
			i++
		}
		if i < len(src) && src[i] == '(' && i >= 2 && src[i-1] == '=' && (src[i-2] == ']' || src[i-2] == '+' && i >= 3 && src[i-3] == ']') {
			return maskParens(src, i)
		}
	}
	return "", false
}

// maskParens masks the (...) that opens at open.
func maskParens(src string, open int) (string, bool) {
	end, ok := matchClose(src, open+1, ")")
	if !ok {
		return "", false
	}
	return underscores(src, open, end+1)
}

// underscores makes src[from:to] underscores, unless it spans lines.
func underscores(src string, from, to int) (string, bool) {
	if strings.IndexByte(src[from:to], '\n') >= 0 {
		return "", false
	}
	return src[:from] + strings.Repeat("_", to-from) + src[to:], true
}

// maskedName is the name[subscript] of an assignment whose subscript
// was masked (above, and a[]=1 in parse.go), as written.
func (r *Runner) maskedName(as *syntax.Assign) (string, bool) {
	from, to := int(as.Name.Pos().Offset()), int(as.Name.End().Offset())
	if !as.Name.Pos().IsValid() || to > len(r.src) || from >= to {
		return "", false
	}
	text := r.src[from:to]
	return text, text != as.Name.Value && strings.IndexByte(text, '[') > 0
}

// maskedList is the (...) of an assignment's value masked (above), as
// written.
func (r *Runner) maskedList(w *syntax.Word) (string, bool) {
	if w == nil || len(w.Parts) != 1 {
		return "", false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok || strings.Trim(lit.Value, "_") != "" {
		return "", false
	}
	from, to := int(lit.Pos().Offset()), int(lit.End().Offset())
	if to > len(r.src) || from >= to || r.src[from] != '(' || r.src[to-1] != ')' {
		return "", false
	}
	return r.src[from:to], true
}

// listText is a list bound before a command as bash binds it: its
// words expanded, between parentheses.
func (r *Runner) listText(ctx context.Context, list string) (string, bool) {
	src := ": " + list[1:len(list)-1] + "\n"
	f, err := parseBash(src)
	if err != nil || len(f.Stmts) != 1 {
		return list, true
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok {
		return list, true
	}
	saved := r.src
	r.src = src
	defer func() { r.src = saved }()
	var words []string
	for _, w := range call.Args[1:] {
		fs, ok := r.fields(ctx, w)
		if !ok {
			return "", false
		}
		words = append(words, fs...)
	}
	return "(" + strings.Join(words, " ") + ")", true
}
