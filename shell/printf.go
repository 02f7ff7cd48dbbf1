package shell

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// bash's printf builtin. mvdan/sh's lacks %q, %f/%e/%g, -v, %b's \c and
// numeric checks; the call handler sends printf here instead (and -v
// through an assignment, see printfArgs).

// printfArgs rewrites a printf call: plain output goes to the internal
// command; `-v NAME` becomes an assignment from its output (a trailing
// "." keeps trailing newlines).
func printfArgs(hcStderr io.Writer, args []string) []string {
	rest := args[1:]
	if len(rest) > 0 && rest[0] == "--" {
		rest = rest[1:]
	}
	if len(rest) >= 2 && rest[0] == "-v" {
		name := rest[1]
		if !validAssignTarget(name) {
			fmt.Fprintf(hcStderr, "bash: printf: `%s': not a valid identifier\n", name)
			return statusArgs(2)
		}
		call := []string{internalPrefix + "printf"}
		for _, a := range rest[2:] {
			call = append(call, shellQuote(a))
		}
		base := name
		if i := strings.IndexByte(name, '['); i >= 0 {
			base = name[:i] + "[" + name[i+1:]
		}
		script := name + "=$(" + strings.Join(call, " ") + "; printf .); " + name + "=${" + base + "%.}"
		return []string{"eval", script}
	}
	if len(rest) > 0 && strings.HasPrefix(rest[0], "-") && len(rest[0]) > 1 {
		fmt.Fprintf(hcStderr, "bash: printf: %s: invalid option\nprintf: usage: printf [-v var] format [arguments]\n", rest[0][:2])
		return statusArgs(2)
	}
	if len(rest) == 0 {
		fmt.Fprintf(hcStderr, "printf: usage: printf [-v var] format [arguments]\n")
		return statusArgs(2)
	}
	return append([]string{internalPrefix + "printf"}, rest...)
}

