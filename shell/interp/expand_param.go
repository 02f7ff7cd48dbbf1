package interp

import (
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"

	"memsh/shell/command"
)

// paramVal is what a parameter names before its operator: one value, or
// a list ($@, ${a[@]}, ${!a[@]}) with how it joins.
type paramVal struct {
	name string
	val  string
	set  bool
	list []string
	// isList: the expansion has one field per element; star: joined by
	// IFS's first character when quoted ($*, ${a[*]}).
	isList, star bool
	// ref: the name ${!x} led to
	ref string
	// names: the list is ${!prefix*}'s names or ${!a[*]}'s keys, which
	// an unquoted expansion under a null IFS makes one field (joined by
	// namesSep: nothing between names, a blank between keys) where the
	// elements of $* and ${a[*]} stay apart.
	names    bool
	namesSep string
}

// param expands one ${...} (or $x).
func (e *expander) param(pe *syntax.ParamExp, quoted bool) {
	r := e.r
	if text, bad := r.maskedParam(pe); bad {
		if e.countOp(text, quoted) || e.emptySlice(text, quoted) {
			return
		}
		r.errorf("%s: bad substitution", text)
		e.failed = true
		return
	}
	pv, ok := e.paramValue(pe)
	if !ok {
		e.failed = true
		return
	}
	if pe.Length {
		n := 0
		if pv.isList {
			n = len(pv.list)
		} else if n = utf8.RuneCountInString(pv.val); n != len(pv.val) && r.byteLocale() {
			n = len(pv.val) // locale.go
		}
		if !pv.set && !pv.isList && r.opts.nounset && pv.name != "@" && pv.name != "*" {
			e.unbound(pv.name)
			return
		}
		e.add(part{val: strconv.Itoa(n), quoted: quoted, split: !quoted})
		return
	}
	if pe.Exp != nil {
		if done := e.defaultOp(pe, &pv, quoted); done {
			return
		}
	}
	if !pv.set && r.opts.nounset && (pe.Exp == nil || !isDefaultOp(pe.Exp.Op)) && !pv.isList {
		e.unbound(pv.name)
		return
	}
	if pe.Slice != nil {
		if !e.slice(pe, &pv) {
			e.failed = true
			return
		}
	}
	if pe.Repl != nil && (pv.set || pv.isList) {
		if !e.replace(pe, &pv) {
			e.failed = true
			return
		}
	}
	if pe.Exp != nil && !isDefaultOp(pe.Exp.Op) {
		if !e.transform(pe, &pv) {
			e.failed = true
			return
		}
	}
	e.emit(pv, quoted)
}

// emit adds a parameter's value(s) as parts.
func (e *expander) emit(pv paramVal, quoted bool) {
	if !pv.isList {
		e.add(part{val: pv.val, quoted: quoted, split: !quoted})
		return
	}
	if pv.star && (quoted || e.oneField) {
		e.add(part{val: strings.Join(pv.list, e.r.ifsJoiner()), quoted: true})
		return
	}
	if pv.star && pv.names && e.r.ifs().empty {
		e.add(part{val: strings.Join(pv.list, pv.namesSep)})
		return
	}
	for i, v := range pv.list {
		if i > 0 {
			if quoted {
				e.add(part{brk: hardBrk})
			} else {
				e.add(part{brk: softBrk, star: pv.star})
			}
		}
		e.add(part{val: v, quoted: quoted, split: !quoted})
	}
}

func (e *expander) unbound(name string) {
	e.r.errorf("%s: unbound variable", name)
	e.failed = true
	e.r.unsetFatal()
}

