package tui

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// class is the highlight category of one byte of input.
type class uint8

const (
	clPlain class = iota
	clCommand
	clUnknown
	clKeyword
	clString
	clVariable
	clComment
	clOperator
)

// inputComplete reports whether src is a whole statement list that can be
// run, or whether Enter should continue it on a new line (an open quote,
// `do` without `done`, a trailing `|` or `&&`, an unfinished here-doc, a
// trailing backslash). Syntax errors that more input cannot fix count as
// complete: running them lets the shell print its own error.
func inputComplete(src string) bool {
	if strings.TrimSpace(src) == "" {
		return true
	}
	// Enter ends the line, so parse it with its newline: without one,
	// mvdan/sh takes `cat <<EOF` for a finished (if faulty) statement,
	// where with it the here-document's body is still to come.
	_, err := syntax.NewParser().Parse(strings.NewReader(src+"\n"), "")
	if err != nil {
		return !syntax.IsIncomplete(err)
	}
	// A backslash before the end of input is a line continuation in bash.
	// The parser accepted it, so it was not inside single quotes.
	n := 0
	for i := len(src) - 1; i >= 0 && src[i] == '\\'; i-- {
		n++
	}
	return n%2 == 0
}

// maxHighlight is the input size past which highlighting falls back to
// the cheap lexical pass: a full parse on every keystroke of a long pasted
// script would make typing lag.
const maxHighlight = 16 << 10

// highlight classifies every byte of src from mvdan/sh's syntax tree. The
// parser recovers from missing tokens, so unfinished input (an open `for`)
// is still coloured. isCmd says whether a command name would run.
func highlight(src string, isCmd func(string) bool) []class {
	cls := make([]class, len(src))
	if src == "" {
		return cls
	}
	if len(src) > maxHighlight {
		return lexFallback(src, cls)
	}
	p := syntax.NewParser(syntax.KeepComments(true), syntax.RecoverErrors(16))
	f, err := p.Parse(strings.NewReader(src), "")
	if f == nil || (err != nil && !syntax.IsIncomplete(err)) {
		return lexFallback(src, cls)
	}
	mark := func(from, to syntax.Pos, c class) {
		if !from.IsValid() || from.IsRecovered() {
			return
		}
		a, b := int(from.Offset()), len(src)
		if to.IsValid() && !to.IsRecovered() {
			b = int(to.Offset())
		}
		for i := max(a, 0); i < min(b, len(src)); i++ {
			cls[i] = c
		}
	}
	// word marks the keyword or operator starting at pos.
	word := func(pos syntax.Pos, c class) {
		if !pos.IsValid() || pos.IsRecovered() {
			return
		}
		i := int(pos.Offset())
		if i >= len(src) {
			return
		}
		j := i + 1
		if isWord(rune(src[i])) {
			for j < len(src) && isWord(rune(src[j])) {
				j++
			}
		}
		for k := i; k < j; k++ {
			cls[k] = c
		}
	}
	op := func(pos syntax.Pos, s string) {
		if !pos.IsValid() || pos.IsRecovered() {
			return
		}
		for k, i := 0, int(pos.Offset()); k < len(s) && i+k < len(src); k++ {
			cls[i+k] = clOperator
		}
	}
	known := map[string]bool{}
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Comment:
			mark(n.Hash, n.End(), clComment)
		case *syntax.Stmt:
			if n.Negated {
				word(n.Position, clKeyword)
			}
			if n.Semicolon.IsValid() && !n.Semicolon.IsRecovered() && int(n.Semicolon.Offset()) < len(src) {
				cls[n.Semicolon.Offset()] = clOperator
			}
		case *syntax.CallExpr:
			if len(n.Args) == 0 {
				break
			}
			w := n.Args[0]
			name := w.Lit()
			if name == "" {
				break
			}
			ok, seen := known[name]
			if !seen {
				ok = isCmd(name)
				known[name] = ok
			}
			c := clCommand
			if !ok {
				c = clUnknown
			}
			mark(w.Pos(), w.End(), c)
		case *syntax.SglQuoted:
			mark(n.Pos(), n.End(), clString)
		case *syntax.DblQuoted:
			mark(n.Pos(), n.End(), clString)
		case *syntax.ParamExp:
			mark(n.Pos(), n.End(), clVariable)
		case *syntax.Redirect:
			op(n.OpPos, n.Op.String())
		case *syntax.BinaryCmd:
			op(n.OpPos, n.Op.String())
		case *syntax.ForClause:
			word(n.ForPos, clKeyword)
			word(n.DoPos, clKeyword)
			word(n.DonePos, clKeyword)
		case *syntax.WordIter:
			word(n.InPos, clKeyword)
		case *syntax.WhileClause:
			word(n.WhilePos, clKeyword)
			word(n.DoPos, clKeyword)
			word(n.DonePos, clKeyword)
		case *syntax.IfClause:
			word(n.Position, clKeyword)
			word(n.ThenPos, clKeyword)
			word(n.FiPos, clKeyword)
		case *syntax.CaseClause:
			word(n.Case, clKeyword)
			word(n.In, clKeyword)
			word(n.Esac, clKeyword)
		case *syntax.CaseItem:
			op(n.OpPos, n.Op.String())
		case *syntax.Block:
			word(n.Lbrace, clKeyword)
			word(n.Rbrace, clKeyword)
		case *syntax.FuncDecl:
			if n.RsrvWord {
				word(n.Position, clKeyword)
			}
		case *syntax.DeclClause:
			if n.Variant != nil {
				mark(n.Variant.Pos(), n.Variant.End(), clCommand)
			}
		case *syntax.TestClause:
			word(n.Left, clKeyword)
			op(n.Right, "]]")
		}
		return true
	})
	return cls
}

// lexFallback colours input the parser rejects outright: comments and
// quoted strings only, so the error is still readable.
func lexFallback(src string, cls []class) []class {
	var quote byte
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case quote != 0:
			cls[i] = clString
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
			cls[i] = clString
		case c == '#' && (i == 0 || src[i-1] == ' ' || src[i-1] == '\n'):
			for ; i < len(src) && src[i] != '\n'; i++ {
				cls[i] = clComment
			}
		}
	}
	return cls
}
