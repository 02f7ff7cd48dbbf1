package interp

import (
	"context"
	"strings"
)

// Arithmetic evaluation, as bash's expr.c does it: a recursive-descent
// evaluator that parses and evaluates in one pass over the expression's
// text. One pass matters for fidelity: side effects and errors happen in
// bash's order (`x=1, 1/0 +` assigns x before it fails on the division,
// never reaching the syntax error), and the short-circuit operators skip
// evaluation, not parsing (`0 && 1/0` is 0, `0 && 1 +` is still a syntax
// error).
//
// The text reaches Arith already expanded by the caller ($x, $(...),
// quotes removed): `(( x$i = 42 ))` arrives as "x3 = 42". Names without
// a $ are looked up through ArithVars, and a variable's value is itself
// evaluated as an expression (x=1+2; x*2 is 6), up to bash's recursion
// limit.

// ArithVars is the interpreter's variables as arithmetic sees them.
// Arith never calls it for a name that a short-circuit operator skips.
type ArithVars interface {
	// ArithIsAssoc reports whether name is an associative array, whose
	// subscripts are keys (the text between the brackets), not
	// arithmetic.
	ArithIsAssoc(name string) bool
	// ArithGet returns the value of the variable or element ref names,
	// "" when it is unset. Its error, if any, ends the evaluation and is
	// returned by Arith as it is: under set -u an unset variable (bash
	// checks the variable, not the element) is bash's "NAME: unbound
	// variable", a fatal error the caller formats and acts on.
	// A bad subscript (an out-of-range negative index, an empty subscript,
	// "@" or "*", see ArithRef) is the implementation's to report: bash
	// prints "a[@]: bad array subscript" and goes on with 0.
	ArithGet(ref ArithRef) (string, error)
	// ArithSet assigns value, in decimal, to the variable or element ref
	// names (applying its attributes: -i, -l, -u, nameref ...). Its error
	// (readonly variable, bad subscript) ends the evaluation and is
	// returned by Arith as it is.
	ArithSet(ref ArithRef, value int64) error
}

// ArithSubscriptExpander is implemented by an ArithVars that expands
// subscripts as bash does when it evaluates them: `let 'y=a[$i]'`,
// `let 'h["a b"]=1'` and a[$(cmd)] reach Arith with the $, the quotes or
// the command still in the subscript, and bash expands them (parameters,
// command substitution, quote removal) before using the key or
// evaluating the index. Arith calls it only for a subscript holding
// $, `, ', " or \; its error ends the evaluation and is returned as it
// is. Expansions the caller already made must not be expanded again
// (in bash, `k='$y'; $(( h[$k] ))` reads the key "$y"): the caller
// keeps such results from being expanded twice, for instance by quoting
// them in the text it passes and removing that quoting here.
type ArithSubscriptExpander interface {
	ArithExpandSubscript(sub string) (string, error)
}

// ArithRef names a variable, or an element of an array, in an
// arithmetic expression.
type ArithRef struct {
	// Name is the variable's name.
	Name string
	// Subscripted tells whether the reference was written NAME[SUB].
	Subscripted bool
	// Raw is the subscript's text as written, blanks and all.
	Raw string
	// Key is Raw after ArithExpandSubscript (when the ArithVars has it):
	// the key of an associative array; for an indexed array it is what
	// Index was evaluated from.
	Key string
	// Index is the subscript's value for an indexed array (negative
	// counts from the end, as bash does; an empty expansion is 0). It is
	// 0 and not evaluated when the array is associative, or Raw is
	// empty, "@" or "*" (bash then says "a[@]: bad array subscript",
	// twice for an empty one, and goes on with 0; an associative key
	// that expands to nothing is "h: bad array subscript", once).
	Index int64
}

// ArithError is an arithmetic evaluation error. Error() gives bash's
// message without the "bash: line N: " the caller puts in front (and
// "((: " or "let: " for those commands):
//
//	1 + : syntax error: operand expected (error token is "+ ")
type ArithError struct {
	// Expr is the expression being evaluated when the error was found
	// (an inner one when a variable's value or a subscript failed), with
	// its leading blanks removed. For a malformed number it ends at that
	// number, as bash's does.
	Expr string
	// Msg is the diagnostic proper, e.g. "division by 0".
	Msg string
	// Token is the text from the offending token to the end of Expr.
	Token string
}

