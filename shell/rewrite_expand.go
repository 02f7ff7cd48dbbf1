package shell

import (
	"bytes"
	"context"
	"io"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Parameter expansions that mvdan/sh v3.14.1 gets wrong or lacks are
// computed by memsh instead:
//
//   - ${v/#pat/rep} and ${v/%pat/rep} (anchored substitution; mvdan/sh
//     treats # and % as part of the pattern), and a replacement holding
//     & (the match, as bash 5.2's patsub_replacement);
//   - extglob patterns (@(...), +(...), ...) in ${v#pat}, ${v%pat} and
//     ${v/pat/rep}, which mvdan/sh matches literally;
//   - the transformations ${v@Q}, @E, @P, @A, @K, @k, @a, and @U @u @L
//     on arrays (mvdan/sh quotes differently, joins arrays first and
//     lacks @P and @K);
//   - ${a[-n]} past the start of an array, which bash reports and
//     expands to nothing, where mvdan/sh stops the command;
//   - ${v?msg} and ${v:?msg}, whose error ends bash -c with 127 in
//     bash's words (mvdan/sh: status 1);
//   - ${!name} where name holds an array element (a[1]), and ${@:0},
//     which starts with mvdan/sh's $0 ("gosh");
//   - negative slice lengths (${s:1:-2}), and the errors bash treats
//     as fatal (${!x} with x unset or not a name, a slice ending before
//     its start), after which bash abandons the line;
//   - $- (bash's flags, not only set's) and $SECONDS.
//
// And $'...\cX...', which mvdan/sh leaves as written, becomes the
// quoted control character.
//
// Each such expansion in a statement becomes a reference to a hidden
// array variable (${__memsh_pe_N[@]} for a list, else ${__memsh_pe_N}),
// and the statement is preceded by `__memsh_pe 'LINE' 'SRC' ...`, which
// the call handler answers (expandBuiltin) by evaluating each SRC against
// the current variables and setting __memsh_pe_1, 2, ... in the
// caller's variables (through eval if those are out of reach). The
// statement's $? is kept.

// peVar is the prefix of the hidden variables holding computed expansions.
const peVar = internalPrefix + "pe_"

// needsExpandRewrite reports whether src may hold something this file or
// attrs.go rewrites, for code that is rewritten only when it may need it
// (eval, trap, alias, source).
func needsExpandRewrite(src string) bool {
	if attrsTracked.Load() && (strings.Contains(src, "=") || strings.Contains(src, "read") || strings.Contains(src, "for")) {
		return true // an assignment, read or for may need converting
	}
	for _, s := range []string{"$-", "${-", "${!", "SECONDS", "let", "declare", "local", "typeset", "readonly", "export",
		"@", "/#", "/%", "[-", ":-", "?", "+(", "*(", "?(", "!(", `\c`, toggleMark} {
		if strings.Contains(src, s) {
			return true
		}
	}
	return false
}

// prepExpansions rewrites the expansions of st's own words (not those of
// nested statements, which get their own) that memsh computes, and puts
// the statement that computes them first.
func (c *core) prepExpansions(st *syntax.Stmt, src string) {
	inFunc := c.exp.isInFunc(st, true)
	if st.Cmd == nil {
		return
	}
	if ce, ok := st.Cmd.(*syntax.CallExpr); ok && len(ce.Args) > 0 && ce.Args[0].Lit() == internalPrefix+"pe" {
		return
	}
	dropEmptyBraces(st) // braces.go
	lazyDefaults(st)    // lazy.go
	negIndexCheck(st)   // negidx.go
	c.failglobCheck(st) // failglob.go
	if dc, ok := st.Cmd.(*syntax.DeclClause); ok {
		c.noteNakedDecl(dc) // decl.go
		declArrayValues(dc)
	}
	var srcs []string
	replace := func(parts []syntax.WordPart) {
		for i, part := range parts {
			if sq, ok := part.(*syntax.SglQuoted); ok && sq.Dollar && strings.Contains(sq.Value, `\c`) {
				// mvdan/sh v3.14.1 keeps $'\cX' as written.
				// A NUL ends the string, as in bash.
				v, _, _ := strings.Cut(ansiUnescape(sq.Value), "\x00")
				if !strings.Contains(v, "'") {
					parts[i] = &syntax.SglQuoted{Value: v}
				}
				continue
			}
			if ae, ok := part.(*syntax.ArithmExp); ok && c.memshArith(ae.X) {
				// An element assignment or a bad number (arith_eval.go),
				// as written: bash's messages quote the text.
				text := ""
				if start, end := int(ae.Left.Offset()), int(ae.Right.Offset())+2; !ae.Bracket && start < end && end <= len(src) && strings.HasPrefix(src[start:], "$((") {
					text = src[start:end]
				} else if start, end := int(ae.Left.Offset())+2, int(ae.Right.Offset()); ae.Bracket && start <= end && end <= len(src) {
					text = "$((" + src[start:end] + "))" // $[...]
				} else {
					var buf bytes.Buffer
					if err := syntax.NewPrinter().Print(&buf, &syntax.Word{Parts: []syntax.WordPart{ae}}); err != nil {
						continue
					}
					text = buf.String()
				}
				n := strconv.Itoa(len(srcs)/2 + 1)
				srcs = append(srcs, strconv.FormatUint(uint64(ae.Pos().Line()), 10), text)
				parts[i] = &syntax.ParamExp{Param: &syntax.Lit{Value: peVar + n}}
				continue
			}
			pe, ok := part.(*syntax.ParamExp)
			if !ok || !memshExpands(pe) && !c.assocListed(pe) && !c.exprIndex(pe) {
				continue
			}
			var buf bytes.Buffer
			if err := syntax.NewPrinter().Print(&buf, &syntax.Word{Parts: []syntax.WordPart{pe}}); err != nil {
				continue
			}
			n := strconv.Itoa(len(srcs)/2 + 1)
			srcs = append(srcs, strconv.FormatUint(uint64(pe.Pos().Line()), 10), buf.String())
			ref := &syntax.ParamExp{Param: &syntax.Lit{Value: peVar + n}}
			if idx := listIndex(pe); idx != "" {
				ref.Index = litWord(idx)
			} else if pe.Excl && pe.Index == nil {
				ref.Index = litWord("@") // ${!n} with n='a[@]' is a list
			}
			parts[i] = ref
		}
	}
	visit := func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Stmt:
			return false
		case *syntax.Word:
			replace(n.Parts)
		case *syntax.DblQuoted:
			replace(n.Parts)
		case *syntax.ArithmExp:
			secondsInArithm(n.X)
			c.nounsetArith(&n.X) // nounset.go
		case *syntax.ArithmCmd:
			secondsInArithm(n.X)
			c.nounsetArith(&n.X)
		case *syntax.LetClause:
			for i, x := range n.Exprs {
				secondsInArithm(x)
				c.nounsetArith(&n.Exprs[i])
			}
		case *syntax.CStyleLoop:
			c.nounsetArith(&n.Init)
			c.nounsetArith(&n.Cond)
			c.nounsetArith(&n.Post)
		case *syntax.BinaryArithm:
			maskShifts(n) // arith_recursive.go
		}
		return true
	}
	syntax.Walk(st.Cmd, visit)
	for _, r := range st.Redirs {
		if r.Word != nil {
			syntax.Walk(r.Word, visit)
		}
		if r.Hdoc != nil {
			syntax.Walk(r.Hdoc, visit)
		}
	}
	if len(srcs) == 0 {
		return
	}
	args := []*syntax.Word{litWord(internalPrefix + "pe")}
	for _, s := range srcs {
		args = append(args, &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: s}}})
	}
	inner := &syntax.Stmt{Cmd: st.Cmd, Redirs: st.Redirs, Position: st.Position}
	st.Redirs = nil
	b := &syntax.Block{Lbrace: st.Position, Rbrace: st.End(), Stmts: []*syntax.Stmt{
		{Cmd: &syntax.CallExpr{Args: args}, Position: st.Position},
		inner,
	}}
	st.Cmd = b
	if inFunc {
		c.exp.markFunc(&syntax.Stmt{Cmd: b})
	}
}

