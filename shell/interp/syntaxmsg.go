package interp

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Syntax errors in bash's words. mvdan/sh's parser and bash's stop at
// the same places, but say different things and often point elsewhere
// (mvdan/sh at the keyword that was not followed by what it needs, bash
// at the token it could not take). bash has three kinds of message:
//
//	syntax error near unexpected token `then'      a token it cannot take
//	syntax error: unexpected end of file           the text ended too early
//	unexpected EOF while looking for matching `"'  a quote or bracket left open
//
// The first names the token, at its line; so when the parse fails
// before the end of the text, bashSyntax finds the first token that
// cannot be read: the shortest prefix of the text, cut at a token's
// end, whose parse fails other than by ending too early. A prefix cut
// before that token parses or only ends too early, so the search is a
// bisection: over line ends, then over the token ends of that line.

// syntaxErr is a syntax error as bash reports it.
type syntaxErr struct {
	line uint   // in the text that was read
	msg  string // bash's message: "syntax error near unexpected token `fi'"
	// text is the line bash quotes after the message in a
	// non-interactive shell ("bash: -c: line 1: `if then'"); "" when it
	// quotes none.
	text string
	// keepStatus: a [[ ]] error, which bash reports from its own parser
	// without setting $? (the script still stops).
	keepStatus bool
}

func (e *syntaxErr) Error() string { return e.msg }

// bashSyntax turns mvdan/sh's error for masked (src with masks, see
// parse.go, ending in a newline) into bash's; src is the text as
// written, for the tokens and lines it quotes. The lines before rest
// are complete commands.
func bashSyntax(src, masked string, err error, rest uint) *syntaxErr {
	var pe syntax.ParseError
	if !errors.As(err, &pe) {
		return &syntaxErr{line: 1, msg: "syntax error"}
	}
	eof := uint(strings.Count(masked, "\n") + 1)
	if e, ok := condError(src, masked, pe, rest); ok {
		return e
	}
	if endedEarly(pe) {
		if close, atOpen, ok := openBracket(masked, pe); ok {
			line := eof
			if atOpen {
				line = pe.Pos.Line()
			}
			return &syntaxErr{line: line, msg: "unexpected EOF while looking for matching `" + close + "'"}
		}
		if strings.HasSuffix(pe.Text, "must be followed by an expression") {
			// Arithmetic the text never closes.
			off := int(pe.Pos.Offset())
			for _, b := range [][2]string{{"$[", "]"}, {"((", "))"}} {
				if line, ok := unclosed(masked, off, b[0], b[1]); ok {
					return &syntaxErr{line: line, msg: "unexpected EOF while looking for matching `" + b[1][:1] + "'"}
				}
			}
		}
		if strings.Contains(pe.Text, "`[[` with `]]`") {
			return &syntaxErr{line: pe.Pos.Line(), msg: "unexpected EOF while looking for `]]'"}
		}
		return &syntaxErr{line: eof, msg: "syntax error: unexpected end of file"}
	}
	if strings.Contains(pe.Text, "parameter expansion") {
		// bash reads ${ to its } across lines, to the end of the text.
		if line, ok := unclosed(masked, int(pe.Pos.Offset()), "${", "}"); ok {
			return &syntaxErr{line: line, msg: "unexpected EOF while looking for matching `}'"}
		}
	}
	from, to, ok := firstBadToken(masked, lineStart(masked, rest))
	if !ok {
		return &syntaxErr{line: pe.Pos.Line(), msg: "syntax error"}
	}
	line := uint(strings.Count(masked[:from], "\n") + 1)
	tok := src[from:to]
	if tok == "\n" {
		tok = "newline"
	}
	return &syntaxErr{
		line: line,
		msg:  "syntax error near unexpected token `" + tok + "'",
		text: strings.TrimSuffix(sourceLines(src, line, line), "\n"),
	}
}

// endedEarly: the parse failed because the text ended (bash's
// "unexpected end of file" and "unexpected EOF while looking for").
func endedEarly(pe syntax.ParseError) bool {
	return pe.Incomplete || strings.HasPrefix(pe.Text, "reached EOF ") ||
		strings.HasPrefix(pe.Text, "unclosed here-document")
}

// openBracket is what bash's "unexpected EOF while looking for
// matching" names for mvdan/sh's unclosed quote or bracket, and whether
// bash gives the line it opened on (it reads these as a whole) rather
// than the last. ok is false for a block bash reports as an unexpected
// end of file: ( and {.
func openBracket(src string, pe syntax.ParseError) (close string, atOpen, ok bool) {
	if q, found := strings.CutPrefix(pe.Text, "reached EOF without closing quote "); found {
		// mvdan/sh quotes the quote in backquotes, a backquote in
		// double quotes; bash names $'...' and $"..." by their quote.
		if len(q) >= 2 {
			q = q[1 : len(q)-1]
		}
		return strings.TrimPrefix(q, "$"), true, true
	}
	rest, found := strings.CutPrefix(pe.Text, "reached EOF without matching `")
	if !found {
		return "", false, false
	}
	open, _, _ := strings.Cut(rest, "`")
	switch open {
	case "$(", "<(", ">(":
		return ")", false, true
	case "${":
		return "}", true, true
	case "$((", "((":
		return ")", true, true
	case "$[", "[":
		return "]", true, true
	case "(":
		// An array's ( ) is read as a whole, a subshell's as commands.
		if off := int(pe.Pos.Offset()); off > 0 && off <= len(src) && src[off-1] == '=' {
			return ")", true, true
		}
	}
	return "", false, false
}