// paramValue resolves what pe names.
func (e *expander) paramValue(pe *syntax.ParamExp) (paramVal, bool) {
	r := e.r
	name := pe.Param.Value
	if pe.Names != 0 {
		var list []string
		for _, n := range r.vars.names() {
			if strings.HasPrefix(n, name) {
				if v := r.lookupVar(n); v != nil && (v.set || v.isArray()) {
					list = append(list, n)
				}
			}
		}
		return paramVal{name: name, list: list, isList: true, set: true, star: pe.Names == syntax.NamesPrefix, names: true}, true
	}
	if pe.Excl && pe.Index != nil && (subscriptIs(pe.Index, "@") || subscriptIs(pe.Index, "*")) && !hasSuffixOp(pe) {
		keys := arrayKeys(r.lookupVar(name))
		return paramVal{name: name, list: keys, isList: true, set: true, star: subscriptIs(pe.Index, "*"), names: true, namesSep: " "}, true
	}
	if pe.Excl {
		// ${!ref}: the value of ref names the parameter (a[1] too).
		ref, ok := r.getVar(name)
		switch {
		case pe.Index != nil && (subscriptIs(pe.Index, "@") || subscriptIs(pe.Index, "*")):
			// ${!a[@]:-x}: the elements, joined, name it
			vals := r.arrayValues(r.lookupVar(r.resolveRef(name)))
			ref, ok = strings.Join(vals, " "), len(vals) > 0
		case pe.Index != nil:
			// ${!a[1]}: the element names it
			base := r.resolveRef(name)
			sub, subOK := r.subscript(e.ctx, r.lookupVar(base), pe.Index)
			if !subOK {
				return paramVal{}, false
			}
			ref, ok = r.getElem(base, sub)
		}
		if vv, _ := r.vars.lookup(name); vv != nil && vv.attrs&attrNameref != 0 && vv.set && pe.Index == nil {
			// ${!ref} of a nameref is the name it refers to
			return paramVal{name: name, val: vv.str, set: true}, true
		}
		if !ok {
			if v := r.lookupVar(name); v != nil && v.isArray() && pe.Index == nil {
				// an array without element 0 (declare -A A; ${!A})
				return paramVal{name: "!" + name}, true
			}
			r.errorf("%s: invalid indirect expansion", name)
			return paramVal{}, false
		}
		if ref == "" {
			r.errorf(": invalid variable name")
			return paramVal{}, false
		}
		if base, sub, ok := splitSubscript(ref); ok && (sub == "@" || sub == "*") {
			vals := r.arrayValues(r.lookupVar(base))
			return paramVal{name: ref, list: vals, isList: true, set: len(vals) > 0, star: sub == "*", ref: ref}, true
		}
		if ref == "@" || ref == "*" {
			return paramVal{name: ref, list: r.params, isList: true, set: len(r.params) > 0, star: ref == "*", ref: ref}, true
		}
		if !validRef(ref) {
			r.errorf("%s: invalid indirect expansion", ref)
			return paramVal{}, false
		}
		var val string
		var set bool
		if base, sub, ok := splitSubscript(ref); ok && (r.lookupVar(base) == nil || r.lookupVar(base).assoc == nil) {
			// an index: an arithmetic error in it fails the
			// expansion (ref='a[1+]')
			if sub, ok = r.textSubscript(sub); !ok {
				return paramVal{}, false
			}
			n, err := r.arithText(sub)
			if err != nil {
				return paramVal{}, false
			}
			val, set = r.getElem(base, strconv.FormatInt(n, 10))
		} else {
			val, set = r.getVar(ref)
		}
		if !set && r.opts.nounset {
			// bash names the expansion, not the variable, in the message
			return paramVal{name: "!" + name, val: val, ref: ref}, true
		}
		return paramVal{name: ref, val: val, set: set, ref: ref}, true
	}
	switch name {
	case "@", "*":
		return paramVal{name: name, list: r.params, isList: true, set: len(r.params) > 0, star: name == "*"}, true
	}
	if pe.Index != nil {
		base := r.resolveRef(name)
		v := r.lookupVar(base)
		if subscriptIs(pe.Index, "@") || subscriptIs(pe.Index, "*") {
			vals := r.arrayValues(v)
			return paramVal{name: name, list: vals, isList: true, set: len(vals) > 0, star: subscriptIs(pe.Index, "*")}, true
		}
		sub, ok := r.subscript(e.ctx, v, pe.Index)
		if !ok {
			return paramVal{}, false
		}
		val, set := r.getElem(base, sub)
		return paramVal{name: name + "[" + sub + "]", val: val, set: set}, true
	}
	if pe.Short && r.refersToList(name) {
		// a nameref to a[@] reads like "${a[@]}", one to a[*] like
		// "${a[*]}", as $ref only: bash joins "${ref}" with blanks
		base, sub, _ := splitSubscript(r.resolveRef(name))
		vals := r.arrayValues(r.lookupVar(base))
		return paramVal{name: name, list: vals, isList: true, set: len(vals) > 0, star: sub == "*"}, true
	}
	val, set := r.getVar(name)
	return paramVal{name: name, val: val, set: set}, true
}

