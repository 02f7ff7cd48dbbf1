package shell

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"memsh/shell/command"
)

// Rewrites applied to parsed code before it runs (typed lines, bash -c,
// scripts, and the strings given to eval, trap, alias and source). Each
// replaces a construct whose mvdan/sh implementation reaches the host:
//
//   - <(list) becomes a memfs file (/dev/fd/63, 62, ...) holding list's
//     output, written before the command runs; mvdan/sh would make a FIFO
//     in the host's temp dir. >(list) is refused with a clear message.
//   - ~name becomes the home directory from memfs's /etc/passwd, or stays
//     literal for an unknown user; mvdan/sh would ask the host's user
//     database. ~+ and ~- become $PWD and $OLDPWD, as in bash.
//   - [[ -O f ]] and [[ -G f ]] ask memfs who owns f; mvdan/sh would ask
//     the host who the current user is.
//   - $0 becomes $BASH_ARGV0 (set per shell), since mvdan/sh calls the
//     interactive shell "gosh"; $$ and $PPID become fixed sandbox ids
//     instead of the memsh process's.
//
// And one that works around a mvdan/sh v3.14.1 bug: a C-style for loop
// stops after any iteration whose last command failed (so
// `for ((i=0;i<9;i++)); do ((s+=i)); done` ends at once). The body gets
// a trailing assignment that saves $? and succeeds, and the loop's status
// is restored after it.

const internalPrefix = "__memsh_"

var errOutSubst = "bash: >(...): process substitution into a command is not supported in memsh; write to a file and read it afterwards"

func needsRewrite(src string) bool {
	return fdNeedsRewrite(src) || needsExpandRewrite(src) || strings.Contains(src, "~") || strings.Contains(src, "<(") || strings.Contains(src, ">(") ||
		strings.Contains(src, "$0") || strings.Contains(src, "${0") || strings.Contains(src, "$$") || strings.Contains(src, "PPID") || strings.Contains(src, "BASHPID") || strings.Contains(src, "coproc") ||
		strings.Contains(src, "-O") || strings.Contains(src, "-G") || strings.Contains(src, "((") || strings.Contains(src, "time") || strings.Contains(src, "\\") || strings.Contains(src, "$(<") || strings.Contains(src, "select") || strings.Contains(src, "PIPESTATUS") || mentionsCallStack(src) ||
		strings.Contains(src, "+=(") || strings.Contains(src, "]=") || strings.ContainsAny(src, "<>")
}

func newParser() *syntax.Parser {
	return syntax.NewParser(syntax.Variant(syntax.LangBash))
}

// parseStmts parses memsh's own statement templates (the rewrites'), which
// always parse.
func parseStmts(src string) []*syntax.Stmt {
	f, err := newParser().Parse(strings.NewReader(src), "")
	if err != nil {
		panic("memsh: bad internal statement: " + err.Error())
	}
	return f.Stmts
}

