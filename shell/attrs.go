package shell

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"memsh/shell/command"
)

// Variable attributes mvdan/sh v3.14.1 lacks: declare/local/typeset -i
// (integer: assignments are arithmetic), -l and -u (assignments are
// lower- or upper-cased). As with associative arrays (rewrite.go), the
// names given an attribute in any statement run so far are remembered
// for the session, and later assignments to them are rewritten:
//
//	n=EXPR   ->  n=$((EXPR))          n+=EXPR  ->  n=$((n+(EXPR)))
//	s=WORD   ->  s=WORD s=${s,,}      (-u: ${s^^})
//
// The declaration itself loses the flags mvdan/sh refuses, and
// `declare -p` of such a name is printed by memsh, with the flags.
// Attributes are noted by name, not per scope: a `local -i i` marks i
// as an integer everywhere afterwards.
//
// Also rewritten here: `let` with quoted or expanded arguments (which
// mvdan/sh takes as one number each) evaluates them as arithmetic at run
// time, and an assignment to SECONDS notes when it happened (see
// paramexp.go).

// attrsTracked is set once any session notes an attribute, so that eval
// and source strings holding assignments get rewritten from then on.
var attrsTracked atomic.Bool

// expandState is a session's record for this file and paramexp.go.
type expandState struct {
	mu     sync.Mutex
	global map[string]string // name -> attribute letters among "ilu"
	local  map[string]string // the same, declared local in some function
	// inFunc holds the statements of function bodies being rewritten,
	// until each is visited.
	inFunc map[*syntax.Stmt]bool
	// wrapped holds the commands already wrapped by readAttrs,
	// checkReadonly and rewriteDecl, until the walk reaches them inside
	// their wrapper.
	wrapped map[syntax.Command]bool
	// readonly holds the names ever declared read-only.
	readonly map[string]bool
	once     sync.Once
	start    time.Time
	// exprVars holds the variables seen assigned an arithmetic
	// expression, and arithVals is set once there is one
	// (arith_recursive.go).
	exprVars  map[string]bool
	arithVals atomic.Bool
	// naked holds the names declared without a value (decl.go).
	naked map[string]string
	// failglob is set once code mentions the option (failglob.go).
	failglob atomic.Bool
	globbed  map[syntax.Command]bool
	// nounset is set once code may turn on set -u (nounset.go).
	nounset atomic.Bool
}

// startTime is when the shell started, for $SECONDS.
func (e *expandState) startTime() time.Time {
	e.once.Do(func() { e.start = time.Now() })
	return e.start
}

// attr is name's attributes, global or local to any function.
func (e *expandState) attr(name string) string {
	return e.scoped(name, true)
}

// scoped is name's attributes as seen from a function body (inFunc) or
// from top-level code, which no function's locals reach.
func (e *expandState) scoped(name string, inFunc bool) string {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !inFunc {
		return e.global[name]
	}
	return e.global[name] + e.local[name]
}

// setAttrs adds (on) or removes the attribute letters of name. -l and -u
// exclude each other: the last given wins.
func (e *expandState) setAttrs(name, letters string, on, local bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	m := &e.global
	if local {
		m = &e.local
	}
	if *m == nil {
		*m = map[string]string{}
	}
	cur := (*m)[name]
	for _, l := range letters {
		cur = strings.ReplaceAll(cur, string(l), "")
		if on {
			if l == 'l' {
				cur = strings.ReplaceAll(cur, "u", "")
			} else if l == 'u' {
				cur = strings.ReplaceAll(cur, "l", "")
			}
			cur += string(l)
		}
	}
	if cur == "" {
		delete(*m, name)
		return
	}
	(*m)[name] = cur
	attrsTracked.Store(true)
}

// rewrapped reports whether ce is a command readAttrs, checkReadonly or
// rewriteDecl already wrapped, and forgets it.
func (e *expandState) rewrapped(ce syntax.Command) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.wrapped[ce] {
		return false
	}
	delete(e.wrapped, ce)
	return true
}

func (e *expandState) markWrapped(ce syntax.Command) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.wrapped == nil {
		e.wrapped = map[syntax.Command]bool{}
	}
	e.wrapped[ce] = true
}

// markFunc notes the statements of a function body as being in one.
func (e *expandState) markFunc(body *syntax.Stmt) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.inFunc == nil {
		e.inFunc = map[*syntax.Stmt]bool{}
	}
	syntax.Walk(body, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok {
			e.inFunc[st] = true
		}
		return true
	})
}

// isInFunc reports whether st is in a function body; done forgets st.
func (e *expandState) isInFunc(st *syntax.Stmt, done bool) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	in := e.inFunc[st]
	if done {
		delete(e.inFunc, st)
	}
	return in
}

