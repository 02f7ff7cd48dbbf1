package shell

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/interp"
)

// Arithmetic syntax errors. mvdan/sh parses arithmetic with the rest of
// the script, so `x=$((1 + ))` used to fail the whole script as a
// syntax error (status 2, nothing run). bash finds the error only when
// it evaluates the expression: the lines before run, the expansion says
//
//	bash: line 2: 1 + : syntax error: operand expected (error token is "+ ")
//
// and ends its line with status 1; `(( 1 + ))` says the same after
// "((: " and fails with status 1 like a false test.
//
// arithSyntaxErrors finds, before the script is parsed, each $((...)),
// $[...] and ((...)) command that does not parse, and puts an internal
// command that reports it in its place (keeping the line count, so line
// numbers stay right). Other syntax errors are left for the parser.

const (
	arithSynExp = internalPrefix + "arsyn"    // in $((...)) or $[...]
	arithSynCmd = internalPrefix + "arsyncmd" // a ((...)) command
)

func arithSyntaxErrors(src string) string {
	if !strings.Contains(src, "((") && !strings.Contains(src, "$[") {
		return src
	}
	_, err := newParser().Parse(strings.NewReader(src), "")
	return fixArithErrors(src, err)
}

// fixArithErrors is arithSyntaxErrors for src whose parse gave err, for
// callers that parse it anyway: nothing more is parsed when err is nil.
func fixArithErrors(src string, err error) string {
	for range 32 {
		pe, ok := asParseError(err)
		if !ok {
			return src
		}
		kind := ""
		switch {
		case strings.HasSuffix(pe.Text, "must be followed by an expression"),
			strings.HasSuffix(pe.Text, "must follow an expression"):
			kind = "syntax error: operand expected"
		case strings.HasPrefix(pe.Text, "not a valid arithmetic operator"):
			kind = "syntax error in expression"
		default:
			return src
		}
		next, ok := replaceArith(src, int(pe.Pos.Offset()), pe.Pos.Line(), kind)
		if !ok {
			return src
		}
		src = next
		_, err = newParser().Parse(strings.NewReader(src), "")
	}
	return src
}

// replaceArith replaces the arithmetic construct around offset off.
func replaceArith(src string, off int, line uint, kind string) (string, bool) {
	if off < 0 || off >= len(src) {
		return src, false
	}
	// The innermost $(( $[ or (( that opens before off and closes after.
	for start := off - 1; start >= 0; start-- {
		var open, close string
		switch {
		case strings.HasPrefix(src[start:], "(("):
			open, close = "((", "))"
			if start > 0 && src[start-1] == '$' {
				start--
				open = "$(("
			}
		case strings.HasPrefix(src[start:], "$["):
			open, close = "$[", "]"
		default:
			continue
		}
		end, ok := arithEnd(src, start+len(open), close)
		if !ok || end <= off {
			continue
		}
		inner := src[start+len(open) : end]
		text := strings.TrimLeft(inner, " \t\n")
		token := src[off:end]
		args := " " + strconv.FormatUint(uint64(line), 10) + " " + shellQuote(kind) + " " + lineQuote(text) + " " + lineQuote(token)
		// The construct's newlines stay, ahead of the command, so later
		// lines keep their numbers.
		nl := strings.Repeat("\n", strings.Count(src[start:end], "\n"))
		var repl string
		if open == "((" {
			if forBefore(src[:start]) {
				return src, false // for ((...)): left to the parser
			}
			repl = nl + arithSynCmd + args
		} else {
			repl = "$(" + nl + arithSynExp + args + ")"
		}
		out := src[:start] + repl + src[end+len(close):]
		if strings.Count(out, "\n") != strings.Count(src, "\n") {
			return src, false
		}
		return out, true
	}
	return src, false
}

// lineQuote quotes s for the shell on one line: $'...' with \n when s
// holds a newline.
func lineQuote(s string) string {
	if !strings.Contains(s, "\n") {
		return shellQuote(s)
	}
	r := strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`)
	return "$'" + r.Replace(s) + "'"
}

// arithEnd finds the close that ends an arithmetic construct whose text
// starts at i, skipping balanced parentheses and brackets inside.
func arithEnd(src string, i int, close string) (int, bool) {
	depth := 0
	for j := i; j < len(src); j++ {
		switch c := src[j]; {
		case c == '(' || (c == '[' && close == "]"):
			depth++
		case depth > 0 && (c == ')' || (c == ']' && close == "]")):
			depth--
		case depth == 0 && strings.HasPrefix(src[j:], close):
			return j, true
		case depth == 0 && c == ')':
			return 0, false
		}
	}
	return 0, false
}

// forBefore reports whether text ends with the keyword for (before a
// C-style loop's "((").
func forBefore(text string) bool {
	t := strings.TrimRight(text, " \t")
	if !strings.HasSuffix(t, "for") {
		return false
	}
	t = t[:len(t)-3]
	return t == "" || strings.ContainsAny(t[len(t)-1:], " \t\n;&|({")
}

// arithSyntax runs the internal commands arithSyntaxErrors puts in
// place: LINE KIND TEXT TOKEN.
func (c *core) arithSyntax(ctx context.Context, p *proc) int {
	if len(p.args) != 5 {
		return 2
	}
	hc := interp.HandlerCtx(ctx)
	line, _ := strconv.ParseUint(p.args[1], 10, 64)
	if line == 0 {
		line = uint64(hc.Pos.Line())
	}
	prefix := c.callPrefix(uint(line), funcDepth(hc.Env) > 0)
	if p.args[0] == arithSynCmd {
		fmt.Fprintf(p.stdio.Stderr, "%s((: %s: %s (error token is \"%s\")\n", prefix, p.args[3], p.args[2], p.args[4])
		return 1
	}
	stopLine(ctx, p.stdio.Stderr, fmt.Sprintf("%s%s: %s (error token is \"%s\")\n", prefix, p.args[3], p.args[2], p.args[4]))
	return 1
}