// rewriteFile applies the rewrites to f in place. It fails (with the
// message to print) when f uses a construct memsh refuses.
func (c *core) rewriteFile(f syntax.Node, src string) error {
	var err error
	skip := map[*syntax.Word]bool{}
	loops := map[*syntax.ForClause]bool{}
	c.noteFuncSrc(f, src) // funcprint.go
	c.noteArithValues(f)  // arith_recursive.go
	c.noteFailglob(src)   // failglob.go
	pipeStatusRewrite(f, src)
	funcNameRewrite(f, src)
	returnTrapRewrite(f, src)      // returntrap.go
	localUnsetRewrite(f, src)      // ctlflow.go
	xtraceRewrite(f, src)          // xtrace.go
	cmdSubstErrexitRewrite(f, src) // shopt.go
	negationRewrite(f, src)        // ctlflow.go
	noLoopRewrite(f, src)          // ctlflow.go
	loopDepthRewrite(f, src)       // loopdepth.go
	declListRewrite(f, src)        // declist.go
	testClauseRewrite(f, src)      // regexquote.go
	subshellLevel(f, src)          // subshelllevel.go
	ifsSplitRewrite(f, src)        // ifs.go
	var appends []*syntax.Stmt     // see arrappend.go
	syntax.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Stmt:
			if backgroundJob(n) {
				return true // jobs.go
			}
			procSubstOut(n)     // >(list) (psubout.go)
			refuseCoproc(n)     // psubout.go
			rewriteFds(n)       // fds above 2 (fds.go)
			c.markRedirLines(n) // redirline.go
			if isFastAssign(n) {
				appends = append(appends, n)
			}
			if sub, ok := n.Cmd.(*syntax.Subshell); ok {
				if src, ok := trapSubshell(sub.Stmts, src); ok {
					n.Cmd = subshellCall(src)
					return true
				}
			}
			if tc, ok := n.Cmd.(*syntax.TimeClause); ok {
				n.Cmd = timeBlock(tc)
			}
			if dc, ok := n.Cmd.(*syntax.DeclClause); ok {
				c.noteAssoc(dc)
			}
			c.assocKeys(n, src)      // arrays.go
			c.elemArithStmt(n, src)  // arith_eval.go
			c.tildeArgs(n)           // tilde.go
			c.splitAssocAppend(n)    // assocappend.go
			c.rewriteAttrs(n)        // attrs.go
			substStatus(n)           // status.go
			c.prepExpansions(n, src) // rewrite_expand.go
			if dc, ok := n.Cmd.(*syntax.DeclClause); ok && dc.Variant != nil && dc.Variant.Value == "export" && onlyFlag(dc.Args, "-p") {
				// mvdan/sh's export lists nothing.
				n.Cmd = &syntax.CallExpr{Args: []*syntax.Word{litWord(internalPrefix + "export_p")}}
			}
			if fc, ok := n.Cmd.(*syntax.ForClause); ok && !loops[fc] {
				if _, cstyle := fc.Loop.(*syntax.CStyleLoop); cstyle {
					loops[fc] = true
					n.Cmd = keepLooping(fc)
				}
				if fc.Select {
					loops[fc] = true
					n.Cmd = selectLoop(n, fc)
				}
			}
		case *syntax.BinaryCmd:
			c.lastStageSubshell(n, src) // lastpipe.go
		case *syntax.CmdSubst:
			if src, ok := trapSubshell(n.Stmts, src); ok {
				n.Stmts = []*syntax.Stmt{{Cmd: subshellCall(src)}}
				return true
			}
			// $(<file): mvdan/sh reads the file through the open handler
			// itself, where no command pumps a `< file` redirection (see
			// redirect.go); an internal cat reads it like any builtin.
			if len(n.Stmts) == 1 {
				st := n.Stmts[0]
				if st.Cmd == nil && len(st.Redirs) == 1 && st.Redirs[0].Op == syntax.RdrIn && !st.Negated && !st.Background {
					st.Cmd = &syntax.CallExpr{Args: []*syntax.Word{litWord(internalPrefix + "cat")}}
				}
			}
		case *syntax.ArithmExp:
			guardDivisions(n, src)
		case *syntax.Redirect:
			if n.Hdoc != nil {
				skip[n.Hdoc] = true
			}
		case *syntax.Assign:
			if n.Value != nil {
				unescapeAssign(n.Value)
				c.tildeAfterColon(n.Value) // tilde.go
			}
			if n.Name != nil {
				c.assocIndex(&n.Index, n.Name.Value, src) // arrays.go
			}
		case *syntax.Word:
			if skip[n] {
				return true
			}
			if e := c.rewriteWord(n); e != nil && err == nil {
				err = e
			}
		case *syntax.ParamExp:
			if n.Param != nil {
				c.assocIndex(&n.Index, n.Param.Value, src) // arrays.go
				if to, ok := paramRenames[n.Param.Value]; ok {
					n.Param = &syntax.Lit{ValuePos: n.Param.ValuePos, ValueEnd: n.Param.ValueEnd, Value: to}
				}
			}
		case *syntax.UnaryTest:
			varSetIndex(n) // arrays.go
			if n.Op == syntax.TsUsrOwn || n.Op == syntax.TsGrpOwn {
				flag := "-O"
				if n.Op == syntax.TsGrpOwn {
					flag = "-G"
				}
				if w, ok := n.X.(*syntax.Word); ok {
					call := &syntax.CallExpr{Args: []*syntax.Word{litWord(internalPrefix + "owner"), litWord(flag), w}}
					n.Op = syntax.TsNempStr
					n.X = &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{
						&syntax.CmdSubst{Stmts: []*syntax.Stmt{{Cmd: call}}},
					}}}}
				}
			}
		}
		return true
	})
	for _, st := range appends {
		fastAssign(st)
	}
	return err
}

