package binutil

import (
	"errors"
	"strings"
)

// bc's language: tokens, then statements and expressions as trees that
// bcMachine runs. Newlines end statements, as in GNU bc, except inside
// braces and comments.

type bcTok struct {
	kind byte // 'n' number, 'a' name, 's' string, 'k' keyword, 'o' operator, '\n', 0 end
	text string
	line int
}

var bcKeywords = map[string]bool{
	"if": true, "else": true, "while": true, "for": true, "break": true, "continue": true,
	"return": true, "define": true, "auto": true, "print": true, "quit": true, "halt": true,
	"length": true, "sqrt": true, "scale": true, "ibase": true, "obase": true, "last": true,
	"read": true, "limits": true,
}

// errBcIncomplete: the text ends inside a construct; more lines may
// finish it.
var errBcIncomplete = errors.New("incomplete")

// errBcQuit: the parser met quit.
var errBcQuit = errors.New("quit")

type bcSyntaxError struct {
	msg  string
	line int
}

func (e *bcSyntaxError) Error() string { return e.msg }

func bcLex(src string, line int) ([]bcTok, error) {
	var toks []bcTok
	i := 0
	for i < len(src) {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			i++
		case c == '\\' && i+1 < len(src) && src[i+1] == '\n':
			i += 2
			line++
		case c == '\n':
			line++
			toks = append(toks, bcTok{kind: '\n', line: line})
			i++
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return nil, errBcIncomplete
			}
			line += strings.Count(src[i:i+2+end], "\n")
			i += end + 4
		case c == '"':
			end := strings.IndexByte(src[i+1:], '"')
			if end < 0 {
				return nil, errBcIncomplete
			}
			toks = append(toks, bcTok{kind: 's', text: src[i+1 : i+1+end], line: line})
			line += strings.Count(src[i+1:i+1+end], "\n")
			i += end + 2
		case c >= '0' && c <= '9' || c >= 'A' && c <= 'Z' || c == '.' && i+1 < len(src) && (src[i+1] >= '0' && src[i+1] <= '9' || src[i+1] >= 'A' && src[i+1] <= 'Z'):
			j := i
			dot := false
			for j < len(src) {
				d := src[j]
				if d >= '0' && d <= '9' || d >= 'A' && d <= 'Z' {
					j++
				} else if d == '.' && !dot {
					dot = true
					j++
				} else if d == '\\' && j+1 < len(src) && src[j+1] == '\n' {
					j += 2
				} else {
					break
				}
			}
			text := strings.ReplaceAll(src[i:j], "\\\n", "")
			line += strings.Count(src[i:j], "\n")
			toks = append(toks, bcTok{kind: 'n', text: text, line: line})
			i = j
		case c == '.':
			toks = append(toks, bcTok{kind: 'a', text: "last", line: line})
			i++
		case c >= 'a' && c <= 'z' || c == '_':
			j := i
			for j < len(src) && (src[j] >= 'a' && src[j] <= 'z' || src[j] == '_' || src[j] >= '0' && src[j] <= '9') {
				j++
			}
			w := src[i:j]
			kind := byte('a')
			if bcKeywords[w] {
				kind = 'k'
			}
			toks = append(toks, bcTok{kind: kind, text: w, line: line})
			i = j
		default:
			op := string(c)
			if i+1 < len(src) {
				two := src[i : i+2]
				switch two {
				case "++", "--", "==", "<=", ">=", "!=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "^=":
					op = two
				}
			}
			if !strings.Contains("+-*/%^=<>!&|()[]{},;", op[:1]) || op == "&" || op == "|" {
				return nil, &bcSyntaxError{"illegal character: " + op, line}
			}
			toks = append(toks, bcTok{kind: 'o', text: op, line: line})
			i += len(op)
		}
	}
	return append(toks, bcTok{kind: 0, line: line}), nil
}

// Expression nodes.
type (
	bcExpr  interface{}
	bcConst struct{ text string }
	bcVar   struct{ name string } // also scale, ibase, obase, last
	bcElem  struct {
		name string
		idx  bcExpr
	}
	bcArrArg struct{ name string } // a[] as a call argument
	bcUnary  struct {
		op string
		x  bcExpr
	}
	bcBinary struct {
		op   string
		l, r bcExpr
	}
	bcAssign struct {
		op     string // "=", "+=", ...
		target bcExpr
		val    bcExpr
	}
	bcIncDec struct {
		op     string // "++" or "--"
		pre    bool
		target bcExpr
	}
	bcCall struct {
		name string
		args []bcExpr
	}
	bcBuiltin struct {
		name string // length, sqrt, scale, read
		arg  bcExpr
	}
)

