package shell

import (
	"io"
	"reflect"
	"strconv"
	"strings"
	"unsafe"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// loopsCmd stands before a `break N` or `continue N` written inside
// loops: `__memsh_loops DEPTH break N`, DEPTH being the number of loops
// around it in its function, subshell or script. mvdan/sh's break N
// with N above the loops there kept breaking loops run afterwards
// (`for i in 1; do break 2; done; for j in 1 2; ...` ran no j), and its
// break 0 left one loop with status 0 where bash leaves them all with
// status 1. A count in eval's text is not seen here.
const loopsCmd = internalPrefix + "loops"

var breakEnclosingField = lazyField("breakEnclosing", reflect.TypeFor[int]())

// loopDepthRewrite puts loopsCmd before each break and continue with
// arguments inside a loop in root.
func loopDepthRewrite(root syntax.Node, src string) {
	if !srcHas(src, "break") && !srcHas(src, "continue") {
		return
	}
	var visit func(top syntax.Node, depth int)
	visit = func(top syntax.Node, depth int) {
		syntax.Walk(top, func(n syntax.Node) bool {
			if n == top {
				return true
			}
			switch n := n.(type) {
			case *syntax.FuncDecl, *syntax.Subshell, *syntax.CmdSubst, *syntax.ProcSubst:
				visit(n, 0) // bash counts loops afresh there
				return false
			case *syntax.ForClause:
				visit(n.Loop, depth)
				for _, st := range n.Do {
					visit(st, depth+1)
				}
				return false
			case *syntax.WhileClause:
				for _, st := range n.Cond {
					visit(st, depth)
				}
				for _, st := range n.Do {
					visit(st, depth+1)
				}
				return false
			case *syntax.CallExpr:
				if depth > 0 && len(n.Args) > 1 {
					if name := n.Args[0].Lit(); name == "break" || name == "continue" {
						pos := n.Args[0].Pos() // for the messages' line
						word := func(s string) *syntax.Word {
							return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: s}}}
						}
						n.Args = append([]*syntax.Word{word(loopsCmd), word(strconv.Itoa(depth))}, n.Args...)
					}
				}
			}
			return true
		})
	}
	visit(root, 0)
}

// loopCount answers `__memsh_loops DEPTH break|continue N ...`.
func (c *core) loopCount(hc interp.HandlerContext, args []string) ([]string, bool) {
	depth, _ := strconv.Atoi(args[1])
	return c.loopControl(hc, args[2:], depth)
}

// loopControl checks break and continue as bash does, in its order: only
// in a loop, a count that is a number (else the shell exits with 128),
// one argument (else it exits with 1), a count of at least 1 (else all
// loops end with status 1). depth is the number of loops around, 0 when
// not known.
func (c *core) loopControl(hc interp.HandlerContext, call []string, depth int) ([]string, bool) {
	say := func(msg string) {
		io.WriteString(hc.Stderr, c.ctlPrefix(hc)+call[0]+": "+msg+"\n")
	}
	if !runnerFlag(hc, inLoopField) {
		say("only meaningful in a `for', `while', or `until' loop")
		return statusArgs(0), true
	}
	if len(call) == 1 {
		return call, false
	}
	n, err := strconv.ParseInt(strings.TrimSpace(call[1]), 10, 64)
	switch {
	case err != nil:
		say(call[1] + ": numeric argument required")
		return []string{"exit", "128"}, false
	case len(call) > 2:
		say("too many arguments")
		return []string{"exit", "1"}, false
	case n < 1:
		say(call[1] + ": loop count out of range")
		r := callingRunner(hc)
		if f := breakEnclosingField(); r != nil && f.ok {
			*(*int)(unsafe.Add(unsafe.Pointer(r), f.off)) = max(depth, 1)
		}
		return statusArgs(1), true
	case depth > 0 && n > int64(depth):
		return []string{call[0], strconv.Itoa(depth)}, false
	}
	return []string{call[0], strconv.FormatInt(n, 10)}, false
}