// timeVar holds when a `time`d command started.
const timeVar = internalPrefix + "time"

// timeBlock replaces `time [-p] STMT` (whose mvdan/sh version reports on
// stdout) with `{ V=$(__memsh_now); STMT; ! __memsh_time_end "$V" $?; }`:
// the report goes to stderr in bash's format, and the status is STMT's
// (as 0 or 1, see keepLooping).
func timeBlock(tc *syntax.TimeClause) syntax.Command {
	stmts := parseStmts(timeVar + "=$(" + internalPrefix + "now)")
	if tc.Stmt != nil {
		stmts = append(stmts, tc.Stmt)
	}
	end := "! " + internalPrefix + "time_end \"$" + timeVar + "\" $?"
	if tc.PosixFormat {
		end += " -p"
	}
	stmts = append(stmts, parseStmts(end)...)
	return &syntax.Block{Lbrace: tc.Pos(), Rbrace: tc.End(), Stmts: stmts}
}

// unescapeAssign works around mvdan/sh v3.14.1 keeping the backslashes
// of an unquoted assignment value (`x=a\ b` gives "a\ b", bash "a b"):
// each escaped character becomes a quoted one.
func unescapeAssign(w *syntax.Word) {
	var parts []syntax.WordPart
	changed := false
	for _, part := range w.Parts {
		lit, ok := part.(*syntax.Lit)
		if !ok || !strings.Contains(lit.Value, "\\") {
			parts = append(parts, part)
			continue
		}
		changed = true
		v := lit.Value
		start := 0
		for i := 0; i < len(v); i++ {
			if v[i] != '\\' {
				continue
			}
			if i > start {
				parts = append(parts, &syntax.Lit{Value: v[start:i]})
			}
			if i+1 >= len(v) {
				parts = append(parts, &syntax.SglQuoted{Value: "\\"})
				start = len(v)
				break
			}
			switch c := v[i+1]; c {
			case '\n': // line continuation
			case '\'':
				parts = append(parts, &syntax.DblQuoted{Parts: []syntax.WordPart{&syntax.Lit{Value: "'"}}})
			default:
				parts = append(parts, &syntax.SglQuoted{Value: string(c)})
			}
			i++
			start = i + 1
		}
		if start < len(v) {
			parts = append(parts, &syntax.Lit{Value: v[start:]})
		}
	}
	if changed {
		w.Parts = parts
	}
}

// onlyFlag reports whether a declaration's arguments are none or flag.
func onlyFlag(args []*syntax.Assign, flag string) bool {
	for _, a := range args {
		if !a.Naked || a.Name != nil || a.Value == nil || a.Value.Lit() != flag {
			return false
		}
	}
	return true
}

// cforVar holds the status of a C-style loop's last iteration.
const cforVar = internalPrefix + "cfor"

// keepLooping wraps a C-style for loop as
// `{ V=0; for ((...)); do BODY; V=$?; done; ! __memsh_not "$V"; }`: every
// iteration ends in success, and the loop's status is 0 or 1 as BODY's
// last status was zero or not (the negation keeps the restore from
// firing ERR traps or errexit a second time).
func keepLooping(fc *syntax.ForClause) syntax.Command {
	fc.Do = append(fc.Do, parseStmts(cforVar+"=$?")...)
	stmts := parseStmts(cforVar + "=0")
	stmts = append(stmts, &syntax.Stmt{Cmd: fc, Position: fc.Pos()})
	stmts = append(stmts, parseStmts("! "+internalPrefix+"not \"$"+cforVar+"\"")...)
	return &syntax.Block{Lbrace: fc.Pos(), Rbrace: fc.End(), Stmts: stmts}
}

// paramRenames are the parameters mvdan/sh answers from the host or
// wrongly: $0 ("gosh"), $$ and $PPID (the memsh process's ids).
var paramRenames = map[string]string{
	"0":    "BASH_ARGV0",
	"$":    internalPrefix + "pid",
	"PPID": internalPrefix + "ppid",
}

// The sandbox's process ids, fixed: a script only uses them as names.
const (
	sandboxPID  = "4242"
	sandboxPPID = "1"
)

