package interp

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"memsh/shell/command"
)

// assign performs a plain assignment: a=b a+=b a[i]=b a=(...) a+=(...).
func (r *Runner) assign(ctx context.Context, as *syntax.Assign, tr *assignTrace) bool {
	name := r.resolveRef(as.Name.Value)
	if base, sub, ok := splitSubscript(name); ok && as.Index == nil && as.Array == nil {
		val, ok := r.assignValue(ctx, as.Value)
		r.traceAssignment(tr, as, val)
		if ok {
			sub, ok = r.textSubscript(sub)
		}
		return ok && r.setElem(base, sub, val, as.Append)
	}
	if text, ok := r.maskedName(as); ok {
		// a[]=1 (parse.go)
		r.errorf("%s: bad array subscript", text)
		return false
	}
	if !validName(name) {
		r.errorf("`%s': not a valid identifier", name)
		return false
	}
	if isOptionsVar(name) {
		r.errorf("%s: readonly variable", name)
		return false
	}
	if _, masked := r.maskedList(as.Value); masked && as.Index != nil || as.Array != nil && as.Index != nil {
		r.errorf("%s[%s]: cannot assign list to array member", name, r.sourceOf(as.Index))
		r.expansionFatal(1)
		return false
	}
	if as.Array != nil {
		r.traceAssignment(tr, as, "")
		if cur := r.lookupVar(name); cur != nil && cur.attrs&attrReadonly != 0 {
			r.errorf("%s: readonly variable", name)
			return false
		}
		v := r.vars.forWrite(name, -1)
		ok := r.assignArray(ctx, name, v, as.Array, as.Append)
		r.afterAssign(name, v)
		return ok
	}
	if as.Index != nil {
		// bash expands the value before the subscript.
		val, ok := r.assignValue(ctx, as.Value)
		if !ok {
			return false
		}
		r.traceAssignment(tr, as, val)
		sub, ok := r.subscript(ctx, r.lookupVar(name), as.Index)
		if !ok {
			return false
		}
		return r.setElem(name, sub, val, as.Append)
	}
	val, ok := r.assignValue(ctx, as.Value)
	if !ok {
		return false
	}
	r.traceAssignment(tr, as, val)
	if !r.setVar(name, val, as.Append) {
		return false
	}
	if r.opts.allexport {
		r.lookupVar(name).attrs |= attrExport
	}
	return true
}

// assignTrace is set -x's line for an assignment statement, when on.
type assignTrace struct{ prefix string }

// traceAssignment prints set -x's line for as, as bash does: an array
// as written (its elements joined by one space), otherwise the name (a
// subscript as written), = or +=, and the value expanded.
func (r *Runner) traceAssignment(tr *assignTrace, as *syntax.Assign, val string) {
	if tr == nil {
		return
	}
	var b strings.Builder
	b.WriteString(tr.prefix + as.Name.Value)
	if as.Index != nil {
		b.WriteString("[" + r.sourceOf(as.Index) + "]")
	}
	if as.Append {
		b.WriteByte('+')
	}
	b.WriteByte('=')
	if as.Array != nil {
		b.WriteByte('(')
		for i, el := range as.Array.Elems {
			if i > 0 {
				b.WriteByte(' ')
			}
			text := r.sourceOf(el)
			if el.Index != nil {
				text = "[" + text // an element's position is its index's
			}
			b.WriteString(text)
		}
		b.WriteByte(')')
	} else if val != "" {
		b.WriteString(traceQuote(val))
	}
	r.printErr(b.String() + "\n")
}

// afterAssign marks an array assignment's variable: set -a exports
// scalars only, as bash does (an array is never exported).
func (r *Runner) afterAssign(name string, v *Var) {
	if r.opts.allexport && !v.isArray() {
		v.attrs |= attrExport
	}
	r.varChanged(name, v)
}

