package shell

import (
	"bytes"
	"io"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Errors that end a shell in bash but only a subshell, or that bash
// words differently from mvdan/sh.

// dividesSubshell reports whether n is an arithmetic division whose
// divisor guardDivisions checks: a subshell or command substitution
// holding one runs through the internal subshell command, so dividing
// by zero ends that subshell and not the whole line.
func dividesSubshell(n syntax.Node) bool {
	b, ok := n.(*syntax.BinaryArithm)
	if !ok {
		return false
	}
	switch b.Op {
	case syntax.Quo, syntax.Rem, syntax.QuoAssgn, syntax.RemAssgn:
		return plainDivisor(b.Y)
	}
	return false
}

// unboundWriter is a shell's stderr. mvdan/sh reports `set -u`'s
// unbound variable as "NAME: unbound variable" and exits with status 1;
// bash says "bash: line N: NAME: unbound variable" and bash -c exits
// with 127 (a script file with 1). The writer rewords the message and
// notes it, for runStatements to give the status.
type unboundWriter struct {
	w       io.Writer
	prefix  string       // "bash", or the script's name
	status  int          // the shell's status after the error
	noLine  bool         // an interactive shell's message has no line
	line    atomic.Int64 // line of the statement running
	unbound atomic.Bool  // the message was written

	// set -x (xtrace.go): the tracer's lines for simple commands wait
	// here for the call handler to put bash's in their place.
	xtrace atomic.Bool
	ps4    atomic.Pointer[string]

	verboseEnd atomic.Int64 // set -v: the source shown so far
	mu         sync.Mutex
	held       [][]byte
}

func newUnboundWriter(w io.Writer, prefix string, status int) *unboundWriter {
	if uw, ok := w.(*unboundWriter); ok {
		w = uw.w
	}
	return &unboundWriter{w: w, prefix: prefix, status: status}
}

var unboundSuffix = []byte(": unbound variable\n")

func (u *unboundWriter) Write(p []byte) (int, error) {
	// memsh's own messages start "bash: line N: "; a child shell running
	// a script file (or bash -c with a name) is named as bash names it:
	// "./x.sh: line 2: y: command not found".
	if u.prefix != "bash" && u.prefix != "" && bytes.HasPrefix(p, bashLinePrefix) {
		q := append([]byte(u.prefix+": line "), p[len(bashLinePrefix):]...)
		if _, err := u.write(q); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	return u.write(p)
}

var bashLinePrefix = []byte("bash: line ")

func (u *unboundWriter) write(p []byte) (int, error) {
	if tracedHelper(p) {
		return len(p), nil // set -x of an internal command (funcname.go)
	}
	if u.xtrace.Load() && isTraceLine(p) {
		if !nonCallTrace().Match(p) {
			u.mu.Lock()
			u.held = append(u.held, bytes.Clone(p))
			u.mu.Unlock()
			return len(p), nil
		}
		u.flushHeld()
		if _, err := u.w.Write(u.fixTrace(p)); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	u.flushHeld()
	if bash, ok := mvdanMessage(string(p)); ok {
		// Messages mvdan/sh writes itself, as bash words them.
		if _, err := io.WriteString(u.w, u.linePrefix()+bash); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	if !bytes.HasSuffix(p, unboundSuffix) || bytes.Count(p, []byte("\n")) != 1 || !unboundName(string(p[:len(p)-len(unboundSuffix)])) {
		return u.w.Write(p)
	}
	u.unbound.Store(true)
	if name := string(p[:len(p)-len(unboundSuffix)]); isNumber(name) {
		p = []byte("$" + string(p)) // bash names a positional parameter $1
	}
	if _, err := io.WriteString(u.w, u.linePrefix()+string(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// nonCallTrace matches the tracer's lines that are not a simple
// command's: assignments, for, case and let.
var nonCallTrace = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\+ ([A-Za-z_][A-Za-z0-9_]*(\[[^]]*\])?\+?=|(for|case|let) )`)
})

// linePrefix starts a message about the statement running.
func (u *unboundWriter) linePrefix() string {
	if u.noLine {
		return u.prefix + ": "
	}
	return u.prefix + ": line " + strconv.FormatInt(u.line.Load(), 10) + ": "
}

// mvdanMessage maps whole messages mvdan/sh writes from code memsh does
// not see (declaration clauses) to bash's words.
func mvdanMessage(p string) (string, bool) {
	if p == "local: can only be used in a function\n" {
		return p, true
	}
	// An assignment to a read-only variable: bash names the line.
	if name, ok := strings.CutSuffix(p, ": readonly variable\n"); ok && validAssignTarget(name) {
		return p, true
	}
	return "", false
}

// startStmt notes the line of the statement about to run.
func startStmt(w io.Writer, line uint) {
	if u, ok := w.(*unboundWriter); ok {
		u.line.Store(int64(line))
		u.unbound.Store(false)
	}
}

// unboundExit is the status of a shell r that exited on an unbound
// variable, or ok false: under set -e bash exits with 1, not 127.
func unboundExit(w io.Writer, r *interp.Runner) (int, bool) {
	if u, ok := w.(*unboundWriter); ok && u.unbound.Load() {
		if errexitOn(r) {
			return 1, true
		}
		return u.status, true
	}
	return 0, false
}

// errexitOn reports whether r runs under set -e.
func errexitOn(r *interp.Runner) bool {
	if r == nil {
		return false
	}
	opts := reflect.ValueOf(r).Elem().FieldByName("opts")
	return opts.IsValid() && opts.Kind() == reflect.Array && opts.Len() > 1 && opts.Index(1).Bool()
}

// sessionStderr is a session's stderr: a script is bash -c; at the
// interactive prompt bash names no line and the status is 1.
func sessionStderr(w io.Writer, script bool, name string, fromFile bool) *unboundWriter {
	if script {
		if fromFile {
			return newUnboundWriter(w, name, 1)
		}
		return newUnboundWriter(w, name, 127)
	}
	u := newUnboundWriter(w, "bash", 1)
	u.noLine = true
	return u
}

// childStderr is a child shell's stderr: bash -c names itself by $0 and
// exits with 127 on an unbound variable, a script by its file and 1.
func childStderr(w io.Writer, ch childShell) *unboundWriter {
	if strings.HasSuffix(ch.prefix, ": -c") {
		return newUnboundWriter(w, ch.argv0, 127)
	}
	return newUnboundWriter(w, ch.prefix, 1)
}

// bodySource is the text of stmts as written in src, so that messages
// quoting it (a division by zero's expression) read as the user wrote
// it; ok is false when src does not hold them or they hold a
// here-document (whose body lies outside the statements' span).
func bodySource(stmts []*syntax.Stmt, src string) (string, bool) {
	if len(stmts) == 0 {
		return "", false
	}
	start, end := stmts[0].Pos(), stmts[len(stmts)-1].End()
	if !start.IsValid() || !end.IsValid() || start.Offset() > end.Offset() || end.Offset() > uint(len(src)) {
		return "", false
	}
	hdoc := false
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			if r, ok := n.(*syntax.Redirect); ok && r.Hdoc != nil {
				hdoc = true
			}
			return !hdoc
		})
	}
	if hdoc {
		return "", false
	}
	text := src[start.Offset():end.Offset()] + "\n"
	if _, err := newParser().Parse(strings.NewReader(text), ""); err != nil {
		return "", false
	}
	return text, true
}

// unboundName reports whether s can be what set -u names: a variable, an
// array element, or a positional parameter (${10}).
func unboundName(s string) bool {
	return validAssignTarget(s) || s != "" && isNumber(s)
}

// verboseEcho is set -v: before a top-level statement runs, the lines
// of src it spans that were not shown yet go to stderr, as bash prints
// its input as it reads it. The lines read while verbose was off (the
// one holding `set -v` itself) are not shown.
func verboseEcho(w io.Writer, r *interp.Runner, st *syntax.Stmt, src string) {
	u, ok := w.(*unboundWriter)
	if !ok || r == nil {
		return
	}
	start, end := st.Pos().Offset(), st.End().Offset()
	if !st.Pos().IsValid() || end > uint(len(src)) || start > end {
		return
	}
	lineStart := uint(strings.LastIndexByte(src[:start], '\n') + 1)
	lineEnd := uint(len(src))
	if i := strings.IndexByte(src[end:], '\n'); i >= 0 {
		lineEnd = end + uint(i) + 1
	}
	shown := uint(u.verboseEnd.Load())
	if shown > uint(len(src)) {
		shown = 0 // another source
	}
	if v, ok := r.Vars[optVar("verbose")]; !ok || v.String() != "on" {
		u.verboseEnd.Store(int64(lineEnd))
		return
	}
	from := max(lineStart, shown)
	if from < lineEnd {
		u.flushHeld()
		io.WriteString(u.w, src[from:lineEnd])
		if lineEnd == uint(len(src)) && !strings.HasSuffix(src, "\n") {
			io.WriteString(u.w, "\n")
		}
	}
	u.verboseEnd.Store(int64(lineEnd))
}
