package interp

import (
	"errors"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
	"syscall"

	"memsh/shell/internal/posixre"
)

// The test and [ builtins (bash's test.c) and the value-level operators
// the [[ ]] compound command shares with them.

// TestEnv is what test, [ and [[ ]] consult besides their arguments.
// Names are as the script wrote them: the implementation resolves
// relative ones against the working directory.
type TestEnv interface {
	// Stat and Lstat describe a file (memfs: Sys() is *syscall.Stat_t).
	Stat(name string) (fs.FileInfo, error)
	Lstat(name string) (fs.FileInfo, error)
	// Access is access(2) for the shell's user: mode 4 read, 2 write,
	// 1 execute.
	Access(name string, mode uint32) error
	// IDs returns the shell's effective user and group id (-O, -G).
	IDs() (uid, gid int)
	// IsTerminal reports whether file descriptor fd is a terminal (-t).
	IsTerminal(fd int) bool
	// VarSet reports whether the variable is set (-v): NAME, NAME[SUB]
	// (an element; @ or * any element) or a positional parameter N.
	VarSet(name string) bool
	// IsNameref reports whether name is a set nameref (-R).
	IsNameref(name string) bool
	// OptionSet reports whether the set -o option is on (-o); false for
	// an unknown name.
	OptionSet(name string) bool
}

// TestError is a usage error of test or [: status 2. Error() is bash's
// message without the "test: " or "[: " the caller puts in front.
type TestError struct{ Msg string }

func (e *TestError) Error() string { return e.Msg }

// Test runs the test builtin over args (the arguments after the command
// name; for [ still ending in "]", which bracket says to expect). It
// returns the exit status, 0 true and 1 false, or 2 with a *TestError.
// The argument-count rules are POSIX's and bash's: with up to four
// arguments the meaning is decided by count, beyond that by bash's
// recursive-descent grammar (! ( ) -a -o).
func Test(args []string, env TestEnv, bracket bool) (int, error) {
	if bracket {
		if len(args) == 0 || args[len(args)-1] != "]" {
			return 2, &TestError{"missing `]'"}
		}
		args = args[:len(args)-1]
	}
	t := &tester{argv: args, env: env, bracket: bracket}
	status, err := t.run()
	if err != nil {
		return 2, err
	}
	return status, nil
}

type tester struct {
	argv    []string
	pos     int
	env     TestEnv
	bracket bool // [ ... ]: the "]" bash took off still follows argv
}

// testAbort carries a usage error out of the recursion.
type testAbort struct{ err *TestError }

func (t *tester) run() (status int, err error) {
	defer func() {
		if r := recover(); r != nil {
			ab, ok := r.(testAbort)
			if !ok {
				panic(r)
			}
			status, err = 2, ab.err
		}
	}()
	if len(t.argv) == 0 {
		return 1, nil
	}
	v := t.posix()
	if t.pos != len(t.argv) {
		if t.pos < len(t.argv) && strings.HasPrefix(t.argv[t.pos], "-") {
			t.fail("syntax error: `" + t.argv[t.pos] + "' unexpected")
		}
		t.fail("too many arguments")
	}
	return boolStatus(v), nil
}

func boolStatus(b bool) int {
	if b {
		return 0
	}
	return 1
}

func (t *tester) fail(msg string) { panic(testAbort{&TestError{msg}}) }

func (t *tester) advance(check bool) {
	t.pos++
	if check && t.pos >= len(t.argv) {
		t.fail("argument expected")
	}
}

func (t *tester) posix() bool {
	argv := t.argv
	switch len(argv) {
	case 1:
		t.pos = 1
		return argv[0] != ""
	case 2:
		v := t.two()
		t.pos = 2
		return v
	case 3:
		return t.three()
	case 4:
		if argv[0] == "!" {
			t.advance(true)
			return !t.three()
		}
		if argv[0] == "(" && argv[3] == ")" {
			t.advance(true)
			v := t.two()
			t.pos = len(argv)
			return v
		}
	}
	return t.expr()
}

func (t *tester) two() bool {
	a := t.argv[t.pos]
	if a == "!" {
		return t.argv[t.pos+1] == ""
	}
	if len(a) == 2 && a[0] == '-' && isTestUnop(a) {
		return t.unary()
	}
	t.fail(a + ": unary operator expected")
	return false
}

