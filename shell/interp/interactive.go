package interp

import (
	"context"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"memsh/shell/histexpand"
)

// bash -i: an interactive shell started as a command (childshell.go),
// whose stdin is not a terminal. It reads its startup files, and then
// its commands from stdin one at a time as bash's reader_loop does:
// PROMPT_COMMAND runs before each prompt, PS1 (and PS2 for each line a
// command goes on to) is written to stderr with the line read after it
// (readline's echo), each line is history-expanded (set -H) and the
// command is recorded in the history before it runs; at the end of the
// input the shell says "exit". The shell at memsh's own prompt is the
// session's (Config.Interactive): the TUI draws its own prompt, and the
// session runs PROMPT_COMMAND after each line (PromptCommand).

// startInteractive gives the shell what bash -i starts with: $- has i,
// history, its expansion and emacs editing are on, aliases are
// expanded, and PS1, PS2 and HISTFILE have bash's defaults.
func (r *Runner) startInteractive() {
	r.interactive = true
	for _, n := range []string{"emacs", "histexpand", "history"} {
		*findOption(setOptions, n).field(&r.opts) = true
	}
	r.opts.expandAliases = true
	r.setDefault("PS1", `\s-\v\$ `, false)
	r.setDefault("PS2", "> ", false)
	r.setHistoryDefaults() // builtin_history.go
	r.commandNumber = 1
}

// interactiveTop reports whether this is bash -i's own shell (not one of
// its subshells): an error that ends a script abandons only the line.
func (r *Runner) interactiveTop() bool { return r.interactive && r.subshell == 0 }

// sysBashrc is the startup file every interactive bash of Debian reads
// first, before ~/.bashrc or --rcfile's (SYS_BASHRC).
const sysBashrc = "/etc/bash.bashrc"

// runStartupFiles sources an interactive shell's startup files: the
// system's, then rcfile or ~/.bashrc, each when it exists. It reports
// whether one of them ran exit (the shell then ends).
func (r *Runner) runStartupFiles(ctx context.Context, rcfile string) (exited bool) {
	if rcfile == "" {
		home, _ := r.getVar("HOME")
		rcfile = home + "/.bashrc"
	}
	for _, f := range []string{sysBashrc, rcfile} {
		if fi, err := r.cfg.FS.Stat(r.absPath(f)); err != nil || fi.IsDir() {
			continue
		}
		builtinSource(ctx, r, []string{"source", f})
		if r.flow == flowExit || ctx.Err() != nil {
			return true
		}
		r.flow = flowNone
	}
	return false
}

// readInteractive runs text, an interactive shell's input, a command at
// a time, prompting on stderr as bash does; it returns the last status.
func (r *Runner) readInteractive(ctx context.Context, text string) int {
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	for k := 0; ; {
		r.promptCommand(ctx)
		r.printErr(r.promptVar(ctx, "PS1"))
		if k >= len(lines) || ctx.Err() != nil {
			r.printErr("exit\n")
			break
		}
		cmd, ok := r.readCommand(ctx, lines, &k)
		if !ok {
			continue
		}
		r.printErr(r.promptVar(ctx, "PS0"))
		r.runSource(ctx, cmd)
		r.commandNumber++
		if r.exited || ctx.Err() != nil {
			break
		}
	}
	return r.lastStatus
}

// readCommand reads the lines of one command from lines[*k:] (more
// while the command is incomplete, each after PS2), expanding history
// references in each. ok is false when an expansion failed or asked only
// to print (:p): nothing runs.
func (r *Runner) readCommand(ctx context.Context, lines []string, k *int) (cmd string, ok bool) {
	ok = true
	for first := true; *k < len(lines); first = false {
		if !first {
			r.printErr(r.promptVar(ctx, "PS2"))
		}
		line := strings.TrimSuffix(lines[*k], "\n")
		*k++
		r.printErr(line + "\n")
		if *findOption(setOptions, "histexpand").field(&r.opts) {
			res, err := histexpand.Expand(line, r.hist.lines)
			switch {
			case err != nil:
				r.printErr(err.Error() + "\n")
				ok = false
			case res.Print:
				r.printErr(res.Line + "\n")
				r.addHistory(res.Line)
				ok = false
			case res.Changed:
				r.printErr(res.Line + "\n")
				line = res.Line
			}
		}
		cmd += line + "\n"
		_, err := syntax.NewParser().Parse(strings.NewReader(cmd), "")
		if !syntax.IsIncomplete(err) {
			break
		}
	}
	return cmd, ok
}

// PromptCommand runs PROMPT_COMMAND as bash does before it prints a
// prompt (a session at a prompt calls it after each line); $? is left
// as it was.
func (r *Runner) PromptCommand(ctx context.Context, stdio Stdio) {
	r.setStdio(stdio)
	status := 0
	defer r.recoverCrash(&status)
	r.promptCommand(ctx)
}

// promptCommand runs PROMPT_COMMAND (each element of it, when it is an
// array, as bash 5.1 does) before a prompt; $? is left as it was.
func (r *Runner) promptCommand(ctx context.Context) {
	v := r.lookupVar("PROMPT_COMMAND")
	if v == nil || !v.set && !v.isArray() {
		return
	}
	var cmds []string
	if v.isArray() {
		cmds = r.arrayValues(v)
	} else if s, ok := v.value(); ok {
		cmds = []string{s}
	}
	status := r.lastStatus
	for _, c := range cmds {
		if strings.TrimSpace(c) != "" && r.flow == flowNone {
			r.runText(ctx, c, textPromptCommand)
		}
	}
	switch r.flow {
	case flowExit:
		r.exited = true
		return
	case flowDiscard:
		// An expansion error abandons only PROMPT_COMMAND.
		r.flow = flowNone
	}
	r.lastStatus = status
}