// hasSuffixOp: ${!a[@]} followed by an operator is an indirection
// through the elements, not the list of keys.
func hasSuffixOp(pe *syntax.ParamExp) bool {
	return pe.Slice != nil || pe.Repl != nil || pe.Exp != nil
}

// validRef reports whether an indirect reference names a parameter.
func validRef(s string) bool {
	if base, _, ok := splitSubscript(s); ok {
		return validName(base)
	}
	if validName(s) {
		return true
	}
	if _, err := strconv.Atoi(s); err == nil {
		return true
	}
	return len(s) == 1 && strings.Contains("?#$!-0", s)
}

func isDefaultOp(op syntax.ParExpOperator) bool {
	switch op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AlternateUnset, syntax.AlternateUnsetOrNull,
		syntax.AssignUnset, syntax.AssignUnsetOrNull, syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
		return true
	}
	return false
}

// defaultOp handles :- - := = :+ + :? ?. done is true when the operator
// produced the expansion itself.
func (e *expander) defaultOp(pe *syntax.ParamExp, pv *paramVal, quoted bool) bool {
	op := pe.Exp.Op
	if !isDefaultOp(op) {
		return false
	}
	colon := op == syntax.DefaultUnsetOrNull || op == syntax.AlternateUnsetOrNull ||
		op == syntax.AssignUnsetOrNull || op == syntax.ErrorUnsetOrNull
	present := pv.set
	if pv.isList {
		present = len(pv.list) > 0
		switch {
		case !colon || pv.ref != "":
			// bash tests an indirect list only for elements
		case quoted && pv.star:
			// "${*:-x}" tests the joined value
			present = strings.Join(pv.list, e.r.ifsJoiner()) != ""
		case len(pv.list) == 1 && pv.list[0] == "":
			present = false
		}
	} else if colon && pv.val == "" {
		present = false
	}
	word := func() {
		if pe.Exp.Word != nil {
			savedSplit, savedDQ := e.splitLits, e.dqDefault
			e.splitLits, e.dqDefault = !quoted, quoted
			e.word(pe.Exp.Word.Parts, quoted)
			e.splitLits, e.dqDefault = savedSplit, savedDQ
		}
	}
	switch op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull:
		if present {
			e.emit(*pv, quoted)
		} else {
			if quoted && !pv.isList && (pe.Exp.Word == nil || len(pe.Exp.Word.Parts) == 0) {
				e.add(part{quoted: true})
			}
			word()
		}
	case syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
		if present {
			word()
		} else if quoted && !pv.isList {
			e.add(part{quoted: true})
		}
	case syntax.AssignUnset, syntax.AssignUnsetOrNull:
		if present {
			e.emit(*pv, quoted)
			return true
		}
		val, ok := e.r.literal(e.ctx, pe.Exp.Word)
		if !ok {
			e.failed = true
			return true
		}
		target := pe.Param.Value
		switch {
		case pe.Excl && pv.ref != "":
			// ${!ref:=v} assigns the variable ref names
			target = pv.ref
		case pe.Excl || !validName(pe.Param.Value) && pe.Index == nil:
			e.r.errorf("$%s: cannot assign in this way", pe.Param.Value)
			e.failed = true
			return true
		case pe.Index != nil:
			target = pv.name
		}
		if !e.r.setVar(target, val, false) {
			e.failed = true
			return true
		}
		nv, _ := e.r.getVar(target)
		e.add(part{val: nv, quoted: quoted, split: !quoted})
	case syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
		if present {
			e.emit(*pv, quoted)
			return true
		}
		msg := "parameter null or not set"
		if pe.Exp.Word != nil {
			if m, ok := e.r.literal(e.ctx, pe.Exp.Word); ok && m != "" {
				msg = m
			}
		}
		label := pv.name
		if pe.Excl {
			label = "!" + pe.Param.Value
		}
		e.r.errorf("%s: %s", label, msg)
		e.failed = true
		e.r.unsetFatal()
	}
	return true
}

