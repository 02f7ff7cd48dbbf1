package shell

import (
	"bytes"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unsafe"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"memsh/shell/command"
)

// set -x as bash prints it. mvdan/sh's tracer joins a builtin's
// arguments into one quoted word (`echo $x "a b"` traced as
// `+ echo '1 a b'`), ignores PS4 and does not mark command
// substitutions with `++`.
//
// The session's stderr (unboundWriter) holds back each line the tracer
// writes for a simple command; the call handler, which mvdan/sh runs
// right after, puts bash's line in its place: each argument quoted as
// bash's xtrace quotes it, after PS4 (expanded, its first character
// repeated once per level of command substitution). Other trace lines
// (assignments, for, case) get the PS4 prefix and bash's quoting of the
// value. A trace that goes to a redirected stderr (`cmd 2>file`) stays
// mvdan/sh's.

// traceCall is the call handler's hook: it replaces the held trace line
// of the command args with bash's.
func (c *core) traceCall(hc interp.HandlerContext, args []string) {
	if hc.Pos.IsValid() && args[0] != "return" && !strings.HasPrefix(args[0], internalPrefix) {
		// A failed return's ERR trap names the function call's line.
		c.callLine.Store(int64(hc.Pos.Line())) // traps.go
	}
	u, ok := hc.Stderr.(*unboundWriter)
	if !ok {
		return
	}
	on := fastOpt(hc, optXTrace)
	// set -x itself runs after this: its first traces are to be held.
	hold := on || args[0] == "set" && slices.ContainsFunc(args[1:], func(a string) bool {
		return a == "xtrace" || len(a) > 1 && a[0] == '-' && strings.Contains(a, "x")
	})
	// Lines are held only while xtrace is noted on; flush them when it
	// goes off (the lock is not taken on every command).
	if was := u.xtrace.Load(); was != hold {
		u.xtrace.Store(hold)
		if was {
			u.flushHeld()
		}
	}
	if !on {
		return
	}
	prefix, base := ps4Prefix(hc)
	u.ps4.Store(&base)
	if strings.HasPrefix(args[0], internalPrefix) {
		u.retrace(args[0], "")
		return
	}
	var b strings.Builder
	b.WriteString(prefix)
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(xtraceQuote(a))
	}
	b.WriteByte('\n')
	u.retrace(args[0], b.String())
}

// optXTrace is set -x's index in mvdan/sh's option table.
const optXTrace = 5

// xtraceDepthVar counts the command substitutions a trace is in.
const xtraceDepthVar = internalPrefix + "xdepth"

// ps4Prefix is PS4 expanded, its first character repeated for each
// level of command substitution, as bash starts a trace line; base is
// the prefix at the top level.
func ps4Prefix(hc interp.HandlerContext) (prefix, base string) {
	ps4 := "+ "
	if v := hc.Env.Get("PS4"); v.IsSet() {
		ps4 = v.String()
		if strings.ContainsAny(ps4, "$`") {
			if w, err := newParser().Document(strings.NewReader(ps4)); err == nil {
				if s, err := expand.Literal(&expand.Config{Env: hc.Env}, w); err == nil {
					ps4 = s
				}
			}
		}
	}
	if ps4 == "" {
		return "", ""
	}
	depth, _ := strconv.Atoi(hc.Env.Get(xtraceDepthVar).String())
	return strings.Repeat(ps4[:1], max(depth, 0)) + ps4, ps4
}

// xtraceQuote quotes a word as bash's xtrace does: in single quotes when
// it is empty or it holds a shell metacharacter (command.BashHasMetas),
// $'...' when it holds other unprintable bytes, else as it is.
func xtraceQuote(s string) string {
	if s == "" || command.BashHasMetas(s) {
		return command.BashQuote(s, command.BashSingle)
	}
	return command.BashQuoteIfNeeded(s, command.BashSingle)
}

// assignTrace matches mvdan/sh's trace of a scalar assignment.
var assignTrace = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^\+ ([A-Za-z_][A-Za-z0-9_]*)=(.*)\n$`) })

// fixTrace rewrites a trace line that no call handler replaces: PS4's
// prefix, and an assignment's value quoted as bash's (x= for empty).
func (u *unboundWriter) fixTrace(p []byte) []byte {
	prefix := "+ "
	if ps := u.ps4.Load(); ps != nil {
		prefix = *ps
	}
	if m := assignTrace().FindSubmatch(p); m != nil && len(m[2]) > 0 && m[2][0] != '(' && !bytes.ContainsAny(m[2], "$`") {
		if v, ok := unquoteWord(string(m[2])); ok {
			q := xtraceQuote(v)
			if v == "" {
				q = ""
			}
			return []byte(prefix + string(m[1]) + "=" + q + "\n")
		}
	}
	if prefix == "+ " {
		return p
	}
	return append([]byte(prefix), p[2:]...)
}