// Error formats e as bash prints it.
func (e *ArithError) Error() string {
	return e.Expr + ": " + e.Msg + ` (error token is "` + e.Token + `")`
}

// arithMaxDepth is bash's MAX_EXPR_RECURSION_LEVEL: how deep variables
// whose values are expressions (and subscripts) may nest.
const arithMaxDepth = 1024

// arithMaxNest bounds the nesting of parentheses, unary operators,
// assignments and conditionals within one expression. bash has no such
// limit (it overflows its C stack); memsh fails with bash's recursion
// message instead of exhausting the goroutine's stack.
const arithMaxNest = 10000

// Tokens. Operators of one character are the character itself.
const (
	tkEOF = iota
	tkEqEq
	tkNeq
	tkLeq
	tkGeq
	tkStr // an identifier, possibly subscripted
	tkNum
	tkLAnd
	tkLOr
	tkLsh
	tkRsh
	tkOpAssign // OP= ; the OP is in assignOp
	tkCond     // a finished ?: (only ever lasttok)
	tkPower
	tkPreInc
	tkPreDec
	tkPostInc
	tkPostDec
)

// arithLval is the variable the last identifier token read, kept so that
// x++ and a[i++] += 2 write where they read without evaluating the
// subscript a second time.
type arithLval struct {
	valid bool
	tok   string // the token the reference was read from
	ref   ArithRef
}

// arithState is one expression's lexer and evaluator state: bash's
// EXPR_CONTEXT, saved and restored around the evaluation of a variable's
// value.
type arithState struct {
	expr     string
	tp       int // next byte to lex
	lasttp   int // start of the current token; -1 before the first
	curtok   int
	lasttok  int
	assignOp int
	tokval   int64
	tokstr   string // the text of the current tkStr token
	noeval   int
	curlval  arithLval
}

// arith evaluates expressions; one per Arith call (it holds the
// recursion depth across nested evaluations).
type arith struct {
	vars  ArithVars
	ctx   context.Context
	depth int // nested evaluations (values, subscripts)
	nest  int // nested operators, across all evaluations
	evals int // evaluations so far, to look at ctx now and then
	arithState
}

// arithCheckEvery is how many nested evaluations pass between two looks
// at the context: values that refer to each other twice over
// (a1=a2+a2, a2=a3+a3, ...) take exponential time, in bash as here.
const arithCheckEvery = 1024

// arithAbort carries an error out of the evaluator's recursion (bash's
// longjmp); Arith recovers it.
type arithAbort struct{ err error }

// Arith evaluates the arithmetic expression src (already expanded, as
// bash's $((...)), ((...)), let, declare -i, array subscripts and
// ${x:off:len} pass it) and returns its value. Blank text is 0. A
// malformed or failing expression gives an *ArithError; an error from
// vars is returned as it is.
func Arith(src string, vars ArithVars) (int64, error) {
	return ArithContext(context.Background(), src, vars)
}

// ArithContext is Arith that gives up with ctx's error when ctx is done.
func ArithContext(ctx context.Context, src string, vars ArithVars) (val int64, err error) {
	if n, ok := arithFastNumber(src); ok {
		return n, nil
	}
	a := arith{vars: vars, ctx: ctx}
	defer func() {
		if r := recover(); r != nil {
			ab, ok := r.(arithAbort)
			if !ok {
				panic(r)
			}
			val, err = 0, ab.err
		}
	}()
	return a.subexpr(src), nil
}