// unclosed finds the last open before off that the text never closes
// after it; line is its line.
func unclosed(text string, off int, open, close string) (line uint, ok bool) {
	i := strings.LastIndex(text[:min(off, len(text))], open)
	if i < 0 || strings.Contains(text[i+len(open):], close) {
		return 0, false
	}
	return uint(strings.Count(text[:i], "\n") + 1), true
}

// failsBefore reports whether text fails to parse other than by ending
// too early.
func failsBefore(text string) bool {
	_, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(text), "")
	if err == nil {
		return false
	}
	var pe syntax.ParseError
	if !errors.As(err, &pe) || !endedEarly(pe) {
		return true
	}
	// mvdan/sh takes the ; of "then;" before it finds the list empty;
	// bash stops at the ;.
	return strings.HasSuffix(pe.Text, "must be followed by a statement list") &&
		strings.HasSuffix(strings.TrimRight(text, " \t"), ";")
}

// firstBadToken finds, in text whose parse fails before its end, the
// first token that cannot be read (see above): its offsets. The text
// before start (complete commands) is left out of the prefixes parsed.
func firstBadToken(text string, start int) (from, to int, ok bool) {
	var ends []int // each line's end, after its newline
	for i := start; i < len(text); i++ {
		if text[i] == '\n' {
			ends = append(ends, i+1)
		}
	}
	if len(ends) == 0 || ends[len(ends)-1] != len(text) {
		ends = append(ends, len(text))
	}
	l := bisect(len(ends), func(i int) bool { return failsBefore(text[start:ends[i]]) })
	if l == len(ends) {
		return 0, 0, false
	}
	lineFrom := start
	if l > 0 {
		lineFrom = ends[l-1]
	}
	toks := lineTokens(text, lineFrom, ends[l])
	t := bisect(len(toks), func(i int) bool { return failsBefore(text[start:toks[i][1]]) })
	if t == len(toks) {
		return 0, 0, false
	}
	return toks[t][0], toks[t][1], true
}

