package shell

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/pattern"
	"mvdan.cc/sh/v3/syntax"

	owninterp "memsh/shell/interp"
)

// Programmable completion, compgen -F/-C, compopt and help's listing on
// the rewrite layer (a session whose shell is mvdan/sh's runner). A
// session on shell/interp uses none of this (progcomp.go); the file goes
// with the rewrite layer.

// completeRetries bounds how often a completion function returning 124
// (it loaded a spec for the command) restarts completion.
const completeRetries = 3

// completeRewrite is Complete on the rewrite layer with runMu held; tries counts the restarts
// a function returning 124 caused.
func (s *Session) completeRewrite(ctx context.Context, req CompletionRequest, tries int) (Completion, bool) {
	words, cword, cur := req.Words, req.Index, ""
	if req.Line != "" || strings.Join(req.Words, "") == "" {
		breaks := defaultWordBreaks
		if v := s.runner.Vars["COMP_WORDBREAKS"]; v.IsSet() {
			breaks = v.String()
		}
		words, cword, cur = compWords(req.Line, req.Point, breaks)
	} else if cword >= 0 && cword < len(words) {
		cur = words[cword]
	} else {
		return Completion{}, false
	}
	name := emptyCmdSpec
	var spec []string
	ok := false
	switch {
	case len(words) == 0 && req.Point == 0:
		spec, ok = s.completionSpec(emptyCmdSpec)
	case len(words) == 0:
	case cword == 0:
		name = words[0]
		spec, ok = s.completionSpec(initialWordSpec)
	default:
		name = words[0]
		if spec, ok = s.completionSpec(name); !ok {
			spec, ok = s.completionSpec(defaultCmdSpec)
		}
	}
	if !ok {
		return Completion{}, false
	}
	prev := ""
	if cword > 0 {
		prev = words[cword-1]
	}
	res := Completion{Word: cur}
	var quoted []string
	for _, w := range words {
		quoted = append(quoted, shellQuote(w))
	}
	args := shellQuote(name) + " " + shellQuote(cur) + " " + shellQuote(prev)
	// The parts run in bash's order: actions, -G, -W, -F, -C.
	var actions []string
	var glob, wordList, fn, command, filter, prefix, suffix string
	for i := 0; i < len(spec); i++ {
		o := spec[i]
		val := ""
		if len(o) == 2 && strings.Contains("oAGWFCXPS", o[1:]) && i+1 < len(spec) {
			i++
			val = spec[i]
		}
		switch o {
		case "-o":
			res.Options = append(res.Options, val)
		case "-A":
			actions = append(actions, "-A", shellQuote(val))
		case "-G":
			glob = "compgen -G " + shellQuote(val) + "\n"
		case "-W":
			wordList = fmt.Sprintf("( for __memsh_w in %s; do case $__memsh_w in %s*) printf '%%s\\n' \"$__memsh_w\";; esac; done )\n",
				wordListText(val), shellQuote(cur))
		case "-F":
			if _, ok := s.runner.Funcs[val]; !ok {
				res.Stderr += fmt.Sprintf("bash: completion: function `%s' not found\n", val)
				continue
			}
			// Its own output would land on the screen in bash; here it
			// goes with its errors, apart from the matches.
			fn = fmt.Sprintf("%s %s >&2; %s=$?; printf '%%s\\n' \"${COMPREPLY[@]}\"\n", shellQuote(val), args, compStatusVar)
		case "-C":
			command = fmt.Sprintf("( %s %s )\n", val, args)
		case "-X":
			filter = val
		case "-P":
			prefix = val
		case "-S":
			suffix = val
		default:
			if len(o) == 2 && strings.Contains("abcdefgjksuv", o[1:]) {
				actions = append(actions, o)
			}
		}
	}
	var script strings.Builder
	fmt.Fprintf(&script, "COMP_LINE=%s COMP_POINT=%d COMP_TYPE=9 COMP_KEY=9 COMP_CWORD=%d %s=; COMP_WORDS=(%s); COMPREPLY=()\n",
		shellQuote(req.Line), req.Point, cword, compoptVar, strings.Join(quoted, " "))
	if len(actions) > 0 {
		script.WriteString("compgen " + strings.Join(actions, " ") + " -- " + shellQuote(cur) + "\n")
	}
	script.WriteString(glob + wordList + fn + command)

	var out, errs bytes.Buffer
	ctx, cancel := context.WithTimeout(ctx, completionTimeLimit)
	defer cancel()
	stdin, closeStdin, err := stdinFile(nil)
	if err != nil {
		res.Stderr += "memsh: completion: " + err.Error() + "\n"
		return res, true
	}
	defer closeStdin()
	stdout, stderr := lockedPair(&out, &errs)
	interp.StdIO(stdin, stdout, stderr)(s.runner)
	s.c.runStatements(ctx, s.runner, script.String(), s.c.parsePrefix(), stderr, s.c.removePsubFiles, false)
	s.c.removePsubFiles()
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		fmt.Fprintf(stderr, "bash: completion for %s stopped after %v (the completion time limit)\n", name, completionTimeLimit)
	}
	// A function that returns 124 after defining the command's spec
	// (bash-completion's loader behind complete -D) restarts completion.
	restart := s.runner.Vars[compStatusVar].String() == "124" && len(words) > 0 && tries < completeRetries
	if restart {
		newSpec, found := s.completionSpec(words[0])
		restart = found && !slices.Equal(newSpec, spec)
	}
	// What compopt changed; then the variables go, as in bash.
	for _, ch := range strings.Fields(s.runner.Vars[compoptVar].String()) {
		res.Options = slices.DeleteFunc(res.Options, func(o string) bool { return o == ch[1:] })
		if ch[0] == '-' {
			res.Options = append(res.Options, ch[1:])
		}
	}
	s.runner.Run(context.Background(), unsetCompVars())
	// $? after completing is what it was before.
	s.runner.Run(context.Background(), statusCmd(s.last))
	s.takeSnapshot()
	res.Stderr += errs.String()
	if restart {
		again, ok := s.completeRewrite(ctx, req, tries+1)
		again.Stderr = res.Stderr + again.Stderr
		return again, ok
	}
	for _, m := range strings.Split(out.String(), "\n") {
		if m != "" && keepMatch(m, filter, cur) {
			res.Matches = append(res.Matches, prefix+m+suffix)
		}
	}
	return res, true
}