// secondsInArithm turns the bare name SECONDS read in arithmetic
// ($((SECONDS - start))) into $SECONDS, for prepExpansions to compute.
func secondsInArithm(x syntax.ArithmExpr) {
	syntax.Walk(x, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.BinaryArithm:
			if w, ok := n.X.(*syntax.Word); ok && w.Lit() == "SECONDS" && isAssignOp(n.Op) {
				return false // an assignment to it
			}
		case *syntax.UnaryArithm:
			if n.Op == syntax.Inc || n.Op == syntax.Dec {
				return false
			}
		case *syntax.Word:
			if n.Lit() == "SECONDS" {
				n.Parts = []syntax.WordPart{&syntax.ParamExp{Param: &syntax.Lit{Value: "SECONDS"}}}
			}
			return false
		}
		return true
	})
}

func isAssignOp(op syntax.BinAritOperator) bool {
	switch op {
	case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn,
		syntax.RemAssgn, syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn:
		return true
	}
	return false
}

// listIndex is the index ("@" or "*") of an expansion that gives a list
// of fields, or "".
func listIndex(pe *syntax.ParamExp) string {
	if pe.Param.Value == "@" || pe.Param.Value == "*" {
		return pe.Param.Value
	}
	if w, ok := pe.Index.(*syntax.Word); ok && (w.Lit() == "@" || w.Lit() == "*") {
		return w.Lit()
	}
	return ""
}

