package shell

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

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
// word being completed, then the -F function's COMPREPLY (called in the
// session's shell with the command, the word and the word before it,
// COMP_WORDS, COMP_CWORD, COMP_LINE, COMP_POINT, COMP_TYPE and COMP_KEY
// set, all unset afterwards), then the -C command's output lines; -X
// filters them all and -P/-S are added. A function returning 124 after
// defining the command's spec starts it again. $? is kept.
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
	words, cword, cur := req.Words, req.Index, ""
	if req.Line != "" || strings.Join(req.Words, "") == "" {
		breaks, ok := s.ir.Var("COMP_WORDBREAKS")
		if !ok {
			breaks = defaultWordBreaks
		}
		words, cword, cur = compWords(req.Line, req.Point, breaks)
	} else if cword >= 0 && cword < len(words) {
		cur = words[cword]
	} else {
		return Completion{}, false
	}
	var out bytes.Buffer
	ctx, cancel := context.WithTimeout(ctx, completionTimeLimit)
	defer cancel()
	got, ok := s.ir.Complete(ctx, interp.CompRequest{
		Line: req.Line, Point: req.Point, Words: words, CWord: cword, Word: cur, Output: &out,
	})
	if !ok {
		return Completion{}, false
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		name := ""
		if len(words) > 0 {
			name = words[0]
		}
		fmt.Fprintf(&out, "bash: completion for %s stopped after %v (the completion time limit)\n", name, completionTimeLimit)
	}
	s.takeInterpSnapshot()
	return Completion{Matches: got.Matches, Word: cur, Options: got.Options, Stderr: out.String()}, true
}
