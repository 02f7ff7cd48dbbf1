package interp

import (
	"context"
	"errors"
	"io/fs"
	"path"
	"strconv"
	"strings"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// The [[ ]] compound command walks the parsed expression here; the
// operators on values (and the test and [ builtins) are testexpr.go's.

// sandboxUID and sandboxGID are the user the shell runs as.
const (
	sandboxUID = 1000
	sandboxGID = 1000
)

// testClause runs [[ expr ]].
func (r *Runner) testClause(ctx context.Context, c *syntax.TestClause) int {
	ok, status := r.testExpr(ctx, c.X)
	if status != 0 {
		return status
	}
	if ok {
		return 0
	}
	return 1
}

// traceTest is set -x's line for one test of [[ ]], as bash prints each
// test it evaluates: its words expanded, a "!" before it kept.
func (r *Runner) traceTest(words ...string) {
	if !r.opts.xtrace {
		return
	}
	not := ""
	if r.testNot {
		not = "! "
	}
	r.printErr(r.tracePrefix() + "[[ " + not + strings.Join(words, " ") + " ]]\n")
}

// negatedParen reads [[ !(expr) ]] as bash does when extglob is off:
// "!" and a parenthesized test, where mvdan/sh's parser always reads an
// extglob group. ok is false for anything else.
func (r *Runner) negatedParen(w *syntax.Word) (syntax.TestExpr, bool) {
	if r.opts.extglob || len(w.Parts) != 1 {
		return nil, false
	}
	g, ok := w.Parts[0].(*syntax.ExtGlob)
	if !ok || g.Op != syntax.GlobExcept {
		return nil, false
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader("[[ "+g.Pattern.Value+" ]]"), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	tc, ok := f.Stmts[0].Cmd.(*syntax.TestClause)
	if !ok {
		return nil, false
	}
	return tc.X, true
}

// testExpr evaluates a [[ ]] expression; status is non-zero (2) after
// an error that ends the test.
func (r *Runner) testExpr(ctx context.Context, x syntax.TestExpr) (bool, int) {
	switch x := x.(type) {
	case *syntax.Word:
		if inner, ok := r.negatedParen(x); ok {
			r.testNot = !r.testNot
			v, st := r.testExpr(ctx, inner)
			r.testNot = false
			return !v, st
		}
		s, ok := r.literal(ctx, x)
		if !ok {
			return false, 1
		}
		r.traceTest("-n", s)
		return s != "", 0
	case *syntax.ParenTest:
		return r.testExpr(ctx, x.X)
	case *syntax.UnaryTest:
		if x.Op == syntax.TsNot {
			r.testNot = !r.testNot
			v, st := r.testExpr(ctx, x.X)
			r.testNot = false
			return !v, st
		}
		w, _ := x.X.(*syntax.Word)
		s, ok := r.literal(ctx, w)
		if !ok {
			return false, 1
		}
		r.traceTest(x.Op.String(), s)
		return UnaryTest(x.Op.String(), s, shellTestEnv{r}), 0
	case *syntax.BinaryTest:
		switch x.Op {
		case syntax.AndTest:
			r.testNot = false
			v, st := r.testExpr(ctx, x.X)
			if !v || st != 0 {
				return false, st
			}
			return r.testExpr(ctx, x.Y)
		case syntax.OrTest:
			r.testNot = false
			v, st := r.testExpr(ctx, x.X)
			if v || st != 0 {
				return v, st
			}
			return r.testExpr(ctx, x.Y)
		}
		lw, _ := x.X.(*syntax.Word)
		left, ok := r.literal(ctx, lw)
		if !ok {
			return false, 1
		}
		rw, _ := x.Y.(*syntax.Word)
		switch x.Op {
		case syntax.TsMatch, syntax.TsMatchShort:
			pat, ok := r.pattern(ctx, rw)
			r.traceTest(left, x.Op.String(), pat)
			return ok && r.matchTest(pat, left), okStatus(ok)
		case syntax.TsNoMatch:
			pat, ok := r.pattern(ctx, rw)
			r.traceTest(left, x.Op.String(), pat)
			return ok && !r.matchTest(pat, left), okStatus(ok)
		case syntax.TsReMatch:
			re, ok := r.patternQuoted(ctx, rw, QuoteRegexp)
			if !ok {
				return false, 1
			}
			r.traceTest(left, "=~", re)
			m, groups, err := RegexMatch(left, re, r.opts.nocasematch)
			if err != nil {
				return false, 2
			}
			if m {
				r.setArray("BASH_REMATCH", groups)
			} else {
				r.setArray("BASH_REMATCH", nil)
			}
			return m, 0
		}
		right, ok := r.literal(ctx, rw)
		if !ok {
			return false, 1
		}
		op := x.Op.String()
		r.traceTest(left, op, right)
		switch x.Op {
		case syntax.TsBefore:
			return left < right, 0
		case syntax.TsAfter:
			return left > right, 0
		case syntax.TsNewer, syntax.TsOlder, syntax.TsDevIno:
			return FileCompare(op, left, right, shellTestEnv{r}), 0
		}
		v, err := ArithCompare(op, left, right, (*arithEnv)(r))
		if err != nil {
			var ae *ArithError
			if errors.As(err, &ae) {
				r.errorf("%s", ae.Error())
			}
			return false, 1
		}
		return v, 0
	}
	return false, 2
}

func okStatus(ok bool) int {
	if ok {
		return 0
	}
	return 1
}

// setArray makes name an indexed array of vals.
func (r *Runner) setArray(name string, vals []string) {
	v := r.vars.forWrite(name, -1)
	v.idx, v.assoc, v.str, v.grow, v.set = &indexed{}, nil, "", nil, true
	v.attrs |= attrIndexed
	for i, s := range vals {
		v.idx.set(i, s)
	}
}

// builtinTest is test and [.
func builtinTest(ctx context.Context, r *Runner, args []string) int {
	status, err := Test(args[1:], shellTestEnv{r}, args[0] == "[")
	if err != nil {
		var te *TestError
		if errors.As(err, &te) {
			r.errorf("%s: %s", args[0], te.Msg)
		} else {
			var ae *ArithError
			if errors.As(err, &ae) {
				r.errorf("%s: %s", args[0], ae.Error())
			} else {
				r.errorf("%s: %s", args[0], err.Error())
			}
		}
		return 2
	}
	return status
}

// shellTestEnv is the shell as testexpr.go sees it.
type shellTestEnv struct{ r *Runner }

func (t shellTestEnv) Stat(name string) (fs.FileInfo, error) {
	if f, ok := t.r.fdOf(name); ok {
		return t.r.fdInfo(name, f)
	}
	return t.r.cfg.FS.Stat(t.r.absPath(name))
}

func (t shellTestEnv) Lstat(name string) (fs.FileInfo, error) {
	if f, ok := t.r.fdOf(name); ok {
		return t.r.fdInfo(name, f)
	}
	return t.r.cfg.FS.Lstat(t.r.absPath(name))
}

// fdOf is the shell's descriptor that /dev/fd/N, /proc/self/fd/N or
// /dev/stdin, /dev/stdout, /dev/stderr name (nil when it is closed); ok
// is false for any other path.
func (r *Runner) fdOf(name string) (*fdFile, bool) {
	n := -1
	switch name {
	case "/dev/stdin":
		n = 0
	case "/dev/stdout":
		n = 1
	case "/dev/stderr":
		n = 2
	default:
		rest, ok := strings.CutPrefix(name, "/dev/fd/")
		if !ok {
			rest, ok = strings.CutPrefix(name, "/proc/self/fd/")
		}
		if !ok {
			return nil, false
		}
		v, err := strconv.Atoi(rest)
		if err != nil || v < 0 {
			return nil, false
		}
		n = v
	}
	return r.fds[n], true
}

// fdInfo describes an open descriptor: its file's, or a pipe's.
func (r *Runner) fdInfo(name string, f *fdFile) (fs.FileInfo, error) {
	if f == nil {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: syscall.EBADF}
	}
	if f.path != "" {
		return r.cfg.FS.Stat(f.path)
	}
	return pipeInfo{name: path.Base(name), w: f.w != nil}, nil
}

// pipeInfo is what stat says of a descriptor that is a pipe.
type pipeInfo struct {
	name string
	w    bool
}

func (p pipeInfo) Name() string { return p.name }
func (p pipeInfo) Size() int64  { return 0 }
func (p pipeInfo) Mode() fs.FileMode {
	if p.w {
		return fs.ModeNamedPipe | 0o200
	}
	return fs.ModeNamedPipe | 0o400
}
func (p pipeInfo) ModTime() time.Time { return time.Time{} }
func (p pipeInfo) IsDir() bool        { return false }
func (p pipeInfo) Sys() any           { return nil }

func (t shellTestEnv) Access(name string, mode uint32) error {
	if f, ok := t.r.fdOf(name); ok {
		if f == nil {
			return syscall.EBADF
		}
		if mode&2 != 0 && f.w == nil || mode&4 != 0 && f.r == nil && f.path == "" {
			return syscall.EACCES
		}
		if f.path == "" {
			return nil
		}
		name = f.path
	}
	info, err := t.r.cfg.FS.Stat(t.r.absPath(name))
	if err != nil {
		return err
	}
	perm := uint32(info.Mode().Perm())
	fuid, fgid := uint32(sandboxUID), uint32(sandboxGID)
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		fuid, fgid = st.Uid, st.Gid
	}
	var bits uint32
	switch {
	case fuid == sandboxUID:
		bits = perm >> 6
	case fgid == sandboxGID:
		bits = perm >> 3
	default:
		bits = perm
	}
	if mode&^(bits&7) != 0 {
		return syscall.EACCES
	}
	return nil
}

