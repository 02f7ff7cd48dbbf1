package binutil

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/big"
	"strings"

	"memsh/shell/command"
)

const bcHelp = `usage: bc [options] [file ...]
  -h  --help         print this usage and exit
  -l  --mathlib      use the predefined math routines (scale=20)
  -q  --quiet        don't print initial banner

memsh's bc is minimal: numbers of any size with a scale, variables,
assignments (= += -= *= /= %= ^=), + - * / % ^, comparisons, ! && ||,
parentheses, sqrt(), length(), scale(), the scale variable, print-free
expression statements, comments and quit. No functions, no if/while/for,
no ibase/obase other than 10.
`

// bcNum is an exact decimal: v * 10^-scale.
type bcNum struct {
	v     *big.Int
	scale int
}

var bigTen = big.NewInt(10)

func pow10(n int) *big.Int { return new(big.Int).Exp(bigTen, big.NewInt(int64(n)), nil) }

// rescale changes n's scale, truncating as bc does.
func (n bcNum) rescale(s int) bcNum {
	switch {
	case s == n.scale:
		return n
	case s > n.scale:
		return bcNum{new(big.Int).Mul(n.v, pow10(s-n.scale)), s}
	}
	return bcNum{new(big.Int).Quo(n.v, pow10(n.scale-s)), s}
}

func (n bcNum) isZero() bool { return n.v.Sign() == 0 }

func bcInt(i int64) bcNum { return bcNum{big.NewInt(i), 0} }

func (n bcNum) String() string {
	s := new(big.Int).Abs(n.v).String()
	neg := n.v.Sign() < 0
	if n.scale > 0 {
		for len(s) <= n.scale {
			s = "0" + s
		}
		s = s[:len(s)-n.scale] + "." + s[len(s)-n.scale:]
		if strings.HasPrefix(s, "0.") {
			s = s[1:]
		}
	}
	if neg && strings.Trim(s, "0.") != "" {
		s = "-" + s
	}
	return s
}

type bcError struct{ msg string }

// bcParser is a recursive-descent parser that evaluates as it parses.
type bcParser struct {
	src   []rune
	pos   int
	vars  map[string]bcNum
	scale int
	out   *bufio.Writer
	quit  bool
}

func (p *bcParser) fail(format string, args ...any) {
	panic(bcError{fmt.Sprintf(format, args...)})
}

func (p *bcParser) skipSpace() {
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			p.pos++
		case c == '\\' && p.pos+1 < len(p.src) && p.src[p.pos+1] == '\n':
			p.pos += 2
		case c == '/' && p.pos+1 < len(p.src) && p.src[p.pos+1] == '*':
			end := strings.Index(string(p.src[p.pos+2:]), "*/")
			if end < 0 {
				p.fail("comment end not found")
			}
			p.pos += 2 + len([]rune(string(p.src[p.pos+2:])[:end])) + 2
		case c == '#':
			for p.pos < len(p.src) && p.src[p.pos] != '\n' {
				p.pos++
			}
		default:
			return
		}
	}
}

func (p *bcParser) peek(s string) bool {
	p.skipSpace()
	return strings.HasPrefix(string(p.src[p.pos:min(len(p.src), p.pos+len(s))]), s)
}

func (p *bcParser) accept(s string) bool {
	if p.peek(s) {
		p.pos += len(s)
		return true
	}
	return false
}

func (p *bcParser) ident() string {
	p.skipSpace()
	start := p.pos
	for p.pos < len(p.src) && (p.src[p.pos] >= 'a' && p.src[p.pos] <= 'z' || p.src[p.pos] == '_' || p.pos > start && p.src[p.pos] >= '0' && p.src[p.pos] <= '9') {
		p.pos++
	}
	return string(p.src[start:p.pos])
}

// statement parses one statement; it reports whether a value is printed.
func (p *bcParser) statement() {
	p.skipSpace()
	if p.pos >= len(p.src) {
		return
	}
	if c := p.src[p.pos]; c == '\n' || c == ';' {
		p.pos++
		return
	}
	save := p.pos
	name := p.ident()
	if name == "quit" {
		p.quit = true
		return
	}
	if name != "" {
		for _, op := range []string{"+=", "-=", "*=", "/=", "%=", "^=", "="} {
			if p.peek(op) && !p.peek("==") {
				p.pos += len(op)
				v := p.expr()
				if op != "=" {
					v = p.binary(op[:1], p.get(name), v)
				}
				p.set(name, v)
				p.end()
				return
			}
		}
	}
	p.pos = save
	v := p.expr()
	p.out.WriteString(bcWrap(v.String()))
	p.out.WriteByte('\n')
	p.end()
}

