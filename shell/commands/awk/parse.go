package awk

import (
	"fmt"
	"slices"
	"strings"
)

// ---- the syntax tree ----

type expr interface{}

type (
	numLit   struct{ v float64 }
	strLit   struct{ s string }
	regexLit struct{ re string } // as a value: $0 ~ /re/
	varRef   struct {
		name   string
		global int // index into globals, or -1
		local  int // index into the frame, or -1
	}
	fieldRef struct{ index expr }
	indexRef struct {
		arr  *varRef
		subs []expr
	}
	assignExpr struct {
		lhs expr // *varRef, *fieldRef or *indexRef
		op  string
		rhs expr
	}
	condExpr   struct{ cond, yes, no expr }
	binaryExpr struct {
		op   string
		l, r expr
	}
	unaryExpr struct {
		op string
		x  expr
	}
	incDecExpr struct {
		lhs expr
		op  string
		pre bool
	}
	matchExpr struct {
		x, re expr
		neg   bool
	}
	inExpr struct {
		subs []expr
		arr  *varRef
	}
	groupExpr   struct{ list []expr } // (a, b): only for print and "in"
	builtinCall struct {
		name string
		args []expr
	}
	userCall struct {
		name string
		args []expr
		fn   *function
	}
	getlineExpr struct {
		kind string // "", "<" (file) or "|" (command)
		lhs  expr   // nil: $0
		src  expr
	}
)

type stmt interface{}

type (
	printStmt struct {
		printf bool
		args   []expr
		redir  string // "", ">", ">>", "|"
		dest   expr
	}
	exprStmt  struct{ x expr }
	blockStmt struct{ list []stmt }
	ifStmt    struct {
		cond      expr
		then, els stmt
	}
	whileStmt struct {
		cond expr
		body stmt
	}
	doStmt struct {
		body stmt
		cond expr
	}
	forStmt struct {
		init, post stmt
		cond       expr
		body       stmt
	}
	forInStmt struct {
		v    expr
		arr  *varRef
		body stmt
	}
	simpleStmt struct{ kind string } // next, nextfile, break, continue
	exitStmt   struct{ x expr }
	returnStmt struct{ x expr }
	deleteStmt struct {
		arr  *varRef
		subs []expr // nil: the whole array
	}
)

type function struct {
	name   string
	params []string
	body   *blockStmt
	line   int
}

type item struct {
	pattern, pattern2 expr // pattern2 != nil: a range pattern
	body              *blockStmt
	inRange           bool
}

type program struct {
	begin, end []*blockStmt
	items      []*item
	funcs      map[string]*function
	globals    map[string]int
	names      []string
}

// ---- the parser ----

type parser struct {
	lex      *lexer
	tok      token
	peeked   *token
	prog     *program
	locals   map[string]int // parameters of the function being parsed
	calls    []*userCall
	inPrint  bool // ">" is a redirection, not a comparison
	loopNest int
	inFunc   bool
}

func parse(src string, predefined []string) (*program, error) {
	p := &parser{
		lex:  &lexer{src: src, line: 1},
		prog: &program{funcs: map[string]*function{}, globals: map[string]int{}},
	}
	for _, name := range predefined {
		p.global(name)
	}
	if err := p.advance(); err != nil {
		return nil, err
	}
	if err := p.program(); err != nil {
		return nil, err
	}
	for _, c := range p.calls {
		fn, ok := p.prog.funcs[c.name]
		if !ok {
			// mawk finds these at the end of the program text and names
			// the line after it.
			line := strings.Count(src, "\n") + 1
			if !strings.HasSuffix(src, "\n") {
				line++
			}
			return nil, fmt.Errorf("line %d: function %s never defined", line, c.name)
		}
		if len(c.args) > len(fn.params) {
			return nil, fmt.Errorf("function `%s' called with more arguments than declared", c.name)
		}
		c.fn = fn
	}
	return p.prog, nil
}