// assignArray is name=(...) or name+=(...) into v.
func (r *Runner) assignArray(ctx context.Context, name string, v *Var, arr *syntax.ArrayExpr, appendTo bool) bool {
	if !appendTo {
		releaseVar(r.vars.mem, v)
	}
	// The new elements are built beside the old value, which their
	// words still see (a=("${a[@]}" x)); += appends in place.
	if v.attrs&attrAssoc != 0 || v.assoc != nil {
		target := v.assoc
		if !appendTo || target == nil {
			target = newAssoc()
		}
		defer func() { v.assoc, v.str, v.grow, v.idx, v.set = target, "", nil, nil, true }()
		var pending []string
		subscripted := false
		for _, el := range arr.Elems {
			subscripted = subscripted || el.Index != nil
		}
		for _, el := range arr.Elems {
			if el.Index != nil {
				k, ok := r.keyText(ctx, el.Index)
				if !ok {
					return false
				}
				// bash 5.2 expands no tilde in an associative
				// list's [k]=v
				w, add := r.elemAppend(el)
				val, ok := r.literalNoTilde(ctx, w)
				if !ok {
					return false
				}
				old, had := target.get(k)
				if add {
					// [k]+=v: onto the value before the list
					// (bash 5.1+), or the one before it in +=
					prev := ""
					if v.assoc != nil {
						prev, _ = v.assoc.get(k)
					}
					val = r.appendElem(v, prev, val)
				} else {
					val = r.convert(v, val)
				}
				if !r.chargeElem(name, v, old, had, val) {
					return false
				}
				target.set(k, val)
				continue
			}
			fs, ok := r.fields(ctx, el.Value)
			if !ok {
				return false
			}
			if subscripted {
				for _, f := range fs {
					r.errorf("%s: %s: must use subscript when assigning associative array", name, f)
				}
				continue
			}
			pending = append(pending, fs...)
		}
		// bash 5.1: a list without subscripts is key value pairs.
		for i := 0; i < len(pending); i += 2 {
			val := ""
			if i+1 < len(pending) {
				val = pending[i+1]
			}
			val = r.convert(v, val)
			old, had := target.get(pending[i])
			if !r.chargeElem(name, v, old, had, val) {
				return false
			}
			target.set(pending[i], val)
		}
		return true
	}
	target := v.idx
	if !appendTo || target == nil {
		old, had := v.value()
		target = &indexed{}
		if appendTo && had {
			target.set(0, old)
		}
	}
	defer func() {
		v.idx, v.str, v.grow, v.set = target, "", nil, true
		v.attrs |= attrIndexed
	}()
	// bash expands every value first, against the old array; then each
	// [i]= index is evaluated as its element is stored, seeing the
	// elements stored before it (a=([0]=6 [a[0]]=x) sets a[6]).
	vals := make([][]string, len(arr.Elems))
	plain := make([]bool, len(arr.Elems))
	for j, el := range arr.Elems {
		fs, isPlain, ok := r.plainElem(ctx, el)
		if !ok {
			return false
		}
		if isPlain {
			vals[j], plain[j] = fs, true
			continue
		}
		if el.Index != nil {
			w, _ := r.elemAppend(el)
			val, ok := r.assignValue(ctx, w)
			if !ok {
				return false
			}
			vals[j] = []string{val}
			continue
		}
		fs, ok = r.fields(ctx, el.Value)
		if !ok {
			return false
		}
		vals[j] = fs
	}
	v.idx, v.str, v.grow, v.set = target, "", nil, true
	v.attrs |= attrIndexed
	next := target.next()
	for j, el := range arr.Elems {
		if el.Index != nil && !plain[j] {
			n, err := r.arith(ctx, el.Index)
			if err != nil {
				r.arithFatal()
				return false
			}
			i := int(n)
			if i < 0 {
				i += target.next()
				if i < 0 {
					r.errorf("%s[%d]: bad array subscript", name, n)
					continue
				}
			}
			val := vals[j][0]
			old, had := target.get(i)
			if _, add := r.elemAppend(el); add {
				// [i]+=v appends to the element as it is now
				val = r.appendElem(v, old, val)
			} else {
				val = r.convert(v, val)
			}
			if !r.chargeElem(name, v, old, had, val) {
				return false
			}
			target.set(i, val)
			next = i + 1
			continue
		}
		for _, f := range vals[j] {
			f = r.convert(v, f)
			old, had := target.get(next)
			if !r.chargeElem(name, v, old, had, f) {
				return false
			}
			target.set(next, f)
			next++
		}
	}
	return true
}

// declOp is one declare/typeset/local/export/readonly command.
type declOp struct {
	variant    string
	on, off    attr
	global     bool
	print      bool
	funcs      bool // -f
	funcNames  bool // -F
	unexport   bool // export -n
	status     int
	sawAnyName bool
}

