package sysutil

import (
	"errors"
	"io/fs"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"memsh/shell/command"
	"memsh/shell/internal/posixre"
)

// findParser turns the expression arguments into a node tree.
type findParser struct {
	st        *findState
	args      []string
	pos       int
	hasAction bool // an action other than -prune/-quit: no implied -print
	daystart  bool
	regextype string
	failed    bool
}

func (p *findParser) fail(format string, args ...any) {
	if !p.failed {
		p.st.inv.Errorf(format, args...)
	}
	p.failed = true
}

func (p *findParser) peek() (string, bool) {
	if p.pos < len(p.args) {
		return p.args[p.pos], true
	}
	return "", false
}

func (p *findParser) parse() (findNode, bool) {
	if len(p.args) == 0 {
		return nil, true
	}
	n := p.parseComma()
	if p.failed {
		return nil, false
	}
	if a, ok := p.peek(); ok {
		if a == ")" {
			p.fail("you have too many ')'")
		} else {
			p.fail("paths must precede expression: %s", oldQuote(a))
		}
		return nil, false
	}
	return n, true
}

func (p *findParser) parseComma() findNode {
	l := p.parseOr()
	for !p.failed {
		a, ok := p.peek()
		if !ok || a != "," {
			return l
		}
		p.pos++
		if !p.operandFollows(a) {
			return nil
		}
		r := p.parseOr()
		l = findComma{l, r}
	}
	return l
}

func (p *findParser) parseOr() findNode {
	l := p.parseAnd()
	for !p.failed {
		a, ok := p.peek()
		if !ok || (a != "-o" && a != "-or") {
			return l
		}
		p.pos++
		if !p.operandFollows(a) {
			return nil
		}
		r := p.parseAnd()
		l = findOr{l, r}
	}
	return l
}

func (p *findParser) parseAnd() findNode {
	l := p.parseUnary()
	for !p.failed {
		a, ok := p.peek()
		if !ok || a == ")" || a == "," || a == "-o" || a == "-or" {
			return l
		}
		if a == "-a" || a == "-and" {
			p.pos++
			if !p.operandFollows(a) {
				return nil
			}
		}
		r := p.parseUnary()
		l = findAnd{l, r}
	}
	return l
}

// operandFollows checks that an operator op has an expression after it,
// with GNU's messages; another binary operator is left for parseUnary
// to report.
func (p *findParser) operandFollows(op string) bool {
	n, ok := p.peek()
	switch {
	case !ok:
		p.fail("expected an expression after '%s'", op)
		return false
	case n == ")":
		p.fail("expected an expression between '%s' and ')'", op)
		return false
	}
	return true
}

func (p *findParser) parseUnary() findNode {
	a, ok := p.peek()
	if !ok {
		p.fail("expected an expression")
		return nil
	}
	switch a {
	case "!", "-not":
		p.pos++
		if !p.operandFollows(a) {
			return nil
		}
		x := p.parseUnary()
		return findNot{x}
	case "(":
		p.pos++
		if n, ok := p.peek(); ok && n == ")" {
			p.fail("invalid expression; empty parentheses are not allowed.")
			return nil
		}
		x := p.parseComma()
		if p.failed {
			return nil
		}
		if n, ok := p.peek(); !ok || n != ")" {
			p.fail("invalid expression; I was expecting to find a ')' somewhere but did not see one.")
			return nil
		}
		p.pos++
		return x
	case ")":
		p.fail("invalid expression; you have too many ')'")
		return nil
	case "-o", "-or", "-a", "-and", ",":
		p.fail("invalid expression; you have used a binary operator '%s' with nothing before it.", a)
		return nil
	}
	p.pos++
	return p.primary(a)
}

// arg takes the argument of primary name.
func (p *findParser) arg(name string) (string, bool) {
	if p.pos >= len(p.args) {
		p.fail("missing argument to %s", oldQuote(name))
		return "", false
	}
	p.pos++
	return p.args[p.pos-1], true
}

var findTrue = findPred(func(*findState, *findFile) bool { return true })

