package interp

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// trapTable is a shell's traps: signal name (EXIT, ERR, RETURN, DEBUG,
// INT, ...) to the command text bash parses when the trap runs. The map
// is never changed in place (a subshell shares it).
type trapTable struct {
	m map[string]string
	// listed are the traps a subshell inherited only to list them: they
	// do not run there.
	listed map[string]bool
}

// forSubshell is what a subshell keeps. bash resets the traps in a
// subshell ( ( ), $( ), a pipeline stage, &) but for ignored signals,
// ERR under set -E and DEBUG and RETURN under set -T; `trap` there still
// lists the parent's until the subshell sets one.
func (t *trapTable) forSubshell(errtrace, functrace bool) *trapTable {
	if t == nil || len(t.m) == 0 {
		return nil
	}
	c := &trapTable{m: t.m, listed: map[string]bool{}}
	for name, cmd := range t.m {
		live := cmd == "" && strings.HasPrefix(name, "SIG") || name == "ERR" && errtrace ||
			(name == "DEBUG" || name == "RETURN") && functrace
		if !live || t.listed[name] {
			c.listed[name] = true
		}
	}
	return c
}

// get is the trap that runs for name, if one does.
func (t *trapTable) get(name string) (string, bool) {
	if t == nil || t.listed[name] {
		return "", false
	}
	cmd, ok := t.m[name]
	return cmd, ok
}

func (r *Runner) trap(name string) string {
	cmd, _ := r.traps.get(name)
	return cmd
}