// mapVals applies f to a parameter's value or each of its elements.
func (pv *paramVal) mapVals(f func(string) string) {
	if pv.isList {
		out := make([]string, len(pv.list))
		for i, v := range pv.list {
			out[i] = f(v)
		}
		pv.list = out
		return
	}
	pv.val = f(pv.val)
}

// transform handles # ## % %% ^ ^^ , ,, and @X.
func (e *expander) transform(pe *syntax.ParamExp, pv *paramVal) bool {
	r := e.r
	op := pe.Exp.Op
	if op == syntax.OtherParamOps {
		return e.atOp(pe, pv)
	}
	pat := ""
	if pe.Exp.Word != nil {
		p, ok := r.pattern(e.ctx, pe.Exp.Word)
		if !ok {
			return false
		}
		pat = p
	}
	switch op {
	case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix:
		suffix := op == syntax.RemSmallSuffix || op == syntax.RemLargeSuffix
		long := op == syntax.RemLargePrefix || op == syntax.RemLargeSuffix
		pv.mapVals(func(s string) string { return r.removeAffix(s, pat, suffix, long) })
	case syntax.UpperFirst, syntax.UpperAll, syntax.LowerFirst, syntax.LowerAll:
		if pat == "" {
			pat = "?"
		}
		all := op == syntax.UpperAll || op == syntax.LowerAll
		upper := op == syntax.UpperFirst || op == syntax.UpperAll
		if upper && r.caseToggle(pe) {
			pv.mapVals(func(s string) string { return r.caseToggleMap(s, pat, all) })
			break
		}
		pv.mapVals(func(s string) string { return r.caseMap(s, pat, all, upper) })
	}
	return true
}

// caseToggle reports whether pe's ^ or ^^ was ~ or ~~ in the source (the
// parse masked it: parse.go).
func (r *Runner) caseToggle(pe *syntax.ParamExp) bool {
	if pe.Param == nil {
		return false
	}
	i, end := int(pe.Param.End().Offset()), int(pe.Rbrace.Offset())
	if end > len(r.src) || i >= end {
		return false
	}
	if r.src[i] == '[' {
		j, ok := matchClose(r.src, i+1, "]")
		if !ok {
			return false
		}
		i = j + 1
	}
	return i < end && r.src[i] == '~'
}

// caseToggleMap is ${x~pat} and ${x~~pat}: swap the case of the
// characters that match pat (the first one only unless all).
func (r *Runner) caseToggleMap(s, pat string, all bool) string {
	var b strings.Builder
	for i, c := range s {
		if (all || i == 0) && r.match(pat, string(c)) {
			if unicode.IsUpper(c) {
				c = unicode.ToLower(c)
			} else {
				c = unicode.ToUpper(c)
			}
		}
		b.WriteRune(c)
	}
	return b.String()
}

// caseMap is ${x^pat} and friends: change the case of characters that
// match pat (the first one only unless all).
func (r *Runner) caseMap(s, pat string, all, upper bool) string {
	var b strings.Builder
	for i, c := range s {
		if (all || i == 0) && r.match(pat, string(c)) {
			if upper {
				c = unicode.ToUpper(c)
			} else {
				c = unicode.ToLower(c)
			}
		}
		b.WriteRune(c)
	}
	return b.String()
}

// removeAffix is ${x#pat} ${x##pat} ${x%pat} ${x%%pat}.
func (r *Runner) removeAffix(s, pat string, suffix, long bool) string {
	p := r.compiled(pat, false)
	if suffix {
		return p.TrimSuffix(s, long)
	}
	return p.TrimPrefix(s, long)
}

