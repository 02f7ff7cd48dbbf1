package shell

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"memsh/shell/command"
)

// The interp handlers. Every file the shell itself touches (redirections,
// globs, `test`, `cd`, `source`) is looked up here, in memfs; none of
// them falls back to mvdan/sh's defaults, which use the host's os package.

// sourceMark prefixes the path the call handler gives `source` once it has
// resolved the file in memfs ("MARK/abs/path\x00name as typed"). mvdan/sh
// stats the path it is given on the host before opening it; a NUL makes
// that stat fail inside the os package (EINVAL, no system call), and
// openHandler strips the mark again.
const sourceMark = "\x00memsh:"

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

// bashPathError is printed by mvdan/sh as "bash: PATH: Reason", the way
// bash reports a failed redirection.
func bashPathError(p string, err error) error {
	return &fs.PathError{Op: "bash:", Path: p, Err: errors.New(command.Strerror(err))}
}

// stdFD reports which standard stream a /dev path names, if any.
func stdFD(p string) (int, bool) {
	switch path.Clean(p) {
	case "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0":
		return 0, true
	case "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1":
		return 1, true
	case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2":
		return 2, true
	}
	return 0, false
}

func (c *core) openHandler(ctx context.Context, p string, flag int, perm os.FileMode) (io.ReadWriteCloser, error) {
	hc := interp.HandlerCtx(ctx)
	p, line, text, split, clobber := c.redirLine(p) // redirline.go
	if split {
		var err error
		if p, err = splitRedirWord(hc, p, text); err != nil {
			return nil, c.redirError(ctx, hc, err, line)
		}
	}
	if err := c.noclobber(hc, p, flag, clobber); err != nil {
		return nil, c.redirError(ctx, hc, err, line)
	}
	rw, err := c.openPath(ctx, hc, p, flag, perm)
	return rw, c.redirError(ctx, hc, err, line)
}

func (c *core) openPath(ctx context.Context, hc interp.HandlerContext, p string, flag int, perm os.FileMode) (io.ReadWriteCloser, error) {
	sourcing, sourceName := false, ""
	if rest, ok := strings.CutPrefix(p, sourceMark); ok {
		p, sourceName, _ = strings.Cut(rest, "\x00")
		sourcing = true
	}
	if p == "" {
		return nil, bashPathError(p, syscall.ENOENT)
	}
	abs := absPath(hc.Dir, p)
	if fd, ok := stdFD(abs); ok {
		return stdStream(hc, fd), nil
	}
	if rw, err, ok := c.openFd(ctx, hc, p, abs, flag); ok {
		return rw, err // fds above 2 (fds.go)
	}
	if sourcing {
		return c.openSource(abs, sourceName)
	}
	if flag&os.O_CREATE != 0 {
		perm = 0o666 &^ umaskOf(hc.Env)
	}
	f, err := c.fs.OpenFile(abs, flag, perm)
	if err != nil {
		return nil, bashPathError(p, err)
	}
	if flag&(os.O_WRONLY|os.O_RDWR) != 0 {
		return f, nil
	}
	return redirectFrom(f)
}

// openSource returns a sourced file's text with memsh's rewrites applied
// (see rewrite.go), so sourced code gets the same sandboxing as typed code.
//
// A file with a syntax error runs up to the line before it, then prints
// bash's message and gives status 2, as bash does; mvdan/sh would print
// its own message (naming the marked path) and run nothing.
func (c *core) openSource(abs, name string) (io.ReadWriteCloser, error) {
	data, err := c.readFileHeld(abs)
	if err != nil {
		return nil, bashPathError(name, err)
	}
	src := string(data)
	_, perr := newParser().Parse(strings.NewReader(src), name)
	if fixed := fixArithErrors(src, perr); fixed != src { // arithsyntax.go
		src = fixed
		_, perr = newParser().Parse(strings.NewReader(src), name)
	}
	if perr != nil {
		var msg strings.Builder
		printParseErrorAt(&msg, perr, name, src, c.opts.Script)
		keep := src
		if line := parseErrorLine(perr); line > 0 {
			lines := strings.SplitAfter(src, "\n")
			if line-1 < len(lines) {
				keep = strings.Join(lines[:line-1], "")
			}
		} else {
			keep = ""
		}
		src = keep + "\nprintf '%s' " + shellQuote(msg.String()) + " >&2; " + internalPrefix + "status 2\n"
	}
	src = c.rewriteSource(src, name)
	return nopWriteCloser{strings.NewReader(src)}, nil
}

