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

// lineSource hands an interactive shell its input a line at a time
// (with its newline); ok is false at the end.
type lineSource func() (line string, ok bool)

// textLines is a lineSource over text (a script file).
func textLines(text string) lineSource {
	return func() (string, bool) {
		if text == "" {
			return "", false
		}
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		return line + "\n", true
	}
}

// maxInteractiveLine bounds one line an interactive shell reads from
// stdin; beyond it the input ends with a message naming the limit.
const maxInteractiveLine = 16 << 20

// stdinLines is a lineSource over the shell's stdin, read a byte at a
// time as bash reads a stdin that is not a terminal, so the commands a
// line runs read what follows it (read x, cat). The line's bytes count
// against the memory budget while it is read. The input is the shell's
// descriptor 0 as it is between commands, with what read left buffered
// there.
func (r *Runner) stdinLines() lineSource {
	done := false
	return func() (string, bool) {
		if done {
			return "", false
		}
		rd := r.stdin()
		var line []byte
		var held int64
		defer func() { r.cfg.Budget.Release(held) }()
		var b [1]byte
		for {
			n, err := rd.Read(b[:])
			if n == 1 {
				line = append(line, b[0])
				if b[0] == '\n' {
					return string(line), true
				}
				if len(line) > maxInteractiveLine {
					r.errorf("input line longer than %d bytes (the interactive shell's line limit)", maxInteractiveLine)
					done = true
					return "", false
				}
				if grow := int64(cap(line)) - held; grow > 0 {
					if err := r.cfg.Budget.Reserve(grow); err != nil {
						r.errorf("reading input: %v", err)
						done = true
						return "", false
					}
					held += grow
				}
			}
			if err != nil {
				done = true
				return string(line), len(line) > 0
			}
		}
	}
}

// readInteractive runs an interactive shell's input a command at a
// time, prompting on stderr as bash does; it returns the last status.
func (r *Runner) readInteractive(ctx context.Context, next lineSource) int {
	for {
		r.promptCommand(ctx)
		if r.exited {
			break // exit in PROMPT_COMMAND
		}
		r.printErr(r.promptVar(ctx, "PS1"))
		if ctx.Err() != nil {
			r.printErr("exit\n")
			break
		}
		cmd, ok, more := r.readCommand(ctx, next)
		if !more {
			r.printErr("exit\n")
			break
		}
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

// readCommand reads the lines of one command from next (more while the
// command is incomplete, each after PS2), expanding history references
// in each. ok is false when an expansion failed or asked only to print
// (:p): nothing runs; more is false when the input had ended.
func (r *Runner) readCommand(ctx context.Context, next lineSource) (cmd string, ok, more bool) {
	ok = true
	for first := true; ; first = false {
		if !first {
			r.printErr(r.promptVar(ctx, "PS2"))
		}
		line, got := next()
		if !got {
			return cmd, ok && cmd != "", cmd != ""
		}
		line = strings.TrimSuffix(line, "\n")
		r.printErr(line + "\n")
		if *findOption(setOptions, "histexpand").field(&r.opts) {
			res, err := histexpand.ExpandFrom(line, r.hist.lines, r.hist.base)
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
			return cmd, ok, true
		}
	}
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