// rewriteAttrs applies this file's rewrites to one statement.
func (c *core) rewriteAttrs(st *syntax.Stmt) {
	inFunc := c.exp.isInFunc(st, false)
	switch cmd := st.Cmd.(type) {
	case *syntax.FuncDecl:
		if cmd.Body != nil {
			c.exp.markFunc(cmd.Body)
		}
	case *syntax.DeclClause:
		if !c.exp.rewrapped(cmd) {
			c.rewriteDecl(st, cmd, inFunc)
		}
	case *syntax.CallExpr:
		switch {
		case c.exp.rewrapped(cmd):
		case len(cmd.Args) == 0:
			wrapFollow(st, c.rewriteAssigns(cmd, inFunc), inFunc, &c.exp)
			c.checkReadonly(st, cmd, inFunc)
		case cmd.Args[0].Lit() == "unset" && !inFunc:
			c.unsetAttrs(cmd.Args[1:])
		case cmd.Args[0].Lit() == "read":
			c.readAttrs(st, cmd, inFunc)
		}
	case *syntax.LetClause:
		if call := letCall(cmd); call != nil {
			st.Cmd = call
		}
	case *syntax.ForClause:
		if wi, ok := cmd.Loop.(*syntax.WordIter); ok && wi.Name != nil {
			if fix := c.loopVarFix(wi.Name.Value, inFunc); fix != nil {
				cmd.Do = append([]*syntax.Stmt{fix}, cmd.Do...)
			}
		}
	}
}

// unsetAttrs forgets the attributes of the variables a top-level unset
// removes (top-level statements are rewritten just before they run, so
// the order is the run's; in a function body it would not be).
func (c *core) unsetAttrs(args []*syntax.Word) {
	for _, w := range args {
		lit := w.Lit()
		switch {
		case lit == "-f":
			return
		case strings.HasPrefix(lit, "-"), !syntax.ValidName(lit):
			continue
		}
		c.exp.setAttrs(lit, "ilu", false, false)
		c.exp.setAttrs(lit, "ilu", false, true)
	}
}

// noteReadonly remembers the names a declaration makes read-only (all
// of them for `readonly`, else with -r).
func (c *core) noteReadonly(args []*syntax.Assign, all bool) {
	var names []string
	for _, a := range args {
		switch {
		case a.Name != nil:
			names = append(names, a.Name.Value)
		case a.Naked && a.Value != nil:
			if lit := a.Value.Lit(); strings.HasPrefix(lit, "-") && strings.Contains(lit, "r") {
				all = true
			} else if strings.HasPrefix(lit, "-") && strings.ContainsAny(lit, "fF") {
				return // functions
			}
		}
	}
	if !all {
		return
	}
	c.exp.mu.Lock()
	defer c.exp.mu.Unlock()
	if c.exp.readonly == nil {
		c.exp.readonly = map[string]bool{}
	}
	for _, n := range names {
		c.exp.readonly[n] = true
	}
	attrsTracked.Store(true)
}

// checkReadonly puts a check before an assignment to a name that may be
// read-only: assigning to a read-only variable ends the line, as in
// bash (mvdan/sh goes on).
func (c *core) checkReadonly(st *syntax.Stmt, ce *syntax.CallExpr, inFunc bool) {
	var names []*syntax.Word
	c.exp.mu.Lock()
	for _, a := range ce.Assigns {
		if a.Name != nil && c.exp.readonly[a.Name.Value] {
			names = append(names, litWord(a.Name.Value))
		}
	}
	c.exp.mu.Unlock()
	if len(names) == 0 {
		return
	}
	if b, ok := st.Cmd.(*syntax.Block); ok && len(b.Stmts) > 0 {
		// Wrapped by wrapFollow: check before the whole block.
		if inner, ok := b.Stmts[0].Cmd.(*syntax.CallExpr); ok {
			ce = inner
		}
	}
	c.exp.markWrapped(ce)
	line := strconv.FormatUint(uint64(st.Pos().Line()), 10)
	check := &syntax.Stmt{Cmd: &syntax.CallExpr{Args: append([]*syntax.Word{litWord(internalPrefix + "rocheck"), litWord(line)}, names...)}}
	b := &syntax.Block{Lbrace: st.Pos(), Rbrace: st.End(), Stmts: []*syntax.Stmt{check, {Cmd: st.Cmd, Position: st.Pos()}}}
	st.Cmd = b
	if inFunc {
		c.exp.markFunc(&syntax.Stmt{Cmd: b})
	}
}

