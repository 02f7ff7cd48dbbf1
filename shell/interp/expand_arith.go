package interp

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Arithmetic reaches arith.go as text, as bash passes it: the parsed
// expression is printed back with its words expanded ($x, $(...),
// quotes removed), so `(( x$i = 42 ))` evaluates "x3 = 42". An
// expression with no expansion prints the same text every time; it is
// kept per node.

// arith evaluates a parsed arithmetic expression. A failure has been
// printed; for $(( )) bash then abandons the command.
func (r *Runner) arith(ctx context.Context, x syntax.ArithmExpr) (int64, error) {
	return r.arithWithin(ctx, x, 0, 0)
}

// arithWithin is arith for the text between two offsets of the source
// (inside $(( )) or (( )), blanks included, as bash quotes it in its
// messages); 0, 0 means the expression's own extent.
func (r *Runner) arithWithin(ctx context.Context, x syntax.ArithmExpr, from, to uint) (int64, error) {
	if x == nil {
		return 0, nil
	}
	if raw, ok := r.maskedText(x, from, to); ok {
		// Text the parser could not read: bash reads it now.
		text, ok := r.expandText(ctx, raw)
		if !ok {
			return 0, errArithExpand
		}
		return r.arithText(text)
	}
	text, ok := r.arithCache[x]
	if !ok {
		static := true
		var done bool
		text, done = r.arithFromSource(ctx, x, from, to, &static)
		if !done {
			return 0, errArithExpand
		}
		if static {
			if r.arithCache == nil {
				r.arithCache = map[syntax.ArithmExpr]string{}
			}
			r.arithCache[x] = text
		}
	}
	return r.arithText(text)
}

var errArithExpand = errors.New("arithmetic expansion failed")

// arithFromSource is the expression's text as written in the script,
// its words with expansions replaced by their values; where the text is
// not at hand it is printed from the tree.
func (r *Runner) arithFromSource(ctx context.Context, x syntax.ArithmExpr, from, to uint, static *bool) (string, bool) {
	start, end := int(x.Pos().Offset()), int(x.End().Offset())
	if to > from && int(from) <= start && int(to) >= end && int(to) <= len(r.src) {
		start, end = int(from), int(to)
	}
	if !x.Pos().IsValid() || end > len(r.src) || start >= end {
		var b strings.Builder
		ok := r.arithSource(ctx, &b, x, static)
		return b.String(), ok
	}
	var b strings.Builder
	at := start
	ok := true
	syntax.Walk(x, func(n syntax.Node) bool {
		if !ok {
			return false
		}
		w, isWord := n.(*syntax.Word)
		if !isWord {
			return true
		}
		if len(w.Parts) == 1 {
			switch p := w.Parts[0].(type) {
			case *syntax.Lit:
				return false
			case *syntax.ParamExp:
				if p.Short && p.Index != nil && !p.Dollar.IsValid() {
					// a[i]: the name stays, its subscript's words expand.
					return true
				}
			}
		}
		*static = false
		ws, we := int(w.Pos().Offset()), int(w.End().Offset())
		if ws < at || we > end {
			ok = false
			return false
		}
		e := &expander{r: r, ctx: ctx, arith: true}
		e.word(w.Parts, true)
		if e.failed {
			ok = false
			return false
		}
		b.WriteString(joinLines(r.src[at:ws]))
		b.WriteString(e.joined(" "))
		at = we
		return false
	})
	if !ok {
		return "", false
	}
	b.WriteString(joinLines(r.src[at:end]))
	return b.String(), true
}

// joinLines removes the backslash-newline pairs of script text, as
// bash's reader does before arithmetic sees the text.
func joinLines(s string) string {
	if !strings.Contains(s, "\\\n") {
		return s
	}
	return strings.ReplaceAll(s, "\\\n", "")
}

// arithText evaluates arithmetic text ($((...)) after expansion, let,
// declare -i values, subscripts) and prints bash's message on error.
func (r *Runner) arithText(text string) (int64, error) {
	n, err := Arith(text, (*arithEnv)(r))
	if err != nil {
		var ae *ArithError
		if errors.As(err, &ae) {
			r.errorf("%s%s", r.arithWhat, ae.Error())
		} else if !errors.Is(err, errNounset) && !errors.Is(err, errAssign) {
			r.errorf("%s%s", r.arithWhat, err.Error())
		}
		if errors.Is(err, errNounset) {
			r.unsetFatal()
		}
		return 0, err
	}
	return n, nil
}