// primary parses one test, action or option whose name is a.
func (p *findParser) primary(a string) findNode {
	st := p.st
	switch a {
	// Options: they take effect for the whole run and evaluate as true.
	case "-maxdepth", "-mindepth":
		v, ok := p.arg(a)
		if !ok {
			return nil
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || v == "" || v[0] == '+' || v[0] == '-' {
			p.fail("Expected a positive decimal integer argument to %s, but got %s", a, quote(p.st.inv, v))
			return nil
		}
		if a == "-maxdepth" {
			st.maxDepth = n
		} else {
			st.minDepth = n
		}
		return findTrue
	case "-depth", "-d":
		st.depth = true
		return findTrue
	case "-follow":
		st.follow = 'L'
		return findTrue
	case "-xdev", "-mount", "-noleaf", "-ignore_readdir_race", "-noignore_readdir_race", "-warn", "-nowarn":
		return findTrue
	case "-daystart":
		p.daystart = true
		return findTrue
	case "-regextype":
		v, ok := p.arg(a)
		if !ok {
			return nil
		}
		switch v {
		case "findutils-default", "emacs", "posix-basic", "grep", "ed", "sed", "posix-extended", "egrep", "posix-egrep", "posix-awk", "awk", "gnu-awk", "posix-minimal-basic":
			p.regextype = v
		default:
			p.fail("Unknown regular expression type %s; valid types are ‘findutils-default’, ‘ed’, ‘emacs’, ‘gnu-awk’, ‘grep’, ‘posix-awk’, ‘awk’, ‘posix-basic’, ‘posix-egrep’, ‘egrep’, ‘posix-extended’, ‘posix-minimal-basic’, ‘sed’.", quote(p.st.inv, v))
			return nil
		}
		return findTrue
	case "-help", "--help":
		return findTrue

	case "-true":
		return findTrue
	case "-false":
		return findPred(func(*findState, *findFile) bool { return false })
	case "-name", "-iname":
		pat, ok := p.arg(a)
		if !ok {
			return nil
		}
		fold := a == "-iname"
		return findPred(func(st *findState, f *findFile) bool { return fnmatch(pat, f.name, fold) })
	case "-path", "-wholename", "-ipath", "-iwholename":
		pat, ok := p.arg(a)
		if !ok {
			return nil
		}
		fold := a[1] == 'i'
		return findPred(func(st *findState, f *findFile) bool { return fnmatch(pat, f.Path(), fold) })
	case "-lname", "-ilname":
		pat, ok := p.arg(a)
		if !ok {
			return nil
		}
		fold := a == "-ilname"
		return findPred(func(st *findState, f *findFile) bool {
			t, err := f.readlink(st)
			return err == nil && fnmatch(pat, t, fold)
		})
	case "-regex", "-iregex":
		pat, ok := p.arg(a)
		if !ok {
			return nil
		}
		re, err := compileFindRegex(pat, p.regextype, a == "-iregex")
		if err != nil {
			p.fail("failed to compile regular expression '%s': %s", pat, regexReason(err))
			return nil
		}
		return findPred(func(st *findState, f *findFile) bool { return re.MatchString(f.Path()) })
	case "-type", "-xtype":
		v, ok := p.arg(a)
		if !ok {
			return nil
		}
		types, msg := parseFindTypes(a, v)
		if msg != "" {
			p.fail("%s", msg)
			return nil
		}
		x := a == "-xtype"
		return findPred(func(st *findState, f *findFile) bool {
			m := f.info.Mode()
			if x {
				// -xtype looks at the other side of a symlink from -type.
				if st.follow == 'L' {
					if li, err := f.statAt(st, false); err == nil {
						m = li.Mode()
					}
				} else if m&fs.ModeSymlink != 0 {
					if si, err := f.statAt(st, true); err == nil {
						m = si.Mode()
					}
				}
			}
			return types[fileTypeLetter(m)]
		})
	case "-empty":
		return findPred(func(st *findState, f *findFile) bool {
			switch {
			case f.info.IsDir():
				d, err := f.openDir(st)
				if err != nil {
					return false
				}
				ents, err := d.ReadDir()
				return err == nil && len(ents) == 0
			case f.info.Mode().IsRegular():
				return f.info.Size() == 0
			}
			return false
		})
	case "-size":
		v, ok := p.arg(a)
		if !ok {
			return nil
		}
		cmp, n, unit, msg := parseFindSize(v)
		if msg != "" {
			p.fail("%s", msg)
			return nil
		}
		return findPred(func(st *findState, f *findFile) bool {
			size := f.info.Size()
			// Sizes are rounded up to whole units: 1 byte is 1 block.
			units := (size + unit - 1) / unit
			return compareNum(cmp, float64(units), n)
		})
	case "-mtime", "-atime", "-ctime", "-mmin", "-amin", "-cmin":
		v, ok := p.arg(a)
		if !ok {
			return nil
		}
		cmp, n, ok := parseFindNumber(v, true)
		if !ok {
			p.fail("invalid argument %s to %s", oldQuote(v), oldQuote(a))
			return nil
		}
		unit := 86400.0
		if strings.HasSuffix(a, "min") {
			unit = 60
		}
		which := a[1]
		now := st.now
		if p.daystart {
			y, m, d := now.Date()
			now = time.Date(y, m, d, 0, 0, 0, 0, now.Location()).Add(24 * time.Hour)
		}
		return findPred(func(st *findState, f *findFile) bool {
			t := fileTime(f.info, which)
			age := now.Sub(t).Seconds() / unit
			return compareNum(cmp, math.Floor(age), n)
		})
	case "-newer", "-anewer", "-cnewer":
		ref, ok := p.arg(a)
		if !ok {
			return nil
		}
		fi, err := st.stat(&findFile{abs: st.inv.Abs(ref)})
		if err != nil {
			p.fail("%s: %s", quote(p.st.inv, ref), command.Strerror(err))
			return nil
		}
		rt := fileTime(fi, 'm')
		which := byte('m')
		if a != "-newer" {
			which = a[1]
		}
		return findPred(func(st *findState, f *findFile) bool { return fileTime(f.info, which).After(rt) })
	case "-samefile":
		ref, ok := p.arg(a)
		if !ok {
			return nil
		}
		fi, err := st.stat(&findFile{abs: st.inv.Abs(ref)})
		if err != nil {
			p.fail("%s: %s", quote(p.st.inv, ref), command.Strerror(err))
			return nil
		}
		ino := statOf(fi).Ino
		return findPred(func(st *findState, f *findFile) bool { return statOf(f.info).Ino == ino })
	case "-perm":
		v, ok := p.arg(a)
		if !ok {
			return nil
		}
		kind := byte('=')
		m := v
		if strings.HasPrefix(v, "-") || strings.HasPrefix(v, "/") {
			kind, m = v[0], v[1:]
		}
		mode, ok := parseModeSpec(m)
		if !ok {
			p.fail("invalid mode %s", quote(p.st.inv, v))
			return nil
		}
		return findPred(func(st *findState, f *findFile) bool {
			have := uint32(f.info.Mode().Perm()) | uint32(specialBits(f.info.Mode()))
			switch kind {
			case '-':
				return have&mode == mode
			case '/':
				return mode == 0 || have&mode != 0
			}
			return have == mode
		})
	case "-user", "-group":
		v, ok := p.arg(a)
		if !ok {
			return nil
		}
		id, ok := lookupOwner(st, a == "-user", v)
		if !ok {
			if a == "-user" {
				p.fail("%s is not the name of a known user", quote(p.st.inv, v))
			} else {
				p.fail("%s is not the name of an existing group", quote(p.st.inv, v))
			}
			return nil
		}
		user := a == "-user"
		return findPred(func(st *findState, f *findFile) bool {
			s := statOf(f.info)
			if user {
				return int(s.Uid) == id
			}
			return int(s.Gid) == id
		})
	case "-uid", "-gid", "-links", "-inum":
		v, ok := p.arg(a)
		if !ok {
			return nil
		}
		cmp, n, ok := parseFindNumber(v, false)
		if !ok {
			p.fail("invalid argument %s to %s", oldQuote(v), oldQuote(a))
			return nil
		}
		return findPred(func(st *findState, f *findFile) bool {
			s := statOf(f.info)
			var x float64
			switch a {
			case "-uid":
				x = float64(s.Uid)
			case "-gid":
				x = float64(s.Gid)
			case "-links":
				x = float64(s.Nlink)
			default:
				x = float64(s.Ino)
			}
			return compareNum(cmp, x, n)
		})
	case "-nouser", "-nogroup":
		user := a == "-nouser"
		return findPred(func(st *findState, f *findFile) bool {
			s := statOf(f.info)
			if user {
				_, ok := userByUID(st.inv, int(s.Uid))
				return !ok
			}
			_, ok := groupName(st.inv, groupTable(st.inv), int(s.Gid))
			return !ok
		})
	case "-fstype":
		v, ok := p.arg(a)
		if !ok {
			return nil
		}
		// memfs is the only file system; it reports itself as tmpfs.
		return findPred(func(*findState, *findFile) bool { return v == "tmpfs" })
	case "-readable", "-writable", "-executable":
		bit := uint32(4)
		if a == "-writable" {
			bit = 2
		} else if a == "-executable" {
			bit = 1
		}
		return findPred(func(st *findState, f *findFile) bool { return accessOK(st, f.info, bit) })

	// Actions.
	case "-print", "-print0":
		p.hasAction = true
		end := byte('\n')
		if a == "-print0" {
			end = 0
		}
		return findPred(func(st *findState, f *findFile) bool {
			st.w.WriteString(f.Path())
			st.w.WriteByte(end)
			return true
		})
	case "-printf":
		p.hasAction = true
		v, ok := p.arg(a)
		if !ok {
			return nil
		}
		prog := compileFindPrintf(p, v)
		if p.failed {
			return nil
		}
		return findPred(func(st *findState, f *findFile) bool {
			prog.run(st, st.w, f)
			return true
		})
	case "-fprint", "-fprint0", "-fprintf", "-fls":
		p.hasAction = true
		file, ok := p.arg(a)
		if !ok {
			return nil
		}
		w := p.openOutput(file)
		if w == nil {
			return nil
		}
		switch a {
		case "-fprintf":
			v, ok := p.arg(a)
			if !ok {
				return nil
			}
			prog := compileFindPrintf(p, v)
			return findPred(func(st *findState, f *findFile) bool { prog.run(st, w, f); return true })
		case "-fls":
			return findPred(func(st *findState, f *findFile) bool { st.listLong(w, f); return true })
		}
		end := byte('\n')
		if a == "-fprint0" {
			end = 0
		}
		return findPred(func(st *findState, f *findFile) bool {
			w.WriteString(f.Path())
			w.WriteByte(end)
			return true
		})
	case "-ls":
		p.hasAction = true
		return findPred(func(st *findState, f *findFile) bool { st.listLong(st.w, f); return true })
	case "-delete":
		p.hasAction = true
		st.depth = true
		return findPred(func(st *findState, f *findFile) bool { return st.delete(f) })
	case "-prune":
		return findPred(func(st *findState, f *findFile) bool {
			f.prune = true
			return true
		})
	case "-quit":
		p.hasAction = true
		return findPred(func(st *findState, f *findFile) bool {
			st.quit = true
			return true
		})
	case "-exec", "-execdir", "-ok", "-okdir":
		p.hasAction = true
		return p.parseExec(a)
	}
	if strings.HasPrefix(a, "-newer") && len(a) == 8 {
		return p.parseNewerXY(a)
	}
	if len(a) > 1 && a[0] == '-' {
		p.fail("unknown predicate %s", oldQuote(a))
	} else {
		p.fail("paths must precede expression: %s", oldQuote(a))
	}
	return nil
}

// parseNewerXY is -newerXY REF: X of the file newer than Y of REF, or
// than the date REF when Y is t.
func (p *findParser) parseNewerXY(a string) findNode {
	x, y := a[6], a[7]
	if !strings.ContainsRune("acmB", rune(x)) || !strings.ContainsRune("acmBt", rune(y)) {
		p.fail("invalid predicate %s", oldQuote(a))
		return nil
	}
	ref, ok := p.arg(a)
	if !ok {
		return nil
	}
	var rt time.Time
	if y == 't' {
		t, ok := parseDate(ref, p.st.now.In(dateLocation(p.st.inv)))
		if !ok {
			p.fail("I cannot figure out how to interpret %s as a date or time", quote(p.st.inv, ref))
			return nil
		}
		rt = t
	} else {
		fi, err := p.st.stat(&findFile{abs: p.st.inv.Abs(ref)})
		if err != nil {
			p.fail("%s: %s", quote(p.st.inv, ref), command.Strerror(err))
			return nil
		}
		rt = fileTime(fi, y)
	}
	return findPred(func(st *findState, f *findFile) bool { return fileTime(f.info, x).After(rt) })
}

// compareNum applies find's +N (more than), -N (less than), N (exactly).
func compareNum(cmp byte, x, n float64) bool {
	switch cmp {
	case '+':
		return x > n
	case '-':
		return x < n
	}
	return x == n
}

// parseFindNumber reads [+-]N (a decimal; fractions only when frac).
func parseFindNumber(v string, frac bool) (byte, float64, bool) {
	cmp := byte('=')
	if strings.HasPrefix(v, "+") || strings.HasPrefix(v, "-") {
		cmp, v = v[0], v[1:]
	}
	if v == "" || v[0] < '0' || v[0] > '9' {
		return 0, 0, false
	}
	if frac {
		n, err := strconv.ParseFloat(v, 64)
		return cmp, n, err == nil
	}
	n, err := strconv.ParseUint(v, 10, 64)
	return cmp, float64(n), err == nil
}

// parseFindSize reads -size's [+-]N[cwbkMG]; the unit defaults to
// 512-byte blocks.
func parseFindSize(v string) (cmp byte, n float64, unit int64, msg string) {
	orig := v
	cmp = '='
	if strings.HasPrefix(v, "+") || strings.HasPrefix(v, "-") {
		cmp, v = v[0], v[1:]
	}
	unit = 512
	if v == "" && orig != "" {
		// A lone sign is read as the unit letter.
		return 0, 0, 0, "invalid -size type " + oldQuote(orig)
	}
	if v != "" {
		switch c := v[len(v)-1]; c {
		case 'c':
			unit = 1
		case 'w':
			unit = 2
		case 'b':
			unit = 512
		case 'k':
			unit = 1 << 10
		case 'M':
			unit = 1 << 20
		case 'G':
			unit = 1 << 30
		default:
			if c < '0' || c > '9' {
				return 0, 0, 0, "invalid -size type " + oldQuote(string(c))
			}
			v += "b"
		}
		v = v[:len(v)-1]
	}
	if v == "" || v[0] < '0' || v[0] > '9' {
		return 0, 0, 0, sizeArgError(orig)
	}
	x, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return 0, 0, 0, sizeArgError(orig)
	}
	return cmp, float64(x), unit, ""
}

