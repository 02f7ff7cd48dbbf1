package interp

import (
	"context"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"memsh/shell/prompt"
)

// Prompts as bash expands them (parse.y's decode_prompt_string, then
// the promptvars expansion): ${v@P}, PS4 before a traced command, and
// PS1/PS2 of an interactive shell reading its commands (interactive.go).
// The escapes themselves are shell/prompt's.

// promptEnv is what the prompt escapes show, read from the shell;
// reading says the prompt is one bash -i prints while it reads a
// command (PS1, PS2, PS0), before the command is in the history.
func (r *Runner) promptEnv(reading bool) prompt.Env {
	get := func(n string) string { v, _ := r.getVar(n); return v }
	dir, ok := r.getVar("PWD")
	if !ok {
		dir = r.dir
	}
	return prompt.Env{User: get("USER"), Host: get("HOSTNAME"), Dir: dir, Home: get("HOME"),
		DirTrim: get("PROMPT_DIRTRIM"), Root: get("EUID") == "0", Jobs: r.promptJobs(),
		History: r.historyNumber(reading), Command: r.commandNumber, Now: r.now(), Shell: "bash",
		Version: "5.2", Release: "5.2.15", Vars: true}
}

// promptJobs is \j: the jobs not yet reported done, of this shell or,
// in $( ) or a pipeline stage, of the shell that started it (as the jobs
// builtin lists them there).
func (r *Runner) promptJobs() int {
	if r.bg == nil && r.seenJobs != nil {
		n := 0
		for _, j := range r.seenJobs.list {
			if _, _, done := j.state(); !done {
				n++
			}
		}
		return n
	}
	return r.Jobs()
}

// historyNumber is \!, as bash 5.2's prompt_history_number computes
// it: 1 when history is off; else the number the next entry gets while
// a command is read (PS1, and PS2 and PS0, which memsh prints before
// recording the command), or that of the last entry while one runs
// (${v@P}, PS4; the line running when it was recorded).
func (r *Runner) historyNumber(reading bool) int {
	if !r.historyOn() {
		return 1
	}
	n := r.hist.base + len(r.hist.lines)
	if reading || n == 0 {
		n++
	}
	return n
}

// crMark stands for a carriage return while a prompt's text goes
// through the here-document reader, which reads CR LF as a newline.
const crMark = "\uE00D"

// expandPromptText decodes ps's escapes and then, as promptvars does,
// expands $NAME, $(...), $((...)) and backslashes in it as inside double
// quotes (here, as a here-document's body is). What an escape inserted
// (a directory holding a '$') is not expanded again.
func (r *Runner) expandPromptText(ctx context.Context, ps string, reading bool) string {
	env := r.promptEnv(reading)
	doc := prompt.HeredocText(prompt.Decode(ps, env))
	cr := strings.Contains(doc, "\r") && !strings.Contains(doc, crMark)
	if cr {
		doc = strings.ReplaceAll(doc, "\r", crMark)
	}
	if w, err := syntax.NewParser().Document(strings.NewReader(doc)); err == nil {
		// Positions in w are offsets into doc ($((...)) reads its text).
		saved := r.src
		r.src = doc
		out, ok := r.heredoc(ctx, &syntax.Redirect{Op: syntax.Hdoc, Word: &syntax.Word{}, Hdoc: w})
		r.src = saved
		if ok {
			if cr {
				out = strings.ReplaceAll(out, crMark, "\r")
			}
			return out
		}
	}
	env.Vars = false
	return prompt.Decode(ps, env)
}

// promptVar is the prompt in variable name (PS0, PS1, PS2, PS4)
// expanded, "" when it is unset.
func (r *Runner) promptVar(ctx context.Context, name string) string {
	ps, ok := r.getVar(name)
	if !ok || ps == "" {
		return ""
	}
	x := r.opts.xtrace
	r.opts.xtrace = false
	defer func() { r.opts.xtrace = x }()
	return r.expandPromptText(ctx, ps, name != "PS4")
}
