package shell

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"unsafe"
	"weak"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"memsh/memfs"
	"memsh/shell/command"
)

// File descriptors above 2.
//
// mvdan/sh v3.14.1 has only stdin, stdout and stderr: it refuses `3>f`,
// `>&3` and `read -u 3`. memsh keeps the other descriptors itself, in a
// table per interpreter, and rewrites the redirections that use them
// (rewriteFds) into ones mvdan/sh runs, all served by the open handler:
//
//   - a redirection of fd 3 or above (`3>f`, `4<f`, `3>&1`, `3>&-`,
//     `{name}>f`) becomes `2>>'/dev/fd/__memsh_op/LINE/OP/N/'WORD`:
//     opening it carries out OP on the table and gives back stderr
//     unchanged (LINE is for the error message).
//     The open handler sees the streams as the redirections before it
//     left them, so `3>&1 1>&2 2>&3` swaps stdout and stderr as in bash,
//     and a failure stops the list and the command with bash's message
//     and status 1, as any failed redirection does;
//   - a standard stream made a copy of one (`>&3`, `2>&3`, `<&$fd`)
//     becomes a redirection from /dev/fd/__memsh_dup/LINE/N; `read ... <&N`
//     becomes `read -u N` (read.go), and `mapfile -u N` `mapfile <&N`;
//   - `exec` without a command keeps the changes; any other command gets
//     them for itself only: its statement starts with the redirection
//     `2>>/dev/fd/__memsh_scope/N,M`, whose open saves fds N and M and
//     whose close, when mvdan/sh ends the statement, restores them (a
//     {name}> fd stays open, as in bash);
//   - a here-document on fd N (`3<<EOF`) is read by the internal command
//     `__memsh_fd take N <<EOF` run before the statement.
//
// A descriptor is an open memfs file (its offset shared by every fd and
// command using it, as an open file description is), a copy of a standard
// stream, or a here-document's text. A subshell ($(...), a pipeline part,
// (...)) sees its parent's table through the internal variable
// __memsh_fdt (variables are what mvdan/sh copies into subshells); the
// first change a runner makes gives it a copy of its own, so a subshell's
// `exec 3>&-` leaves the parent's fd 3 open. A child shell (bash -c, a
// script) starts with a copy, as a child process inherits descriptors.

const (
	fdCmd     = internalPrefix + "fd"
	fdVar     = internalPrefix + "fdt"
	fdScope   = "/dev/fd/" + internalPrefix + "scope"
	fdDupPath = "/dev/fd/" + internalPrefix + "dup/"
	fdOpPath  = "/dev/fd/" + internalPrefix + "op/"
	fdRWPath  = "/dev/fd/" + internalPrefix + "rw/"
	// fdClosedPath stands for stdout or stderr closed with >&-: a
	// writer that fails with EBADF, where mvdan/sh's io.Discard took
	// every write silently.
	fdClosedPath = "/dev/fd/" + internalPrefix + "closed"
	fdMax        = 1023 // bash refuses fds at or above the open files limit (ulimit -n)
	namedFdMin   = 10   // {name}> picks the lowest free fd from here, as bash
)

// fdDesc is what a descriptor refers to.
type fdDesc struct {
	path  string      // an open file's absolute path (/dev/fd/N reopens it)
	f     *memfs.File // an open file
	write bool        // f is open for writing only
	r     io.Reader   // a copy of stdin, or a here-document
	w     io.Writer   // a copy of stdout or stderr
	// std is 1 or 2 for a copy of the stdout or stderr a Run was given:
	// it writes to the current Run's, as a copy of the terminal made at
	// one prompt still writes to the terminal at the next.
	std  int
	refs atomic.Int64
}

// runStreams are the writers Session.Run gives the runner.
type runStreams struct{ out, err io.Writer }

func (d *fdDesc) ref() *fdDesc {
	d.refs.Add(1)
	return d
}

// unref drops a table's hold on d; the last one closes its file.
func (d *fdDesc) unref() {
	if d.refs.Add(-1) == 0 && d.f != nil {
		d.f.Close()
	}
}

// fdTable is one interpreter's descriptors above 2.
type fdTable struct {
	id  string
	mu  sync.Mutex
	fds map[int]*fdDesc
}

func (t *fdTable) get(n int) *fdDesc {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.fds[n]
}

