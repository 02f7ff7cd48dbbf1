package interp

import (
	"context"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Programmable completion, as bash's pcomplete.c runs it: the matches a
// completion specification (complete, compgen) generates for a word.

// CompRequest is a command line to complete, cut into words as bash
// cuts it at COMP_WORDBREAKS.
type CompRequest struct {
	Line  string   // COMP_LINE
	Point int      // COMP_POINT: the cursor's byte offset in Line
	Words []string // COMP_WORDS, as typed (quotes kept)
	CWord int      // COMP_CWORD: the index of the word at the cursor; -1 on a blank line
	Word  string   // the text being completed, a function's $2
	// Output receives what a -F function or -C command writes to stdout
	// and stderr, and completion's own errors (nil: discarded).
	Output io.Writer
}

// CompResult is what a completion specification produced.
type CompResult struct {
	Matches []string // -X applied, -P and -S added
	Options []string // the spec's -o options, as compopt left them
}

// compCall is one run of a spec: the command line around the word.
type compCall struct {
	cmd         string // the command's name, a function's $1 ("compgen" for compgen)
	word, prev  string // $2 and $3
	words       []string
	cword       int
	line        string
	point       int
	funcStatus  int  // the -F function's exit status
	ranFunction bool // a -F function ran
	aborted     bool // an error abandoned the command line: no matches
}

// compRunning is the completion a -F function runs in: compopt without
// a name changes its options (a copy of the spec's).
type compRunning struct {
	name string
	spec *compSpec
}

// completeRetries bounds how often a function returning 124 (it loaded
// a spec for the command) starts completion again.
const completeRetries = 3

// Complete runs the completion specification `complete` defined for the
// command at the cursor, as bash's programmable completion does at Tab:
// the command's spec (its name, then its base name), else complete -D's;
// complete -E's on an empty line, complete -I's for the command word.
// The actions, -G, -W, the -F function (run in this shell with
// COMP_WORDS, COMP_CWORD, COMP_LINE, COMP_POINT, COMP_TYPE and COMP_KEY
// set, COMPREPLY read; all unset after) and the -C command's lines give
// the matches; -X filters them, -P and -S are added. A function that
// returns 124 after defining the command's spec starts completion again
// with it. $? is kept. ok is false when no spec applies.
func (r *Runner) Complete(ctx context.Context, req CompRequest) (CompResult, bool) {
	out := req.Output
	if out == nil {
		out = io.Discard
	}
	savedStatus, savedFds := r.lastStatus, r.fds
	r.setStdio(Stdio{Stdout: out, Stderr: out})
	defer func() {
		r.fds = savedFds
		r.lastStatus, r.flow, r.flowN = savedStatus, flowNone, 0
		r.compCur = nil
	}()
	for tries := 0; ; tries++ {
		name, cs, ok := r.specFor(req)
		if !ok {
			return CompResult{}, false
		}
		call := &compCall{cmd: name, word: req.Word, words: req.Words, cword: req.CWord, line: req.Line, point: req.Point}
		if req.CWord > 0 && req.CWord <= len(req.Words) {
			call.prev = req.Words[req.CWord-1]
		}
		cp := cs
		r.compCur = &compRunning{name: name, spec: &cp}
		matches, _ := r.genMatches(ctx, &cp, call)
		r.compCur = nil
		if call.ranFunction && call.funcStatus == 124 && len(req.Words) > 0 && tries < completeRetries {
			if _, again, ok := r.specFor(req); ok && again.seq != cs.seq {
				continue
			}
		}
		return CompResult{Matches: matches, Options: cp.options}, true
	}
}

// specFor finds the spec for a request and the name it runs under.
func (r *Runner) specFor(req CompRequest) (string, compSpec, bool) {
	switch {
	case len(req.Words) == 0 && req.Point == 0:
		cs, ok := r.compSpecs[emptyCmdSpec]
		return emptyCmdSpec, cs, ok
	case len(req.Words) == 0:
		return "", compSpec{}, false
	case req.CWord == 0:
		cs, ok := r.compSpecs[initialWordSpec]
		return req.Words[0], cs, ok
	}
	name := req.Words[0]
	for _, n := range []string{name, path.Base(name), defaultCmdSpec} {
		if cs, ok := r.compSpecs[n]; ok {
			return name, cs, true
		}
	}
	return name, compSpec{}, false
}

// genMatches is what a spec generates for call.word, in bash's order:
// actions, -G, -W, -F, -C; then -X, -P and -S, and -o dirnames and
// plusdirs. ok is false when -W's words did not expand.
func (r *Runner) genMatches(ctx context.Context, cs *compSpec, call *compCall) ([]string, bool) {
	var out []string
	for _, name := range compActionOrder {
		if cs.actions&compAction(name) != 0 {
			out = append(out, withPrefix(r.actionMatches(name, call.word), call.word)...)
		}
	}
	if g, ok := cs.arg('G'); ok {
		m, _ := r.glob(g)
		out = append(out, m...)
	}
	if w, ok := cs.arg('W'); ok {
		words, ok := r.wordList(ctx, w)
		if !ok {
			return nil, false
		}
		out = append(out, withPrefix(words, call.word)...)
	}
	if f, ok := cs.arg('F'); ok {
		out = append(out, r.compFunction(ctx, f, call)...)
		if call.aborted {
			return nil, false
		}
	}
	if c, ok := cs.arg('C'); ok {
		out = append(out, r.compCommand(ctx, c, call)...)
	}
	if x, ok := cs.arg('X'); ok {
		out = r.compFilter(out, x, call.word)
	}
	pre, _ := cs.arg('P')
	suf, _ := cs.arg('S')
	if pre != "" || suf != "" {
		for i, m := range out {
			out[i] = pre + m + suf
		}
	}
	if len(out) == 0 && cs.hasOption("dirnames") || cs.hasOption("plusdirs") {
		out = append(out, r.pathMatches(call.word, true)...)
	}
	return out, true
}

// compActionOrder is the order bash generates the actions' matches in
// (gen_action_completions): lists, then commands, files, users, groups,
// services, directories.
var compActionOrder = []string{"alias", "arrayvar", "binding", "builtin", "disabled", "enabled", "export",
	"function", "helptopic", "hostname", "job", "keyword", "running", "setopt", "shopt", "signal", "stopped",
	"variable", "command", "file", "user", "group", "service", "directory"}

// compAction is an action's bit in compSpec.actions.
func compAction(name string) uint32 {
	for i, a := range compActions {
		if a.name == name {
			return 1 << i
		}
	}
	return 0
}

// withPrefix keeps the candidates that start with word.
func withPrefix(cands []string, word string) []string {
	var out []string
	for _, c := range cands {
		if strings.HasPrefix(c, word) {
			out = append(out, c)
		}
	}
	return out
}

// actionMatches is what one action (complete -A NAME) lists.
func (r *Runner) actionMatches(action, word string) []string {
	switch action {
	case "alias":
		return r.aliases.names()
	case "arrayvar":
		var out []string
		for _, n := range r.vars.names() {
			if v := r.lookupVar(n); v != nil && v.isArray() {
				out = append(out, n)
			}
		}
		return out
	case "builtin":
		return r.builtinNames()
	case "enabled", "disabled":
		var out []string
		for _, n := range r.builtinNames() {
			if r.disabled[n] == (action == "disabled") {
				out = append(out, n)
			}
		}
		return out
	case "command":
		out := append(r.aliases.names(), compKeywords...)
		out = append(out, r.funcs.names()...)
		out = append(out, r.builtinNames()...)
		return append(out, r.pathCommands(word)...)
	case "directory", "file":
		return r.pathMatches(word, action == "directory")
	case "export":
		var out []string
		for _, kv := range r.environ() {
			k, _, _ := strings.Cut(kv, "=")
			out = append(out, k)
		}
		return out
	case "function":
		return r.funcs.names()
	case "helptopic":
		var out []string
		for _, t := range helpTopics() {
			out = append(out, t.name)
		}
		return out
	case "keyword":
		return compKeywords
	case "setopt", "shopt":
		table := setOptions
		if action == "shopt" {
			table = shoptOptions
		}
		var out []string
		for _, o := range table {
			out = append(out, o.name)
		}
		return out
	case "signal":
		out := []string{"EXIT"}
		for n := 1; n <= 64; n++ {
			if s := sigName(n); s != "" {
				out = append(out, "SIG"+s)
			}
		}
		return out
	case "user", "group":
		file := "/etc/passwd"
		if action == "group" {
			file = "/etc/group"
		}
		return r.dbNames(file)
	case "variable":
		return r.vars.names()
	case "job", "running", "stopped":
		return r.jobNames(action)
	}
	// binding, hostname, service: memsh has no line editor, hosts file
	// or services database.
	return nil
}

// pathCommands is command completion's search of $PATH: the executable
// files in each directory that start with word, in PATH's order (a name
// in two directories twice, as bash lists it), then the registry's
// commands no directory holds (memsh runs them without a file).
func (r *Runner) pathCommands(word string) []string {
	var out []string
	seen := map[string]bool{}
	pathVar, _ := r.getVar("PATH")
	for _, dir := range strings.Split(pathVar, ":") {
		if dir == "" {
			dir = "."
		}
		full := r.absPath(dir)
		entries, err := r.cfg.FS.ReadDir(full)
		if err != nil {
			continue
		}
		for _, e := range entries {
			n := e.Name()
			if !strings.HasPrefix(n, word) {
				continue
			}
			fi, err := r.cfg.FS.Stat(path.Join(full, n))
			if err != nil || fi.IsDir() || fi.Mode().Perm()&0o111 == 0 {
				continue
			}
			out = append(out, n)
			seen[n] = true
		}
	}
	var rest []string
	for n := range r.cfg.Commands {
		if !seen[n] && strings.HasPrefix(n, word) {
			rest = append(rest, n)
		}
	}
	slices.Sort(rest)
	return append(out, rest...)
}

// dbNames is the first field of each line of a passwd-style file.
func (r *Runner) dbNames(file string) []string {
	data, err := r.cfg.FS.ReadFile(file)
	if err != nil {
		return nil
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if n, _, ok := strings.Cut(l, ":"); ok && n != "" && !strings.HasPrefix(n, "#") {
			out = append(out, n)
		}
	}
	return out
}

// pathMatches is file name completion of word (directories only when
// dirs), as readline's filename completion lists it: the names in
// word's directory that start with its last component.
func (r *Runner) pathMatches(word string, dirs bool) []string {
	dir, base := "", word
	if k := strings.LastIndexByte(word, '/'); k >= 0 {
		dir, base = word[:k+1], word[k+1:]
	}
	lookup := dir
	if lookup == "" {
		lookup = "."
	}
	full := r.absPath(lookup)
	entries, err := r.cfg.FS.ReadDir(full)
	if err != nil {
		return nil
	}
	var out []string
	if base != "" {
		// readline lists . and .. for a word that starts with a dot.
		for _, n := range []string{".", ".."} {
			if strings.HasPrefix(n, base) {
				out = append(out, dir+n)
			}
		}
	}
	for _, e := range entries {
		n := e.Name()
		if !strings.HasPrefix(n, base) {
			continue
		}
		if dirs && !e.IsDir() {
			if fi, err := r.cfg.FS.Stat(path.Join(full, n)); err != nil || !fi.IsDir() {
				continue
			}
		}
		out = append(out, dir+n)
	}
	return out
}

// wordList is -W's list: split at IFS (quotes protect), each word then
// expanded as bash expands it (parameters, command substitution,
// arithmetic, quote removal, word splitting; no pathname expansion).
func (r *Runner) wordList(ctx context.Context, list string) ([]string, bool) {
	ifs, set := r.getVar("IFS")
	if !set {
		ifs = " \t\n"
	}
	var out []string
	noglob := r.opts.noglob
	r.opts.noglob = true
	defer func() { r.opts.noglob = noglob }()
	for _, piece := range splitQuoted(list, ifs) {
		f, err := parseBash(": " + escapeOperators(piece))
		if err != nil {
			// bash finds it when it expands the word: an expansion
			// error, which abandons the command line.
			r.errorf("%s: bad substitution", piece)
			r.expansionFatal(1)
			return nil, false
		}
		if len(f.Stmts) != 1 {
			out = append(out, piece)
			continue
		}
		call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
		if !ok || len(call.Args) != 2 || len(f.Stmts[0].Redirs) > 0 {
			out = append(out, piece)
			continue
		}
		fs, ok := r.fields(ctx, call.Args[1])
		if !ok || r.flow == flowDiscard {
			return nil, false
		}
		out = append(out, fs...)
	}
	return out, true
}

// splitQuoted splits s at the characters of seps that no quote,
// backslash, $(...), ${...} or `...` protects, dropping empty pieces.
func splitQuoted(s, seps string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\':
			i++
		case c == '\'':
			if j := strings.IndexByte(s[i+1:], '\''); j >= 0 {
				i += j + 1
			} else {
				i = len(s)
			}
		case c == '"':
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' {
					i++
				} else if e := skipExpansion(s, i); e > i {
					i = e - 1
				}
			}
		case skipExpansion(s, i) > i:
			i = skipExpansion(s, i) - 1
		case strings.IndexByte(seps, c) >= 0:
			if i > start {
				out = append(out, s[start:i])
			}
			start = i + 1
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// skipExpansion returns the index after the $(...), ${...} or `...`
// starting at i (nested ones and quotes inside skipped), or i when none
// starts there; an unclosed one runs to the end.
func skipExpansion(s string, i int) int {
	switch {
	case s[i] == '`':
		for j := i + 1; j < len(s); j++ {
			if s[j] == '\\' {
				j++
			} else if s[j] == '`' {
				return j + 1
			}
		}
		return len(s)
	case s[i] != '$' || i+1 >= len(s) || s[i+1] != '(' && s[i+1] != '{':
		return i
	}
	open, shut := s[i+1], byte(')')
	if open == '{' {
		shut = '}'
	}
	depth := 0
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '\'':
			if k := strings.IndexByte(s[j+1:], '\''); k >= 0 {
				j += k + 1
			}
		case open:
			depth++
		case shut:
			if depth--; depth == 0 {
				return j + 1
			}
		}
	}
	return len(s)
}