func (p *parser) global(name string) int {
	if i, ok := p.prog.globals[name]; ok {
		return i
	}
	i := len(p.prog.names)
	p.prog.globals[name] = i
	p.prog.names = append(p.prog.names, name)
	return i
}

func (p *parser) advance() error {
	if p.peeked != nil {
		p.tok, p.peeked = *p.peeked, nil
		return nil
	}
	t, err := p.lex.next()
	if err != nil {
		return err
	}
	p.tok = t
	return nil
}

func (p *parser) peek() (token, error) {
	if p.peeked == nil {
		t, err := p.lex.next()
		if err != nil {
			return t, err
		}
		p.peeked = &t
	}
	return *p.peeked, nil
}

func (p *parser) errorf(format string, args ...any) error {
	text := p.tok.text
	if p.tok.kind == tEOF {
		text = "end of file"
	} else if p.tok.kind == tNewline {
		text = "newline"
	}
	return &syntaxError{p.tok.line, fmt.Sprintf(format, args...) + " near " + fmt.Sprintf("%q", text)}
}

// syntaxErr is mawk's message for a token the grammar cannot take.
func (p *parser) syntaxErr() error {
	text := p.tok.text
	switch p.tok.kind {
	case tEOF:
		text = "end of file"
	case tNewline:
		text = "end of line"
	}
	return &syntaxError{p.tok.line, "syntax error at or near " + text}
}

func (p *parser) is(text string) bool {
	return (p.tok.kind == tPunct || p.tok.kind == tKeyword) && p.tok.text == text
}

func (p *parser) expect(text string) error {
	if !p.is(text) {
		return p.errorf("expected %q", text)
	}
	return p.advance()
}

func (p *parser) optNewlines() error {
	for p.tok.kind == tNewline {
		if err := p.advance(); err != nil {
			return err
		}
	}
	return nil
}

func (p *parser) skipTerminators() error {
	for p.tok.kind == tNewline || p.is(";") {
		if err := p.advance(); err != nil {
			return err
		}
	}
	return nil
}

func (p *parser) program() error {
	if err := p.skipTerminators(); err != nil {
		return err
	}
	for p.tok.kind != tEOF {
		switch {
		case p.is("BEGIN") || p.is("END"):
			blocks := &p.prog.begin
			if p.is("END") {
				blocks = &p.prog.end
			}
			if err := p.advance(); err != nil {
				return err
			}
			b, err := p.block()
			if err != nil {
				return err
			}
			*blocks = append(*blocks, b)
		case p.is("function"):
			if err := p.function(); err != nil {
				return err
			}
		default:
			it := &item{}
			if !p.is("{") {
				x, err := p.expr()
				if err != nil {
					return err
				}
				it.pattern = x
				if p.is(",") {
					if err := p.advance(); err != nil {
						return err
					}
					if err := p.optNewlines(); err != nil {
						return err
					}
					if it.pattern2, err = p.expr(); err != nil {
						return err
					}
				}
			}
			if p.is("{") {
				b, err := p.block()
				if err != nil {
					return err
				}
				it.body = b
			}
			p.prog.items = append(p.prog.items, it)
		}
		if err := p.skipTerminators(); err != nil {
			return err
		}
	}
	return nil
}

func (p *parser) function() error {
	line := p.tok.line
	if err := p.advance(); err != nil {
		return err
	}
	if p.tok.kind != tName && p.tok.kind != tFuncName {
		return p.errorf("expected a function name")
	}
	name := p.tok.text
	if _, dup := p.prog.funcs[name]; dup {
		return p.errorf("function `%s' redefined", name)
	}
	if err := p.advance(); err != nil {
		return err
	}
	if err := p.expect("("); err != nil {
		return err
	}
	fn := &function{name: name, line: line}
	p.locals = map[string]int{}
	for !p.is(")") {
		if p.tok.kind != tName {
			return p.errorf("expected a parameter name")
		}
		p.locals[p.tok.text] = len(fn.params)
		fn.params = append(fn.params, p.tok.text)
		if err := p.advance(); err != nil {
			return err
		}
		if p.is(",") {
			if err := p.advance(); err != nil {
				return err
			}
			if err := p.optNewlines(); err != nil {
				return err
			}
		}
	}
	if err := p.advance(); err != nil {
		return err
	}
	if err := p.optNewlines(); err != nil {
		return err
	}
	p.prog.funcs[name] = fn
	p.inFunc = true
	body, err := p.block()
	p.inFunc = false
	p.locals = nil
	fn.body = body
	return err
}