// arithSource prints x as arithmetic text, expanding its words. static
// is cleared when an expansion happened.
func (r *Runner) arithSource(ctx context.Context, b *strings.Builder, x syntax.ArithmExpr, static *bool) bool {
	switch x := x.(type) {
	case *syntax.Word:
		if len(x.Parts) == 1 {
			switch p := x.Parts[0].(type) {
			case *syntax.Lit:
				b.WriteString(p.Value)
				return true
			case *syntax.ParamExp:
				if p.Short && p.Index != nil && !p.Dollar.IsValid() {
					b.WriteString(p.Param.Value + "[")
					if !r.arithSource(ctx, b, p.Index, static) {
						return false
					}
					b.WriteByte(']')
					return true
				}
			}
		}
		*static = false
		e := &expander{r: r, ctx: ctx, arith: true}
		e.word(x.Parts, true)
		if e.failed {
			return false
		}
		b.WriteString(e.joined(" "))
	case *syntax.ParenArithm:
		b.WriteByte('(')
		if !r.arithSource(ctx, b, x.X, static) {
			return false
		}
		b.WriteByte(')')
	case *syntax.UnaryArithm:
		if x.Post {
			if !r.arithSource(ctx, b, x.X, static) {
				return false
			}
			b.WriteString(x.Op.String())
			return true
		}
		b.WriteString(x.Op.String())
		b.WriteByte(' ')
		return r.arithSource(ctx, b, x.X, static)
	case *syntax.BinaryArithm:
		if !r.arithSource(ctx, b, x.X, static) {
			return false
		}
		b.WriteByte(' ')
		b.WriteString(x.Op.String())
		b.WriteByte(' ')
		return r.arithSource(ctx, b, x.Y, static)
	case *syntax.FlagsArithm:
		return r.arithSource(ctx, b, x.X, static)
	}
	return true
}

// errNounset is an unset variable under set -u (already reported).
var errNounset = errors.New("unbound variable")

// arithEnv gives arith.go the shell's variables (a *Runner, converted
// without allocating).
type arithEnv Runner

func (a *arithEnv) ArithIsAssoc(name string) bool {
	v := (*Runner)(a).lookupVar(name)
	return v != nil && v.assoc != nil
}

func (a *arithEnv) ArithGet(ref ArithRef) (string, error) {
	r := (*Runner)(a)
	if !ref.Subscripted {
		v, ok := r.getVar(ref.Name)
		if !ok && r.opts.nounset {
			r.errorf("%s: unbound variable", ref.Name)
			return "", errNounset
		}
		return v, nil
	}
	v := r.lookupVar(ref.Name)
	if v == nil {
		if r.opts.nounset {
			r.errorf("%s: unbound variable", ref.Name)
			return "", errNounset
		}
		return "", nil
	}
	if v.assoc != nil {
		s, _ := v.assoc.get(ref.Key)
		return s, nil
	}
	i := ref.Index
	if ref.Key == "" || ref.Key == "@" || ref.Key == "*" {
		r.errorf("%s[%s]: bad array subscript", ref.Name, ref.Key)
		return "", nil
	}
	if i < 0 {
		if v.idx == nil {
			return "", nil
		}
		i += int64(v.idx.next())
		if i < 0 {
			r.errorf("%s[%s]: bad array subscript", ref.Name, ref.Key)
			return "", nil
		}
	}
	if v.idx == nil {
		if i == 0 {
			s, _ := v.value()
			return s, nil
		}
		return "", nil
	}
	s, _ := v.idx.get(int(i))
	return s, nil
}

func (a *arithEnv) ArithSet(ref ArithRef, value int64) error {
	r := (*Runner)(a)
	val := strconv.FormatInt(value, 10)
	name := ref.Name
	if ref.Subscripted {
		// the key is expanded already (ArithExpandSubscript)
		base := r.resolveRef(name)
		key := strconv.FormatInt(ref.Index, 10)
		if v := r.lookupVar(base); v != nil && v.assoc != nil {
			key = ref.Key
		}
		if !r.setElem(base, key, val, false) {
			return errAssign
		}
		return nil
	}
	if !r.setVar(name, val, false) {
		return errAssign
	}
	return nil
}

// ArithExpandSubscript expands a subscript in arithmetic text as bash
// does when it evaluates it: a[$i], A["$k"], even a[$(cmd)] that came
// from a variable's value.
func (a *arithEnv) ArithExpandSubscript(sub string) (string, error) {
	s, ok := (*Runner)(a).textSubscript(sub)
	if !ok {
		return "", errArithExpand
	}
	return s, nil
}

var errAssign = errors.New("assignment failed")

// subscript is the text of an array subscript: an associative array's
// key as written (expanded), an indexed array's index evaluated.
func (r *Runner) subscript(ctx context.Context, v *Var, idx syntax.ArithmExpr) (string, bool) {
	if v != nil && v.assoc != nil {
		return r.keyText(ctx, idx)
	}
	n, err := r.arith(ctx, idx)
	if err != nil {
		r.arithFatal()
		return "", false
	}
	return strconv.FormatInt(n, 10), true
}

// arithFatal ends a script after an arithmetic error in a subscript or
// in an integer variable's value, as bash -c does; at a prompt the line
// is abandoned. (An error in $(( )) abandons the line in both; in let
// and (( )) it is the command's status 1.)
func (r *Runner) arithFatal() {
	if r.cfg.Script && r.flow < flowExit {
		r.exitShell(1)
		return
	}
	r.expansionFatal(1)
}