// parseFindTypes reads -type's comma-separated list of letters.
func parseFindTypes(name, v string) (map[byte]bool, string) {
	types := map[byte]bool{}
	if v == "" {
		return nil, "Arguments to " + name + " should contain at least one letter"
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch c {
		case 'f', 'd', 'l', 'b', 'c', 'p', 's', 'D':
			if types[c] {
				return nil, "Duplicate file type '" + string(c) + "' in the argument list to " + name + "."
			}
			types[c] = true
		default:
			return nil, "Unknown argument to " + name + ": " + string(c)
		}
		if i+1 < len(v) {
			if v[i+1] != ',' {
				return nil, "Must separate multiple arguments to " + name + " using: ','"
			}
			i++
			if i+1 == len(v) {
				return nil, "Last file type in list argument to " + name + " is missing, i.e., list is ending on: ','"
			}
		}
	}
	return types, ""
}

// findMatcher matches a -regex pattern against a whole path.
type findMatcher interface{ MatchString(string) bool }

// posixMatcher adapts posixre (which matches bytes) to findMatcher.
type posixMatcher struct{ re *posixre.Regexp }

func (m posixMatcher) MatchString(s string) bool { return m.re.Match([]byte(s)) }

// compileFindRegex compiles a -regex pattern (matched against the whole
// path) in the syntax -regextype chose: POSIX types through posixre,
// the emacs default translated to Go's RE2.
func compileFindRegex(pat, typ string, fold bool) (findMatcher, error) {
	var flags posixre.Flags = posixre.WholeLine
	if fold {
		flags |= posixre.IgnoreCase
	}
	switch typ {
	case "posix-extended", "egrep", "posix-egrep", "posix-awk", "awk", "gnu-awk":
		re, err := posixre.Compile(pat, posixre.ERE, flags)
		if err != nil {
			return nil, err
		}
		return posixMatcher{re}, nil
	case "posix-basic", "grep", "ed", "sed", "posix-minimal-basic":
		re, err := posixre.Compile(pat, posixre.BRE, flags)
		if err != nil {
			return nil, err
		}
		return posixMatcher{re}, nil
	}
	// findutils-default and emacs: \( \) \| group and alternate; bare
	// ( ) | { } are literal; + and ? are operators.
	expr := translateEmacs(pat)
	if fold {
		expr = "(?i)" + expr
	}
	return regexp.Compile("^(?:" + expr + ")$")
}

