package sysutil

import (
	"context"
	"fmt"
	"math/big"
	"strings"
	"unicode/utf8"

	"memsh/shell/command"
	"memsh/shell/internal/posixre"
)

// exprError ends evaluation: status 2 for syntax and argument errors.
type exprError struct{ msg string }

// exprParser evaluates while it parses, like GNU expr (which also
// evaluates both sides of | and &).
type exprParser struct {
	args []string
	pos  int
}

func runExpr(ctx context.Context, inv *command.Invocation) int {
	args := inv.Args[1:]
	if len(args) == 1 && args[0] == "--help" {
		return printHelp(inv, "expr")
	}
	if len(args) == 1 && args[0] == "--version" {
		return printVersion(inv, "expr")
	}
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return inv.Usage(2, "missing operand")
	}
	p := &exprParser{args: args}
	var result string
	status := func() (status int) {
		defer func() {
			if r := recover(); r != nil {
				e, ok := r.(exprError)
				if !ok {
					panic(r)
				}
				inv.Errorf("%s", e.msg)
				status = 2
			}
		}()
		result = p.or()
		if p.pos < len(p.args) {
			panic(exprError{"syntax error: unexpected argument " + quoteUTF8(p.args[p.pos])})
		}
		return 0
	}()
	if status != 0 {
		return status
	}
	if _, err := fmt.Fprintln(inv.Stdout, result); err != nil {
		return writeFailed(inv, err)
	}
	if exprNull(result) {
		return 1
	}
	return 0
}

// exprNull is GNU's test for a false value: empty, or an optional minus
// and only zeros.
func exprNull(s string) bool {
	if s == "" {
		return true
	}
	t := strings.TrimPrefix(s, "-")
	return t != "" && strings.Trim(t, "0") == ""
}

func (p *exprParser) peek() (string, bool) {
	if p.pos < len(p.args) {
		return p.args[p.pos], true
	}
	return "", false
}

func (p *exprParser) operand(string) string {
	if p.pos >= len(p.args) {
		panic(exprError{"syntax error: missing argument after " + quoteUTF8(p.args[p.pos-1])})
	}
	return p.primary()
}

func (p *exprParser) binary(ops []string, next func() string, apply func(op, l, r string) string) string {
	l := next()
	for {
		a, ok := p.peek()
		if !ok {
			return l
		}
		found := false
		for _, op := range ops {
			if a == op {
				found = true
			}
		}
		if !found {
			return l
		}
		p.pos++
		if p.pos >= len(p.args) {
			panic(exprError{"syntax error: missing argument after " + quoteUTF8(a)})
		}
		r := next()
		l = apply(a, l, r)
	}
}

func (p *exprParser) or() string {
	return p.binary([]string{"|"}, p.and, func(_, l, r string) string {
		if !exprNull(l) {
			return l
		}
		if exprNull(r) {
			return "0"
		}
		return r
	})
}

func (p *exprParser) and() string {
	return p.binary([]string{"&"}, p.compare, func(_, l, r string) string {
		if exprNull(l) || exprNull(r) {
			return "0"
		}
		return l
	})
}

func (p *exprParser) compare() string {
	return p.binary([]string{"<", "<=", "=", "==", "!=", ">=", ">"}, p.add, func(op, l, r string) string {
		var c int
		li, lok := exprInt(l)
		ri, rok := exprInt(r)
		if lok && rok {
			c = li.Cmp(ri)
		} else {
			c = strings.Compare(l, r)
		}
		var t bool
		switch op {
		case "<":
			t = c < 0
		case "<=":
			t = c <= 0
		case "=", "==":
			t = c == 0
		case "!=":
			t = c != 0
		case ">=":
			t = c >= 0
		case ">":
			t = c > 0
		}
		if t {
			return "1"
		}
		return "0"
	})
}

func (p *exprParser) add() string {
	return p.binary([]string{"+", "-"}, p.mul, exprArith)
}

func (p *exprParser) mul() string {
	return p.binary([]string{"*", "/", "%"}, p.match, exprArith)
}

func (p *exprParser) match() string {
	return p.binary([]string{":"}, p.primary, func(_, l, r string) string { return exprMatch(l, r) })
}

