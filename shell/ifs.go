package shell

import (
	"context"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Field splitting with an IFS that holds other characters than white
// space: each such character ends a field, so "a,,b" with IFS=, is
// three fields and ",a" two. mvdan/sh v3.14.1 treats every IFS
// character as white space and drops the empty ones. In source that
// mentions IFS, each word of a command, a for list or an array literal
// whose expansions are parameters only (no $(...), $((...)), brace or
// extended glob) becomes "${__memsh_ifs_N[@]}", and the statement is
// preceded by `__memsh_ifs LINE SRC...`, which the call handler answers
// (ifsBuiltin) by expanding, splitting and globbing each SRC as bash.

// ifsCmd is the internal command that splits the words of a statement.
const ifsCmd = internalPrefix + "ifs"

// ifsVar is the prefix of the arrays that hold a statement's words.
const ifsVar = internalPrefix + "ifs_"

// ifsSplitRewrite rewrites the words of f's statements (see above).
func ifsSplitRewrite(f syntax.Node, src string) {
	splitting := setsSplittingIFS(src)
	if !splitting && !strings.Contains(src, "(") && !strings.Contains(src, "${") && !strings.Contains(src, "[!") && !strings.Contains(src, "[^") {
		return
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		if st, ok := n.(*syntax.Stmt); ok {
			ifsSplitStmt(st, splitting)
		}
		return true
	})
}

// setsSplittingIFS reports whether src may give IFS a character other
// than white space (IFS=, or IFS=$saved, not IFS= or IFS=$'\n'), the only
// case where mvdan/sh's splitting differs.
func setsSplittingIFS(src string) bool {
	for rest := src; ; {
		i := strings.Index(rest, "IFS=")
		if i < 0 {
			return false
		}
		rest = rest[i+len("IFS="):]
		end := strings.IndexAny(rest, " \t\n;&|)")
		if end < 0 {
			end = len(rest)
		}
		v := rest[:end]
		if len(rest) > 0 && (rest[0] == '"' || rest[0] == '\'') {
			v = rest // quoted: up to its closing quote, below
		}
		switch {
		case v == "", v == "''", v == `""`:
			// An empty IFS set for the rest of the script (not a
			// command's own IFS= prefix): unquoted lists with an
			// operator (${a[@]:1}, ${!a[@]}) are still fields each,
			// where mvdan/sh joins them.
			if after := rest[len(v):]; after == "" || strings.IndexByte(";\n&|)", after[0]) >= 0 {
				return true
			}
		case strings.HasPrefix(v, "$'"):
			body, _, _ := strings.Cut(v[2:], "'")
			if strings.Trim(strings.NewReplacer(`\n`, "", `\t`, "").Replace(body), " ") != "" {
				return true
			}
		case v[0] == '"' || v[0] == '\'':
			body, _, _ := strings.Cut(v[1:], v[:1])
			if strings.Trim(body, " \t\n") != "" {
				return true
			}
		default:
			return true
		}
	}
}