// snapshot returns a copy of the table's entries, each referenced once more.
func (t *fdTable) snapshot() map[int]*fdDesc {
	m := map[int]*fdDesc{}
	if t == nil {
		return m
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for n, d := range t.fds {
		m[n] = d.ref()
	}
	return m
}

// set makes fd n refer to d (nil closes it).
func (t *fdTable) set(n int, d *fdDesc) {
	t.mu.Lock()
	old := t.fds[n]
	if d == nil {
		delete(t.fds, n)
	} else {
		t.fds[n] = d.ref()
	}
	t.mu.Unlock()
	if old != nil {
		old.unref()
	}
}

// replace swaps in a whole set of entries (already referenced).
func (t *fdTable) replace(m map[int]*fdDesc) {
	t.mu.Lock()
	old := t.fds
	t.fds = m
	t.mu.Unlock()
	for _, d := range old {
		d.unref()
	}
}

// The tables of every session in the process. A table's id is random:
// __memsh_fdt is an ordinary variable, and a script that sets it must
// not reach another session's open files.
var (
	fdTables  sync.Map // table id -> *fdTable
	ownTables sync.Map // weak.Pointer[interp.Runner] -> *fdTable
)

// lookupFds is the table a handler's interpreter sees, or nil.
func lookupFds(hc interp.HandlerContext) *fdTable {
	if r := callingRunner(hc); r != nil {
		if t, ok := ownTables.Load(weak.Make(r)); ok {
			return t.(*fdTable)
		}
	}
	if v := hc.Env.Get(fdVar); v.IsSet() {
		if t, ok := fdTables.Load(v.String()); ok {
			return t.(*fdTable)
		}
	}
	return nil
}

// ownFds is the calling interpreter's own table, created as a copy of
// the one it sees (and named in its __memsh_fdt) on its first change.
func ownFds(hc interp.HandlerContext) *fdTable {
	r := callingRunner(hc)
	if r == nil {
		return nil
	}
	if t, ok := ownTables.Load(weak.Make(r)); ok {
		t := t.(*fdTable)
		if hc.Env.Get(fdVar).String() != t.id {
			setFdVar(r, fdVar, t.id) // after forkFds
		}
		return t
	}
	t := newOwnFds(r, lookupFds(hc).snapshot())
	if err := setFdVar(r, fdVar, t.id); err != nil {
		return nil
	}
	return t
}

// forkFds runs before a background job starts (__memsh_jobnew): the job
// keeps the descriptors the shell has now, whatever the shell closes
// while it runs, as a forked child does. The table the job's copy of
// __memsh_fdt names is left to it, unchanged, and the shell goes on with
// a copy (ownFds points its __memsh_fdt there again).
func forkFds(hc interp.HandlerContext) {
	r := callingRunner(hc)
	if r == nil {
		return
	}
	v, ok := ownTables.Load(weak.Make(r))
	if !ok {
		return
	}
	frozen := v.(*fdTable)
	if setFdVar(r, fdVar, frozen.id) == nil {
		newOwnFds(r, frozen.snapshot())
	}
}

// newOwnFds registers r's own table, dropped when r is garbage.
func newOwnFds(r *interp.Runner, fds map[int]*fdDesc) *fdTable {
	key := weak.Make(r)
	t := &fdTable{id: rand.Text(), fds: fds}
	fdTables.Store(t.id, t)
	ownTables.Store(key, t)
	runtime.AddCleanup(r, func(t *fdTable) {
		ownTables.Delete(key)
		fdTables.Delete(t.id)
		t.replace(nil)
	}, t)
	return t
}

// inheritFds gives a child shell (bash -c, a script) a copy of the
// descriptors of the shell that runs it, as a child process inherits
// them. ctx is the exec handler's.
func inheritFds(ctx context.Context, child *interp.Runner) {
	hc, ok := handlerContext(ctx)
	if !ok {
		return
	}
	parent := lookupFds(hc)
	if parent == nil {
		return
	}
	t := newOwnFds(child, parent.snapshot())
	setFdVar(child, fdVar, t.id)
}

// setFdVar sets a variable of r's current scope (the global one, or
// the function's locals), as an assignment run there would. Handlers
// only get a read-only view of the variables; mvdan/sh keeps the
// writable one in an unexported field.
func setFdVar(r *interp.Runner, name, value string) error {
	rv := reflect.ValueOf(r).Elem().FieldByName("writeEnv")
	if !rv.IsValid() {
		return errors.New("no variables")
	}
	env, ok := reflect.NewAt(rv.Type(), unsafe.Pointer(rv.UnsafeAddr())).Elem().Interface().(expand.WriteEnviron)
	if !ok || env == nil {
		return errors.New("no variables")
	}
	return env.Set(name, expand.Variable{Set: true, Kind: expand.String, Str: value})
}

// handlerContext is interp.HandlerCtx without its panic when ctx has none.
func handlerContext(ctx context.Context) (hc interp.HandlerContext, ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return interp.HandlerCtx(ctx), true
}

// fdOp carries out one redirection of fd N >= 3 (see rewriteFds):
// "open/N/MODE/PATH", "dup/N/M" (M- moves M), "close/N". N may be
// {name}: the lowest free fd from 10, assigned to name (close uses
// $name). The error reads as bash's message after "bash: ".
func (c *core) fdOp(hc interp.HandlerContext, spec string) error {
	op, rest, _ := strings.Cut(spec, "/")
	nspec, arg, _ := strings.Cut(rest, "/")
	t := ownFds(hc)
	if t == nil {
		return fdError(nspec, "cannot redirect here")
	}
	n, name := -1, ""
	if inner, ok := strings.CutPrefix(nspec, "{"); ok && strings.HasSuffix(inner, "}") {
		name = strings.TrimSuffix(inner, "}")
		if !validAssignTarget(name) || strings.Contains(name, "[") {
			return fdError(nspec, "ambiguous redirect")
		}
		if op == "close" {
			num, err := strconv.Atoi(hc.Env.Get(name).String())
			if err != nil || num < 0 {
				return fdError(nspec, "ambiguous redirect")
			}
			n, name = num, ""
		} else {
			n = namedFdMin
			for t.get(n) != nil {
				n++
			}
		}
	} else {
		num, err := strconv.Atoi(nspec)
		if err != nil || num < 0 {
			return fdError(nspec, "ambiguous redirect")
		}
		n = num
	}
	if n > fdMax {
		return fdError(nspec, "Bad file descriptor")
	}
	var d *fdDesc
	switch op {
	case "close":
		t.set(n, nil)
		return nil
	case "dup":
		from, move := strings.CutSuffix(arg, "-")
		m, err := strconv.Atoi(from)
		if err != nil || m < 0 {
			return fdError(arg, "ambiguous redirect")
		}
		if d = c.fdAt(hc, lookupFds(hc), m); d == nil {
			return fdError(from, "Bad file descriptor")
		}
		if m == n {
			return nil
		}
		t.set(n, d)
		if move && m > 2 {
			t.set(m, nil)
		}
	case "open":
		mode, p, _ := strings.Cut(arg, "/")
		var err error
		if d, err = c.openDesc(hc, mode, p); err != nil {
			return fdError(p, command.Strerror(err))
		}
		t.set(n, d)
	default:
		return fdError(op, "unknown descriptor operation")
	}
	if name != "" {
		if err := setFdVar(callingRunner(hc), name, strconv.Itoa(n)); err != nil {
			t.set(n, nil)
			return fdError(name, "readonly variable")
		}
	}
	return nil
}

// fdError is printed by mvdan/sh as "bash: WHAT: MSG".
func fdError(what, msg string) error {
	return &fs.PathError{Op: "bash:", Path: what, Err: errors.New(msg)}
}

// takeBuiltin runs `__memsh_fd take N` for the call handler: fd N reads
// the here-document on its stdin.
func (c *core) takeBuiltin(hc interp.HandlerContext, args []string) []string {
	if len(args) != 3 || args[1] != "take" {
		return statusArgs(2)
	}
	t := ownFds(hc)
	n, err := strconv.Atoi(args[2])
	name, named := strings.CutPrefix(args[2], "{")
	name, named = strings.CutSuffix(name, "}")
	if named && t != nil && validAssignTarget(name) {
		// {name}<<EOF: the lowest free fd from 10.
		n, err = namedFdMin, nil
		for t.get(n) != nil {
			n++
		}
	}
	if err != nil || n < 0 || n > fdMax || t == nil {
		fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"%s: Bad file descriptor\n", args[2])
		return statusArgs(1)
	}
	var data []byte
	if hc.Stdin != nil {
		data, _ = io.ReadAll(hc.Stdin)
	}
	t.set(n, &fdDesc{r: bytes.NewReader(data)})
	if named {
		if err := setFdVar(callingRunner(hc), name, strconv.Itoa(n)); err != nil {
			t.set(n, nil)
			fmt.Fprintf(hc.Stderr, c.msgPrefix(hc)+"%s: readonly variable\n", name)
			return statusArgs(1)
		}
	}
	return statusArgs(0)
}

