// Package shell is memsh's sandboxed bash session: memsh's own bash
// interpreter (shell/interp) wired to memfs, the command registry,
// pyworker and the limits. The interpreter never reaches the host: its
// files are memfs's, its commands the registry's, and the environment
// is built from scratch. See docs/shell.md.
package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"memsh/memfs"
	"memsh/pyworker"
	"memsh/shell/command"
	"memsh/shell/commands"
	"memsh/shell/interp"
)

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
	// Script makes each Run behave like `bash -c SCRIPT` rather than a
	// line typed at an interactive bash: aliases are not expanded, and
	// when the script ends the shell exits (the EXIT trap runs, Exited
	// reports it). For script mode and programs running whole scripts.
	Script bool
	// Args are $0 and the positional parameters ($1...), as
	// `bash -c SCRIPT NAME ARGS...` sets them; empty means $0 is "bash".
	// A script's messages start with $0 ("NAME: line 3: ...").
	Args []string
	// FromFile says a Script came from a file or stdin rather than -c:
	// a syntax error then reads "NAME: line N:" instead of
	// "NAME: -c: line N:", and an unbound variable (set -u) ends the
	// script with 1 instead of 127, as in bash.
	FromFile bool
	// Command is the text of `memsh -c`, which the script sees in
	// BASH_EXECUTION_STRING as under `bash -c`.
	Command string
	// MaxMemory is the session's memory budget in bytes (command.Budget):
	// what commands hold, command substitutions, variables, background
	// jobs and memfs's bytes, together. 0 = DefaultMaxMemory(); negative
	// = no budget. It is also memfs's byte limit when FSOptions.MaxBytes
	// is 0 and the session makes its own filesystem.
	MaxMemory int64
	// Clock is the session's current time: timestamps of new files and
	// what date, ls -l, touch, find -mtime, printf %(...)T and guests'
	// wall clock read. It sets FSOptions.Now when that is nil (with FS
	// given, FS's own clock is used). Nil: the system clock.
	Clock func() time.Time
}

// Stdio is a Run's standard streams. A nil Stdin reads as empty; nil
// writers discard.
type Stdio struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// Session is one interactive shell: variables, functions, aliases,
// options, traps and cwd persist across Run calls.
type Session struct {
	c  *core
	ir *interp.Runner // the session's shell
	// The interactive shell's stdout and stderr, which background jobs
	// keep across Runs (session_interp.go).
	out, errw followWriter

	runMu  sync.Mutex // one Run at a time
	closed bool
	last   int // status of the last Run, for $? across runs
	// The last Run's writers, for an EXIT trap run by Close.
	lastOut, lastErr io.Writer

	stateMu sync.Mutex // guards the snapshot below
	snap    snapshot
}

// snapshot is the session's state as of the end of the last Run, for the
// query methods (which may run on another goroutine).
type snapshot struct {
	dir        string
	vars       map[string]string
	funcs      []string
	aliases    []string
	jobs       int // background jobs still running (prompt's \j)
	exited     bool
	exitStatus int
}

// core is what a session shares with the commands it runs.
type core struct {
	fs         *memfs.FS
	opts       Options
	cmds       map[string]command.Command
	maxDepth   int
	stdinBytes atomic.Int64
	termWidth  atomic.Int64             // terminal columns set by SetWidth; 0 = Options.Width
	history    atomic.Pointer[[]string] // the prompt's history (SetHistory)

	// The running line's stdin and the pager (termstdin.go).
	term  termInput
	pager atomic.Pointer[PagerFunc]

	pyMu  sync.Mutex
	py    *pyworker.Runtime
	ownPy bool

	mem *command.Budget // the memory budget (memory.go); nil: none
}

