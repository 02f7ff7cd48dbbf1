package sysutil

import (
	"context"
	"fmt"
	"io/fs"
	"math/big"
	"strings"
	"syscall"
	"unicode/utf8"

	"memsh/shell/command"
)

const testHelp = `Usage: test EXPRESSION
  or:  test
  or:  [ EXPRESSION ]
  or:  [ ]
  or:  [ OPTION
Exit with the status determined by EXPRESSION.

` + stdOpts + `
An omitted EXPRESSION defaults to false.  Otherwise,
EXPRESSION is true or false and sets exit status.  It is one of:

  ( EXPRESSION )               EXPRESSION is true
  ! EXPRESSION                 EXPRESSION is false
  EXPRESSION1 -a EXPRESSION2   both EXPRESSION1 and EXPRESSION2 are true
  EXPRESSION1 -o EXPRESSION2   either EXPRESSION1 or EXPRESSION2 is true

  -n STRING            the length of STRING is nonzero
  STRING               equivalent to -n STRING
  -z STRING            the length of STRING is zero
  STRING1 = STRING2    the strings are equal
  STRING1 != STRING2   the strings are not equal

  INTEGER1 -eq INTEGER2   INTEGER1 is equal to INTEGER2
  INTEGER1 -ge INTEGER2   INTEGER1 is greater than or equal to INTEGER2
  INTEGER1 -gt INTEGER2   INTEGER1 is greater than INTEGER2
  INTEGER1 -le INTEGER2   INTEGER1 is less than or equal to INTEGER2
  INTEGER1 -lt INTEGER2   INTEGER1 is less than INTEGER2
  INTEGER1 -ne INTEGER2   INTEGER1 is not equal to INTEGER2

  FILE1 -ef FILE2   FILE1 and FILE2 have the same device and inode numbers
  FILE1 -nt FILE2   FILE1 is newer (modification date) than FILE2
  FILE1 -ot FILE2   FILE1 is older than FILE2

  -b FILE     FILE exists and is block special
  -c FILE     FILE exists and is character special
  -d FILE     FILE exists and is a directory
  -e FILE     FILE exists
  -f FILE     FILE exists and is a regular file
  -g FILE     FILE exists and is set-group-ID
  -G FILE     FILE exists and is owned by the effective group ID
  -h FILE     FILE exists and is a symbolic link (same as -L)
  -k FILE     FILE exists and has its sticky bit set
  -L FILE     FILE exists and is a symbolic link (same as -h)
  -N FILE     FILE exists and has been modified since it was last read
  -O FILE     FILE exists and is owned by the effective user ID
  -p FILE     FILE exists and is a named pipe
  -r FILE     FILE exists and the user has read access
  -s FILE     FILE exists and has a size greater than zero
  -S FILE     FILE exists and is a socket
  -t FD       file descriptor FD is opened on a terminal
  -u FILE     FILE exists and its set-user-ID bit is set
  -w FILE     FILE exists and the user has write access
  -x FILE     FILE exists and the user has execute (or search) access

Except for -h and -L, all FILE-related tests dereference symbolic links.
Beware that parentheses need to be escaped (e.g., by backslashes) for shells.
INTEGER may also be -l STRING, which evaluates to the length of STRING.

NOTE: Binary -a and -o are inherently ambiguous.  Use 'test EXPR1 && test
EXPR2' or 'test EXPR1 || test EXPR2' instead.

NOTE: [ honors the --help and --version options, but test does not.
test treats each of those as it treats any other nonempty STRING.

NOTE: your shell may have its own version of test and/or [, which usually
supersedes the version described here.  Please refer to your shell's
documentation for details about the options it supports.
`

// bracketHelp is the registry's entry for [; "[ --help" prints testHelp.
const bracketHelp = `Usage: [ EXPRESSION ]
  or:  [ ]
  or:  [ OPTION
Exit with the status determined by EXPRESSION: see 'test --help'.
`

// runTest is the test and [ programs (/usr/bin/test, /usr/bin/[), GNU
// coreutils' test over memfs: POSIX's rules for up to four arguments,
// the -a/-o/!/( ) grammar beyond, and its messages (status 2).
func runTest(ctx context.Context, inv *command.Invocation) int {
	args := inv.Args[1:]
	if inv.Name() == "[" || strings.HasSuffix(inv.Name(), "/[") {
		if len(args) == 1 {
			switch args[0] {
			case "--help":
				return printHelp(inv, "test")
			case "--version":
				return printVersion(inv, "[")
			}
		}
		if len(args) == 0 || args[len(args)-1] != "]" {
			inv.Errorf("missing %s", quoteUTF8("]"))
			return 2
		}
		args = args[:len(args)-1]
	}
	t := &tester{inv: inv, args: args}
	ok, err := t.run()
	if err != nil {
		inv.Errorf("%s", err.msg)
		return 2
	}
	if ok {
		return 0
	}
	return 1
}

// testError is a syntax error in the expression.
type testError struct{ msg string }

