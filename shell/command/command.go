// Package command is the one signature every memsh command shares, and the
// helpers commands use to print GNU-style messages and parse flags.
//
// A command is Go code running in-process over memfs. It reads Stdin and
// writes Stdout incrementally (streams, not strings), prints
// "NAME: message" to Stderr, and returns an exit status: 0 success,
// 1 failure, 2 usage (as its GNU counterpart does).
package command

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"syscall"

	"memsh/memfs"
)

// Func runs one command. The returned int is the exit status.
type Func func(ctx context.Context, inv *Invocation) int

// Command is one registry entry.
type Command struct {
	Name    string // name as typed
	Summary string // one line, for `help` and completion menus
	Help    string // full --help text, printed verbatim
	Run     Func
	// Version, when set, is what the dispatcher prints for --version
	// (empty: the command answers --version itself, or has none).
	Version string
	// RawArgs: the dispatcher must not intercept --help/--version in the
	// arguments (env, xargs, timeout, bash, ... pass them on to another command).
	RawArgs bool
}

// CoreutilsVersion is --version's text for a command that follows GNU
// coreutils 9.1, in the form every memsh coreutils command uses.
func CoreutilsVersion(name string) string {
	return name + " (memsh) 9.1\n"
}

// Stdio is the three standard streams of a command.
type Stdio struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

// Invocation is everything a command sees of the session.
type Invocation struct {
	Args []string // Args[0] is the name the command was invoked as
	Stdio
	FS      *memfs.FS
	Dir     string   // absolute working directory
	Environ []string // exported variables, "K=V"
	// Term is true when Stdout is a terminal (ls columns, colours);
	// Width is its width in columns (80 when unknown).
	Term  bool
	Width int
	// Pager shows text full-screen in the interactive shell's pager and
	// returns when the user leaves it (or ctx ends). Nil unless Stdout is
	// the interactive shell's screen: less, more and man then copy.
	Pager func(ctx context.Context, title string, text []byte)
	// StdinDevice is true when Stdin is the session's terminal or no
	// input at all (as /dev/null), not a file or a pipe: rg then searches
	// the working directory instead of reading stdin.
	StdinDevice bool
	// Exec runs argv through the shell's exec path (registry, then WASI
	// programs and scripts, then "command not found" with 127), in Dir,
	// with the invocation's environment unless env is non-nil. Used by
	// xargs, find -exec, timeout, env.
	Exec func(ctx context.Context, argv []string, env []string, stdio Stdio) int
	// Signals starts a group of programs that timeout can signal; nil
	// when the shell has none (its signals then only cancel).
	Signals SignalGroups
	// Mask is the shell's file-creation mask; read it with Umask.
	Mask *fs.FileMode
	// Fd opens the shell's descriptor n (above 2) with os.OpenFile's
	// flag, as /dev/fd/n does on Linux; false when it is not open.
	// Nil: none. See OpenFd.
	Fd func(n, flag int) (io.ReadWriteCloser, bool)
	// Mem counts what the command holds in memory against the session's
	// Budget (see Hold, ReadAll); nil: no budget.
	Mem *Memory
	// Tool runs the WASI build of a real program (sqlite3, lua: see
	// pyworker.RunTool) as this invocation: its arguments, stdio,
	// directory, environment and umask. Nil where the session has no
	// WASI runtime.
	Tool func(ctx context.Context, name string, inv *Invocation) int
	// Help and Version are the command's registry texts, which
	// ParseFlags prints for an abbreviation of --help or --version
	// (`ls --he`): the dispatcher answers the whole words itself.
	Help, Version string
}

// Name is the name the command was invoked as.
func (inv *Invocation) Name() string { return inv.Args[0] }

// Getenv returns an exported variable's value, or "".
func (inv *Invocation) Getenv(key string) string {
	v, _ := inv.LookupEnv(key)
	return v
}

// LookupEnv returns an exported variable's value and whether it is set.
func (inv *Invocation) LookupEnv(key string) (string, bool) {
	for i := len(inv.Environ) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(inv.Environ[i], "="); ok && k == key {
			return v, true
		}
	}
	return "", false
}

