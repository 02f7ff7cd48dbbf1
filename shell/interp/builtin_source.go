package interp

import (
	"context"
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
	if rd.sc.err != nil && r.flow == flowNone {
		r.reportSyntax(rd.sc.err, base, in)
		r.lastStatus = 2
	}
	return r.lastStatus
}

// builtinSource is source FILE [ARGS] and . FILE [ARGS].
func builtinSource(ctx context.Context, r *Runner, args []string) int {
	if len(args) < 2 {
		r.errorf("%s: filename argument required", args[0])
		r.printErr(args[0] + ": usage: " + args[0] + " filename [arguments]\n")
		return 2
	}
	name := args[1]
	full := r.absPath(name)
	if !strings.Contains(name, "/") {
		if _, err := r.cfg.FS.Stat(full); err != nil {
			if p := r.lookPath(name, nil); p != "" {
				full = p
			}
		}
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
	status := r.runText(ctx, string(data), textSourced)
	r.evalSource = savedSrc
	if len(args) > 2 {
		r.params = saved
	}
	if r.flow == flowReturn {
		r.flow = flowNone
		status = r.lastStatus
	}
	return status
}
