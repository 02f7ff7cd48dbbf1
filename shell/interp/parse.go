package interp

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// Parsing: mvdan/sh's parser reads the script whole. Where it rejects
// text that bash accepts because bash reads it only when it runs
// (arithmetic: $(( )), (( )), $[ ], subscripts; the ${x~} case toggle;
// a ${...} that is a bad substitution; declare's argument with an
// invalid name; a here-document delimiter with $), the parse is done
// again over a copy of the source in which that text is masked:
// arithmetic becomes zeros of the same length, ~ becomes ^, the inside
// of the bad ${...} underscores, the invalid name's first character =,
// the delimiter's $ ( ) { } underscores. The tree's positions then still
// point into the original source, which the interpreter keeps
// (Runner.src) and reads the real text from when it runs the construct
// (maskedArith, caseToggle, maskedParam, unmaskDeclWord). Nothing in
// the tree is changed.

// maxMasks bounds the constructs one parse may mask.
const maxMasks = 256

// maxHeredocsAtEOF bounds the here-documents the end of a script may
// close (one parse each).
const maxHeredocsAtEOF = 16

// Reading: bash reads a script one complete command (a line, with the
// lines a compound command or a quote continues on) at a time and runs
// it before it reads the next, so the commands before a syntax error
// run, then the error stops the script (status 2). readScript parses
// the whole text; when that fails it keeps the commands of the complete
// lines before the error (mvdan/sh's incremental parser tells where a
// line is complete) and bash's message for the error (syntaxmsg.go).
// The end of the text also ends a here-document it cuts short, with
// bash's warning.

// script is a text as bash reads it.
type script struct {
	// src is the text run (Runner.src): as written, ending in a
	// newline (bash reads one at the end of -c's text), followed by the
	// delimiters of the here-documents its end cut short.
	src string
	// stmts are its commands: all of them, or those of the complete
	// lines before err.
	stmts []*syntax.Stmt
	err   *syntaxErr // the syntax error that stops the reading; nil: none
	rest  uint       // with err: the line after stmts
	warns []heredocWarning
	// stopped: the context ended the parse (Ctrl-C, --timeout).
	stopped bool
}

// heredocWarning is a here-document the end of the text closed.
type heredocWarning struct {
	line, eof uint // its line; the text's last line
	delim     string
}

// readScript reads src as bash does (above).
func readScript(ctx context.Context, src string) *script {
	if !strings.HasSuffix(src, "\n") {
		src += "\n"
	}
	sc := &script{src: src}
	eof := uint(strings.Count(src, "\n"))
	split := false
	for {
		f, masked, err := parseMasked(ctx, sc.src)
		if err == nil {
			sc.stmts = f.Stmts
			return sc
		}
		if ctx.Err() != nil {
			sc.stopped = true
			return sc
		}
		var pe syntax.ParseError
		if errors.As(err, &pe) && len(sc.warns) < maxHeredocsAtEOF {
			if delim, ok := strings.CutPrefix(pe.Text, "unclosed here-document `"); ok && strings.HasSuffix(delim, "`") {
				delim = origDelim(sc.src, int(pe.Pos.Offset()), strings.TrimSuffix(delim, "`"))
				w := heredocWarning{line: pe.Pos.Line(), eof: eof, delim: delim}
				if !slices.Contains(sc.warns, w) {
					sc.warns = append(sc.warns, w)
					sc.src += delim + "\n"
					continue
				}
				// The delimiter added did not end it: a syntax error.
			}
		}
		if !split {
			// (( or $(( that bash reads as two parentheses
			// (parse_dparen.go)
			split = true
			if text, ok := splitDparens(sc.src); ok {
				sc.src = text
				continue
			}
		}
		sc.stmts, sc.rest = completeLines(ctx, masked)
		sc.err = bashSyntax(sc.src, masked, err, sc.rest)
		return sc
	}
}