// Statements.
type (
	bcStmt     interface{}
	bcExprStmt struct {
		x     bcExpr
		print bool
	}
	bcStrStmt   struct{ s string }
	bcBlock     struct{ body []bcStmt }
	bcIf        struct{ cond, then, els bcStmt }
	bcWhile     struct{ cond, body bcStmt }
	bcFor       struct{ init, cond, post, body bcStmt }
	bcBreak     struct{}
	bcContinue  struct{}
	bcReturn    struct{ x bcExpr }
	bcHalt      struct{}
	bcPrintStmt struct{ items []bcExpr } // strings are *bcStrStmt
)

type bcFunc struct {
	params []string // "a[]" for an array parameter
	autos  []string
	body   []bcStmt
}

type bcParserState struct {
	toks  []bcTok
	pos   int
	funcs map[string]*bcFunc
	loops int
	inFn  bool
}

func (p *bcParserState) peek() bcTok { return p.toks[p.pos] }

func (p *bcParserState) next() bcTok {
	t := p.toks[p.pos]
	if t.kind != 0 {
		p.pos++
	}
	return t
}

func (p *bcParserState) is(text string) bool {
	t := p.peek()
	return (t.kind == 'o' || t.kind == 'k') && t.text == text
}

func (p *bcParserState) fail(t bcTok, msg string) {
	if t.kind == 0 {
		panic(errBcIncomplete)
	}
	panic(&bcSyntaxError{msg, t.line})
}

func (p *bcParserState) expect(text string) {
	t := p.next()
	if !((t.kind == 'o' || t.kind == 'k') && t.text == text) {
		p.fail(t, "syntax error")
	}
}

func (p *bcParserState) skipNewlines() {
	for p.peek().kind == '\n' {
		p.pos++
	}
}

// bcParse parses src (starting at line) into top-level statements and
// function definitions. It stops at the first error: the statements
// before it are returned with it.
func bcParse(src string, line int, funcs map[string]*bcFunc) (stmts []bcStmt, err error) {
	toks, err := bcLex(src, line)
	if err != nil {
		return nil, err
	}
	p := &bcParserState{toks: toks, funcs: funcs}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(error)
			if !ok {
				panic(r)
			}
			err = e
		}
	}()
	for {
		t := p.peek()
		switch {
		case t.kind == 0:
			return stmts, nil
		case t.kind == '\n' || t.kind == 'o' && t.text == ";":
			p.pos++
			continue
		}
		start := len(stmts)
		if t.kind == 'k' && t.text == "define" {
			p.pos++
			p.define() // a definition needs no separator after it
			continue
		}
		s := p.statement()
		if s != nil {
			stmts = append(stmts, s)
		}
		// A statement ends at a newline, a ';' or the end.
		switch t := p.peek(); {
		case t.kind == 0, t.kind == '\n', t.kind == 'o' && t.text == ";":
		default:
			stmts = stmts[:start]
			p.fail(t, "syntax error")
		}
	}
}

