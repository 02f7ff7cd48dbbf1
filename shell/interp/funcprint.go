package interp

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Functions printed as bash lays them out (print_cmd.c) for declare -f,
// typeset -f, type and set: four-space indents, every command but the
// last of a list ended by ';', `if`/`while` with `; then`/`; do` on the
// first line, `for` with `do` on a line of its own, elif as a nested
// if.

// funcText is a function's definition as declare -f prints it.
func funcText(fn *funcDef) string {
	p := &funcPrinter{src: fn.src}
	p.function(fn.name, fn.body, 0)
	return p.b.String()
}

type funcPrinter struct {
	b   strings.Builder
	src string
}

func (p *funcPrinter) indent(n int) { p.b.WriteString(strings.Repeat("    ", n)) }

// function prints "name () \n{ \n...\n}" at depth.
func (p *funcPrinter) function(name string, body *syntax.Stmt, depth int) {
	p.b.WriteString(name + " () \n")
	p.indent(depth)
	switch c := body.Cmd.(type) {
	case *syntax.Block:
		p.b.WriteString("{ \n")
		p.list(c.Stmts, depth+1)
		p.b.WriteString("\n")
		p.indent(depth)
		p.b.WriteString("}")
	default:
		p.b.WriteString("{ \n")
		p.indent(depth + 1)
		p.stmt(body, depth+1)
		p.b.WriteString("\n")
		p.indent(depth)
		p.b.WriteString("}")
	}
}

// list prints statements one per line at depth, ';' between them.
func (p *funcPrinter) list(stmts []*syntax.Stmt, depth int) {
	for i, st := range stmts {
		if i > 0 {
			prev := stmts[i-1]
			switch {
			case prev.Background:
				// "a & b" stays on one line.
				p.b.WriteByte(' ')
				p.stmt(st, depth)
				continue
			case hasHeredoc(prev):
				p.b.WriteString("\n")
			default:
				p.b.WriteString(";\n")
			}
		}
		p.indent(depth)
		p.stmt(st, depth)
	}
}

func hasHeredoc(st *syntax.Stmt) bool {
	for _, rd := range st.Redirs {
		if rd.Hdoc != nil {
			return true
		}
	}
	return false
}

func (p *funcPrinter) stmt(st *syntax.Stmt, depth int) {
	if st.Negated {
		p.b.WriteString("! ")
	}
	p.command(st.Cmd, depth)
	for _, rd := range st.Redirs {
		p.b.WriteByte(' ')
		p.redirect(rd)
	}
	if st.Background {
		p.b.WriteString(" &")
	}
	for _, rd := range st.Redirs {
		if rd.Hdoc != nil {
			body := p.text(rd.Hdoc)
			if rd.Op == syntax.DashHdoc {
				body = stripTabs(body)
			}
			// The body's text runs through the closing delimiter.
			p.b.WriteString("\n" + body + "\n")
		}
	}
}

func (p *funcPrinter) redirect(rd *syntax.Redirect) {
	n := ""
	if rd.N != nil {
		n = rd.N.Value
	}
	op := rd.Op.String()
	if n == "" && (rd.Op == syntax.DplOut) {
		n = "1"
	}
	if rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc {
		p.b.WriteString(n + op + p.text(rd.Word))
		return
	}
	sep := " "
	if rd.Op == syntax.DplOut || rd.Op == syntax.DplIn {
		sep = ""
	}
	p.b.WriteString(n + op + sep + p.text(rd.Word))
}