// completeLines parses text up to its syntax error and returns the
// commands of the complete lines before it, and the line after them.
func completeLines(ctx context.Context, text string) ([]*syntax.Stmt, uint) {
	var stmts []*syntax.Stmt
	p := syntax.NewParser(syntax.Variant(syntax.LangBash))
	failed := false
	// The sequence is run to its end: mvdan/sh's InteractiveSeq goes on
	// yielding after its loop body breaks (a panic).
	for line, err := range p.InteractiveSeq(ctxReader{ctx, strings.NewReader(text)}) {
		if err != nil {
			failed = true
		}
		if !failed && !p.Incomplete() {
			stmts = append(stmts, line...)
		}
	}
	rest := uint(1)
	if len(stmts) > 0 {
		rest = stmts[len(stmts)-1].End().Line() + 1
	}
	return stmts, rest
}

// ctxReader reads a string until the context ends: a long parse stops
// with the line (Ctrl-C, --timeout).
type ctxReader struct {
	ctx context.Context
	r   *strings.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// parseBash parses src, masking what bash reads only at run time (see
// above) where the parser rejects it.
func parseBash(src string) (*syntax.File, error) {
	f, _, err := parseMasked(context.Background(), src)
	return f, err
}

// parseMasked is parseBash, returning on failure the text with the
// masks made so far and the error that remains.
func parseMasked(ctx context.Context, src string) (*syntax.File, string, error) {
	p := syntax.NewParser(syntax.Variant(syntax.LangBash))
	masked := src
	for i := 0; ; i++ {
		f, err := p.Parse(ctxReader{ctx, strings.NewReader(masked)}, "")
		if err == nil {
			return f, masked, nil
		}
		var pe syntax.ParseError
		var le syntax.LangError
		switch {
		case i == maxMasks:
			return nil, masked, err
		case errors.As(err, &pe):
		case errors.As(err, &le):
			// a zsh feature (floating point) inside arithmetic
			pe = syntax.ParseError{Pos: le.Pos, Text: le.Feature}
		default:
			return nil, masked, err
		}
		next, ok := maskAt(masked, int(pe.Pos.Offset()), pe.Text)
		if !ok {
			return nil, masked, err
		}
		masked = next
	}
}

// maskAt masks the construct the parse error at off is in: ${x~} or
// ${x~~} becomes ${x^} or ${x^^}; otherwise the innermost arithmetic
// text around off becomes zeros. ok is false when there is none.
func maskAt(src string, off int, msg string) (string, bool) {
	if off < 0 || off > len(src) {
		return "", false
	}
	if strings.Contains(msg, "parameter expansion operator: `~`") && off < len(src) && src[off] == '~' {
		b := []byte(src)
		b[off] = '^'
		if off+1 < len(b) && b[off+1] == '~' {
			b[off+1] = '^'
		}
		return string(b), true
	}
	if msg == "invalid var name" && off < len(src) && src[off] != '=' {
		// declare/export/local's argument with a name bash refuses
		// when it runs ("`FOO-BAR=x': not a valid identifier"): its
		// first character becomes = (a plain word; padded with _ to
		// its length), put back when it runs.
		_, n := utf8.DecodeRuneInString(src[off:])
		return src[:off] + "=" + strings.Repeat("_", n-1) + src[off+n:], true
	}
	if msg == "expansions not allowed in heredoc words" {
		return maskHeredocWord(src, off)
	}
	if badParamMsg(msg) || strings.Contains(msg, "can only immediately follow a statement") && strings.HasSuffix(strings.TrimRight(src[:off], " \t"), "${") {
		// ${...} that bash reads only when it expands it, where it is a
		// bad substitution (${ |cmd}, bash 5.3's funsub with a blank
		// too): its inside becomes underscores (a name).
		if from, to, ok := paramSpan(src, off); ok {
			return src[:from] + strings.Repeat("_", to-from) + src[to:], true
		}
	}
	if strings.HasPrefix(msg, "`:` must be followed") && strings.HasPrefix(src[off:], ": ") {
		// ${a[@]: } and ${a[@]: : }: an empty offset or length is 0
		return src[:off+1] + "0" + src[off+2:], true
	}
	if strings.HasPrefix(msg, "`[` must be followed") && strings.HasPrefix(src[off:], "[]") {
		// an empty subscript: ${a[]} is a bad substitution, a[]=1 a
		// bad array subscript, when run (parse_prefix.go)
		if from, to, ok := paramSpan(src, off); ok {
			return src[:from] + strings.Repeat("_", to-from) + src[to:], true
		}
		if off > 0 && isNameByte(src[off-1]) {
			return src[:off] + "__" + src[off+2:], true
		}
	}
	if strings.HasPrefix(msg, "`|` can only immediately follow") {
		// ${ |REPLY=x}: bash 5.2's bad substitution, when expanded
		if from, to, ok := paramSpan(src, off); ok && strings.IndexByte(" \t|", src[from]) >= 0 {
			return src[:from] + strings.Repeat("_", to-from) + src[to:], true
		}
	}
	if strings.HasPrefix(msg, "`:` must be followed") {
		// ${a[@]::} and ${s:}: read when expanded (emptySlice)
		if from, to, ok := paramSpan(src, off); ok {
			return src[:from] + strings.Repeat("_", to-from) + src[to:], true
		}
	}
	if next, ok := maskFuncName(src, off, msg); ok {
		// $x() { :; } (parse_funcname.go)
		return next, true
	}
	if next, ok := maskLet(src, off, msg); ok {
		// let x=1  # note, let x=( 1 ) (parse_let.go)
		return next, true
	}
	if next, ok := maskElemAppend(src, off, msg); ok {
		// [k]+=v in a ( ) list (array_elem.go)
		return next, true
	}
	if next, ok := maskList(src, off, msg); ok {
		// b[0]=2 cmd, B=(b b) cmd, a[0]=(3 4) (parse_prefix.go)
		return next, true
	}
	// x$foo[5]: the subscript is not the trouble, the expression is
	from, to, ok := arithSpan(src, off, !strings.Contains(msg, "must follow a name"))
	if !ok {
		return "", false
	}
	return src[:from] + zeros(src[from:to]) + src[to:], true
}

// maskHeredocWord masks a here-document's delimiter word written with
// $ (cat <<${a}, <<$(a)), which bash takes as it is written: in the
// word and in the first line after it that is the word (after tabs),
// each $ ( ) { } becomes _, so the parser ends the body where bash does.
// The body is read from the tree, not the word.
func maskHeredocWord(src string, off int) (string, bool) {
	op := strings.LastIndex(src[:min(off, len(src))], "<<")
	if op < 0 {
		return "", false
	}
	off = op + 2
	if off < len(src) && src[off] == '-' {
		off++
	}
	for off < len(src) && (src[off] == ' ' || src[off] == '\t') {
		off++
	}
	end := off
	for end < len(src) && !strings.ContainsRune(" \t\n;&|<>", rune(src[end])) {
		end++
	}
	word := src[off:end]
	if word == "" || strings.ContainsAny(word, "'\"\\`") {
		return "", false
	}
	mask := maskDelim(word)
	out := src[:off] + mask + src[end:]
	for at := strings.IndexByte(src[end:], '\n'); at >= 0; {
		from := end + at + 1
		next := strings.IndexByte(src[from:], '\n')
		if next < 0 {
			break
		}
		if line := src[from : from+next]; strings.TrimLeft(line, "\t") == word {
			from += len(line) - len(word)
			return out[:from] + mask + out[from+len(word):], true
		}
		end, at = from, next
	}
	return out, true
}

// origDelim is delim, the word of the here-document at off as the
// parser saw it, as written in src (maskHeredocWord).
func origDelim(src string, off int, delim string) string {
	i := strings.Index(src[min(off, len(src)):], "<<")
	if i < 0 {
		return delim
	}
	i += off + 2
	for i < len(src) && strings.IndexByte("- \t", src[i]) >= 0 {
		i++
	}
	if i+len(delim) <= len(src) {
		if w := src[i : i+len(delim)]; w != delim && maskDelim(w) == delim {
			return w
		}
	}
	return delim
}

// maskDelim is a here-document word with each $ ( ) { } made _.
func maskDelim(word string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune("$(){}", r) {
			return '_'
		}
		return r
	}, word)
}