// fdAt is what fd n refers to now: the statement's own stream for 0-2,
// else the table's entry (nil when closed).
func (c *core) fdAt(hc interp.HandlerContext, t *fdTable, n int) *fdDesc {
	switch n {
	case 0:
		if hc.Stdin == nil {
			return &fdDesc{r: eofReader{}}
		}
		return &fdDesc{r: hc.Stdin}
	case 1, 2:
		w := hc.Stdout
		if n == 2 {
			w = unwrapPass(hc.Stderr)
		}
		if rs := c.fdRun.Load(); rs != nil && (n == 1 && w == rs.out || n == 2 && w == rs.err) {
			return &fdDesc{std: n}
		}
		return &fdDesc{w: w}
	}
	return t.get(n)
}

// openDesc opens path for `N<`, `N>`, `N>>` or `N<>`.
func (c *core) openDesc(hc interp.HandlerContext, mode, p string) (*fdDesc, error) {
	if p == "" {
		return nil, syscall.ENOENT
	}
	flag := os.O_RDONLY
	switch mode {
	case ">":
		flag = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	case ">>":
		flag = os.O_WRONLY | os.O_CREATE | os.O_APPEND
	case "<>":
		flag = os.O_RDWR | os.O_CREATE
	}
	abs := absPath(hc.Dir, p)
	if n, ok := devFdNumber(abs); ok {
		if d := c.fdAt(hc, lookupFds(hc), n); d != nil && d.f == nil {
			return d, nil
		} else if d != nil {
			abs = d.path
		} else if _, err := c.fs.Stat(abs); err != nil {
			return nil, syscall.ENOENT
		}
	}
	f, err := c.fs.OpenFile(abs, flag, 0o666&^umaskOf(hc.Env))
	if err != nil {
		return nil, err
	}
	if info, err := f.Stat(); err == nil && info.IsDir() && flag != os.O_RDONLY {
		f.Close()
		return nil, syscall.EISDIR
	}
	return &fdDesc{f: f, path: abs, write: flag&os.O_WRONLY != 0}, nil
}

