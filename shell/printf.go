package shell

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"memsh/shell/command"
	"memsh/shell/commands/printf"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

// bash's printf builtin. mvdan/sh's lacks %q, %f/%e/%g, -v, %b's \c and
// numeric checks; the call handler sends printf here instead (and -v
// through an assignment, see printfArgs).

// printfArgs rewrites a printf call: plain output goes to the internal
// command; `-v NAME` becomes an assignment from its output (a trailing
// "." keeps trailing newlines).
func (c *core) printfArgs(ctx context.Context, hc interp.HandlerContext, args []string) []string {
	rest := args[1:]
	dashes := len(rest) > 0 && rest[0] == "--"
	if dashes {
		rest = rest[1:]
	}
	if len(rest) == 2 && rest[0] == "-v" || len(rest) == 3 && rest[0] == "-v" && rest[2] == "--" {
		fmt.Fprintf(hc.Stderr, "printf: usage: printf [-v var] format [arguments]\n")
		return statusArgs(2)
	}
	if len(rest) >= 2 && rest[0] == "-v" {
		name := rest[1]
		if !validAssignTarget(name) {
			fmt.Fprintf(hc.Stderr, "%sprintf: `%s': not a valid identifier\n", c.ctlPrefix(hc), name)
			return statusArgs(2)
		}
		if base, _, _ := strings.Cut(name, "["); hc.Env.Get(base).ReadOnly {
			fmt.Fprintf(hc.Stderr, "%s%s: readonly variable\n", c.ctlPrefix(hc), base)
			return statusArgs(1)
		}
		call := []string{internalPrefix + "printf"}
		fmtArgs := rest[2:]
		if len(fmtArgs) > 0 && fmtArgs[0] == "--" {
			fmtArgs = fmtArgs[1:]
		}
		for _, a := range fmtArgs {
			call = append(call, shellQuote(a))
		}
		base := name
		if i := strings.IndexByte(name, '['); i >= 0 {
			if hc.Env.Get(name[:i]).Kind == expand.Associative {
				// h[a b]: the key quoted, for eval
				name = name[:i] + "[" + shellQuote(strings.TrimSuffix(name[i+1:], "]")) + "]"
			}
			base = name
		}
		script := name + "=$(" + strings.Join(call, " ") + "; printf .); " + name + "=${" + base + "%.}"
		return []string{"eval", script}
	}
	if !dashes && len(rest) > 0 && strings.HasPrefix(rest[0], "-") && len(rest[0]) > 1 {
		fmt.Fprintf(hc.Stderr, "%sprintf: %s: invalid option\nprintf: usage: printf [-v var] format [arguments]\n", c.ctlPrefix(hc), rest[0][:2])
		return statusArgs(2)
	}
	if len(rest) == 0 {
		fmt.Fprintf(hc.Stderr, "printf: usage: printf [-v var] format [arguments]\n")
		return statusArgs(2)
	}
	// Written here rather than by the internal printf command, so that a
	// lost reader can end the shell (sigpipeExit).
	hc.Stdout = c.capSubst(ctx, hc.Stdout, hc.Stderr)
	return echoResult(hc, c.printfBuiltin(hc, append([]string{"printf"}, rest...)))
}

func validAssignTarget(s string) bool {
	name := s
	if i := strings.IndexByte(s, '['); i > 0 && strings.HasSuffix(s, "]") {
		name = s[:i]
	}
	if name == "" {
		return false
	}
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// printfBuiltin runs the internal printf that printfArgs and echo set
// up, with the "bash: line N: " of a script on its diagnostics.
func (c *core) printfBuiltin(hc interp.HandlerContext, args []string) int {
	if len(args) < 2 {
		return 2
	}
	tz := "" // bash's strftime follows TZ only when it is exported
	if v := hc.Env.Get("TZ"); v.Exported {
		tz = v.String()
	}
	return prefixedPrintf(hc.Stdout, hc.Stderr, c.clockIn(tz), c.ctlPrefix(hc), args[1], args[2:])
}

// envValue is key's value in env ("K=V" entries, the last one wins).
func envValue(env []string, key string) string {
	for i := len(env) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(env[i], "="); ok && k == key {
			return v
		}
	}
	return ""
}

// clockIn is the session's clock in the zone tz names, for printf's
// %(...)T.
func (c *core) clockIn(tz string) func() time.Time {
	return func() time.Time { return c.fs.Now().In(command.ZoneLocation(tz)) }
}

// bashPrintf is the builtin's output: the formatter shared with the
// printf command, with bash's "bash: printf: " prefix on diagnostics.
func bashPrintf(stdout, stderr io.Writer, now func() time.Time, format string, args []string) int {
	return prefixedPrintf(stdout, stderr, now, "bash: ", format, args)
}

func prefixedPrintf(stdout, stderr io.Writer, now func() time.Time, prefix, format string, args []string) int {
	var out bytes.Buffer
	status := printf.FormatAt(&out, func(msg string) { fmt.Fprintf(stderr, "%sprintf: %s\n", prefix, msg) }, now, format, args)
	if _, err := stdout.Write(out.Bytes()); err != nil && out.Len() > 0 {
		if command.BrokenPipe(err) {
			return sigpipeStatus // bash's subshell dies of SIGPIPE, silently
		}
		// bash: "bash: printf: write error: No space left on device"
		fmt.Fprintf(stderr, "%sprintf: write error: %s\n", prefix, command.Strerror(err))
		return 1
	}
	return status
}