// roCheck is the check checkReadonly puts in: args are the line and the
// names assigned.
func (c *core) roCheck(ctx context.Context, hc interp.HandlerContext, args []string) []string {
	if len(args) < 1 {
		return statusArgs(2)
	}
	for _, name := range args[1:] {
		if !hc.Env.Get(name).ReadOnly {
			continue
		}
		msg := fmt.Sprintf("%s%s: readonly variable\n", c.errPrefix(args[0]), name)
		if env, ok := runnerEnv(hc.Env); ok && inSubshell(env) {
			// bash ends only the subshell.
			io.WriteString(hc.Stderr, msg)
			return []string{"exit", "1"}
		}
		stopLine(ctx, hc.Stderr, msg)
		return statusArgs(1)
	}
	return statusArgs(hc.LastExitStatus)
}

// readStatus holds read's status while the variables it set get their
// attributes.
const readStatus = internalPrefix + "rs"

// readAttrs makes `read NAME...` give attributed names their attribute:
// the statement becomes { read ...; S=$?; FIXES; __memsh_status $S; }.
func (c *core) readAttrs(st *syntax.Stmt, ce *syntax.CallExpr, inFunc bool) {
	var fixes []*syntax.Stmt
	args := ce.Args[1:]
	for i := 0; i < len(args); i++ {
		lit := args[i].Lit()
		if strings.HasPrefix(lit, "-") && len(lit) > 1 {
			// Options that take a value, attached or next.
			if k := strings.IndexAny(lit, "adinNptu"); k > 0 && k == len(lit)-1 {
				i++
			}
			continue
		}
		if fix := c.loopVarFix(lit, inFunc); fix != nil && syntax.ValidName(lit) {
			fixes = append(fixes, fix)
		}
	}
	if len(fixes) == 0 {
		return
	}
	save := &syntax.Stmt{Cmd: &syntax.CallExpr{Assigns: []*syntax.Assign{{
		Name:  &syntax.Lit{Value: readStatus},
		Value: &syntax.Word{Parts: []syntax.WordPart{&syntax.ParamExp{Short: true, Param: &syntax.Lit{Value: "?"}}}},
	}}}}
	restore := &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{
		litWord(internalPrefix + "status"),
		{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{&syntax.ParamExp{Param: &syntax.Lit{Value: readStatus}}}}}},
	}}}
	inner := &syntax.Stmt{Cmd: st.Cmd, Redirs: st.Redirs, Position: st.Position}
	st.Redirs = nil
	c.exp.markWrapped(ce)
	stmts := append([]*syntax.Stmt{inner, save}, fixes...)
	b := &syntax.Block{Lbrace: st.Pos(), Rbrace: st.End(), Stmts: append(stmts, restore)}
	st.Cmd = b
	if inFunc {
		c.exp.markFunc(&syntax.Stmt{Cmd: b})
	}
}

// loopVarFix is the statement that gives a for loop's variable its
// attributes at the start of each iteration, or nil.
func (c *core) loopVarFix(name string, inFunc bool) *syntax.Stmt {
	attrs := c.exp.scoped(name, inFunc)
	switch {
	case strings.Contains(attrs, "i"):
		return &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{
			litWord(internalPrefix + "let"), litWord("-a"),
			{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{
				&syntax.Lit{Value: name + "=("}, &syntax.ParamExp{Param: &syntax.Lit{Value: name}}, &syntax.Lit{Value: ")"},
			}}}},
		}}}
	case strings.Contains(attrs, "l"), strings.Contains(attrs, "u"):
		op := syntax.LowerAll
		if strings.Contains(attrs, "u") {
			op = syntax.UpperAll
		}
		return &syntax.Stmt{Cmd: &syntax.CallExpr{Assigns: []*syntax.Assign{{
			Name:  &syntax.Lit{Value: name},
			Value: &syntax.Word{Parts: []syntax.WordPart{&syntax.ParamExp{Param: &syntax.Lit{Value: name}, Exp: &syntax.Expansion{Op: op}}}},
		}}}}
	}
	return nil
}