type tester struct {
	inv  *command.Invocation
	args []string
	pos  int
}

// run evaluates the whole expression; syntax errors unwind as a
// *testError panic from deep in the grammar, as GNU's longjmp does.
func (t *tester) run() (ok bool, err *testError) {
	defer func() {
		if r := recover(); r != nil {
			e, isTest := r.(*testError)
			if !isTest {
				panic(r)
			}
			err = e
		}
	}()
	n := len(t.args)
	if n == 0 {
		return false, nil
	}
	if n <= 4 {
		return t.posix(n), nil
	}
	v := t.expr()
	if t.pos != n {
		t.fail("extra argument %s", quoteUTF8(t.args[t.pos]))
	}
	return v, nil
}

func (t *tester) fail(format string, a ...any) {
	panic(&testError{fmt.Sprintf(format, a...)})
}

// beyond reports a missing argument after the last one.
func (t *tester) beyond() {
	t.fail("missing argument after %s", quoteUTF8(t.args[len(t.args)-1]))
}

// posix applies POSIX's rules for n (1 to 4) arguments from pos.
func (t *tester) posix(n int) bool {
	a := t.args[t.pos:]
	switch n {
	case 1:
		t.pos++
		return a[0] != ""
	case 2:
		switch {
		case a[0] == "!":
			t.pos += 2
			return a[1] == ""
		case len(a[0]) == 2 && a[0][0] == '-':
			if !isUnaryOp(a[0][1]) {
				t.fail("%s: unary operator expected", quoteUTF8(a[0]))
			}
			return t.unary()
		}
		t.beyond()
	case 3:
		switch {
		case isBinaryOp(a[1]):
			return t.binary(false)
		case a[0] == "!":
			t.pos++
			return !t.posix(2)
		case a[0] == "(" && a[2] == ")":
			t.pos += 3
			return a[1] != ""
		case a[1] == "-a" || a[1] == "-o":
			return t.expr()
		}
		t.fail("%s: binary operator expected", quoteUTF8(a[1]))
	default:
		if n > 4 {
			return t.expr()
		}
		switch {
		case a[0] == "!":
			t.pos++
			return !t.posix(3)
		case a[0] == "(" && a[3] == ")":
			t.pos++
			v := t.posix(2)
			t.pos++
			return v
		}
		return t.expr()
	}
	return false
}

func (t *tester) expr() bool {
	if t.pos >= len(t.args) {
		t.beyond()
	}
	return t.or()
}

func (t *tester) or() bool {
	v := t.and()
	for t.pos < len(t.args) && t.args[t.pos] == "-o" {
		t.pos++
		v = t.and() || v
	}
	return v
}

func (t *tester) and() bool {
	v := t.term()
	for t.pos < len(t.args) && t.args[t.pos] == "-a" {
		t.pos++
		v = t.term() && v
	}
	return v
}

func (t *tester) term() bool {
	negated := false
	for t.pos < len(t.args) && t.args[t.pos] == "!" {
		negated = !negated
		t.pos++
	}
	if t.pos >= len(t.args) {
		t.beyond()
	}
	a := t.args[t.pos:]
	var v bool
	switch {
	case a[0] == "(":
		// GNU counts the arguments up to ")" (at most four, else all
		// the rest) and applies POSIX's rules to them.
		t.pos++
		if t.pos >= len(t.args) {
			t.beyond()
		}
		n := 1
		for t.pos+n < len(t.args) && t.args[t.pos+n] != ")" {
			if n == 4 {
				n = len(t.args) - t.pos
				break
			}
			n++
		}
		v = t.posix(n)
		if t.pos >= len(t.args) {
			t.fail("%s expected", quoteUTF8(")"))
		}
		if t.args[t.pos] != ")" {
			t.fail("%s expected, found %s", quoteUTF8(")"), quoteUTF8(t.args[t.pos]))
		}
		t.pos++
	case len(a) >= 4 && a[0] == "-l" && isBinaryOp(a[2]):
		v = t.binary(true)
	case len(a) >= 3 && isBinaryOp(a[1]):
		v = t.binary(false)
	case len(a[0]) == 2 && a[0][0] == '-' && isUnaryOp(a[0][1]):
		v = t.unary()
	default:
		v = a[0] != ""
		t.pos++
	}
	return v != negated
}

func isUnaryOp(c byte) bool { return strings.IndexByte("bcdefgGhkLNOprsStuwxzn", c) >= 0 }

func isBinaryOp(s string) bool {
	switch s {
	case "=", "==", "!=", "-eq", "-ne", "-lt", "-le", "-gt", "-ge", "-nt", "-ot", "-ef":
		return true
	}
	return false
}