// declItem is one NAME, NAME=VALUE or structured assignment.
type declItem struct {
	name     string
	arg      string // the argument as given (text), for bash's message
	as       *syntax.Assign
	val      string
	hasVal   bool
	appendTo bool
	word     string // a structured scalar assignment as its expanded word, for $_
	// expanded: as's value was expanded before the command ran (val);
	// done: as, a compound array assignment, was made then.
	expanded, done bool
}

// declWord is a structured scalar assignment as the word bash's $_ keeps
// after declare & co. (NAME=VALUE, NAME[SUB]+=VALUE).
func declWord(as *syntax.Assign, sub, val string) string {
	w := as.Name.Value
	if as.Index != nil {
		w += "[" + sub + "]"
	}
	if as.Append {
		w += "+"
	}
	return w + "=" + val
}

// declClause runs declare & co. as the parser gives them: options and
// assignments with their arrays still structured.
func (r *Runner) declClause(ctx context.Context, c *syntax.DeclClause) int {
	op := &declOp{variant: c.Variant.Value}
	var items []declItem
	var traced []string // the words as set -x shows them, values filled in after
	optsDone := false
	for _, as := range c.Args {
		if as.Name == nil || as.Naked && as.Value != nil {
			w := as.Value
			fs, ok := r.fields(ctx, w)
			if !ok {
				return 1
			}
			r.unmaskDeclWord(w, fs)
			traced = append(traced, fs...)
			for _, f := range fs {
				if !optsDone && len(f) > 1 && (f[0] == '-' || f[0] == '+') {
					if f == "--" {
						optsDone = true
						continue
					}
					if st := op.parseFlags(r, f); st != 0 {
						return st
					}
					continue
				}
				optsDone = true
				items = append(items, parseDeclArg(f))
			}
			continue
		}
		optsDone = true
		if words, ok := r.blankSubscript(ctx, as); ok {
			// a[ a[2]=3 ]=Y: bash's words, a[ a[2]=3 ]=Y
			if words == nil {
				return 1
			}
			traced = append(traced, words...)
			for _, f := range words {
				items = append(items, parseDeclArg(f))
			}
			continue
		}
		it := declItem{name: as.Name.Value, as: as}
		if as.Index != nil || as.Array != nil || !as.Naked {
			it.hasVal = true
		}
		items = append(items, it)
		traced = append(traced, "")
	}
	defer func() {
		// $_ is the last word: an option, a name, an assignment with
		// its value expanded (an array assignment: the name).
		switch {
		case len(traced) == 0:
			r.lastArg = op.variant
		case traced[len(traced)-1] != "":
			r.lastArg = traced[len(traced)-1]
		default:
			it := items[len(items)-1]
			r.lastArg = it.name
			if it.word != "" {
				r.lastArg = it.word
			}
		}
	}()
	if !r.opts.xtrace {
		return r.declare(ctx, op, items)
	}
	prefix := r.tracePrefix()
	st := r.declare(ctx, op, items)
	// set -x: the command with its assignments' values; export and
	// readonly then show each assignment they made, as bash does.
	var b strings.Builder
	b.WriteString(prefix + op.variant)
	var assigned []string
	k := 0
	for _, w := range traced {
		if w == "" {
			for k < len(items) && items[k].as == nil {
				k++
			}
			if k == len(items) {
				continue
			}
			it := items[k]
			k++
			w = it.name
			if it.hasVal && it.as.Index == nil && it.as.Array == nil {
				v, _ := r.getVar(it.name)
				w += "=" + v
				assigned = append(assigned, it.name)
			}
		}
		b.WriteString(" " + traceQuote(w))
	}
	r.printErr(b.String() + "\n")
	if op.variant == "export" || op.variant == "readonly" {
		for _, n := range assigned {
			v, _ := r.getVar(n)
			r.traceAssign(prefix, n, v)
		}
	}
	return st
}

// builtinDeclare is declare & co. run as a command (builtin declare,
// command export, x=1 declare ...): every argument is text.
func builtinDeclare(ctx context.Context, r *Runner, args []string) int {
	op := &declOp{variant: args[0]}
	var items []declItem
	i := 1
	for ; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' && a[0] != '+' {
			break
		}
		if st := op.parseFlags(r, a); st != 0 {
			return st
		}
	}
	for _, a := range args[i:] {
		items = append(items, parseDeclArg(a))
	}
	return r.declare(ctx, op, items)
}