func (p *parser) block() (*blockStmt, error) {
	if err := p.expect("{"); err != nil {
		return nil, err
	}
	b := &blockStmt{}
	for {
		if err := p.skipTerminators(); err != nil {
			return nil, err
		}
		if p.is("}") {
			return b, p.advance()
		}
		if p.tok.kind == tEOF {
			// mawk's words, on the line after the program's last.
			return nil, &syntaxError{strings.Count(p.lex.src, "\n") + 2, "missing } near end of file"}
		}
		s, err := p.statement()
		if err != nil {
			return nil, err
		}
		b.list = append(b.list, s)
	}
}

// endStatement consumes a statement terminator: ";", a newline, or
// nothing before "}" or the end.
func (p *parser) endStatement() error {
	switch {
	case p.is(";") || p.tok.kind == tNewline:
		return p.advance()
	case p.is("}") || p.tok.kind == tEOF:
		return nil
	}
	return p.syntaxErr()
}

func (p *parser) simpleOrBlock() (stmt, error) {
	if err := p.optNewlines(); err != nil {
		return nil, err
	}
	if p.is(";") {
		return &blockStmt{}, p.advance()
	}
	return p.statement()
}

func (p *parser) statement() (stmt, error) {
	if p.is("{") {
		return p.block()
	}
	if p.tok.kind == tKeyword {
		switch p.tok.text {
		case "if":
			return p.ifStatement()
		case "while":
			if err := p.advance(); err != nil {
				return nil, err
			}
			cond, err := p.parenExpr()
			if err != nil {
				return nil, err
			}
			if p.is(";") {
				return &whileStmt{cond: cond, body: &blockStmt{}}, p.advance()
			}
			body, err := p.loopBody()
			return &whileStmt{cond: cond, body: body}, err
		case "do":
			if err := p.advance(); err != nil {
				return nil, err
			}
			body, err := p.loopBody()
			if err != nil {
				return nil, err
			}
			if err := p.skipTerminators(); err != nil {
				return nil, err
			}
			if err := p.expect("while"); err != nil {
				return nil, err
			}
			cond, err := p.parenExpr()
			if err != nil {
				return nil, err
			}
			return &doStmt{body: body, cond: cond}, p.endStatement()
		case "for":
			return p.forStatement()
		case "next", "nextfile", "break", "continue":
			kind := p.tok.text
			if (kind == "break" || kind == "continue") && p.loopNest == 0 {
				return nil, p.errorf("`%s' is not allowed outside a loop", kind)
			}
			if err := p.advance(); err != nil {
				return nil, err
			}
			return &simpleStmt{kind: kind}, p.endStatement()
		case "exit", "return":
			kind := p.tok.text
			if kind == "return" && !p.inFunc {
				return nil, p.errorf("`return' used outside function context")
			}
			if err := p.advance(); err != nil {
				return nil, err
			}
			var x expr
			if !p.is(";") && !p.is("}") && p.tok.kind != tNewline && p.tok.kind != tEOF {
				var err error
				if x, err = p.expr(); err != nil {
					return nil, err
				}
			}
			if kind == "exit" {
				return &exitStmt{x: x}, p.endStatement()
			}
			return &returnStmt{x: x}, p.endStatement()
		case "delete":
			if err := p.advance(); err != nil {
				return nil, err
			}
			if p.tok.kind != tName {
				return nil, p.errorf("expected an array name after delete")
			}
			arr := p.ref(p.tok.text)
			if err := p.advance(); err != nil {
				return nil, err
			}
			d := &deleteStmt{arr: arr}
			if p.is("[") {
				subs, err := p.subscripts()
				if err != nil {
					return nil, err
				}
				d.subs = subs
			}
			return d, p.endStatement()
		case "print", "printf":
			s, err := p.printStatement()
			if err != nil {
				return nil, err
			}
			return s, p.endStatement()
		}
	}
	x, err := p.expr()
	if err != nil {
		return nil, err
	}
	return &exprStmt{x: x}, p.endStatement()
}

