package sysutil

import (
	"bytes"
	"context"
	"io"
	"strings"

	"memsh/shell/command"
)

// execResult is the outcome of running another command.
type execResult struct {
	Status   int
	NotFound bool // the shell said "NAME: command not found" (127)
}

// runCommand runs argv through inv.Exec. The shell reports a missing
// command in bash's words; env, xargs, timeout and find report it in
// their own (GNU's "'x': No such file or directory"), so the shell's line
// is held back and the caller prints its own.
func runCommand(ctx context.Context, inv *command.Invocation, argv, env []string, stdio command.Stdio) execResult {
	if inv.Exec == nil {
		return execResult{Status: 127, NotFound: true}
	}
	f := &notFoundFilter{w: stdio.Stderr, line: []byte(argv[0] + ": command not found\n")}
	stdio.Stderr = f
	status := inv.Exec(ctx, argv, env, stdio)
	if status == 127 && f.matched {
		if command.IsProgramBuiltin(argv[0]) {
			// GNU systems have /usr/bin/echo and friends; in memsh they
			// are shell builtins, so a child shell runs them.
			stdio.Stderr = f.w
			return execResult{Status: inv.Exec(ctx, append([]string{"sh", "-c", `"$@"`, "sh"}, argv...), env, stdio)}
		}
		return execResult{Status: 127, NotFound: true}
	}
	f.release()
	return execResult{Status: status}
}

// notFoundFilter passes writes through, except that it holds back output
// while it could still be exactly line, and swallows line if it is.
type notFoundFilter struct {
	w       io.Writer
	line    []byte
	held    []byte
	decided bool
	matched bool
}

func (f *notFoundFilter) Write(p []byte) (int, error) {
	if f.decided {
		return f.w.Write(p)
	}
	f.held = append(f.held, p...)
	switch {
	case bytes.Equal(f.held, f.line):
		f.decided, f.matched = true, true
		f.held = nil
	case bytes.HasPrefix(f.line, f.held):
		// still undecided
	default:
		f.decided = true
		held := f.held
		f.held = nil
		if _, err := f.w.Write(held); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// release writes out anything still held back.
func (f *notFoundFilter) release() {
	if len(f.held) > 0 {
		f.w.Write(f.held)
		f.held = nil
	}
}

// lookPath finds name as the shell would for running it: a name with a
// slash is taken as a path; otherwise each $PATH directory is searched for
// a regular file with an execute bit. It returns the absolute path, or
// "" and whether something non-executable was found.
func lookPath(inv *command.Invocation, name, pathVar string) (string, bool) {
	if strings.Contains(name, "/") {
		p := inv.Abs(name)
		fi, err := inv.FS.Stat(p)
		if err != nil {
			return "", false
		}
		if fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
			return p, false
		}
		return "", true
	}
	denied := false
	for _, dir := range strings.Split(pathVar, ":") {
		if dir == "" {
			dir = "."
		}
		p := inv.Abs(dir + "/" + name)
		fi, err := inv.FS.Stat(p)
		if err != nil {
			continue
		}
		if fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
			return p, false
		}
		if fi.Mode().IsRegular() {
			denied = true
		}
	}
	return "", denied
}
