package interp

// The arithmetic lexer: bash's readtok and strlong. Tokens are read one
// at a time as the evaluator asks for them, straight from the text
// (identifiers and numbers are substrings, never copies).

// readtok reads the next token into curtok (and tokval or tokstr).
func (a *arith) readtok() {
	s := a.expr
	cp := a.tp
	for cp < len(s) && isArithSpace(s[cp]) {
		cp++
	}
	if cp == len(s) {
		a.lasttok = a.curtok
		a.curtok = tkEOF
		a.tp = cp
		return
	}
	start := cp
	a.lasttp = start
	a.tp = start
	c := s[cp]
	switch {
	case isNameStart(c):
		cp = a.lexName(start)
		tok := s[start:cp]
		a.tokstr = tok
		// Peek at the next token: NAME = ... does not read NAME.
		saved := a.arithState
		a.tp = cp
		a.noeval = 1
		a.curtok = tkStr
		peek := a.peektok()
		a.arithState = saved
		a.tp = cp
		if a.lasttok == tkPreInc || a.lasttok == tkPreDec || peek != '=' {
			a.tokval = a.streval(tok)
		} else {
			a.tokval = 0
		}
		a.lasttok = a.curtok
		a.curtok = tkStr
		return
	case c >= '0' && c <= '9':
		cp++
		for cp < len(s) && (isAlnum(s[cp]) || s[cp] == '#' || s[cp] == '@' || s[cp] == '_') {
			cp++
		}
		a.tokval = a.strlong(s[:cp], start)
		a.lasttok = a.curtok
		a.curtok = tkNum
		a.tp = cp
		return
	}
	cp++
	var c1 byte
	if cp < len(s) {
		c1 = s[cp]
	}
	cp++ // past c1; undone below for one-character operators
	tok := int(c)
	switch {
	case c == '=' && c1 == '=':
		tok = tkEqEq
	case c == '!' && c1 == '=':
		tok = tkNeq
	case c == '>' && c1 == '=':
		tok = tkGeq
	case c == '<' && c1 == '=':
		tok = tkLeq
	case c == '<' && c1 == '<', c == '>' && c1 == '>':
		op := tkLsh
		if c == '>' {
			op = tkRsh
		}
		if cp < len(s) && s[cp] == '=' {
			a.assignOp = op
			tok = tkOpAssign
			cp++
		} else {
			tok = op
		}
	case c == '&' && c1 == '&':
		tok = tkLAnd
	case c == '|' && c1 == '|':
		tok = tkLOr
	case c == '*' && c1 == '*':
		tok = tkPower
	case (c == '-' || c == '+') && c1 == c && a.curtok == tkStr:
		tok = tkPostInc
		if c == '-' {
			tok = tkPostDec
		}
	case (c == '-' || c == '+') && c1 == c && a.curtok == tkNum && (a.lasttok == tkPreInc || a.lasttok == tkPreDec):
		a.fail(string([]byte{c, c}) + ": assignment requires lvalue")
	case (c == '-' || c == '+') && c1 == c:
		xp := cp
		for xp < len(s) && isArithSpace(s[xp]) {
			xp++
		}
		if xp < len(s) && isNameStart(s[xp]) {
			tok = tkPreInc
			if c == '-' {
				tok = tkPreDec
			}
		} else {
			cp--
		}
	case c1 == '=' && isAssignOpChar(c):
		a.assignOp = int(c)
		tok = tkOpAssign
	case !isArithOp(int(c)):
		if a.curtok == tkEOF || isArithOp(a.curtok) || isMultiOp(a.curtok) {
			a.fail("syntax error: operand expected")
		}
		a.fail("syntax error: invalid arithmetic operator")
	default:
		cp--
	}
	a.lasttok = a.curtok
	a.curtok = tok
	a.tp = cp
}