// parseErrorLine is the line a parse error is on, or 0.
func parseErrorLine(err error) int {
	if pe, ok := asParseError(err); ok {
		return int(pe.Pos.Line())
	}
	return 0
}

// asParseError is the parser's error in err (mvdan/sh returns it as a
// value or a pointer).
func asParseError(err error) (syntax.ParseError, bool) {
	var pe syntax.ParseError
	var ppe *syntax.ParseError
	switch {
	case errors.As(err, &ppe):
		return *ppe, true
	case errors.As(err, &pe):
		return pe, true
	}
	return pe, false
}

type nopWriteCloser struct{ io.Reader }

func (nopWriteCloser) Write(p []byte) (int, error) { return 0, syscall.EBADF }
func (nopWriteCloser) Close() error                { return nil }

// stdStream serves /dev/stdin, /dev/stdout, /dev/stderr and /dev/fd/0-2
// from the streams of the running statement. Closing it leaves the stream
// open, as closing a dup'ed descriptor would.
func stdStream(hc interp.HandlerContext, fd int) io.ReadWriteCloser {
	s := stream{}
	switch fd {
	case 0:
		s.r = hc.Stdin
	case 1:
		s.w = hc.Stdout
	case 2:
		s.w = hc.Stderr
	}
	return s
}

type stream struct {
	r io.Reader
	w io.Writer
}

func (s stream) Read(p []byte) (int, error) {
	if s.r == nil {
		return 0, io.EOF
	}
	return s.r.Read(p)
}

func (s stream) Write(p []byte) (int, error) {
	if s.w == nil {
		return 0, syscall.EBADF
	}
	return s.w.Write(p)
}

func (stream) Close() error { return nil }

func (c *core) statHandler(ctx context.Context, name string, follow bool) (fs.FileInfo, error) {
	hc := interp.HandlerCtx(ctx)
	abs := absPath(hc.Dir, name)
	if _, ok := stdFD(abs); ok {
		// The standard streams always exist; they look like a terminal
		// device, as /dev/stdin does on Linux when nothing is redirected.
		return c.fs.Stat("/dev/null")
	}
	if info, err, ok := c.statFd(hc, abs); ok {
		return info, err // fds above 2 (fds.go)
	}
	if follow {
		return c.fs.Stat(abs)
	}
	return c.fs.Lstat(abs)
}

func (c *core) readDirHandler(ctx context.Context, name string) ([]fs.DirEntry, error) {
	hc := interp.HandlerCtx(ctx)
	return c.fs.ReadDir(absPath(hc.Dir, name))
}

func (c *core) accessHandler(ctx context.Context, name string, mode interp.AccessMode) error {
	hc := interp.HandlerCtx(ctx)
	abs := absPath(hc.Dir, name)
	if _, ok := stdFD(abs); ok {
		return nil
	}
	info, err, ok := c.statFd(hc, abs) // fds above 2 (fds.go)
	if !ok {
		info, err = c.fs.Stat(abs)
	}
	if err != nil {
		return err
	}
	if !canAccess(info, mode) {
		return &fs.PathError{Op: "access", Path: abs, Err: syscall.EACCES}
	}
	return nil
}

// canAccess applies the permission bits of info for the sandbox user, as
// access(2) does: owner bits for the owner, group bits for the group,
// others otherwise; root may read and write anything and execute a file
// with any x bit.
func canAccess(info fs.FileInfo, mode interp.AccessMode) bool {
	perm := uint32(info.Mode().Perm())
	uid, gid := uint32(sandboxUID), uint32(sandboxGID)
	var fuid, fgid uint32
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		fuid, fgid = st.Uid, st.Gid
	} else {
		fuid, fgid = uid, gid
	}
	if uid == 0 {
		if mode&interp.AccessExec != 0 && !info.IsDir() && perm&0o111 == 0 {
			return false
		}
		return true
	}
	var bits uint32
	switch {
	case fuid == uid:
		bits = perm >> 6
	case fgid == gid:
		bits = perm >> 3
	default:
		bits = perm
	}
	return uint32(mode)&^(bits&7) == 0
}
