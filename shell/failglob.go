package shell

import (
	"context"
	"io"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// shopt -s failglob: a pattern that matches no file is an error ("no
// match: PAT") that abandons the line, and the command does not run.
// mvdan/sh has no such option. Once the session has seen code that
// mentions failglob, each command word and for-loop word with an
// unquoted pattern is checked first by `__memsh_failglob LINE PAT
// FIELDS...`: the word in double quotes (expanded, not globbed) and the
// word as the command gets it. No match leaves the word as it was (or,
// under nullglob, gives nothing). Words with command substitutions,
// arithmetic, braces or backslashes are not checked.

const failglobCmd = internalPrefix + "failglob"

// noteFailglob turns the checks on once src mentions the option.
func (c *core) noteFailglob(src string) {
	if !c.exp.failglob.Load() && strings.Contains(src, "failglob") {
		c.exp.failglob.Store(true)
	}
	c.noteNounset(src) // nounset.go
}

// failglobCheck puts the checks before st.
func (c *core) failglobCheck(st *syntax.Stmt) {
	if !c.exp.failglob.Load() || c.exp.globRevisit(st.Cmd) {
		return
	}
	var words []*syntax.Word
	switch cmd := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(cmd.Args) > 0 && strings.HasPrefix(cmd.Args[0].Lit(), internalPrefix) {
			return
		}
		words = cmd.Args
	case *syntax.ForClause:
		if wi, ok := cmd.Loop.(*syntax.WordIter); ok {
			words = wi.Items
		}
	}
	var checks []*syntax.Stmt
	for _, w := range words {
		if !globWord(w) {
			continue
		}
		quoted := &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: dblParts(w.Parts)}}}
		checks = append(checks, &syntax.Stmt{Position: st.Position, Cmd: &syntax.CallExpr{Args: []*syntax.Word{
			litWord(failglobCmd), litWord(strconv.FormatUint(uint64(w.Pos().Line()), 10)), quoted, w,
		}}})
	}
	if len(checks) == 0 {
		return
	}
	c.exp.globChecked(st.Cmd)
	inner := &syntax.Stmt{Cmd: st.Cmd, Redirs: st.Redirs, Position: st.Position, Negated: st.Negated}
	st.Redirs, st.Negated = nil, false
	st.Cmd = &syntax.Block{Lbrace: st.Position, Rbrace: st.End(), Stmts: append(checks, inner)}
}

// globWord reports whether w holds an unquoted pattern character and
// nothing that expanding it twice would change.
func globWord(w *syntax.Word) bool {
	glob := false
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(p.Value, "\\{") {
				return false
			}
			if strings.ContainsAny(p.Value, "*?") || strings.Contains(p.Value, "[") && strings.Contains(p.Value[strings.Index(p.Value, "["):], "]") {
				glob = true
			}
		case *syntax.SglQuoted:
			if p.Dollar {
				return false
			}
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				switch q.(type) {
				case *syntax.Lit, *syntax.ParamExp:
				default:
					return false
				}
			}
		case *syntax.ParamExp:
			if p.Exp != nil || p.Repl != nil || p.Slice != nil || p.Index != nil {
				return false
			}
		default:
			return false
		}
	}
	return glob
}

// dblParts is w's parts as the parts of one double-quoted word.
func dblParts(parts []syntax.WordPart) []syntax.WordPart {
	var out []syntax.WordPart
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			out = append(out, &syntax.Lit{Value: strings.ReplaceAll(p.Value, "$", "\\$")})
		case *syntax.SglQuoted:
			out = append(out, &syntax.Lit{Value: strings.NewReplacer(`\`, `\\`, `$`, `\$`, "`", "\\`", `"`, `\"`).Replace(p.Value)})
		case *syntax.DblQuoted:
			out = append(out, p.Parts...)
		default:
			out = append(out, p)
		}
	}
	return out
}

// failglobBuiltin answers __memsh_failglob LINE PAT FIELDS...
func (c *core) failglobBuiltin(ctx context.Context, hc interp.HandlerContext, args []string) []string {
	if len(args) < 3 || !shoptState(hc, "failglob") {
		return statusArgs(hc.LastExitStatus)
	}
	fields := args[3:]
	if len(fields) > 1 || len(fields) == 1 && fields[0] != args[2] {
		return statusArgs(hc.LastExitStatus)
	}
	msg := c.funcMsg(hc, args[1], c.errPrefix(args[1])+"no match: "+args[2]+"\n")
	if env, direct := runnerEnv(hc.Env); direct && inSubshell(env) {
		io.WriteString(hc.Stderr, msg)
		return []string{"exit", "1"}
	}
	stopLine(ctx, hc.Stderr, msg)
	return statusArgs(1)
}

// globChecked notes a command whose words have their checks, so the walk
// that reaches it again inside the new block leaves it.
func (e *expandState) globChecked(cmd syntax.Command) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.globbed == nil {
		e.globbed = map[syntax.Command]bool{}
	}
	e.globbed[cmd] = true
}

// globRevisit reports whether cmd already has its checks, and forgets it.
func (e *expandState) globRevisit(cmd syntax.Command) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.globbed[cmd] {
		return false
	}
	delete(e.globbed, cmd)
	return true
}
