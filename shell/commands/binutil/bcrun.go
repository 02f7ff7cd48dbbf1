package binutil

import (
	"bufio"
	"context"
	"fmt"
	"math/big"
	"strings"

	"memsh/shell/command"
)

// bcMachine runs parsed bc statements: global variables and arrays,
// functions with dynamically scoped parameters and autos (as bc's), the
// scale, ibase and obase registers, and GNU's -l library.
type bcMachine struct {
	ctx     context.Context
	out     *bufio.Writer
	vars    map[string]bcNum
	arrays  map[string]map[int64]bcNum
	funcs   map[string]*bcFunc
	scale   int
	ibase   int
	obase   int
	last    bcNum
	mathlib bool
	col     int // output column, for the 70-column wrap
	warn    func(msg string)
	steps   int
	// pc and fn place a runtime message as GNU bc's do: the offset just
	// past the failing instruction in the byte code GNU would have made
	// for the line (or the function), and the function's name.
	pc    int
	fn    string
	depth int
}

// bcRuntimeError stops the current statement (bc's "Runtime error").
type bcRuntimeError struct{ msg string }

// bcStop is quit or halt.
type bcStop struct{}

// Control flow inside functions and loops.
type bcFlow int

const (
	flowNone bcFlow = iota
	flowBreak
	flowContinue
	flowReturn
)

func newBcMachine(ctx context.Context, out *bufio.Writer) *bcMachine {
	return &bcMachine{ctx: ctx, out: out, vars: map[string]bcNum{}, arrays: map[string]map[int64]bcNum{},
		funcs: map[string]*bcFunc{}, ibase: 10, obase: 10, last: bcInt(0)}
}

func (m *bcMachine) fail(msg string) { panic(bcRuntimeError{msg}) }

// where is the "(func=..., adr=...)" of a message.
func (m *bcMachine) where() string {
	fn := m.fn
	if fn == "" {
		fn = "(main)"
	}
	return fmt.Sprintf("func=%s, adr=%d", fn, m.pc)
}

// constSize is the size of a constant in GNU bc's byte code: 0 and 1
// have their own one-byte codes, others are K, the digits without
// leading zeros, and ':'.
func constSize(text string) int {
	t := strings.TrimLeft(text, "0")
	switch {
	case text == "0" || text == "1":
		return 1
	case t == "":
		t = "0"
	}
	return len(t) + 2
}

// exec runs one statement; ret is the value of a return.
func (m *bcMachine) exec(s bcStmt) (flow bcFlow, ret bcNum) {
	m.steps++
	if m.steps&1023 == 0 && m.ctx.Err() != nil {
		panic(bcStop{})
	}
	switch s := s.(type) {
	case *bcExprStmt:
		v := m.eval(s.x)
		m.pc++ // print, or pop the assigned value
		if s.print {
			m.printNum(v)
			m.write("\n")
			m.last = v
		}
	case *bcStrStmt:
		m.write(s.s)
	case *bcPrintStmt:
		for _, it := range s.items {
			if str, ok := it.(*bcStrStmt); ok {
				m.write(bcEscapes(str.s))
				continue
			}
			v := m.eval(it)
			m.printNum(v)
			m.last = v
		}
	case *bcBlock:
		for _, b := range s.body {
			if f, r := m.exec(b); f != flowNone {
				return f, r
			}
		}
	case *bcIf:
		c := m.eval(s.cond)
		m.pc += 3 // the jump past the branch
		if !c.isZero() {
			return m.exec(s.then)
		} else if s.els != nil {
			return m.exec(s.els)
		}
	case *bcWhile:
		for !m.eval(s.cond).isZero() {
			f, r := m.exec(s.body)
			if f == flowBreak {
				break
			}
			if f == flowReturn {
				return f, r
			}
		}
	case *bcFor:
		if s.init != nil {
			m.eval(s.init)
		}
		for s.cond == nil || !m.eval(s.cond).isZero() {
			f, r := m.exec(s.body)
			if f == flowBreak {
				break
			}
			if f == flowReturn {
				return f, r
			}
			if s.post != nil {
				m.eval(s.post)
			}
		}
	case *bcBreak:
		return flowBreak, bcNum{}
	case *bcContinue:
		return flowContinue, bcNum{}
	case *bcReturn:
		if s.x == nil {
			return flowReturn, bcInt(0)
		}
		return flowReturn, m.eval(s.x)
	case *bcHalt:
		panic(bcStop{})
	}
	return flowNone, bcNum{}
}