// unquoteWord is the value of one shell word made of quoted literals.
func unquoteWord(q string) (string, bool) {
	f, err := newParser().Parse(strings.NewReader(q), "")
	if err != nil || len(f.Stmts) != 1 {
		return "", false
	}
	ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) != 1 || len(ce.Assigns) > 0 {
		return "", false
	}
	v, err := expand.Literal(&expand.Config{}, ce.Args[0])
	return v, err == nil
}

// isTraceLine reports whether p is one whole line of mvdan/sh's tracer.
func isTraceLine(p []byte) bool {
	return len(p) > 2 && p[0] == '+' && p[1] == ' ' && p[len(p)-1] == '\n' && bytes.IndexByte(p, '\n') == len(p)-1
}

// retrace replaces the held trace line of command name by line (nothing
// when line is empty) and writes it, after the lines held before it.
func (u *unboundWriter) retrace(name, line string) {
	u.mu.Lock()
	defer u.mu.Unlock()
	for i, h := range u.held {
		rest, ok := bytes.CutPrefix(h, []byte("+ "+name))
		if !ok || len(rest) == 0 || rest[0] != ' ' && rest[0] != '\n' {
			continue
		}
		for _, before := range u.held[:i] {
			u.w.Write(u.fixTrace(before))
		}
		if line != "" {
			u.w.Write([]byte(line))
		}
		u.held = append(u.held[:0], u.held[i+1:]...)
		return
	}
}

// flushHeld writes the trace lines held back, as they are.
func (u *unboundWriter) flushHeld() {
	u.mu.Lock()
	defer u.mu.Unlock()
	for _, h := range u.held {
		u.w.Write(u.fixTrace(h))
	}
	u.held = u.held[:0]
}

// flushTrace writes what w (a shell's stderr) holds back.
func flushTrace(w any) {
	if u, ok := w.(*unboundWriter); ok {
		u.flushHeld()
	}
}

// xtraceRewrite makes each command substitution count its level, for
// the trace's `++`, in scripts that can turn set -x on.
func xtraceRewrite(root syntax.Node, src string) {
	if !mentionsXtrace(src) {
		return
	}
	syntax.Walk(root, func(n syntax.Node) bool {
		if ce, ok := n.(*syntax.CallExpr); ok {
			// mvdan/sh traces `c=` as an empty line; `c=''` is the same
			// assignment and traces as bash's `+ c=`.
			for _, as := range ce.Assigns {
				if as.Value == nil && !as.Naked && as.Array == nil && !as.Append {
					as.Value = &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Left: as.End(), Right: as.End()}}}
				}
			}
		}
		if st, ok := n.(*syntax.Stmt); ok && traceTest(st, src) {
			return false
		}
		if cs, ok := n.(*syntax.CmdSubst); ok && len(cs.Stmts) > 0 && !(len(cs.Stmts) == 1 && cs.Stmts[0].Cmd == nil) {
			if len(cs.Stmts) > 0 && isXdepth(cs.Stmts[0]) {
				return true
			}
			bump := &syntax.Stmt{Position: cs.Pos(), Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord(xtraceDepthVar)}}}
			cs.Stmts = append([]*syntax.Stmt{bump}, cs.Stmts...)
		}
		return true
	})
}

func isXdepth(st *syntax.Stmt) bool {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	return ok && len(ce.Args) == 1 && ce.Args[0].Lit() == xtraceDepthVar
}

var xtraceMention = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`xtrace|set\s+(-[a-zA-Z]*\s+)*-[a-zA-Z]*x`) })

func mentionsXtrace(src string) bool {
	return srcHas(src, "x") && xtraceSrc.match(xtraceMention(), src)
}

var xtraceSrc, errexitSrc srcMatch

// srcMatch remembers whether a regular expression matched the last
// source it was asked about: the rewrites run once per top-level
// statement with the whole script as src, and scanning it each time
// made long scripts quadratic.
type srcMatch struct {
	mu  sync.Mutex
	src *byte
	n   int
	ok  bool
}

// srcWords remembers which words the last source holds, for srcHas.
var srcWords struct {
	mu  sync.Mutex
	src *byte
	n   int
	has map[string]bool
}

// srcHas is strings.Contains(src, word), remembered for the last src:
// the rewrites ask about the whole script once per statement.
func srcHas(src, word string) bool {
	p := unsafe.StringData(src)
	srcWords.mu.Lock()
	defer srcWords.mu.Unlock()
	if srcWords.src != p || srcWords.n != len(src) || srcWords.has == nil {
		srcWords.src, srcWords.n, srcWords.has = p, len(src), map[string]bool{}
	}
	has, ok := srcWords.has[word]
	if !ok {
		has = strings.Contains(src, word)
		srcWords.has[word] = has
	}
	return has
}