// rewriteDecl handles -i, -l and -u in a declaration.
func (c *core) rewriteDecl(st *syntax.Stmt, dc *syntax.DeclClause, inFunc bool) {
	if dc.Variant == nil {
		return
	}
	switch dc.Variant.Value {
	case "declare", "local", "typeset":
	case "readonly":
		if onlyFlag(dc.Args, "-p") {
			// mvdan/sh's readonly -p lists nothing.
			words := []*syntax.Word{litWord(internalPrefix + "declare_p"), litWord(strconv.FormatUint(uint64(st.Pos().Line()), 10)), litWord("-R")}
			st.Cmd = &syntax.CallExpr{Args: words}
			return
		}
		c.noteReadonly(dc.Args, true)
		return
	case "export":
		if onlyFlag(dc.Args, "-p") {
			// export -p lists exported variables with all their
			// attributes, and those exported without a value.
			words := []*syntax.Word{litWord(internalPrefix + "declare_p"), litWord(strconv.FormatUint(uint64(st.Pos().Line()), 10)), litWord("-X")}
			st.Cmd = &syntax.CallExpr{Args: words}
			return
		}
		c.exportN(st, dc, inFunc)
		return
	default:
		return
	}
	if declareFuncNames(st, dc) {
		return
	}
	c.noteReadonly(dc.Args, false)
	var on, off string
	unexport := false
	printing, global := false, dc.Variant.Value != "local" && !inFunc
	var names []string
	args := dc.Args[:0:0]
	for _, a := range dc.Args {
		lit := ""
		if a.Naked && a.Name == nil && a.Value != nil {
			lit = a.Value.Lit()
		}
		if len(lit) > 1 && (lit[0] == '-' || lit[0] == '+') {
			keep := lit[:1]
			for _, f := range lit[1:] {
				switch {
				case strings.ContainsRune("ilu", f) && lit[0] == '-':
					on += string(f)
				case strings.ContainsRune("ilu", f):
					off += string(f)
				case f == 'x' && lit[0] == '+':
					unexport = true
				default:
					switch f {
					case 'p':
						printing = true
					case 'g':
						global = true
					}
					keep += string(f)
				}
			}
			if len(keep) > 1 {
				args = append(args, &syntax.Assign{Naked: true, Value: litWord(keep)})
			}
			continue
		}
		if a.Name != nil {
			names = append(names, a.Name.Value)
		}
		args = append(args, a)
	}
	if printing {
		// memsh prints named variables itself: mvdan/sh's declare -p
		// lacks the attributes above, bash's $'...' quoting and the
		// trailing space of an associative array.
		plain := true
		for _, a := range args {
			if a.Name == nil && a.Value != nil && strings.Trim(a.Value.Lit(), "-p") != "" {
				plain = false
			}
		}
		if plain && len(names) > 0 {
			words := []*syntax.Word{litWord(internalPrefix + "declare_p"), litWord(strconv.FormatUint(uint64(st.Pos().Line()), 10))}
			for _, n := range names {
				words = append(words, litWord(n))
			}
			st.Cmd = &syntax.CallExpr{Args: words}
		}
		return
	}
	if on == "" && off == "" && !unexport {
		if !inFunc || global {
			// declare NAME=VALUE at top level (or -g) keeps the
			// attributes NAME has.
			var follow []*syntax.Stmt
			for _, a := range dc.Args {
				if a.Name == nil || a.Naked || a.Value == nil || a.Array != nil || a.Index != nil {
					continue
				}
				if stmt := c.attrAssign(a, false); stmt != nil {
					follow = append(follow, stmt)
				}
			}
			c.wrapDecl(st, dc, follow, inFunc)
		}
		return
	}
	dc.Args = args
	var follow []*syntax.Stmt
	if unexport {
		follow = append(follow, unexportStmt(names))
	}
	for _, a := range dc.Args {
		if a.Name == nil {
			continue
		}
		name := a.Name.Value
		local := inFunc && !global
		c.exp.setAttrs(name, off, false, local)
		c.exp.setAttrs(name, on, true, local)
		if a.Array != nil || a.Index != nil {
			c.convertElements(a, inFunc)
			continue
		}
		if a.Naked || a.Value == nil {
			continue
		}
		if stmt := c.attrAssign(a, inFunc); stmt != nil {
			follow = append(follow, stmt)
		}
	}
	c.wrapDecl(st, dc, follow, inFunc)
}

// attrAssign is the statement that gives a's value the attributes of
// its name (see convertAssign), or nil when none is needed.
func (c *core) attrAssign(a *syntax.Assign, inFunc bool) *syntax.Stmt {
	conv, stmt := c.convertAssign(a, true, inFunc)
	if conv != nil {
		return &syntax.Stmt{Cmd: &syntax.CallExpr{Assigns: []*syntax.Assign{conv}}}
	}
	return stmt
}

// wrapDecl runs the statements follow after the declaration dc in st.
func (c *core) wrapDecl(st *syntax.Stmt, dc *syntax.DeclClause, follow []*syntax.Stmt, inFunc bool) {
	if len(follow) > 0 {
		c.exp.markWrapped(dc)
	}
	wrapFollow(st, follow, inFunc, &c.exp)
}