func ifsSplitStmt(st *syntax.Stmt, splitting bool) {
	var words []*syntax.Word
	arrays := func(as []*syntax.Assign) {
		for _, a := range as {
			if a.Array != nil {
				for _, e := range a.Array.Elems {
					if e.Index == nil && e.Value != nil {
						words = append(words, e.Value)
					}
				}
			}
		}
	}
	switch cmd := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(cmd.Args) > 0 && strings.HasPrefix(cmd.Args[0].Lit(), internalPrefix) {
			return
		}
		words = append(words, cmd.Args...)
		arrays(cmd.Assigns)
	case *syntax.DeclClause:
		arrays(cmd.Args)
	case *syntax.ForClause:
		if wi, ok := cmd.Loop.(*syntax.WordIter); ok {
			words = append(words, wi.Items...)
		}
	default:
		return
	}
	var srcs []string
	for _, w := range words {
		if !(splitting && ifsSplittable(w) || extglobWord(w) || quotedDefault(w) || negatedClassWord(w)) {
			continue
		}
		var buf strings.Builder
		if err := syntax.NewPrinter().Print(&buf, w); err != nil {
			continue
		}
		srcs = append(srcs, buf.String())
		ref := &syntax.ParamExp{Param: &syntax.Lit{Value: ifsVar + strconv.Itoa(len(srcs))}, Index: litWord("@")}
		w.Parts = []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{ref}}}
	}
	if len(srcs) == 0 {
		return
	}
	args := []*syntax.Word{litWord(ifsCmd), litWord(strconv.FormatUint(uint64(st.Pos().Line()), 10))}
	for _, s := range srcs {
		args = append(args, &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: s}}})
	}
	inner := &syntax.Stmt{Cmd: st.Cmd, Redirs: st.Redirs, Position: st.Position}
	st.Redirs = nil
	st.Cmd = &syntax.Block{Lbrace: st.Position, Rbrace: st.End(), Stmts: []*syntax.Stmt{
		{Cmd: &syntax.CallExpr{Args: args}, Position: st.Position},
		inner,
	}}
}

// ifsSplittable reports whether w has an unquoted parameter expansion
// that ifsBuiltin can split, and nothing it cannot compute.
func ifsSplittable(w *syntax.Word) bool {
	unquoted := false
	for _, part := range w.Parts {
		if _, isPE := part.(*syntax.ParamExp); isPE {
			unquoted = true
		}
	}
	return unquoted && ifsComputable(w)
}

// quotedDefault reports whether w has an unquoted ${v:-word} (or -, +,
// :+) whose word holds quotes: mvdan/sh splits the quoted text too
// (${x:-"a b"} gave two fields).
func quotedDefault(w *syntax.Word) bool {
	for _, part := range w.Parts {
		if pe, ok := part.(*syntax.ParamExp); ok && scalarDefault(pe) {
			for _, p := range pe.Exp.Word.Parts {
				switch p.(type) {
				case *syntax.SglQuoted, *syntax.DblQuoted:
					return ifsComputable(w)
				}
			}
		}
	}
	return false
}

// scalarDefault reports whether pe is ${name OP word} with OP one of
// - :- + :+ on a plain name or positional parameter.
func scalarDefault(pe *syntax.ParamExp) bool {
	return pe.Param != nil && pe.Exp != nil && isDefaultOp(pe.Exp.Op) && pe.Exp.Word != nil && pe.Index == nil &&
		!pe.Excl && !pe.Length && pe.Slice == nil && pe.Repl == nil && listIndex(pe) == "" &&
		(syntax.ValidName(pe.Param.Value) || isNumber(pe.Param.Value))
}

// defaultApplies reports, for a scalar ${v OP word}, whether its word is
// used (ok is false for any other expansion).
func defaultApplies(cfg *expand.Config, pe *syntax.ParamExp) (useWord, ok bool) {
	if !scalarDefault(pe) {
		return false, false
	}
	vr := cfg.Env.Get(pe.Param.Value)
	set := vr.IsSet()
	null := !set || vr.String() == ""
	switch pe.Exp.Op {
	case syntax.DefaultUnset:
		return !set, true
	case syntax.DefaultUnsetOrNull:
		return null, true
	case syntax.AlternateUnset:
		return set, true
	default: // AlternateUnsetOrNull
		return !null, true
	}
}

// negatedClassWord reports whether w is a pattern starting (or starting
// its last component) with [!...] or [^...], which mvdan/sh lets match
// a leading dot (echo [!a-z]* listed .h).
func negatedClassWord(w *syntax.Word) bool {
	var sb strings.Builder // the leading literal text (mvdan/sh splits it at [)
	for _, part := range w.Parts {
		lit, ok := part.(*syntax.Lit)
		if !ok {
			break
		}
		sb.WriteString(lit.Value)
	}
	v := sb.String()
	if i := strings.LastIndexByte(v, '/'); i >= 0 {
		v = v[i+1:]
	}
	return (strings.HasPrefix(v, "[!") || strings.HasPrefix(v, "[^")) && ifsComputable(w)
}