// runTrap runs a trap's text, keeping $? as it was.
func (r *Runner) runTrap(ctx context.Context, name string) {
	cmd := r.trap(name)
	if cmd == "" || r.inTrap {
		return
	}
	r.inTrap = true
	status := r.lastStatus
	r.runText(ctx, cmd, textTrap)
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

// signalInbox holds the signals a child shell sent to a shell that ran
// it (sh -c "kill -USR1 $$"): bash's parent takes them when the child
// it waits for has ended, so they are taken when runChildShell returns.
type signalInbox struct {
	mu   sync.Mutex
	sigs []int
}

// shellRef is a shell around a child shell: its $$ and its inbox.
type shellRef struct {
	pid   int
	inbox *signalInbox
}

// signalShell sends sig to the shell around this child shell whose $$
// is pid, reporting whether there is one.
func (r *Runner) signalShell(pid string, sig int) bool {
	for _, s := range r.shells {
		if strconv.Itoa(s.pid) == pid {
			if sig != 0 {
				s.inbox.mu.Lock()
				s.inbox.sigs = append(s.inbox.sigs, sig)
				s.inbox.mu.Unlock()
			}
			return true
		}
	}
	return false
}

// takeInbox handles the signals child shells sent this shell.
func (r *Runner) takeInbox(ctx context.Context) {
	if r.inbox == nil {
		return
	}
	r.inbox.mu.Lock()
	sigs := r.inbox.sigs
	r.inbox.sigs = nil
	r.inbox.mu.Unlock()
	for _, sig := range sigs {
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
	if cmd, ok := r.traps.get(name); ok {
		if cmd != "" {
			r.runTrap(ctx, name)
		}
		return
	}
	if !sigIgnoredByDefault(sig) {
		// Most signals end the shell (a shell cannot stop here).
		r.exitShell(128 + sig)
	}
}

// debugTrap runs the DEBUG trap before a simple command, (( )), [[ ]],
// and a for, case or select header, with $BASH_COMMAND the command's
// text; in a function only under set -T, as bash does.
func (r *Runner) debugTrap(ctx context.Context, st *syntax.Stmt) {
	text := ""
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr, *syntax.ArithmCmd, *syntax.TestClause, *syntax.DeclClause, *syntax.LetClause:
		text = r.sourceOf(c)
	case *syntax.ForClause:
		text = r.loopHeader(c)
	case *syntax.CaseClause:
		text = "case " + r.sourceOf(c.Word) + " in"
	default:
		return
	}
	r.runDebug(ctx, text)
}

// runDebug runs the DEBUG trap, if one runs here, with $BASH_COMMAND
// text: in a function only under set -T, as bash does.
func (r *Runner) runDebug(ctx context.Context, text string) {
	if r.inTrap || r.trap("DEBUG") == "" || r.funcDepth > 0 && !r.opts.functrace {
		return
	}
	r.setVar("BASH_COMMAND", text, false)
	// $LINENO in the trap is the command's line.
	r.lineFrozen++
	r.runTrap(ctx, "DEBUG")
	r.lineFrozen--
}

// loopDebug runs the DEBUG trap for a for loop's header again, on the
// loop's line: before each item of for NAME in, with the header as
// $BASH_COMMAND; before each test and step of for ((...)), with that
// expression as (( expr )) (part; nil: the test).
func (r *Runner) loopDebug(ctx context.Context, c *syntax.ForClause, part syntax.ArithmExpr) {
	if r.trap("DEBUG") == "" {
		return
	}
	r.loopLine(c)
	text := r.loopHeader(c)
	if l, ok := c.Loop.(*syntax.CStyleLoop); ok {
		text = r.loopArith(l, 1)
		if part != nil {
			text = r.loopArith(l, 2)
		}
	}
	r.runDebug(ctx, text)
}

// loopArith is expression i (0 init, 1 test, 2 step) of a for ((...))
// header as bash shows it in $BASH_COMMAND: ((text)), the text as
// written without its leading blanks, 1 when it is empty.
func (r *Runner) loopArith(l *syntax.CStyleLoop, i int) string {
	from, to := int(l.Lparen.Offset())+2, int(l.Rparen.Offset())
	var parts []string
	if l.Lparen.IsValid() && from <= to && to <= len(r.src) {
		parts = strings.Split(r.src[from:to], ";")
	}
	text := ""
	if i < len(parts) {
		text = strings.TrimLeft(parts[i], " \t\n")
	} else if x := [...]syntax.ArithmExpr{l.Init, l.Cond, l.Post}[i]; x != nil {
		text = r.sourceOf(x)
	}
	if text == "" {
		text = "1"
	}
	return "((" + text + "))"
}

// loopHeader is a for loop's text up to its body (for NAME in WORDS),
// $BASH_COMMAND in the DEBUG trap before each round; for ((...)), the
// first expression.
func (r *Runner) loopHeader(c *syntax.ForClause) string {
	if l, ok := c.Loop.(*syntax.CStyleLoop); ok {
		return r.loopArith(l, 0)
	}
	text := r.sourceOf(c)
	if i := strings.IndexAny(text, ";\n"); i >= 0 {
		text = strings.TrimSpace(text[:i])
	}
	return text
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
	r.runText(ctx, cmd, textExitTrap)
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

// singleQuote is bash's sh_single_quote: s in single quotes, each ' as
// '\” (a newline stays as it is).
func singleQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
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
	if r.trap("ERR") == "" || r.flow == flowReturn || r.funcDepth > 0 && !r.opts.errtrace {
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

// builtinTrap is trap [-lp] [[action] signal...], as trap.def reads it:
// a first argument that is all digits and names a signal, or one signal
// spec alone, resets; "-" resets; "" ignores.
func builtinTrap(ctx context.Context, r *Runner, args []string) int {
	const usage = "trap [-lp] [[arg] signal_spec ...]"
	opts, i, ok := r.builtinOpts(args, "lpP", usage)
	if !ok {
		return 2
	}
	args = args[i:]
	if opts.has('l') {
		io.WriteString(r.stdout(), sigTable())
		return 0
	}
	if len(args) == 0 || opts.has('p') || opts.has('P') {
		return r.printTraps(args)
	}
	action, sigs := args[0], args[1:]
	_, isSig := trapName(action)
	switch {
	case allDigits(action) && isSig, len(args) == 1 && action != "-" && isSig:
		// trap SIG...: reset.
		action, sigs = "-", args
	case len(sigs) == 0:
		r.printErr("trap: usage: " + usage + "\n")
		return 2
	}
	status := 0
	m := map[string]string{}
	if r.traps != nil {
		for k, v := range r.traps.m {
			if !r.traps.listed[k] {
				// A subshell that sets a trap forgets its parent's.
				m[k] = v
			}
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
			fmt.Fprintf(&b, "trap -- %s %s\n", singleQuote(cmd), name)
		}
	}
	return r.writeOut("trap", []byte(b.String()))
}