func (t *tester) three() bool {
	argv, p := t.argv, t.pos
	var v bool
	switch {
	case isTestBinop(argv[p+1]):
		v = t.binary()
	case argv[p+1] == "-a":
		v = argv[p] != "" && argv[p+2] != ""
	case argv[p+1] == "-o":
		v = argv[p] != "" || argv[p+2] != ""
	case argv[p] == "!":
		t.advance(true)
		v = !t.two()
	case argv[p] == "(" && argv[p+2] == ")":
		v = argv[p+1] != ""
	default:
		t.fail(argv[p+1] + ": binary operator expected")
	}
	t.pos = len(argv)
	return v
}

func (t *tester) expr() bool {
	if t.pos >= len(t.argv) {
		t.fail("argument expected")
	}
	return t.or()
}

func (t *tester) or() bool {
	v := t.and()
	if t.pos < len(t.argv) && t.argv[t.pos] == "-o" {
		t.advance(false)
		v2 := t.or()
		return v || v2
	}
	return v
}

func (t *tester) and() bool {
	v := t.term()
	if t.pos < len(t.argv) && t.argv[t.pos] == "-a" {
		t.advance(false)
		v2 := t.and()
		return v && v2
	}
	return v
}

func (t *tester) term() bool {
	argv := t.argv
	if t.pos >= len(argv) {
		t.fail("argument expected")
	}
	if argv[t.pos] == "!" {
		neg := false
		for t.pos < len(argv) && argv[t.pos] == "!" {
			t.advance(true)
			neg = !neg
		}
		return t.term() != neg
	}
	if argv[t.pos] == "(" {
		t.advance(true)
		v := t.expr()
		if t.pos >= len(argv) {
			if t.bracket {
				t.fail("`)' expected, found ]")
			}
			t.fail("`)' expected")
		}
		if argv[t.pos] != ")" {
			t.fail("`)' expected, found " + argv[t.pos])
		}
		t.advance(false)
		return v
	}
	if t.pos+3 <= len(argv) && isTestBinop(argv[t.pos+1]) {
		return t.binary()
	}
	if t.pos+2 <= len(argv) && isTestUnop(argv[t.pos]) {
		return t.unary()
	}
	v := argv[t.pos] != ""
	t.advance(false)
	return v
}

func (t *tester) binary() bool {
	x, op, y := t.argv[t.pos], t.argv[t.pos+1], t.argv[t.pos+2]
	t.pos += 3
	switch op {
	case "=", "==":
		return x == y
	case "!=":
		return x != y
	case "<":
		return x < y
	case ">":
		return x > y
	}
	if !isTestBinop(op) {
		t.fail(op + ": binary operator expected")
	}
	if r, ok := t.fileCompare(op, x, y); ok {
		return r
	}
	l, ok := testInteger(x)
	if !ok {
		t.fail(x + ": integer expression expected")
	}
	r, ok := testInteger(y)
	if !ok {
		t.fail(y + ": integer expression expected")
	}
	return IntCompare(op, l, r)
}

func (t *tester) fileCompare(op, x, y string) (bool, bool) {
	switch op {
	case "-nt", "-ot", "-ef":
		return FileCompare(op, x, y, t.env), true
	}
	return false, false
}

func (t *tester) unary() bool {
	op := t.argv[t.pos]
	if op == "-t" {
		t.advance(false)
		if t.pos < len(t.argv) {
			if _, ok := testInteger(t.argv[t.pos]); ok {
				t.advance(false)
				return UnaryTest(op, t.argv[t.pos-1], t.env)
			}
			return false
		}
		return UnaryTest(op, "1", t.env)
	}
	t.advance(true)
	t.pos++
	return UnaryTest(op, t.argv[t.pos-1], t.env)
}

// testInteger is bash's legal_number: optional blanks, sign, decimal
// digits, optional blanks, within 64 bits.
func testInteger(s string) (int64, bool) {
	s = strings.Trim(s, " \t\n")
	if s == "" {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, false
	}
	return n, true
}

func isTestUnop(op string) bool {
	if len(op) != 2 || op[0] != '-' {
		return false
	}
	return strings.IndexByte("abcdefghknoprstuvwxzGLOSNR", op[1]) >= 0
}

func isTestBinop(op string) bool {
	switch op {
	case "=", "==", "!=", "<", ">", "-nt", "-ot", "-ef", "-eq", "-ne", "-lt", "-le", "-gt", "-ge":
		return true
	}
	return false
}