// bcEscapes reads print's escapes: \a \b \f \n \r \t \q (a quote) \\;
// GNU bc drops any other, backslash and all.
func bcEscapes(s string) string {
	return unescape(s, func(c byte) string {
		switch c {
		case 'q':
			return `"`
		case 'a', 'b', 'f', 'n', 'r', 't', '\\':
			b, _ := command.CUnescape(c)
			return string(b)
		}
		return ""
	})
}

// unescape replaces each backslash and the byte after it in s with
// what esc makes of that byte (a trailing backslash stays).
func unescape(s string, esc func(c byte) string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		i++
		b.WriteString(esc(s[i]))
	}
	return b.String()
}

func (m *bcMachine) write(s string) {
	m.out.WriteString(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		m.col = len(s) - i - 1
	} else {
		m.col += len(s)
	}
}

// printNum writes v in obase, breaking lines at 70 columns with a
// backslash as GNU bc's out_char does.
func (m *bcMachine) printNum(v bcNum) {
	for _, c := range []byte(m.format(v)) {
		m.col++
		if m.col == 69 {
			m.out.WriteString("\\\n")
			m.col = 1
		}
		m.out.WriteByte(c)
	}
}

func (m *bcMachine) format(v bcNum) string {
	if v.isZero() {
		return "0"
	}
	if m.obase == 10 {
		return v.String()
	}
	var b strings.Builder
	if v.v.Sign() < 0 {
		b.WriteByte('-')
	}
	abs := new(big.Int).Abs(v.v)
	ip, fp := new(big.Int).QuoRem(abs, pow10(v.scale), new(big.Int))
	base := big.NewInt(int64(m.obase))
	width := len(big.NewInt(int64(m.obase - 1)).String())
	digit := func(d int64, space bool) {
		if m.obase <= 16 {
			b.WriteByte("0123456789ABCDEF"[d])
			return
		}
		if space {
			b.WriteByte(' ')
		}
		s := big.NewInt(d).String()
		b.WriteString(strings.Repeat("0", width-len(s)) + s)
	}
	var digits []int64
	for ip.Sign() > 0 {
		r := new(big.Int)
		ip.QuoRem(ip, base, r)
		digits = append(digits, r.Int64())
	}
	if len(digits) == 0 && v.scale == 0 {
		digits = []int64{0}
	}
	for i := len(digits) - 1; i >= 0; i-- {
		digit(digits[i], true)
	}
	if v.scale > 0 {
		b.WriteByte('.')
		// Digits while obase^k has no more digits than the scale.
		frac := bcNum{fp, v.scale}
		t := big.NewInt(1)
		first := true
		for len(t.String()) <= v.scale {
			frac = bcNum{new(big.Int).Mul(frac.v, base), frac.scale}
			d := new(big.Int).Quo(frac.v, pow10(frac.scale))
			frac.v.Sub(frac.v, new(big.Int).Mul(d, pow10(frac.scale)))
			digit(d.Int64(), !first)
			first = false
			t.Mul(t, base)
		}
	}
	return b.String()
}