// slashPattern reads ${x///c} as bash does: the character after "//"
// belongs to the pattern even when it is a slash, where mvdan/sh reads
// it as the separator. ok is false when pe is not written so; else re
// is the replacement parsed again from src.
func (r *Runner) slashPattern(pe *syntax.ParamExp) (src string, re *syntax.Replace, ok bool) {
	from, to := int(pe.Pos().Offset()), int(pe.End().Offset())
	if pe.Param == nil || !pe.Pos().IsValid() || to > len(r.src) || from >= to {
		return "", nil, false
	}
	text := r.src[from:to]
	head := "${" + pe.Param.Value + "//"
	rest, found := strings.CutPrefix(text, head)
	if !found || !strings.HasPrefix(rest, "/") {
		return "", nil, false
	}
	parts, src, ok := parseWordText(head + "\\" + rest)
	if !ok || len(parts) != 1 {
		return "", nil, false
	}
	p, isPE := parts[0].(*syntax.ParamExp)
	if !isPE || p.Repl == nil {
		return "", nil, false
	}
	return src, p.Repl, true
}

// replace is ${x/pat/rep} ${x//pat/rep} ${x/#pat/rep} ${x/%pat/rep}.
func (e *expander) replace(pe *syntax.ParamExp, pv *paramVal) bool {
	r := e.r
	orig, withWord := pe.Repl.Orig, pe.Repl.With
	mode := ReplaceFirst
	if pe.Repl.All {
		mode = ReplaceAll
	}
	if pe.Repl.All && (orig == nil || len(orig.Parts) == 0) {
		if src, re, ok := r.slashPattern(pe); ok {
			saved := r.src
			r.src = src
			defer func() { r.src = saved }()
			orig, withWord = re.Orig, re.With
		}
	}
	if orig != nil && len(orig.Parts) > 0 {
		if l, ok := orig.Parts[0].(*syntax.Lit); ok && (strings.HasPrefix(l.Value, "#") || strings.HasPrefix(l.Value, "%")) {
			mode = ReplacePrefix
			if l.Value[0] == '%' {
				mode = ReplaceSuffix
			}
			orig = &syntax.Word{Parts: append([]syntax.WordPart{&syntax.Lit{Value: l.Value[1:]}}, orig.Parts[1:]...)}
		}
	}
	pat, ok := "", true
	if orig != nil {
		pat, ok = r.pattern(e.ctx, orig)
		if !ok {
			return false
		}
	}
	with, ok := r.replacement(e.ctx, withWord)
	if !ok {
		return false
	}
	p := r.compiled(pat, false)
	amp := r.opts.patsubReplacement
	if pat == "" && (mode == ReplacePrefix || mode == ReplaceSuffix) {
		// bash's pat_subst: an empty anchored pattern adds the
		// replacement at that end of any value, the empty one too.
		rep := p.Replace("", with, ReplaceSuffix, amp)
		pv.mapVals(func(s string) string {
			if mode == ReplacePrefix {
				return rep + s
			}
			return s + rep
		})
		return true
	}
	pv.mapVals(func(s string) string { return p.Replace(s, with, mode, amp) })
	return true
}

// sliceArray is ${a[@]:off:len}: off is an index, not a position, so
// a sparse array's slice starts at the first element at or after it (a
// negative one counts back from the last index + 1). An associative
// array counts as indexed from 1 in its own order, as in bash.
func (e *expander) sliceArray(pe *syntax.ParamExp, list []string, off, length int64, hasLen bool) ([]string, bool) {
	v := e.r.lookupVar(e.r.resolveRef(pe.Param.Value))
	var keys []int
	switch {
	case v != nil && v.idx != nil:
		keys = v.idx.keys
	case v != nil && v.assoc != nil:
		keys = make([]int, len(list))
		for i := range keys {
			keys[i] = i + 1
		}
	default:
		return nil, false
	}
	if len(keys) != len(list) || len(keys) == 0 {
		return nil, true
	}
	if off < 0 {
		off += int64(keys[len(keys)-1]) + 1
		if off < 0 {
			return nil, true
		}
	}
	from := sort.Search(len(keys), func(i int) bool { return int64(keys[i]) >= off })
	to := len(keys)
	if hasLen {
		to = from + int(min(length, int64(len(keys)-from)))
	}
	return list[from:to], true
}