// arithFastNumber recognises the commonest values, plain decimal
// numbers, without the evaluator. It refuses anything bash would parse
// differently (a leading 0 is octal) or could overflow.
func arithFastNumber(s string) (int64, bool) {
	neg := false
	if len(s) > 1 && s[0] == '-' {
		neg, s = true, s[1:]
	}
	if len(s) == 0 || len(s) > 18 || (s[0] == '0' && len(s) > 1) {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
}

func (a *arith) fail(msg string) {
	a.failAt(msg, a.expr, a.lasttp)
}

// failAt reports msg for expression expr with the error token starting
// at byte pos of expr.
func (a *arith) failAt(msg, expr string, pos int) {
	e := &ArithError{Msg: msg}
	i := 0
	for i < len(expr) && (expr[i] == ' ' || expr[i] == '\t') {
		i++
	}
	e.Expr = expr[i:]
	if pos >= 0 && pos < len(expr) {
		e.Token = expr[pos:]
	}
	panic(arithAbort{e})
}

func (a *arith) abort(err error) {
	panic(arithAbort{err})
}

// subexpr evaluates expr in a fresh state and restores the caller's.
func (a *arith) subexpr(expr string) int64 {
	if n, ok := arithFastNumber(expr); ok {
		return n
	}
	i := 0
	for i < len(expr) && isArithSpace(expr[i]) {
		i++
	}
	if i == len(expr) {
		return 0
	}
	if a.depth >= arithMaxDepth {
		a.fail("expression recursion level exceeded")
	}
	if a.evals++; a.evals%arithCheckEvery == 0 {
		if err := a.ctx.Err(); err != nil {
			a.abort(err)
		}
	}
	a.depth++
	saved := a.arithState
	a.arithState = arithState{expr: expr, lasttp: -1}
	a.readtok()
	val := a.expcomma()
	if a.curtok != tkEOF {
		a.fail("syntax error in expression")
	}
	a.arithState = saved
	a.depth--
	return val
}

func isArithSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

func isNameStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_'
}

func isNameChar(c byte) bool { return isNameStart(c) || c >= '0' && c <= '9' }

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func (a *arith) enter() {
	a.nest++
	if a.nest > arithMaxNest {
		a.fail("expression recursion level exceeded")
	}
}

func (a *arith) expcomma() int64 {
	v := a.expassign()
	for a.curtok == ',' {
		a.readtok()
		v = a.expassign()
	}
	return v
}

func (a *arith) expassign() int64 {
	v := a.expcond()
	if a.curtok != '=' && a.curtok != tkOpAssign {
		return v
	}
	special := a.curtok == tkOpAssign
	if a.lasttok != tkStr {
		a.fail("attempted assignment to non-variable")
	}
	op := a.assignOp
	lhs := a.tokstr
	if lhs == "" {
		a.fail("syntax error in variable assignment")
	}
	lval := a.curlval
	a.enter()
	a.readtok()
	rhs := a.expassign()
	a.nest--
	if special {
		if (op == '/' || op == '%') && rhs == 0 {
			if a.noeval == 0 {
				a.fail("division by 0")
			}
			rhs = 1
		}
		v = arithBinary(op, v, rhs)
	} else {
		v = rhs
	}
	if a.noeval == 0 {
		if lval.valid && lval.tok == lhs && special {
			a.set(lval.ref, v)
		} else {
			a.set(a.resolve(lhs), v)
		}
	}
	a.curlval = arithLval{}
	a.tokstr = ""
	return v
}

// arithBinary applies a binary operator as bash does on intmax_t, with
// two's-complement wraparound; the caller has ruled out division by 0.
func arithBinary(op int, x, y int64) int64 {
	switch op {
	case '*':
		return x * y
	case '/':
		if y == -1 {
			return -x // Go's MinInt64 / -1 panics; bash gives MinInt64
		}
		return x / y
	case '%':
		if y == -1 {
			return 0
		}
		return x % y
	case '+':
		return x + y
	case '-':
		return x - y
	case tkLsh:
		return x << (uint64(y) & 63) // x86's shift counts are taken mod 64
	case tkRsh:
		return x >> (uint64(y) & 63)
	case '&':
		return x & y
	case '|':
		return x | y
	case '^':
		return x ^ y
	}
	return 0
}

func (a *arith) expcond() int64 {
	cval := a.explor()
	if a.curtok != '?' {
		return cval
	}
	a.enter()
	if cval == 0 {
		a.noeval++
	}
	a.readtok()
	if a.curtok == tkEOF || a.curtok == ':' {
		a.fail("expression expected")
	}
	v1 := a.expcomma()
	if cval == 0 {
		a.noeval--
	}
	if a.curtok != ':' {
		a.fail("`:' expected for conditional expression")
	}
	if cval != 0 {
		a.noeval++
	}
	a.readtok()
	if a.curtok == tkEOF {
		a.fail("expression expected")
	}
	v2 := a.expcond()
	if cval != 0 {
		a.noeval--
	}
	a.nest--
	a.lasttok = tkCond
	if cval != 0 {
		return v1
	}
	return v2
}

