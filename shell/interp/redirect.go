package interp

import (
	"bufio"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"

	"mvdan.cc/sh/v3/syntax"

	"memsh/memfs"
)

// fdLimit is one past the highest descriptor a redirection may open:
// ulimit -n's soft limit, as for bash's dup2.
func (r *Runner) fdLimit() int {
	if n := r.limits[resourceIndex('n')].soft; n >= 0 && n < 1<<20 {
		return int(n)
	}
	return 1 << 20
}

// fdFile is an open descriptor: what reads from it, what writes to it.
type fdFile struct {
	r    io.Reader
	w    io.Writer
	f    *memfs.File // the memfs file behind it, when there is one
	path string      // f's absolute path
	// buf is r read ahead by read/mapfile; once it exists every reader
	// of the descriptor goes through it, so nothing read ahead is lost.
	buf *bufio.Reader
	// timed is r when r is a pipeline's pipe, given read -t's deadline
	// (buf reads through it).
	timed *timedPipe
	// holds counts the descriptors naming f; the last closes it (fdrefs.go).
	holds atomic.Int32
}

// fdTable maps descriptors to open files. It is a small map value copied
// on every command with redirections, so entries are never changed in
// place.
type fdTable map[int]*fdFile

func (t fdTable) clone() fdTable {
	c := make(fdTable, len(t)+1)
	for k, v := range t {
		c[k] = v
	}
	return c
}

type eofReader struct{}

func (eofReader) Read([]byte) (int, error) { return 0, io.EOF }

// errBadFd is a write to a closed descriptor.
var errBadFd = errors.New("Bad file descriptor")

// closedFd stands for a closed descriptor (>&-): reads and writes fail
// with EBADF, as a program finds its closed stdout (python then sets
// sys.stdout to None).
type closedFd struct{}

func (closedFd) Read([]byte) (int, error)  { return 0, syscall.EBADF }
func (closedFd) Write([]byte) (int, error) { return 0, syscall.EBADF }
func (closedFd) Close() error              { return nil }

func (r *Runner) stdin() io.Reader {
	if f := r.fds[0]; f != nil && f.r != nil {
		if f.buf != nil {
			return f.buf
		}
		return f.r
	}
	return eofReader{}
}

func (r *Runner) stdout() io.Writer {
	if f := r.fds[1]; f != nil && f.w != nil {
		return f.w
	}
	return closedFd{}
}

func (r *Runner) stderr() io.Writer {
	if f := r.fds[2]; f != nil && f.w != nil {
		return f.w
	}
	return io.Discard
}

func (r *Runner) setStdio(s Stdio) {
	in, out, errw := s.Stdin, s.Stdout, s.Stderr
	if in == nil {
		in = eofReader{}
	}
	if out == nil {
		out = io.Discard
	}
	if errw == nil {
		errw = io.Discard
	}
	// Background jobs and the foreground write to the caller's writers
	// at once, as processes write to one descriptor: each write is
	// serialised (one lock when both are the same writer).
	mu := &sync.Mutex{}
	outW := &syncWriter{mu: mu, w: out}
	errW := outW
	if !sameWriter(errw, out) {
		errW = &syncWriter{mu: &sync.Mutex{}, w: errw}
	}
	kept := r.fds
	r.fds = fdTable{0: {r: in}, 1: {w: outW}, 2: {w: errW}}
	for n, f := range kept {
		// Descriptors a Run opened with exec (3>f) stay for the next.
		if n > 2 && f != nil {
			r.fds[n] = f
		} else {
			f.drop()
		}
	}
}

// sameWriter reports whether a and b are one writer; writers of a type
// that cannot be compared are taken as different.
func sameWriter(a, b io.Writer) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	return a == b
}

// syncWriter makes one Write at a time reach w.
type syncWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

// Unwrap is the writer the Run was given, so a session can tell its
// terminal from a file or pipe a command's stdout was redirected to.
func (s *syncWriter) Unwrap() io.Writer { return s.w }

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