// badParamMsg: mvdan/sh's errors for the inside of a ${...}.
func badParamMsg(msg string) bool {
	for _, m := range []string{"invalid parameter name", "parameter expansion operator", "cannot be followed by a word",
		"without matching `${`", "invalid nested parameter expansion"} {
		if strings.Contains(msg, m) {
			return true
		}
	}
	return false
}

// paramSpan finds the inside of the ${...} around off, when it is on
// one line, not empty and not already masked.
func paramSpan(src string, off int) (from, to int, ok bool) {
	for o := min(off, len(src)-2); o >= 0; o-- {
		if !strings.HasPrefix(src[o:], "${") {
			continue
		}
		end, found := matchClose(src, o+2, "}")
		if !found || end < off {
			continue
		}
		in := src[o+2 : end]
		if in == "" || strings.IndexByte(in, '\n') >= 0 || strings.Trim(in, "_") == "" {
			return 0, 0, false
		}
		return o + 2, end, true
	}
	return 0, 0, false
}

// unmaskDeclWord puts back the first byte of a declaration's argument
// masked for its invalid name (above) into its first field.
func (r *Runner) unmaskDeclWord(w *syntax.Word, fields []string) {
	off := int(w.Pos().Offset())
	if len(fields) == 0 || off >= len(r.src) || r.src[off] == '=' {
		return
	}
	_, n := utf8.DecodeRuneInString(r.src[off:])
	mask := "=" + strings.Repeat("_", n-1)
	if lit, ok := w.Parts[0].(*syntax.Lit); ok && strings.HasPrefix(lit.Value, mask) && strings.HasPrefix(fields[0], mask) {
		fields[0] = r.src[off:off+n] + fields[0][n:]
	}
}

