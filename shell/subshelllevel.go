package shell

import (
	"strconv"
	"strings"
	"sync/atomic"

	"mvdan.cc/sh/v3/syntax"
)

// pidVar is an internal variable that reads as a fresh process id each
// time (baseEnviron.Get): a subshell's BASHPID is taken from it.
const pidVar = internalPrefix + "nextpid"

// lastPID numbers the sandbox's subshells after the shell's own $$, so
// that BASHPID differs in every subshell, as it does in bash.
var lastPID atomic.Int64

func init() { lastPID.Store(4242) } // sandboxPID

func nextPID() string { return strconv.FormatInt(lastPID.Add(1), 10) }

// subshellLevel keeps BASH_SUBSHELL and BASHPID, which mvdan/sh does not:
// each ( ... ) and $( ... ) starts by adding one to BASH_SUBSHELL and by
// taking a new BASHPID, in its own copy of the variables. Pipeline
// stages, subshells in bash too, get a new BASHPID but keep their
// parent's BASH_SUBSHELL, as in bash. (A background job keeps its
// parent's BASHPID.) Only code that mentions the variables pays for it.
func subshellLevel(root syntax.Node, src string) {
	level, pid := strings.Contains(src, "BASH_SUBSHELL"), strings.Contains(src, "BASHPID")
	if !level && !pid {
		return
	}
	enter := func(withLevel bool) []*syntax.Stmt {
		var pre []*syntax.Stmt
		if withLevel && level {
			pre = append(pre, parseStmts("BASH_SUBSHELL=$((BASH_SUBSHELL+1))")...)
		}
		if pid {
			pre = append(pre, parseStmts("BASHPID=$"+pidVar)...)
		}
		return pre
	}
	// wrap runs st's command in a block that first takes a new BASHPID.
	wrap := func(st *syntax.Stmt) {
		if st == nil || st.Cmd == nil || !pid {
			return
		}
		pre := enter(false)
		inner := &syntax.Stmt{Cmd: st.Cmd, Position: st.Position}
		st.Cmd = &syntax.Block{Lbrace: st.Cmd.Pos(), Rbrace: st.Cmd.End(), Stmts: append(pre, inner)}
	}
	syntax.Walk(root, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Subshell:
			n.Stmts = append(enter(true), n.Stmts...)
		case *syntax.CmdSubst:
			if len(n.Stmts) == 1 && n.Stmts[0].Cmd == nil {
				return true // $(<file) reads a file; nothing runs in it
			}
			if len(n.Stmts) > 0 {
				n.Stmts = append(enter(true), n.Stmts...)
			}
		case *syntax.BinaryCmd:
			if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
				for _, st := range []*syntax.Stmt{n.X, n.Y} {
					if _, nested := st.Cmd.(*syntax.BinaryCmd); !nested || st.Cmd.(*syntax.BinaryCmd).Op != n.Op {
						wrap(st)
					}
				}
			}
		}
		return true
	})
}
