package shell

import (
	"context"
	"io"
	"slices"
	"strconv"

	"mvdan.cc/sh/v3/interp"

	"memsh/shell/command"
)

// sigpipeStatus is the status of a process killed by SIGPIPE.
const sigpipeStatus = 128 + 13

// sigpipeExit is what a builtin whose output pipe lost its reader
// becomes: bash's shell (a pipeline stage's subshell, usually) dies of
// SIGPIPE there, silently, with 141, so `while :; do echo y; done | head
// -1` ends. Going on with the next command would loop for ever.
func sigpipeExit(hc interp.HandlerContext) []string {
	fileStageExit(hc, sigpipeStatus) // pipestatus.go
	return []string{"exit", strconv.Itoa(sigpipeStatus)}
}

// writeCheck is a builtin's stdout that remembers the first failed write,
// so the builtin can be failed afterwards as bash fails it (bash checks
// its output once a builtin is done: "pwd: write error: No space left
// on device", status 1).
type writeCheck struct {
	w   io.Writer
	err error
}

func (w *writeCheck) Write(p []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.w.Write(p)
	if err != nil {
		w.err = err
	}
	return n, err
}

// writeError prints bash's message for a builtin whose output could not
// be written and returns its status, 1. A reader that went away is no
// error to report: bash's subshell dies of SIGPIPE, status 141.
func (c *core) writeError(hc interp.HandlerContext, name string, err error) int {
	if command.BrokenPipe(err) {
		return sigpipeStatus
	}
	io.WriteString(hc.Stderr, c.ctlPrefix(hc)+name+": write error: "+command.Strerror(err)+"\n")
	return 1
}

// checkedBuiltin names the builtin that bash reports a failed write for
// when args runs, and whether it then still succeeds (pushd, popd and
// declare -f do). kill -l, jobs, caller, command -v, history and
// getopts are not checked by bash, nor here.
func checkedBuiltin(args []string) (name string, keepStatus bool) {
	switch args[0] {
	case "pwd", "type", "set", "shopt", "trap", "dirs", "times", "umask", "hash", "cd":
		return args[0], false
	case "alias":
		if len(args) == 1 || len(args) == 2 && args[1] == "-p" { // only the listing
			return args[0], false
		}
	case "ulimit":
		if slices.Contains(args, "-a") { // bash checks only the listing
			return args[0], false
		}
	case "pushd", "popd":
		return args[0], true
	case internalPrefix + "declare_p":
		if len(args) > 2 {
			switch args[2] {
			case "-X":
				return "export", false
			case "-R":
				return "readonly", false
			case "-f":
				return "declare", true
			}
		}
		return "declare", false
	}
	return "", false
}

// builtin runs a builtin the call handler takes over (runBuiltin), with
// bash's check of its output for the builtins bash checks (checkedRun).
func (c *core) builtin(ctx context.Context, hc interp.HandlerContext, rs *runnerState, args []string) ([]string, error) {
	hc.Stdout = c.capSubst(ctx, hc.Stdout, hc.Stderr) // substcap.go
	if isDisabled(hc.Env, args[0]) {                  // enable.go
		return c.disabledCall(hc, args), nil
	}
	if args[0] == "compgen" {
		if script, ok := c.compgenCalls(hc, args); ok { // progcomp.go
			return []string{"eval", script}, nil
		}
	}
	if st, ok := c.interactiveBuiltin(hc, rs, args); ok {
		return statusArgs(st), nil
	}
	out, err := c.checkedRun(ctx, hc, rs, args)
	if err == nil && len(out) > 0 && out[0] != args[0] && interp.IsBuiltin(out[0]) && isFunc(hc, out[0]) {
		// What memsh runs in the builtin's place (exit, eval, cd, the
		// builtin true of a status) is the builtin even where the
		// script defines a function of that name: `exit() { ...; }`
		// must not catch shift's exit. mvdan/sh's command, like its
		// builtin, runs builtins without looking at functions.
		if out[0] == "builtin" {
			out = append([]string{"command"}, out[1:]...)
		} else if isFunc(hc, "builtin") {
			out = append([]string{"command"}, out...)
		} else {
			out = append([]string{"builtin"}, out...)
		}
	}
	return out, err
}

func (c *core) checkedRun(ctx context.Context, hc interp.HandlerContext, rs *runnerState, args []string) ([]string, error) {
	name, keep := checkedBuiltin(args)
	if name == "" {
		return c.runBuiltin(ctx, hc, rs, args)
	}
	wc := &writeCheck{w: hc.Stdout}
	hc.Stdout = wc
	var out []string
	var err error
	if args[0] == "times" {
		out = statusArgs(c.timesBuiltin(hc, args))
	} else {
		out, err = c.runBuiltin(ctx, hc, rs, args)
	}
	if wc.err == nil || err != nil {
		return out, err
	}
	if command.BrokenPipe(wc.err) {
		return sigpipeExit(hc), nil
	}
	if args[0] == internalPrefix+"declare_p" {
		// Its line is its first argument.
		prefix := c.errPrefix(args[1])
		if c.opts.Script && !c.opts.FromFile && funcDepth(hc.Env) > 0 {
			prefix = "environment: line " + args[1] + ": "
		}
		io.WriteString(hc.Stderr, prefix+name+": write error: "+command.Strerror(wc.err)+"\n")
		if keep {
			return out, nil
		}
		return statusArgs(1), nil
	}
	status := c.writeError(hc, name, wc.err)
	switch {
	case keep:
		return out, nil
	case out[0] == "cd":
		// The directory changes all the same (cd - printed it first).
		return []string{"eval", "builtin cd -- " + shellQuote(out[len(out)-1]) + " && " + internalPrefix + "status 1"}, nil
	}
	return statusArgs(status), nil
}

// timesBuiltin is bash's times: the shell's and its children's user and
// system times, all zero here as in mvdan/sh's (memsh keeps no
// per-command CPU accounting); memsh runs it so that its output is
// checked.
func (c *core) timesBuiltin(hc interp.HandlerContext, args []string) int {
	if _, _, bad := builtinOpts(args, ""); bad != 0 {
		io.WriteString(hc.Stderr, c.msgPrefix(hc)+"times: -"+string(bad)+": invalid option\ntimes: usage: times\n")
		return 2
	}
	io.WriteString(hc.Stdout, "0m0.000s 0m0.000s\n0m0.000s 0m0.000s\n")
	return 0
}
