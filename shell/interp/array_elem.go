package interp

import (
	"context"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Elements of a ( ) list that bash reads apart from mvdan/sh's parser:
//
//   - [k]+=v appends v to element k (bash 4.3+); the parser refuses it,
//     so the parse masks its += as =_ (maskElemAppend) and the element is
//     read back here (elemAppend);
//   - [k]=v whose word brace-expands to several words ([k]=-{a,b}-) is
//     no keyed element to bash: its words are plain elements, "[k]=-a-"
//     and "[k]=-b-" (plainElem).

// maskElemAppend masks the += of a [k]+=v at off (the [) that the
// parser refused: [k]=_v.
func maskElemAppend(src string, off int, msg string) (string, bool) {
	if msg != "`[x]` must be followed by `=`" || off >= len(src) || src[off] != '[' {
		return "", false
	}
	end, ok := matchClose(src, off+1, "]")
	if !ok || !strings.HasPrefix(src[end+1:], "+=") {
		return "", false
	}
	return src[:end+1] + "=_" + src[end+3:], true
}

// elemAppend reports whether el is a [k]+=v masked for the parse, and
// its value word v.
func (r *Runner) elemAppend(el *syntax.ArrayElem) (*syntax.Word, bool) {
	if el.Index == nil || el.Value == nil || len(el.Value.Parts) == 0 {
		return el.Value, false
	}
	lit, ok := el.Value.Parts[0].(*syntax.Lit)
	off := int(el.Value.Pos().Offset())
	if !ok || !strings.HasPrefix(lit.Value, "_") || off < 1 || off >= len(r.src) || r.src[off-1:off+1] != "+=" {
		return el.Value, false
	}
	w := &syntax.Word{Parts: append([]syntax.WordPart(nil), el.Value.Parts...)}
	cp := *lit
	cp.Value = lit.Value[1:]
	cp.ValuePos = syntax.NewPos(uint(off+1), lit.ValuePos.Line(), lit.ValuePos.Col()+1)
	w.Parts[0] = &cp
	if cp.Value == "" {
		w.Parts = w.Parts[1:]
	}
	return w, true
}

// plainElem reports whether el, a [k]=v of an indexed list, is plain
// words to bash (its word brace-expands to several), and those words.
func (r *Runner) plainElem(ctx context.Context, el *syntax.ArrayElem) ([]string, bool, bool) {
	if el.Index == nil || el.Value == nil || len(r.braces(el.Value)) < 2 {
		return nil, false, true
	}
	from, to := int(el.Index.Pos().Offset()), int(el.End().Offset())
	for from > 0 && from <= len(r.src) && r.src[from-1] != '[' {
		from--
	}
	if from < 1 || to > len(r.src) {
		return nil, false, true
	}
	parts, src, ok := parseWordText(r.src[from-1 : to])
	if !ok {
		return nil, false, true
	}
	saved := r.src
	r.src = src
	fs, ok := r.fields(ctx, &syntax.Word{Parts: parts})
	r.src = saved
	return fs, true, ok
}

// appendElem is element old with val appended, as [k]+=val makes it:
// added to for an integer array.
func (r *Runner) appendElem(v *Var, old, val string) string {
	if v.attrs&attrInteger == 0 {
		return r.convert(v, old+val)
	}
	n, _ := strconv.ParseInt(old, 10, 64)
	m, _ := strconv.ParseInt(r.convert(v, val), 10, 64)
	return strconv.FormatInt(n+m, 10)
}