// lexName returns the end of the identifier, NAME or NAME[SUB], that
// starts at a.expr[start].
func (a *arith) lexName(start int) int {
	s := a.expr
	cp := start + 1
	for cp < len(s) && isNameChar(s[cp]) {
		cp++
	}
	if cp < len(s) && s[cp] == '[' {
		e := skipSubscript(s, cp)
		if e < 0 {
			a.fail("bad array subscript")
		}
		cp = e + 1
	}
	return cp
}

// peektok returns the kind of the token after an identifier, reading
// no variable. bash's peek is a readtok, which peeks again after an
// identifier: so the identifiers that follow, and the token after them,
// are lexed (and their errors raised) before the first is evaluated.
// This does the same in a loop.
func (a *arith) peektok() int {
	s := a.expr
	first := -1
	for {
		cp := a.tp
		for cp < len(s) && isArithSpace(s[cp]) {
			cp++
		}
		if cp < len(s) && isNameStart(s[cp]) {
			a.lasttp = cp
			a.tp = a.lexName(cp)
			a.curtok = tkStr
			if first < 0 {
				first = tkStr
			}
			continue
		}
		a.readtok()
		if first < 0 {
			first = a.curtok
		}
		return first
	}
}

func isAssignOpChar(c byte) bool {
	switch c {
	case '*', '/', '%', '+', '-', '&', '^', '|':
		return true
	}
	return false
}

// isArithOp is bash's _is_arithop: the one-character tokens.
func isArithOp(t int) bool {
	switch t {
	case '=', '>', '<', '+', '-', '*', '/', '%', '!', '(', ')', '&', '|', '^', '~', '?', ':', ',':
		return true
	}
	return false
}

// isMultiOp is bash's _is_multiop: the tokens of more than one character.
func isMultiOp(t int) bool {
	switch t {
	case tkEqEq, tkNeq, tkLeq, tkGeq, tkLAnd, tkLOr, tkLsh, tkRsh, tkOpAssign,
		tkCond, tkPower, tkPreInc, tkPreDec, tkPostInc, tkPostDec:
		return true
	}
	return false
}

// skipSubscript returns the index of the ']' that closes the '[' at
// s[open], or -1. Brackets nest; quotes hide them.
func skipSubscript(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '\'', '"':
			q := s[i]
			for i++; i < len(s) && s[i] != q; i++ {
				if q == '"' && s[i] == '\\' {
					i++
				}
			}
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// strlong converts the number token s[start:] as bash's strlong does:
// 0NNN is octal, 0xNN hex, BASE#DIGITS any base from 2 to 64 (digits
// 0-9a-zA-Z@_; below 37 letters are case-insensitive), wrapping on
// overflow. Its errors show the expression only up to the number, as
// bash's do.
func (a *arith) strlong(s string, start int) int64 {
	num := s[start:]
	fail := func(msg string) { a.failAt(msg, s, start) }
	base := int64(10)
	foundBase := false
	i := 0
	if num[0] == '0' {
		i++
		if i == len(num) {
			return 0
		}
		if num[i] == 'x' || num[i] == 'X' {
			base = 16
			i++
		} else {
			base = 8
		}
		foundBase = true
	}
	var val int64
	for ; i < len(num); i++ {
		c := num[i]
		if c == '#' {
			if foundBase {
				fail("invalid number")
			}
			if val < 2 || val > 64 {
				fail("invalid arithmetic base")
			}
			base, val, foundBase = val, 0, true
			if i+1 == len(num) || !isNumChar(num[i+1]) {
				fail("invalid integer constant")
			}
			continue
		}
		var d int64
		switch {
		case c >= '0' && c <= '9':
			d = int64(c - '0')
		case c >= 'a' && c <= 'z':
			d = int64(c-'a') + 10
		case c >= 'A' && c <= 'Z':
			if base <= 36 {
				d = int64(c-'A') + 10
			} else {
				d = int64(c-'A') + 36
			}
		case c == '@':
			d = 62
		case c == '_':
			d = 63
		default:
			return val
		}
		if d >= base {
			fail("value too great for base")
		}
		val = val*base + d
	}
	return val
}

func isNumChar(c byte) bool { return isAlnum(c) || c == '_' || c == '@' }