// redirect applies one redirection to r.fds (already a private copy).
// The closer, if any, is closed when the command ends.
func (r *Runner) redirect(ctx context.Context, rd *syntax.Redirect) (io.Closer, error) {
	fd := -1
	varName := ""
	if rd.N != nil {
		if strings.HasPrefix(rd.N.Value, "{") {
			varName = strings.Trim(rd.N.Value, "{}")
		} else {
			n, err := strconv.Atoi(rd.N.Value)
			if err != nil || n >= r.fdLimit() {
				r.errorf("%s: Bad file descriptor", rd.N.Value)
				return nil, errBadFd
			}
			fd = n
		}
	}
	switch rd.Op {
	case syntax.Hdoc, syntax.DashHdoc:
		body, ok := r.heredoc(ctx, rd)
		if !ok {
			return nil, errBadFd
		}
		r.setFd(defFd(fd, 0), &fdFile{r: strings.NewReader(body)}, varName)
		return nil, nil
	case syntax.WordHdoc:
		s, ok := r.literal(ctx, rd.Word)
		if !ok {
			return nil, errBadFd
		}
		r.setFd(defFd(fd, 0), &fdFile{r: strings.NewReader(s + "\n")}, varName)
		return nil, nil
	}
	fields, ok := r.fields(ctx, rd.Word)
	if !ok {
		return nil, errBadFd
	}
	if len(fields) != 1 {
		r.errorf("%s: ambiguous redirect", wordText(rd.Word))
		return nil, errBadFd
	}
	target := fields[0]
	switch rd.Op {
	case syntax.DplIn, syntax.DplOut:
		def := 1
		if rd.Op == syntax.DplIn {
			def = 0
		}
		if target == "-" {
			if varName != "" {
				n, _ := r.getVar(varName)
				fd, _ = strconv.Atoi(n)
			}
			r.putFd(defFd(fd, def), nil)
			return nil, nil
		}
		move := strings.HasSuffix(target, "-")
		src, err := strconv.Atoi(strings.TrimSuffix(target, "-"))
		if err != nil {
			if rd.Op == syntax.DplOut && (fd < 0 || fd == 1) && varName == "" {
				// >&file (and 1>&file) is &>file.
				if r.clobberRefused(target) {
					return nil, errBadFd
				}
				return r.openRedirect(ctx, target, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, -1, "", true)
			}
			r.errorf("%s: ambiguous redirect", target)
			return nil, errBadFd
		}
		f, ok := r.fds[src]
		if !ok {
			r.errorf("%d: Bad file descriptor", src)
			return nil, errBadFd
		}
		r.setFd(defFd(fd, def), f, varName)
		if move {
			r.putFd(src, nil)
		}
		return nil, nil
	case syntax.RdrOut, syntax.ClbOut:
		flag := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		if rd.Op == syntax.RdrOut && r.clobberRefused(target) {
			return nil, errBadFd
		}
		return r.openRedirect(ctx, target, flag, defFd(fd, 1), varName, false)
	case syntax.AppOut:
		return r.openRedirect(ctx, target, os.O_WRONLY|os.O_CREATE|os.O_APPEND, defFd(fd, 1), varName, false)
	case syntax.RdrIn:
		return r.openRedirect(ctx, target, os.O_RDONLY, defFd(fd, 0), varName, false)
	case syntax.RdrInOut:
		return r.openRedirect(ctx, target, os.O_RDWR|os.O_CREATE, defFd(fd, 0), varName, false)
	case syntax.RdrAll:
		if r.clobberRefused(target) {
			return nil, errBadFd
		}
		return r.openRedirect(ctx, target, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, -1, "", true)
	case syntax.AppAll:
		return r.openRedirect(ctx, target, os.O_WRONLY|os.O_CREATE|os.O_APPEND, -1, "", true)
	}
	r.errorf("unsupported redirection")
	return nil, errBadFd
}

// fdLimitHit reports that opening a file would fail with EMFILE: the
// lowest free descriptor, which open(2) would return, is at or past
// ulimit -n.
func (r *Runner) fdLimitHit() bool {
	free := 0
	for r.fds[free] != nil {
		free++
	}
	return free >= r.fdLimit()
}