// exportN handles `export -n NAME...`, which mvdan/sh ignores: the
// names stay set and lose the export attribute.
func (c *core) exportN(st *syntax.Stmt, dc *syntax.DeclClause, inFunc bool) {
	var names []string
	flagN := false
	args := dc.Args[:0:0]
	for _, a := range dc.Args {
		lit := ""
		if a.Naked && a.Name == nil && a.Value != nil {
			lit = a.Value.Lit()
		}
		if strings.HasPrefix(lit, "-") && strings.Contains(lit, "n") {
			flagN = true
			if keep := strings.ReplaceAll(lit, "n", ""); keep != "-" {
				args = append(args, &syntax.Assign{Naked: true, Value: litWord(keep)})
			}
			continue
		}
		if a.Name != nil {
			names = append(names, a.Name.Value)
		}
		args = append(args, a)
	}
	if !flagN || len(names) == 0 {
		return
	}
	// export -n NAME=VALUE assigns without exporting.
	assigns := []*syntax.Assign{}
	for _, a := range args {
		if a.Name != nil && !a.Naked {
			assigns = append(assigns, a)
		}
	}
	var follow []*syntax.Stmt
	if len(assigns) > 0 {
		st.Cmd = &syntax.CallExpr{Assigns: assigns}
		follow = append(follow, unexportStmt(names))
		wrapFollow(st, follow, inFunc, &c.exp)
		return
	}
	st.Cmd = unexportStmt(names).Cmd
}

func unexportStmt(names []string) *syntax.Stmt {
	args := []*syntax.Word{litWord(internalPrefix + "unexport")}
	for _, n := range names {
		args = append(args, litWord(n))
	}
	return &syntax.Stmt{Cmd: &syntax.CallExpr{Args: args}}
}

// unexport clears the export attribute of the named variables.
func unexport(hc interp.HandlerContext, names []string) []string {
	env, ok := runnerEnv(hc.Env)
	if !ok {
		return statusArgs(1)
	}
	for _, n := range names {
		vr := env.Get(n)
		if !vr.Declared() || !vr.Exported {
			continue
		}
		vr.Exported = false
		env.Set(n, vr)
	}
	return statusArgs(0)
}

// wrapFollow makes st a block of itself and the statements to follow it.
// The new statements are in a function body when st is.
func wrapFollow(st *syntax.Stmt, follow []*syntax.Stmt, inFunc bool, e *expandState) {
	if len(follow) == 0 {
		return
	}
	b := &syntax.Block{Lbrace: st.Pos(), Rbrace: st.End(), Stmts: append([]*syntax.Stmt{
		{Cmd: st.Cmd, Position: st.Pos()},
	}, follow...)}
	st.Cmd = b
	if inFunc {
		e.markFunc(&syntax.Stmt{Cmd: b})
	}
}

// rewriteAssigns rewrites the assignments of an assignment-only command
// to attributed names and to SECONDS.
func (c *core) rewriteAssigns(ce *syntax.CallExpr, inFunc bool) []*syntax.Stmt {
	var extra []*syntax.Assign
	var follow []*syntax.Stmt
	for _, a := range ce.Assigns {
		if a.Name == nil || a.Naked {
			continue
		}
		if a.Array != nil || a.Index != nil {
			c.convertElements(a, inFunc)
			continue
		}
		if a.Name.Value == "SECONDS" {
			extra = append(extra, &syntax.Assign{Name: &syntax.Lit{Value: secondsVar}, Value: &syntax.Word{Parts: []syntax.WordPart{
				&syntax.CmdSubst{Stmts: []*syntax.Stmt{{Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord(internalPrefix + "now")}}}}},
			}}})
			continue
		}
		if isCaseConversion(a) {
			continue
		}
		conv, stmt := c.convertAssign(a, false, inFunc)
		if conv != nil {
			extra = append(extra, conv)
		}
		if stmt != nil {
			follow = append(follow, stmt)
		}
	}
	ce.Assigns = append(ce.Assigns, extra...)
	return follow
}