// trapSubshell reports whether a subshell's (or command
// substitution's) body calls trap, and gives the body's source. mvdan/sh
// v3.14.1 never runs a subshell's EXIT trap; such a body is run by the
// internal subshell command instead (internal.go), as a whole script in
// a copy of the runner, which runs the trap when it ends.
func trapSubshell(stmts []*syntax.Stmt, src string) (string, bool) {
	found := false
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 && ce.Args[0].Lit() == "trap" || dividesSubshell(n) {
				found = true
			}
			return !found
		})
	}
	if !found {
		return "", false
	}
	if text, ok := bodySource(stmts, src); ok {
		return text, true
	}
	var buf bytes.Buffer
	pr := syntax.NewPrinter()
	for _, st := range stmts {
		if err := pr.Print(&buf, st); err != nil {
			return "", false
		}
		buf.WriteByte('\n')
	}
	if _, err := newParser().Parse(bytes.NewReader(buf.Bytes()), ""); err != nil {
		return "", false
	}
	return buf.String(), true
}

// guardDivisions makes a division (or remainder) by zero in $((...))
// fail as bash's does: "bash: 10/0: division by 0 (error token is "0")",
// and the line stops with status 1; mvdan/sh prints "division by zero"
// and goes on. A divisor that is a name, a number or $name (possibly in
// parentheses) becomes (d ? d : $(internal error)); the command
// substitution runs only when d is 0, so a non-zero divisor costs one
// more look-up. A literal 0 divisor becomes the error itself. Other
// divisors keep mvdan/sh's behaviour. src is the parsed source, for the
// expression's text; without it the printed expression stands in.
func guardDivisions(ae *syntax.ArithmExp, src string) {
	var divs []*syntax.BinaryArithm
	syntax.Walk(ae.X, func(n syntax.Node) bool {
		if b, ok := n.(*syntax.BinaryArithm); ok {
			switch b.Op {
			case syntax.Quo, syntax.Rem, syntax.QuoAssgn, syntax.RemAssgn:
				if plainDivisor(b.Y) {
					divs = append(divs, b)
				}
			}
		}
		return true
	})
	if len(divs) == 0 {
		return
	}
	text, textEnd := "", uint(0)
	if start, end := ae.X.Pos().Offset(), ae.X.End().Offset(); ae.X.Pos().IsValid() && end <= uint(len(src)) && start <= end {
		// bash shows the expression from its first non-blank character
		// to the closing parentheses.
		closeAt := ae.Right.Offset()
		if ae.Right.IsValid() && closeAt >= end && closeAt <= uint(len(src)) {
			end = closeAt
		}
		text, textEnd = src[start:end], end
	} else {
		var buf bytes.Buffer
		syntax.NewPrinter().Print(&buf, ae.X)
		text = buf.String()
	}
	for _, b := range divs {
		textWord := &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: text}}}
		var tokenWord *syntax.Word
		if textEnd > 0 && b.Y.Pos().Offset() <= textEnd {
			start := ae.X.Pos().Offset()
			textWord = expandedText(ae.X, src, start, textEnd)
			tokenWord = expandedText(ae.X, src, b.Y.Pos().Offset(), textEnd)
		} else {
			var buf bytes.Buffer
			syntax.NewPrinter().Print(&buf, b.Y)
			tokenWord = &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: buf.String()}}}
		}
		fail := &syntax.Word{Parts: []syntax.WordPart{&syntax.CmdSubst{Stmts: []*syntax.Stmt{{Cmd: &syntax.CallExpr{Args: []*syntax.Word{
			litWord(internalPrefix + "div0"), textWord, tokenWord,
		}}}}}}}
		if w, ok := b.Y.(*syntax.Word); ok && isZero(w.Lit()) {
			b.Y = fail
			continue
		}
		if w, ok := b.Y.(*syntax.Word); ok && isNumber(w.Lit()) {
			continue // a non-zero constant
		}
		b.Y = &syntax.ParenArithm{X: &syntax.BinaryArithm{Op: syntax.TernQuest, X: b.Y,
			Y: &syntax.BinaryArithm{Op: syntax.TernColon, X: b.Y, Y: fail}}}
	}
}