// constant converts a number as written, in the current ibase: a lone
// digit is its own value whatever the base.
func (m *bcMachine) constant(text string) bcNum {
	val := func(c byte) int64 {
		if c >= 'A' {
			return int64(c-'A') + 10
		}
		return int64(c - '0')
	}
	ip, fp, _ := strings.Cut(text, ".")
	base := int64(m.ibase)
	if len(ip) == 1 && fp == "" && !strings.Contains(text, ".") {
		return bcInt(val(ip[0]))
	}
	if base == 10 && !strings.ContainsAny(text, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
		v, _ := new(big.Int).SetString("0"+ip+fp, 10)
		return bcNum{v, len(fp)}
	}
	n := new(big.Int)
	bb := big.NewInt(base)
	for i := 0; i < len(ip); i++ {
		d := val(ip[i])
		if d >= base {
			d = base - 1 // GNU: a digit too big for the base is base-1
		}
		n.Mul(n, bb).Add(n, big.NewInt(d))
	}
	r := bcNum{n, 0}
	if fp != "" {
		// The fraction digit by digit, with as many decimals as digits.
		num, den := new(big.Int), big.NewInt(1)
		for i := 0; i < len(fp); i++ {
			d := val(fp[i])
			if d >= base {
				d = base - 1
			}
			num.Mul(num, bb).Add(num, big.NewInt(d))
			den.Mul(den, bb)
		}
		f := bcDiv(bcNum{num, 0}, bcNum{den, 0}, len(fp))
		r = bcAdd(r.rescale(len(fp)), f)
	}
	return r
}

func bcAdd(a, b bcNum) bcNum {
	s := max(a.scale, b.scale)
	return bcNum{new(big.Int).Add(a.rescale(s).v, b.rescale(s).v), s}
}

func (m *bcMachine) eval(x bcExpr) bcNum {
	switch x := x.(type) {
	case *bcConst:
		m.pc += constSize(x.text)
		return m.constant(x.text)
	case *bcVar:
		m.pc += 2
		return m.get(x.name)
	case *bcElem:
		iv := m.eval(x.idx)
		m.pc += 2
		return m.elem(x.name, m.checkIndex(x, iv))
	case *bcUnary:
		v := m.eval(x.x)
		m.pc++
		if x.op == "!" {
			return boolNum(v.isZero())
		}
		return bcNum{new(big.Int).Neg(v.v), v.scale}
	case *bcBinary:
		switch x.op {
		case "&&":
			return boolNum(!m.eval(x.l).isZero() && !m.eval(x.r).isZero())
		case "||":
			return boolNum(!m.eval(x.l).isZero() || !m.eval(x.r).isZero())
		}
		a, b := m.eval(x.l), m.eval(x.r)
		m.pc++
		switch x.op {
		case "<", "<=", ">", ">=", "==", "!=":
			c := bcCmp(a, b)
			return boolNum(map[string]bool{"<=": c <= 0, ">=": c >= 0, "==": c == 0, "!=": c != 0, "<": c < 0, ">": c > 0}[x.op])
		}
		return m.arith(x.op, a, b)
	case *bcAssign:
		if x.op != "=" {
			old := m.eval(x.target)
			v := m.eval(x.val)
			m.pc++
			return m.store(x.target, m.arith(x.op[:1], old, v))
		}
		return m.store(x.target, m.eval(x.val))
	case *bcIncDec:
		old := m.eval(x.target)
		one := bcInt(1)
		var nv bcNum
		if x.op == "++" {
			nv = bcAdd(old, one)
		} else {
			nv = bcAdd(old, bcNum{big.NewInt(-1), 0})
		}
		nv = m.store(x.target, nv)
		if x.pre {
			return nv
		}
		return old
	case *bcBuiltin:
		if x.name == "read" {
			m.fail("read() is not supported in memsh")
		}
		v := m.eval(x.arg)
		m.pc += 2
		switch x.name {
		case "length":
			digits := len(new(big.Int).Abs(v.v).String())
			if v.v.Sign() == 0 {
				digits = max(1, v.scale)
			}
			return bcInt(int64(max(digits, v.scale)))
		case "scale":
			return bcInt(int64(v.scale))
		case "sqrt":
			if v.v.Sign() < 0 {
				m.fail("Square root of a negative number")
			}
			s := max(m.scale, v.scale)
			return bcNum{new(big.Int).Sqrt(v.rescale(2 * s).v), s}
		}
	case *bcCall:
		return m.call(x)
	}
	m.fail("bad expression")
	return bcNum{}
}