// convertAssign rewrites an assignment to a name with attributes. An
// integer's value becomes arithmetic: a literal one in place; one with
// expansions, whose text bash evaluates (v=1+2; n=$v*2 is 5), by an
// internal let that follows (stmt). For -l and -u it gives the
// assignment that converts the value, to follow this one.
func (c *core) convertAssign(a *syntax.Assign, decl, inFunc bool) (conv *syntax.Assign, stmt *syntax.Stmt) {
	attrs := c.exp.scoped(a.Name.Value, inFunc || decl)
	if attrs == "" {
		return nil, nil
	}
	if strings.Contains(attrs, "i") && a.Value != nil && (hasExpansion(a.Value) || !staticArithOK(a.Value)) {
		name := a.Name.Value
		expr := name + "=("
		if !decl {
			// The value goes to a scratch variable, then is assigned
			// (or added) by the let.
			if a.Append {
				expr = name + "+=("
			}
			a.Name = &syntax.Lit{Value: intScratch}
			a.Append = false
			name = intScratch
		}
		stmt = &syntax.Stmt{Cmd: &syntax.CallExpr{Args: []*syntax.Word{
			litWord(internalPrefix + "let"), litWord("-a"),
			{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{
				&syntax.Lit{Value: expr}, &syntax.ParamExp{Param: &syntax.Lit{Value: name}}, &syntax.Lit{Value: ")"},
			}}}},
		}}}
	} else if strings.Contains(attrs, "i") {
		if a.Value == nil {
			a.Value = litWord("0")
		}
		text, ok := arithText(a.Value)
		if ok && a.Append {
			text = a.Name.Value + "+(" + text + ")"
		}
		if ae := parseArithm(text); ok && ae != nil {
			a.Value = &syntax.Word{Parts: []syntax.WordPart{ae}}
			a.Append = false
		}
	}
	op := syntax.LowerAll
	switch {
	case strings.Contains(attrs, "u"):
		op = syntax.UpperAll
	case !strings.Contains(attrs, "l"):
		return nil, stmt
	}
	return &syntax.Assign{Name: &syntax.Lit{Value: a.Name.Value}, Value: &syntax.Word{Parts: []syntax.WordPart{
		&syntax.ParamExp{Param: &syntax.Lit{Value: a.Name.Value}, Exp: &syntax.Expansion{Op: op}},
	}}}, stmt
}

// convertElements makes the element values of an assignment to an
// integer array arithmetic: name=(1+1 2*3), name[i]=1+1. Only text
// known before running is converted.
func (c *core) convertElements(a *syntax.Assign, inFunc bool) {
	if !strings.Contains(c.exp.scoped(a.Name.Value, inFunc), "i") {
		return
	}
	if a.Array != nil {
		for _, el := range a.Array.Elems {
			if el.Value != nil {
				staticArith(el.Value)
			}
		}
		return
	}
	if a.Value == nil {
		return
	}
	if !a.Append {
		staticArith(a.Value)
		return
	}
	// a[i]+=EXPR adds: a[i]=$((a[i]+(EXPR))).
	var idx bytes.Buffer
	if hasExpansion(a.Value) || syntax.NewPrinter().Print(&idx, a.Index) != nil {
		return
	}
	text, ok := arithText(a.Value)
	if !ok {
		return
	}
	if ae := parseArithm(a.Name.Value + "[" + idx.String() + "]+(" + text + ")"); ae != nil {
		a.Value = &syntax.Word{Parts: []syntax.WordPart{ae}}
		a.Append = false
	}
}

// staticArith makes w the arithmetic expansion of its text, when that
// holds no expansion and parses.
func staticArith(w *syntax.Word) {
	if hasExpansion(w) {
		return
	}
	text, ok := arithText(w)
	if !ok {
		return
	}
	if ae := parseArithm(text); ae != nil {
		w.Parts = []syntax.WordPart{ae}
	}
}

// staticArithOK reports whether w's text parses as arithmetic.
func staticArithOK(w *syntax.Word) bool {
	text, ok := arithText(w)
	return ok && parseArithm(text) != nil
}

// intScratch holds the value of n=WORD or n+=WORD for an integer n
// until the let that follows evaluates it.
const intScratch = internalPrefix + "int"

// hasExpansion reports whether w holds a parameter expansion or a
// command substitution.
func hasExpansion(w *syntax.Word) bool {
	found := false
	syntax.Walk(w, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst:
			found = true
		}
		return !found
	})
	return found
}

// isCaseConversion reports whether a is one convertAssign made.
func isCaseConversion(a *syntax.Assign) bool {
	if a.Value == nil || len(a.Value.Parts) != 1 {
		return false
	}
	pe, ok := a.Value.Parts[0].(*syntax.ParamExp)
	return ok && pe.Param != nil && pe.Param.Value == a.Name.Value && pe.Exp != nil && pe.Exp.Word == nil &&
		(pe.Exp.Op == syntax.LowerAll || pe.Exp.Op == syntax.UpperAll)
}