func (p *bcParserState) statement() bcStmt {
	t := p.peek()
	if t.kind == 's' {
		p.pos++
		return &bcStrStmt{t.text}
	}
	if t.kind == 'o' && t.text == "{" {
		p.pos++
		return &bcBlock{p.stmtList("}")}
	}
	if t.kind == 'k' {
		switch t.text {
		case "if":
			p.pos++
			p.expect("(")
			cond := p.expr()
			p.expect(")")
			p.skipNewlines()
			s := &bcIf{cond: cond, then: p.statementOrEmpty()}
			save := p.pos
			p.skipNewlines()
			if p.is("else") {
				p.pos++
				p.skipNewlines()
				s.els = p.statementOrEmpty()
			} else {
				p.pos = save
			}
			return s
		case "while":
			p.pos++
			p.expect("(")
			cond := p.expr()
			p.expect(")")
			p.skipNewlines()
			p.loops++
			body := p.statementOrEmpty()
			p.loops--
			return &bcWhile{cond, body}
		case "for":
			p.pos++
			p.expect("(")
			var f bcFor
			if !p.is(";") {
				f.init = p.expr()
			}
			p.expect(";")
			if !p.is(";") {
				f.cond = p.expr()
			}
			p.expect(";")
			if !p.is(")") {
				f.post = p.expr()
			}
			p.expect(")")
			p.skipNewlines()
			p.loops++
			f.body = p.statementOrEmpty()
			p.loops--
			return &f
		case "break":
			p.pos++
			if p.loops == 0 {
				p.fail(t, "Break outside a for/while")
			}
			return &bcBreak{}
		case "continue":
			p.pos++
			if p.loops == 0 {
				p.fail(t, "Continue outside a for")
			}
			return &bcContinue{}
		case "return":
			p.pos++
			if !p.inFn {
				p.fail(p.peek(), "Return outside of a function.")
			}
			r := &bcReturn{}
			if n := p.peek(); !(n.kind == 0 || n.kind == '\n' || n.kind == 'o' && (n.text == ";" || n.text == "}")) {
				r.x = p.expr()
			}
			return r
		case "quit":
			// GNU bc quits as it reads quit, even in a branch not taken,
			// before running the rest of the line.
			panic(errBcQuit)
		case "halt":
			p.pos++
			return &bcHalt{}
		case "print":
			p.pos++
			var ps bcPrintStmt
			for {
				if s := p.peek(); s.kind == 's' {
					p.pos++
					ps.items = append(ps.items, &bcStrStmt{s.text})
				} else {
					ps.items = append(ps.items, p.expr())
				}
				if !p.is(",") {
					return &ps
				}
				p.pos++
			}
		case "define":
			p.pos++
			p.define()
			return nil
		case "limits":
			p.pos++
			return &bcStrStmt{"BC_BASE_MAX     = 2147483647\nBC_DIM_MAX      = 16777215\nBC_SCALE_MAX    = 2147483647\nBC_STRING_MAX   = 2147483647\nMAX Exponent    = 9223372036854775807\nNumber of vars  = 32767\n"}
		}
	}
	x := p.expr()
	_, isAssign := x.(*bcAssign)
	return &bcExprStmt{x: x, print: !isAssign}
}

// statementOrEmpty is the statement after if/while/for/else: a lone ';'
// is an empty one.
func (p *bcParserState) statementOrEmpty() bcStmt {
	if p.is(";") {
		return &bcBlock{}
	}
	return p.statement()
}

func (p *bcParserState) stmtList(end string) []bcStmt {
	var body []bcStmt
	for {
		t := p.peek()
		switch {
		case t.kind == 0:
			p.fail(t, "syntax error")
		case t.kind == '\n' || t.kind == 'o' && t.text == ";":
			p.pos++
			continue
		case t.kind == 'o' && t.text == end:
			p.pos++
			return body
		}
		if s := p.statement(); s != nil {
			body = append(body, s)
		}
		switch t := p.peek(); {
		case t.kind == '\n', t.kind == 'o' && (t.text == ";" || t.text == end):
		default:
			p.fail(t, "syntax error")
		}
	}
}

func (p *bcParserState) define() {
	name := p.next()
	if name.kind != 'a' {
		p.fail(name, "syntax error")
	}
	p.expect("(")
	f := &bcFunc{}
	for !p.is(")") {
		n := p.next()
		if n.kind != 'a' {
			p.fail(n, "syntax error")
		}
		param := n.text
		if p.is("[") {
			p.pos++
			p.expect("]")
			param += "[]"
		}
		f.params = append(f.params, param)
		if !p.is(",") {
			break
		}
		p.pos++
	}
	p.expect(")")
	p.skipNewlines()
	p.expect("{")
	p.skipNewlines()
	if p.is("auto") {
		p.pos++
		for {
			n := p.next()
			if n.kind != 'a' {
				p.fail(n, "syntax error")
			}
			a := n.text
			if p.is("[") {
				p.pos++
				p.expect("]")
				a += "[]"
			}
			f.autos = append(f.autos, a)
			if !p.is(",") {
				break
			}
			p.pos++
		}
		if t := p.peek(); !(t.kind == '\n' || t.kind == 'o' && t.text == ";") {
			p.fail(t, "syntax error")
		}
	}
	saveFn, saveLoops := p.inFn, p.loops
	p.inFn, p.loops = true, 0
	f.body = p.stmtList("}")
	p.inFn, p.loops = saveFn, saveLoops
	p.funcs[name.text] = f
}

// Expressions, lowest precedence first: || && ! relational assignment
// + - * / % ^ unary-minus ++/--.
func (p *bcParserState) expr() bcExpr {
	x := p.andExpr()
	for p.is("||") {
		p.pos++
		x = &bcBinary{"||", x, p.andExpr()}
	}
	return x
}