// maskedParam reports whether pe is a ${...} masked for being a bad
// substitution (above), and its text as written.
func (r *Runner) maskedParam(pe *syntax.ParamExp) (string, bool) {
	if pe.Short || pe.Param == nil || strings.Trim(pe.Param.Value, "_") != "" || !pe.Rbrace.IsValid() {
		return "", false
	}
	from, to := int(pe.Dollar.Offset()), int(pe.Rbrace.Offset())+1
	if to > len(r.src) || from >= to {
		return "", false
	}
	text := r.src[from:to]
	return text, text != "${"+pe.Param.Value+"}"
}

// zeros is arithmetic text masked: zeros of the same length, or, when
// the text has newlines, one zero and blanks (newlines kept, so the
// lines after it keep their numbers).
func zeros(s string) string {
	b := []byte(s)
	if strings.Trim(s, " \t\n") == "" {
		// blanks only (bash's empty expression, which is 0): one zero
		b[0] = '0'
		return string(b)
	}
	nl := strings.IndexByte(s, '\n') >= 0
	for i := range b {
		switch {
		case b[i] == '\n':
		case nl && i > 0:
			b[i] = ' '
		default:
			b[i] = '0'
		}
	}
	return string(b)
}

// arithSpan finds the innermost arithmetic text around off: between
// $(( or (( and their )), $[ and ], or (when subscripts is set) a
// subscript's [ and ]. It is masked only when not already zeros.
func arithSpan(src string, off int, subscripts bool) (from, to int, ok bool) {
	for o := min(off, len(src)-1); o >= 0; o-- {
		var open int
		var closer string
		switch {
		case strings.HasPrefix(src[o:], "$(("):
			open, closer = o+3, "))"
		case strings.HasPrefix(src[o:], "((") && (o == 0 || src[o-1] != '$' && src[o-1] != '('):
			open, closer = o+2, "))"
		case strings.HasPrefix(src[o:], "$["):
			open, closer = o+2, "]"
		case !subscripts && src[o] == '[':
			continue
		case src[o] == '[' && o > 0 && isNameByte(src[o-1]):
			open, closer = o+1, "]"
		case src[o] == '[' && o > 0 && strings.IndexByte("( \t\n", src[o-1]) >= 0:
			// [key]=value in an array's ( ) list.
			open, closer = o+1, "]="
		default:
			continue
		}
		end, found := matchClose(src, open, closer)
		if !found || end < off {
			continue
		}
		if open == end || strings.Contains(src[open:end], "0") && strings.Trim(src[open:end], "0 \t\n") == "" {
			return 0, 0, false
		}
		return open, end, true
	}
	return 0, 0, false
}