// arithText is the source of an arithmetic expression that a word's
// value stands for: its text without quotes, expansions as written.
func arithText(w *syntax.Word) (string, bool) {
	var sb strings.Builder
	var add func(parts []syntax.WordPart) bool
	add = func(parts []syntax.WordPart) bool {
		for _, part := range parts {
			switch p := part.(type) {
			case *syntax.Lit:
				sb.WriteString(p.Value)
			case *syntax.SglQuoted:
				if p.Dollar {
					return false
				}
				sb.WriteString(p.Value)
			case *syntax.DblQuoted:
				if p.Dollar || !add(p.Parts) {
					return false
				}
			case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp:
				var buf bytes.Buffer
				if err := syntax.NewPrinter().Print(&buf, &syntax.Word{Parts: []syntax.WordPart{p}}); err != nil {
					return false
				}
				sb.WriteString(buf.String())
			default:
				return false
			}
		}
		return true
	}
	if !add(w.Parts) {
		return "", false
	}
	if strings.TrimSpace(sb.String()) == "" {
		return "0", true
	}
	return sb.String(), true
}

// parseArithm parses text as the inside of $((...)), or gives nil.
func parseArithm(text string) *syntax.ArithmExp {
	// Text that closes the $(( early (a value "1)); cmd; ((") parses
	// to more than one word or statement, and is refused below.
	f, err := newParser().Parse(strings.NewReader(": $(("+text+"))"), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil
	}
	ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) != 2 || len(ce.Args[1].Parts) != 1 {
		return nil
	}
	ae, _ := ce.Args[1].Parts[0].(*syntax.ArithmExp)
	return ae
}

// letCall turns `let` with an argument that is quoted or expanded into
// the internal let, which evaluates its (expanded) arguments as
// arithmetic; plain arguments stay as mvdan/sh parsed them.
func letCall(lc *syntax.LetClause) *syntax.CallExpr {
	dynamic := false
	for _, x := range lc.Exprs {
		if w, ok := x.(*syntax.Word); ok && w.Lit() == "" {
			dynamic = true
		}
	}
	if !dynamic {
		return nil
	}
	args := []*syntax.Word{{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: lc.Pos(), Value: internalPrefix + "let"}}}}
	for _, x := range lc.Exprs {
		if w, ok := x.(*syntax.Word); ok {
			args = append(args, w)
			continue
		}
		var buf bytes.Buffer
		if err := syntax.NewPrinter().Print(&buf, &syntax.ArithmCmd{X: x}); err != nil {
			return nil
		}
		text := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(buf.String()), "(("), "))")
		args = append(args, &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: text}}})
	}
	return &syntax.CallExpr{Args: args}
}

// letBuiltin evaluates let's arguments through eval as one ((...)), so
// the status is 1 when the last is 0, as bash's let. With -a it is an
// integer variable's assignment, NAME=(VALUE) or NAME+=(VALUE) (see
// convertAssign): its status is 0, an empty value is 0, and a value
// that is not an expression stops the line, as in bash.
func (c *core) letBuiltin(ctx context.Context, hc interp.HandlerContext, args []string) []string {
	line := "1"
	if hc.Pos.IsValid() {
		line = strconv.FormatUint(uint64(hc.Pos.Line()), 10)
	}
	assign := len(args) > 0 && args[0] == "-a"
	if assign {
		args = args[1:]
		if len(args) != 1 {
			return statusArgs(2)
		}
		open, close := strings.IndexByte(args[0], '('), strings.LastIndexByte(args[0], ')')
		if open < 0 || close < open {
			return statusArgs(2)
		}
		value := args[0][open+1 : close]
		if strings.TrimSpace(value) == "" {
			args[0] = args[0][:open+1] + "0)"
		} else if parseArithm(value) == nil || letHasSubst(value) {
			msg := fmt.Sprintf("%s%s: syntax error: operand expected (error token is \"%s\")\n", c.errPrefix(line), value, errorToken(value))
			if c.opts.Script {
				// bash -c and scripts end here, interactive bash
				// abandons the line.
				io.WriteString(hc.Stderr, msg)
				return []string{"exit", "1"}
			}
			stopLine(ctx, hc.Stderr, msg)
			return statusArgs(1)
		}
		return []string{"eval", "((" + args[0] + ")) || :"}
	}
	if len(args) == 0 {
		fmt.Fprintf(hc.Stderr, "%slet: expression expected\n", c.errPrefix(line))
		return statusArgs(1)
	}
	for _, a := range args {
		if strings.TrimSpace(a) == "" || parseArithm(a) == nil || letHasSubst(a) {
			fmt.Fprintf(hc.Stderr, "%slet: %s: syntax error: operand expected (error token is \"%s\")\n", c.errPrefix(line), a, errorToken(a))
			return statusArgs(1)
		}
	}
	for _, a := range args {
		if ae := parseArithm(a); ae != nil && (mayDivideByZero(ae.X) || hasBadConstant(ae.X) || hasShift(ae.X) || c.exp.arithVals.Load() && c.readsExprVar(ae.X)) {
			// memsh's evaluator, for bash's messages (arith_recursive.go)
			return c.arithBuiltin(hc, []string{arithCmd, line, "let", strings.Join(args, ", ")})
		}
	}
	src := "((" + strings.Join(args, ", ") + "))"
	if strings.Contains(src, "[") {
		src = c.rewriteSource(src, "eval") // an element assignment (arith_eval.go)
	}
	return []string{"eval", src}
}