// completionSpec returns the options of the spec `complete` stored for
// name (or its base name), as words.
func (s *Session) completionSpec(name string) ([]string, bool) {
	table := s.runner.Vars[completeVar].String()
	find := func(n string) (string, bool) {
		for _, l := range strings.Split(table, "\n") {
			if k, spec, ok := strings.Cut(l, "\t"); ok && k == n {
				return spec, true
			}
		}
		return "", false
	}
	line, ok := find(name)
	if !ok && path.Base(name) != name {
		line, ok = find(path.Base(name))
	}
	if !ok {
		return nil, false
	}
	f, err := syntax.NewParser().Parse(strings.NewReader(line), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	call, isCall := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !isCall || len(call.Args) < 2 {
		return nil, false
	}
	var words []string
	for _, w := range call.Args[1 : len(call.Args)-1] {
		lit, err := expand.Literal(&expand.Config{}, w)
		if err != nil {
			return nil, false
		}
		words = append(words, lit)
	}
	return words, true
}

// wordListText is a -W word list as shell text for a for loop: bash
// splits it and expands each word ($var, $(cmd), quotes), so text that
// parses as plain words is used as it is; anything else (a ; or |)
// becomes quoted literal words.
func wordListText(list string) string {
	f, err := syntax.NewParser().Parse(strings.NewReader(": "+list), "")
	if err == nil && len(f.Stmts) == 1 && !f.Stmts[0].Background && len(f.Stmts[0].Redirs) == 0 {
		if _, ok := f.Stmts[0].Cmd.(*syntax.CallExpr); ok && !strings.Contains(list, "\n") {
			return list
		}
	}
	var q []string
	for _, w := range strings.Fields(list) {
		q = append(q, shellQuote(w))
	}
	return strings.Join(q, " ")
}

// keepMatch applies complete -X: a match the pattern matches is removed
// (with a leading !, one it does not match); & in the pattern stands for
// the word being completed, \& for a literal &.
func keepMatch(m, filter, word string) bool {
	if filter == "" {
		return true
	}
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
			b.WriteString(pattern.QuoteMeta(word, 0))
		default:
			b.WriteByte(filter[i])
		}
	}
	expr, err := pattern.Regexp(b.String(), pattern.EntireString|pattern.ExtendedOperators)
	if err != nil {
		return true
	}
	rx, err := regexp.Compile(expr)
	if err != nil {
		return true
	}
	return rx.MatchString(m) == neg
}