// escapeOperators backslash-escapes the unquoted characters that would
// end a word (blanks, ; & | < > ( )), so a -W word is read as one word;
// expansions ($(...), ${...}, `...`) stay as they are.
func escapeOperators(s string) string {
	var b strings.Builder
	quote := byte(0)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if quote != '\'' {
			if e := skipExpansion(s, i); e > i {
				b.WriteString(s[i:e])
				i = e - 1
				continue
			}
		}
		switch {
		case quote == 0 && c == '\\' && i+1 < len(s):
			b.WriteString(s[i : i+2])
			i++
			continue
		case quote == 0 && (c == '\'' || c == '"'):
			quote = c
		case quote == c:
			quote = 0
		case quote == '"' && c == '\\' && i+1 < len(s):
			b.WriteString(s[i : i+2])
			i++
			continue
		case quote == 0 && strings.IndexByte(" \t\n;&|<>()", c) >= 0:
			b.WriteByte('\\')
		}
		b.WriteByte(c)
	}
	return b.String()
}

// compFunction runs -F's function with the command, the word and the
// word before it as arguments and the COMP_* variables set, and returns
// COMPREPLY (unset after).
func (r *Runner) compFunction(ctx context.Context, name string, call *compCall) []string {
	fn, ok := r.funcs.m[name]
	if !ok {
		r.errorf("completion: function `%s' not found", name)
		return nil
	}
	r.bindCompVars(call, false)
	call.funcStatus = r.callFunc(ctx, fn, []string{name, call.cmd, call.word, call.prev}, nil)
	call.ranFunction = true
	if r.flow == flowDiscard {
		// An error that abandons the command line (1/0) ends the
		// completion too, with no matches.
		call.aborted = true
	} else {
		r.flow, r.flowN = flowNone, 0
	}
	var out []string
	if v := r.lookupVar("COMPREPLY"); v != nil {
		if v.isArray() {
			out = r.arrayValues(v)
		} else if s, ok := v.value(); ok {
			out = []string{s}
		}
	}
	r.unsetVar("COMPREPLY")
	r.unbindCompVars()
	return out
}

