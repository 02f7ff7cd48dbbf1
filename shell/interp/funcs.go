package interp

import (
	"sort"
	"strconv"
	"sync/atomic"

	"mvdan.cc/sh/v3/syntax"
)

// cowMap is a name table shared by a shell and its subshells: refs
// counts the shells holding it, and a write to a shared one copies it.
type cowMap[V any] struct {
	refs atomic.Int32
	m    map[string]V
}

func newCow[V any]() *cowMap[V] {
	c := &cowMap[V]{m: map[string]V{}}
	c.refs.Store(1)
	return c
}

func (c *cowMap[V]) share() *cowMap[V] {
	c.refs.Add(1)
	return c
}

func (c *cowMap[V]) release() { c.refs.Add(-1) }

// writable is c, or a private copy of it when another shell holds it.
func (c *cowMap[V]) writable() *cowMap[V] {
	if c.refs.Load() == 1 {
		return c
	}
	n := newCow[V]()
	for k, v := range c.m {
		n.m[k] = v
	}
	c.refs.Add(-1)
	return n
}

func (c *cowMap[V]) set(k string, v V) *cowMap[V] {
	w := c.writable()
	w.m[k] = v
	return w
}

func (c *cowMap[V]) del(k string) *cowMap[V] {
	if _, ok := c.m[k]; !ok {
		return c
	}
	w := c.writable()
	delete(w.m, k)
	return w
}

func (c *cowMap[V]) names() []string {
	out := make([]string, 0, len(c.m))
	for k := range c.m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// funcDef is a defined function.
type funcDef struct {
	name string
	src  string // the text the body was parsed from
	base uint   // the line that text is numbered on from (eval's)
	file string // the file it was defined in, for BASH_SOURCE
	body *syntax.Stmt
	decl *syntax.FuncDecl
	// exported: declare -fx (kept for declare -F listings).
	exported bool
}

type funcTable = cowMap[*funcDef]

func newFuncs() *funcTable { return newCow[*funcDef]() }

type aliasTable = cowMap[string]

func newAliases() *aliasTable { return newCow[string]() }

// callFrame is one level of bash's call stack, as FUNCNAME, BASH_SOURCE,
// BASH_LINENO and caller show it: a function call or a sourced file.
type callFrame struct {
	name string // the function, or "source"
	file string // the file the function was defined in, or the sourced file
	line uint   // the line the call (or the source command) was on
}

// pushFrame enters a function call (fn) or a sourced file.
func (r *Runner) pushFrame(f callFrame, fn bool) {
	r.frames = append(r.frames, f)
	if fn {
		r.funcDepth++
	}
}

// popFrame leaves the innermost frame and returns it.
func (r *Runner) popFrame(fn bool) callFrame {
	f := r.frames[len(r.frames)-1]
	r.frames = r.frames[:len(r.frames)-1]
	if fn {
		r.funcDepth--
	}
	return f
}

// sourceFile is ${BASH_SOURCE[0]}: the file a function defined now
// belongs to. bash -c's own text, and the session's lines, are
// "environment" (bash's name for functions defined before its
// start-up ended).
func (r *Runner) sourceFile() string {
	if n := len(r.frames); n > 0 {
		return r.frames[n-1].file
	}
	if r.fromFile {
		return r.arg0
	}
	return "environment"
}

// callStack lists one of FUNCNAME, BASH_SOURCE and BASH_LINENO as bash
// keeps it, innermost first: a script file adds its own level at the
// bottom ("main", the file, line 0); bash -c has none.
func (r *Runner) callStack(name string) []string {
	n := len(r.frames)
	vals := make([]string, 0, n+1)
	for i := n - 1; i >= 0; i-- {
		f := r.frames[i]
		switch name {
		case "FUNCNAME":
			vals = append(vals, f.name)
		case "BASH_SOURCE":
			vals = append(vals, f.file)
		default:
			vals = append(vals, strconv.FormatUint(uint64(f.line), 10))
		}
	}
	if r.fromFile {
		switch name {
		case "FUNCNAME":
			vals = append(vals, "main")
		case "BASH_SOURCE":
			vals = append(vals, r.arg0)
		default:
			vals = append(vals, "0")
		}
	}
	return vals
}

// nestOK checks the function nesting limits before a call to name.
// FUNCNEST, set to a positive number, is bash's limit: past it the call
// fails with bash's message and the rest of the top-level command is
// abandoned (a subshell ends). memsh's own limit (Config.MaxCallDepth,
// which the levels of the shells around a child shell count against
// too) stops a runaway recursion whole: the top-level command ends, and
// so does every subshell and command substitution it ran in
// (nestStopped), so nothing more is printed.
func (r *Runner) nestOK(name string) bool {
	if s, ok := r.getVar("FUNCNEST"); ok {
		if n, ok := legalNumber(s); ok && n > 0 && n < int64(r.cfg.MaxCallDepth) && int64(r.funcDepth) >= n {
			r.errorf("%s: maximum function nesting level exceeded (%d)", name, r.funcDepth)
			r.lastStatus, r.flow = 1, flowDiscard
			return false
		}
	}
	if r.cfg.callBase+r.funcDepth < r.cfg.MaxCallDepth {
		return true
	}
	r.errorf("%s: maximum function nesting level exceeded (%d)", name, r.cfg.MaxCallDepth)
	r.lastStatus, r.flow, r.nestHit = 1, flowDiscard, true
	return false
}

// nestStopped carries the session's nesting limit out of a subshell
// this shell waited for: the command it ran in is abandoned too.
func (r *Runner) nestStopped(sub *Runner) bool {
	if !sub.nestHit {
		return false
	}
	r.lastStatus, r.flow, r.nestHit = 1, flowDiscard, true
	return true
}
