package shell

import (
	"bytes"
	"io"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// noteFuncSrc remembers the source of each function f defines, keyed
// by its body (the statement mvdan/sh keeps as the function), before
// memsh's rewrites change that body: declare -f prints it as written.
func (c *core) noteFuncSrc(f syntax.Node, src string) {
	syntax.Walk(f, func(n syntax.Node) bool {
		if fd, ok := n.(*syntax.FuncDecl); ok && fd.Body != nil {
			start, end := int(fd.Pos().Offset()), int(fd.End().Offset())
			if start < end && end <= len(src) {
				c.funcSrc.Store(fd.Body, src[start:end])
			}
		}
		return true
	})
}

// printFunc writes function name's definition, for type.
func (c *core) printFunc(hc interp.HandlerContext, name string) {
	if r := callingRunner(hc); r != nil {
		if body, ok := r.Funcs[name]; ok {
			io.WriteString(hc.Stdout, c.funcText(name, body))
		}
	}
}

// funcText is a function's definition as declare -f prints it, from
// its source as written when memsh saw it.
func (c *core) funcText(name string, body *syntax.Stmt) string {
	if v, ok := c.funcSrc.Load(body); ok {
		f, err := newParser().Parse(strings.NewReader(v.(string)), "")
		if err == nil && len(f.Stmts) == 1 {
			if fd, ok := f.Stmts[0].Cmd.(*syntax.FuncDecl); ok {
				return fp{src: v.(string)}.function(name, fd.Body)
			}
		}
	}
	return fp{}.function(name, body)
}

// fp prints a function as bash does; src, when set, is the source the
// nodes' offsets refer to, whose words are printed as written.
type fp struct{ src string }

// text is n's source, if known.
func (p fp) text(n syntax.Node) (string, bool) {
	start, end := int(n.Pos().Offset()), int(n.End().Offset())
	if p.src == "" || start >= end || end > len(p.src) {
		return "", false
	}
	return p.src[start:end], true
}

// function is a function's definition as bash's declare -f prints it:
// `NAME () `, the body as a { } group, four spaces per level, a ';'
// after each command of a list but the last (and after every command
// of an if, while or for body), elif as a nested if, and `do` on a line
// of its own after a for header. Simple commands, tests and
// declarations are mvdan/sh's printing of them.
func (p fp) function(name string, body *syntax.Stmt) string {
	var sb strings.Builder
	sb.WriteString(name + " () \n")
	stmts := []*syntax.Stmt{body}
	if b, ok := body.Cmd.(*syntax.Block); ok && len(body.Redirs) == 0 && !body.Negated {
		stmts = b.Stmts
	}
	sb.WriteString("{ \n")
	sb.WriteString(p.fpList(stmts, 1, false))
	sb.WriteString("\n}\n")
	return sb.String()
}

func fpIndent(n int) string { return strings.Repeat("    ", n) }

// fpList prints stmts one per line at level n; with each, every command
// ends in ';', else all but the last.
func (p fp) fpList(stmts []*syntax.Stmt, n int, each bool) string {
	var sb strings.Builder
	for i, st := range stmts {
		text, hdoc := p.fpStmt(st, n)
		if i == 0 || !stmts[i-1].Background {
			sb.WriteString(fpIndent(n))
		}
		sb.WriteString(text)
		switch {
		case hdoc:
			// The here-document's body ends the line.
		case st.Background:
			sb.WriteString(" ")
		case each || i < len(stmts)-1:
			sb.WriteString(";")
		}
		if i < len(stmts)-1 && !st.Background {
			sb.WriteString("\n")
		}
	}
	return sb.String()
}

// fpStmt prints one statement at level n, and whether it ends with a
// here-document's body.
func (p fp) fpStmt(st *syntax.Stmt, n int) (string, bool) {
	var sb strings.Builder
	if st.Negated {
		sb.WriteString("! ")
	}
	sb.WriteString(p.fpCmd(st.Cmd, n))
	var hdocs []*syntax.Redirect
	for _, r := range st.Redirs {
		sb.WriteString(" ")
		if r.N != nil {
			sb.WriteString(r.N.Value)
		}
		op := r.Op.String()
		if r.N == nil && r.Op == syntax.DplOut {
			op = "1" + op // bash names the descriptor
		}
		if r.N == nil && r.Op == syntax.DplIn {
			op = "0" + op
		}
		sb.WriteString(op)
		switch r.Op {
		case syntax.DplIn, syntax.DplOut, syntax.Hdoc, syntax.DashHdoc:
		default:
			sb.WriteString(" ")
		}
		sb.WriteString(p.fpWord(r.Word))
		if r.Hdoc != nil {
			hdocs = append(hdocs, r)
		}
	}
	if st.Background {
		sb.WriteString(" &")
	}
	for _, r := range hdocs {
		sb.WriteString("\n" + p.fpHdocBody(r) + strings.Trim(r.Word.Lit(), `'"`) + "\n")
	}
	return sb.String(), len(hdocs) > 0
}

func (p fp) fpHdocBody(r *syntax.Redirect) string {
	var buf bytes.Buffer
	syntax.NewPrinter().Print(&buf, r.Hdoc)
	body := buf.String()
	if r.Op == syntax.DashHdoc {
		lines := strings.SplitAfter(body, "\n")
		for i, l := range lines {
			lines[i] = strings.TrimLeft(l, "\t")
		}
		body = strings.Join(lines, "")
	}
	return body
}

func (p fp) fpWord(w *syntax.Word) string {
	if w == nil {
		return ""
	}
	if t, ok := p.text(w); ok {
		return t
	}
	var buf bytes.Buffer
	syntax.NewPrinter().Print(&buf, w)
	return buf.String()
}

// fpPrinted is mvdan/sh's printing of a command, on one line.
func (p fp) fpPrinted(cmd syntax.Command) string {
	var buf bytes.Buffer
	syntax.NewPrinter(syntax.SingleLine(true)).Print(&buf, cmd)
	return strings.TrimRight(buf.String(), "\n")
}

// fpInline is a command list on one line (an if or while condition).
func (p fp) fpInline(stmts []*syntax.Stmt, n int) string {
	var parts []string
	for _, st := range stmts {
		text, _ := p.fpStmt(st, n)
		parts = append(parts, text)
	}
	return strings.Join(parts, "; ")
}

func (p fp) fpCmd(cmd syntax.Command, n int) string {
	ind := fpIndent(n)
	switch c := cmd.(type) {
	case *syntax.BinaryCmd:
		x, _ := p.fpStmt(c.X, n)
		y, _ := p.fpStmt(c.Y, n)
		return x + " " + c.Op.String() + " " + y
	case *syntax.IfClause:
		s := "if " + p.fpInline(c.Cond, n) + "; then\n" + p.fpList(c.Then, n+1, true) + "\n"
		if e := c.Else; e != nil {
			if len(e.Cond) == 0 {
				s += ind + "else\n" + p.fpList(e.Then, n+1, true) + "\n"
			} else {
				s += ind + "else\n" + fpIndent(n+1) + p.fpCmd(e, n+1) + ";\n"
			}
		}
		return s + ind + "fi"
	case *syntax.WhileClause:
		kw := "while "
		if c.Until {
			kw = "until "
		}
		return kw + p.fpInline(c.Cond, n) + "; do\n" + p.fpList(c.Do, n+1, true) + "\n" + ind + "done"
	case *syntax.ForClause:
		head := ""
		switch l := c.Loop.(type) {
		case *syntax.WordIter:
			head = "for " + l.Name.Value + " in"
			if !l.InPos.IsValid() {
				head += ` "$@"`
			}
			for _, w := range l.Items {
				head += " " + p.fpWord(w)
			}
			head += ";"
		case *syntax.CStyleLoop:
			var exprs []string
			for _, x := range []syntax.ArithmExpr{l.Init, l.Cond, l.Post} {
				t := ""
				if x != nil {
					t, _ = p.text(x)
				}
				exprs = append(exprs, strings.TrimSpace(t))
			}
			head = "for ((" + strings.Join(exprs, "; ") + "))"
			if p.src == "" {
				printed := p.fpPrinted(&syntax.ForClause{Loop: c.Loop, Do: []*syntax.Stmt{{Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord(":")}}}}})
				if i := strings.Index(printed, "))"); i >= 0 {
					head = printed[:i+2]
				}
			}
		}
		return head + "\n" + ind + "do\n" + p.fpList(c.Do, n+1, true) + "\n" + ind + "done"
	case *syntax.CaseClause:
		s := "case " + p.fpWord(c.Word) + " in \n"
		for _, item := range c.Items {
			var pats []string
			for _, pat := range item.Patterns {
				pats = append(pats, p.fpWord(pat))
			}
			s += fpIndent(n+1) + strings.Join(pats, " | ") + ")\n"
			s += p.fpList(item.Stmts, n+2, false) + "\n"
			s += fpIndent(n+1) + item.Op.String() + "\n"
		}
		return s + ind + "esac"
	case *syntax.FuncDecl:
		body := []*syntax.Stmt{c.Body}
		if b, ok := c.Body.Cmd.(*syntax.Block); ok {
			body = b.Stmts
		}
		return "function " + c.Name.Value + " () \n" + ind + "{ \n" + p.fpList(body, n+1, false) + "\n" + ind + "}"
	case *syntax.Block:
		return "{ \n" + p.fpList(c.Stmts, n+1, false) + "\n" + ind + "}"
	case *syntax.Subshell:
		var parts []string
		for _, st := range c.Stmts {
			text, _ := p.fpStmt(st, n)
			parts = append(parts, text)
		}
		return "( " + strings.Join(parts, ";\n"+ind) + " )"
	case *syntax.ArithmCmd:
		if t, ok := p.text(c); ok {
			return t // bash keeps the expression as written
		}
		t := p.fpPrinted(c)
		return "(( " + strings.TrimSuffix(strings.TrimPrefix(t, "(("), "))") + " ))"
	case *syntax.CallExpr:
		var words []string
		for _, a := range c.Assigns {
			t, ok := p.text(a)
			if !ok || a.Array != nil {
				return p.fpPrinted(c)
			}
			words = append(words, t)
		}
		for _, w := range c.Args {
			words = append(words, p.fpWord(w))
		}
		return strings.Join(words, " ")
	case nil:
		return ""
	}
	return p.fpPrinted(cmd)
}