func (p *parser) loopBody() (stmt, error) {
	p.loopNest++
	defer func() { p.loopNest-- }()
	return p.simpleOrBlock()
}

func (p *parser) parenExpr() (expr, error) {
	if err := p.expect("("); err != nil {
		return nil, err
	}
	x, err := p.expr()
	if err != nil {
		return nil, err
	}
	if err := p.expect(")"); err != nil {
		return nil, err
	}
	return x, nil
}

func (p *parser) ifStatement() (stmt, error) {
	if err := p.advance(); err != nil {
		return nil, err
	}
	cond, err := p.parenExpr()
	if err != nil {
		return nil, err
	}
	then, err := p.simpleOrBlock()
	if err != nil {
		return nil, err
	}
	s := &ifStmt{cond: cond, then: then}
	// "else" may follow newlines or a ";" after the then-part.
	save := *p.lex
	saveTok, savePeek := p.tok, p.peeked
	if err := p.skipTerminators(); err != nil {
		return nil, err
	}
	if p.is("else") {
		if err := p.advance(); err != nil {
			return nil, err
		}
		if s.els, err = p.simpleOrBlock(); err != nil {
			return nil, err
		}
		return s, nil
	}
	*p.lex, p.tok, p.peeked = save, saveTok, savePeek
	return s, nil
}

func (p *parser) forStatement() (stmt, error) {
	if err := p.advance(); err != nil {
		return nil, err
	}
	if err := p.expect("("); err != nil {
		return nil, err
	}
	// for (name in array)
	if p.tok.kind == tName {
		next, err := p.peek()
		if err != nil {
			return nil, err
		}
		if next.kind == tKeyword && next.text == "in" {
			v := p.ref(p.tok.text)
			if err := p.advance(); err != nil {
				return nil, err
			}
			if err := p.advance(); err != nil {
				return nil, err
			}
			if p.tok.kind != tName {
				return nil, p.errorf("expected an array name")
			}
			arr := p.ref(p.tok.text)
			if err := p.advance(); err != nil {
				return nil, err
			}
			if p.is(")") {
				if err := p.advance(); err != nil {
					return nil, err
				}
				body, err := p.loopBody()
				return &forInStmt{v: v, arr: arr, body: body}, err
			}
			return nil, p.errorf("expected ')'")
		}
	}
	f := &forStmt{}
	var err error
	if !p.is(";") {
		x, err := p.expr()
		if err != nil {
			return nil, err
		}
		f.init = &exprStmt{x: x}
	}
	if err := p.expect(";"); err != nil {
		return nil, err
	}
	if err := p.optNewlines(); err != nil {
		return nil, err
	}
	if !p.is(";") {
		if f.cond, err = p.expr(); err != nil {
			return nil, err
		}
	}
	if err := p.expect(";"); err != nil {
		return nil, err
	}
	if err := p.optNewlines(); err != nil {
		return nil, err
	}
	if !p.is(")") {
		x, err := p.expr()
		if err != nil {
			return nil, err
		}
		f.post = &exprStmt{x: x}
	}
	if err := p.expect(")"); err != nil {
		return nil, err
	}
	if p.is(";") {
		f.body = &blockStmt{}
		return f, p.advance()
	}
	f.body, err = p.loopBody()
	return f, err
}

