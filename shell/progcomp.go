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

	"mvdan.cc/sh/v3/pattern"
	"mvdan.cc/sh/v3/syntax"

	"memsh/shell/interp"
)

// CompletionRequest is the command line a completion is asked for, as
// bash hands it to programmable completion (the COMP_* variables).
type CompletionRequest struct {
	// Line is the text of the command (COMP_LINE) and Point the
	// cursor's byte offset in it (COMP_POINT); COMP_WORDS and
	// COMP_CWORD are cut from them.
	Line  string
	Point int
	// Words and Index, used only when Line is empty and Words are not,
	// are COMP_WORDS (as typed, quotes kept) and COMP_CWORD.
	Words []string
	Index int
}

// Completion is what a `complete` specification produced.
type Completion struct {
	// Matches are the candidates, in order, -X applied and -P/-S added.
	Matches []string
	// Word is the text the matches replace, bash's $2 to a completion
	// function: the end of the line before the cursor from the last
	// COMP_WORDBREAKS character (--opt=va gives va) or from an unclosed
	// quote.
	Word string
	// Options are the spec's -o options (filenames, nospace, default,
	// bashdefault, dirnames, plusdirs, noquote, nosort): what to do
	// with the matches is the caller's, as it is readline's in bash.
	Options []string
	// Stderr is what the spec's function or command wrote to stderr
	// or stdout, and completion's own errors.
	Stderr string
}

// The names bash files the specs of complete -D, -E and -I under.
const (
	defaultCmdSpec  = "_DefaultCmD_"
	emptyCmdSpec    = "_EmptycmD_"
	initialWordSpec = "_InitialWorD_"
)

// completionTimeLimit bounds a completion function or command, so a
// looping one cannot hold the prompt.
const completionTimeLimit = 5 * time.Second

// Complete runs the completion specification the user defined with
// `complete` for the command at the cursor, as bash's programmable
// completion does at Tab. The line is cut into COMP_WORDS at
// COMP_WORDBREAKS as bash cuts it (cmd --opt=val is cmd, --opt, =, val);
// the spec is the command's (its name, then its base name), else
// complete -D's; complete -E's on an empty line, complete -I's for the
// command word. It runs the actions, -G and -W words that match the
// word being completed, then the -F function's COMPREPLY (called with
// the command, the word and the word before it, COMP_WORDS, COMP_CWORD,
// COMP_LINE, COMP_POINT, COMP_TYPE and COMP_KEY set, all unset
// afterwards), then the -C command's output lines; -X filters them all
// and -P/-S are added. $? is kept.
//
// ok is false when no spec applies or a Run is in progress (Complete
// never waits for one). Do not call it from the goroutine running a
// command.
func (s *Session) Complete(ctx context.Context, req CompletionRequest) (Completion, bool) {
	if !s.runMu.TryLock() {
		return Completion{}, false
	}
	defer s.runMu.Unlock()
	if s.closed {
		return Completion{}, false
	}
	return s.completeLocked(ctx, req, 0)
}

// completeRetries bounds how often a completion function returning 124
// (it loaded a spec for the command) restarts completion.
const completeRetries = 3

// completeLocked is Complete with runMu held; tries counts the restarts
// a function returning 124 caused.
func (s *Session) completeLocked(ctx context.Context, req CompletionRequest, tries int) (Completion, bool) {
	words, cword, cur := req.Words, req.Index, ""
	if req.Line != "" || strings.Join(req.Words, "") == "" {
		breaks := defaultWordBreaks
		if v, ok := s.ir.Var("COMP_WORDBREAKS"); ok {
			breaks = v
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
			if !slices.Contains(s.ir.Funcs(), val) {
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
	s.ir.Run(ctx, script.String(), interp.Stdio{Stdout: &out, Stderr: &errs})
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		fmt.Fprintf(&errs, "bash: completion for %s stopped after %v (the completion time limit)\n", name, completionTimeLimit)
	}
	// A function that returns 124 after defining the command's spec
	// (bash-completion's loader behind complete -D) restarts completion.
	compStatus, _ := s.ir.Var(compStatusVar)
	restart := compStatus == "124" && len(words) > 0 && tries < completeRetries
	if restart {
		newSpec, found := s.completionSpec(words[0])
		restart = found && !slices.Equal(newSpec, spec)
	}
	// What compopt changed; then the variables go, as in bash.
	compopt, _ := s.ir.Var(compoptVar)
	for _, ch := range strings.Fields(compopt) {
		res.Options = slices.DeleteFunc(res.Options, func(o string) bool { return o == ch[1:] })
		if ch[0] == '-' {
			res.Options = append(res.Options, ch[1:])
		}
	}
	s.ir.Run(context.Background(), "unset COMPREPLY COMP_LINE COMP_POINT COMP_TYPE COMP_KEY COMP_CWORD COMP_WORDS "+compoptVar+" "+compStatusVar, interp.Stdio{})
	// $? after completing is what it was before.
	s.ir.SetStatus(s.last)
	s.takeInterpSnapshot()
	res.Stderr += errs.String()
	if restart {
		again, ok := s.completeLocked(ctx, req, tries+1)
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
	// complete -p sets $?; after completing it is what it was before.
	defer s.ir.SetStatus(s.last)
	find := func(n string) (string, bool) {
		var out strings.Builder
		if st, _ := s.ir.Run(context.Background(), "complete -p -- "+shellQuote(n), interp.Stdio{Stdout: &out}); st != 0 {
			return "", false
		}
		return strings.TrimSuffix(out.String(), "\n"), true
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
		lit, ok := literalWord(w)
		if !ok {
			return nil, false
		}
		words = append(words, lit)
	}
	return words, true
}

// literalWord is the value of a word that is only literal text and
// quotes, as complete -p prints a spec's options.
func literalWord(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			v := p.Value
			for i := 0; i < len(v); i++ {
				if v[i] == '\\' && i+1 < len(v) {
					i++
				}
				b.WriteByte(v[i])
			}
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(lit.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
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

// compStatusVar holds, while Complete runs a spec, its function's exit
// status.
const compStatusVar = "__memsh_compstatus"

// compoptVar holds, while Complete runs a spec, the -o options compopt
// turned on ("-name") or off ("+name"), blank-separated.
const compoptVar = "__memsh_compopt"