// parseDeclArg reads NAME, NAME=VALUE or NAME+=VALUE given as text.
func parseDeclArg(s string) declItem {
	name, val, ok := strings.Cut(s, "=")
	if !ok {
		return declItem{name: s, arg: s}
	}
	it := declItem{name: name, arg: s, val: val, hasVal: true}
	if strings.HasSuffix(name, "+") {
		it.name, it.appendTo = strings.TrimSuffix(name, "+"), true
	}
	return it
}

func (op *declOp) parseFlags(r *Runner, f string) int {
	on := f[0] == '-'
	for _, c := range f[1:] {
		var a attr
		switch c {
		case 'a':
			a = attrIndexed
		case 'A':
			a = attrAssoc
		case 'i':
			a = attrInteger
		case 'l':
			a = attrLower
		case 'u':
			a = attrUpper
		case 'n':
			if op.variant == "export" {
				op.unexport = true
				continue
			}
			a = attrNameref
		case 'r':
			a = attrReadonly
		case 'x':
			a = attrExport
		case 'g':
			op.global = true
			continue
		case 'p':
			op.print = true
			continue
		case 'f':
			op.funcs = true
			continue
		case 'F':
			op.funcNames = true
			continue
		case 't':
			continue
		default:
			usage := "declare [-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]"
			switch op.variant {
			case "local":
				usage = "local [option] name[=value] ..."
			case "export":
				usage = "export [-fn] [name[=value] ...] or export -p"
			case "readonly":
				usage = "readonly [-aAf] [name[=value] ...] or readonly -p"
			case "typeset":
				usage = "typeset [-aAfFgiIlnrtux] name[=value] ... or typeset -p [-aAfFilnrtux] [name ...]"
			}
			return r.usageError(op.variant, string(f[0])+string(c), usage)
		}
		if on {
			op.on |= a
		} else {
			op.off |= a
		}
	}
	return 0
}

// declare applies a parsed declare-family command.
func (r *Runner) declare(ctx context.Context, op *declOp, items []declItem) int {
	switch op.variant {
	case "export":
		if !op.unexport {
			op.on |= attrExport
		} else {
			op.off |= attrExport
		}
	case "readonly":
		op.on |= attrReadonly
	}
	inFunc := r.funcDepth > 0
	local := op.variant == "local" || (op.variant == "declare" || op.variant == "typeset") && inFunc && !op.global
	if op.variant == "local" && !inFunc {
		r.errorf("local: can only be used in a function")
		return 1
	}
	if op.funcs || op.funcNames {
		return r.declareFuncs(op, items)
	}
	if len(items) == 0 {
		r.syncOptionVars()
		return r.declareList(op)
	}
	if op.print && op.variant != "readonly" && op.variant != "export" {
		// readonly -p NAME and export -p NAME set, as without -p
		r.syncOptionVars()
		return r.declarePrint(op, items)
	}
	// bash expands every word before the command runs, so a value sees
	// no assignment of the same command (export A=1 v=$(printenv A)),
	// except a compound array assignment, made as its word is expanded
	// (subst.c's expand_declaration_argument).
	for i := range items {
		it := &items[i]
		switch {
		case it.as == nil || !it.hasVal:
		case it.as.Array != nil:
			r.declareOne(ctx, op, it, local)
			it.done = true
		default:
			val, ok := r.assignValue(ctx, it.as.Value)
			if !ok {
				return 1
			}
			it.val, it.expanded = val, true
		}
	}
	for i := range items {
		if !items[i].done {
			r.declareOne(ctx, op, &items[i], local)
		}
	}
	return op.status
}