func (p *parser) printStatement() (stmt, error) {
	s := &printStmt{printf: p.tok.text == "printf"}
	if err := p.advance(); err != nil {
		return nil, err
	}
	p.inPrint = true
	if !p.is(";") && !p.is("}") && !p.is(">") && !p.is(">>") && !p.is("|") && p.tok.kind != tNewline && p.tok.kind != tEOF {
		list, err := p.exprList()
		if err != nil {
			p.inPrint = false
			return nil, err
		}
		// print (a, b) > "f": the parentheses only group the list.
		if len(list) == 1 {
			if g, ok := list[0].(*groupExpr); ok {
				list = g.list
			}
		}
		s.args = list
	}
	p.inPrint = false
	if p.is(">") || p.is(">>") || p.is("|") {
		s.redir = p.tok.text
		if err := p.advance(); err != nil {
			return nil, err
		}
		dest, err := p.concatExpr(true)
		if err != nil {
			return nil, err
		}
		s.dest = dest
	}
	if s.printf && len(s.args) == 0 {
		return nil, p.errorf("printf: no format")
	}
	return s, nil
}

func (p *parser) exprList() ([]expr, error) {
	var list []expr
	for {
		x, err := p.expr()
		if err != nil {
			return nil, err
		}
		list = append(list, x)
		if !p.is(",") {
			return list, nil
		}
		if err := p.advance(); err != nil {
			return nil, err
		}
		if err := p.optNewlines(); err != nil {
			return nil, err
		}
	}
}

func (p *parser) ref(name string) *varRef {
	if p.locals != nil {
		if i, ok := p.locals[name]; ok {
			return &varRef{name: name, global: -1, local: i}
		}
	}
	return &varRef{name: name, global: p.global(name), local: -1}
}

func (p *parser) subscripts() ([]expr, error) {
	if err := p.expect("["); err != nil {
		return nil, err
	}
	saved := p.inPrint
	p.inPrint = false
	defer func() { p.inPrint = saved }()
	list, err := p.exprList()
	if err != nil {
		return nil, err
	}
	return list, p.expect("]")
}

// ---- expressions, lowest precedence first ----

func (p *parser) expr() (expr, error) { return p.ternary() }

func isLvalue(x expr) bool {
	switch x.(type) {
	case *varRef, *fieldRef, *indexRef:
		return true
	}
	return false
}

func (p *parser) ternary() (expr, error) {
	cond, err := p.or()
	if err != nil {
		return nil, err
	}
	if p.tok.kind == tPunct {
		switch op := p.tok.text; op {
		case "=", "+=", "-=", "*=", "/=", "%=", "^=":
			if isLvalue(cond) {
				if err := p.advance(); err != nil {
					return nil, err
				}
				if err := p.optNewlines(); err != nil {
					return nil, err
				}
				rhs, err := p.ternary()
				if err != nil {
					return nil, err
				}
				return &assignExpr{lhs: cond, op: op, rhs: rhs}, nil
			}
		case "?":
			if err := p.advance(); err != nil {
				return nil, err
			}
			if err := p.optNewlines(); err != nil {
				return nil, err
			}
			yes, err := p.ternary()
			if err != nil {
				return nil, err
			}
			if err := p.optNewlines(); err != nil {
				return nil, err
			}
			if err := p.expect(":"); err != nil {
				return nil, err
			}
			if err := p.optNewlines(); err != nil {
				return nil, err
			}
			no, err := p.ternary()
			if err != nil {
				return nil, err
			}
			return &condExpr{cond: cond, yes: yes, no: no}, nil
		}
	}
	return cond, nil
}

// leftAssoc parses operands of next joined by the operators ops, left
// to right; newlines may follow an operator when afterNewline is set
// (awk allows them after && and ||).
func (p *parser) leftAssoc(ops []string, afterNewline bool, next func() (expr, error)) (expr, error) {
	l, err := next()
	if err != nil {
		return nil, err
	}
	for p.tok.kind == tPunct && slices.Contains(ops, p.tok.text) {
		op := p.tok.text
		if err := p.advance(); err != nil {
			return nil, err
		}
		if afterNewline {
			if err := p.optNewlines(); err != nil {
				return nil, err
			}
		}
		r, err := next()
		if err != nil {
			return nil, err
		}
		l = &binaryExpr{op: op, l: l, r: r}
	}
	return l, nil
}