func (p *bcParserState) andExpr() bcExpr {
	x := p.notExpr()
	for p.is("&&") {
		p.pos++
		x = &bcBinary{"&&", x, p.notExpr()}
	}
	return x
}

func (p *bcParserState) notExpr() bcExpr {
	if p.is("!") {
		p.pos++
		return &bcUnary{"!", p.notExpr()}
	}
	return p.relExpr()
}

func (p *bcParserState) relExpr() bcExpr {
	x := p.assignExpr()
	for {
		t := p.peek()
		if t.kind != 'o' {
			return x
		}
		switch t.text {
		case "<", "<=", ">", ">=", "==", "!=":
			p.pos++
			x = &bcBinary{t.text, x, p.assignExpr()}
		default:
			return x
		}
	}
}

func (p *bcParserState) assignExpr() bcExpr {
	x := p.sumExpr()
	t := p.peek()
	if t.kind == 'o' {
		switch t.text {
		case "=", "+=", "-=", "*=", "/=", "%=", "^=":
			if !bcLvalue(x) {
				p.fail(t, "syntax error")
			}
			p.pos++
			return &bcAssign{t.text, x, p.assignExpr()}
		}
	}
	return x
}

func bcLvalue(x bcExpr) bool {
	switch x.(type) {
	case *bcVar, *bcElem:
		return true
	}
	return false
}

func (p *bcParserState) sumExpr() bcExpr {
	x := p.mulExpr()
	for p.is("+") || p.is("-") {
		op := p.next().text
		x = &bcBinary{op, x, p.mulExpr()}
	}
	return x
}

func (p *bcParserState) mulExpr() bcExpr {
	x := p.powExpr()
	for p.is("*") || p.is("/") || p.is("%") {
		op := p.next().text
		x = &bcBinary{op, x, p.powExpr()}
	}
	return x
}

// powExpr: ^ is right associative and binds looser than unary minus
// ("-2^2" is 4).
func (p *bcParserState) powExpr() bcExpr {
	x := p.negExpr()
	if p.is("^") {
		p.pos++
		return &bcBinary{"^", x, p.powExpr()}
	}
	return x
}

func (p *bcParserState) negExpr() bcExpr {
	if p.is("-") {
		p.pos++
		return &bcUnary{"-", p.negExpr()}
	}
	return p.incExpr()
}

func (p *bcParserState) incExpr() bcExpr {
	if p.is("++") || p.is("--") {
		op := p.next().text
		t := p.peek()
		x := p.primary()
		if !bcLvalue(x) {
			p.fail(t, "syntax error")
		}
		return &bcIncDec{op, true, x}
	}
	x := p.primary()
	if (p.is("++") || p.is("--")) && bcLvalue(x) {
		return &bcIncDec{p.next().text, false, x}
	}
	return x
}

func (p *bcParserState) primary() bcExpr {
	t := p.next()
	switch t.kind {
	case 'n':
		return &bcConst{t.text}
	case 'o':
		if t.text == "(" {
			x := p.expr()
			p.expect(")")
			return x
		}
	case 'k':
		switch t.text {
		case "scale", "ibase", "obase", "last":
			if t.text == "scale" && p.is("(") {
				break
			}
			return &bcVar{t.text}
		}
		switch t.text {
		case "length", "sqrt", "scale":
			p.expect("(")
			x := p.expr()
			p.expect(")")
			return &bcBuiltin{t.text, x}
		case "read":
			p.expect("(")
			p.expect(")")
			return &bcBuiltin{"read", nil}
		}
	case 'a':
		if p.is("(") {
			p.pos++
			c := &bcCall{name: t.text}
			for !p.is(")") {
				if n := p.peek(); n.kind == 'a' && p.toks[p.pos+1].kind == 'o' && p.toks[p.pos+1].text == "[" &&
					p.toks[p.pos+2].kind == 'o' && p.toks[p.pos+2].text == "]" {
					p.pos += 3
					c.args = append(c.args, &bcArrArg{n.text})
				} else {
					c.args = append(c.args, p.expr())
				}
				if !p.is(",") {
					break
				}
				p.pos++
			}
			p.expect(")")
			return c
		}
		if p.is("[") {
			p.pos++
			idx := p.expr()
			p.expect("]")
			return &bcElem{t.text, idx}
		}
		return &bcVar{t.text}
	}
	p.fail(t, "syntax error")
	return nil
}
