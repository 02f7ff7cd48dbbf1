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
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/pattern"
	"mvdan.cc/sh/v3/syntax"
)

// CompletionRequest is the command line a completion is asked for, as
// bash hands it to programmable completion (the COMP_* variables).
type CompletionRequest struct {
	// Words are the words of the command being completed, as typed
	// (quotes kept), the word at the cursor included ("" at a blank).
	Words []string
	// Index is the word being completed (COMP_CWORD).
	Index int
	// Line is the text of the command (COMP_LINE) and Point the
	// cursor's byte offset in it (COMP_POINT).
	Line  string
	Point int
}

// Completion is what a `complete` specification produced.
type Completion struct {
	// Matches are the candidates, in order, -X applied and -P/-S added.
	Matches []string
	// Options are the spec's -o options (filenames, nospace, default,
	// bashdefault, dirnames, plusdirs, noquote, nosort): what to do
	// with the matches is the caller's, as it is readline's in bash.
	Options []string
	// Stderr is what the spec's function or command wrote to stderr
	// or stdout, and completion's own errors.
	Stderr string
}

// completionTimeLimit bounds a completion function or command, so a
// looping one cannot hold the prompt.
const completionTimeLimit = 5 * time.Second

// Complete runs the completion specification the user defined with
// `complete` for the command in req.Words[0] (its name, then its base
// name), as bash's programmable completion does at Tab: the actions, -G
// and -W words that match the word being completed, then the -F
// function's COMPREPLY (called with the command, the word and the word
// before it, COMP_WORDS, COMP_CWORD, COMP_LINE, COMP_POINT, COMP_TYPE
// and COMP_KEY set, all unset afterwards), then the -C command's output
// lines; -X filters them all and -P/-S are added. $? is kept.
//
// ok is false when no spec applies or a Run is in progress (Complete
// never waits for one). Do not call it from the goroutine running a
// command.
func (s *Session) Complete(ctx context.Context, req CompletionRequest) (Completion, bool) {
	if len(req.Words) == 0 || req.Index < 0 || req.Index >= len(req.Words) {
		return Completion{}, false
	}
	if !s.runMu.TryLock() {
		return Completion{}, false
	}
	defer s.runMu.Unlock()
	if s.closed {
		return Completion{}, false
	}
	spec, ok := s.completionSpec(req.Words[0])
	if !ok {
		return Completion{}, false
	}
	cur := req.Words[req.Index]
	prev := ""
	if req.Index > 0 {
		prev = req.Words[req.Index-1]
	}
	var res Completion
	var words []string
	for _, w := range req.Words {
		words = append(words, shellQuote(w))
	}
	args := shellQuote(req.Words[0]) + " " + shellQuote(cur) + " " + shellQuote(prev)
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
			fn = fmt.Sprintf("%s %s >&2; printf '%%s\\n' \"${COMPREPLY[@]}\"\n", shellQuote(val), args)
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
		shellQuote(req.Line), req.Point, req.Index, compoptVar, strings.Join(words, " "))
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
		fmt.Fprintf(stderr, "bash: completion for %s stopped after %v (the completion time limit)\n", req.Words[0], completionTimeLimit)
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
	for _, n := range append(strings.Fields("COMPREPLY COMP_LINE COMP_POINT COMP_TYPE COMP_KEY COMP_CWORD COMP_WORDS"), compoptVar) {
		args = append(args, litWord(n))
	}
	return &syntax.CallExpr{Args: args}
}

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