// textSubscript expands a subscript that arrives as text at run time
// ("a[$k]" as a nameref's target, in ${!ref}, unset, test -v, printf
// -v, read, or from arithmetic): bash expands its parameters, command
// substitutions and quotes when it uses it. ok is false after an
// expansion error.
func (r *Runner) textSubscript(sub string) (string, bool) {
	if !strings.ContainsAny(sub, "$`'\"\\") {
		return sub, true
	}
	parts, src, ok := parseWordText(escapeBlanks(sub))
	if !ok {
		return sub, true
	}
	e := &expander{r: r, ctx: context.Background()}
	e.wordFrom(src, parts, false)
	if e.failed {
		return "", false
	}
	return e.joined(" "), true
}

// escapeBlanks puts a backslash before each blank and operator character
// of text that is not quoted nor inside an expansion, so the text parses
// as one word.
func escapeBlanks(text string) string {
	var b strings.Builder
	nest := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '\\' && i+1 < len(text):
			b.WriteString(text[i : i+2])
			i++
			continue
		case c == '\'' && nest == 0:
			j := strings.IndexByte(text[i+1:], '\'')
			if j < 0 {
				break
			}
			b.WriteString(text[i : i+j+2])
			i += j + 1
			continue
		case c == '"' && nest == 0:
			j := skipDoubleQuoted(text, i)
			b.WriteString(text[i : j+1])
			i = j
			continue
		case c == '$' && i+1 < len(text) && (text[i+1] == '(' || text[i+1] == '{'):
			nest++
			b.WriteString(text[i : i+2])
			i++
			continue
		case nest > 0 && (c == '(' || c == '{'):
			nest++
		case nest > 0 && (c == ')' || c == '}'):
			nest--
		case nest == 0 && strings.IndexByte(" \t\n;&|<>()#~", c) >= 0:
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// keyText is an associative subscript: the word, expanded, without
// splitting; an expression the parser read as arithmetic is printed
// back as written.
func (r *Runner) keyText(ctx context.Context, idx syntax.ArithmExpr) (string, bool) {
	if raw, ok := r.maskedText(idx, 0, 0); ok {
		return r.expandText(ctx, raw)
	}
	if w, ok := idx.(*syntax.Word); ok {
		return r.literal(ctx, w)
	}
	var b strings.Builder
	static := true
	if !r.arithKeySource(ctx, &b, idx, &static) {
		return "", false
	}
	return b.String(), true
}

// arithKeySource prints an expression without the blanks arithSource
// puts around operators (a key "a-b" stays "a-b").
func (r *Runner) arithKeySource(ctx context.Context, b *strings.Builder, x syntax.ArithmExpr, static *bool) bool {
	switch x := x.(type) {
	case *syntax.BinaryArithm:
		if !r.arithKeySource(ctx, b, x.X, static) {
			return false
		}
		b.WriteString(x.Op.String())
		return r.arithKeySource(ctx, b, x.Y, static)
	case *syntax.UnaryArithm:
		if x.Post {
			if !r.arithKeySource(ctx, b, x.X, static) {
				return false
			}
			b.WriteString(x.Op.String())
			return true
		}
		b.WriteString(x.Op.String())
		return r.arithKeySource(ctx, b, x.X, static)
	case *syntax.ParenArithm:
		b.WriteByte('(')
		if !r.arithKeySource(ctx, b, x.X, static) {
			return false
		}
		b.WriteByte(')')
		return true
	}
	return r.arithSource(ctx, b, x, static)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// maskedText is the source text of an expression the parse masked
// (parse.go): a word of zeros where the source has other text. from and
// to, when set, are the extent of the whole $(( )) or (( )) text.
func (r *Runner) maskedText(x syntax.ArithmExpr, from, to uint) (string, bool) {
	w, ok := x.(*syntax.Word)
	if !ok || len(w.Parts) != 1 {
		return "", false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok || lit.Value == "" || strings.Trim(lit.Value, "0") != "" {
		return "", false
	}
	start, end := int(w.Pos().Offset()), int(w.End().Offset())
	if !w.Pos().IsValid() || end > len(r.src) || r.src[start:end] == lit.Value {
		return "", false
	}
	if to > from && int(from) <= start && int(to) >= end && int(to) <= len(r.src) {
		start, end = int(from), int(to)
	}
	return joinLines(r.src[start:end]), true
}

// expandText expands the parameters, command substitutions and
// arithmetic in text read at run time, as bash expands arithmetic text
// before evaluating it.
func (r *Runner) expandText(ctx context.Context, text string) (string, bool) {
	if !strings.ContainsAny(text, "$`") {
		return text, true
	}
	w, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Document(strings.NewReader(text))
	if err != nil {
		r.errorf("%s: %s", strings.TrimSpace(text), err)
		return "", false
	}
	e := &expander{r: r, ctx: ctx}
	e.wordFrom(text, w.Parts, true)
	if e.failed {
		return "", false
	}
	return e.joined(" "), true
}