// devFdNumber reads /dev/fd/N and /proc/self/fd/N.
func devFdNumber(abs string) (int, bool) {
	rest, ok := strings.CutPrefix(abs, "/dev/fd/")
	if !ok {
		rest, ok = strings.CutPrefix(abs, "/proc/self/fd/")
	}
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil && n >= 0
}

// openFd serves the paths the fd rewrites use, and /dev/fd/N for N above
// 2, to the open handler; ok is false for any other path.
func (c *core) openFd(ctx context.Context, hc interp.HandlerContext, p, abs string, flag int) (rw io.ReadWriteCloser, err error, ok bool) {
	switch {
	case strings.HasPrefix(abs, fdScope+"/"):
		return c.pushFdScope(hc, strings.TrimPrefix(abs, fdScope+"/")), nil, true
	case strings.HasPrefix(p, fdOpPath):
		line, spec, _ := strings.Cut(strings.TrimPrefix(p, fdOpPath), "/")
		if err := c.fdOp(hc, spec); err != nil {
			return nil, c.atLine(ctx, err, line), true
		}
		return &fdPass{w: unwrapPass(hc.Stderr)}, nil, true
	case strings.HasPrefix(abs, fdDupPath):
		rw, err := c.openDup(ctx, hc, strings.TrimPrefix(abs, fdDupPath), flag)
		return rw, err, true
	case abs == fdClosedPath:
		return closedOutput{}, nil, true
	case strings.HasPrefix(p, fdRWPath):
		// <> on fd 0, 1 or 2: read and write, no truncation.
		name := strings.TrimPrefix(p, fdRWPath)
		f, err := c.fs.OpenFile(absPath(hc.Dir, name), os.O_RDWR|os.O_CREATE, 0o666&^umaskOf(hc.Env))
		if err != nil {
			return nil, bashPathError(name, err), true
		}
		if flag&(os.O_WRONLY|os.O_RDWR) != 0 {
			return f, nil, true
		}
		pr, err := redirectFrom(f)
		return pr, err, true
	}
	return c.openDevFd(hc, p, abs, flag)
}

// atLine gives a redirection error bash's "line N:" where a
// non-interactive bash prints it (bash -c, scripts, child shells).
func (c *core) atLine(ctx context.Context, err error, line string) error {
	var pe *fs.PathError
	if line == "" || line == "0" || !errors.As(err, &pe) || (!c.opts.Script && depthOf(ctx) == 0) {
		return err
	}
	return &fs.PathError{Op: pe.Op + " line " + line + ":", Path: pe.Path, Err: pe.Err}
}

// openDup opens >&N and <&N: spec is "LINE/N".
func (c *core) openDup(ctx context.Context, hc interp.HandlerContext, spec string, flag int) (io.ReadWriteCloser, error) {
	line, spec, _ := strings.Cut(spec, "/")
	if spec == "-" {
		return stream{}, nil // >&$x with x=-: the stream is closed
	}
	from, move := strings.CutSuffix(spec, "-")
	n, err := strconv.Atoi(from)
	if move && err == nil {
		spec = from // >&N-: a copy of N, and N is closed
	} else {
		n, err = strconv.Atoi(spec)
	}
	switch {
	case err != nil && spec != "" && flag&(os.O_WRONLY|os.O_RDWR) != 0:
		// >&word names a file.
		f, err := c.fs.OpenFile(absPath(hc.Dir, spec), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666&^umaskOf(hc.Env))
		if err != nil {
			return nil, c.atLine(ctx, bashPathError(spec, err), line)
		}
		return f, nil
	case err != nil || n < 0:
		return nil, c.atLine(ctx, fdError(spec, "ambiguous redirect"), line)
	}
	d := c.fdAt(hc, lookupFds(hc), n)
	if d == nil {
		return nil, c.atLine(ctx, fdError(spec, "Bad file descriptor"), line)
	}
	rw, err := c.descStream(d, flag)
	if err == nil && move && n > 2 {
		if t := ownFds(hc); t != nil {
			t.set(n, nil)
		}
	}
	return rw, err
}