// clobberRefused reports (after bash's message) that set -C keeps a
// truncating redirection (>, &>, >&) from an existing regular file.
func (r *Runner) clobberRefused(target string) bool {
	if !r.opts.noclobber {
		return false
	}
	if info, err := r.cfg.FS.Stat(r.absPath(target)); err == nil && info.Mode().IsRegular() {
		r.errorf("%s: cannot overwrite existing file", target)
		return true
	}
	return false
}

func defFd(fd, def int) int {
	if fd < 0 {
		return def
	}
	return fd
}

// setFd installs f at fd, or at a new descriptor from 10 up whose number
// goes into varName ({var}>file).
func (r *Runner) setFd(fd int, f *fdFile, varName string) {
	if varName != "" {
		fd = 10
		for r.fds[fd] != nil {
			fd++
		}
		r.setVar(varName, strconv.Itoa(fd), false)
		r.keepFds = true
	}
	r.putFd(fd, f)
}

// fdSave is a descriptor as it was before a command's redirection.
type fdSave struct {
	fd  int
	old *fdFile
}

// putFd changes descriptor fd (nil closes it), first noting its old
// state for the running command to restore.
func (r *Runner) putFd(fd int, f *fdFile) {
	f.hold() // before the old entry lets go: it may be f itself
	if r.fdUndo != nil {
		seen := false
		for _, s := range *r.fdUndo {
			if s.fd == fd {
				seen = true
				break
			}
		}
		if !seen {
			// The saved entry keeps its hold until it is restored.
			*r.fdUndo = append(*r.fdUndo, fdSave{fd, r.fds[fd]})
		} else {
			r.fds[fd].drop()
		}
	} else {
		r.fds[fd].drop()
	}
	if f == nil {
		delete(r.fds, fd)
		return
	}
	r.fds[fd] = f
}

// restoreFds undoes a command's redirections, last first.
func (r *Runner) restoreFds(undo []fdSave) {
	for i := len(undo) - 1; i >= 0; i-- {
		r.fds[undo[i].fd].drop()
		if undo[i].old == nil {
			delete(r.fds, undo[i].fd)
		} else {
			r.fds[undo[i].fd] = undo[i].old
		}
	}
}

// openRedirect opens a memfs file for a redirection. both: &> (stdout
// and stderr).
func (r *Runner) openRedirect(ctx context.Context, name string, flag, fd int, varName string, both bool) (io.Closer, error) {
	p := r.absPath(name)
	if name == "" {
		r.errorf(": No such file or directory")
		return nil, errBadFd
	}
	if src, ok := devFd(p); ok {
		f := r.fds[src]
		if f == nil && strings.HasPrefix(p, "/dev/fd/") {
			r.errorf("%s: No such file or directory", name)
			return nil, errBadFd
		}
		if f != nil && f.path != "" {
			// Linux opens the file afresh, with this redirection's flags.
			p = f.path
		} else if f != nil {
			if both {
				r.putFd(1, f)
				r.putFd(2, f)
			} else {
				r.setFd(fd, f, varName)
			}
			return nil, nil
		}
	}
	if r.fdLimitHit() {
		r.errorf("%s: Too many open files", name)
		return nil, errBadFd
	}
	// A FIFO's open waits for its other end, as open(2) does, until
	// Ctrl-C or the timeout, which end the command quietly.
	f, err := r.cfg.FS.OpenFileContext(ctx, p, flag, r.createMode())
	if err != nil {
		if ctx.Err() == nil {
			r.errorf("%s: %s", name, strerror(err))
		}
		return nil, err
	}
	ff := &fdFile{f: f, path: p}
	if info, err := f.Stat(); err == nil && info.Mode()&fs.ModeNamedPipe != 0 {
		// A pipe: /dev/fd/N shares it (a process substitution's FIFO is
		// unlinked once its command ends), and what read reads ahead
		// stays in the descriptor's buffer (unread cannot seek back).
		ff.path = ""
	}
	if flag&(os.O_WRONLY|os.O_RDWR) != 0 {
		ff.w = f
	}
	if flag&os.O_WRONLY == 0 {
		ff.r = f
	}
	// The descriptors naming ff close it (fdrefs.go).
	if both {
		r.putFd(1, ff)
		r.putFd(2, ff)
		return nil, nil
	}
	r.setFd(fd, ff, varName)
	return nil, nil
}

