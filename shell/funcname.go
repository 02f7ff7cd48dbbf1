package shell

import (
	"bytes"
	"fmt"
	"strconv"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// FUNCNAME, BASH_LINENO and BASH_SOURCE, which mvdan/sh does not keep.
//
// A function whose definition's source mentions them (or `caller`)
// starts with `__memsh_fn NAME $? && __memsh_status 0`: the internal
// command makes the arrays local to the call, its name and the line it
// was called from in front of the caller's, so they unwind on return
// as bash's do. As the left side of &&, it keeps $? for the body without
// firing ERR traps or errexit. Functions elsewhere pay nothing.

// funcNameRewrite prepends the entry command to the functions defined
// in root.
func funcNameRewrite(root syntax.Node, src string) {
	if !mentionsCallStack(src) {
		return
	}
	syntax.Walk(root, func(n syntax.Node) bool {
		fd, ok := n.(*syntax.FuncDecl)
		if !ok || fd.Name == nil || fd.Body == nil {
			return true
		}
		if b, ok := fd.Body.Cmd.(*syntax.Block); ok && len(b.Stmts) > 0 && isEntry(b.Stmts[0]) {
			return true
		}
		entry := &syntax.Stmt{Cmd: &syntax.BinaryCmd{
			Op: syntax.AndStmt,
			X:  &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord(internalPrefix + "fn"), litWord(fd.Name.Value), statusWord()}}},
			Y:  &syntax.Stmt{Cmd: &syntax.CallExpr{Args: statusWords(0)}},
		}}
		if b, ok := fd.Body.Cmd.(*syntax.Block); ok {
			b.Stmts = append([]*syntax.Stmt{entry}, b.Stmts...)
			return true
		}
		body := fd.Body
		fd.Body = &syntax.Stmt{Position: body.Position, Cmd: &syntax.Block{Lbrace: body.Pos(), Rbrace: body.End(), Stmts: []*syntax.Stmt{entry, body}}}
		return true
	})
}

func mentionsCallStack(src string) bool {
	return srcHas(src, "FUNCNAME") || srcHas(src, "BASH_LINENO") || srcHas(src, "BASH_SOURCE") || srcHas(src, "caller")
}

func statusWords(n int) []*syntax.Word {
	return []*syntax.Word{litWord(internalPrefix + "status"), litWord(strconv.Itoa(n))}
}

func isEntry(st *syntax.Stmt) bool {
	bc, ok := st.Cmd.(*syntax.BinaryCmd)
	if !ok {
		return false
	}
	ce, ok := bc.X.Cmd.(*syntax.CallExpr)
	return ok && len(ce.Args) > 0 && ce.Args[0].Lit() == internalPrefix+"fn"
}

// enterFunc is __memsh_fn NAME STATUS, run first in a function's body:
// FUNCNAME, BASH_LINENO and BASH_SOURCE become local arrays with this
// call on top. It returns STATUS, the caller's $?.
func enterFunc(hc interp.HandlerContext, args []string) int {
	if len(args) != 3 {
		return 2
	}
	status, _ := strconv.Atoi(args[2])
	r := callingRunner(hc)
	if r == nil {
		return status
	}
	names := append([]string{args[1]}, arrayOf(hc.Env.Get("FUNCNAME"))...)
	lines := append([]string{hc.Env.Get(callLineVar).String()}, arrayOf(hc.Env.Get("BASH_LINENO"))...)
	setLocalArray(r, "FUNCNAME", names)
	setLocalArray(r, "BASH_LINENO", lines)
	// bash -c's functions come from "environment"; memsh keeps no file
	// names, so a script file's read the same.
	setLocalArray(r, "BASH_SOURCE", append([]string{"environment"}, arrayOf(hc.Env.Get("BASH_SOURCE"))...))
	return status
}

func arrayOf(v expand.Variable) []string {
	switch {
	case v.Kind == expand.Indexed:
		return v.List
	case v.IsSet():
		return []string{v.String()}
	}
	return nil
}

// callLineVar holds the line of the last function call (noteCall).
const callLineVar = internalPrefix + "callline"

// noteCall records, as the call handler sees a function called, the
// line it is called from, for BASH_LINENO and caller.
func noteCall(hc interp.HandlerContext) {
	if r := callingRunner(hc); r != nil && hc.Pos.IsValid() {
		setShellVar(r, callLineVar, expand.Variable{Set: true, Kind: expand.String, Str: strconv.FormatUint(uint64(hc.Pos.Line()), 10)})
	}
}

// tracedHelper reports whether p is set -x's line for one of memsh's
// internal commands, which bash would not print.
func tracedHelper(p []byte) bool {
	return len(p) > 0 && p[0] == '+' && p[len(p)-1] == '\n' && bytes.Contains(p, []byte(" "+internalPrefix)) && bytes.Count(p, []byte("\n")) == 1
}

// callerBuiltin is bash's caller, from FUNCNAME and BASH_LINENO, as
// `bash -c` reports it: the source of a call from the top level is
// "NULL", of one from a function "environment" (memsh keeps no
// BASH_SOURCE, so a script file reads the same).
func (c *core) callerBuiltin(hc interp.HandlerContext, args []string) []string {
	names := arrayOf(hc.Env.Get("FUNCNAME"))
	lines := arrayOf(hc.Env.Get("BASH_LINENO"))
	switch len(args) {
	case 1:
		if len(names) == 0 || len(lines) == 0 {
			return statusArgs(1)
		}
		source := "NULL"
		if len(names) > 1 {
			source = "environment"
		}
		fmt.Fprintf(hc.Stdout, "%s %s\n", lines[0], source)
		return statusArgs(0)
	case 2:
		n, err := strconv.Atoi(args[1])
		if err != nil || n < 0 {
			fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"caller: %s: invalid number\ncaller: usage: caller [expr]\n", args[1])
			return statusArgs(2)
		}
		if n+1 >= len(names) || n >= len(lines) {
			return statusArgs(1)
		}
		fmt.Fprintf(hc.Stdout, "%s %s environment\n", lines[n], names[n+1])
		return statusArgs(0)
	}
	fmt.Fprintln(hc.Stderr, "caller: usage: caller [expr]")
	return statusArgs(2)
}