// compCommand runs -C's command with the command, the word and the word
// before it appended (quoted) and the COMP_* variables exported; its
// output lines are matches.
func (r *Runner) compCommand(ctx context.Context, text string, call *compCall) []string {
	src := text + " " + bashQuote(call.cmd) + " " + bashQuote(call.word) + " " + bashQuote(call.prev)
	f, masked, err := parseMasked(ctx, src)
	if err != nil {
		r.reportSyntax(bashSyntax(src, masked, err, 0), 0, "")
		return nil
	}
	r.bindCompVars(call, true)
	got := r.cmdSubst(ctx, f.Stmts)
	r.unbindCompVars()
	if got == "" {
		return nil
	}
	return strings.Split(got, "\n")
}

// compVarNames are the variables a completion function sees.
var compVarNames = []string{"COMP_LINE", "COMP_POINT", "COMP_KEY", "COMP_TYPE", "COMP_WORDS", "COMP_CWORD"}

// bindCompVars sets the COMP_* variables for a function or command
// (exported for a command, as bash does).
func (r *Runner) bindCompVars(call *compCall, export bool) {
	r.setVar("COMP_LINE", call.line, false)
	r.setVar("COMP_POINT", strconv.Itoa(call.point), false)
	r.setVar("COMP_KEY", "9", false)
	r.setVar("COMP_TYPE", "9", false)
	r.setArray("COMP_WORDS", call.words)
	r.setVar("COMP_CWORD", strconv.Itoa(call.cword), false)
	if export {
		for _, n := range compVarNames {
			if v := r.lookupVar(n); v != nil && !v.isArray() {
				v.attrs |= attrExport
			}
		}
	}
}

// unbindCompVars unsets what bindCompVars set.
func (r *Runner) unbindCompVars() {
	for _, n := range compVarNames {
		r.unsetVar(n)
	}
}

// compFilter is -X: a match the pattern matches is removed (with a
// leading !, one it does not match); & stands for the word being
// completed, \& for a literal &.
func (r *Runner) compFilter(matches []string, filter, word string) []string {
	neg := strings.HasPrefix(filter, "!")
	if neg {
		filter = filter[1:]
	}
	var b strings.Builder
	for i := 0; i < len(filter); i++ {
		switch {
		case filter[i] == '\\' && i+1 < len(filter) && filter[i+1] == '&':
			b.WriteString(`\&`)
			i++
		case filter[i] == '&':
			b.WriteString(QuotePattern(word))
		default:
			b.WriteByte(filter[i])
		}
	}
	pat := b.String()
	var out []string
	for _, m := range matches {
		if r.match(pat, m) == neg {
			out = append(out, m)
		}
	}
	return out
}
