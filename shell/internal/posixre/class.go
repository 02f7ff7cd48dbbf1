package posixre

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Character classes as the C.UTF-8 locale of glibc defines them, written
// as the inside of a Go character class. Both matchers use these strings:
// the Go backend directly, the backtracker through regexp/syntax.
const (
	wordClass  = `_0-9\p{L}`
	spaceClass = `\t-\r \x{1680}\x{2000}-\x{2006}\x{2008}-\x{200a}\x{2028}\x{2029}\x{205f}\x{3000}`
)

var namedClasses = map[string]string{
	"alpha":  `\p{L}`,
	"digit":  `0-9`,
	"alnum":  `0-9\p{L}`,
	"upper":  `\p{Lu}`,
	"lower":  `\p{Ll}`,
	"space":  spaceClass,
	"blank":  `\t \x{1680}\x{2000}-\x{2006}\x{2008}-\x{200a}\x{205f}\x{3000}`,
	"punct":  `!-/:-@\x{5b}-\x{60}{-~\p{P}\p{S}`,
	"cntrl":  `\x00-\x1f\x7f-\x{9f}\x{2028}\x{2029}`,
	"print":  ` -~\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}`,
	"graph":  `!-~\p{L}\p{M}\p{N}\p{P}\p{S}`,
	"xdigit": `0-9A-Fa-f`,
}

// asciiClasses are the classes of the C locale, for bytes mode.
var asciiClasses = map[string]string{
	"alpha":  `A-Za-z`,
	"digit":  `0-9`,
	"alnum":  `0-9A-Za-z`,
	"upper":  `A-Z`,
	"lower":  `a-z`,
	"space":  `\t-\r `,
	"blank":  `\t `,
	"punct":  `!-/:-@\x{5b}-\x{60}{-~`,
	"cntrl":  `\x00-\x1f\x7f`,
	"print":  ` -~`,
	"graph":  `!-~`,
	"xdigit": `0-9A-Fa-f`,
}

func (p *parser) classes() map[string]string {
	if p.bytes {
		return asciiClasses
	}
	return namedClasses
}

func (p *parser) wordClass() string {
	if p.bytes {
		return `_0-9A-Za-z`
	}
	return wordClass
}

func classRune(r rune) string {
	if r >= rawByte {
		// Go's matcher sees an invalid byte as U+FFFD.
		r = utf8.RuneError
	}
	return fmt.Sprintf(`\x{%x}`, r)
}

// bracket parses a bracket expression after its '[' and returns it as a
// class node in Go syntax.
func (p *parser) bracket() (*node, error) {
	unmatched := &Error{"Unmatched [, [^, [:, [., or [="}
	startPos := p.pos
	var b strings.Builder
	b.WriteByte('[')
	if !p.eof() && p.src[p.pos] == '^' {
		b.WriteByte('^')
		p.pos++
	}
	first := true
	// GNU grep rejects "[:space:]" outside a bracket expression.
	if end := strings.IndexByte(p.src[p.pos:], ']'); end > 0 {
		inner := p.src[p.pos : p.pos+end]
		if p.pos == startPos && len(inner) >= 2 && inner[0] == ':' && inner[len(inner)-1] == ':' {
			return nil, &Error{"character class syntax is [[:space:]], not [:space:]"}
		}
	}
	for {
		if p.eof() {
			return nil, unmatched
		}
		c := p.src[p.pos]
		if c == ']' && !first {
			p.pos++
			break
		}
		first = false
		lo, isClass, err := p.bracketItem(&b)
		if err != nil {
			return nil, err
		}
		if isClass {
			if p.pos+1 < len(p.src) && p.src[p.pos] == '-' && p.src[p.pos+1] != ']' {
				return nil, &Error{"Invalid range end"}
			}
			continue
		}
		// A range lo-hi; '-' before ']' is literal.
		if p.pos+1 < len(p.src) && p.src[p.pos] == '-' && p.src[p.pos+1] != ']' {
			p.pos++
			var hb strings.Builder
			hi, hiClass, err := p.bracketItem(&hb)
			if err != nil {
				return nil, err
			}
			if hiClass || hi < lo {
				return nil, &Error{"Invalid range end"}
			}
			b.WriteString(classRune(lo) + "-" + classRune(hi))
			// A range cannot start where another ended: [a-c-e].
			if p.pos+1 < len(p.src) && p.src[p.pos] == '-' && p.src[p.pos+1] != ']' {
				return nil, &Error{"Invalid range end"}
			}
			continue
		}
		b.WriteString(classRune(lo))
	}
	b.WriteByte(']')
	return &node{kind: nClass, class: b.String()}, nil
}

// bracketItem reads one element of a bracket expression. A character (or
// collating symbol, or equivalence class) is returned as r; a [:name:]
// class is written to b and isClass is true.
func (p *parser) bracketItem(b *strings.Builder) (r rune, isClass bool, err error) {
	unmatched := &Error{"Unmatched [, [^, [:, [., or [="}
	if p.src[p.pos] == '[' && p.pos+1 < len(p.src) {
		switch kind := p.src[p.pos+1]; kind {
		case ':', '=', '.':
			end := strings.Index(p.src[p.pos+2:], string(kind)+"]")
			if end < 0 {
				return 0, false, unmatched
			}
			name := p.src[p.pos+2 : p.pos+2+end]
			p.pos += 2 + end + 2
			if kind == ':' {
				cls, ok := p.classes()[name]
				if !ok {
					return 0, false, &Error{"Invalid character class name"}
				}
				b.WriteString(cls)
				return 0, true, nil
			}
			if name == "" {
				return 0, false, &Error{"Invalid collation character"}
			}
			r, size := p.char(name)
			if size != len(name) {
				return 0, false, &Error{"Invalid collation character"}
			}
			return r, false, nil
		}
	}
	r, size := p.char(p.src[p.pos:])
	p.pos += size
	return r, false, nil
}