// IntCompare applies -eq -ne -lt -le -gt -ge.
func IntCompare(op string, l, r int64) bool {
	switch op {
	case "-eq":
		return l == r
	case "-ne":
		return l != r
	case "-lt":
		return l < r
	case "-le":
		return l <= r
	case "-gt":
		return l > r
	case "-ge":
		return l >= r
	}
	return false
}

// ArithCompare is [[ ]]'s -eq family: both operands are arithmetic
// expressions, evaluated left first. An error (an *ArithError) makes the
// test fail with status 1 after bash prints "[[: " and the message.
func ArithCompare(op, x, y string, vars ArithVars) (bool, error) {
	l, err := Arith(x, vars)
	if err != nil {
		return false, err
	}
	r, err := Arith(y, vars)
	if err != nil {
		return false, err
	}
	return IntCompare(op, l, r), nil
}

// FileCompare applies -nt, -ot and -ef as bash does: a file that does
// not exist is older than one that does; -ef needs both.
func FileCompare(op, x, y string, env TestEnv) bool {
	fx, ex := env.Stat(x)
	fy, ey := env.Stat(y)
	switch op {
	case "-nt":
		return ex == nil && (ey != nil || fx.ModTime().After(fy.ModTime()))
	case "-ot":
		return ey == nil && (ex != nil || fx.ModTime().Before(fy.ModTime()))
	case "-ef":
		if ex != nil || ey != nil {
			return false
		}
		sx, okx := fx.Sys().(*syscall.Stat_t)
		sy, oky := fy.Sys().(*syscall.Stat_t)
		return okx && oky && sx.Dev == sy.Dev && sx.Ino == sy.Ino
	}
	return false
}

// UnaryTest applies a unary operator (-e, -f, -z, -v ...) to arg.
func UnaryTest(op, arg string, env TestEnv) bool {
	if len(op) != 2 {
		return false
	}
	stat := func() (fs.FileInfo, *syscall.Stat_t, bool) {
		fi, err := env.Stat(arg)
		if err != nil {
			return nil, nil, false
		}
		st, _ := fi.Sys().(*syscall.Stat_t)
		return fi, st, true
	}
	switch op[1] {
	case 'a', 'e':
		_, _, ok := stat()
		return ok
	case 'r':
		return env.Access(arg, 4) == nil
	case 'w':
		return env.Access(arg, 2) == nil
	case 'x':
		return env.Access(arg, 1) == nil
	case 'O', 'G':
		_, st, ok := stat()
		if !ok || st == nil {
			return false
		}
		uid, gid := env.IDs()
		if op[1] == 'O' {
			return int(st.Uid) == uid
		}
		return int(st.Gid) == gid
	case 'N':
		fi, st, ok := stat()
		if !ok {
			return false
		}
		if st == nil {
			return false
		}
		return fi.ModTime().UnixNano() > st.Atim.Nano()
	case 'f':
		fi, _, ok := stat()
		return ok && fi.Mode().IsRegular()
	case 'd':
		fi, _, ok := stat()
		return ok && fi.IsDir()
	case 's':
		fi, _, ok := stat()
		return ok && fi.Size() > 0
	case 'S':
		fi, _, ok := stat()
		return ok && fi.Mode()&fs.ModeSocket != 0
	case 'c':
		fi, _, ok := stat()
		return ok && fi.Mode()&fs.ModeCharDevice != 0
	case 'b':
		fi, _, ok := stat()
		return ok && fi.Mode()&fs.ModeDevice != 0 && fi.Mode()&fs.ModeCharDevice == 0
	case 'p':
		fi, _, ok := stat()
		return ok && fi.Mode()&fs.ModeNamedPipe != 0
	case 'h', 'L':
		if arg == "" {
			return false
		}
		fi, err := env.Lstat(arg)
		return err == nil && fi.Mode()&fs.ModeSymlink != 0
	case 'u':
		fi, _, ok := stat()
		return ok && fi.Mode()&fs.ModeSetuid != 0
	case 'g':
		fi, _, ok := stat()
		return ok && fi.Mode()&fs.ModeSetgid != 0
	case 'k':
		fi, _, ok := stat()
		return ok && fi.Mode()&fs.ModeSticky != 0
	case 't':
		n, ok := testInteger(arg)
		return ok && n == int64(int32(n)) && env.IsTerminal(int(n))
	case 'n':
		return arg != ""
	case 'z':
		return arg == ""
	case 'o':
		return env.OptionSet(arg)
	case 'v':
		return env.VarSet(arg)
	case 'R':
		return env.IsNameref(arg)
	}
	return false
}