// devFd is the descriptor a /dev/stdin, /dev/stdout, /dev/stderr or
// /dev/fd/N path names.
func devFd(p string) (int, bool) {
	switch p {
	case "/dev/stdin":
		return 0, true
	case "/dev/stdout":
		return 1, true
	case "/dev/stderr":
		return 2, true
	}
	for _, pre := range []string{"/dev/fd/", "/proc/self/fd/"} {
		if rest, ok := strings.CutPrefix(p, pre); ok {
			n, err := strconv.Atoi(rest)
			return n, err == nil && n >= 0
		}
	}
	return 0, false
}

// fdOpener is what a command's /dev/fd/N opens (command.Invocation.Fd):
// a memfs file opens afresh, as Linux reopens it; a pipe or stream is
// shared. (nil, true) is a closed descriptor.
func (r *Runner) fdOpener() func(n, flag int) (io.ReadWriteCloser, bool) {
	fds := r.fds // only read while the command runs, when nothing changes it
	fs := r.cfg.FS
	return func(n, flag int) (io.ReadWriteCloser, bool) {
		d := fds[n]
		if d == nil {
			return nil, true
		}
		if d.path != "" {
			f, err := fs.OpenFile(d.path, flag&^(os.O_CREATE|os.O_TRUNC), 0)
			if err != nil {
				return nil, true
			}
			return f, true
		}
		write := flag&(os.O_WRONLY|os.O_RDWR) != 0
		if write && d.w == nil || !write && d.r == nil {
			return nil, false
		}
		return fdStream{d}, true
	}
}

// fdStream is a shared descriptor seen through /dev/fd/N: closing it
// leaves the descriptor open.
type fdStream struct{ d *fdFile }

func (s fdStream) Read(p []byte) (int, error) {
	if s.d.buf != nil {
		return s.d.buf.Read(p)
	}
	return s.d.r.Read(p)
}
func (s fdStream) Write(p []byte) (int, error) { return s.d.w.Write(p) }
func (s fdStream) Close() error                { return nil }

// createMode is the mode new files get: 0666 less the umask.
func (r *Runner) createMode() os.FileMode { return 0o666 &^ r.umask }

// heredoc expands a here-document's body (unless its delimiter was
// quoted).
func (r *Runner) heredoc(ctx context.Context, rd *syntax.Redirect) (string, bool) {
	if rd.Hdoc == nil {
		return "", true
	}
	quotedDelim := false
	for _, p := range rd.Word.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			quotedDelim = true
		case *syntax.Lit:
			if strings.Contains(p.Value, `\`) {
				quotedDelim = true
			}
		}
	}
	var b strings.Builder
	if quotedDelim {
		for _, p := range rd.Hdoc.Parts {
			if l, ok := p.(*syntax.Lit); ok {
				b.WriteString(l.Value)
			}
		}
		if rd.Op == syntax.DashHdoc {
			return stripTabs(b.String()), true
		}
		return b.String(), true
	}
	for _, p := range rd.Hdoc.Parts {
		if l, ok := p.(*syntax.Lit); ok {
			b.WriteString(heredocLit(l.Value))
			continue
		}
		e := &expander{r: r, ctx: ctx}
		e.word([]syntax.WordPart{p}, true)
		if e.failed {
			return "", false
		}
		b.WriteString(e.joined(" "))
	}
	if rd.Op == syntax.DashHdoc {
		return stripTabs(b.String()), true
	}
	return b.String(), true
}

// stripTabs removes the leading tabs of every line (<<-).
func stripTabs(s string) string {
	lines := strings.SplitAfter(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimLeft(l, "\t")
	}
	return strings.Join(lines, "")
}

// heredocLit removes the backslashes an unquoted here-document drops:
// before $ ` \ and newline.
func heredocLit(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			switch s[i+1] {
			case '$', '`', '\\':
				i++
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// wordText is a word as written, for messages.
func wordText(w *syntax.Word) string {
	var b strings.Builder
	syntax.NewPrinter().Print(&b, w)
	return b.String()
}