func validAssignTarget(s string) bool {
	name := s
	if i := strings.IndexByte(s, '['); i > 0 && strings.HasSuffix(s, "]") {
		name = s[:i]
	}
	if name == "" {
		return false
	}
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// bashPrintf writes format applied to args, reusing the format while
// arguments remain, and returns the status (1 after a bad number, which
// bash reports and goes on from).
func bashPrintf(stdout, stderr io.Writer, format string, args []string) int {
	p := &printer{stderr: stderr, args: args}
	for {
		before := p.next
		if p.format(format) {
			break // \c in a %b argument, or a bad directive
		}
		if p.next == before || p.next >= len(p.args) {
			break
		}
	}
	stdout.Write(p.out.Bytes())
	return p.status
}

type printer struct {
	out    bytes.Buffer
	stderr io.Writer
	args   []string
	next   int
	status int
}

func (p *printer) arg() (string, bool) {
	if p.next >= len(p.args) {
		return "", false
	}
	p.next++
	return p.args[p.next-1], true
}

// format runs through format once; it reports whether output must stop.
func (p *printer) format(f string) (stop bool) {
	for i := 0; i < len(f); i++ {
		c := f[i]
		switch c {
		case '\\':
			n, adv, _ := escape(f[i+1:], false)
			p.out.WriteString(n)
			i += adv
		case '%':
			if i+1 < len(f) && f[i+1] == '%' {
				p.out.WriteByte('%')
				i++
				continue
			}
			adv, stop := p.directive(f[i+1:])
			if stop {
				return true
			}
			i += adv
		default:
			p.out.WriteByte(c)
		}
	}
	return false
}

// directive formats one conversion; spec starts after the '%'. It
// returns how many bytes of spec it used.
func (p *printer) directive(spec string) (int, bool) {
	i := 0
	flags := ""
	for i < len(spec) && strings.IndexByte("-+ #0'", spec[i]) >= 0 {
		if spec[i] != '\'' {
			flags += string(spec[i])
		}
		i++
	}
	width, prec := "", ""
	if i < len(spec) && spec[i] == '*' {
		a, _ := p.arg()
		n, _ := p.number(a)
		width = strconv.FormatInt(n, 10)
		i++
	} else {
		for i < len(spec) && spec[i] >= '0' && spec[i] <= '9' {
			width += string(spec[i])
			i++
		}
	}
	hasPrec := false
	if i < len(spec) && spec[i] == '.' {
		hasPrec = true
		i++
		if i < len(spec) && spec[i] == '*' {
			a, _ := p.arg()
			n, _ := p.number(a)
			prec = strconv.FormatInt(n, 10)
			i++
		} else {
			for i < len(spec) && spec[i] >= '0' && spec[i] <= '9' {
				prec += string(spec[i])
				i++
			}
		}
	}
	for i < len(spec) && strings.IndexByte("hlLqjzt", spec[i]) >= 0 && !(spec[i] == 'q' && (i+1 >= len(spec) || strings.IndexByte("diouxXeEfFgGcsbq", spec[i+1]) < 0)) {
		i++ // length modifiers mean nothing here
	}
	if i >= len(spec) {
		fmt.Fprintf(p.stderr, "bash: printf: `%%%s': missing format character\n", spec)
		p.status = 1
		return len(spec), true
	}
	conv := spec[i]
	i++
	goSpec := "%" + flags + width
	if hasPrec {
		goSpec += "." + prec
		if prec == "" {
			goSpec += "0"
		}
	}
	switch conv {
	case 'd', 'i':
		a, _ := p.arg()
		n, _ := p.number(a)
		fmt.Fprintf(&p.out, goSpec+"d", n)
	case 'o', 'u', 'x', 'X':
		a, _ := p.arg()
		n, _ := p.number(a)
		verb := string(conv)
		if conv == 'u' {
			verb = "d"
		}
		fmt.Fprintf(&p.out, goSpec+verb, uint64(n))
	case 'e', 'E', 'f', 'F', 'g', 'G', 'a', 'A':
		a, _ := p.arg()
		x := p.float(a)
		verb := string(conv)
		switch conv {
		case 'F':
			verb = "f"
		case 'a':
			verb = "x"
		case 'A':
			verb = "X"
		}
		if !hasPrec && conv != 'a' && conv != 'A' {
			goSpec += ".6"
		}
		s := fmt.Sprintf(goSpec+verb, x)
		if conv == 'F' {
			s = strings.ToUpper(s)
		}
		p.out.WriteString(s)
	case 'c':
		a, _ := p.arg()
		ch := ""
		if a != "" {
			_, size := utf8.DecodeRuneInString(a)
			ch = a[:size]
		}
		fmt.Fprintf(&p.out, "%"+flags+width+"s", ch)
	case 's':
		a, _ := p.arg()
		fmt.Fprintf(&p.out, goSpec+"s", a)
	case 'b':
		a, _ := p.arg()
		s, stop := expandB(a)
		fmt.Fprintf(&p.out, goSpec+"s", s)
		if stop {
			return i, true
		}
	case 'q':
		a, _ := p.arg()
		fmt.Fprintf(&p.out, "%"+flags+width+"s", quoteQ(a))
	default:
		fmt.Fprintf(p.stderr, "bash: printf: `%c': invalid format character\n", conv)
		p.status = 1
		return i, true
	}
	return i, false
}

// number parses an integer argument as bash does: decimal, 0x hex, 0
// octal, or 'c for a character's code. A bad one is reported, and its
// valid prefix (or 0) used.
func (p *printer) number(a string) (int64, bool) {
	s := strings.TrimLeft(a, " \t\n")
	if s == "" {
		return 0, true
	}
	if s[0] == '\'' || s[0] == '"' {
		if len(s) == 1 {
			return 0, true
		}
		r, _ := utf8.DecodeRuneInString(s[1:])
		return int64(r), true
	}
	neg := s[0] == '-'
	body := strings.TrimLeft(s[:1], "+-") + s[1:]
	base, digits := 10, body
	switch {
	case strings.HasPrefix(body, "0x") || strings.HasPrefix(body, "0X"):
		base, digits = 16, body[2:]
	case strings.HasPrefix(body, "0"):
		base = 8
	}
	end := 0
	for end < len(digits) && digitVal(digits[end]) < base {
		end++
	}
	var n uint64
	var err error
	if end > 0 {
		n, err = strconv.ParseUint(digits[:end], base, 64)
	}
	v := int64(n)
	if neg {
		v = -v
	}
	switch {
	case end == 0 || end < len(digits):
		fmt.Fprintf(p.stderr, "bash: printf: %s: invalid number\n", a)
	case err != nil:
		fmt.Fprintf(p.stderr, "bash: printf: %s: Numerical result out of range\n", a)
	default:
		return v, true
	}
	p.status = 1
	return v, false
}

func digitVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'f':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'F':
		return int(c-'A') + 10
	}
	return 99
}