func (m *bcMachine) checkIndex(e *bcElem, v bcNum) int64 {
	i := v.rescale(0).v
	if i.Sign() < 0 || !i.IsInt64() || i.Int64() > 16777215 {
		m.fail("Array " + e.name + " subscript out of bounds.")
	}
	return i.Int64()
}

func (m *bcMachine) elem(name string, i int64) bcNum {
	if v, ok := m.arrays[name][i]; ok {
		return v
	}
	return bcInt(0)
}

func (m *bcMachine) get(name string) bcNum {
	switch name {
	case "scale":
		return bcInt(int64(m.scale))
	case "ibase":
		return bcInt(int64(m.ibase))
	case "obase":
		return bcInt(int64(m.obase))
	case "last":
		return m.last
	}
	if v, ok := m.vars[name]; ok {
		return v
	}
	return bcInt(0)
}

// store assigns v to a variable, an element or a register; it returns
// what was stored (registers keep an integer).
func (m *bcMachine) store(target bcExpr, v bcNum) bcNum {
	switch t := target.(type) {
	case *bcElem:
		iv := m.eval(t.idx)
		m.pc += 2
		i := m.checkIndex(t, iv)
		a := m.arrays[t.name]
		if a == nil {
			a = map[int64]bcNum{}
			m.arrays[t.name] = a
		}
		a[i] = v
		return v
	case *bcVar:
		m.pc += 2
		iv := v.rescale(0).v
		n := int64(1 << 40)
		if iv.IsInt64() && iv.Int64() < n && iv.Int64() > -n {
			n = iv.Int64()
		}
		switch t.name {
		case "scale":
			if n < 0 {
				m.warn("negative scale, set to 0")
				n = 0
			}
			if n > 1<<20 {
				// GNU would take hours over such digits; memsh says no.
				m.fail("scale too large for memsh's bc (at most 1048576)")
			}
			m.scale = int(n)
			return bcInt(n)
		case "ibase":
			switch {
			case n < 2:
				m.warn("ibase too small, set to 2")
				n = 2
			case n > 16:
				m.warn("ibase too large, set to 16")
				n = 16
			}
			m.ibase = int(n)
			return bcInt(n)
		case "obase":
			switch {
			case n < 2:
				m.warn("obase too small, set to 2")
				n = 2
			case n > 2147483647:
				m.warn("obase too large, set to 2147483647")
				n = 2147483647
			}
			m.obase = int(n)
			return bcInt(n)
		case "last":
			m.last = v
			return v
		}
		m.vars[t.name] = v
		return v
	}
	m.fail("bad assignment")
	return v
}

func (m *bcMachine) arith(op string, a, b bcNum) bcNum {
	switch op {
	case "+":
		return bcAdd(a, b)
	case "-":
		return bcAdd(a, bcNum{new(big.Int).Neg(b.v), b.scale})
	case "*":
		r := bcNum{new(big.Int).Mul(a.v, b.v), a.scale + b.scale}
		return r.rescale(min(a.scale+b.scale, max(m.scale, a.scale, b.scale)))
	case "/":
		if b.isZero() {
			m.fail("Divide by zero")
		}
		return bcDiv(a, b, m.scale)
	case "%":
		if b.isZero() {
			m.fail("Modulo by zero")
		}
		q := bcDiv(a, b, m.scale)
		s := max(m.scale+b.scale, a.scale)
		prod := bcNum{new(big.Int).Mul(q.v, b.v), q.scale + b.scale}
		return m.arith("-", a.rescale(s), prod.rescale(s))
	case "^":
		if b.scale > 0 && b.rescale(0).rescale(b.scale).v.Cmp(b.v) != 0 {
			m.warn("non-zero scale in exponent")
		}
		e := b.rescale(0).v
		if !e.IsInt64() || e.Int64() > 1<<24 || e.Int64() < -(1<<24) {
			m.fail("exponent too large in raise")
		}
		n := e.Int64()
		neg := n < 0
		if neg {
			n = -n
		}
		if int64(len(a.v.String()))*n > 1<<24 {
			m.fail("exponent too large in raise")
		}
		r := bcNum{new(big.Int).Exp(a.v, big.NewInt(n), nil), a.scale * int(n)}
		if neg {
			if a.isZero() {
				m.fail("Divide by zero")
			}
			return bcDiv(bcInt(1), r, m.scale)
		}
		return r.rescale(min(a.scale*int(n), max(m.scale, a.scale)))
	}
	return a
}