func (p *funcPrinter) command(cmd syntax.Command, depth int) {
	switch c := cmd.(type) {
	case *syntax.CallExpr:
		var parts []string
		for _, a := range c.Assigns {
			parts = append(parts, p.assign(a))
		}
		for _, w := range c.Args {
			parts = append(parts, p.text(w))
		}
		p.b.WriteString(strings.Join(parts, " "))
	case *syntax.Block:
		p.b.WriteString("{ \n")
		p.list(c.Stmts, depth+1)
		p.b.WriteString("\n")
		p.indent(depth)
		p.b.WriteString("}")
	case *syntax.Subshell:
		p.b.WriteString("( ")
		for i, st := range c.Stmts {
			if i > 0 {
				p.b.WriteString(";\n")
				p.indent(depth)
			}
			p.stmt(st, depth)
		}
		p.b.WriteString(" )")
	case *syntax.BinaryCmd:
		p.stmt(c.X, depth)
		p.b.WriteString(" " + c.Op.String() + " ")
		p.stmt(c.Y, depth)
	case *syntax.IfClause:
		p.ifClause(c, depth)
	case *syntax.WhileClause:
		kw := "while "
		if c.Until {
			kw = "until "
		}
		p.b.WriteString(kw)
		p.inline(c.Cond, depth)
		p.b.WriteString("; do\n")
		p.list(c.Do, depth+1)
		p.b.WriteString(";\n")
		p.indent(depth)
		p.b.WriteString("done")
	case *syntax.ForClause:
		switch l := c.Loop.(type) {
		case *syntax.WordIter:
			kw := "for "
			if c.Select {
				kw = "select "
			}
			p.b.WriteString(kw + l.Name.Value + " in ")
			if l.InPos.IsValid() {
				var ws []string
				for _, w := range l.Items {
					ws = append(ws, p.text(w))
				}
				p.b.WriteString(strings.Join(ws, " "))
			} else {
				p.b.WriteString(`"$@"`)
			}
			p.b.WriteString(";\n")
		case *syntax.CStyleLoop:
			p.b.WriteString("for ((" + p.arithText(l.Init) + "; " + p.arithText(l.Cond) + "; " + p.arithText(l.Post) + "))\n")
		}
		p.indent(depth)
		p.b.WriteString("do\n")
		p.list(c.Do, depth+1)
		p.b.WriteString(";\n")
		p.indent(depth)
		p.b.WriteString("done")
	case *syntax.CaseClause:
		p.b.WriteString("case " + p.text(c.Word) + " in \n")
		for _, it := range c.Items {
			var pats []string
			for _, w := range it.Patterns {
				pats = append(pats, p.text(w))
			}
			p.indent(depth + 1)
			p.b.WriteString(strings.Join(pats, " | ") + ")\n")
			if len(it.Stmts) > 0 {
				p.list(it.Stmts, depth+2)
			}
			p.b.WriteString("\n")
			p.indent(depth + 1)
			p.b.WriteString(it.Op.String() + "\n")
		}
		p.indent(depth)
		p.b.WriteString("esac")
	case *syntax.FuncDecl:
		p.b.WriteString("function ")
		p.function(c.Name.Value, c.Body, depth)
	case *syntax.ArithmCmd:
		p.b.WriteString("((" + p.source(c.Left.Offset()+2, c.Right.Offset(), c) + "))")
	case *syntax.TestClause:
		p.b.WriteString("[[ " + strings.TrimSpace(p.source(c.Left.Offset()+2, c.Right.Offset(), c)) + " ]]")
	case *syntax.TimeClause:
		p.b.WriteString("time ")
		if c.Stmt != nil {
			p.stmt(c.Stmt, depth)
		}
	default:
		p.b.WriteString(nodeText(cmd))
	}
}

// inline prints a condition list on one line ("a; b").
func (p *funcPrinter) inline(stmts []*syntax.Stmt, depth int) {
	for i, st := range stmts {
		if i > 0 {
			p.b.WriteString("; ")
		}
		p.stmt(st, depth)
	}
}

func (p *funcPrinter) ifClause(c *syntax.IfClause, depth int) {
	p.b.WriteString("if ")
	p.inline(c.Cond, depth)
	p.b.WriteString("; then\n")
	p.list(c.Then, depth+1)
	p.b.WriteString(";\n")
	if e := c.Else; e != nil {
		p.indent(depth)
		p.b.WriteString("else\n")
		if len(e.Cond) > 0 {
			// elif is printed as an if inside the else.
			p.indent(depth + 1)
			p.ifClause(e, depth+1)
			p.b.WriteString(";\n")
		} else {
			p.list(e.Then, depth+1)
			p.b.WriteString(";\n")
		}
	}
	p.indent(depth)
	p.b.WriteString("fi")
}

// source is the function's own text between two offsets, or the node
// printed when the text is not at hand.
func (p *funcPrinter) source(from, to uint, n syntax.Node) string {
	if int(to) <= len(p.src) && from <= to {
		return p.src[from:to]
	}
	return nodeText(n)
}

// assign prints NAME=value, an array as bash normalises it: (a b).
func (p *funcPrinter) assign(a *syntax.Assign) string {
	if a.Array == nil {
		return p.text(a)
	}
	op := "="
	if a.Append {
		op = "+="
	}
	var els []string
	for _, el := range a.Array.Elems {
		s := p.text(el.Value)
		if el.Index != nil {
			s = "[" + p.text(el.Index) + "]=" + s
		}
		els = append(els, s)
	}
	return a.Name.Value + op + "(" + strings.Join(els, " ") + ")"
}

// text is a node as the script wrote it.
func (p *funcPrinter) text(n syntax.Node) string {
	if n == nil || !n.Pos().IsValid() {
		return ""
	}
	return p.source(n.Pos().Offset(), n.End().Offset(), n)
}

func (p *funcPrinter) arithText(x syntax.ArithmExpr) string {
	if x == nil {
		return ""
	}
	return p.source(x.Pos().Offset(), x.End().Offset(), x)
}

// nodeText prints a node with mvdan/sh's printer.
func nodeText(n syntax.Node) string {
	var b strings.Builder
	syntax.NewPrinter().Print(&b, n)
	return b.String()
}