// unsetCompVars unsets what Complete set.
func unsetCompVars() syntax.Command {
	args := []*syntax.Word{litWord("unset")}
	for _, n := range append(strings.Fields("COMPREPLY COMP_LINE COMP_POINT COMP_TYPE COMP_KEY COMP_CWORD COMP_WORDS"), compoptVar, compStatusVar) {
		args = append(args, litWord(n))
	}
	return &syntax.CallExpr{Args: args}
}

// compStatusVar holds, while Complete runs a spec, its function's exit
// status.
const compStatusVar = internalPrefix + "compstatus"

// compoptVar holds, while Complete runs a spec, the -o options compopt
// turned on ("-name") or off ("+name"), blank-separated.
const compoptVar = internalPrefix + "compopt"

// compoptBuiltin is compopt inside a completion function: -o/+o change
// the options of the completion being made. ok is false outside one.
func (c *core) compoptBuiltin(hc interp.HandlerContext, args []string) (status int, ok bool) {
	v := hc.Env.Get(compoptVar)
	if !v.IsSet() {
		return 0, false
	}
	changes := v.String()
	for i := 1; i < len(args); i++ {
		switch a := args[i]; a {
		case "-o", "+o":
			if i+1 >= len(args) {
				fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"compopt: %s: option requires an argument\n", a)
				return 2, true
			}
			i++
			changes += " " + a[:1] + args[i]
		case "-D", "-E", "-I":
		default:
			fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"compopt: %s: changing another command's completion is not supported\n", a)
			return 1, true
		}
	}
	if w, ok := runnerEnv(hc.Env); ok {
		w.Set(compoptVar, expand.Variable{Set: true, Kind: expand.String, Str: changes})
	}
	return 0, true
}

// globMatches expands compgen -G's pattern against the filesystem: the
// names in its directory (relative to dir, the shell's) that its last
// component matches, hidden ones only for a pattern starting with a dot;
// a directory part with glob characters of its own matches nothing.
func (c *core) globMatches(dir, pat string) []string {
	d, base := "", pat
	if k := strings.LastIndexByte(pat, '/'); k >= 0 {
		d, base = pat[:k+1], pat[k+1:]
	}
	if pattern.HasMeta(d, 0) {
		return nil
	}
	expr, err := pattern.Regexp(base, pattern.EntireString|pattern.Filenames)
	if err != nil {
		return nil
	}
	rx, err := regexp.Compile(expr)
	if err != nil {
		return nil
	}
	lookup := d
	if lookup == "" {
		lookup = "."
	}
	ents, err := c.fs.ReadDir(absPath(dir, lookup))
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		n := e.Name()
		if rx.MatchString(n) && (!strings.HasPrefix(n, ".") || strings.HasPrefix(base, ".")) {
			out = append(out, d+n)
		}
	}
	return out
}

// compgenExtraVar carries into the compgen that compgen -F/-C becomes
// (compgenCalls) what the function and the command produced: "F" or "C"
// (whether a function ran), then one match a line.
const compgenExtraVar = internalPrefix + "compgen_extra"