// translateEmacs rewrites an Emacs-syntax regular expression (find's
// default) into RE2 syntax.
func translateEmacs(pat string) string {
	var b strings.Builder
	inBracket := false
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		if inBracket {
			b.WriteByte(c)
			if c == '[' && i+1 < len(pat) && (pat[i+1] == ':' || pat[i+1] == '.' || pat[i+1] == '=') {
				end := strings.Index(pat[i+2:], string(pat[i+1])+"]")
				if end >= 0 {
					b.WriteString(pat[i+1 : i+2+end+2])
					i += 1 + end + 2
				}
				continue
			}
			if c == ']' {
				inBracket = false
			}
			continue
		}
		switch c {
		case '[':
			inBracket = true
			b.WriteByte(c)
			if i+1 < len(pat) && pat[i+1] == '^' {
				b.WriteByte('^')
				i++
			}
			if i+1 < len(pat) && pat[i+1] == ']' {
				b.WriteString(`\]`)
				i++
			}
		case '\\':
			if i+1 >= len(pat) {
				b.WriteString(`\\`)
				continue
			}
			i++
			switch d := pat[i]; {
			case d == '(' || d == ')' || d == '|':
				b.WriteByte(d)
			case d == '`':
				b.WriteString(`\A`)
			case d == '\'':
				b.WriteString(`\z`)
			case d == 'w' || d == 'W' || d == 'b' || d == 'B' || d == 's' || d == 'S':
				b.WriteByte('\\')
				b.WriteByte(d)
			default:
				b.WriteString(regexp.QuoteMeta(string(d)))
			}
		case '(', ')', '|', '{', '}':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// regexReason words a regexp error like the GNU regex messages.
func regexReason(err error) string {
	var pe *posixre.Error
	if errors.As(err, &pe) {
		return pe.Msg
	}
	msg := err.Error()
	switch {
	case strings.Contains(msg, "missing closing )"), strings.Contains(msg, "unexpected )"):
		return "Unmatched ( or \\("
	case strings.Contains(msg, "missing closing ]"):
		return "Unmatched [, [^, [:, [., or [="
	case strings.Contains(msg, "trailing backslash"):
		return "Trailing backslash"
	case strings.Contains(msg, "invalid repeat count"):
		return "Invalid content of \\{\\}"
	case strings.Contains(msg, "missing argument to repetition operator"):
		return "Invalid preceding regular expression"
	}
	return "Invalid regular expression"
}

// oldQuote is the `x' quoting findutils keeps in its own messages
// (unknown predicate, missing argument, invalid argument to), where
// gnulib's quote(inv, ) would print ‘x’.
func oldQuote(s string) string { return "`" + s + "'" }

// sizeArgError is find's complaint about a -size argument with no
// number before its unit.
func sizeArgError(arg string) string {
	if arg == "" {
		return "invalid null argument to -size"
	}
	return "Invalid argument " + oldQuote(arg) + " to -size"
}