// errorToken guesses the token bash names in an arithmetic syntax
// error: a trailing operator, else the last word.
func errorToken(expr string) string {
	t := strings.TrimSpace(expr)
	i := len(t)
	for i > 0 && strings.IndexByte("+-*/%<>=!&|^~?:,", t[i-1]) >= 0 {
		i--
	}
	if i < len(t) {
		return t[i:]
	}
	if f := strings.Fields(t); len(f) > 0 {
		return f[len(f)-1]
	}
	return t
}

// letHasSubst reports whether arithmetic text holds a command or process
// substitution, which a let argument's value never runs in bash.
func letHasSubst(text string) bool {
	ae := parseArithm(text)
	found := false
	syntax.Walk(ae, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			found = true
		}
		return !found
	})
	return found
}

// varFlags is a variable's attributes as bash shows them (declare -p,
// ${v@a}), in bash's order.
func (c *core) varFlags(name string, vr expand.Variable) string {
	attrs := c.exp.attr(name)
	var sb strings.Builder
	switch vr.Kind {
	case expand.Indexed:
		sb.WriteByte('a')
	case expand.Associative:
		sb.WriteByte('A')
	}
	if strings.Contains(attrs, "i") {
		sb.WriteByte('i')
	}
	if vr.Kind == expand.NameRef {
		sb.WriteByte('n')
	}
	if vr.ReadOnly {
		sb.WriteByte('r')
	}
	if vr.Exported {
		sb.WriteByte('x')
	}
	for _, l := range "lu" {
		if strings.ContainsRune(attrs, l) {
			sb.WriteRune(l)
		}
	}
	return sb.String()
}

// declarePrint is `declare -p NAME...`, as bash prints it.
func (c *core) declarePrint(hc interp.HandlerContext, args []string) int {
	if len(args) == 0 {
		return 2
	}
	prefix, names := c.errPrefix(args[0]), args[1:]
	if len(names) > 0 && names[0] == "-F" {
		return declareF(hc, names[1:])
	}
	if len(names) > 0 && names[0] == "-f" {
		return c.declareFuncs(hc, names[1:])
	}
	if len(names) > 0 && names[0] == "-R" {
		names = readonlyNames(hc) // readonly -p
	}
	forceX := false
	if len(names) > 0 && names[0] == "-X" {
		names, forceX = exportedNames(hc), true // export -p
	}
	status := 0
	for _, name := range names {
		vr := hc.Env.Get(name)
		naked := c.exp.nakedKind(name, vr)
		if !vr.Declared() && c.exp.attr(name) == "" && naked == "" {
			fmt.Fprintf(hc.Stderr, "%sdeclare: %s: not found\n", prefix, name)
			status = 1
			continue
		}
		flags := c.varFlags(name, vr)
		if naked == "a" {
			flags = "a" + flags
		}
		if forceX && !strings.Contains(flags, "x") {
			// PWD, OLDPWD: exported, though mvdan/sh does not mark them.
			i := strings.IndexAny(flags, "lu")
			if i < 0 {
				i = len(flags)
			}
			flags = flags[:i] + "x" + flags[i:]
		}
		if flags == "" {
			flags = "-"
		}
		line := "declare -" + flags + " " + name
		switch {
		case (vr.Kind == expand.Indexed || vr.Kind == expand.Associative) && !vr.IsSet() && len(vr.List) == 0 && len(vr.Map) == 0:
			// declare -A h: declared, never assigned; bash shows no value.
		case vr.Kind == expand.Indexed || vr.Kind == expand.Associative:
			pe := &syntax.ParamExp{Param: &syntax.Lit{Value: name}, Index: litWord("@")}
			elems, keys, _, _ := elements(&expand.Config{Env: hc.Env}, name, vr, pe)
			line += "=" + arrayBody(vr, keys, elems)
		case vr.Kind == expand.NameRef:
			line += "=" + declQuote(vr.Str)
		case vr.IsSet():
			line += "=" + declQuote(vr.String())
		}
		fmt.Fprintln(hc.Stdout, line)
	}
	return status
}

// declQuote quotes a value as declare -p does: "..." unless it holds
// control characters, then $'...'.
func declQuote(s string) string { return command.BashQuoteValue(s, command.BashDouble) }