func (p *parser) or() (expr, error) { return p.leftAssoc([]string{"||"}, true, p.and) }

func (p *parser) and() (expr, error) { return p.leftAssoc([]string{"&&"}, true, p.in) }

func (p *parser) in() (expr, error) {
	l, err := p.match()
	if err != nil {
		return nil, err
	}
	for p.is("in") {
		if err := p.advance(); err != nil {
			return nil, err
		}
		if p.tok.kind != tName {
			return nil, p.errorf("expected an array name after in")
		}
		subs := []expr{l}
		if g, ok := l.(*groupExpr); ok {
			subs = g.list
		}
		l = &inExpr{subs: subs, arr: p.ref(p.tok.text)}
		if err := p.advance(); err != nil {
			return nil, err
		}
	}
	return l, nil
}

func (p *parser) match() (expr, error) {
	l, err := p.comparison()
	if err != nil {
		return nil, err
	}
	for p.is("~") || p.is("!~") {
		neg := p.tok.text == "!~"
		if err := p.advance(); err != nil {
			return nil, err
		}
		r, err := p.comparison()
		if err != nil {
			return nil, err
		}
		l = &matchExpr{x: l, re: r, neg: neg}
	}
	return l, nil
}

func (p *parser) comparison() (expr, error) {
	l, err := p.concatExpr(false)
	if err != nil {
		return nil, err
	}
	if p.tok.kind == tPunct {
		switch op := p.tok.text; op {
		case "<", "<=", "!=", "==", ">=", ">":
			if op == ">" && p.inPrint {
				return l, nil
			}
			if err := p.advance(); err != nil {
				return nil, err
			}
			r, err := p.concatExpr(false)
			if err != nil {
				return nil, err
			}
			return &binaryExpr{op: op, l: l, r: r}, nil
		}
	}
	return l, nil
}

// startsOperand reports whether the current token can begin an operand
// of an implicit concatenation.
func (p *parser) startsOperand() bool {
	switch p.tok.kind {
	case tNumber, tString, tRegex, tName, tFuncName, tBuiltin:
		return true
	case tKeyword:
		return p.tok.text == "getline" // "x" getline is not concatenation in POSIX, but harmless
	case tPunct:
		switch p.tok.text {
		case "$", "!", "(", "-", "+", "++", "--":
			return true
		}
	}
	return false
}

// concatExpr parses concatenation; noGetline is for redirection targets,
// which end at a "|".
func (p *parser) concatExpr(redirTarget bool) (expr, error) {
	l, err := p.additive()
	if err != nil {
		return nil, err
	}
	for {
		if p.is("|") && !redirTarget {
			next, err := p.peek()
			if err != nil {
				return nil, err
			}
			if next.kind == tKeyword && next.text == "getline" {
				if err := p.advance(); err != nil {
					return nil, err
				}
				if err := p.advance(); err != nil {
					return nil, err
				}
				g := &getlineExpr{kind: "|", src: l}
				if p.startsLvalue() {
					if g.lhs, err = p.primaryLvalue(); err != nil {
						return nil, err
					}
				}
				l = g
				continue
			}
		}
		// A redirection target is a concatenation too (print > "out_" n,
		// as gawk and mawk read it), but "|" getline never joins it.
		if !p.startsOperand() || p.is("in") {
			return l, nil
		}
		// "a -1" is subtraction, handled in additive; here only
		// tokens that cannot continue an additive expression remain.
		if p.is("-") || p.is("+") {
			return l, nil
		}
		r, err := p.additive()
		if err != nil {
			return nil, err
		}
		l = &binaryExpr{op: "concat", l: l, r: r}
	}
}

func (p *parser) startsLvalue() bool {
	return p.tok.kind == tName || p.is("$")
}

func (p *parser) additive() (expr, error) {
	return p.leftAssoc([]string{"+", "-"}, false, p.multiplicative)
}

func (p *parser) multiplicative() (expr, error) {
	return p.leftAssoc([]string{"*", "/", "%"}, false, p.unary)
}