// slice is ${x:off:len}, on characters, or on elements of a list.
func (e *expander) slice(pe *syntax.ParamExp, pv *paramVal) bool {
	r := e.r
	off, err := r.arith(e.ctx, pe.Slice.Offset)
	if err != nil {
		return false
	}
	hasLen := pe.Slice.Length != nil
	var length int64
	if hasLen {
		length, err = r.arith(e.ctx, pe.Slice.Length)
		if err != nil {
			return false
		}
	}
	if pv.isList {
		if hasLen && length < 0 {
			r.errorf("%s: substring expression < 0", strconv.FormatInt(length, 10))
			return false
		}
		if pe.Index != nil && !pe.Excl {
			if out, ok := e.sliceArray(pe, pv.list, off, length, hasLen); ok {
				pv.list = out
				return true
			}
			// a string's ${s[@]:1} slices the string
			pv.isList, pv.val = false, strings.Join(pv.list, "")
		}
	}
	if pv.isList {
		list := pv.list
		if pv.name == "@" || pv.name == "*" {
			list = append([]string{r.arg0}, list...)
			if off == 0 && len(r.params) == 0 {
				list = []string{r.arg0}
			}
		}
		n := int64(len(list))
		if off < 0 {
			off += n
			if off < 0 {
				pv.list = nil
				return true
			}
		}
		if off > n {
			off = n
		}
		end := n
		if hasLen {
			end = min(off+length, n)
		}
		pv.list = list[off:end]
		return true
	}
	if isASCII(pv.val) || r.byteLocale() {
		// Bytes are characters (ASCII, or the C locale): slice without
		// converting.
		n := int64(len(pv.val))
		from, to, ok := sliceBounds(r, off, length, hasLen, n)
		if !ok {
			return false
		}
		pv.val = pv.val[from:to]
		return true
	}
	runes := []rune(pv.val)
	n := int64(len(runes))
	from, to, ok := sliceBounds(r, off, length, hasLen, n)
	if !ok {
		return false
	}
	pv.val = string(runes[from:to])
	return true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// sliceBounds is ${x:off:len}'s range over n characters.
func sliceBounds(r *Runner, off, length int64, hasLen bool, n int64) (int64, int64, bool) {
	if off < 0 {
		off += n
		if off < 0 {
			return 0, 0, true
		}
	}
	if off > n {
		return 0, 0, true
	}
	end := n
	if hasLen {
		if length < 0 {
			end = n + length
			if end < off {
				r.errorf("%s: substring expression < 0", strconv.FormatInt(length, 10))
				return 0, 0, false
			}
		} else {
			end = min(off+length, n)
		}
	}
	return off, end, true
}

// atOp is ${x@Q} ${x@E} ${x@U} ${x@u} ${x@L} ${x@a} ${x@A} ${x@K}.
func (e *expander) atOp(pe *syntax.ParamExp, pv *paramVal) bool {
	r := e.r
	op := ""
	if pe.Exp.Word != nil {
		op, _ = r.literal(e.ctx, pe.Exp.Word)
	}
	switch op {
	case "Q":
		if !pv.set && !pv.isList {
			return true
		}
		pv.mapVals(bashQuote)
	case "E":
		pv.mapVals(ansiC)
	case "U":
		pv.mapVals(strings.ToUpper)
	case "L":
		pv.mapVals(strings.ToLower)
	case "u":
		pv.mapVals(func(s string) string {
			c, n := utf8.DecodeRuneInString(s)
			if n == 0 {
				return s
			}
			return string(unicode.ToUpper(c)) + s[n:]
		})
	case "a":
		name := pe.Param.Value
		if pe.Excl {
			name = pv.ref
			if base, _, ok := splitSubscript(name); ok {
				name = base
			}
		}
		v := r.lookupVar(name)
		flags := ""
		if v != nil {
			flags = attrLetters(v)
		}
		pv.mapVals(func(string) string { return flags })
	case "A":
		v := r.lookupVar(pe.Param.Value)
		if v == nil || !pv.set {
			pv.val = ""
			return true
		}
		if v.isArray() && !pv.isList {
			// One element: declare's flags with that value.
			pv.val = "declare -" + strings.TrimPrefix(attrLetters(v), "-") + " " + pe.Param.Value + "=" + bashQuote(pv.val)
			return true
		}
		pv.isList = false
		if v.isArray() || v.attrs != 0 {
			pv.val = r.declareLine(pe.Param.Value, v, false)
			if !v.isArray() {
				flags := attrLetters(v)
				if flags == "" {
					flags = "-"
				}
				pv.val = "declare -" + strings.TrimPrefix(flags, "-") + " " + pe.Param.Value + "=" + bashQuote(v.str)
			}
		} else {
			pv.val = pe.Param.Value + "=" + bashQuote(v.str)
		}
	case "K", "k":
		// Key-value pairs: K quotes the values, k splits them apart.
		v := r.lookupVar(pe.Param.Value)
		if v == nil || !v.isArray() || !pv.isList {
			if pv.set || pv.isList {
				pv.mapVals(bashQuote)
			}
			return true
		}
		keys, vals := arrayKeys(v), r.arrayValues(v)
		var out []string
		for i := range keys {
			if op == "K" {
				out = append(out, assocKeyQuote(keys[i])+" "+dquote(vals[i]))
			} else {
				out = append(out, keys[i], vals[i])
			}
		}
		pv.list = out
		if op == "K" && v.assoc != nil {
			// bash makes an associative array's pairs one word, each
			// pair followed by a blank.
			pv.isList = false
			pv.val = strings.Join(out, " ") + " "
			if len(out) == 0 {
				pv.val = ""
			}
		}
	case "P":
		// The escapes, then the expansion inside double quotes that
		// bash's promptvars does (prompt.go).
		pv.mapVals(func(s string) string { return r.expandPromptText(e.ctx, s, false) })
	default:
		r.errorf("%s: bad substitution", paramText(pe))
		return false
	}
	return true
}

// paramText is how bash echoes a ${...} in "bad substitution".
func paramText(pe *syntax.ParamExp) string {
	var b strings.Builder
	syntax.NewPrinter().Print(&b, pe)
	return b.String()
}

// bashQuote quotes s as bash's ${x@Q}, alias and trap -p do.
func bashQuote(s string) string {
	return command.BashQuoteValue(s, command.BashSingle)
}

// countOp expands text, a ${...} the parser refused, when it is $#
// with a # or ## operator: bash reads ${##x} as ${#} with #x (${###}
// and ${####} too), not as the length of a parameter ##x. It reports
// whether text was one.
func (e *expander) countOp(text string, quoted bool) bool {
	op, ok := strings.CutPrefix(text, "${##")
	if !ok || op == "}" {
		return false
	}
	parts, src, ok := parseWordText("${_#" + op)
	if !ok || len(parts) != 1 {
		return false
	}
	pe, ok := parts[0].(*syntax.ParamExp)
	if !ok || pe.Exp == nil || pe.Param == nil || pe.Param.Value != "_" {
		return false
	}
	count := *pe
	count.Param = &syntax.Lit{ValuePos: pe.Param.ValuePos, ValueEnd: pe.Param.ValueEnd, Value: "#"}
	saved := e.r.src
	e.r.src = src
	e.param(&count, quoted)
	e.r.src = saved
	return true
}

// emptySlice expands text, a ${...} the parser refused, when it is a
// slice with an empty offset or length, which bash takes as 0:
// ${a[@]::} and ${s:1:} are empty, ${s::2} is ${s:0:2}. It reports
// whether text was one (${s:} is not: a bad substitution).
func (e *expander) emptySlice(text string, quoted bool) bool {
	fixed := strings.Replace(text, "::", ":0:", 1)
	if strings.Count(fixed, ":") >= 2 && strings.HasSuffix(fixed, ":}") {
		fixed = strings.TrimSuffix(fixed, ":}") + ":0}"
	}
	if fixed == text {
		return false
	}
	parts, src, ok := parseWordText(fixed)
	if !ok || len(parts) != 1 {
		return false
	}
	pe, ok := parts[0].(*syntax.ParamExp)
	if !ok || pe.Slice == nil {
		return false
	}
	saved := e.r.src
	e.r.src = src
	e.param(pe, quoted)
	e.r.src = saved
	return true
}