// compgenCalls rewrites compgen -F FUNC / -C COMMAND, which run shell
// code, into a script: bash warns that they may not work as expected
// outside completion and runs them anyway, FUNC with "compgen", the word
// and "" as arguments (its output goes to stdout; COMPREPLY is read and
// then unset), COMMAND with them appended (its output lines are
// matches). The compgen at the script's end adds those after its own
// matches, before -X, -P and -S. ok is false when there is nothing to
// run (or the arguments are bad, which compgen then reports).
func (c *core) compgenCalls(hc interp.HandlerContext, args []string) (script string, ok bool) {
	if hc.Env.Get(compgenExtraVar).IsSet() {
		return "", false
	}
	opts, word, bad, _ := parseCompgen(args) // enable.go
	if bad != 0 {
		return "", false
	}
	var fn, cmd, warnings string
	hasFn, hasCmd := false, false
	rest := []string{"compgen"}
	for _, o := range opts {
		switch o.flag {
		case 'F':
			fn, hasFn = o.val, true
			warnings += c.msgPrefix(hc) + "compgen: warning: -F option may not work as you expect\n"
		case 'C':
			cmd, hasCmd = o.val, true
			warnings += c.msgPrefix(hc) + "compgen: warning: -C option may not work as you expect\n"
		default:
			rest = append(rest, "-"+string(o.flag))
			if o.val != "" || strings.IndexByte("abcdefgjksuv", o.flag) < 0 {
				rest = append(rest, o.val)
			}
		}
	}
	if !hasFn && !hasCmd {
		return "", false
	}
	fmt.Fprint(hc.Stderr, warnings)
	callArgs := " compgen " + shellQuote(word) + " ''"
	var b strings.Builder
	ran := "C"
	if hasFn {
		if isFunc(hc, fn) {
			b.WriteString(shellQuote(fn) + callArgs + "\n")
			ran = "F"
		} else {
			fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"completion: function `%s' not found\n", fn)
		}
	}
	b.WriteString(compgenExtraVar + "=$(echo " + ran)
	if ran == "F" {
		b.WriteString(`; ((${#COMPREPLY[@]})) && printf '%s\n' "${COMPREPLY[@]}"`)
	}
	if hasCmd {
		b.WriteString("; " + cmd + callArgs)
	}
	b.WriteString(") builtin")
	for _, a := range append(rest, "--", word) {
		b.WriteString(" " + shellQuote(a))
	}
	b.WriteString("\n")
	return b.String(), true
}

// compgenExtra is what compgenCalls's script passes its compgen: the
// matches of the function and the command. COMPREPLY, read, is unset.
func compgenExtra(hc interp.HandlerContext) []string {
	v := hc.Env.Get(compgenExtraVar)
	if !v.IsSet() {
		return nil
	}
	lines := strings.Split(strings.TrimSuffix(v.String(), "\n"), "\n")
	if lines[0] == "F" {
		if w, ok := runnerEnv(hc.Env); ok {
			w.Set("COMPREPLY", expand.Variable{})
		}
	}
	return lines[1:]
}

// helpListing is `help` with no operand on the rewrite layer: the
// listing of shell/interp's help, for the session's width (or COLUMNS)
// and locale, with the builtins enable -n turned off starred.
func (c *core) helpListing(hc interp.HandlerContext) int {
	var script strings.Builder
	for _, n := range strings.Split(hc.Env.Get(disabledVar).String(), "\n") {
		if n != "" {
			script.WriteString("enable -n " + shellQuote(n) + "\n")
		}
	}
	for _, n := range []string{"COLUMNS", "LC_ALL", "LC_CTYPE", "LANG"} {
		if v := hc.Env.Get(n); v.IsSet() {
			script.WriteString(n + "=" + shellQuote(v.String()) + "\n")
		}
	}
	r := owninterp.New(owninterp.Config{FS: c.fs, Columns: func() int { return c.width(nil) }})
	st, _ := r.Run(context.Background(), script.String()+"help", owninterp.Stdio{Stdout: hc.Stdout, Stderr: hc.Stderr})
	return st
}