// openDevFd opens /dev/fd/N and /proc/self/fd/N for N above 2.
func (c *core) openDevFd(hc interp.HandlerContext, p, abs string, flag int) (rw io.ReadWriteCloser, err error, ok bool) {
	n, isFd := devFdNumber(abs)
	if !isFd || n < 3 {
		return nil, nil, false
	}
	d := lookupFds(hc).get(n)
	if d == nil {
		if _, err := c.fs.Stat(abs); err == nil {
			return nil, nil, false // a process substitution's file
		}
		return nil, bashPathError(p, syscall.ENOENT), true
	}
	if d.f != nil {
		// Linux opens the file again: a new offset, and > truncates.
		f, err := c.fs.OpenFile(d.path, flag, 0o666&^umaskOf(hc.Env))
		if err != nil {
			return nil, bashPathError(p, err), true
		}
		if flag&(os.O_WRONLY|os.O_RDWR) != 0 {
			return f, nil, true
		}
		pr, err := redirectFrom(f)
		return pr, err, true
	}
	rw, err = c.descStream(d, flag)
	return rw, err, true
}

// descStream is what a redirection to a copy of d reads or writes.
// Closing it leaves d open.
func (c *core) descStream(d *fdDesc, flag int) (io.ReadWriteCloser, error) {
	if flag&(os.O_WRONLY|os.O_RDWR) != 0 {
		if d.f != nil {
			return &sharedFile{d: d.ref()}, nil
		}
		if rs := c.fdRun.Load(); d.std != 0 && rs != nil {
			if d.std == 1 {
				return stream{w: rs.out}, nil
			}
			return stream{w: rs.err}, nil
		}
		return stream{w: d.w}, nil
	}
	if d.f != nil {
		d.ref()
		return redirectShared(d.f, d.unref)
	}
	return stream{r: d.r}, nil
}

// sharedFile is a redirection to a descriptor's file: it holds the file
// open (exec 1>&3- then closes fd 3, and stdout still writes) until
// mvdan/sh closes the redirection.
type sharedFile struct {
	d    *fdDesc
	once sync.Once
}

func (s *sharedFile) Read(p []byte) (int, error)  { return s.d.f.Read(p) }
func (s *sharedFile) Write(p []byte) (int, error) { return s.d.f.Write(p) }

func (s *sharedFile) Close() error {
	s.once.Do(s.d.unref)
	return nil
}

// fdScopeMark is the pass-through stderr of a statement whose
// redirections change fds: it saves them when the statement starts, and
// its Close, when the statement ends, restores them (and only them: an
// exec inside the statement changes the others for good).
type fdScopeMark struct {
	w      io.Writer
	runner weak.Pointer[interp.Runner]
	fds    []int
	saved  map[int]*fdDesc // referenced
	once   sync.Once
}

// pushFdScope opens /dev/fd/__memsh_scope/N,M,...
func (c *core) pushFdScope(hc interp.HandlerContext, list string) *fdScopeMark {
	s := &fdScopeMark{w: unwrapPass(hc.Stderr), saved: map[int]*fdDesc{}}
	if r := callingRunner(hc); r != nil {
		s.runner = weak.Make(r)
	}
	t := lookupFds(hc)
	for _, f := range strings.Split(list, ",") {
		n, err := strconv.Atoi(f)
		if err != nil {
			continue
		}
		s.fds = append(s.fds, n)
		if d := t.get(n); d != nil {
			s.saved[n] = d.ref()
		}
	}
	return s
}

// fdPass is the stderr a descriptor operation's redirection leaves:
// the one before it.
type fdPass struct{ w io.Writer }

func (p *fdPass) Read([]byte) (int, error) { return 0, io.EOF }

func (p *fdPass) Write(b []byte) (int, error) {
	if p.w == nil {
		return len(b), nil
	}
	return p.w.Write(b)
}

func (p *fdPass) Close() error { return nil }

// unwrapPass keeps pass-throughs from nesting: `exec 3>a; exec 4>b`
// would otherwise wrap stderr once per exec.
func unwrapPass(w io.Writer) io.Writer {
	for {
		switch p := w.(type) {
		case *fdPass:
			w = p.w
		case *fdScopeMark:
			w = p.w
		default:
			return w
		}
	}
}

func (s *fdScopeMark) Read([]byte) (int, error) { return 0, io.EOF }