// unary evaluates "-X ARG".
func (t *tester) unary() bool {
	op := t.args[t.pos][1]
	if t.pos+1 >= len(t.args) {
		t.beyond()
	}
	arg := t.args[t.pos+1]
	t.pos += 2
	switch op {
	case 'n':
		return arg != ""
	case 'z':
		return arg == ""
	case 't':
		n := t.integer(arg)
		return n.IsInt64() && n.Int64() == 1 && t.inv.Term
	}
	fsys := t.inv.FS
	p := t.inv.Abs(arg)
	if arg == "" {
		return false
	}
	if op == 'h' || op == 'L' {
		fi, err := fsys.Lstat(p)
		return err == nil && fi.Mode()&fs.ModeSymlink != 0
	}
	fi, err := fsys.Stat(p)
	if err != nil {
		return false
	}
	m := fi.Mode()
	st, _ := fi.Sys().(*syscall.Stat_t)
	switch op {
	case 'e':
		return true
	case 'f':
		return m.IsRegular()
	case 'd':
		return m.IsDir()
	case 's':
		return fi.Size() > 0
	case 'b':
		return m&fs.ModeDevice != 0 && m&fs.ModeCharDevice == 0
	case 'c':
		return m&fs.ModeCharDevice != 0
	case 'p':
		return m&fs.ModeNamedPipe != 0
	case 'S':
		return m&fs.ModeSocket != 0
	case 'u':
		return m&fs.ModeSetuid != 0
	case 'g':
		return m&fs.ModeSetgid != 0
	case 'k':
		return m&fs.ModeSticky != 0
	case 'O':
		return st != nil && int(st.Uid) == currentUID(t.inv)
	case 'G':
		u, _ := userByUID(t.inv, currentUID(t.inv))
		return st != nil && int(st.Gid) == u.GID
	case 'N':
		return st != nil && (st.Mtim.Sec > st.Atim.Sec || st.Mtim.Sec == st.Atim.Sec && st.Mtim.Nsec > st.Atim.Nsec)
	case 'r', 'w', 'x':
		return t.access(m, st, map[byte]uint32{'r': 4, 'w': 2, 'x': 1}[op])
	}
	return false
}

// access applies the permission bits for the sandbox user, as the
// kernel's access(2) would for uid 1000.
func (t *tester) access(m fs.FileMode, st *syscall.Stat_t, want uint32) bool {
	perm := uint32(m.Perm())
	uid := currentUID(t.inv)
	if uid == 0 {
		return want != 1 || m.IsDir() || perm&0o111 != 0
	}
	bits := perm
	u, _ := userByUID(t.inv, uid)
	switch {
	case st == nil || int(st.Uid) == uid:
		bits = perm >> 6
	case int(st.Gid) == u.GID:
		bits = perm >> 3
	}
	return bits&want == want
}

// binary evaluates "A OP B", where A (with l) and B may be "-l STRING".
func (t *tester) binary(l bool) bool {
	if l {
		t.pos++
	}
	left, op := t.args[t.pos], t.args[t.pos+1]
	t.pos += 2
	rightL := false
	if t.pos+1 < len(t.args) && t.args[t.pos] == "-l" && op[0] == '-' && op != "-nt" && op != "-ot" && op != "-ef" {
		rightL = true
		t.pos++
	}
	if t.pos >= len(t.args) {
		t.beyond()
	}
	right := t.args[t.pos]
	t.pos++
	switch op {
	case "=", "==":
		return left == right
	case "!=":
		return left != right
	case "-nt", "-ot", "-ef":
		return t.fileCompare(left, op, right)
	}
	var a, b *big.Int
	if l {
		a = big.NewInt(int64(utf8.RuneCountInString(left)))
	} else {
		a = t.integer(left)
	}
	if rightL {
		b = big.NewInt(int64(utf8.RuneCountInString(right)))
	} else {
		b = t.integer(right)
	}
	c := a.Cmp(b)
	switch op {
	case "-eq":
		return c == 0
	case "-ne":
		return c != 0
	case "-lt":
		return c < 0
	case "-le":
		return c <= 0
	case "-gt":
		return c > 0
	}
	return c >= 0
}

// integer reads test's integers: blanks around an optionally signed
// decimal number, of any size.
func (t *tester) integer(s string) *big.Int {
	v := strings.Trim(s, " \t\n\v\f\r")
	digits := strings.TrimPrefix(strings.TrimPrefix(v, "-"), "+")
	if len(v)-len(digits) > 1 || digits == "" || strings.Trim(digits, "0123456789") != "" {
		t.fail("invalid integer %s", quoteUTF8(s))
	}
	n, _ := new(big.Int).SetString(strings.TrimPrefix(v, "+"), 10)
	return n
}

// fileCompare is -nt, -ot and -ef.
func (t *tester) fileCompare(left, op, right string) bool {
	a, errA := t.inv.FS.Stat(t.inv.Abs(left))
	b, errB := t.inv.FS.Stat(t.inv.Abs(right))
	switch op {
	case "-ef":
		return errA == nil && errB == nil && sameInode(a, b)
	case "-nt":
		if errA != nil {
			return false
		}
		return errB != nil || a.ModTime().After(b.ModTime())
	}
	if errB != nil {
		return false
	}
	return errA != nil || a.ModTime().Before(b.ModTime())
}
