// Package shell is memsh's sandboxed bash session: the mvdan/sh
// interpreter wired to memfs, the command registry and the limits.
package shell

import (
	"context"
	"io"
	"time"

	"memsh/memfs"
	"memsh/pyworker"
)

// API CONTRACT: the exported names and signatures in this file are what the
// TUI and main.go code against; the bodies are placeholders to be replaced.

// Options configure a Session. Zero values pick the documented defaults.
type Options struct {
	FS        *memfs.FS     // nil: a new filesystem with FSOptions
	FSOptions memfs.Options // limits for a new filesystem
	Env       []string      // extra or overriding "K=V" variables
	Dir       string        // start directory; "" = /home/user
	Timeout   time.Duration // wall-clock limit per Run (status 124); 0 = none
	// MaxCallDepth limits function nesting (bash's FUNCNEST); 0 = default.
	MaxCallDepth int
	// Python runs python3 and WASI programs; nil = one created on first use.
	Python *pyworker.Runtime
	// Term says stdout is a terminal of Width columns (ls columns, etc.).
	Term  bool
	Width int
}

// Stdio is a Run's standard streams. A nil Stdin reads as empty; nil
// writers discard.
type Stdio struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// Session is one interactive shell: variables, functions, aliases,
// options, traps and cwd persist across Run calls.
type Session struct{}

// New returns a session in a fresh sandbox (or over opts.FS).
func New(opts Options) (*Session, error) { return &Session{}, nil }

// Run parses and runs script. The status is the script's exit status;
// the error is non-nil only when memsh itself failed (not for a failing
// script or a syntax error, which print to Stderr and give status 2).
// Cancelling ctx stops the script and all it started: status 130.
func (s *Session) Run(ctx context.Context, script string, stdio Stdio) (int, error) {
	return 0, nil
}

// The methods below are safe to call from another goroutine while Run runs;
// they report the state as of the end of the last Run.

// FS is the session's filesystem.
func (s *Session) FS() *memfs.FS { return nil }

// Dir is the working directory.
func (s *Session) Dir() string { return "/home/user" }

// Getenv returns a shell variable's value.
func (s *Session) Getenv(name string) string { return "" }

// Vars lists the names of set variables, sorted.
func (s *Session) Vars() []string { return nil }

// Commands lists every command name the session knows (builtins,
// registry commands, functions, aliases), sorted.
func (s *Session) Commands() []string { return nil }

// IsCommand reports whether name would run something rather than give
// "command not found" (for syntax highlighting).
func (s *Session) IsCommand(name string) bool { return false }

// Exited reports whether the script ran `exit`, and its status.
func (s *Session) Exited() (status int, ok bool) { return 0, false }

// StdinBytes is the number of bytes running commands have read from their
// stdin since the session started (monotonic; sample it to get a rate).
func (s *Session) StdinBytes() int64 { return 0 }

// Close releases the session's resources.
func (s *Session) Close() error { return nil }
