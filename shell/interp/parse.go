package interp

import (
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Parsing: mvdan/sh's parser reads the script whole. Where it rejects
// text that bash accepts because bash reads it only when it runs
// (arithmetic: $(( )), (( )), $[ ], subscripts; the ${x~} case toggle),
// the parse is done again over a copy of the source in which that text
// is masked: arithmetic becomes zeros of the same length, ~ becomes ^.
// The tree's positions then still point into the original source, which
// the interpreter keeps (Runner.src) and reads the real text from when
// it runs the construct (maskedArith, caseToggle). Nothing in the tree
// is changed.

// maxMasks bounds the constructs one parse may mask.
const maxMasks = 256

// maxHeredocsAtEOF bounds the here-documents the end of a script may
// close (one parse each).
const maxHeredocsAtEOF = 16

// parse reads src as bash, printing a syntax error as bash does.
func (r *Runner) parse(src, name string) (*syntax.File, error) {
	f, err := r.parseScript(src, name)
	if err != nil {
		r.syntaxError(err)
	}
	return f, err
}

// parseScript is parseBash for a whole script, whose end also ends a
// here-document it cuts short, with bash's warning (the parse is done
// again with the delimiter added).
func (r *Runner) parseScript(src, name string) (*syntax.File, error) {
	f, err := parseBash(src, name)
	for tries := 0; err != nil && tries < maxHeredocsAtEOF; tries++ {
		var pe syntax.ParseError
		delim, ok := "", errors.As(err, &pe)
		if ok {
			delim, ok = strings.CutPrefix(pe.Text, "unclosed here-document `")
		}
		if ok {
			delim, ok = strings.CutSuffix(delim, "`")
		}
		if !ok {
			break
		}
		last := strings.Count(src, "\n")
		if !strings.HasSuffix(src, "\n") {
			last++
			src += "\n"
		}
		r.printErr(fmt.Sprintf("%s: line %d: warning: here-document at line %d delimited by end-of-file (wanted `%s')\n",
			r.arg0, last, pe.Pos.Line(), delim))
		src += delim + "\n"
		f, err = parseBash(src, name)
	}
	return f, err
}

// parseBash parses src, masking what bash reads only at run time (see
// above) where the parser rejects it. The error is the first parse's.
func parseBash(src, name string) (*syntax.File, error) {
	p := syntax.NewParser(syntax.Variant(syntax.LangBash))
	f, err := p.Parse(strings.NewReader(src), name)
	if err == nil {
		return f, nil
	}
	first := err
	masked := src
	for i := 0; i < maxMasks; i++ {
		var pe syntax.ParseError
		var le syntax.LangError
		switch {
		case errors.As(err, &pe):
		case errors.As(err, &le):
			// a zsh feature (floating point) inside arithmetic
			pe = syntax.ParseError{Pos: le.Pos, Text: le.Feature}
		default:
			return nil, first
		}
		next, ok := maskAt(masked, int(pe.Pos.Offset()), pe.Text)
		if !ok {
			break
		}
		masked = next
		f, err = p.Parse(strings.NewReader(masked), name)
		if err == nil {
			return f, nil
		}
	}
	return nil, first
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
	if strings.HasPrefix(msg, "`:` must be followed") && strings.HasPrefix(src[off:], ": ") {
		// ${a[@]: } and ${a[@]: : }: an empty offset or length is 0
		return src[:off+1] + "0" + src[off+2:], true
	}
	// x$foo[5]: the subscript is not the trouble, the expression is
	from, to, ok := arithSpan(src, off, !strings.Contains(msg, "must follow a name"))
	if !ok {
		return "", false
	}
	return src[:from] + zeros(src[from:to]) + src[to:], true
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