// extglobWord reports whether w is a pathname pattern with an extended
// glob (@(a|b), !(x), +(...)), which mvdan/sh v3.14.1 does not match
// against file names (it leaves @(ab|ac) as written), and ifsBuiltin
// can compute.
func extglobWord(w *syntax.Word) bool {
	for _, part := range w.Parts {
		if _, ok := part.(*syntax.ExtGlob); ok {
			return ifsComputable(w)
		}
	}
	return false
}

// ifsComputable reports whether ifsBuiltin can expand w: parameters,
// quotes and extended globs only.
func ifsComputable(w *syntax.Word) bool {
	ok := true
	syntax.Walk(w, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp, *syntax.BraceExp:
			ok = false
		case *syntax.ParamExp:
			if memshExpands(n) || n.Param != nil && strings.HasPrefix(n.Param.Value, internalPrefix) || hasCmdSubst(&syntax.Word{Parts: []syntax.WordPart{n}}) {
				ok = false
			}
		case *syntax.Lit:
			if strings.ContainsAny(n.Value, "{~") {
				ok = false // brace or tilde expansion: mvdan/sh's
			}
		}
		return ok
	})
	return ok
}

// ifsBuiltin answers `__memsh_ifs LINE SRC...`: the fields of each
// word, in __memsh_ifs_1, 2, ...
func (c *core) ifsBuiltin(ctx context.Context, hc interp.HandlerContext, args []string) []string {
	env, direct := runnerEnv(hc.Env)
	cfg := &expand.Config{Env: paramEnv{hc}}
	glob := &expand.Config{Env: paramEnv{hc}, ReadDir2: func(p string) ([]fs.DirEntry, error) {
		return c.readDirHandler(ctx, p)
	}}
	noglob := strings.Contains(c.dashFlags(hc), "f")
	readDir := func(p string) ([]fs.DirEntry, error) { return c.readDirHandler(ctx, p) }
	ifs := " \t\n"
	if v := hc.Env.Get("IFS"); v.IsSet() {
		ifs = v.String()
	}
	var script strings.Builder
	for i, src := range args[min(len(args), 2):] {
		fields := c.ifsFields(cfg, glob, readDir, src, ifs, noglob)
		if fields == nil {
			fields = []string{}
		}
		setHiddenArray(&script, env, direct, ifsVar+strconv.Itoa(i+1), fields) // rewrite_expand.go
	}
	return hiddenArraysDone(hc, &script)
}

// ifsChar is one byte of a word's expansion: quoted (never splits or
// globs), or from a literal or an unquoted expansion (split is set for
// the latter).
type ifsChar struct {
	b             byte
	quoted, split bool
}

