package interp

import (
	"context"
	"strconv"
	"strings"
)

// maxSourceDepth bounds nested source/eval, as bash's recursion limits do.
const maxSourceDepth = 1000

// builtinEval parses its joined arguments and runs them here.
func builtinEval(ctx context.Context, r *Runner, args []string) int {
	args, st, ok := r.noOptions(args, "eval [arg ...]")
	if !ok {
		return st
	}
	src := strings.Join(args, " ")
	if strings.TrimSpace(src) == "" {
		return 0
	}
	r.traceLevel++
	defer func() { r.traceLevel-- }()
	return r.runText(ctx, src, textEval)
}

// runText reads and runs text in this shell (eval, source, traps); in
// names it in a syntax error's message: "eval", or the sourced file.
// A syntax error stops it after the commands before it ran, with
// status 2.
func (r *Runner) runText(ctx context.Context, src, in string) int {
	if r.sourceDepth >= maxSourceDepth {
		r.errorf("%s: maximum nesting level exceeded (%d)", "eval", maxSourceDepth)
		return 1
	}
	sc := readScript(ctx, src)
	if sc.stopped {
		return 130
	}
	base := uint(0)
	if in == textEval && r.lineEnd > 0 {
		// eval's text is numbered on from the last line of eval's
		// command, where bash's reading is ($LINENO, messages).
		base = r.lineEnd - 1
	}
	r.sourceDepth++
	line, savedSrc, savedBase := r.line, r.src, r.lineBase
	r.src, r.lineBase = sc.src, base
	rd := newReader(sc, base)
	r.stmtsReading(ctx, rd)
	r.line, r.src, r.lineBase = line, savedSrc, savedBase
	r.sourceDepth--
	if r.flow == flowDiscard && !r.nestHit {
		// An expansion or assignment error ends the text, not the
		// command around it: eval and source fail (bash's
		// parse_and_execute catches the jump to top level).
		r.flow = flowNone
	}
	if rd.sc.err != nil && r.flow == flowNone {
		r.reportSyntax(rd.sc.err, base, in)
		r.lastStatus = 2
	}
	return r.lastStatus
}

// builtinSource is source FILE [ARGS] and . FILE [ARGS]: the file runs
// in this shell under a frame of its own (FUNCNAME "source",
// BASH_SOURCE the file, BASH_LINENO the line of the source command).
func builtinSource(ctx context.Context, r *Runner, args []string) int {
	rest, st, ok := r.noOptions(args, args[0]+" filename [arguments]")
	if !ok {
		return st
	}
	args = append([]string{args[0]}, rest...)
	if len(args) < 2 {
		r.errorf("%s: filename argument required", args[0])
		r.printErr(args[0] + ": usage: " + args[0] + " filename [arguments]\n")
		return 2
	}
	name := args[1]
	if r.sourceDepth >= maxSourceDepth {
		r.printErr(r.arg0 + ": " + name + ": maximum nesting level exceeded (" + strconv.Itoa(maxSourceDepth) + ")\n")
		return 1
	}
	full, ok := r.sourcePath(name)
	if !ok {
		return 1
	}
	data, err := r.readFileHeld(full)
	if err != nil {
		r.errorf("%s: %s", name, strerror(err))
		return 1
	}
	saved := r.params
	if len(args) > 2 {
		r.params = args[2:]
	}
	savedSrc := r.evalSource
	r.evalSource = name
	r.pushFrame(callFrame{name: "source", file: name, line: r.line}, false)
	status := r.runText(ctx, string(data), textSourced)
	r.popFrame(false)
	r.evalSource = savedSrc
	if len(args) > 2 {
		r.params = saved
	}
	if r.flow == flowReturn {
		r.flow = flowNone
		status = r.lastStatus
	}
	if r.trap("RETURN") != "" && (r.funcDepth == 0 || r.opts.functrace) && r.flow == flowNone {
		// The RETURN trap runs as a sourced file ends too (in a
		// function only under set -T, where bash keeps the trap).
		r.lastStatus = status
		r.runTrap(ctx, "RETURN")
	}
	return status
}

// sourcePath finds the file `source NAME` reads, as bash does: a NAME
// without a slash is looked for in $PATH first (a readable file that is
// not a directory) while the sourcepath option is on, as it is by
// default; then in the working directory, except in posix mode.
func (r *Runner) sourcePath(name string) (string, bool) {
	if strings.Contains(name, "/") || !*findOption(shoptOptions, "sourcepath").field(&r.opts) {
		return r.absPath(name), true
	}
	path, _ := r.getVar("PATH")
	for _, d := range strings.Split(path, ":") {
		if d == "" {
			d = "."
		}
		cand := r.absPath(d + "/" + name)
		if info, err := r.cfg.FS.Stat(cand); err == nil && !info.IsDir() && r.cfg.FS.Access(cand, 4) == nil {
			return cand, true
		}
	}
	if r.opts.posix {
		r.errorf("%s: file not found", name)
		return "", false
	}
	return r.absPath(name), true
}