func (t shellTestEnv) IDs() (int, int) { return sandboxUID, sandboxGID }

func (t shellTestEnv) IsTerminal(fd int) bool { return false }

func (t shellTestEnv) VarSet(name string) bool {
	r := t.r
	if base, sub, ok := splitSubscript(name); ok {
		if sub == "@" || sub == "*" {
			return len(r.arrayValues(r.lookupVar(base))) > 0
		}
		sub, ok = r.textSubscript(sub)
		if !ok {
			return false
		}
		_, set := r.getElem(base, sub)
		return set
	}
	_, set := r.getVar(name)
	return set
}

func (t shellTestEnv) IsNameref(name string) bool {
	v, _ := t.r.vars.lookup(name)
	return v != nil && v.attrs&attrNameref != 0 && v.set
}

func (t shellTestEnv) OptionSet(name string) bool {
	if so := findOption(setOptions, name); so != nil {
		return *so.field(&t.r.opts)
	}
	return false
}

// patternQuoted is pattern with another quoting for the quoted parts
// (QuoteRegexp for =~).
func (r *Runner) patternQuoted(ctx context.Context, w *syntax.Word, quote func(string) string) (string, bool) {
	e := &expander{r: r, ctx: ctx}
	e.word(w.Parts, false)
	if e.failed {
		r.expansionFatal(1)
		return "", false
	}
	var b strings.Builder
	for _, p := range e.parts {
		switch {
		case p.brk != noBrk:
			b.WriteByte(' ')
		case p.quoted:
			b.WriteString(quote(p.val))
		default:
			b.WriteString(p.val)
		}
	}
	return b.String(), true
}
