package interp

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// trapTable is a shell's traps: signal name (EXIT, ERR, RETURN, DEBUG,
// INT, ...) to the command text bash parses when the trap runs.
type trapTable struct {
	m map[string]string
}

// forSubshell is what a subshell keeps: bash resets traps that catch
// signals in a subshell, but `trap` with no arguments still lists the
// parent's (until one is set). memsh gives the subshell an empty table.
func (t *trapTable) forSubshell() *trapTable { return nil }

func (r *Runner) trap(name string) string {
	if r.traps == nil {
		return ""
	}
	return r.traps.m[name]
}

// runTrap runs a trap's text, keeping $? as it was.
func (r *Runner) runTrap(ctx context.Context, name string) {
	cmd := r.trap(name)
	if cmd == "" || r.inTrap {
		return
	}
	r.inTrap = true
	status := r.lastStatus
	r.runText(ctx, cmd, "")
	if r.flow != flowExit {
		r.lastStatus = status
	}
	r.inTrap = false
	for len(r.pendingSigs) > 0 && r.flow < flowExit {
		sig := r.pendingSigs[0]
		r.pendingSigs = r.pendingSigs[1:]
		r.selfSignal(ctx, sig)
	}
}

// selfSignal is a signal this shell sent itself (kill ... $$): its trap
// runs (a signal that arrives while a trap runs waits for it to end), an
// empty trap ignores it, and otherwise the signal's default action
// applies: most end the shell with status 128+N.
func (r *Runner) selfSignal(ctx context.Context, sig int) {
	if r.inTrap {
		r.pendingSigs = append(r.pendingSigs, sig)
		return
	}
	name := "SIG" + sigName(sig)
	if r.traps != nil {
		if cmd, ok := r.traps.m[name]; ok {
			if cmd != "" {
				r.runTrap(ctx, name)
			}
			return
		}
	}
	switch sigName(sig) {
	case "CHLD", "CONT", "URG", "WINCH", "STOP", "TSTP", "TTIN", "TTOU":
		// Ignored by default (a shell cannot stop here).
	default:
		r.exitShell(128 + sig)
	}
}

// debugTrap runs the DEBUG trap before a simple command, (( )), [[ ]],
// and a for, case or select header, with $BASH_COMMAND the command's
// text; in a function only under set -T, as bash does.
func (r *Runner) debugTrap(ctx context.Context, st *syntax.Stmt) {
	if len(r.funcNames) > 0 && !r.opts.functrace {
		return
	}
	text := ""
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr, *syntax.ArithmCmd, *syntax.TestClause, *syntax.DeclClause, *syntax.LetClause:
		text = r.sourceOf(c)
	case *syntax.ForClause:
		text = r.sourceOf(c)
		if i := strings.IndexAny(text, ";\n"); i >= 0 {
			text = strings.TrimSpace(text[:i])
		}
	case *syntax.CaseClause:
		text = "case " + r.sourceOf(c.Word) + " in"
	default:
		return
	}
	r.setVar("BASH_COMMAND", text, false)
	// $LINENO in the trap is the command's line.
	r.lineFrozen++
	r.runTrap(ctx, "DEBUG")
	r.lineFrozen--
}

// loopDebugTrap runs the DEBUG trap again for a for loop, as bash does
// before each iteration of a for ... in and before each test and update
// of a for (( )).
func (r *Runner) loopDebugTrap(ctx context.Context, c *syntax.ForClause) {
	if r.traps == nil || r.inTrap {
		return
	}
	if _, ok := r.traps.m["DEBUG"]; !ok {
		return
	}
	if r.lineFrozen == 0 {
		r.line = c.Pos().Line()
	}
	r.debugTrap(ctx, &syntax.Stmt{Cmd: c, Position: c.Pos()})
}

// stageDebugTrap runs the DEBUG trap for a pipeline stage that is a
// simple command, in the shell itself before the stage starts, as bash
// does (a compound stage runs none: its subshell has no DEBUG trap).
func (r *Runner) stageDebugTrap(ctx context.Context, st *syntax.Stmt) {
	if r.traps == nil || r.inTrap {
		return
	}
	if _, ok := r.traps.m["DEBUG"]; !ok {
		return
	}
	if _, simple := st.Cmd.(*syntax.CallExpr); !simple {
		return
	}
	if r.lineFrozen == 0 {
		r.line = st.Pos().Line()
	}
	r.debugTrap(ctx, st)
}

