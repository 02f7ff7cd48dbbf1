package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A function whose name is a word with expansions ($x() { :; },
// foo-$(cmd)() { :; }) is a syntax error to mvdan/sh's parser; bash
// reads it and refuses the name when the definition runs: "`$x': not
// a valid identifier", status 1, and the script goes on. maskFuncName
// masks the name for the parse (each byte that cannot be in a name
// becomes _); the definition then reads the name as written
// (maskedFuncName).

// maskFuncName masks the function name at off that the parser refused
// (msg); ok is false when the word at off is not followed by ().
func maskFuncName(src string, off int, msg string) (string, bool) {
	if msg != "invalid func name" || off >= len(src) {
		return "", false
	}
	line := src[off:]
	if nl := strings.IndexByte(line, '\n'); nl >= 0 {
		line = line[:nl]
	}
	end := strings.Index(line, "()")
	if end <= 0 {
		return "", false
	}
	name := []byte(line[:end])
	for i, c := range name {
		if !isNameByte(c) && c != '-' {
			name[i] = '_'
		}
	}
	if string(name) == line[:end] {
		return "", false
	}
	return src[:off] + string(name) + src[off+end:], true
}

// maskedFuncName reports whether c's name was masked for the parse,
// and the name as written.
func (r *Runner) maskedFuncName(c *syntax.FuncDecl) (string, bool) {
	if c.Name == nil || !c.Name.Pos().IsValid() {
		return "", false
	}
	from, to := int(c.Name.Pos().Offset()), int(c.Name.End().Offset())
	if to > len(r.src) || from >= to {
		return "", false
	}
	text := r.src[from:to]
	return text, text != c.Name.Value
}