// bisect is the first i in [0, n) for which ok holds (n if none), ok
// being false before it and true from it on.
func bisect(n int, ok func(int) bool) int {
	lo, hi := 0, n
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if ok(mid) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// shellOps are bash's operator tokens, longest first.
var shellOps = []string{";;&", "&>>", "<<<", "<<-", ";;", ";&", "&&", "&>", "||", "|&", "<<", "<&", "<>", ">>", ">&", ">|", ";", "&", "|", "<", ">", "(", ")"}

// lineTokens splits text[start:end] (one line and its newline) into
// bash's tokens: words (quotes and $( ) kept whole), operators and the
// newline; comments and blanks are skipped.
func lineTokens(text string, start, end int) [][2]int {
	var toks [][2]int
	i := start
	for i < end {
		c := text[i]
		switch {
		case c == ' ' || c == '\t':
			i++
			continue
		case c == '\\' && i+1 < end && text[i+1] == '\n':
			i += 2
			continue
		case c == '#':
			for i < end && text[i] != '\n' {
				i++
			}
			continue
		case c == '\n':
			toks = append(toks, [2]int{i, i + 1})
			i++
			continue
		}
		if op := opAt(text[i:end]); op != "" {
			toks = append(toks, [2]int{i, i + len(op)})
			i += len(op)
			continue
		}
		j := wordEnd(text, i, end)
		toks = append(toks, [2]int{i, j})
		i = j
	}
	return toks
}

// opAt is the operator text starts with, "" if none (<( and >( start
// a word).
func opAt(text string) string {
	if strings.HasPrefix(text, "<(") || strings.HasPrefix(text, ">(") {
		return ""
	}
	for _, op := range shellOps {
		if strings.HasPrefix(text, op) {
			return op
		}
	}
	return ""
}

// wordEnd is where the word at text[i] ends: at a blank or operator
// outside quotes and brackets, or at end.
func wordEnd(text string, i, end int) int {
	depth := 0
	for i < end {
		c := text[i]
		switch {
		case c == '\\':
			i += 2
			continue
		case c == '\'':
			if k := strings.IndexByte(text[i+1:end], '\''); k >= 0 {
				i += k + 2
				continue
			}
			return end
		case c == '"' || c == '`':
			k := i + 1
			for k < end && text[k] != c {
				if text[k] == '\\' {
					k++
				}
				k++
			}
			i = min(k+1, end)
			continue
		case depth == 0 && (c == '$' || c == '<' || c == '>') && strings.HasPrefix(text[i+1:end], "(") && !strings.HasPrefix(text[i+1:end], "(("):
			// A command substitution's commands are tokens of their
			// own (an error in them is one of theirs): the word ends
			// here, its ) is an operator.
			return i + 2
		case (c == '$' || c == '<' || c == '>') && i+1 < end && (text[i+1] == '(' || c == '$' && text[i+1] == '{'):
			depth++
			i += 2
			continue
		case depth > 0 && (c == '(' || c == '{'):
			depth++
		case depth > 0 && (c == ')' || c == '}'):
			depth--
		case depth == 0 && (c == ' ' || c == '\t' || c == '\n' || strings.IndexByte(";&|<>()", c) >= 0):
			return i
		}
		i++
	}
	return min(i, end)
}

// condOps are [[ ]]'s operators: unary, then binary.
var (
	condUnary  = " -a -b -c -d -e -f -g -h -k -n -o -p -r -s -t -u -v -w -x -z -G -L -N -O -R -S "
	condBinary = " = == != =~ < > -eq -ne -lt -le -gt -ge -nt -ot -ef "
)

// condError is bash's message for an error inside [[ ]], which bash's
// own conditional parser reports (parse.y's cond_term): "unexpected
// token `||' in conditional command", "unexpected argument `]]' to
// conditional binary operator", ...; some it stops at silently. The
// [[ ]] looked at are those in command position from rest (the line the
// failing command starts on) to the line of mvdan/sh's error (which may
// have taken a misplaced ]] as a word); the first that does not read by
// bash's grammar is the error. ok is false when none.
func condError(src, masked string, pe syntax.ParseError, rest uint) (*syntaxErr, bool) {
	start := lineStart(masked, rest)
	last := lineStart(masked, pe.Pos.Line())
	end := last + strings.IndexByte(masked[last:], '\n') + 1
	if start > last || end <= last {
		return nil, false
	}
	toks := lineTokens(masked, start, end)
	prev := "\n"
	for i, t := range toks {
		w := src[t[0]:t[1]]
		if w == "[[" && strings.Contains(" \n ; & && || | ( { ! then do else elif if while until ", " "+prev+" ") {
			var words []string
			atEOF := false
			for _, u := range toks[i+1:] {
				v := src[u[0]:u[1]]
				if v == "\n" {
					v, atEOF = "newline", u[1] == len(masked)
				}
				words = append(words, v)
				if v == "]]" || v == "newline" {
					break
				}
			}
			if msg, bad := condParse(words); bad {
				line := uint(strings.Count(masked[:t[0]], "\n") + 1)
				if msg == condSyntax && atEOF {
					// bash reads on past the newline, to the end.
					return &syntaxErr{line: line, msg: "unexpected EOF while looking for `]]'"}, true
				}
				return &syntaxErr{line: line, msg: msg, keepStatus: true}, true
			}
		}
		prev = w
	}
	return nil, false
}

// condSyntax is bash's message for a [[ ]] that does not end where it
// should.
const condSyntax = "syntax error in conditional expression"

// condParse reads a [[ ]] expression's words (ending in "]]" or
// "newline") as bash's cond parser does, and returns its message for
// the first error ("" when bash says nothing); bad is false when there
// is none.
func condParse(words []string) (msg string, bad bool) {
	i := 0
	peek := func() string {
		if i < len(words) {
			return words[i]
		}
		return "newline"
	}
	var expr, term func() (string, bool)
	term = func() (string, bool) {
		switch w := peek(); {
		case w == "]]" || w == "newline":
			return "", true
		case w == "(":
			i++
			if m, bad := expr(); bad {
				if m == "" && peek() == "]]" {
					return "expected `)'", true
				}
				return m, bad
			}
			if peek() != ")" {
				return "unexpected token `" + peek() + "', expected `)'", true
			}
			i++
			return "", false
		case w == ")" || w == "&&" || w == "||" || w == ";" || w == "|" || w == "&":
			return "unexpected token `" + w + "' in conditional command", true
		case w == "!":
			i++
			return term()
		case strings.Contains(condUnary, " "+w+" "):
			i++
			if arg := peek(); arg == "]]" || arg == "newline" {
				return "unexpected argument `" + arg + "' to conditional unary operator", true
			}
			i++
			return "", false
		}
		i++
		switch op := peek(); {
		case op == "]]" || op == "&&" || op == "||" || op == ")":
			return "", false
		case op == "newline":
			return "unexpected token `newline', conditional binary operator expected", true
		case !strings.Contains(condBinary, " "+op+" "):
			return "conditional binary operator expected", true
		}
		i++
		if arg := peek(); arg == "]]" || arg == "newline" {
			return "unexpected argument `" + arg + "' to conditional binary operator", true
		}
		i++
		return "", false
	}
	expr = func() (string, bool) {
		for {
			if m, bad := term(); bad {
				return m, bad
			}
			if w := peek(); w != "&&" && w != "||" {
				return "", false
			}
			i++
		}
	}
	if m, bad := expr(); bad {
		return m, true
	}
	switch w := peek(); w {
	case "]]":
		return "", false
	case "newline":
		return condSyntax, true
	default:
		return condSyntax + ": unexpected token `" + w + "'", true
	}
}