func (a *arith) explor() int64 {
	v1 := a.expland()
	for a.curtok == tkLOr {
		skip := v1 != 0
		if skip {
			a.noeval++
		}
		a.readtok()
		v2 := a.expland()
		if skip {
			a.noeval--
		}
		v1 = b2i(v1 != 0 || v2 != 0)
		a.lasttok = tkLOr
	}
	return v1
}

func (a *arith) expland() int64 {
	v1 := a.expbor()
	for a.curtok == tkLAnd {
		skip := v1 == 0
		if skip {
			a.noeval++
		}
		a.readtok()
		v2 := a.expbor()
		if skip {
			a.noeval--
		}
		v1 = b2i(v1 != 0 && v2 != 0)
		a.lasttok = tkLAnd
	}
	return v1
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (a *arith) expbor() int64 {
	v := a.expbxor()
	for a.curtok == '|' {
		a.readtok()
		v |= a.expbxor()
		a.lasttok = tkNum
	}
	return v
}

func (a *arith) expbxor() int64 {
	v := a.expband()
	for a.curtok == '^' {
		a.readtok()
		v ^= a.expband()
		a.lasttok = tkNum
	}
	return v
}

func (a *arith) expband() int64 {
	v := a.expeq()
	for a.curtok == '&' {
		a.readtok()
		v &= a.expeq()
		a.lasttok = tkNum
	}
	return v
}

func (a *arith) expeq() int64 {
	v := a.expcompare()
	for a.curtok == tkEqEq || a.curtok == tkNeq {
		op := a.curtok
		a.readtok()
		v2 := a.expcompare()
		if op == tkEqEq {
			v = b2i(v == v2)
		} else {
			v = b2i(v != v2)
		}
		a.lasttok = tkNum
	}
	return v
}

func (a *arith) expcompare() int64 {
	v := a.expshift()
	for a.curtok == tkLeq || a.curtok == tkGeq || a.curtok == '<' || a.curtok == '>' {
		op := a.curtok
		a.readtok()
		v2 := a.expshift()
		switch op {
		case tkLeq:
			v = b2i(v <= v2)
		case tkGeq:
			v = b2i(v >= v2)
		case '<':
			v = b2i(v < v2)
		default:
			v = b2i(v > v2)
		}
		a.lasttok = tkNum
	}
	return v
}

func (a *arith) expshift() int64 {
	v := a.expaddsub()
	for a.curtok == tkLsh || a.curtok == tkRsh {
		op := a.curtok
		a.readtok()
		v = arithBinary(op, v, a.expaddsub())
		a.lasttok = tkNum
	}
	return v
}

func (a *arith) expaddsub() int64 {
	v := a.expmuldiv()
	for a.curtok == '+' || a.curtok == '-' {
		op := a.curtok
		a.readtok()
		v = arithBinary(op, v, a.expmuldiv())
		a.lasttok = tkNum
	}
	return v
}

func (a *arith) expmuldiv() int64 {
	v := a.exppower()
	for a.curtok == '*' || a.curtok == '/' || a.curtok == '%' {
		op := a.curtok
		stp := a.tp // the division-by-0 token is the divisor
		a.readtok()
		v2 := a.exppower()
		if (op == '/' || op == '%') && v2 == 0 {
			if a.noeval == 0 {
				for stp < len(a.expr) && (a.expr[stp] == ' ' || a.expr[stp] == '\t') {
					stp++
				}
				a.failAt("division by 0", a.expr, stp)
			}
			v2 = 1
		}
		v = arithBinary(op, v, v2)
		a.lasttok = tkNum
	}
	return v
}

func (a *arith) exppower() int64 {
	v := a.expunary()
	for a.curtok == tkPower {
		a.enter()
		a.readtok()
		e := a.exppower() // right-associative
		a.nest--
		a.lasttok = tkNum
		if e == 0 {
			return 1
		}
		if e < 0 {
			a.fail("exponent less than 0")
		}
		v = arithPow(v, e)
	}
	return v
}

func arithPow(base, exp int64) int64 {
	r := int64(1)
	for exp != 0 {
		if exp&1 != 0 {
			r *= base
		}
		exp >>= 1
		base *= base
	}
	return r
}

func (a *arith) expunary() int64 {
	switch a.curtok {
	case '!', '~', '-', '+':
		op := a.curtok
		a.enter()
		a.readtok()
		v := a.expunary()
		a.nest--
		a.lasttok = tkNum
		switch op {
		case '!':
			return b2i(v == 0)
		case '~':
			return ^v
		case '-':
			return -v
		}
		return v
	}
	return a.expprimary()
}

func (a *arith) expprimary() int64 {
	switch a.curtok {
	case tkPreInc, tkPreDec:
		stok := a.curtok
		a.lasttok = stok
		a.readtok()
		if a.curtok != tkStr {
			a.fail("identifier expected after pre-increment or pre-decrement")
		}
		v := a.tokval + 1
		if stok == tkPreDec {
			v = a.tokval - 1
		}
		if a.noeval == 0 {
			a.setLval(v)
		}
		a.curtok = tkNum // so that --x=7 is an assignment to a non-variable
		a.readtok()
		return v
	case '(':
		a.enter()
		a.readtok()
		v := a.expcomma()
		if a.curtok != ')' {
			a.fail("missing `)'")
		}
		a.nest--
		a.readtok()
		return v
	case tkNum, tkStr:
		v := a.tokval
		if a.curtok == tkStr {
			saved := a.arithState
			a.noeval = 1
			a.readtok()
			stok := a.curtok
			if stok == tkPostInc || stok == tkPostDec {
				a.tokstr = saved.tokstr
				a.noeval = saved.noeval
				a.curlval = saved.curlval
				a.lasttok = tkStr
				nv := v + 1
				if stok == tkPostDec {
					nv = v - 1
				}
				if a.noeval == 0 {
					a.setLval(nv)
				}
				a.curtok = tkNum // so that x++=7 is an assignment to a non-variable
			} else {
				a.arithState = saved
			}
		}
		a.readtok()
		return v
	}
	a.fail("syntax error: operand expected")
	return 0
}

// setLval assigns v to the variable the current identifier token read.
func (a *arith) setLval(v int64) {
	if a.curlval.valid && a.curlval.tok == a.tokstr {
		a.set(a.curlval.ref, v)
		return
	}
	a.set(a.resolve(a.tokstr), v)
}

func (a *arith) set(ref ArithRef, v int64) {
	if err := a.vars.ArithSet(ref, v); err != nil {
		a.abort(err)
	}
}

// resolve turns an identifier token, NAME or NAME[SUB], into the
// reference it names, evaluating SUB for an indexed array.
func (a *arith) resolve(tok string) ArithRef {
	i := 0
	for i < len(tok) && tok[i] != '[' {
		i++
	}
	ref := ArithRef{Name: tok[:i]}
	if i == len(tok) {
		return ref
	}
	ref.Subscripted = true
	ref.Raw = tok[i+1 : len(tok)-1]
	ref.Key = ref.Raw
	switch ref.Raw {
	case "", "@", "*":
		return ref
	}
	if x, ok := a.vars.(ArithSubscriptExpander); ok && strings.ContainsAny(ref.Raw, "$`'\"\\") {
		key, err := x.ArithExpandSubscript(ref.Raw)
		if err != nil {
			a.abort(err)
		}
		ref.Key = key
	}
	if !a.vars.ArithIsAssoc(ref.Name) {
		ref.Index = a.subexpr(ref.Key)
	}
	return ref
}

// streval is bash's expr_streval: the value of the variable the token
// names, evaluated as an expression.
func (a *arith) streval(tok string) int64 {
	if a.noeval != 0 {
		return 0
	}
	ref := a.resolve(tok)
	val, err := a.vars.ArithGet(ref)
	if err != nil {
		a.abort(err)
	}
	a.curlval = arithLval{valid: true, tok: tok, ref: ref}
	if val == "" {
		return 0
	}
	return a.subexpr(val)
}