func (m *srcMatch) match(re *regexp.Regexp, src string) bool {
	p := unsafe.StringData(src)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.src != p || m.n != len(src) {
		m.src, m.n, m.ok = p, len(src), re.MatchString(src)
	}
	return m.ok
}

// bumpXdepth is __memsh_xdepth [-1], run first in a command
// substitution (one level deeper, in the substitution's copy of the
// variables) and around an eval's code under set -x (one level deeper,
// and back after it). It keeps $?.
func bumpXdepth(hc interp.HandlerContext, args []string) []string {
	depth, _ := strconv.Atoi(hc.Env.Get(xtraceDepthVar).String())
	step := 1
	if len(args) > 1 && args[1] == "-1" {
		step = -1
	}
	setShellVar(callingRunner(hc), xtraceDepthVar, expand.Variable{Set: true, Kind: expand.String, Str: strconv.Itoa(max(depth+step, 0))})
	return statusArgs(hc.LastExitStatus)
}

// traceEval wraps eval's code under set -x so that its commands trace
// one level deeper (`++ echo x`), as bash's do.
func traceEval(hc interp.HandlerContext, args []string) []string {
	if len(args) < 2 || !fastOpt(hc, optXTrace) {
		return nil
	}
	src := strings.Join(args[1:], " ")
	if _, err := newParser().Parse(strings.NewReader(src), ""); err != nil {
		return nil // the call handler reports it
	}
	for _, jump := range []string{"return", "break", "continue", "exit", "exec"} {
		if strings.Contains(src, jump) {
			return nil // the level would not come back
		}
	}
	return []string{"eval", xtraceDepthVar + "\n" + src + "\n" + xtraceDepthVar + " -1"}
}

// xtestCmd prints the trace of a [[ ]] or (( )) (mvdan/sh traces
// neither) before it runs: `+ [[ 1 == a* ]]`, `+ ((  x > 3  ))`.
const xtestCmd = internalPrefix + "xtest"

// xstatusVar holds $? from before the trace, for the clause after it.
const xstatusVar = internalPrefix + "xstatus"

