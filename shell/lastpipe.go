package shell

import (
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// lastStageSubshell runs the last stage of a pipeline in a subshell, as
// bash does without `shopt -s lastpipe`: `echo x | read v` leaves v
// unset, `cat f | while read l; do n=$((n+1)); done` leaves n alone, and
// `... | exit 3` ends only that stage. mvdan/sh runs the last stage in the
// calling shell (as zsh and ksh do). Scripts that run `shopt -s lastpipe` keep
// mvdan/sh's behaviour, which is what lastpipe asks for. A last stage that
// is a registry command with no assignments is left alone: it changes no
// shell state, so a subshell would only cost time.
func (c *core) lastStageSubshell(bc *syntax.BinaryCmd, src string) {
	if bc.Op != syntax.Pipe && bc.Op != syntax.PipeAll || strings.Contains(src, "shopt -s lastpipe") {
		return
	}
	y := bc.Y
	if y == nil || y.Cmd == nil {
		return
	}
	switch cmd := y.Cmd.(type) {
	case *syntax.Subshell:
		return
	case *syntax.BinaryCmd:
		if cmd.Op == syntax.Pipe || cmd.Op == syntax.PipeAll {
			return // its own last stage is handled when the walk gets there
		}
	case *syntax.CallExpr:
		if len(cmd.Assigns) == 0 && len(cmd.Args) > 0 {
			name := cmd.Args[0].Lit()
			if _, ok := c.cmds[name]; ok && !interp.IsBuiltin(name) {
				return
			}
		}
	}
	inner := &syntax.Stmt{Cmd: y.Cmd, Redirs: y.Redirs, Negated: y.Negated, Position: y.Position}
	y.Cmd = &syntax.Subshell{Lparen: y.Position, Rparen: y.End(), Stmts: []*syntax.Stmt{inner}}
	y.Redirs = nil
	y.Negated = false
}
