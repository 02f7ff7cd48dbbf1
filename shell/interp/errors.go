package interp

import (
	"fmt"
	"io"
	"strconv"

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

// What runText's text is, for a syntax error's message.
const (
	textSourced  = "source"    // a sourced file: named by the file (Runner.evalSource)
	textEval     = "eval"      // bash: eval: line 1: ...
	textTrap     = "trap"      // bash: trap: line 1: ...
	textExitTrap = "exit trap" // bash: exit trap: line 1: ...
)

// reportSyntax prints a syntax error as bash does, and in a
// non-interactive shell the line it could not read:
//
//	bash: -c: line 1: syntax error near unexpected token `then'
//	bash: -c: line 1: `if then'
//
// in is "" for the script itself or what runText read (textEval, ...);
// base is the line the text is numbered on from (eval's).
func (r *Runner) reportSyntax(e *syntaxErr, base uint, in string) {
	if e.msg == "" {
		// bash stops at some errors in [[ ]] without a word.
		return
	}
	name := r.arg0
	if r.evalSource != "" {
		name = r.evalSource
	} else if r.cfg.Script && r.funcDepth > 0 && !r.fromFile {
		name = "environment"
	}
	switch in {
	case textSourced:
	case "":
		if r.cfg.Script && !r.fromFile {
			name += ": -c"
		}
	default:
		name += ": " + in
	}
	where := name + ": line " + strconv.FormatUint(uint64(base+e.line), 10) + ": "
	r.printErr(where + e.msg + "\n")
	if r.cfg.Script && e.text != "" {
		r.printErr(where + "`" + e.text + "'\n")
	}
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

// assignFatal ends a non-interactive shell with status 1 after an
// arithmetic error in a value assigned to an integer variable, as bash
// does (declare -i n; n='1 +'); at the prompt the command is abandoned.
func (r *Runner) assignFatal() {
	if r.flow >= flowExit {
		return
	}
	r.lastStatus = 1
	if r.cfg.Script && !r.cfg.dashI {
		r.flow = flowExit
	} else {
		r.flow = flowDiscard
	}
}

// unsetFatal ends a non-interactive shell after an unset-variable error
// (set -u, ${x?}); at the prompt the command is abandoned.
func (r *Runner) unsetFatal() {
	if r.flow >= flowExit {
		return
	}
	r.lastStatus = r.unsetStatus()
	if r.cfg.Script && !r.cfg.dashI {
		r.flow = flowExit
	} else {
		r.flow = flowDiscard
	}
}

// posixAssignFatal ends a non-interactive shell in posix mode after an
// assignment failed (to a read-only variable) with no command or before
// a special builtin, as bash's FORCE_EOF does: with unsetStatus.
func (r *Runner) posixAssignFatal() {
	if r.cfg.Interactive {
		r.expansionFatal(1)
		return
	}
	r.unsetFatal()
}

// unsetStatus is the status an unset-variable error (set -u, ${x?})
// ends the shell with: 127 for bash -c's own shell, 1 in a subshell, a
// script file or at the prompt (where it only abandons the line).
func (r *Runner) unsetStatus() int {
	if r.fromFile || r.subshell > 0 || r.opts.errexit || r.cfg.Interactive || r.cfg.dashI {
		return 1
	}
	return 127
}