// traceTest puts a trace command before st when st is a [[ ]] of one
// test or a (( )) whose words expand without side effects, as
// `{ __memsh_xtest; __memsh_xtest WORDS; CLAUSE; }`; $? in them reads
// the status the first one kept. It reports whether it did.
func traceTest(st *syntax.Stmt, src string) bool {
	var words []*syntax.Word
	var more [][]*syntax.Word // further trace lines (export's NAME=VALUE)
	switch cm := st.Cmd.(type) {
	case *syntax.CallExpr:
		// VAR=x cmd: bash traces each assignment before the command
		// (which the call handler traces).
		if len(cm.Assigns) == 0 || len(cm.Args) == 0 {
			return false
		}
		for _, as := range cm.Assigns {
			if as.Name == nil || as.Array != nil || as.Index != nil || as.Append || as.Naked {
				return false
			}
			val := emptyWord()
			if as.Value != nil {
				val = dquoteWord(as.Value)
			}
			more = append(more, []*syntax.Word{litWord(":a"), litWord(as.Name.Value), val})
		}
	case *syntax.DeclClause:
		if cm.Variant == nil {
			return false
		}
		// bash traces declarations as commands, each word quoted:
		// + declare 'c=x y'; export and readonly add NAME=VALUE lines.
		words = append(words, litWord(":q"), litWord(cm.Variant.Value))
		for _, as := range cm.Args {
			switch {
			case as.Array != nil || as.Index != nil:
				return false
			case as.Naked && as.Name == nil && as.Value != nil:
				words = append(words, dquoteWord(as.Value))
			case as.Naked && as.Name != nil:
				words = append(words, litWord(as.Name.Value))
			case as.Name != nil:
				op := "="
				if as.Append {
					op = "+="
				}
				w := &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: as.Name.Value + op}}}
				val := emptyWord()
				if as.Value != nil {
					val = dquoteWord(as.Value)
					w.Parts = append(w.Parts, val.Parts...)
				}
				words = append(words, w)
				if v := cm.Variant.Value; v == "export" || v == "readonly" {
					more = append(more, []*syntax.Word{litWord(":a"), litWord(as.Name.Value), val})
				}
			default:
				return false
			}
		}
	case *syntax.TestClause:
		x := cm.X
		words = append(words, litWord("[["))
		if u, ok := x.(*syntax.UnaryTest); ok && u.Op == syntax.TsNot {
			words = append(words, litWord("!"))
			x = u.X
		}
		switch x := x.(type) {
		case *syntax.Word:
			words = append(words, litWord("-n"), dquoteWord(x))
		case *syntax.UnaryTest:
			w, ok := x.X.(*syntax.Word)
			if !ok || x.Op == syntax.TsNot {
				return false
			}
			words = append(words, litWord(x.Op.String()), dquoteWord(w))
		case *syntax.BinaryTest:
			l, ok1 := x.X.(*syntax.Word)
			r, ok2 := x.Y.(*syntax.Word)
			if !ok1 || !ok2 || x.Op == syntax.AndTest || x.Op == syntax.OrTest {
				return false
			}
			words = append(words, dquoteWord(l), litWord(x.Op.String()), dquoteWord(r))
		default:
			return false
		}
		words = append(words, litWord("]]"))
	case *syntax.ArithmCmd:
		start, end := cm.Left.Offset()+2, cm.Right.Offset()
		if !cm.Left.IsValid() || !cm.Right.IsValid() || end > uint(len(src)) || start > end {
			return false
		}
		inner := src[start:end]
		w := litWord(inner)
		if strings.ContainsAny(inner, "$`") {
			f, err := newParser().Parse(strings.NewReader(`"`+inner+`"`), "")
			if err != nil || len(f.Stmts) != 1 {
				return false
			}
			ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
			if !ok || len(ce.Args) != 1 {
				return false
			}
			w = ce.Args[0]
		}
		words = []*syntax.Word{litWord("(("), w, litWord("))")}
	default:
		return false
	}
	effects := false
	for _, w := range append(words, slices.Concat(more...)...) {
		syntax.Walk(w, func(n syntax.Node) bool {
			switch n.(type) {
			case *syntax.CmdSubst, *syntax.ArithmExp, *syntax.ProcSubst:
				effects = true
			}
			return !effects
		})
	}
	if effects {
		return false
	}
	syntax.Walk(st.Cmd, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && pe.Param.Value == "?" {
			pe.Param = &syntax.Lit{ValuePos: pe.Param.ValuePos, ValueEnd: pe.Param.ValueEnd, Value: xstatusVar}
			pe.Short = false
		}
		return true
	})
	// The trace's words share nodes with the clause, so $? reads the
	// kept status in both: it is kept by a command of its own first.
	save := &syntax.Stmt{Position: st.Position, Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord(xtestCmd)}}}
	stmts := []*syntax.Stmt{save}
	lines := more
	if words != nil {
		lines = append([][]*syntax.Word{words}, more...)
	}
	for _, line := range lines {
		stmts = append(stmts, &syntax.Stmt{Position: st.Position, Cmd: &syntax.CallExpr{Args: append([]*syntax.Word{litWord(xtestCmd)}, line...)}})
	}
	clause := &syntax.Stmt{Position: st.Position, Cmd: st.Cmd}
	st.Cmd = &syntax.Block{Lbrace: st.Position, Rbrace: st.End(), Stmts: append(stmts, clause)}
	return true
}

// emptyWord is the empty quoted word: a word with no parts trips the
// other rewrites.
func emptyWord() *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{}}}
}

// dquoteWord is w in double quotes: expanded, not split or globbed.
func dquoteWord(w *syntax.Word) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Left: w.Pos(), Right: w.End(), Parts: w.Parts}}}
}

// traceTestCall is __memsh_xtest: alone, it keeps $? for the clause;
// with words, it prints the trace line (under set -x). Its own status
// is 0, so set -e and ERR do not see it.
func traceTestCall(hc interp.HandlerContext, args []string) []string {
	if len(args) == 1 {
		setShellVar(callingRunner(hc), xstatusVar, expand.Variable{Set: true, Kind: expand.String, Str: strconv.Itoa(hc.LastExitStatus)})
		return statusArgs(0)
	}
	if on, _ := runnerOpt(hc, optXTrace); on && len(args) > 1 {
		prefix, _ := ps4Prefix(hc)
		line := strings.Join(args[1:], " ")
		switch args[1] {
		case ":q": // each word quoted
			q := make([]string, len(args)-2)
			for i, a := range args[2:] {
				q[i] = xtraceQuote(a)
			}
			line = strings.Join(q, " ")
		case ":a": // NAME VALUE as an assignment
			if len(args) == 4 {
				line = args[2] + "=" + xtraceQuote(args[3])
				if args[3] == "" {
					line = args[2] + "="
				}
			}
		}
		if args[1] == "((" && len(args) == 4 {
			line = "(( " + args[2] + " ))"
		}
		io.WriteString(hc.Stderr, prefix+line+"\n")
	}
	return statusArgs(0)
}