func (r *Runner) declareOne(ctx context.Context, op *declOp, it *declItem, local bool) {
	name := it.name
	base, _, subscripted := splitSubscript(name)
	if subscripted {
		name = base
	}
	if (op.variant == "readonly" || op.variant == "export") && !it.hasVal && op.on&(attrIndexed|attrAssoc) != 0 {
		// readonly -a NAME and export -a NAME make no array: only a
		// value does (bash shows declare -r NAME)
		o := *op
		o.on &^= attrIndexed | attrAssoc
		r.declareOne(ctx, &o, it, local)
		op.status = max(op.status, o.status)
		return
	}
	if it.as != nil && it.as.Index != nil {
		subscripted = true
	}
	if !validName(name) || subscripted && (op.variant == "readonly" || op.variant == "export") {
		// readonly and export take no element (a[1]=x)
		arg := it.name
		if it.arg != "" {
			arg = it.arg
		} else if it.as != nil && it.as.Index != nil {
			arg = r.subscriptedName(it.as)
		}
		r.errorf("%s: `%s': not a valid identifier", op.variant, arg)
		op.status = 1
		return
	}
	if op.on&attrNameref == 0 && op.off&attrNameref == 0 && op.variant != "local" {
		if target := r.resolveRef(name); target != name {
			if b, _, ok := splitSubscript(target); ok {
				name = b
			} else {
				name = target
			}
		}
	}
	var v *Var
	switch {
	case local:
		fi := r.vars.funcFrame()
		if cur, ci := r.vars.lookup(name); cur != nil && ci >= fi {
			// Already local here, or in the temporary environment of
			// this function level (v=x f, v=x eval 'local v'): local
			// claims that variable, as bash's make_local_variable.
			v = r.vars.writable(ci).m[name]
			v.own()
			v.temp = false
		} else {
			if cur != nil && cur.attrs&attrReadonly != 0 {
				r.errorf("%s: %s: readonly variable", op.variant, name)
				op.status = 1
				return
			}
			v = &Var{}
			if cur != nil && cur.temp && !cur.isArray() {
				// A local shadowing a temporary-environment variable
				// starts with its value.
				v.str, v.set, v.attrs = cur.str, cur.set, cur.attrs&attrExport
			}
			r.vars.writable(fi).m[name] = v
		}
	case op.global:
		if _, ok := r.vars.frames[0].m[name]; ok {
			v = r.vars.writable(0).m[name]
			v.own()
		} else {
			v = &Var{}
			r.vars.writable(0).m[name] = v
		}
	default:
		v = r.vars.forWrite(name, 0)
	}
	if v.attrs&attrReadonly != 0 && (it.hasVal || op.on&^(attrReadonly|attrExport) != 0 || op.off&attrReadonly != 0) {
		r.errorf("%s: readonly variable", name)
		op.status = 1
		return
	}
	if op.on&attrAssoc != 0 && v.idx != nil {
		r.errorf("%s: %s: cannot convert indexed to associative array", op.variant, name)
		op.status = 1
		return
	}
	if op.on&attrIndexed != 0 && v.assoc != nil {
		r.errorf("%s: %s: cannot convert associative to indexed array", op.variant, name)
		op.status = 1
		return
	}
	if op.on&attrNameref != 0 && !it.hasVal && v.set && v.attrs&attrNameref == 0 && !refName(v.str) {
		// typeset -n on a variable holding "1" or "#": bash refuses
		r.errorf("%s: `%s': invalid variable name for name reference", op.variant, v.str)
		op.status = 1
		return
	}
	v.attrs = v.attrs&^op.off | op.on&^attrReadonly
	if op.on&attrUpper != 0 {
		v.attrs &^= attrLower
	}
	if op.on&attrLower != 0 {
		v.attrs &^= attrUpper
	}
	if v.attrs&attrAssoc != 0 && v.assoc == nil {
		s, ok := v.value()
		v.assoc = newAssoc()
		if ok {
			v.assoc.set("0", s)
		}
		v.str, v.grow = "", nil
	}
	if v.attrs&attrIndexed != 0 && v.idx == nil {
		s, ok := v.value()
		v.idx = &indexed{}
		if ok {
			v.idx.set(0, s)
		}
		v.str, v.grow = "", nil
	}
	if it.hasVal {
		ok := true
		switch {
		case it.as != nil && it.as.Array != nil:
			// declare d+=(x) on a new variable appends to nothing
			v.set = v.set || !it.as.Append
			ok = r.assignArray(ctx, name, v, it.as.Array, it.as.Append)
		case it.as != nil:
			val, vok := it.val, true
			if !it.expanded {
				val, vok = r.assignValue(ctx, it.as.Value)
			}
			if !vok {
				op.status = 1
				return
			}
			sub := ""
			if it.as.Index != nil {
				s, sok := r.subscript(ctx, v, it.as.Index)
				if !sok {
					op.status = 1
					return
				}
				sub = s
			}
			ok = r.declAssign(v, name, sub, it.as.Index != nil, val, it.as.Append)
			it.word = declWord(it.as, sub, val)
		default:
			if strings.HasPrefix(it.val, "(") && strings.HasSuffix(it.val, ")") && (v.isArray() || op.on&(attrIndexed|attrAssoc) != 0) {
				ok = r.assignArrayText(ctx, name, v, it.val, it.appendTo)
			} else {
				_, sub, _ := splitSubscript(it.name)
				ok = r.declAssign(v, name, sub, subscripted, it.val, it.appendTo)
			}
		}
		if !ok {
			op.status = 1
		}
	}
	if op.on&attrReadonly != 0 {
		v.attrs |= attrReadonly
	}
	if r.opts.allexport && op.off&attrExport == 0 && !v.isArray() && (it.hasVal || !local) {
		// set -a exports what declare assigns, and a global it only
		// declares.
		v.attrs |= attrExport
	}
	if op.on&attrExport != 0 && !v.set && !v.isArray() && !it.hasVal {
		// export NAME of an unset variable marks it; bash shows it as
		// declare -x NAME.
		v.attrs |= attrExport
	}
	r.varChanged(name, v)
}

