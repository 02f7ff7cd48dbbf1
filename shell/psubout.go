package shell

import (
	"strconv"
	"strings"
	"sync/atomic"

	"mvdan.cc/sh/v3/syntax"
)

// Output process substitution, `cmd >(list)`: bash runs list at the same
// time as cmd, reading what cmd writes to the /dev/fd path it is given.
// memsh gives cmd the path of a fresh memfs file (as for `<(list)`, see
// psubTemplate) and runs list on that file when cmd has ended, with the
// shell's output (not cmd's redirections, as in bash, where list is
// started while the words are expanded):
//
//	tee >(wc -l) >(sha256sum) > copy
//
// becomes, roughly,
//
//	{ p1=$(psub); p2=$(psub); tee "$p1" "$p2" > copy; s=$?
//	  { wc -l; } < "$p1"; { sha256sum; } < "$p2"; status $s; }
//
// so the output of each list comes after cmd's, in order. `exec > >(list)`,
// which in bash keeps list reading for the rest of the script, stays
// refused (errOutSubst).

var psubOutSeq atomic.Int64

// procSubstOut rewrites st when its own words hold `>(list)`.
func procSubstOut(st *syntax.Stmt) {
	if st.Cmd == nil || isExecRedirOnly(st) {
		return
	}
	var lists [][]*syntax.Stmt
	var names []string
	replace := func(w *syntax.Word) {
		if w == nil {
			return
		}
		for i, part := range w.Parts {
			ps, ok := part.(*syntax.ProcSubst)
			if !ok || ps.Op != syntax.CmdOut {
				continue
			}
			name := internalPrefix + "po" + strconv.FormatInt(psubOutSeq.Add(1), 10)
			names = append(names, name)
			lists = append(lists, ps.Stmts)
			w.Parts[i] = &syntax.DblQuoted{Parts: []syntax.WordPart{&syntax.ParamExp{Param: &syntax.Lit{Value: name}}}}
		}
	}
	switch cm := st.Cmd.(type) {
	case *syntax.CallExpr:
		for _, w := range cm.Args {
			replace(w)
		}
		for _, a := range cm.Assigns {
			replace(a.Value)
		}
	case *syntax.DeclClause:
		for _, a := range cm.Args {
			replace(a.Value)
		}
	}
	for _, r := range st.Redirs {
		replace(r.Word)
	}
	if len(names) == 0 {
		return
	}
	status := internalPrefix + "pos" + strconv.FormatInt(psubOutSeq.Add(1), 10)
	var pre, post strings.Builder
	for _, name := range names {
		pre.WriteString(name + "=$(" + internalPrefix + "psub) || " + internalPrefix + "status 1\n")
	}
	post.WriteString(status + "=$?\n")
	var stmts []*syntax.Stmt
	stmts = append(stmts, parseStmts(pre.String())...)
	stmts = append(stmts, &syntax.Stmt{Cmd: st.Cmd, Redirs: st.Redirs, Position: st.Position})
	stmts = append(stmts, parseStmts(post.String())...)
	for i, name := range names {
		stmts = append(stmts, &syntax.Stmt{
			Cmd:      &syntax.Block{Lbrace: st.Pos(), Rbrace: st.End(), Stmts: lists[i]},
			Redirs:   []*syntax.Redirect{{Op: syntax.RdrIn, Word: &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{&syntax.ParamExp{Param: &syntax.Lit{Value: name}}}}}}}},
			Position: st.Position,
		})
	}
	stmts = append(stmts, parseStmts(internalPrefix+"status \"$"+status+"\"\n")...)
	st.Cmd = &syntax.Block{Lbrace: st.Pos(), Rbrace: st.End(), Stmts: stmts}
	st.Redirs = nil
}

// isExecRedirOnly reports whether st is `exec` with redirections only,
// which changes the shell's own descriptors.
func isExecRedirOnly(st *syntax.Stmt) bool {
	ce, ok := st.Cmd.(*syntax.CallExpr)
	return ok && len(ce.Args) == 1 && ce.Args[0].Lit() == "exec"
}

// refuseCoproc replaces `coproc ...`, which mvdan/sh v3.14.1 parses but
// cannot run ("unhandled command node"), with bash's kind of message
// and status 1.
func refuseCoproc(st *syntax.Stmt) {
	if _, ok := st.Cmd.(*syntax.CoprocClause); !ok {
		return
	}
	msg := "bash: line " + strconv.FormatUint(uint64(st.Pos().Line()), 10) +
		": coproc: not supported in memsh; run the command with & and talk to it through files"
	st.Cmd = &syntax.Block{Lbrace: st.Pos(), Rbrace: st.End(),
		Stmts: parseStmts(internalPrefix + "printf '%s\\n' " + shellQuote(msg) + " >&2; " + internalPrefix + "status 1\n")}
}