// Abs resolves p against the working directory. The result is clean,
// except that a trailing slash is kept (it matters: "file/" is ENOTDIR).
func (inv *Invocation) Abs(p string) string {
	if p == "" {
		return p
	}
	abs := p
	if !strings.HasPrefix(p, "/") {
		abs = inv.Dir + "/" + p
	}
	clean := path.Clean(abs)
	if strings.HasSuffix(p, "/") && clean != "/" {
		clean += "/"
	}
	return clean
}

// Errorf prints "NAME: message" to Stderr.
func (inv *Invocation) Errorf(format string, args ...any) {
	fmt.Fprintf(inv.Stderr, "%s: %s\n", inv.Name(), fmt.Sprintf(format, args...))
}

// PathError prints "NAME: PATH: Reason" for err with PATH as it is, as
// tools outside coreutils do ("xxd: a b: No such file or directory");
// coreutils quote it (FileError). It always returns 1.
func (inv *Invocation) PathError(p string, err error) int {
	inv.Errorf("%s: %s", p, Strerror(err))
	return 1
}

// FileError prints coreutils' "NAME: FILE: strerror" message, the file
// name quoted as quotef does in the invocation's locale, and returns 1.
func (inv *Invocation) FileError(p string, err error) int {
	inv.Errorf("%s: %s", inv.QuoteFile(p), Strerror(err))
	return 1
}

// Strerror is the C library's text for the errno inside err
// ("No such file or directory"), or err's own text otherwise.
func Strerror(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		if s, ok := errnoText[errno]; ok {
			return s
		}
		s := errno.Error()
		if s != "" {
			return strings.ToUpper(s[:1]) + s[1:]
		}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// glibc's strerror texts for the errnos memsh produces.
var errnoText = map[syscall.Errno]string{
	syscall.ENOENT:       "No such file or directory",
	syscall.EEXIST:       "File exists",
	syscall.ENOTDIR:      "Not a directory",
	syscall.EISDIR:       "Is a directory",
	syscall.ENOTEMPTY:    "Directory not empty",
	syscall.ELOOP:        "Too many levels of symbolic links",
	syscall.EFBIG:        "File too large",
	syscall.ENOSPC:       "No space left on device",
	syscall.EINVAL:       "Invalid argument",
	syscall.EBADF:        "Bad file descriptor",
	syscall.EROFS:        "Read-only file system",
	syscall.EXDEV:        "Invalid cross-device link",
	syscall.EACCES:       "Permission denied",
	syscall.EPERM:        "Operation not permitted",
	syscall.EBUSY:        "Device or resource busy",
	syscall.ENAMETOOLONG: "File name too long",
	syscall.EPIPE:        "Broken pipe",
	syscall.ENOSYS:       "Function not implemented",
	syscall.ENOTSUP:      "Operation not supported",
	syscall.EMLINK:       "Too many links",
	syscall.ENXIO:        "No such device or address",
}

// Usage prints "NAME: message" and the GNU "Try 'NAME --help'" line, and
// returns status (2 for most tools; GNU uses 1 for some, e.g. cat).
func (inv *Invocation) Usage(status int, format string, args ...any) int {
	if format != "" {
		inv.Errorf(format, args...)
	}
	fmt.Fprintf(inv.Stderr, "Try '%s --help' for more information.\n", inv.Name())
	return status
}

// DefaultUmask is the file-creation mask a session starts with, as bash
// usually does (0666 becomes 0644).
const DefaultUmask fs.FileMode = 0o022

// Umask is the file-creation mask the command runs with (the shell's
// `umask`). memfs applies none of its own, so a command creating a file
// or directory passes perm &^ inv.Umask(). Without Mask (a bare
// Invocation, in tests) it is DefaultUmask.
func (inv *Invocation) Umask() fs.FileMode {
	if inv.Mask == nil {
		return DefaultUmask
	}
	return *inv.Mask & fs.ModePerm
}