func (s *fdScopeMark) Write(p []byte) (int, error) {
	if s.w == nil {
		return len(p), nil
	}
	return s.w.Write(p)
}

func (s *fdScopeMark) Close() error {
	s.once.Do(func() {
		if t, ok := ownTables.Load(s.runner); ok {
			for _, n := range s.fds {
				t.(*fdTable).set(n, s.saved[n])
			}
		}
		for _, d := range s.saved {
			d.unref()
		}
	})
	return nil
}

// statFd answers stat and access (test -e, -f, -w) for /dev/fd/N, N
// above 2, while fd N is open: its file, or a device for a stream.
func (c *core) statFd(hc interp.HandlerContext, abs string) (fs.FileInfo, error, bool) {
	n, ok := devFdNumber(abs)
	if !ok || n < 3 {
		return nil, nil, false
	}
	d := lookupFds(hc).get(n)
	switch {
	case d == nil:
		return nil, nil, false
	case d.f != nil:
		info, err := c.fs.Stat(d.path)
		return info, err, true
	}
	info, err := c.fs.Stat("/dev/null")
	return info, err, true
}

// fdOpener is a registry command's view of the shell's descriptors
// (command.Invocation.Fd): `cat /dev/fd/3` opens fd 3's file again, at
// offset 0, as Linux does (`tee /dev/fd/3` truncates it, as there), and
// a copy of a stream or a here-document is used as it is.
func (c *core) fdOpener(ctx context.Context) func(n, flag int) (io.ReadWriteCloser, bool) {
	hc, ok := handlerContext(ctx)
	if !ok {
		return nil
	}
	return func(n, flag int) (io.ReadWriteCloser, bool) {
		d := lookupFds(hc).get(n)
		if d == nil {
			if _, err := c.fs.Stat("/dev/fd/" + strconv.Itoa(n)); err == nil {
				return nil, false // a process substitution's file
			}
			return nil, true // closed
		}
		if d.f != nil {
			f, err := c.fs.OpenFile(d.path, flag&^os.O_CREATE, 0)
			if err != nil {
				return nil, true
			}
			return f, true
		}
		rw, err := c.descStream(d, flag)
		if err != nil {
			return nil, false
		}
		if s, ok := rw.(stream); ok && (s.r == nil && flag&(os.O_WRONLY|os.O_RDWR) == 0 || s.w == nil && flag&(os.O_WRONLY|os.O_RDWR) != 0) {
			return nil, false // a copy of stdout read, or of stdin written
		}
		return rw, true
	}
}

// fdInput is what `read -u N` reads, or the message for a bad N.
func fdInput(hc interp.HandlerContext, spec string) (io.Reader, string) {
	n, err := strconv.Atoi(spec)
	if err != nil || n < 0 {
		return nil, spec + ": invalid file descriptor specification"
	}
	if n == 0 {
		return hc.Stdin, ""
	}
	d := lookupFds(hc).get(n)
	switch {
	case d == nil:
		return nil, spec + ": invalid file descriptor: Bad file descriptor"
	case d.f != nil && !d.write:
		return d.f, ""
	case d.r != nil:
		return d.r, ""
	}
	return nil, "read error: " + spec + ": Bad file descriptor"
}

// fdNeedsRewrite reports whether src may redirect a descriptor above 2
// (the cheap test before parsing eval strings, aliases and sourced
// files; `2>&1` and `>&-` alone need nothing).
func fdNeedsRewrite(src string) bool {
	if strings.Contains(src, "<>") || strings.Contains(src, "}>") || strings.Contains(src, "}<") ||
		strings.Contains(src, "mapfile") || strings.Contains(src, "readarray") {
		return true
	}
	for i := 1; i < len(src); i++ {
		switch {
		case (src[i] == '>' || src[i] == '<') && src[i-1] >= '3' && src[i-1] <= '9':
			return true
		case src[i] == '&' && (src[i-1] == '>' || src[i-1] == '<'):
			rest := strings.TrimLeft(src[i+1:], " \t")
			if rest == "" || !strings.ContainsRune("012-", rune(rest[0])) || len(rest) > 1 && rest[1] >= '0' && rest[1] <= '9' {
				return true
			}
		}
	}
	return false
}

// fdTarget reports whether rd redirects a descriptor above 2 (or a
// named one) rather than a standard stream.
func fdTarget(rd *syntax.Redirect) bool {
	if rd.N == nil {
		return false
	}
	v := rd.N.Value
	if strings.HasPrefix(v, "{") {
		return true
	}
	n, err := strconv.Atoi(v)
	return err == nil && n > 2
}

// dupWord reports whether a >& or <& redirection of a standard stream
// copies something mvdan/sh does not know (a fd above 2, or a word
// only known when it runs).
func dupWord(rd *syntax.Redirect) bool {
	if rd.Op != syntax.DplOut && rd.Op != syntax.DplIn {
		return false
	}
	switch rd.Word.Lit() {
	case "0", "1", "2", "-":
		return false
	}
	return true
}