// call runs a function: parameters and autos shadow the caller's names
// until it returns (bc's dynamic scope); arrays pass by value.
func (m *bcMachine) call(c *bcCall) bcNum {
	if m.mathlib {
		if v, ok := m.mathCall(c); ok {
			return v
		}
	}
	f := m.funcs[c.name]
	if f == nil {
		for _, a := range c.args {
			if _, arr := a.(*bcArrArg); !arr {
				m.eval(a)
			}
		}
		m.pc += 2
		m.fail("Function " + c.name + " not defined.")
	}
	if len(c.args) != len(f.params) {
		m.fail("Parameter number mismatch")
	}
	type savedVar struct {
		v  bcNum
		ok bool
	}
	type savedArr struct {
		a  map[int64]bcNum
		ok bool
	}
	vals := make([]any, len(c.args))
	for i, a := range c.args {
		isArr := strings.HasSuffix(f.params[i], "[]")
		if aa, ok := a.(*bcArrArg); ok {
			if !isArr {
				m.fail("Parameter type mismatch")
			}
			cp := map[int64]bcNum{}
			for k, v := range m.arrays[aa.name] {
				cp[k] = v
			}
			vals[i] = cp
			continue
		}
		if isArr {
			m.fail("Parameter type mismatch")
		}
		vals[i] = m.eval(a)
	}
	names := append(append([]string{}, f.params...), f.autos...)
	sv := map[string]savedVar{}
	sa := map[string]savedArr{}
	for _, n := range names {
		if a, ok := strings.CutSuffix(n, "[]"); ok {
			if _, done := sa[a]; !done {
				old, had := m.arrays[a]
				sa[a] = savedArr{old, had}
			}
			continue
		}
		if _, done := sv[n]; !done {
			old, had := m.vars[n]
			sv[n] = savedVar{old, had}
		}
	}
	defer func() {
		for n, s := range sv {
			if s.ok {
				m.vars[n] = s.v
			} else {
				delete(m.vars, n)
			}
		}
		for n, s := range sa {
			if s.ok {
				m.arrays[n] = s.a
			} else {
				delete(m.arrays, n)
			}
		}
	}()
	for i, p := range f.params {
		if a, ok := strings.CutSuffix(p, "[]"); ok {
			m.arrays[a] = vals[i].(map[int64]bcNum)
		} else {
			m.vars[p] = vals[i].(bcNum)
		}
	}
	for _, a := range f.autos {
		if n, ok := strings.CutSuffix(a, "[]"); ok {
			m.arrays[n] = map[int64]bcNum{}
		} else {
			m.vars[a] = bcInt(0)
		}
	}
	if m.depth++; m.depth > 10000 {
		m.fail("Function call nesting too deep")
	}
	savePC, saveFn := m.pc, m.fn
	m.pc, m.fn = 0, c.name
	defer func() { m.depth-- }()
	for _, s := range f.body {
		if flow, r := m.exec(s); flow == flowReturn {
			m.pc, m.fn = savePC, saveFn
			return r
		}
	}
	m.pc, m.fn = savePC, saveFn
	return bcInt(0)
}