// sourceOf is a node's text in the source, or as printed when the source
// does not hold it.
func (r *Runner) sourceOf(n syntax.Node) string {
	from, to := int(n.Pos().Offset()), int(n.End().Offset())
	if n.Pos().IsValid() && from <= to && to <= len(r.src) {
		return r.src[from:to]
	}
	var b strings.Builder
	syntax.NewPrinter().Print(&b, n)
	return b.String()
}

// runExitTrap runs the EXIT trap once, as the shell ends.
func (r *Runner) runExitTrap(ctx context.Context) {
	cmd := r.trap("EXIT")
	if cmd == "" || r.execed {
		return
	}
	r.traps.m = copyWithout(r.traps.m, "EXIT")
	status := r.lastStatus
	flow := r.flow
	r.flow = flowNone
	r.runText(ctx, cmd, "")
	if r.flow != flowExit {
		r.lastStatus = status
	}
	r.flow = flow
}

// RunExitTrap runs the EXIT trap (at the end of a script or session).
func (r *Runner) RunExitTrap(ctx context.Context) int {
	r.runExitTrap(ctx)
	return r.lastStatus
}

func copyWithout(m map[string]string, k string) map[string]string {
	c := make(map[string]string, len(m))
	for kk, v := range m {
		if kk != k {
			c[kk] = v
		}
	}
	return c
}

// errTrap runs the ERR trap after a failing command.
func (r *Runner) errTrap(ctx context.Context) {
	if r.trap("ERR") == "" || r.flow == flowReturn || len(r.funcNames) > 0 && !r.opts.errtrace {
		return
	}
	r.lineFrozen++
	r.runTrap(ctx, "ERR")
	r.lineFrozen--
}

// trapName normalises a signal spec: "exit", "0" -> EXIT; "int", "INT",
// "SIGINT", "2" -> SIGINT.
func trapName(s string) (string, bool) {
	u := strings.ToUpper(s)
	switch u {
	case "0", "EXIT", "SIGEXIT":
		return "EXIT", true
	case "ERR", "RETURN", "DEBUG":
		return u, true
	}
	n, ok := sigNumber(s)
	if !ok || n == 0 {
		return "", false
	}
	return "SIG" + sigName(n), true
}

// trapOrder is where trap -p lists a trap: EXIT, the signals by number,
// then DEBUG, ERR and RETURN, as bash walks its table.
func trapOrder(name string) int {
	switch name {
	case "EXIT":
		return 0
	case "DEBUG":
		return 100
	case "ERR":
		return 101
	case "RETURN":
		return 102
	}
	if n, ok := sigNumber(name); ok {
		return n
	}
	return 99
}

// builtinTrap is trap [-lp] [[action] signal...].
func builtinTrap(ctx context.Context, r *Runner, args []string) int {
	args = args[1:]
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 || args[0] == "-p" {
		names := args
		if len(names) > 0 {
			names = names[1:]
		}
		return r.printTraps(names)
	}
	if args[0] == "-l" {
		io.WriteString(r.stdout(), sigTable())
		return 0
	}
	if len(args) == 1 && args[0] == "-" {
		r.printErr("trap: usage: trap [-lp] [[arg] signal_spec ...]\n")
		return 2
	}
	action := args[0]
	sigs := args[1:]
	if len(sigs) == 0 {
		// trap SIG: reset.
		sigs, action = args, "-"
	}
	if _, err := fmt.Sscanf(action, "%d", new(int)); err == nil && len(args) >= 1 && action != "-" {
		sigs, action = args, "-"
	}
	status := 0
	m := map[string]string{}
	if r.traps != nil {
		for k, v := range r.traps.m {
			m[k] = v
		}
	}
	for _, s := range sigs {
		n, ok := trapName(s)
		if !ok {
			r.errorf("trap: %s: invalid signal specification", s)
			status = 1
			continue
		}
		if action == "-" {
			delete(m, n)
		} else {
			m[n] = action
		}
	}
	r.traps = &trapTable{m: m}
	return status
}

func (r *Runner) printTraps(names []string) int {
	if r.traps == nil {
		return 0
	}
	if len(names) == 0 {
		for k := range r.traps.m {
			names = append(names, k)
		}
		sort.Slice(names, func(i, j int) bool { return trapOrder(names[i]) < trapOrder(names[j]) })
	}
	var b strings.Builder
	for _, n := range names {
		name, _ := trapName(n)
		if cmd, ok := r.traps.m[name]; ok {
			fmt.Fprintf(&b, "trap -- %s %s\n", bashQuote(cmd), name)
		}
	}
	return r.writeOut("trap", []byte(b.String()))
}
