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
	return r.runText(ctx, src, "")
}

// runText parses and runs text in this shell (eval, source, traps).
func (r *Runner) runText(ctx context.Context, src, name string) int {
	if r.sourceDepth >= maxSourceDepth {
		r.errorf("%s: maximum nesting level exceeded (%d)", "eval", maxSourceDepth)
		return 1
	}
	f, err := parseBash(src, name)
	if err != nil {
		r.evalSyntaxError(err)
		return 2
	}
	r.sourceDepth++
	line, savedSrc := r.line, r.src
	r.src = src
	r.stmtsReading(ctx, f.Stmts, src)
	r.line, r.src = line, savedSrc
	r.sourceDepth--
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
	status := r.runText(ctx, string(data), name)
	r.evalSource = savedSrc
	if len(args) > 2 {
		r.params = saved
	}
	if r.flow == flowReturn {
		r.flow = flowNone
		status = r.lastStatus
	}
	if r.trap("RETURN") != "" && r.flow == flowNone {
		// a sourced file runs the RETURN trap when it ends, as bash's
		// source does (a function only under set -T)
		r.runTrap(ctx, "RETURN")
		r.lastStatus = status
	}
	return status
}