// New returns a session in a fresh sandbox (or over opts.FS).
func New(opts Options) (*Session, error) {
	c := &core{opts: opts, fs: opts.FS, maxDepth: opts.MaxCallDepth}
	if c.maxDepth <= 0 {
		c.maxDepth = DefaultMaxCallDepth
	}
	if c.fs == nil {
		fo := opts.FSOptions
		if fo.Now == nil {
			fo.Now = opts.Clock
		}
		if fo.UID == 0 && fo.GID == 0 {
			fo.UID, fo.GID = sandboxUID, sandboxGID
		}
		if fo.MaxBytes == 0 && opts.MaxMemory > 0 {
			fo.MaxBytes = opts.MaxMemory
		}
		c.fs = memfs.New(fo)
	}
	fsys := c.fs
	c.mem = newBudget(opts, func() int64 { return fsys.Usage().Bytes })
	c.py = opts.Python
	all, shellCmds := commands.All(), c.shellCommands()
	c.cmds = make(map[string]command.Command, len(all)+len(shellCmds))
	for _, cmd := range all {
		c.cmds[cmd.Name] = cmd
	}
	for _, cmd := range shellCmds {
		c.cmds[cmd.Name] = cmd
	}
	names := make([]string, 0, len(c.cmds))
	for n := range c.cmds {
		names = append(names, n)
	}

	dir := opts.Dir
	if dir == "" {
		dir = sandboxHome
	}
	if !strings.HasPrefix(dir, "/") {
		return nil, fmt.Errorf("start directory %q is not absolute", dir)
	}
	home := ""
	if opts.Dir == "" {
		home = sandboxHome
	}
	// Laying out the box is the largest part of New; it runs while the
	// interpreter, which does not touch the filesystem, is set up.
	boxDone := make(chan error, 1)
	go func() { boxDone <- buildBox(c.fs, home, names) }()

	env := append(baseEnv(dir), opts.Env...)
	args := []string{"bash"}
	if len(opts.Args) > 0 {
		args = opts.Args
	}
	return c.newInterpSession(boxDone, env, dir, args)
}

// dedupEnv keeps the last value of each variable, in first-seen order.
func (c *core) dedupEnv(env []string) []string {
	idx := make(map[string]int, len(env))
	out := make([]string, 0, len(env))
	for _, kv := range env {
		k, _, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		if i, seen := idx[k]; seen {
			out[i] = kv
			continue
		}
		idx[k] = len(out)
		out = append(out, kv)
	}
	return out
}

// Run parses and runs script. The status is the script's exit status;
// the error is non-nil only when memsh itself failed (not for a failing
// script or a syntax error, which print to Stderr and give status 2).
// Cancelling ctx stops the script and all it started: status 130.
//
// Each top-level statement runs in turn, as lines typed at an interactive
// bash do: the EXIT trap runs when the script calls exit, not at the end
// of every Run.
func (s *Session) Run(ctx context.Context, script string, stdio Stdio) (int, error) {
	s.runMu.Lock()
	defer s.runMu.Unlock()
	if s.closed {
		return 1, errors.New("shell: Run on a closed session")
	}
	return s.runInterp(ctx, script, stdio)
}