func (p *bcParser) end() {
	p.skipSpace()
	if p.pos < len(p.src) && p.src[p.pos] != '\n' && p.src[p.pos] != ';' {
		p.fail("syntax error")
	}
}

// bcWrap breaks long numbers at 70 columns with a backslash, as bc does.
func bcWrap(s string) string {
	if len(s) <= 69 {
		return s
	}
	var b strings.Builder
	for len(s) > 69 {
		b.WriteString(s[:68] + "\\\n")
		s = s[68:]
	}
	b.WriteString(s)
	return b.String()
}

func (p *bcParser) get(name string) bcNum {
	if name == "scale" {
		return bcInt(int64(p.scale))
	}
	if name == "ibase" || name == "obase" {
		return bcInt(10)
	}
	if v, ok := p.vars[name]; ok {
		return v
	}
	return bcInt(0)
}

func (p *bcParser) set(name string, v bcNum) {
	switch name {
	case "scale":
		iv := v.rescale(0).v
		if iv.Sign() < 0 || !iv.IsInt64() || iv.Int64() > 1<<20 {
			p.fail("scale out of range")
		}
		p.scale = int(iv.Int64())
	case "ibase", "obase":
		if v.rescale(0).v.Cmp(bigTen) != 0 {
			p.fail("%s other than 10 is not supported by memsh's bc", name)
		}
	default:
		p.vars[name] = v
	}
}

func (p *bcParser) expr() bcNum { return p.or() }

func boolNum(b bool) bcNum {
	if b {
		return bcInt(1)
	}
	return bcInt(0)
}

func (p *bcParser) or() bcNum {
	v := p.and()
	for p.accept("||") {
		r := p.and()
		v = boolNum(!v.isZero() || !r.isZero())
	}
	return v
}

func (p *bcParser) and() bcNum {
	v := p.not()
	for p.accept("&&") {
		r := p.not()
		v = boolNum(!v.isZero() && !r.isZero())
	}
	return v
}

func (p *bcParser) not() bcNum {
	if p.peek("!") && !p.peek("!=") {
		p.pos++
		return boolNum(p.not().isZero())
	}
	return p.rel()
}

func bcCmp(a, b bcNum) int {
	s := max(a.scale, b.scale)
	return a.rescale(s).v.Cmp(b.rescale(s).v)
}

func (p *bcParser) rel() bcNum {
	v := p.sum()
	for _, op := range []string{"<=", ">=", "==", "!=", "<", ">"} {
		if p.accept(op) {
			c := bcCmp(v, p.sum())
			return boolNum(map[string]bool{"<=": c <= 0, ">=": c >= 0, "==": c == 0, "!=": c != 0, "<": c < 0, ">": c > 0}[op])
		}
	}
	return v
}

func (p *bcParser) sum() bcNum {
	v := p.product()
	for {
		switch {
		case p.accept("+"):
			v = p.binary("+", v, p.product())
		case p.peek("-"):
			p.pos++
			v = p.binary("-", v, p.product())
		default:
			return v
		}
	}
}

func (p *bcParser) product() bcNum {
	v := p.unary()
	for {
		switch {
		case p.accept("*"):
			v = p.binary("*", v, p.unary())
		case p.accept("/"):
			v = p.binary("/", v, p.unary())
		case p.accept("%"):
			v = p.binary("%", v, p.unary())
		default:
			return v
		}
	}
}

// unary is bc's power level: unary minus binds tighter than ^ ("-2^2"
// is 4), and ^ is right associative.
func (p *bcParser) unary() bcNum {
	v := p.negated()
	if p.accept("^") {
		return p.binary("^", v, p.unary())
	}
	return v
}

func (p *bcParser) negated() bcNum {
	if p.accept("-") {
		v := p.negated()
		return bcNum{new(big.Int).Neg(v.v), v.scale}
	}
	return p.primary()
}