func (p *printer) float(a string) float64 {
	s := strings.TrimSpace(a)
	if s == "" {
		return 0
	}
	if s[0] == '\'' || s[0] == '"' {
		if len(s) == 1 {
			return 0
		}
		r, _ := utf8.DecodeRuneInString(s[1:])
		return float64(r)
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil && !math.IsInf(x, 0) {
		// The longest valid prefix, as strtold takes it.
		for end := len(s) - 1; end > 0; end-- {
			if y, err2 := strconv.ParseFloat(s[:end], 64); err2 == nil {
				x = y
				break
			}
		}
		fmt.Fprintf(p.stderr, "bash: printf: %s: invalid number\n", a)
		p.status = 1
	}
	return x
}

// escape decodes the backslash escape at the start of s (after the
// backslash). inB selects %b's rules (\0NNN octal, \c). It returns the
// text, the bytes used and whether \c was seen.
func escape(s string, inB bool) (string, int, bool) {
	if s == "" {
		return "\\", 0, false
	}
	switch s[0] {
	case 'a':
		return "\a", 1, false
	case 'b':
		return "\b", 1, false
	case 'e', 'E':
		return "\x1b", 1, false
	case 'f':
		return "\f", 1, false
	case 'n':
		return "\n", 1, false
	case 'r':
		return "\r", 1, false
	case 't':
		return "\t", 1, false
	case 'v':
		return "\v", 1, false
	case '\\':
		return "\\", 1, false
	case '"':
		if inB {
			return "\\\"", 1, false
		}
		return "\"", 1, false
	case '\'':
		if inB {
			return "\\'", 1, false
		}
		return "'", 1, false
	case 'c':
		if inB {
			return "", 1, true
		}
		return "\\c", 1, false
	case 'x':
		n, used := 0, 0
		for used < 2 && 1+used < len(s) && digitVal(s[1+used]) < 16 {
			n = n*16 + digitVal(s[1+used])
			used++
		}
		if used == 0 {
			return "\\x", 1, false
		}
		return string([]byte{byte(n)}), 1 + used, false
	case 'u', 'U':
		max := 4
		if s[0] == 'U' {
			max = 8
		}
		n, used := 0, 0
		for used < max && 1+used < len(s) && digitVal(s[1+used]) < 16 {
			n = n*16 + digitVal(s[1+used])
			used++
		}
		if used == 0 {
			return "\\" + s[:1], 1, false
		}
		return string(rune(n)), 1 + used, false
	}
	if s[0] >= '0' && s[0] <= '7' {
		start, max := 0, 3
		if inB && s[0] == '0' {
			start, max = 1, 3
		}
		n, used := 0, 0
		for used < max && start+used < len(s) && s[start+used] >= '0' && s[start+used] <= '7' {
			n = n*8 + int(s[start+used]-'0')
			used++
		}
		return string([]byte{byte(n)}), start + used, false
	}
	return "\\" + s[:1], 1, false
}

// expandB expands a %b argument; stop is set by \c.
func expandB(a string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(a); i++ {
		if a[i] != '\\' {
			b.WriteByte(a[i])
			continue
		}
		s, adv, stop := escape(a[i+1:], true)
		if stop {
			return b.String(), true
		}
		b.WriteString(s)
		i += adv
	}
	return b.String(), false
}

// quoteQ quotes s as bash's printf %q does: backslashes before special
// characters, or $'...' when s holds control characters.
func quoteQ(s string) string {
	if s == "" {
		return "''"
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return ansiQuote(s)
		}
	}
	var b strings.Builder
	for i, r := range s {
		switch {
		case strings.ContainsRune(" !\"$&'()*,;<>?[\\]^`{|}", r):
			b.WriteByte('\\')
		case (r == '~' || r == '#') && i == 0:
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func ansiQuote(s string) string {
	var b strings.Builder
	b.WriteString("$'")
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\v':
			b.WriteString(`\v`)
		case 0x1b:
			b.WriteString(`\E`)
		case '\'':
			b.WriteString(`\'`)
		case '\\':
			b.WriteString(`\\`)
		default:
			if c < 0x20 || c == 0x7f {
				fmt.Fprintf(&b, "\\%03o", c)
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteString("'")
	return b.String()
}
