package interp

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"memsh/shell/command"
)

// Bash's messages, word for word. A script run as `bash -c` says where:
//
//	bash: line 3: nosuch: command not found
//
// and an interactive shell only "bash: nosuch: command not found". The
// name is $0.

// prefix starts a message: "NAME: line N: " in a script, "NAME: " at
// the prompt.
func (r *Runner) prefix() string {
	name := r.arg0
	if r.evalSource != "" {
		name = r.evalSource
	}
	if r.cfg.Script && r.line > 0 {
		if r.funcDepth > 0 && !r.fromFile && r.evalSource == "" {
			// bash -c names a function's commands "environment".
			name = "environment"
		}
		return name + ": line " + strconv.FormatUint(uint64(r.line), 10) + ": "
	}
	return name + ": "
}

// errorf prints a shell message to stderr.
func (r *Runner) errorf(format string, args ...any) {
	io.WriteString(r.stderr(), r.prefix()+fmt.Sprintf(format, args...)+"\n")
}

// printErr writes text to stderr as it is.
func (r *Runner) printErr(s string) { io.WriteString(r.stderr(), s) }

// strerror is the C library's text for a filesystem error.
func strerror(err error) string { return command.Strerror(err) }

// syntaxError prints a parse error as bash does:
//
//	bash: -c: line 1: syntax error near unexpected token `)'
func (r *Runner) syntaxError(err error) { r.syntaxErrorIn(err, "") }

// evalSyntaxError is a syntax error in eval's or source's text:
//
//	bash: eval: line 1: syntax error: unexpected end of file
func (r *Runner) evalSyntaxError(err error) { r.syntaxErrorIn(err, "eval") }

func (r *Runner) syntaxErrorIn(err error, in string) {
	var pe syntax.ParseError
	line := uint(0)
	msg := err.Error()
	if errors.As(err, &pe) {
		line = pe.Pos.Line()
		msg = pe.Text
	}
	where := r.arg0 + ": "
	switch {
	case in != "":
		where += in + ": "
	case r.cfg.Script && !r.fromFile:
		where += "-c: "
	}
	if line > 0 {
		where += "line " + strconv.FormatUint(uint64(line), 10) + ": "
	}
	if tok, ok := unexpectedToken(msg); ok {
		msg = "syntax error near unexpected token `" + tok + "'"
	} else if !strings.HasPrefix(msg, "syntax error") {
		msg = "syntax error: " + msg
	}
	r.printErr(where + msg + "\n")
}

// unexpectedToken finds the token in mvdan/sh's "X can only be used ..."
// and "a command can only contain words and redirects; encountered X".
func unexpectedToken(msg string) (string, bool) {
	if i := strings.Index(msg, "encountered "); i >= 0 {
		return strings.Trim(msg[i+len("encountered "):], "`'\""), true
	}
	if i := strings.Index(msg, " can only be used"); i > 0 {
		return strings.Trim(msg[:i], "`'\""), true
	}
	return "", false
}

// expansionFatal ends a non-interactive shell after an expansion error
// (bad substitution, arithmetic error, ${x?}, failglob), as bash does;
// at the prompt only the command is abandoned.
func (r *Runner) expansionFatal(status int) {
	if r.flow >= flowExit {
		return
	}
	r.lastStatus = status
	r.flow = flowDiscard
}

// unsetFatal ends a non-interactive shell after an unset-variable error
// (set -u, ${x?}); at the prompt the command is abandoned.
func (r *Runner) unsetFatal() {
	if r.flow >= flowExit {
		return
	}
	r.lastStatus = r.unsetStatus()
	if r.cfg.Script {
		r.flow = flowExit
	} else {
		r.flow = flowDiscard
	}
}

// unsetStatus is the status an unset-variable error (set -u, ${x?})
// ends the shell with: 127 for bash -c's own shell, 1 in a subshell, a
// script file or at the prompt (where it only abandons the line).
func (r *Runner) unsetStatus() int {
	if r.fromFile || r.subshell > 0 || r.opts.errexit || r.cfg.Interactive {
		return 1
	}
	return 127
}