func (p *parser) unary() (expr, error) {
	if p.is("!") || p.is("-") || p.is("+") {
		op := p.tok.text
		if err := p.advance(); err != nil {
			return nil, err
		}
		x, err := p.unary()
		if err != nil {
			return nil, err
		}
		return &unaryExpr{op: op, x: x}, nil
	}
	return p.power()
}

func (p *parser) power() (expr, error) {
	base, err := p.postfix()
	if err != nil {
		return nil, err
	}
	if p.is("^") {
		if err := p.advance(); err != nil {
			return nil, err
		}
		// right associative, and binds tighter than unary minus on its left
		var exp expr
		if p.is("-") || p.is("+") || p.is("!") {
			exp, err = p.unary()
		} else {
			exp, err = p.power()
		}
		if err != nil {
			return nil, err
		}
		return &binaryExpr{op: "^", l: base, r: exp}, nil
	}
	return base, nil
}

func (p *parser) postfix() (expr, error) {
	if p.is("++") || p.is("--") {
		op := p.tok.text
		if err := p.advance(); err != nil {
			return nil, err
		}
		x, err := p.primaryLvalue()
		if err != nil {
			return nil, err
		}
		return &incDecExpr{lhs: x, op: op, pre: true}, nil
	}
	x, err := p.primary()
	if err != nil {
		return nil, err
	}
	if isLvalue(x) && (p.is("++") || p.is("--")) {
		op := p.tok.text
		return &incDecExpr{lhs: x, op: op}, p.advance()
	}
	return x, nil
}

func (p *parser) primaryLvalue() (expr, error) {
	if p.is("$") {
		if err := p.advance(); err != nil {
			return nil, err
		}
		idx, err := p.fieldOperand()
		if err != nil {
			return nil, err
		}
		return &fieldRef{index: idx}, nil
	}
	if p.tok.kind != tName {
		return nil, p.errorf("expected a variable")
	}
	return p.nameRef()
}

func (p *parser) nameRef() (expr, error) {
	ref := p.ref(p.tok.text)
	if err := p.advance(); err != nil {
		return nil, err
	}
	if p.is("[") {
		subs, err := p.subscripts()
		if err != nil {
			return nil, err
		}
		return &indexRef{arr: ref, subs: subs}, nil
	}
	return ref, nil
}

// fieldOperand is what follows "$": a primary, with ++/-- and unary
// minus allowed ($NF, $(i+1), $i++ means ($i)++).
func (p *parser) fieldOperand() (expr, error) {
	if p.is("-") || p.is("+") || p.is("!") {
		op := p.tok.text
		if err := p.advance(); err != nil {
			return nil, err
		}
		x, err := p.fieldOperand()
		if err != nil {
			return nil, err
		}
		return &unaryExpr{op: op, x: x}, nil
	}
	if p.is("++") || p.is("--") {
		op := p.tok.text
		if err := p.advance(); err != nil {
			return nil, err
		}
		x, err := p.primaryLvalue()
		if err != nil {
			return nil, err
		}
		return &incDecExpr{lhs: x, op: op, pre: true}, nil
	}
	return p.primary()
}

