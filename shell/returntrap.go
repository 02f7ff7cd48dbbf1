package shell

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// The RETURN trap, which mvdan/sh does not have. In code that mentions
// RETURN, a function body starts with __memsh_rtenter and ends with
// __memsh_rtret, and each return written in it becomes __memsh_rtret:
// it returns as return would, after running the RETURN action (as eval,
// so the body's locals are still there) when bash would: when the trap
// was set during this call, or under set -T (bash hides the caller's
// RETURN trap from a function otherwise). A return reached through eval
// or a sourced file runs no trap.

const (
	rtEnterCmd = internalPrefix + "rtenter"
	rtRetCmd   = internalPrefix + "rtret"
	rtGenVar   = internalPrefix + "rtgen"  // bumped each time trap sets RETURN
	rtCallVar  = internalPrefix + "rtcall" // rtGenVar when the call began (local)
)

func returnTrapRewrite(root syntax.Node, src string) {
	if !srcHas(src, "RETURN") {
		return
	}
	syntax.Walk(root, func(n syntax.Node) bool {
		fd, ok := n.(*syntax.FuncDecl)
		if !ok || fd.Body == nil {
			return true
		}
		if b, ok := fd.Body.Cmd.(*syntax.Block); ok && len(b.Stmts) > 0 && isCall(b.Stmts[0], rtEnterCmd) {
			return true
		}
		lexicalReturns(fd.Body)
		pos := fd.Body.Pos()
		enter := &syntax.Stmt{Position: pos, Cmd: &syntax.BinaryCmd{Op: syntax.AndStmt,
			X: &syntax.Stmt{Position: pos, Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord(rtEnterCmd), statusWord()}}},
			Y: &syntax.Stmt{Position: pos, Cmd: &syntax.CallExpr{Args: statusWords(0)}}}}
		leave := &syntax.Stmt{Position: pos, Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord(rtRetCmd)}}}
		if b, ok := fd.Body.Cmd.(*syntax.Block); ok {
			b.Stmts = append(append([]*syntax.Stmt{enter}, b.Stmts...), leave)
			return true
		}
		fd.Body = &syntax.Stmt{Position: pos, Cmd: &syntax.Block{Lbrace: pos, Rbrace: fd.Body.End(), Stmts: []*syntax.Stmt{enter, fd.Body, leave}}}
		return true
	})
}

// lexicalReturns makes the returns of a function body (not those of
// functions defined in it, nor of subshells) __memsh_rtret.
func lexicalReturns(body syntax.Node) {
	syntax.Walk(body, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.FuncDecl, *syntax.Subshell, *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		case *syntax.CallExpr:
			if len(n.Args) > 0 && n.Args[0].Lit() == "return" {
				pos := n.Args[0].Pos()
				n.Args[0] = &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: rtRetCmd}}}
			}
		}
		return true
	})
}

func isCall(st *syntax.Stmt, name string) bool {
	if bc, ok := st.Cmd.(*syntax.BinaryCmd); ok {
		st = bc.X
	}
	ce, ok := st.Cmd.(*syntax.CallExpr)
	return ok && len(ce.Args) > 0 && ce.Args[0].Lit() == name
}

// noteReturnTrap runs as trap sets or resets RETURN.
func noteReturnTrap(hc interp.HandlerContext) {
	n, _ := strconv.Atoi(hc.Env.Get(rtGenVar).String())
	setShellVar(callingRunner(hc), rtGenVar, expand.Variable{Set: true, Kind: expand.String, Str: strconv.Itoa(n + 1)})
}

// returnTrapCall answers __memsh_rtenter STATUS (note the trap's
// generation, keep $?) and __memsh_rtret [N] (return, through the
// RETURN action when it is due).
func returnTrapCall(hc interp.HandlerContext, args []string) ([]string, bool) {
	if args[0] == rtEnterCmd {
		setShellVar(callingRunner(hc), rtCallVar, expand.Variable{Set: true, Local: true, Kind: expand.String, Str: hc.Env.Get(rtGenVar).String()})
		status := hc.LastExitStatus
		if len(args) > 1 {
			status, _ = strconv.Atoi(args[1])
		}
		return statusArgs(status), true
	}
	ret := append([]string{"return"}, args[1:]...)
	status := strconv.Itoa(hc.LastExitStatus)
	if len(args) > 1 {
		if !isInteger(args[1]) || len(args) > 2 {
			return ret, false // return's own message
		}
		status = args[1]
	}
	action := hc.Env.Get(trapVar("RETURN"))
	due := setOptState(hc, "functrace") || hc.Env.Get(rtGenVar).String() != hc.Env.Get(rtCallVar).String()
	if !due || !action.IsSet() || strings.TrimSpace(action.String()) == "" {
		return []string{"return", status}, false
	}
	return []string{"eval", action.String() + "\nreturn " + status}, false
}
