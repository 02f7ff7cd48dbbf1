package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// mvdan/sh keeps the text of an extglob group (@(...), !(...), ...) as
// one literal, but bash expands what is inside it like the rest of the
// word: @($a|'q'-$(cmd)) has a variable, quotes and a command
// substitution. The group's text is cut here at its own punctuation
// (the group openers, '|' and ')') outside quotes and expansions, and
// each piece between is parsed as a word and expanded.

// extGlob expands an extglob group into e.
func (e *expander) extGlob(x *syntax.ExtGlob) {
	text := x.Pattern.Value
	if !strings.ContainsAny(text, "$'\"`") {
		e.add(part{val: x.Op.String() + text + ")"})
		return
	}
	e.add(part{val: x.Op.String()})
	for _, p := range splitExtGlob(text) {
		if p.punct {
			e.add(part{val: p.text})
			continue
		}
		if p.text == "" {
			continue
		}
		parts, src, ok := parseWordText(p.text)
		if !ok {
			e.lit(p.text)
			continue
		}
		e.wordFrom(src, parts, false)
		if e.failed {
			return
		}
	}
	e.add(part{val: ")"})
}

// extPiece is a piece of an extglob group's text: the pattern's own
// punctuation, or a word between.
type extPiece struct {
	text  string
	punct bool
}

// splitExtGlob cuts the text inside an extglob group (after its opener,
// without its closing paren) at the group punctuation that is not quoted
// nor inside $(...), ${...} or `...`.
func splitExtGlob(text string) []extPiece {
	var out []extPiece
	start := 0
	cut := func(i int, punct string) {
		out = append(out, extPiece{text: text[start:i]}, extPiece{text: punct, punct: true})
		start = i + len(punct)
	}
	nest := 0 // $( ${ and plain ( inside an expansion
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c == '\\':
			i++
		case c == '\'':
			if j := strings.IndexByte(text[i+1:], '\''); j >= 0 {
				i += j + 1
			}
		case c == '"':
			i = skipDoubleQuoted(text, i)
		case c == '`':
			if j := strings.IndexByte(text[i+1:], '`'); j >= 0 {
				i += j + 1
			}
		case c == '$' && i+1 < len(text) && (text[i+1] == '(' || text[i+1] == '{'):
			nest++
			i++
		case nest > 0 && (c == '(' || c == '{'):
			nest++
		case nest > 0 && (c == ')' || c == '}'):
			nest--
		case strings.IndexByte("?*+@!", c) >= 0 && i+1 < len(text) && text[i+1] == '(':
			cut(i, text[i:i+2])
			i++
		case c == '|' || c == ')':
			cut(i, text[i:i+1])
		}
	}
	return append(out, extPiece{text: text[start:]})
}

// skipDoubleQuoted returns the index of the '"' closing the one at i
// (or the text's last index).
func skipDoubleQuoted(text string, i int) int {
	for i++; i < len(text); i++ {
		switch text[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return len(text) - 1
}

// parseWordText parses text as one shell word; ok is false when it is
// not exactly one. src is the text the parts' positions point into.
func parseWordText(text string) (parts []syntax.WordPart, src string, ok bool) {
	src = "_ " + text
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err != nil || len(f.Stmts) != 1 || len(f.Stmts[0].Redirs) != 0 {
		return nil, "", false
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 2 || len(call.Assigns) != 0 {
		return nil, "", false
	}
	return call.Args[1].Parts, src, true
}

// wordFrom expands parts parsed at run time from src: what reads the
// source text by position (arithmetic) reads src meanwhile.
func (e *expander) wordFrom(src string, parts []syntax.WordPart, quoted bool) {
	saved := e.r.src
	e.r.src = src
	e.word(parts, quoted)
	e.r.src = saved
}