// memshExpands reports whether memsh computes pe (see the list above).
func memshExpands(pe *syntax.ParamExp) bool {
	if pe.Param != nil && pe.Excl && pe.Names == 0 && pe.Index == nil && !pe.Length && !pe.Width && !pe.IsSet {
		return true // ${!name}: mvdan/sh misses name='a[1]' and ignores ${!name:1} and other operators
	}
	if pe.Param != nil && (pe.Param.Value == "@" || pe.Param.Value == "*") && pe.Slice != nil && pe.Slice.Offset != nil {
		if w, ok := pe.Slice.Offset.(*syntax.Word); ok && w.Lit() == "0" {
			return true // ${@:0}: $0 is the shell's name, not mvdan/sh's
		}
	}
	if pe.Param != nil && pe.Param.Value == "-" && pe.Length && pe.Index == nil && plain0(pe) {
		return true // ${#-}
	}
	if pe.Param != nil && pe.Length && len(pe.Param.Value) > 1 && isNumber(pe.Param.Value) && pe.Index == nil && plain0(pe) {
		return true // ${#10}: mvdan/sh knows $1 to $9 only
	}
	if pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.IsSet || pe.Names != 0 || pe.NestedParam != nil || len(pe.Modifiers) > 0 || pe.Flags != nil {
		return false
	}
	if n := pe.Param.Value; len(n) > 1 && isNumber(n) && pe.Index == nil && pe.Slice == nil {
		return true // ${10} and up: mvdan/sh knows $1 to $9 only
	}
	name := pe.Param.Value
	plain := pe.Index == nil && pe.Slice == nil && pe.Repl == nil && pe.Exp == nil
	if plain && (name == "-" || name == "SECONDS") {
		return true
	}
	if name == "-" && pe.Index == nil && pe.Repl == nil && pe.Exp == nil {
		return true // ${#-}, ${-:1}
	}
	if strings.HasPrefix(name, internalPrefix) {
		return false
	}
	if u, ok := pe.Index.(*syntax.UnaryArithm); ok && u.Op == syntax.Minus && plain0(pe) {
		return true
	}
	if pe.Slice != nil {
		// A negative length, which mvdan/sh takes as 0 past the offset
		// for arrays and never reports.
		u, ok := pe.Slice.Length.(*syntax.UnaryArithm)
		return ok && u.Op == syntax.Minus && pe.Repl == nil && pe.Exp == nil
	}
	switch {
	case pe.Repl != nil:
		if lit, ok := firstLit(pe.Repl.Orig); ok && (strings.HasPrefix(lit, "#") || strings.HasPrefix(lit, "%")) {
			return true
		}
		return hasExtglob(pe.Repl.Orig) || hasAmpersand(pe.Repl.With) || hasBackslash(pe.Repl.With)
	case isToggle(pe):
		return true // ${v~}, ${v~~} (toggle.go)
	case pe.Exp != nil:
		switch pe.Exp.Op {
		case syntax.OtherParamOps, syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
			return true
		case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
			// "${a[@]:-word}": mvdan/sh's element path skips the
			// operator (an empty or unset array gives nothing).
			return listIndex(pe) != "" && !hasCmdSubst(pe.Exp.Word)
		case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix:
			// A quoted pattern (${v#"$p"}, ${v%'*b'}, ${v#a\*}) is
			// literal text; mvdan/sh globbed it.
			return hasExtglob(pe.Exp.Word) || hasQuoting(pe.Exp.Word)
		}
	}
	return false
}