func (p *bcParser) binary(op string, a, b bcNum) bcNum {
	switch op {
	case "+", "-":
		s := max(a.scale, b.scale)
		x, y := a.rescale(s).v, b.rescale(s).v
		if op == "+" {
			return bcNum{new(big.Int).Add(x, y), s}
		}
		return bcNum{new(big.Int).Sub(x, y), s}
	case "*":
		r := bcNum{new(big.Int).Mul(a.v, b.v), a.scale + b.scale}
		return r.rescale(min(a.scale+b.scale, max(p.scale, a.scale, b.scale)))
	case "/":
		if b.isZero() {
			p.fail("Divide by zero")
		}
		return bcDiv(a, b, p.scale)
	case "%":
		if b.isZero() {
			p.fail("Modulo by zero")
		}
		q := bcDiv(a, b, p.scale)
		s := max(p.scale+b.scale, a.scale)
		prod := bcNum{new(big.Int).Mul(q.v, b.v), q.scale + b.scale}
		return p.binary("-", a.rescale(s), prod.rescale(s))
	case "^":
		if b.scale > 0 && b.rescale(0).rescale(b.scale).v.Cmp(b.v) != 0 {
			p.fail("Non-zero scale in exponent")
		}
		e := b.rescale(0).v
		if !e.IsInt64() || e.Int64() > 1<<20 || e.Int64() < -(1<<20) {
			p.fail("exponent too large")
		}
		n := e.Int64()
		neg := n < 0
		if neg {
			n = -n
		}
		r := bcNum{new(big.Int).Exp(a.v, big.NewInt(n), nil), a.scale * int(n)}
		if neg {
			if a.isZero() {
				p.fail("Divide by zero")
			}
			return bcDiv(bcInt(1), r, p.scale)
		}
		return r.rescale(min(a.scale*int(n), max(p.scale, a.scale)))
	}
	return a
}

// bcDiv is a/b truncated to scale digits.
func bcDiv(a, b bcNum, scale int) bcNum {
	// a.v*10^(scale+b.scale-a.scale) / b.v, arranging non-negative shifts.
	num := new(big.Int).Set(a.v)
	den := new(big.Int).Set(b.v)
	shift := scale + b.scale - a.scale
	if shift >= 0 {
		num.Mul(num, pow10(shift))
	} else {
		den.Mul(den, pow10(-shift))
	}
	return bcNum{num.Quo(num, den), scale}
}

func (p *bcParser) primary() bcNum {
	p.skipSpace()
	if p.pos >= len(p.src) {
		p.fail("syntax error")
	}
	c := p.src[p.pos]
	switch {
	case c == '(':
		p.pos++
		v := p.expr()
		if !p.accept(")") {
			p.fail("syntax error")
		}
		return v
	case c >= '0' && c <= '9' || c >= 'A' && c <= 'F' || c == '.':
		start := p.pos
		for p.pos < len(p.src) && (p.src[p.pos] >= '0' && p.src[p.pos] <= '9' || p.src[p.pos] >= 'A' && p.src[p.pos] <= 'F') {
			p.pos++
		}
		intPart := string(p.src[start:p.pos])
		frac := ""
		if p.pos < len(p.src) && p.src[p.pos] == '.' {
			p.pos++
			fs := p.pos
			for p.pos < len(p.src) && p.src[p.pos] >= '0' && p.src[p.pos] <= '9' {
				p.pos++
			}
			frac = string(p.src[fs:p.pos])
		}
		if strings.ContainsAny(intPart, "ABCDEF") {
			p.fail("hexadecimal digits need ibase, which memsh's bc does not support")
		}
		v, _ := new(big.Int).SetString("0"+intPart+frac, 10)
		return bcNum{v, len(frac)}
	case c >= 'a' && c <= 'z':
		name := p.ident()
		if p.accept("(") {
			arg := p.expr()
			if !p.accept(")") {
				p.fail("syntax error")
			}
			switch name {
			case "sqrt":
				if arg.v.Sign() < 0 {
					p.fail("Square root of a negative number")
				}
				s := max(p.scale, arg.scale)
				x := arg.rescale(2 * s).v
				return bcNum{new(big.Int).Sqrt(x), s}
			case "length":
				digits := len(new(big.Int).Abs(arg.v).String())
				if arg.v.Sign() == 0 {
					digits = max(1, arg.scale)
				}
				return bcInt(int64(max(digits, arg.scale)))
			case "scale":
				return bcInt(int64(arg.scale))
			}
			p.fail("Function %s not defined.", name)
		}
		if name == "" {
			p.fail("syntax error")
		}
		return p.get(name)
	}
	p.fail("syntax error")
	return bcNum{}
}