// expandedText is the word that gives src[start:end] of an arithmetic
// expression as bash shows it in an error: $name and ${name} expanded
// (each plain parameter expansion becomes a quoted copy of itself), the
// rest as written.
func expandedText(x syntax.ArithmExpr, src string, start, end uint) *syntax.Word {
	w := &syntax.Word{}
	at := start
	syntax.Walk(x, func(n syntax.Node) bool {
		pe, ok := n.(*syntax.ParamExp)
		if !ok || !plainDivisor(&syntax.Word{Parts: []syntax.WordPart{pe}}) {
			return true
		}
		from, to := pe.Pos().Offset(), pe.End().Offset()
		if from < at || to > end {
			return false
		}
		w.Parts = append(w.Parts, &syntax.SglQuoted{Value: src[at:from]}, &syntax.DblQuoted{Parts: []syntax.WordPart{pe}})
		at = to
		return false
	})
	w.Parts = append(w.Parts, &syntax.SglQuoted{Value: src[at:end]})
	return w
}

// plainDivisor reports whether x is a divisor guardDivisions may
// evaluate twice: a literal, a variable name, $name or ${name}, possibly
// in parentheses.
func plainDivisor(x syntax.ArithmExpr) bool {
	switch x := x.(type) {
	case *syntax.ParenArithm:
		return plainDivisor(x.X)
	case *syntax.Word:
		if len(x.Parts) != 1 {
			return false
		}
		switch p := x.Parts[0].(type) {
		case *syntax.Lit:
			return p.Value != ""
		case *syntax.ParamExp:
			return !p.Excl && !p.Length && !p.Width && p.Index == nil && p.Slice == nil && p.Repl == nil && p.Exp == nil && p.Param != nil
		}
	}
	return false
}

func isNumber(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

func isZero(s string) bool {
	return s != "" && strings.Trim(s, "0") == ""
}

// subshellCall is the internal command that runs src as a subshell.
func subshellCall(src string) *syntax.CallExpr {
	return &syntax.CallExpr{Args: []*syntax.Word{
		litWord(internalPrefix + "subshell"),
		{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: src}}},
	}}
}

func litWord(s string) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: s}}}
}

func (c *core) rewriteWord(w *syntax.Word) error {
	c.assocLengths(w.Parts)
	for i, part := range w.Parts {
		ps, ok := part.(*syntax.ProcSubst)
		if !ok {
			continue
		}
		if ps.Op != syntax.CmdIn {
			return fmt.Errorf("%s", errOutSubst)
		}
		w.Parts[i] = psubPart(ps)
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok || !strings.HasPrefix(lit.Value, "~") {
		return nil
	}
	user, tail := lit.Value[1:], ""
	if i := strings.IndexByte(user, '/'); i >= 0 {
		user, tail = user[:i], user[i:]
	} else if len(w.Parts) > 1 {
		return nil // "~'x'" is not a tilde prefix, in bash or mvdan/sh
	}
	var head syntax.WordPart
	switch {
	case user == "":
		return nil // $HOME, which the session always sets
	case user == "+":
		head = &syntax.DblQuoted{Parts: []syntax.WordPart{&syntax.ParamExp{Short: true, Param: &syntax.Lit{Value: "PWD"}}}}
	case user == "-":
		head = &syntax.DblQuoted{Parts: []syntax.WordPart{&syntax.ParamExp{Short: true, Param: &syntax.Lit{Value: "OLDPWD"}}}}
	case !validUserName(user):
		return nil
	default:
		home, ok := c.userHome(user)
		if !ok {
			home = "~" + user
		}
		head = &syntax.SglQuoted{Value: home}
	}
	parts := []syntax.WordPart{head}
	if tail != "" {
		parts = append(parts, &syntax.Lit{Value: tail})
	}
	w.Parts = append(parts, w.Parts[1:]...)
	return nil
}

func validUserName(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.') {
			return false
		}
	}
	return s != ""
}

// userHome looks name up in memfs's /etc/passwd.
func (c *core) userHome(name string) (string, bool) {
	data, err := c.fs.ReadFile("/etc/passwd")
	if err != nil {
		return "", false
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Split(sc.Text(), ":")
		if len(f) >= 6 && f[0] == name {
			return f[5], true
		}
	}
	return "", false
}

