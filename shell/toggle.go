package shell

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// ${v~} and ${v~~} toggle the case of the first or of every character,
// an operator mvdan/sh v3.14.1 cannot parse. When a script fails to
// parse on it, toggleCaseOps writes each as ${v,__memsh_toggle} or
// ${v,,__memsh_toggle} (a case operator with a pattern no text holds),
// which prepExpansions hands to memsh (see toggleCase).

// toggleMark is the pattern that marks a rewritten ${v~} or ${v~~}.
const toggleMark = internalPrefix + "toggle"

var toggleRe = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*])(\[[^\]]*\])?(~~?)\}`)

// toggleCaseOps rewrites src's ${v~} and ${v~~} when they are what keeps
// it from parsing.
func toggleCaseOps(src string) string {
	if !strings.Contains(src, "~}") {
		return src
	}
	if _, err := newParser().Parse(strings.NewReader(src), ""); err == nil || !strings.Contains(err.Error(), "operator: `~`") {
		return src
	}
	quoted := singleQuoted(src)
	var sb strings.Builder
	last := 0
	for _, m := range toggleRe.FindAllStringSubmatchIndex(src, -1) {
		if quoted[m[0]] {
			continue // '${v~}' is text
		}
		op := ","
		if src[m[6]:m[7]] == "~~" {
			op = ",,"
		}
		sb.WriteString(src[last:m[0]])
		sb.WriteString("${" + src[m[2]:m[3]])
		if m[4] >= 0 {
			sb.WriteString(src[m[4]:m[5]])
		}
		sb.WriteString(op + toggleMark + "}")
		last = m[1]
	}
	sb.WriteString(src[last:])
	return sb.String()
}

// singleQuoted marks the bytes of src inside '...' or $'...' (outside
// double quotes) and after a '#' that starts a comment.
func singleQuoted(src string) []bool {
	in := make([]bool, len(src))
	single, double, comment := false, false, false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case comment:
			in[i] = true
			comment = c != '\n'
		case single:
			in[i] = true
			single = c != '\''
		case c == '\\':
			i++
		case c == '"':
			double = !double
		case c == '\'' && !double:
			single = true
			in[i] = true
		case c == '#' && !double && (i == 0 || strings.IndexByte(" \t\n;&|(", src[i-1]) >= 0):
			comment = true
			in[i] = true
		}
	}
	return in
}

// isToggle reports whether pe is a rewritten ${v~} or ${v~~}.
func isToggle(pe *syntax.ParamExp) bool {
	return pe.Exp != nil && (pe.Exp.Op == syntax.LowerFirst || pe.Exp.Op == syntax.LowerAll) && pe.Exp.Word != nil && pe.Exp.Word.Lit() == toggleMark
}

// toggleCase flips the case of s's first character, or of all of them.
func toggleCase(s string, all bool) string {
	flip := func(r rune) rune {
		switch {
		case unicode.IsUpper(r):
			return unicode.ToLower(r)
		case unicode.IsLower(r):
			return unicode.ToUpper(r)
		}
		return r
	}
	if all {
		return strings.Map(flip, s)
	}
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(flip(r)) + s[n:]
}