// rewriteFds rewrites a statement whose redirections use descriptors
// above 2 (see the top of this file).
func rewriteFds(st *syntax.Stmt) {
	if _, ok := st.Cmd.(*syntax.FuncDecl); ok {
		return
	}
	call, _ := st.Cmd.(*syntax.CallExpr)
	if call != nil && len(call.Args) > 0 && (call.Args[0].Lit() == "mapfile" || call.Args[0].Lit() == "readarray") {
		mapfileFd(st, call)
	}
	if len(st.Redirs) == 0 {
		return
	}
	// read ... <&N: read -u N, so read takes one line, not the whole file.
	if call != nil && len(call.Args) > 0 && call.Args[0].Lit() == "read" {
		for i, rd := range st.Redirs {
			if rd.Op == syntax.DplIn && (rd.N == nil || rd.N.Value == "0") && dupWord(rd) {
				call.Args = slices.Insert(call.Args, 1, litWord("-u"), rd.Word)
				st.Redirs = slices.Delete(slices.Clone(st.Redirs), i, i+1)
				break
			}
		}
	}
	var redirs []*syntax.Redirect
	var takes []*syntax.Stmt
	var scoped []int // the numbered fds the statement changes
	fdOps := false
	for _, rd := range st.Redirs {
		if fdTarget(rd) {
			if n, err := strconv.Atoi(rd.N.Value); err == nil {
				scoped = append(scoped, n)
			}
		}
		switch {
		case fdTarget(rd) && (rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc || rd.Op == syntax.WordHdoc):
			here := *rd
			here.N = nil
			takes = append(takes, &syntax.Stmt{Position: st.Position, Redirs: []*syntax.Redirect{&here},
				Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord(fdCmd), litWord("take"), litWord(rd.N.Value)}}})
			fdOps = true
			continue
		case fdTarget(rd):
			rd = fdOpRedirect(rd)
			fdOps = true
		case rd.Op == syntax.RdrInOut:
			// mvdan/sh has no <>: open the file read-write for the open
			// handler, as a plain < or > of the same stream.
			rd.Op = syntax.RdrIn
			if rd.N != nil && rd.N.Value != "0" {
				rd.Op = syntax.RdrOut
			}
			rd.Word = &syntax.Word{Parts: append([]syntax.WordPart{&syntax.Lit{Value: fdRWPath}}, tildeHome(rd.Word.Parts)...)}
		case rd.Op == syntax.DplOut && rd.Word.Lit() == "-" && (rd.N == nil || rd.N.Value == "1" || rd.N.Value == "2"):
			rd.Op, rd.Word = syntax.RdrOut, litWord(fdClosedPath)
		case dupWord(rd):
			if from, ok := strings.CutSuffix(rd.Word.Lit(), "-"); ok {
				if n, err := strconv.Atoi(from); err == nil && n > 2 {
					scoped = append(scoped, n) // >&N- closes N for the statement
					fdOps = true
				}
			}
			if rd.N == nil && rd.Op == syntax.DplOut && !wordMayBeNumber(rd.Word) {
				rd.Op = syntax.RdrAll // >&file is &>file
				break
			}
			w := &syntax.Word{Parts: append([]syntax.WordPart{&syntax.Lit{Value: fdDupPath + strconv.Itoa(int(rd.OpPos.Line())) + "/"}}, rd.Word.Parts...)}
			if rd.Op == syntax.DplOut {
				rd.Op = syntax.RdrOut
			} else {
				rd.Op = syntax.RdrIn
			}
			rd.Word = w
		}
		redirs = append(redirs, rd)
	}
	if !fdOps {
		return
	}
	exec := call != nil && len(call.Assigns) == 0 && len(call.Args) == 1 && call.Args[0].Lit() == "exec"
	if !exec && len(scoped) > 0 {
		// The changes last for this statement only; a {name}> fd stays
		// open, as in bash.
		slices.Sort(scoped)
		list := ""
		for i, n := range slices.Compact(scoped) {
			if i > 0 {
				list += ","
			}
			list += strconv.Itoa(n)
		}
		redirs = append([]*syntax.Redirect{{Op: syntax.AppOut, N: &syntax.Lit{Value: "2"}, Word: litWord(fdScope + "/" + list)}}, redirs...)
	}
	st.Redirs = redirs
	if len(takes) == 0 {
		return
	}
	// Here-documents first, then the statement itself.
	cmd := st.Cmd
	if cmd == nil {
		cmd = &syntax.CallExpr{Args: []*syntax.Word{litWord(":")}}
	}
	inner := &syntax.Stmt{Position: st.Position, Cmd: cmd}
	if exec {
		inner.Redirs, st.Redirs = st.Redirs, nil
		if len(inner.Redirs) == 0 {
			inner = nil
		}
	}
	if inner != nil {
		takes = append(takes, inner)
	}
	chain := takes[0]
	for _, next := range takes[1:] {
		chain = &syntax.Stmt{Position: st.Position, Cmd: &syntax.BinaryCmd{Op: syntax.AndStmt, OpPos: next.Position, X: chain, Y: next}}
	}
	st.Cmd = &syntax.Block{Lbrace: st.Position, Rbrace: st.End(), Stmts: []*syntax.Stmt{chain}}
}