// funcMsg words an expansion's error from a function body as bash -c
// does: "environment: line N:" in place of "bash: line N:".
func (c *core) funcMsg(hc interp.HandlerContext, line, msg string) string {
	pfx := c.errPrefix(line)
	if msg == "" || pfx == "bash: " || !c.opts.Script || c.opts.FromFile || funcDepth(hc.Env) == 0 {
		return msg
	}
	for _, mark := range []string{exitMark, fatalMark, ""} {
		if rest, ok := strings.CutPrefix(msg, mark+pfx); ok {
			return mark + "environment: " + strings.TrimPrefix(pfx, c.scriptName()+": ") + rest
		}
	}
	return msg
}

// hasCmdSubst reports whether w runs a command when expanded.
func hasCmdSubst(w *syntax.Word) bool {
	found := false
	if w != nil {
		syntax.Walk(w, func(n syntax.Node) bool {
			switch n.(type) {
			case *syntax.CmdSubst, *syntax.ProcSubst:
				found = true
			}
			return !found
		})
	}
	return found
}

// plain0 reports whether pe has no operator, only its parameter and index.
func plain0(pe *syntax.ParamExp) bool {
	return pe.Slice == nil && pe.Repl == nil && pe.Exp == nil
}

func firstLit(w *syntax.Word) (string, bool) {
	if w == nil || len(w.Parts) == 0 {
		return "", false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return "", false
	}
	return lit.Value, true
}

// hasExtglob reports whether an unquoted part of w opens an extglob group.
func hasExtglob(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	for _, part := range w.Parts {
		lit, ok := part.(*syntax.Lit)
		if !ok {
			continue
		}
		for _, op := range []string{"@(", "+(", "*(", "?(", "!("} {
			if strings.Contains(lit.Value, op) {
				return true
			}
		}
	}
	return false
}

// hasQuoting reports whether w has quoted text that may hold a pattern
// character: a quoted * ? or [, one escaped with a backslash, or a
// quoted expansion (whose value may hold one).
func hasQuoting(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	const glob = "*?["
	for _, part := range w.Parts {
		switch part := part.(type) {
		case *syntax.SglQuoted:
			if strings.ContainsAny(part.Value, glob) {
				return true
			}
		case *syntax.DblQuoted:
			for _, q := range part.Parts {
				if lit, ok := q.(*syntax.Lit); !ok || strings.ContainsAny(lit.Value, glob) {
					return true
				}
			}
		case *syntax.Lit:
			if strings.Contains(part.Value, `\*`) || strings.Contains(part.Value, `\?`) || strings.Contains(part.Value, `\[`) {
				return true
			}
		}
	}
	return false
}

