package shell

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"memsh/shell/command"
)

// The trap builtin. mvdan/sh keeps an EXIT and an ERR action only, lists
// them with Go's quoting and has no -p; its ERR trap also fires in
// function bodies, where bash's fires only under set -E.
//
// memsh runs trap itself: each action is kept, as typed, in an internal
// variable per condition (so subshells see a copy, as in bash), for
// `trap` and `trap -p`; the EXIT and ERR actions are handed to the
// runner's own callbacks. The ERR action is guarded by an internal
// command that skips it in a function unless errtrace is on. Signals
// are accepted and listed, and never delivered (nothing in the sandbox
// sends them).

// trapVar holds the action for a condition as `trap` lists it
// (EXIT, SIGINT, ERR, ...).
func trapVar(name string) string { return internalPrefix + "trap_" + name }

// errTrapCmd guards the ERR action (see trapBuiltin).
const errTrapCmd = internalPrefix + "errtrap"

// trapName is the condition a trap spec names as bash lists it, or ok
// false.
func trapName(spec string) (string, bool) {
	up := strings.ToUpper(spec)
	switch up {
	case "EXIT", "0":
		return "EXIT", true
	case "ERR", "DEBUG", "RETURN":
		return up, true
	}
	n, ok := command.SignalNumber(spec)
	if !ok || n == 0 {
		return "", false
	}
	return "SIG" + command.SignalName(n), true
}

// trapOrder is the order of bash's listing: EXIT, the signals by
// number, then DEBUG, ERR and RETURN.
func trapOrder() []string {
	names := []string{"EXIT"}
	for n := 1; n <= 64; n++ {
		if s := command.SignalName(n); s != "" {
			names = append(names, "SIG"+s)
		}
	}
	return append(names, "DEBUG", "ERR", "RETURN")
}

func (c *core) trapBuiltin(hc interp.HandlerContext, args []string) int {
	flags, i, bad := builtinOpts(args, "lp")
	if bad != 0 {
		fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"trap: -%c: invalid option\ntrap: usage: trap [-lp] [[arg] signal_spec ...]\n", bad)
		return 2
	}
	ops := args[i:]
	if strings.Contains(flags, "l") {
		return c.listSignals(hc, nil) // jobs.go; bash's lists them all
	}
	if len(ops) == 0 || strings.Contains(flags, "p") {
		return c.printTraps(hc, ops)
	}
	action, specs := ops[0], ops[1:]
	if len(specs) == 0 {
		if action == "-" {
			fmt.Fprint(hc.Stderr, "trap: usage: trap [-lp] [[arg] signal_spec ...]\n")
			return 2
		}
		action, specs = "-", ops // trap SIG resets SIG
	}
	status := 0
	r := callingRunner(hc)
	for _, spec := range specs {
		name, ok := trapName(spec)
		if !ok {
			fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"trap: %s: invalid signal specification\n", spec)
			status = 1
			continue
		}
		vr := expand.Variable{}
		if action != "-" {
			vr = expand.Variable{Set: true, Kind: expand.String, Str: action}
		}
		setShellVar(r, trapVar(name), vr)
		run := ""
		if action != "-" && strings.TrimSpace(action) != "" {
			run = c.rewriteSource(action, "trap")
			if f, err := newParser().Parse(strings.NewReader(run), ""); err == nil && len(f.Stmts) == 0 {
				run = "" // only comments
			}
		}
		switch name {
		case "RETURN":
			noteReturnTrap(hc) // returntrap.go
		case "EXIT":
			setRunnerString(hc, trapExitField, run)
		case "ERR":
			if run != "" {
				// $LINENO in the action is the failed command's line, as
				// in bash; mvdan/sh gives the line in the action's text.
				run = strings.NewReplacer("${LINENO}", "${"+errLineVar+"}", "$LINENO", "${"+errLineVar+"}").Replace(run)
				run = errTrapCmd + " || { " + run + "\n}"
			}
			setRunnerString(hc, trapErrField, run)
		}
	}
	return status
}