// fdOpRedirect is the redirection that carries out rd, a redirection of
// fd N >= 3, when the open handler opens it (see fdOp).
func fdOpRedirect(rd *syntax.Redirect) *syntax.Redirect {
	op := "close/" + rd.N.Value
	var target []syntax.WordPart
	switch rd.Op {
	case syntax.DplOut, syntax.DplIn:
		if rd.Word.Lit() != "-" {
			op = "dup/" + rd.N.Value + "/"
			target = rd.Word.Parts
		}
	default:
		mode := "<"
		switch rd.Op {
		case syntax.RdrOut, syntax.ClbOut:
			mode = ">"
		case syntax.AppOut:
			mode = ">>"
		case syntax.RdrInOut:
			mode = "<>"
		}
		op = "open/" + rd.N.Value + "/" + mode + "/"
		target = tildeHome(rd.Word.Parts)
	}
	line := strconv.Itoa(int(rd.OpPos.Line()))
	w := &syntax.Word{Parts: append([]syntax.WordPart{&syntax.SglQuoted{Value: fdOpPath + line + "/" + op}}, target...)}
	return &syntax.Redirect{OpPos: rd.OpPos, Op: syntax.AppOut, N: &syntax.Lit{ValuePos: rd.N.ValuePos, ValueEnd: rd.N.ValueEnd, Value: "2"}, Word: w}
}

// tildeHome expands a leading ~ or ~/ as $HOME: once behind the
// operation's prefix, the word no longer starts with the tilde mvdan/sh
// would expand.
func tildeHome(parts []syntax.WordPart) []syntax.WordPart {
	if len(parts) == 0 {
		return parts
	}
	lit, ok := parts[0].(*syntax.Lit)
	if !ok || (lit.Value != "~" && !strings.HasPrefix(lit.Value, "~/")) {
		return parts
	}
	home := &syntax.DblQuoted{Parts: []syntax.WordPart{&syntax.ParamExp{Param: &syntax.Lit{Value: "HOME"}}}}
	out := []syntax.WordPart{home}
	if rest := lit.Value[1:]; rest != "" {
		out = append(out, &syntax.Lit{Value: rest})
	}
	return append(out, parts[1:]...)
}

// mapfileFd turns mapfile's -u N (which mvdan/sh's lacks) into the
// redirection <&N: mapfile reads to the end anyway.
func mapfileFd(st *syntax.Stmt, call *syntax.CallExpr) {
	for i := 1; i < len(call.Args); i++ {
		a := call.Args[i].Lit()
		if a == "--" || !strings.HasPrefix(a, "-") {
			return
		}
		var fd *syntax.Word
		switch {
		case a == "-u" && i+1 < len(call.Args):
			fd = call.Args[i+1]
			call.Args = slices.Delete(slices.Clone(call.Args), i, i+2)
		case strings.HasPrefix(a, "-u") && len(a) > 2:
			fd = litWord(a[2:])
			call.Args = slices.Delete(slices.Clone(call.Args), i, i+1)
		case a == "-d" || a == "-n" || a == "-O" || a == "-s" || a == "-c" || a == "-C":
			i++ // the option's value
			continue
		default:
			continue
		}
		if fd.Lit() != "0" {
			st.Redirs = append(st.Redirs, &syntax.Redirect{Op: syntax.DplIn, Word: fd})
		}
		return
	}
}

// wordMayBeNumber reports whether a >& word is (or may expand to) a
// descriptor number rather than a file name.
func wordMayBeNumber(w *syntax.Word) bool {
	lit := w.Lit()
	if lit == "" {
		return true // an expansion: decided when it runs
	}
	_, err := strconv.Atoi(strings.TrimSuffix(lit, "-"))
	return err == nil
}

// closedOutput is a standard output or error closed with >&-: writes
// fail with EBADF, as they do in bash ("echo: write error: Bad file
// descriptor").
type closedOutput struct{}

func (closedOutput) Write([]byte) (int, error) { return 0, syscall.EBADF }
func (closedOutput) Read([]byte) (int, error)  { return 0, syscall.EBADF }
func (closedOutput) Close() error              { return nil }