// psubTemplate is what <(list) becomes: the path of a fresh memfs file
// that list's output was written to (through a writer that enforces
// psubLimit). The block's statements are replaced by list.
const psubTemplate = internalPrefix + `p=$(` + internalPrefix + `psub) && { :; } | ` +
	internalPrefix + `psub_write "$` + internalPrefix + `p"; printf %s "$` + internalPrefix + `p"`

func psubPart(ps *syntax.ProcSubst) syntax.WordPart {
	f, err := newParser().Parse(strings.NewReader(psubTemplate), "")
	if err != nil {
		panic("memsh: bad process substitution template: " + err.Error())
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		if b, ok := n.(*syntax.Block); ok {
			if len(ps.Stmts) > 0 { // <() keeps the template's ":"
				b.Stmts = ps.Stmts
			}
			return false
		}
		return true
	})
	return &syntax.DblQuoted{Parts: []syntax.WordPart{&syntax.CmdSubst{Stmts: f.Stmts}}}
}

// rewriteSource applies the rewrites to shell source given as a string
// and prints it back. Code that does not parse is returned unchanged, for
// mvdan/sh to report.
func (c *core) rewriteSource(src, name string) string {
	return c.rewriteSourceAt(src, name, 0)
}

// rewriteSourceAt is rewriteSource for code that runs as if it stood at
// line base (eval's string: bash numbers its lines from the eval's).
func (c *core) rewriteSourceAt(src, name string, base uint) string {
	if !needsRewrite(src) {
		return src
	}
	f, err := newParser().Parse(strings.NewReader(src), name)
	if err != nil {
		return src
	}
	if err := c.rewriteFile(f, src); err != nil {
		return "printf '%s\\n' " + shellQuote(err.Error()) + " >&2; " + internalPrefix + "status 1"
	}
	if base > 1 {
		shiftRedirLines(f, base-1) // redirline.go
	}
	var buf bytes.Buffer
	if err := syntax.NewPrinter().Print(&buf, f); err != nil {
		return src
	}
	// The printer can mangle odd bytes (a lone \v). Unrewritten code is
	// still safe: mvdan/sh's FIFOs fail on the NUL temp dir and ~user is
	// answered by the base environment.
	if _, err := newParser().Parse(bytes.NewReader(buf.Bytes()), name); err != nil {
		return src
	}
	return buf.String()
}

// shellQuote quotes s for bash, as `alias` prints values.
func shellQuote(s string) string { return command.BashQuote(s, command.BashSingle) }

// mvdan/sh v3.14.1 gives ${#name[@]} as 1 for an associative array. The
// names declared with -A (in any statement run so far) are remembered,
// and their ${#name[@]} becomes an internal command that counts the keys.

func (c *core) noteAssoc(dc *syntax.DeclClause) {
	if dc.Variant == nil || (dc.Variant.Value != "declare" && dc.Variant.Value != "local" && dc.Variant.Value != "typeset") {
		return
	}
	assoc := false
	var names []string
	for _, a := range dc.Args {
		switch {
		case a.Name != nil:
			names = append(names, a.Name.Value)
		case a.Value != nil:
			if lit := a.Value.Lit(); strings.HasPrefix(lit, "-") && strings.Contains(lit, "A") {
				assoc = true
			}
		}
	}
	if !assoc {
		return
	}
	c.assocMu.Lock()
	defer c.assocMu.Unlock()
	if c.assocNames == nil {
		c.assocNames = map[string]bool{}
	}
	for _, n := range names {
		c.assocNames[n] = true
	}
}

func (c *core) assocLengths(parts []syntax.WordPart) {
	for i, part := range parts {
		switch p := part.(type) {
		case *syntax.DblQuoted:
			c.assocLengths(p.Parts)
		case *syntax.ParamExp:
			if !p.Length || p.Param == nil || p.Index == nil {
				continue
			}
			idx, ok := p.Index.(*syntax.Word)
			if !ok || (idx.Lit() != "@" && idx.Lit() != "*") {
				continue
			}
			c.assocMu.Lock()
			known := c.assocNames[p.Param.Value]
			c.assocMu.Unlock()
			if known {
				call := &syntax.CallExpr{Args: []*syntax.Word{litWord(internalPrefix + "keys"), litWord(p.Param.Value)}}
				parts[i] = &syntax.CmdSubst{Stmts: []*syntax.Stmt{{Cmd: call}}}
			}
		}
	}
}