func runBc(ctx context.Context, inv *command.Invocation) int {
	fset := inv.NewFlags()
	var mathlib bool
	fset.BoolVarP(&mathlib, "mathlib", "l", false, "")
	fset.BoolP("quiet", "q", false, "")
	files, st, ok := inv.ParseFlags(fset, 1)
	if !ok {
		return st
	}
	w := newWriter(inv.Stdout)
	defer w.Flush()
	p := &bcParser{vars: map[string]bcNum{}, out: w}
	if mathlib {
		p.scale = 20
	}
	failed := false // a line outgrew command.MaxHeld, or a read failed
	run := func(name string, r io.Reader) bool {
		br := bufio.NewReaderSize(r, bufSize)
		lineNo := 0
		for !p.quit {
			line, err := bcLine(br)
			if line != "" {
				lineNo++
				// A backslash-newline continues the statement.
				for strings.HasSuffix(line, "\\\n") && err == nil && len(line) <= command.MaxHeld {
					var more string
					more, err = bcLine(br)
					line += more
				}
			}
			if ctx.Err() != nil {
				return false
			}
			if _, held := err.(command.HeldLimitError); held || len(line) > command.MaxHeld {
				w.Flush()
				fmt.Fprintf(inv.Stderr, "bc: %s: %s\n", name, command.HeldLimitError{})
				failed = true
				return false
			}
			if line != "" {
				p.src, p.pos = []rune(line), 0
				func() {
					defer func() {
						if r := recover(); r != nil {
							e, ok := r.(bcError)
							if !ok {
								panic(r)
							}
							w.Flush()
							if strings.HasPrefix(e.msg, "Divide") || strings.HasPrefix(e.msg, "Modulo") || strings.HasPrefix(e.msg, "Square") {
								fmt.Fprintf(inv.Stderr, "Runtime error (func=(main), adr=0): %s\n", e.msg)
							} else {
								fmt.Fprintf(inv.Stderr, "%s %d: %s\n", bcLabel(name), lineNo, e.msg)
							}
						}
					}()
					for p.pos < len(p.src) && !p.quit {
						p.statement()
					}
				}()
				w.Flush()
			}
			if err != nil {
				if err != io.EOF && ctx.Err() == nil {
					// a directory, say: GNU bc's flex scanner gives up
					w.Flush()
					fmt.Fprintf(inv.Stderr, "%s %d: read() in flex scanner failed\n", bcLabel(name), lineNo+1)
					failed = true
				}
				return err == io.EOF
			}
			if ctx.Err() != nil {
				return false
			}
		}
		return true
	}
	for _, f := range files {
		r, err := inv.OpenInput(ctx, f)
		if err != nil {
			w.Flush()
			fmt.Fprintf(inv.Stderr, "File %s is unavailable.\n", f)
			return 1
		}
		ok := run(f, r)
		r.Close()
		if !ok && ctx.Err() != nil {
			return statusCancelled
		}
		if failed {
			return 1
		}
		if p.quit {
			return 0
		}
	}
	if !run("standard_in", command.ContextReader(ctx, inv.Stdin)) && ctx.Err() != nil {
		return statusCancelled
	}
	if failed {
		return 1
	}
	return 0
}

// bcLine reads one line as ReadString('\n') does, but stops with
// command.HeldLimitError once it outgrows command.MaxHeld.
func bcLine(br *bufio.Reader) (string, error) {
	var sb strings.Builder
	for {
		part, err := br.ReadSlice('\n')
		sb.Write(part)
		if err != bufio.ErrBufferFull {
			return sb.String(), err
		}
		if sb.Len() > command.MaxHeld {
			return "", command.HeldLimitError{}
		}
	}
}

// bcLabel names an input in GNU bc's messages: a file by its name,
// standard input as "(standard_in)".
func bcLabel(name string) string {
	if name == "standard_in" {
		return "(standard_in)"
	}
	return name
}