// isDevice reports whether f is a character device (a terminal or
// /dev/null), which rg does not take for input.
func isDevice(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// stdinFile gives a Run's stdin as an *os.File, whose reads a cancelled
// line can cut short (a read deadline). Files are used as they are;
// other readers are copied into a pipe that closeStdin closes, ending
// the copy.
func stdinFile(r io.Reader) (f *os.File, closeStdin func(), err error) {
	switch r := r.(type) {
	case *os.File:
		// A cancelled line sets a read deadline on it; clear it again.
		return r, func() { r.SetReadDeadline(time.Time{}) }, nil
	case *countingReader:
		if f, ok := r.r.(*os.File); ok {
			return f, func() {}, nil
		}
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	if r == nil {
		pw.Close()
		return pr, func() { pr.Close() }, nil
	}
	if _, ok := r.(eofReader); ok {
		pw.Close()
		return pr, func() { pr.Close() }, nil
	}
	go func() {
		io.Copy(pw, r)
		pw.Close()
	}()
	return pr, func() { pr.Close() }, nil
}

// sameWriter reports whether a and b are the same writer. Two values of
// one type that cannot be compared (a == b panics) are not.
func sameWriter(a, b io.Writer) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	return a == b
}

// The methods below are safe to call from another goroutine while Run runs;
// they report the state as of the end of the last Run.

// FS is the session's filesystem.
func (s *Session) FS() *memfs.FS { return s.c.fs }

// Dir is the working directory.
func (s *Session) Dir() string {
	s.stateMu.Lock()
	defer s.stateMu.Unlock()
	return s.snap.dir
}

// Getenv returns a shell variable's value.
func (s *Session) Getenv(name string) string {
	s.stateMu.Lock()
	defer s.stateMu.Unlock()
	return s.snap.vars[name]
}

// Jobs is how many background jobs were still running, bash's \j in a
// prompt.
func (s *Session) Jobs() int {
	s.stateMu.Lock()
	defer s.stateMu.Unlock()
	return s.snap.jobs
}

// Vars lists the names of set variables, sorted.
func (s *Session) Vars() []string {
	s.stateMu.Lock()
	defer s.stateMu.Unlock()
	names := make([]string, 0, len(s.snap.vars))
	for n := range s.snap.vars {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Commands lists every command name the session knows (builtins,
// registry commands, functions, aliases), sorted.
func (s *Session) Commands() []string {
	s.stateMu.Lock()
	funcs, aliases := s.snap.funcs, s.snap.aliases
	s.stateMu.Unlock()
	seen := make(map[string]bool)
	var out []string
	add := func(n string) {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	for _, n := range bashBuiltins {
		add(n)
	}
	for n := range s.c.cmds {
		add(n)
	}
	for _, n := range funcs {
		add(n)
	}
	for _, n := range aliases {
		add(n)
	}
	sort.Strings(out)
	return out
}

// bashBuiltins are bash's builtins on Linux, in its order (enable's).
var bashBuiltins = strings.Fields(". : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source suspend test times trap true type typeset ulimit umask unalias unset wait")

// IsCommand reports whether name would run something rather than give
// "command not found" (for syntax highlighting).
func (s *Session) IsCommand(name string) bool {
	if name == "" {
		return false
	}
	if slices.Contains(bashBuiltins, name) || syntax.IsKeyword(name) {
		return true
	}
	if _, ok := s.c.cmds[name]; ok {
		return true
	}
	s.stateMu.Lock()
	snap := s.snap
	s.stateMu.Unlock()
	if i := sort.SearchStrings(snap.funcs, name); i < len(snap.funcs) && snap.funcs[i] == name {
		return true
	}
	if i := sort.SearchStrings(snap.aliases, name); i < len(snap.aliases) && snap.aliases[i] == name {
		return true
	}
	if strings.Contains(name, "/") {
		return s.c.isExecutable(absPath(snap.dir, name))
	}
	pathVar, ok := snap.vars["PATH"]
	if !ok {
		pathVar = defaultPath
	}
	for _, d := range strings.Split(pathVar, ":") {
		if d == "" {
			d = "."
		}
		if s.c.isExecutable(absPath(snap.dir, d+"/"+name)) {
			return true
		}
	}
	return false
}

// isExecutable reports whether the memfs file at p is a regular file the
// sandbox user may execute.
func (c *core) isExecutable(p string) bool {
	info, err := c.fs.Stat(p)
	if err != nil || info.IsDir() {
		return false
	}
	perm := uint32(info.Mode().Perm())
	fuid, fgid := uint32(sandboxUID), uint32(sandboxGID)
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		fuid, fgid = st.Uid, st.Gid
	}
	switch {
	case fuid == sandboxUID:
		perm >>= 6
	case fgid == sandboxGID:
		perm >>= 3
	}
	return perm&1 != 0
}

// absPath resolves p against dir without cleaning "..": memfs resolves
// it physically, as the kernel does.
func absPath(dir, p string) string {
	if strings.HasPrefix(p, "/") {
		return p
	}
	if dir == "/" {
		return "/" + p
	}
	return dir + "/" + p
}

// Exited reports whether the script ran `exit`, and its status.
func (s *Session) Exited() (status int, ok bool) {
	s.stateMu.Lock()
	defer s.stateMu.Unlock()
	return s.snap.exitStatus, s.snap.exited
}

// SetWidth changes the terminal width width-aware commands lay out for
// (ls columns), e.g. when the terminal is resized; it applies to the
// commands started after it. Safe to call while Run runs.
func (s *Session) SetWidth(cols int) { s.c.termWidth.Store(int64(cols)) }

// SetHistory gives the `history` builtin the lines typed at the prompt,
// oldest first (the TUI owns them: they live on the host, never in the
// sandbox). Without it, `history` prints nothing. Safe to call while Run
// runs; the session keeps its own copy.
func (s *Session) SetHistory(entries []string) {
	cp := slices.Clone(entries)
	s.c.history.Store(&cp)
}

// StdinBytes is the number of bytes running commands have read from their
// stdin since the session started (monotonic; sample it to get a rate).
func (s *Session) StdinBytes() int64 { return s.c.stdinBytes.Load() }

// Close releases the session's resources. An EXIT trap the script set
// runs first, writing to the last Run's Stdout and Stderr, as when bash
// ends (script mode: call Close before reading buffered output).
func (s *Session) Close() error {
	s.runMu.Lock()
	defer s.runMu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	s.closeInterp()
	s.c.pyMu.Lock()
	defer s.c.pyMu.Unlock()
	if s.c.ownPy && s.c.py != nil {
		return s.c.py.Close()
	}
	return nil
}

// python returns the runtime for python3 and WASI programs, creating it
// on first use so a session that never runs python pays nothing.
func (c *core) python() *pyworker.Runtime {
	c.pyMu.Lock()
	defer c.pyMu.Unlock()
	if c.py == nil {
		c.py = pyworker.New(pyworker.Config{})
		c.ownPy = true
	}
	return c.py
}

// shellQuote quotes s as one shell word.
func shellQuote(s string) string { return command.BashQuote(s, command.BashSingle) }