// printTraps is `trap` and `trap -p [SPEC...]`.
func (c *core) printTraps(hc interp.HandlerContext, specs []string) int {
	names := trapOrder()
	status := 0
	if len(specs) > 0 {
		names = names[:0]
		for _, spec := range specs {
			name, ok := trapName(spec)
			if !ok {
				fmt.Fprintf(hc.Stderr, c.ctlPrefix(hc)+"trap: %s: invalid signal specification\n", spec)
				status = 1
				continue
			}
			names = append(names, name)
		}
	}
	var b strings.Builder
	for _, name := range names {
		if vr := hc.Env.Get(trapVar(name)); vr.IsSet() {
			b.WriteString("trap -- " + shellQuote(vr.String()) + " " + name + "\n")
		}
	}
	fmt.Fprint(hc.Stdout, b.String())
	return status
}

// errTrapStatus is __memsh_errtrap: 0 (skip the ERR action) in a
// function body when errtrace is off, else the failed status for the
// action's $?.
func (c *core) errTrapStatus(hc interp.HandlerContext) int {
	depth := funcDepth(hc.Env)
	if c.errDedup.repeat(depth) { // errtrap.go
		return 0
	}
	if depth > 0 && !setOptState(hc, "errtrace") {
		return 0
	}
	// mvdan/sh calls the trap again for each compound command a
	// failure ends (a function body, then its call) once the shell is
	// exiting or the function returning; bash runs it once, and never
	// for return itself.
	if exitFlag(hc, exitingField) || exitFlag(hc, returningField) {
		return 0
	}
	setShellVar(callingRunner(hc), errLineVar, expand.Variable{Set: true, Kind: expand.String, Str: strconv.FormatInt(c.callLine.Load(), 10)})
	if hc.LastExitStatus == 0 {
		return 1
	}
	return hc.LastExitStatus
}

// errLineVar is $LINENO in an ERR action.
const errLineVar = internalPrefix + "errline"

// The flags of the status a trap was called with (which mvdan/sh keeps
// as the trap's $?, in lastExit): exiting and returning.
var exitingField, returningField = sync.OnceValue(func() fieldOffset { return exitStatusField("exiting") }), sync.OnceValue(func() fieldOffset { return exitStatusField("returning") })

func exitStatusField(name string) fieldOffset {
	f, ok := runnerType.FieldByName("lastExit")
	if !ok || f.Type.Kind() != reflect.Struct || len(f.Index) != 1 {
		return fieldOffset{}
	}
	sub := offsetOf(f.Type, name, reflect.TypeFor[bool]())
	if !sub.ok {
		return fieldOffset{}
	}
	return fieldOffset{f.Offset + sub.off, true}
}

func exitFlag(hc interp.HandlerContext, f func() fieldOffset) bool {
	return runnerFlag(hc, f) // ctlflow.go
}

// trapExitVar holds the status an exit in a trap action asked for:
// mvdan/sh puts the status from before the trap back, and goes on after
// an ERR trap that exits, where bash's shell ends with the exit's
// status.
const trapExitVar = internalPrefix + "trapexit"

// noteTrapExit runs before exit in a trap action: it keeps the status
// for trapExitStatus and turns set -e on, so that mvdan/sh ends the
// shell once the ERR trap returns.
func noteTrapExit(hc interp.HandlerContext, args []string) {
	code := hc.LastExitStatus
	if len(args) > 1 {
		n, err := strconv.Atoi(args[1])
		if err != nil {
			return // exit's own error
		}
		code = n & 0xff
	}
	r := callingRunner(hc)
	setShellVar(r, trapExitVar, expand.Variable{Set: true, Kind: expand.String, Str: strconv.Itoa(code)})
	setRunnerOpt(r, 1, true)
}

// trapExitStatus is the status of shell r, which ended with status:
// the one an exit in a trap asked for, if any.
func trapExitStatus(r *interp.Runner, status int) int {
	if r == nil || !r.Exited() {
		return status
	}
	v, ok := r.Vars[trapExitVar]
	if !ok || !v.IsSet() {
		return status
	}
	n, err := strconv.Atoi(v.String())
	if err != nil {
		return status
	}
	return n
}