// refName: s can be a nameref's target (a name, or name[sub]).
func refName(s string) bool {
	if base, _, ok := splitSubscript(s); ok {
		return validName(base)
	}
	return validName(s)
}

// declAssign assigns a declare value to v (a nameref stores the name).
func (r *Runner) declAssign(v *Var, name, sub string, subscripted bool, val string, appendTo bool) bool {
	if v.attrs&attrNameref != 0 && !subscripted {
		if val != "" && !validRef(val) {
			r.errorf("declare: `%s': invalid variable name for name reference", val)
			return false
		}
		v.str, v.grow, v.set = val, nil, true
		return true
	}
	if subscripted {
		return r.setElem(name, sub, val, appendTo)
	}
	return r.assignScalar(name, v, val, appendTo)
}

// assignArrayText is declare 'a=(1 2)' given as text: bash parses it.
func (r *Runner) assignArrayText(ctx context.Context, name string, v *Var, text string, appendTo bool) bool {
	op := "="
	if appendTo {
		op = "+="
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(name+op+text), "")
	if err != nil || len(f.Stmts) != 1 {
		return r.assignScalar(name, v, text, appendTo)
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Assigns) != 1 || call.Assigns[0].Array == nil {
		return r.assignScalar(name, v, text, appendTo)
	}
	v.set = true
	return r.assignArray(ctx, name, v, call.Assigns[0].Array, appendTo)
}