// matchClose finds closer after open at nesting depth 0 of (), [] and
// {}, skipping quoted text.
func matchClose(src string, open int, closer string) (int, bool) {
	depth := 0
	for i := open; i < len(src); i++ {
		c := src[i]
		switch {
		case depth == 0 && strings.HasPrefix(src[i:], closer):
			return i, true
		case c == '\\':
			i++
		case c == '\'':
			j := strings.IndexByte(src[i+1:], '\'')
			if j < 0 {
				return 0, false
			}
			i += j + 1
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			if depth == 0 {
				return 0, false
			}
			depth--
		}
	}
	return 0, false
}

// reader hands out a script's commands in order, as bash reads them:
// when a new line starts and the alias table is not the one the rest of
// the text was read with, the rest is read again from its original text
// with the aliases of now expanded (alias.go); a here-document the end
// of the text closed is warned about when its command is reached.
type reader struct {
	orig     string // the text as written (aliases unexpanded)
	sc       *script
	i        int
	read     uint   // the last line read
	readWith string // the key of the aliases the rest was read with
	warned   int    // sc.warns printed
	base     uint   // the line before the text's first (eval's text is numbered from eval's line)
}

func newReader(sc *script, base uint) *reader {
	return &reader{orig: sc.src, sc: sc, base: base}
}

// next is the next command to run; nil at the end of the text or at a
// syntax error (rd.sc.err).
func (r *Runner) next(ctx context.Context, rd *reader) *syntax.Stmt {
	for {
		if rd.i == len(rd.sc.stmts) {
			if rd.sc.err != nil && rd.sc.rest > rd.read && r.readAgain(ctx, rd, rd.sc.rest) {
				// The commands that ran defined aliases the line
				// with the error may use.
				continue
			}
			r.heredocWarnings(rd, ^uint(0))
			return nil
		}
		st := rd.sc.stmts[rd.i]
		if line := st.Pos().Line(); line > rd.read && r.readAgain(ctx, rd, line) {
			continue
		}
		rd.read = max(rd.read, st.End().Line())
		rd.i++
		r.heredocWarnings(rd, st.End().Line())
		return st
	}
}

// readAgain reads the text again from line on if the aliases changed
// since it was last read (see reader); the lines before it are kept as
// empty lines, so line numbers stay. It reports whether it did.
func (r *Runner) readAgain(ctx context.Context, rd *reader, line uint) bool {
	m, key := r.aliasesNow()
	if key == rd.readWith {
		return false
	}
	rd.readWith = key
	text, changed := rd.orig[lineStart(rd.orig, line):], false
	if m != nil {
		text, changed = expandAliasText(text, m)
	}
	if !changed && r.src == rd.orig {
		return false
	}
	rd.sc = readScript(ctx, strings.Repeat("\n", int(line-1))+text)
	rd.i, rd.warned = 0, 0
	r.src = rd.sc.src
	return true
}

// heredocWarnings prints bash's warning for the here-documents up to
// line that the end of the text closed:
//
//	bash: line 2: warning: here-document at line 1 delimited by end-of-file (wanted `EOF')
func (r *Runner) heredocWarnings(rd *reader, line uint) {
	for ; rd.warned < len(rd.sc.warns) && rd.sc.warns[rd.warned].line <= line; rd.warned++ {
		w := rd.sc.warns[rd.warned]
		saved := r.line
		r.line = rd.base + w.eof
		r.printErr(fmt.Sprintf("%swarning: here-document at line %d delimited by end-of-file (wanted `%s')\n",
			r.prefix(), rd.base+w.line, w.delim))
		r.line = saved
	}
}
