package shell

import "strings"

// testSyntax checks test's (or ['s, without the closing ]) arguments
// as bash's test.c parses them, and returns bash's message for a
// malformed expression ("a: binary operator expected", "too many
// arguments", ...), or "" when they parse. mvdan/sh's own messages
// ("1:1: not a valid test operator: `b`") read nothing like them.
func testSyntax(argv []string) string {
	switch len(argv) {
	case 0, 1:
		return ""
	case 2:
		return testTwo(argv)
	case 3:
		return testThree(argv)
	case 4:
		if argv[0] == "!" {
			return testThree(argv[1:])
		}
		if argv[0] == "(" && argv[3] == ")" {
			return testTwo(argv[1:3])
		}
	}
	p := &testParser{argv: argv}
	p.or()
	if p.err == "" && p.pos < len(argv) {
		p.err = "too many arguments"
	}
	return p.err
}

func testTwo(argv []string) string {
	if argv[0] == "!" || testUnary(argv[0]) {
		return ""
	}
	return argv[0] + ": unary operator expected"
}

func testThree(argv []string) string {
	switch {
	case testBinary(argv[1]), argv[1] == "-a", argv[1] == "-o":
		return ""
	case argv[0] == "!":
		return testTwo(argv[1:])
	case argv[0] == "(" && argv[2] == ")":
		return ""
	}
	return argv[1] + ": binary operator expected"
}

func testUnary(s string) bool {
	return len(s) == 2 && s[0] == '-' && strings.IndexByte("abcdefghkprstuwxOGLSNnzovR", s[1]) >= 0
}

func testBinary(s string) bool {
	switch s {
	case "=", "==", "!=", "<", ">", "-nt", "-ot", "-ef", "-eq", "-ne", "-lt", "-le", "-gt", "-ge":
		return true
	}
	return false
}

// testParser is test.c's expression grammar (or, and, term), checking
// only the syntax; the first error sticks.
type testParser struct {
	argv []string
	pos  int
	err  string
}

func (p *testParser) fail(msg string) {
	if p.err == "" {
		p.err = msg
	}
	p.pos = len(p.argv)
}

// advance moves past the current word; need says another must follow.
func (p *testParser) advance(need bool) {
	if need && p.pos+1 >= len(p.argv) {
		p.fail("argument expected")
		return
	}
	p.pos++
}

func (p *testParser) or() {
	p.and()
	for p.err == "" && p.pos < len(p.argv) && p.argv[p.pos] == "-o" {
		p.advance(false)
		p.and()
	}
}

func (p *testParser) and() {
	p.term()
	for p.err == "" && p.pos < len(p.argv) && p.argv[p.pos] == "-a" {
		p.advance(false)
		p.term()
	}
}

func (p *testParser) term() {
	if p.err != "" {
		return
	}
	if p.pos >= len(p.argv) {
		p.fail("argument expected")
		return
	}
	a := p.argv[p.pos]
	switch {
	case a == "!":
		for p.pos < len(p.argv) && p.argv[p.pos] == "!" {
			p.pos++
		}
		p.term()
	case a == "(":
		p.advance(true)
		if p.err != "" {
			return
		}
		p.or()
		if p.err != "" {
			return
		}
		if p.pos >= len(p.argv) {
			p.fail("`)' expected")
			return
		}
		if p.argv[p.pos] != ")" {
			p.fail("`)' expected, found " + p.argv[p.pos])
			return
		}
		p.pos++
	case p.pos+3 <= len(p.argv) && testBinary(p.argv[p.pos+1]):
		p.pos += 3
	case len(a) == 2 && a[0] == '-':
		if !testUnary(a) {
			p.fail(a + ": unary operator expected")
			return
		}
		p.advance(true)
		if p.err == "" {
			p.pos++
		}
	default:
		p.pos++
	}
}