func (p *parser) primary() (expr, error) {
	t := p.tok
	switch t.kind {
	case tNumber:
		return &numLit{v: t.num}, p.advance()
	case tString:
		return &strLit{s: t.text}, p.advance()
	case tRegex:
		return &regexLit{re: t.text}, p.advance()
	case tName:
		return p.nameRef()
	case tFuncName:
		return p.userCall()
	case tBuiltin:
		return p.builtinCall()
	case tKeyword:
		if t.text == "getline" {
			if err := p.advance(); err != nil {
				return nil, err
			}
			g := &getlineExpr{}
			if p.startsLvalue() {
				var err error
				if g.lhs, err = p.primaryLvalue(); err != nil {
					return nil, err
				}
			}
			if p.is("<") {
				if err := p.advance(); err != nil {
					return nil, err
				}
				g.kind = "<"
				// a primary only, so `getline < "f" x` does not read "fx"
				src, err := p.postfix()
				if err != nil {
					return nil, err
				}
				g.src = src
			}
			return g, nil
		}
	case tPunct:
		switch t.text {
		case "$":
			return p.primaryLvalue()
		case "(":
			if err := p.advance(); err != nil {
				return nil, err
			}
			saved := p.inPrint
			p.inPrint = false
			list, err := p.exprList()
			p.inPrint = saved
			if err != nil {
				return nil, err
			}
			if err := p.optNewlines(); err != nil {
				return nil, err
			}
			if err := p.expect(")"); err != nil {
				return nil, err
			}
			if len(list) > 1 {
				if !p.is("in") && !p.inPrint {
					return nil, p.errorf("a parenthesized list needs `in'")
				}
				return &groupExpr{list: list}, nil
			}
			return &groupExpr{list: list}, nil
		case "-", "+", "!":
			return p.unary()
		}
	}
	return nil, p.syntaxErr()
}

func (p *parser) userCall() (expr, error) {
	c := &userCall{name: p.tok.text}
	if err := p.advance(); err != nil {
		return nil, err
	}
	args, err := p.callArgs()
	if err != nil {
		return nil, err
	}
	c.args = args
	p.calls = append(p.calls, c)
	return c, nil
}

func (p *parser) callArgs() ([]expr, error) {
	if err := p.expect("("); err != nil {
		return nil, err
	}
	saved := p.inPrint
	p.inPrint = false
	defer func() { p.inPrint = saved }()
	if err := p.optNewlines(); err != nil {
		return nil, err
	}
	if p.is(")") {
		return nil, p.advance()
	}
	list, err := p.exprList()
	if err != nil {
		return nil, err
	}
	if err := p.optNewlines(); err != nil {
		return nil, err
	}
	return list, p.expect(")")
}

func (p *parser) builtinCall() (expr, error) {
	c := &builtinCall{name: p.tok.text}
	if err := p.advance(); err != nil {
		return nil, err
	}
	if !p.is("(") {
		if c.name == "length" {
			return c, nil // length without parentheses is length($0)
		}
		return nil, p.errorf("expected '(' after %s", c.name)
	}
	args, err := p.callArgs()
	if err != nil {
		return nil, err
	}
	c.args = args
	if err := checkArity(c); err != nil {
		return nil, &syntaxError{p.tok.line, err.Error()}
	}
	return c, nil
}

var arity = map[string][2]int{
	"length": {0, 1}, "substr": {2, 3}, "index": {2, 2}, "split": {2, 4}, "sub": {2, 3},
	"gsub": {2, 3}, "match": {2, 3}, "sprintf": {1, -1}, "sin": {1, 1}, "cos": {1, 1},
	"atan2": {2, 2}, "exp": {1, 1}, "log": {1, 1}, "sqrt": {1, 1}, "int": {1, 1},
	"rand": {0, 0}, "srand": {0, 1}, "tolower": {1, 1}, "toupper": {1, 1}, "system": {1, 1},
	"close": {1, 2}, "fflush": {0, 1}, "systime": {0, 0}, "strftime": {0, 3}, "gensub": {3, 4},
}

func checkArity(c *builtinCall) error {
	a := arity[c.name]
	if len(c.args) < a[0] || (a[1] >= 0 && len(c.args) > a[1]) {
		return fmt.Errorf("wrong number of arguments in call to %s", c.name)
	}
	switch c.name {
	case "split", "match":
		if len(c.args) >= 3-boolInt(c.name == "split") {
			i := 1
			if c.name == "match" {
				i = 2
			}
			if _, ok := c.args[i].(*varRef); !ok {
				return fmt.Errorf("%s: argument %d is not an array name", c.name, i+1)
			}
		}
	case "sub", "gsub":
		if len(c.args) == 3 && !isLvalue(c.args[2]) {
			return fmt.Errorf("%s third parameter is not a changeable object", c.name)
		}
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