// declareList is declare/export/readonly without names: a listing.
func (r *Runner) declareList(op *declOp) int {
	var out strings.Builder
	filter := op.on
	if op.variant == "local" {
		if r.funcDepth == 0 {
			return 0
		}
		top := r.vars.frames[r.vars.funcFrame()]
		names := make([]string, 0, len(top.m))
		for k := range top.m {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, n := range names {
			fmt.Fprintln(&out, r.declareLine(n, top.m[n], true))
		}
		return r.writeOut(op.variant, []byte(out.String()))
	}
	for _, n := range r.vars.names() {
		v, _ := r.vars.lookup(n)
		if v.attrs&filter != filter {
			continue
		}
		if !op.print && filter == 0 {
			if v.set || v.isArray() {
				fmt.Fprintln(&out, r.setLine(n, v))
			}
			continue
		}
		fmt.Fprintln(&out, r.declareLine(n, v, true))
	}
	if !op.print && filter == 0 && (op.variant == "declare" || op.variant == "typeset") {
		// A bare declare lists the functions after the variables, as set.
		for _, n := range r.funcs.names() {
			fmt.Fprintln(&out, funcText(r.funcs.m[n]))
		}
	}
	return r.writeOut(op.variant, []byte(out.String()))
}

// declarePrint is declare -p NAME...
func (r *Runner) declarePrint(op *declOp, items []declItem) int {
	var out strings.Builder
	status := 0
	for _, it := range items {
		v, i := r.vars.lookup(it.name)
		if op.variant == "local" && i != r.vars.funcFrame() {
			// local -p lists the function's own variables
			v = nil
		}
		if v == nil {
			r.errorf("%s: %s: not found", op.variant, it.name)
			status = 1
			continue
		}
		fmt.Fprintln(&out, r.declareLine(it.name, v, true))
	}
	if st := r.writeOut(op.variant, []byte(out.String())); st != 0 {
		return st
	}
	return status
}

// attrLetters is a variable's attributes as declare prints them.
func attrLetters(v *Var) string {
	var b strings.Builder
	for _, f := range declareFlags {
		if v.attrs&f.a != 0 {
			b.WriteByte(f.c)
		}
	}
	return b.String()
}

// declareLine is one `declare -p` line.
func (r *Runner) declareLine(name string, v *Var, withValue bool) string {
	flags := attrLetters(v)
	if flags == "" {
		flags = "-"
	}
	line := "declare -" + strings.TrimPrefix(flags, "-") + " " + name
	if flags == "-" {
		line = "declare -- " + name
	}
	switch {
	case v.isArray():
		if !v.set && (v.idx == nil || len(v.idx.keys) == 0) && (v.assoc == nil || v.assoc.len() == 0) {
			return line
		}
		return line + "=" + r.arrayText(v)
	case !v.set:
		return line
	}
	return line + "=" + dquote(v.str)
}

// arrayText is an array's value as declare -p prints it.
func (r *Runner) arrayText(v *Var) string {
	var b strings.Builder
	b.WriteByte('(')
	if v.assoc != nil {
		v.assoc.each(func(k, val string) {
			b.WriteString("[" + assocKeyQuote(k) + "]=" + dquote(val) + " ")
		})
	} else if v.idx != nil {
		for i, k := range v.idx.keys {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString("[" + strconv.Itoa(k) + "]=" + dquote(v.idx.vals[i]))
		}
	}
	b.WriteByte(')')
	return b.String()
}

// assocKeyQuote quotes an associative key as declare -p does: only
// when it must, and "@" too (it would stand for every element).
func assocKeyQuote(k string) string {
	if k == "" || k == "@" {
		return dquote(k)
	}
	return command.BashQuoteIfNeeded(k, command.BashDouble)
}

// dquote double-quotes a value as declare -p does.
func dquote(s string) string {
	return command.BashQuoteValue(s, command.BashDouble)
}

// declareFuncs is declare -f / -F.
func (r *Runner) declareFuncs(op *declOp, items []declItem) int {
	names := make([]string, 0, len(items))
	for _, it := range items {
		names = append(names, it.name)
	}
	if len(names) == 0 {
		names = r.funcs.names()
	}
	status := 0
	for _, n := range names {
		fn, ok := r.funcs.m[n]
		if !ok {
			status = 1
			continue
		}
		if op.funcNames {
			if len(items) > 0 && r.opts.other[extdebugOpt] {
				// shopt -s extdebug: where it was defined
				fmt.Fprintf(r.stdout(), "%s %d %s\n", n, fn.base+fn.decl.Pos().Line(), fn.file)
			} else if len(items) > 0 {
				fmt.Fprintln(r.stdout(), n)
			} else {
				fmt.Fprintf(r.stdout(), "declare -f %s\n", n)
			}
			continue
		}
		fmt.Fprintln(r.stdout(), funcText(fn))
	}
	return status
}

// builtinUnset is unset [-fvn] NAME...
func builtinUnset(ctx context.Context, r *Runner, args []string) int {
	opts, i, ok := r.builtinOpts(args, "fvn", "unset [-f] [-v] [-n] [name ...]")
	if !ok {
		return 2
	}
	funcs, vars, ref := opts.has('f'), opts.has('v'), opts.has('n')
	status := 0
	for _, n := range args[i:] {
		if funcs && !vars {
			r.funcs = r.funcs.del(n)
			continue
		}
		base := n
		if b, _, ok := splitSubscript(n); ok {
			base = b
		}
		if !validName(base) && !vars && !ref {
			// a function's name may be any word (outside posix mode)
			r.funcs = r.funcs.del(n)
			continue
		}
		if !validName(base) {
			r.errorf("unset: `%s': not a valid identifier", n)
			status = 1
			continue
		}
		if ref {
			if v, i := r.vars.lookup(n); v != nil {
				f := r.vars.writable(i)
				releaseVar(r.vars.mem, f.m[n])
				delete(f.m, n)
			}
			continue
		}
		if r.lookupVar(n) == nil && !vars {
			if _, ok := r.funcs.m[n]; ok {
				r.funcs = r.funcs.del(n)
				continue
			}
		}
		if !r.unsetVar(n) {
			status = 1
		}
	}
	return status
}

// let runs the let keyword.
func (r *Runner) let(ctx context.Context, c *syntax.LetClause) int {
	var n int64
	r.arithWhat = "let: "
	defer func() { r.arithWhat = "" }()
	for _, x := range c.Exprs {
		v, err := r.letExpr(ctx, x)
		if err != nil {
			return 1
		}
		n = v
	}
	if n == 0 {
		return 1
	}
	return 0
}

// letExpr evaluates one argument of let: a builtin's argument, whose
// quotes are removed as any command's (in (( )) and $(( )) they are not).
func (r *Runner) letExpr(ctx context.Context, x syntax.ArithmExpr) (int64, error) {
	w, ok := x.(*syntax.Word)
	if !ok {
		// z='y*3' parsed as arithmetic: the word's quotes go too
		from, to := int(x.Pos().Offset()), int(x.End().Offset())
		if to <= len(r.src) && from < to && strings.ContainsAny(r.src[from:to], "'\"\\") {
			if parts, src, ok := parseWordText(r.src[from:to]); ok {
				saved := r.src
				r.src = src
				text, ok := r.literal(ctx, &syntax.Word{Parts: parts})
				r.src = saved
				if !ok {
					return 0, errArithExpand
				}
				return r.arithText(text)
			}
		}
	}
	if !ok || len(w.Parts) == 1 && isLit(w.Parts[0]) {
		return r.arith(ctx, x)
	}
	text, ok := r.literal(ctx, w)
	if !ok {
		return 0, errArithExpand
	}
	return r.arithText(text)
}

func isLit(p syntax.WordPart) bool {
	_, ok := p.(*syntax.Lit)
	return ok
}

// builtinLet is let run as a command word.
func builtinLet(ctx context.Context, r *Runner, args []string) int {
	if len(args) < 2 {
		r.errorf("let: expression expected")
		return 1
	}
	var n int64
	r.arithWhat = "let: "
	defer func() { r.arithWhat = "" }()
	for _, a := range args[1:] {
		v, err := r.arithText(a)
		if err != nil {
			return 1
		}
		n = v
	}
	if n == 0 {
		return 1
	}
	return 0
}

// subscriptedName is the name[subscript] of an assignment as written.
func (r *Runner) subscriptedName(as *syntax.Assign) string {
	from, at := int(as.Name.Pos().Offset()), int(as.Index.End().Offset())
	if at <= len(r.src) && from < at {
		if end := strings.IndexByte(r.src[at:], ']'); end >= 0 {
			return r.src[from : at+end+1]
		}
	}
	return as.Name.Value
}

// syncOptionVars writes SHELLOPTS and BASHOPTS, which $SHELLOPTS reads
// from the options each time, as the read-only variables the listings
// (declare -p, readonly -p, set) show.
func (r *Runner) syncOptionVars() {
	for _, o := range []struct {
		name  string
		table []setOption
	}{{"SHELLOPTS", setOptions}, {"BASHOPTS", shoptOptions}} {
		v, _ := r.vars.lookup(o.name)
		val := r.optionNames(o.table)
		if v != nil && v.str == val && v.set {
			continue
		}
		attrs := attrReadonly
		if v != nil {
			attrs |= v.attrs
		}
		r.setShellVar(o.name, attrs, true, val)
	}
}

// blankSubscript reports whether as, an argument of declare & co., has
// a blank in its subscript: bash, which reads a subscript with blanks
// as one word only in a command's own assignments, splits it into
// words there (a[ 1 ]=2 is a[, 1 and ]=2). It returns those words
// expanded (nil after an expansion error).
func (r *Runner) blankSubscript(ctx context.Context, as *syntax.Assign) ([]string, bool) {
	if as.Index == nil || as.Name == nil {
		return nil, false
	}
	open, end := int(as.Name.End().Offset()), int(as.End().Offset())
	if end > len(r.src) || open >= end || r.src[open] != '[' {
		return nil, false
	}
	closing, ok := matchClose(r.src, open+1, "]")
	if !ok || !strings.ContainsAny(r.src[open:closing], " \t") {
		return nil, false
	}
	src := ": " + r.src[int(as.Pos().Offset()):end] + "\n"
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(src), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Assigns) != 0 {
		return nil, false
	}
	saved := r.src
	r.src = src
	defer func() { r.src = saved }()
	words := []string{}
	for _, w := range call.Args[1:] {
		fs, ok := r.fields(ctx, w)
		if !ok {
			return nil, true
		}
		words = append(words, fs...)
	}
	return words, true
}