func (p *exprParser) primary() string {
	a, ok := p.peek()
	if !ok {
		panic(exprError{"syntax error: missing argument after " + quoteUTF8(p.args[p.pos-1])})
	}
	p.pos++
	switch a {
	case "(":
		if n, ok := p.peek(); ok && n == ")" {
			panic(exprError{"syntax error: unexpected ')'"})
		}
		v := p.or()
		n, ok := p.peek()
		if !ok {
			panic(exprError{"syntax error: expecting ')' after " + quoteUTF8(p.args[p.pos-1])})
		}
		if n != ")" {
			panic(exprError{"syntax error: expecting ')' instead of " + quoteUTF8(n)})
		}
		p.pos++
		return v
	case "+":
		if p.pos >= len(p.args) {
			panic(exprError{"syntax error: missing argument after ‘+’"})
		}
		p.pos++
		return p.args[p.pos-1]
	case "length":
		if p.pos < len(p.args) {
			return fmt.Sprint(utf8.RuneCountInString(p.operand(a)))
		}
	case "match":
		if p.pos < len(p.args) {
			s := p.operand(a)
			return exprMatch(s, p.operand(a))
		}
	case "index":
		if p.pos < len(p.args) {
			s := p.operand(a)
			chars := p.operand(a)
			for i, r := range []rune(s) {
				if strings.ContainsRune(chars, r) {
					return fmt.Sprint(i + 1)
				}
			}
			return "0"
		}
	case "substr":
		if p.pos < len(p.args) {
			s := []rune(p.operand(a))
			posS := p.operand(a)
			lenS := p.operand(a)
			pos, ok1 := exprInt(posS)
			n, ok2 := exprInt(lenS)
			if !ok1 || !ok2 || pos.Sign() <= 0 || n.Sign() <= 0 || pos.Cmp(big.NewInt(int64(len(s)))) > 0 {
				return ""
			}
			start := int(pos.Int64()) - 1
			end := len(s)
			if n.IsInt64() && int64(start)+n.Int64() < int64(end) {
				end = start + int(n.Int64())
			}
			return string(s[start:end])
		}
	case ")":
		panic(exprError{"syntax error: unexpected argument ')'"})
	}
	if a == "length" || a == "match" || a == "index" || a == "substr" {
		panic(exprError{"syntax error: missing argument after " + quoteUTF8(a)})
	}
	return a
}

// exprInt reads an optionally negative decimal integer.
func exprInt(s string) (*big.Int, bool) {
	t := strings.TrimPrefix(s, "-")
	if t == "" || strings.Trim(t, "0123456789") != "" {
		return nil, false
	}
	n, ok := new(big.Int).SetString(s, 10)
	return n, ok
}

func exprArith(op, l, r string) string {
	a, ok1 := exprInt(l)
	b, ok2 := exprInt(r)
	if !ok1 || !ok2 {
		panic(exprError{"non-integer argument"})
	}
	z := new(big.Int)
	switch op {
	case "+":
		z.Add(a, b)
	case "-":
		z.Sub(a, b)
	case "*":
		z.Mul(a, b)
	case "/", "%":
		if b.Sign() == 0 {
			panic(exprError{"division by zero"})
		}
		// C division truncates toward zero: Quo and Rem, not Div and Mod.
		if op == "/" {
			z.Quo(a, b)
		} else {
			z.Rem(a, b)
		}
	}
	return z.String()
}

// exprMatch anchors the basic regular expression re at the start of s
// and returns the first group's text, or the number of characters
// matched. The leftmost match starts at 0 whenever an anchored one exists.
func exprMatch(s, re string) string {
	compiled, err := posixre.Compile(re, posixre.BRE, 0)
	if err != nil {
		panic(exprError{err.Error()})
	}
	m := compiled.FindSubmatchIndex([]byte(s))
	if m != nil && m[0] != 0 {
		m = nil
	}
	if compiled.NumSubexp() > 0 {
		if m == nil || m[2] < 0 {
			return ""
		}
		return s[m[2]:m[3]]
	}
	if m == nil {
		return "0"
	}
	return fmt.Sprint(utf8.RuneCountInString(s[:m[1]]))
}