// RegexpError is an =~ regular expression that does not compile: [[ ]]
// then fails with status 2 and prints nothing.
type RegexpError struct{ Err error }

func (e *RegexpError) Error() string { return e.Err.Error() }

// RegexMatch is [[ s =~ ere ]]: ere is a POSIX extended regular
// expression (quoted parts already escaped by the caller), matched
// leftmost-longest anywhere in s, case-insensitively with nocasematch.
// On a match it returns BASH_REMATCH: the whole match, then each group
// ("" for a group that took no part). As in bash, the caller empties
// BASH_REMATCH when nothing matched and leaves it alone on an error
// (status 2, no message). The ERE is glibc's dialect: a "{" that starts
// no interval and a repetition with nothing to repeat are errors.
func RegexMatch(s, ere string, nocase bool) (bool, []string, error) {
	var flags posixre.Flags
	if nocase {
		flags |= posixre.IgnoreCase
	}
	if err := checkERE(ere); err != nil {
		return false, nil, &RegexpError{err}
	}
	re, err := posixre.Compile(ere, posixre.ERE, flags)
	if err != nil {
		return false, nil, &RegexpError{err}
	}
	loc := re.FindSubmatchIndex([]byte(s))
	if loc == nil {
		return false, nil, nil
	}
	groups := make([]string, len(loc)/2)
	for i := range groups {
		if loc[2*i] >= 0 {
			groups[i] = s[loc[2*i]:loc[2*i+1]]
		}
	}
	return true, groups, nil
}

// checkERE rejects what glibc's regcomp rejects in an ERE but GNU grep
// (whose dialect posixre follows) reads literally: a "{" that does not
// start an interval, and a repetition with nothing to repeat (at the
// start, after "(", "|" or "^").
func checkERE(re string) error {
	canRepeat := false
	for i := 0; i < len(re); i++ {
		switch c := re[i]; c {
		case '\\':
			i++
			canRepeat = true
		case '[':
			i = skipBracket(re, i)
			canRepeat = true
		case '(', '|', '^':
			canRepeat = false
		case '*', '+', '?':
			if !canRepeat {
				return errors.New("invalid preceding regular expression")
			}
		case '{':
			end, ok := intervalEnd(re, i)
			if !ok {
				return errors.New("invalid content of \\{\\}")
			}
			if !canRepeat {
				return errors.New("invalid preceding regular expression")
			}
			i = end
		default:
			canRepeat = true
		}
	}
	return nil
}

// intervalEnd checks the interval {m}, {m,}, {,n} or {m,n} at re[i] and
// returns the index of its "}".
func intervalEnd(re string, i int) (int, bool) {
	j := i + 1
	digits := func() bool {
		k := j
		for j < len(re) && re[j] >= '0' && re[j] <= '9' {
			j++
		}
		return j > k
	}
	lo := digits()
	hi := false
	if j < len(re) && re[j] == ',' {
		j++
		hi = digits()
	} else {
		hi = lo
	}
	if !lo && !hi || j >= len(re) || re[j] != '}' {
		return 0, false
	}
	return j, true
}

// skipBracket returns the index of the "]" closing the bracket
// expression at re[i], or the last index when it is not closed (the
// compiler then reports it).
func skipBracket(re string, i int) int {
	j := i + 1
	if j < len(re) && re[j] == '^' {
		j++
	}
	if j < len(re) && re[j] == ']' {
		j++
	}
	for ; j < len(re); j++ {
		if re[j] == '[' && j+1 < len(re) && strings.IndexByte(":.=", re[j+1]) >= 0 {
			if end := strings.Index(re[j+2:], string(re[j+1])+"]"); end >= 0 {
				j += 2 + end + 1
				continue
			}
		}
		if re[j] == ']' {
			return j
		}
	}
	return len(re) - 1
}

// QuoteRegexp escapes s so that, inside an =~ pattern, it matches
// itself: the caller's form for quoted parts of the right-hand side.
func QuoteRegexp(s string) string {
	if !strings.ContainsAny(s, `\.[]()*+?{}|^$`) {
		return s
	}
	return regexp.QuoteMeta(s)
}
