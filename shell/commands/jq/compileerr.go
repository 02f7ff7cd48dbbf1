package jq

import (
	"errors"
	"fmt"
	"strings"

	"github.com/itchyny/gojq"
)

// compileError words a filter that does not parse or compile as jq 1.6
// does where the two agree on the cause: an undefined function or
// variable is reported at each use ("f/1 is not defined at <top-level>,
// line 1:" then the line, padded to the use's column), and a filter that
// ends too soon is jq's "unexpected $end". Other errors keep gojq's words
// in jq's frame.
func compileError(src string, err error) string {
	var pe *gojq.ParseError
	if errors.As(err, &pe) && pe.Error() == "unexpected EOF" {
		return locatedError(src, "syntax error, unexpected $end (Unix shell quoting issues?)", []int{lastToken(src)})
	}
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "function not defined: "); ok {
		fn, arity, _ := strings.Cut(name, "/")
		if uses := findUses(src, fn, arity != "0"); len(uses) > 0 {
			return locatedError(src, name+" is not defined", uses)
		}
	}
	if name, ok := strings.CutPrefix(msg, "variable not defined: "); ok {
		if uses := findUses(src, name, false); len(uses) > 0 {
			return locatedError(src, name+" is not defined", uses[:1])
		}
	}
	return "jq: error: " + msg + "\njq: 1 compile error\n"
}

// locatedError is jq's report of one error at each byte offset.
func locatedError(src, msg string, offsets []int) string {
	var b strings.Builder
	for _, off := range offsets {
		lineStart := strings.LastIndexByte(src[:off], '\n') + 1
		lineEnd := strings.IndexByte(src[off:], '\n')
		if lineEnd < 0 {
			lineEnd = len(src)
		} else {
			lineEnd += off
		}
		line := strings.Count(src[:off], "\n") + 1
		fmt.Fprintf(&b, "jq: error: %s at <top-level>, line %d:\n%s%s\n", msg, line, src[lineStart:lineEnd], strings.Repeat(" ", off-lineStart))
	}
	if len(offsets) == 1 {
		b.WriteString("jq: 1 compile error\n")
	} else {
		fmt.Fprintf(&b, "jq: %d compile errors\n", len(offsets))
	}
	return b.String()
}

// findUses returns the offsets of name used as a word outside string
// literals and comments: a function call (followed by "(" when it takes
// arguments) or a $variable.
func findUses(src, name string, args bool) []int {
	var uses []int
	word := func(c byte) bool {
		return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	inString, escaped := false, false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		case c == '"':
			inString = true
			continue
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		}
		if !strings.HasPrefix(src[i:], name) || i > 0 && (word(src[i-1]) || src[i-1] == '.' || src[i-1] == '@') {
			continue
		}
		end := i + len(name)
		if end < len(src) && word(src[end]) {
			continue
		}
		rest := strings.TrimLeft(src[end:], " \t\n")
		if args != strings.HasPrefix(rest, "(") || strings.HasPrefix(rest, ":") {
			continue
		}
		uses = append(uses, i)
		i = end - 1
	}
	return uses
}

// lastToken is the offset of the filter's last token, where jq places
// an unexpected end.
func lastToken(src string) int {
	t := strings.TrimRight(src, " \t\n")
	if t == "" {
		return 0
	}
	isWord := func(c byte) bool {
		return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
	}
	i := len(t) - 1
	if isWord(t[i]) {
		for i > 0 && isWord(t[i-1]) {
			i--
		}
		return i
	}
	for _, op := range []string{"?//", "//=", "//", "==", "!=", "<=", ">=", "|=", "+=", "-=", "*=", "/=", "%=", ".."} {
		if strings.HasSuffix(t, op) {
			return len(t) - len(op)
		}
	}
	return i
}