// hasBackslash reports whether an unquoted backslash is in w, which
// mvdan/sh keeps in a replacement (${v//./\/} gave a\/b).
func hasBackslash(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	for _, part := range w.Parts {
		if lit, ok := part.(*syntax.Lit); ok && strings.Contains(lit.Value, `\`) {
			return true
		}
	}
	return false
}

// hasAmpersand reports whether an unquoted & is in w, or may be: in the
// value of an unquoted expansion.
func hasAmpersand(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	for _, part := range w.Parts {
		switch part := part.(type) {
		case *syntax.Lit:
			if strings.Contains(part.Value, "&") {
				return true
			}
		case *syntax.ParamExp:
			return !hasCmdSubst(w) // its value may hold one
		}
	}
	return false
}

// expandBuiltin answers the internal commands of this file and attrs.go
// that need the caller's variables (the call handler's context) or eval.
func (c *core) expandBuiltin(ctx context.Context, hc interp.HandlerContext, args []string) []string {
	switch args[0] {
	case internalPrefix + "pe":
		return c.peBuiltin(ctx, hc, args[1:])
	case internalPrefix + "let":
		return c.letBuiltin(ctx, hc, args[1:])
	case internalPrefix + "rocheck":
		return c.roCheck(ctx, hc, args[1:])
	case internalPrefix + "unexport":
		return unexport(hc, args[1:])
	case negIdxCmd:
		return c.negIndexBuiltin(ctx, hc, args)
	case failglobCmd:
		return c.failglobBuiltin(ctx, hc, args)
	case internalPrefix + "declare_p":
		return statusArgs(c.declarePrint(hc, args[1:]))
	}
	return args
}

// peBuiltin evaluates the expansions given as line, source pairs and
// assigns them to __memsh_pe_1, 2, ..., or acts on a fatal error.
func (c *core) peBuiltin(ctx context.Context, hc interp.HandlerContext, args []string) []string {
	env, direct := runnerEnv(hc.Env)
	var script strings.Builder
	for i := 0; i+1 < len(args); i += 2 {
		if text, ok := strings.CutPrefix(args[i+1], "$(("); ok {
			// Arithmetic with element assignments (arith_eval.go).
			v, sets, _, msg := c.evalArith(hc, strings.TrimSuffix(text, "))"))
			if name, ok := strings.CutPrefix(msg, unboundMark); ok {
				return []string{"eval", `: "${` + name + `}"`}
			}
			if msg != "" {
				msg = c.funcMsg(hc, args[i], c.errPrefix(args[i])+msg)
				if direct && inSubshell(env) {
					io.WriteString(hc.Stderr, msg)
					return []string{"exit", "1"} // bash ends the subshell
				}
				stopLine(ctx, hc.Stderr, msg)
				return statusArgs(1)
			}
			script.WriteString(sets + peVar + strconv.Itoa(i/2+1) + "=" + strconv.FormatInt(v, 10) + "; ")
			continue
		}
		fields, fatal := c.evalParamSource(hc, args[i], args[i+1])
		fatal = c.funcMsg(hc, args[i], fatal)
		if name, ok := strings.CutPrefix(fatal, unboundMark); ok {
			return []string{"eval", `: "${` + name + `}"`}
		}
		if msg, ok := strings.CutPrefix(fatal, exitMark); ok {
			// ${v?msg}: bash -c exits with 127, a subshell with 1,
			// and the interactive shell abandons the line.
			switch {
			case direct && inSubshell(env):
				io.WriteString(hc.Stderr, msg)
				return []string{"exit", "1"}
			case c.opts.Script:
				io.WriteString(hc.Stderr, msg)
				return []string{"exit", "127"}
			}
			stopLine(ctx, hc.Stderr, msg)
			return statusArgs(1)
		}
		if fatal != "" {
			// bash abandons the line, or ends the subshell.
			if direct && inSubshell(env) {
				io.WriteString(hc.Stderr, fatal)
				return []string{"exit", "1"}
			}
			stopLine(ctx, hc.Stderr, fatal)
			return statusArgs(1)
		}
		if fields == nil {
			fields = []string{}
		}
		setHiddenArray(&script, env, direct, peVar+strconv.Itoa(i/2+1), fields)
	}
	return hiddenArraysDone(hc, &script)
}

// setHiddenArray gives an internal array the fields computed for a word:
// directly when the runner's environment allows it (eval would parse
// and rewrite), else as an assignment added to script.
func setHiddenArray(script *strings.Builder, env expand.WriteEnviron, direct bool, name string, fields []string) {
	if direct && env.Set(name, expand.Variable{Set: true, Kind: expand.Indexed, List: fields}) == nil {
		return
	}
	script.WriteString(name + "=(")
	for k, f := range fields {
		if k > 0 {
			script.WriteByte(' ')
		}
		script.WriteString(bashQuote(f))
	}
	script.WriteString("); ")
}

// hiddenArraysDone is the helper's reply once setHiddenArray has seen
// every word: $? kept, through eval when some assignments are left.
func hiddenArraysDone(hc interp.HandlerContext, script *strings.Builder) []string {
	if script.Len() == 0 {
		return statusArgs(hc.LastExitStatus)
	}
	script.WriteString(internalPrefix + "status " + strconv.Itoa(hc.LastExitStatus))
	return []string{"eval", script.String()}
}
