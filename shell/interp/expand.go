package interp

import (
	"context"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// part is one piece of an expanded word. quoted text is neither split
// nor globbed; split text came from an unquoted expansion and is split
// on IFS. brk ends a field ("$@" between its elements); soft breaks (an
// unquoted $@) drop an empty field, hard ones keep it. star: the break
// is between the elements of an unquoted $* or ${a[*]}, which a word
// that is not split (an assignment's value, a case word, arithmetic)
// joins with IFS's first character where $@'s elements take a blank.
type part struct {
	val    string
	quoted bool
	split  bool
	star   bool
	brk    brk
}

type brk uint8

const (
	noBrk brk = iota
	softBrk
	hardBrk
)

// expander collects the parts of one word.
type expander struct {
	r     *Runner
	ctx   context.Context
	parts []part
	// assign: an assignment's value (tilde after ':' too).
	assign bool
	// splitLits: unquoted literal text is split and globbed like an
	// expansion's (the word of an unquoted ${x:-word}).
	splitLits bool
	// arith: the words of arithmetic text, where single quotes are not
	// quotes.
	arith bool
	// noTilde: a leading ~ stays.
	noTilde bool
	// oneField: the word is not split (an assignment's value, a case
	// word), so an unquoted $* joins its elements as "$*" does.
	oneField bool
	// dqDefault: the word of "${x-word}" (and + = ?) inside double
	// quotes, where single quotes are ordinary characters and \} is }.
	dqDefault bool
	failed    bool
}

func (e *expander) add(p part) { e.parts = append(e.parts, p) }

// fields expands words into fields: brace expansion, the expansions,
// word splitting, globbing and quote removal. ok is false after an
// expansion error (already printed; the command must not run).
func (r *Runner) fields(ctx context.Context, words ...*syntax.Word) ([]string, bool) {
	out := make([]string, 0, len(words))
	for _, w := range words {
		if s, ok := plainWord(w); ok {
			out = append(out, s)
			continue
		}
		if name, ok := quotedVar(w); ok && !r.refersToList(name) {
			if v, set := r.getVar(name); set || !r.opts.nounset {
				out = append(out, v)
				continue
			}
		}
		bws := [][]syntax.WordPart{w.Parts}
		if r.opts.braceexpand && hasBraceLit(w) {
			bws = r.braces(w)
		}
		for _, bw := range bws {
			e := &expander{r: r, ctx: ctx, assign: looksLikeAssign(bw)}
			e.word(bw, false)
			if e.failed || r.flow >= flowExit {
				r.expansionFatal(1)
				return nil, false
			}
			fs := r.split(e)
			for _, f := range fs {
				if f.meta && !r.opts.noglob {
					matches, ok := r.glob(f.pat)
					if !ok {
						r.expansionFatal(1)
						return nil, false
					}
					if matches != nil {
						out = append(out, matches...)
						continue
					}
					if r.opts.nullglob {
						continue
					}
				}
				out = append(out, f.val.String())
			}
		}
	}
	return out, true
}

// looksLikeAssign: a word NAME=... (as an argument too) gets tilde
// expansion after '=' and ':', as bash gives it.
func looksLikeAssign(parts []syntax.WordPart) bool {
	if len(parts) == 0 {
		return false
	}
	l, ok := parts[0].(*syntax.Lit)
	if !ok {
		return false
	}
	name, _, found := strings.Cut(l.Value, "=")
	return found && validName(name)
}

// plainWord is a word that is one literal with nothing to expand,
// split, glob or unquote: the common case, taken without an expander.
func plainWord(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	if !ok || l.Value == "" || strings.ContainsAny(l.Value, "\\~*?[{+@!") {
		return "", false
	}
	return l.Value, true
}

// quotedVar is a word that is only "$name" or "${name}": one field, the
// value, with no splitting or globbing (the commonest quoted word).
func quotedVar(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	dq, ok := w.Parts[0].(*syntax.DblQuoted)
	if !ok || dq.Dollar || len(dq.Parts) != 1 {
		return "", false
	}
	pe, ok := dq.Parts[0].(*syntax.ParamExp)
	if !ok || pe.Excl || pe.Length || pe.Width || pe.Index != nil || pe.Slice != nil || pe.Repl != nil ||
		pe.Exp != nil || pe.Names != 0 || pe.NestedParam != nil || pe.Param == nil {
		return "", false
	}
	switch name := pe.Param.Value; {
	case name == "@" || name == "*":
		return "", false
	case strings.Trim(name, "_") == "":
		// Maybe a bad substitution masked at parse time (parse.go).
		return "", false
	default:
		return name, true
	}
}

// literal expands a word to one string, without splitting or globbing
// (assignment values, here-strings, case words, redirection targets
// mostly).
func (r *Runner) literal(ctx context.Context, w *syntax.Word) (string, bool) {
	if w == nil {
		return "", true
	}
	if len(w.Parts) == 1 {
		if l, ok := w.Parts[0].(*syntax.Lit); ok && !strings.ContainsAny(l.Value, "\\~") {
			return l.Value, true
		}
	}
	e := &expander{r: r, ctx: ctx}
	e.word(w.Parts, false)
	if e.failed {
		r.expansionFatal(1)
		return "", false
	}
	return e.joined(" "), true
}

// literalNoTilde is literal without tilde expansion (the values of an
// associative array's ( [k]=v ) list in bash 5.2).
func (r *Runner) literalNoTilde(ctx context.Context, w *syntax.Word) (string, bool) {
	if w == nil {
		return "", true
	}
	e := &expander{r: r, ctx: ctx, noTilde: true}
	e.word(w.Parts, false)
	if e.failed {
		r.expansionFatal(1)
		return "", false
	}
	return e.joined(" "), true
}

// assignValue expands an assignment's value: like literal, and a tilde
// after '=' or ':' expands.
func (r *Runner) assignValue(ctx context.Context, w *syntax.Word) (string, bool) {
	if w == nil {
		return "", true
	}
	if len(w.Parts) == 1 {
		if l, ok := w.Parts[0].(*syntax.Lit); ok && !strings.ContainsAny(l.Value, "\\~") {
			return l.Value, true
		}
	}
	e := &expander{r: r, ctx: ctx, assign: true, oneField: true}
	e.word(w.Parts, false)
	if e.failed {
		r.expansionFatal(1)
		return "", false
	}
	return e.joined(" "), true
}

// joined concatenates the parts; "$@" elements are joined with sep,
// an unquoted $*'s with IFS's first character.
func (e *expander) joined(sep string) string {
	if len(e.parts) == 1 {
		return e.parts[0].val
	}
	var b strings.Builder
	for _, p := range e.parts {
		if p.star {
			b.WriteString(e.r.ifsJoiner())
			continue
		}
		if p.brk != noBrk {
			b.WriteString(sep)
			continue
		}
		b.WriteString(p.val)
	}
	return b.String()
}

// pattern expands a word used as a pattern: quoted characters are
// escaped so they match themselves.
func (r *Runner) pattern(ctx context.Context, w *syntax.Word) (string, bool) {
	if w == nil {
		return "", true
	}
	return r.patternQuoted(ctx, w, QuotePattern)
}

// replacement expands ${x/pat/rep}'s rep: quoted & and \ stay literal.
func (r *Runner) replacement(ctx context.Context, w *syntax.Word) (string, bool) {
	if w == nil {
		return "", true
	}
	return r.patternQuoted(ctx, w, func(s string) string {
		return strings.NewReplacer(`\`, `\\`, "&", `\&`).Replace(s)
	})
}

// word expands the parts of one word; quoted when inside "...".
func (e *expander) word(parts []syntax.WordPart, quoted bool) {
	for i, wp := range parts {
		if e.failed {
			return
		}
		switch x := wp.(type) {
		case *syntax.Lit:
			v := x.Value
			if !quoted && e.assign && strings.Contains(v, "~") {
				v = e.tildeAfterColons(v, i == 0, i == len(parts)-1)
			} else if !quoted && i == 0 && !e.noTilde && strings.HasPrefix(v, "~") {
				// the directory is not split, globbed nor a regex
				if t := e.tilde(v, i == len(parts)-1); t != v {
					n := strings.IndexByte(v, '/')
					if n < 0 {
						n = len(v)
					}
					home := t[:len(t)-(len(v)-n)]
					e.add(part{val: home, quoted: true})
					v = v[n:]
				}
			}
			if quoted {
				if e.dqDefault {
					v = strings.ReplaceAll(v, `\}`, "}")
				}
				e.add(part{val: dqUnescape(v), quoted: true})
			} else {
				e.lit(v)
			}
		case *syntax.SglQuoted:
			v := x.Value
			if quoted && e.dqDefault && !x.Dollar {
				e.sglInDefault(v)
				continue
			}
			if e.arith {
				// bash reads arithmetic as if in double quotes: the
				// quotes stay, and the expression fails on them.
				if x.Dollar {
					v = ansiC(v)
				}
				e.add(part{val: "'" + v + "'", quoted: true})
				continue
			}
			if x.Dollar {
				// bash's strings end at a NUL: $'a\0b' is "a"
				v, _, _ = strings.Cut(ansiC(v), "\x00")
			}
			e.add(part{val: v, quoted: true})
		case *syntax.DblQuoted:
			before := len(e.parts)
			e.word(x.Parts, true)
			if e.arith {
				// quoted text keeps its backslashes as bash quotes
				// them for the evaluator: A["$key"] with key=''
				for i := before; i < len(e.parts); i++ {
					e.parts[i].val = strings.ReplaceAll(e.parts[i].val, `\`, `\\`)
				}
			}
			if !onlyEmptyAt(x.Parts, e.parts[before:]) {
				if len(e.parts) == before {
					e.add(part{quoted: true})
				}
			}
		case *syntax.ParamExp:
			e.param(x, quoted)
		case *syntax.CmdSubst:
			if x.TempFile || x.ReplyVar {
				// ${ list;} and ${|list;} are bash 5.3's; 5.2 has no
				// such parameter.
				e.r.errorf("%s: bad substitution", e.r.sourceOf(x))
				e.failed = true
				return
			}
			out := e.r.cmdSubst(e.ctx, x.Stmts)
			e.add(part{val: out, quoted: quoted, split: !quoted})
		case *syntax.ArithmExp:
			open := uint(3) // $((
			if x.Bracket {
				open = 2 // $[
			}
			n, err := e.r.arithWithin(e.ctx, x.X, x.Left.Offset()+open, x.Right.Offset())
			if err != nil {
				e.failed = true
				return
			}
			e.add(part{val: itoa(n), quoted: quoted, split: !quoted})
		case *syntax.ProcSubst:
			path, ok := e.r.procSubst(e.ctx, x)
			if !ok {
				e.failed = true
				return
			}
			e.add(part{val: path, quoted: true})
		case *syntax.ExtGlob:
			e.extGlob(x)
		default:
			e.r.errorf("unsupported word part")
			e.failed = true
		}
	}
}

// sglInDefault adds '...' met in the word of "${x-word}": the quotes
// stay, and what is between them is expanded as in double quotes.
func (e *expander) sglInDefault(v string) {
	e.add(part{val: "'", quoted: true})
	if w, err := syntax.NewParser().Document(strings.NewReader(v)); err == nil {
		e.wordFrom(v, w.Parts, true)
	} else {
		e.add(part{val: v, quoted: true})
	}
	e.add(part{val: "'", quoted: true})
}

// lit adds unquoted literal text: backslash escapes quote the next
// character.
func (e *expander) lit(v string) {
	if strings.IndexByte(v, '\\') < 0 {
		e.add(part{val: v, split: e.splitLits})
		return
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		if b.Len() > 0 {
			e.add(part{val: b.String(), split: e.splitLits})
			b.Reset()
		}
		if i+1 < len(v) {
			if v[i+1] != '\n' {
				e.add(part{val: v[i+1 : i+2], quoted: true})
			}
			i++
		}
	}
	if b.Len() > 0 {
		e.add(part{val: b.String(), split: e.splitLits})
	}
}

// onlyEmptyAt: a "..." holding only "$@"-style expansions that produced
// no elements yields no field.
func onlyEmptyAt(parts []syntax.WordPart, got []part) bool {
	if len(got) > 0 || len(parts) == 0 {
		return false
	}
	for _, p := range parts {
		pe, ok := p.(*syntax.ParamExp)
		if !ok || !isAtExp(pe) {
			return false
		}
	}
	return true
}

// isAtExp: $@, ${a[@]} and their operators, which expand to one field
// per element.
func isAtExp(pe *syntax.ParamExp) bool {
	if pe.Length || pe.Excl && pe.Names == 0 && pe.Index == nil {
		return false
	}
	if pe.Names != 0 {
		return pe.Names == syntax.NamesPrefixWords
	}
	if pe.Param.Value == "@" {
		return true
	}
	return subscriptIs(pe.Index, "@")
}

// subscriptIs reports whether an index is the word @ or *.
func subscriptIs(idx syntax.ArithmExpr, s string) bool {
	w, ok := idx.(*syntax.Word)
	if !ok || len(w.Parts) != 1 {
		return false
	}
	l, ok := w.Parts[0].(*syntax.Lit)
	return ok && l.Value == s
}

// tilde expands a leading ~ or ~user.
func (e *expander) tilde(v string, last bool) string {
	name, rest, _ := strings.Cut(v[1:], "/")
	slash := strings.Contains(v, "/")
	if !slash && !last {
		// ~ followed by another part ("~$x"): bash leaves it.
		return v
	}
	var home string
	switch name {
	case "":
		h, ok := e.r.getVar("HOME")
		if !ok {
			h = "/home/user"
		}
		home = h
	case "+":
		home, _ = e.r.getVar("PWD")
	case "-":
		h, ok := e.r.getVar("OLDPWD")
		if !ok {
			return v
		}
		home = h
	case "root":
		home = "/root"
	case "user":
		home = "/home/user"
	default:
		return v
	}
	if slash {
		return home + "/" + rest
	}
	return home
}

// tildeAfterColons expands ~ after ':' in an assignment (PATH=a:~/bin).
// first: the text starts the value; last: nothing follows it.
func (e *expander) tildeAfterColons(v string, first, last bool) string {
	segs := strings.Split(v, ":")
	for i, s := range segs {
		if (i > 0 || first) && strings.HasPrefix(s, "~") {
			segs[i] = e.tilde(s, last || i < len(segs)-1)
		} else if i == 0 && first {
			// NAME=~... written as an argument.
			if name, rest, ok := strings.Cut(s, "="); ok && validName(name) && strings.HasPrefix(rest, "~") {
				segs[i] = name + "=" + e.tilde(rest, last || len(segs) > 1)
			}
		}
	}
	return strings.Join(segs, ":")
}

// field is one field after splitting: its text and, when it has
// unquoted glob characters, the pattern to glob.
type field struct {
	val  strings.Builder
	pat  string
	meta bool
	pb   strings.Builder
	keep bool
}

// split applies IFS word splitting to the expanded parts.
func (r *Runner) split(e *expander) []*field {
	ifs := r.ifs()
	var out []*field
	cur := &field{}
	flush := func(force bool) {
		if force || cur.val.Len() > 0 || cur.keep {
			cur.pat = cur.pb.String()
			out = append(out, cur)
		}
		cur = &field{}
	}
	addText := func(s string, quoted bool) {
		cur.val.WriteString(s)
		if quoted {
			cur.pb.WriteString(QuotePattern(s))
			return
		}
		if !cur.meta && hasGlobMeta(s, r.opts.extglob) {
			cur.meta = true
		}
		cur.pb.WriteString(s)
	}
	for _, p := range e.parts {
		switch {
		case p.brk == hardBrk:
			flush(true)
			cur.keep = true
		case p.brk == softBrk:
			// Under an IFS without blanks an empty element stays a field.
			flush(!ifs.empty && !ifs.blank)
		case p.quoted:
			addText(p.val, true)
			cur.keep = true
		case !p.split || ifs.empty:
			addText(p.val, false)
		default:
			v := p.val
			start := 0
			for i := 0; i < len(v); {
				w := ifs.width(v, i)
				if w == 0 {
					i++
					continue
				}
				addText(v[start:i], false)
				j := i
				for j < len(v) && ifs.isSpace(v[j]) {
					j++
				}
				nonSpace := false
				if w := ifs.width(v, j); w > 0 && !ifs.isSpace(v[j]) {
					nonSpace = true
					j += w
					for j < len(v) && ifs.isSpace(v[j]) {
						j++
					}
				}
				flush(nonSpace)
				i, start = j, j
			}
			addText(v[start:], false)
		}
	}
	flush(false)
	return out
}

// hasGlobMeta reports whether unquoted text makes a word a pattern.
func hasGlobMeta(s string, extglob bool) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '*', '?', '[':
			return true
		case '+', '@', '!':
			if extglob && i+1 < len(s) && s[i+1] == '(' {
				return true
			}
		}
	}
	return false
}

// ifsSet is IFS as a lookup table: its bytes, and its characters of
// more than one byte (bash splits on characters, IFS=ç on ç only).
type ifsSet struct {
	in, space [256]bool
	multi     []string
	empty     bool
	blank     bool // holds a space, tab or newline
	first     string
}

func (s *ifsSet) has(c byte) bool     { return s.in[c] }
func (s *ifsSet) isSpace(c byte) bool { return s.space[c] }

// width is the length of the IFS character at v[i], 0 when there is
// none.
func (s *ifsSet) width(v string, i int) int {
	if i >= len(v) {
		return 0
	}
	if s.in[v[i]] {
		return 1
	}
	if v[i] < utf8.RuneSelf {
		return 0
	}
	for _, m := range s.multi {
		if strings.HasPrefix(v[i:], m) {
			return len(m)
		}
	}
	return 0
}

func (r *Runner) ifs() *ifsSet {
	if r.ifsCache != nil {
		return r.ifsCache
	}
	v, set := r.getVar("IFS")
	if !set {
		v = " \t\n"
	}
	s := &ifsSet{empty: v == ""}
	for i := 0; i < len(v); i++ {
		if c, n := utf8.DecodeRuneInString(v[i:]); n > 1 {
			s.multi = append(s.multi, string(c))
			i += n - 1
			continue
		}
		s.in[v[i]] = true
		if v[i] == ' ' || v[i] == '\t' || v[i] == '\n' {
			s.space[v[i]], s.blank = true, true
		}
	}
	if v != "" {
		_, n := utf8.DecodeRuneInString(v)
		s.first = v[:n]
	}
	r.ifsCache = s
	return s
}

// ifsJoiner is what "$*" puts between elements: IFS's first character.
func (r *Runner) ifsJoiner() string {
	v, set := r.getVar("IFS")
	if !set {
		return " "
	}
	_, n := utf8.DecodeRuneInString(v)
	return v[:n]
}

// ansiC decodes $'...' escapes.
func ansiC(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch c = s[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte(7)
		case 'b':
			b.WriteByte(8)
		case 'e', 'E':
			b.WriteByte(27)
		case 'f':
			b.WriteByte(12)
		case 'v':
			b.WriteByte(11)
		case '\\', '\'', '"', '?':
			b.WriteByte(c)
		case 'c':
			if i+1 < len(s) {
				i++
				c := s[i]
				if c == '?' {
					b.WriteByte(0x7f)
				} else if c&0x1f == 0 {
					return b.String()
				} else {
					b.WriteByte(c & 0x1f)
				}
			}
		case 'x':
			n, k := hexVal(s[i+1:], 2)
			if k == 0 {
				b.WriteString(`\x`)
				continue
			}
			if n == 0 {
				// A NUL ends the string, as in bash's C strings.
				return b.String()
			}
			b.WriteByte(byte(n))
			i += k
		case 'u', 'U':
			max := 4
			if c == 'U' {
				max = 8
			}
			n, k := hexVal(s[i+1:], max)
			if k == 0 {
				b.WriteByte('\\')
				b.WriteByte(c)
				continue
			}
			b.WriteRune(rune(n))
			i += k
		case '0', '1', '2', '3', '4', '5', '6', '7':
			n, k := 0, 0
			for k < 3 && i+k < len(s) && s[i+k] >= '0' && s[i+k] <= '7' {
				n = n*8 + int(s[i+k]-'0')
				k++
			}
			if byte(n) == 0 {
				return b.String()
			}
			b.WriteByte(byte(n))
			i += k - 1
		default:
			b.WriteByte('\\')
			b.WriteByte(c)
		}
	}
	return b.String()
}

func hexVal(s string, max int) (int, int) {
	n, k := 0, 0
	for k < max && k < len(s) {
		c := s[k]
		var d int
		switch {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case c >= 'a' && c <= 'f':
			d = int(c-'a') + 10
		case c >= 'A' && c <= 'F':
			d = int(c-'A') + 10
		default:
			return n, k
		}
		n = n*16 + d
		k++
	}
	return n, k
}

// dqUnescape removes the backslashes double quotes drop: before $ ` " \
// and newline.
func dqUnescape(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '$', '`', '"', '\\':
				i++
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