// ifsFields expands, splits and globs the word src as bash does.
func (c *core) ifsFields(cfg, glob *expand.Config, readDir func(string) ([]fs.DirEntry, error), src, ifs string, noglob bool) []string {
	word := parsedWord(src)
	if word == nil {
		return nil
	}
	var fields [][]ifsChar
	var cur []ifsChar
	have := false
	emit := func() {
		fields = append(fields, cur)
		cur, have = nil, false
	}
	add := func(s string, quoted, split bool) {
		for i := 0; i < len(s); i++ {
			cur = append(cur, ifsChar{b: s[i], quoted: quoted, split: split})
		}
		if quoted || s != "" {
			have = have || quoted || !split
		}
	}
	isWS := func(b byte) bool { return (b == ' ' || b == '\t' || b == '\n') && strings.IndexByte(ifs, b) >= 0 }
	// splitAdd adds an unquoted expansion's value, ending fields at IFS
	// characters.
	splitAdd := func(v string) {
		for i := 0; i < len(v); {
			b := v[i]
			if strings.IndexByte(ifs, b) < 0 {
				cur = append(cur, ifsChar{b: b, split: true})
				have = true
				i++
				continue
			}
			hard := false
			for i < len(v) && isWS(v[i]) {
				i++
			}
			if i < len(v) && strings.IndexByte(ifs, v[i]) >= 0 && !isWS(v[i]) {
				hard = true
				i++
				for i < len(v) && isWS(v[i]) {
					i++
				}
			}
			if hard || have {
				emit()
			}
		}
	}
	// addParts adds a word's parts; inner is set for the word of an
	// unquoted ${v:-word}, whose unquoted text is split too.
	var addParts func(parts []syntax.WordPart, inner bool)
	addParts = func(parts []syntax.WordPart, inner bool) {
		for _, part := range parts {
			switch part := part.(type) {
			case *syntax.Lit:
				s, _ := expand.Literal(cfg, &syntax.Word{Parts: []syntax.WordPart{part}})
				if inner && !strings.Contains(part.Value, `\`) {
					splitAdd(s)
					continue
				}
				add(s, strings.Contains(part.Value, `\`), false)
				have = true
			case *syntax.ExtGlob:
				add(part.Op.String()+part.Pattern.Value+")", false, false)
				have = true
			case *syntax.ParamExp:
				if useWord, ok := defaultApplies(cfg, part); ok {
					if useWord {
						addParts(part.Exp.Word.Parts, true)
					} else if part.Exp.Op == syntax.DefaultUnset || part.Exp.Op == syntax.DefaultUnsetOrNull {
						s, _ := expand.Literal(cfg, &syntax.Word{Parts: []syntax.WordPart{&syntax.ParamExp{Param: part.Param}}})
						splitAdd(s)
					}
					continue
				}
				elems, listed := assocList(cfg.Env, part) // in bash's order (assoc.go)
				if pe, ok := cfg.Env.(paramEnv); ok && !listed && c.assocListed(part) {
					elems, _ = c.evalParam(pe.hc, part)
					listed = true
				}
				if listed || listIndex(part) != "" && !part.Length && (part.Exp == nil || part.Exp.Op != syntax.OtherParamOps) {
					if !listed {
						// Each element is a field of its own, to split
						// in turn: ${a[@]:1}, ${a[*]^}, ${!a[@]}.
						each := *part
						if listIndex(part) == "*" {
							if part.Param.Value == "*" {
								each.Param = &syntax.Lit{Value: "@"}
							} else {
								each.Index = litWord("@")
							}
						}
						elems, _ = expand.Fields(cfg, &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{&each}}}})
					}
					for j, e := range elems {
						switch {
						case j > 0 && ifs != "":
							// bash joins the elements with IFS's first
							// character and splits the whole: with IFS=,
							// an empty element is an empty field.
							splitAdd(ifs[:1])
						case j > 0 && have:
							emit()
						}
						splitAdd(e)
					}
					continue
				}
				s, _ := expand.Literal(cfg, &syntax.Word{Parts: []syntax.WordPart{part}})
				splitAdd(s)
			default:
				// Quoted: "$@" inside gives several fields.
				elems, _ := expand.Fields(cfg, &syntax.Word{Parts: []syntax.WordPart{part}})
				if dq, ok := part.(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
					if pe, ok := dq.Parts[0].(*syntax.ParamExp); ok && listIndex(pe) == "@" {
						if list, ok := assocList(cfg.Env, pe); ok {
							elems = list
						}
					}
				}
				if dq, ok := part.(*syntax.DblQuoted); ok && len(elems) == 0 && len(dq.Parts) > 0 {
					continue // "$@" with no parameters
				}
				if len(elems) == 0 {
					elems = []string{""}
				}
				for j, e := range elems {
					if j > 0 {
						emit()
					}
					add(e, true, false)
					have = true
				}
			}
		}
	}
	addParts(word.Parts, false)
	if have {
		emit()
	}
	var out []string
	for _, fc := range fields {
		out = append(out, globField(glob, readDir, fc, noglob)...)
	}
	return out
}

// ifsWords caches the words ifsFields parses, which a loop asks for
// again on each pass.
var ifsWords parseCache[syntax.Word]

func parsedWord(src string) *syntax.Word {
	return ifsWords.get(src, func(src string) *syntax.Word {
		f, err := newParser().Parse(strings.NewReader("_ "+src), "")
		if err != nil || len(f.Stmts) != 1 {
			return nil
		}
		ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
		if !ok || len(ce.Args) != 2 {
			return nil
		}
		return ce.Args[1]
	})
}

// globField is a split field as text, or the paths its unquoted glob
// characters match.
func globField(glob *expand.Config, readDir func(string) ([]fs.DirEntry, error), fc []ifsChar, noglob bool) []string {
	var plain, pat strings.Builder
	pattern, ext := false, false
	for i, ch := range fc {
		plain.WriteByte(ch.b)
		if ch.quoted {
			pat.WriteByte('\\')
		}
		pat.WriteByte(ch.b)
		if !ch.quoted && strings.IndexByte("*?[", ch.b) >= 0 {
			pattern = true
		}
		if !ch.quoted && strings.IndexByte("@!+*?", ch.b) >= 0 && i+1 < len(fc) && fc[i+1].b == '(' && !fc[i+1].quoted {
			pattern, ext = true, true
		}
	}
	if !pattern || noglob {
		return []string{plain.String()}
	}
	base := pat.String()
	if i := strings.LastIndexByte(base, '/'); i >= 0 {
		base = base[i+1:]
	}
	if strings.HasPrefix(base, "[!") || strings.HasPrefix(base, "[^") {
		ext = true // matched by memsh, which keeps dot files out
	}
	if ext {
		dir, base := "", pat.String()
		if i := strings.LastIndexByte(base, '/'); i >= 0 {
			dir, base = base[:i+1], base[i+1:]
			if strings.ContainsAny(dir, "*?[(\\") {
				return []string{plain.String()} // a pattern in the directory part
			}
		}
		if m := extglobMatch(readDir, dir, base); len(m) > 0 {
			return m
		}
		return []string{plain.String()}
	}
	var lit strings.Builder
	for _, ch := range fc {
		if ch.quoted || strings.IndexByte("*?[]", ch.b) < 0 {
			lit.WriteByte('\\')
		}
		lit.WriteByte(ch.b)
	}
	matches, err := expand.Fields(glob, &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: lit.String()}}})
	if err != nil || len(matches) == 0 {
		return []string{plain.String()}
	}
	return matches
}

// extglobMatch is the names in directory dir ("" for the current one,
// else ending in '/') that pat (one path component, with extended
// globs) matches, with dir before them, sorted; names starting with
// a dot only when pat does. One !(...) group is matched as "the pattern
// with * there, but not with @(...) there".
func extglobMatch(readDir func(string) ([]fs.DirEntry, error), dir, pat string) []string {
	match := func(string) bool { return false }
	if i := strings.Index(pat, "!("); i >= 0 {
		depth, end := 0, -1
		for j := i + 1; j < len(pat) && end < 0; j++ {
			switch pat[j] {
			case '(':
				depth++
			case ')':
				if depth--; depth == 0 {
					end = j
				}
			}
		}
		if end < 0 {
			return nil
		}
		anyRx, err1 := compileGlob(pat[:i]+"*"+pat[end+1:], true)
		notRx, err2 := compileGlob(pat[:i]+"@"+pat[i+1:], true)
		if err1 != nil || err2 != nil {
			return nil
		}
		match = func(name string) bool { return anyRx.MatchString(name) && !notRx.MatchString(name) }
	} else {
		rx, err := compileGlob(pat, true)
		if err != nil {
			return nil
		}
		match = rx.MatchString
	}
	where := strings.TrimSuffix(dir, "/")
	switch dir {
	case "":
		where = "."
	case "/":
		where = "/"
	}
	entries, err := readDir(where)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") && !strings.HasPrefix(pat, ".") {
			continue
		}
		if match(name) {
			names = append(names, dir+name)
		}
	}
	slices.Sort(names)
	return names
}
