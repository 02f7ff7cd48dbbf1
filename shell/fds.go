package shell

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"weak"

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
// (rewriteFds) into forms mvdan/sh runs:
//
//   - a redirection of fd 3 or above (`3>f`, `4<f`, `3>&1`, `3>&-`,
//     `{name}>f`, `3<<EOF`) becomes the internal command
//     `__memsh_fd OP N ...`, run by the call handler, which sees the
//     statement's current streams (so `3>&1` captures what fd 1 is at
//     that point of the redirection list) and updates the table;
//   - a standard stream made a copy of one (`>&3`, `2>&3`, `<&$fd`)
//     becomes a redirection to /dev/fd/__memsh_dup/N, which the open
//     handler serves from the table; `read ... <&N` becomes `read -u N`;
//   - `exec` without a command keeps the changes; any other command gets
//     them for itself only: its statement gets the extra redirection
//     `2>>/dev/fd/__memsh_scope`, whose open (a pass-through of stderr)
//     saves the table and whose close, when mvdan/sh ends the statement,
//     restores it.
//
// Redirections are applied in order: standard ones between fd ones go
// on nested blocks, so `3>&1 1>&2 2>&3 3>&-` swaps stdout and stderr as
// in bash.
//
// A descriptor is an open memfs file (its offset shared by every fd and
// command using it, as an open file description is), a copy of a standard
// stream, or a here-document's text. A subshell ($(...), a pipeline part,
// (...)) sees its parent's table through the internal variable
// __memsh_fdt (variables are what mvdan/sh copies into subshells); the
// first change a runner makes gives it a copy of its own, so a subshell's
// `exec 3>&-` leaves the parent's fd 3 open.

const (
	fdCmd      = internalPrefix + "fd"
	fdVar      = internalPrefix + "fdt"
	fdScope    = "/dev/fd/" + internalPrefix + "scope"
	fdDupPath  = "/dev/fd/" + internalPrefix + "dup/"
	fdMax      = 1023 // bash refuses fds at or above the open files limit (ulimit -n)
	namedFdMin = 10   // {name}> picks the lowest free fd from here, as bash
)

// fdDesc is what a descriptor refers to.
type fdDesc struct {
	path string      // an open file's absolute path (/dev/fd/N reopens it)
	f    *memfs.File // an open file
	r    io.Reader   // a copy of stdin, or a here-document
	w    io.Writer   // a copy of stdout or stderr
	refs atomic.Int64
}

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
	// named are the fds {name}>... opened: they outlive the command the
	// redirection is on (bash leaves closing them to the script).
	named map[int]bool
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
	delete(t.named, n)
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

var (
	fdTables   sync.Map // table id -> *fdTable
	ownTables  sync.Map // weak.Pointer[interp.Runner] -> *fdTable
	fdTableSeq atomic.Uint64
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
// the one it sees; created says __memsh_fdt must be set to its id.
func ownFds(hc interp.HandlerContext) (t *fdTable, created bool) {
	r := callingRunner(hc)
	if r == nil {
		return nil, false
	}
	if t, ok := ownTables.Load(weak.Make(r)); ok {
		return t.(*fdTable), false
	}
	return newOwnFds(r, lookupFds(hc).snapshot()), true
}

// newOwnFds registers r's own table, dropped when r is garbage.
func newOwnFds(r *interp.Runner, fds map[int]*fdDesc) *fdTable {
	key := weak.Make(r)
	t := &fdTable{id: strconv.FormatUint(fdTableSeq.Add(1), 10), fds: fds}
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
	child.Run(ctx, &syntax.CallExpr{Assigns: []*syntax.Assign{{Name: &syntax.Lit{Value: fdVar}, Value: litWord(t.id)}}})
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

// fdBuiltin runs `__memsh_fd OP N [ARG]` (see rewriteFds) for the call
// handler: open N MODE PATH, dup N M (M- moves), close N, and take N (a
// here-document on stdin). N may be {name}: the lowest free fd from 10,
// assigned to name.
func (c *core) fdBuiltin(hc interp.HandlerContext, args []string) []string {
	fail := func(format string, a ...any) []string {
		fmt.Fprintf(hc.Stderr, "bash: "+format+"\n", a...)
		return statusArgs(1)
	}
	if len(args) < 3 {
		return statusArgs(2)
	}
	op, spec := args[1], args[2]
	t, created := ownFds(hc)
	if t == nil {
		return fail("%s: cannot redirect here", spec)
	}
	var assign []string
	named := false
	if created {
		assign = append(assign, fdVar+"="+t.id)
	}
	done := func() []string {
		if len(assign) == 0 {
			return statusArgs(0)
		}
		return []string{"eval", strings.Join(assign, "; ")}
	}
	n := -1
	if name, ok := strings.CutPrefix(spec, "{"); ok && strings.HasSuffix(name, "}") {
		name = strings.TrimSuffix(name, "}")
		if !validAssignTarget(name) {
			return fail("%s: ambiguous redirect", spec)
		}
		if op == "close" {
			v := hc.Env.Get(name).String()
			num, err := strconv.Atoi(v)
			if err != nil || num < 0 {
				return fail("%s: ambiguous redirect", spec)
			}
			n = num
		} else {
			n = namedFdMin
			for t.get(n) != nil {
				n++
			}
			assign = append(assign, name+"="+strconv.Itoa(n))
			named = true
		}
	} else {
		num, err := strconv.Atoi(spec)
		if err != nil || num < 0 {
			return fail("%s: ambiguous redirect", spec)
		}
		if num > fdMax {
			return fail("%s: Bad file descriptor", spec)
		}
		n = num
	}
	switch op {
	case "close":
		t.set(n, nil)
	case "dup":
		if len(args) != 4 {
			return statusArgs(2)
		}
		from, move := strings.CutSuffix(args[3], "-")
		m, err := strconv.Atoi(from)
		if err != nil {
			return fail("%s: ambiguous redirect", args[3])
		}
		d := c.fdAt(hc, lookupFds(hc), m)
		if d == nil {
			return fail("%d: Bad file descriptor", m)
		}
		if m != n {
			t.set(n, d)
			if move && m > 2 {
				t.set(m, nil)
			}
		}
	case "open":
		if len(args) != 5 {
			return statusArgs(2)
		}
		d, err := c.openDesc(hc, args[3], args[4])
		if err != nil {
			return fail("%s: %s", args[4], command.Strerror(err))
		}
		t.set(n, d)
	case "take":
		var data []byte
		if hc.Stdin != nil {
			data, _ = io.ReadAll(hc.Stdin)
		}
		t.set(n, &fdDesc{r: bytes.NewReader(data)})
	default:
		return statusArgs(2)
	}
	if named {
		t.mu.Lock()
		if t.named == nil {
			t.named = map[int]bool{}
		}
		t.named[n] = true
		t.mu.Unlock()
	}
	return done()
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
	case 1:
		return &fdDesc{w: hc.Stdout}
	case 2:
		return &fdDesc{w: hc.Stderr}
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
	f, err := c.fs.OpenFile(abs, flag, 0o644)
	if err != nil {
		return nil, err
	}
	if info, err := f.Stat(); err == nil && info.IsDir() && flag != os.O_RDONLY {
		f.Close()
		return nil, syscall.EISDIR
	}
	return &fdDesc{f: f, path: abs}, nil
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
func (c *core) openFd(hc interp.HandlerContext, p, abs string, flag int) (rw io.ReadWriteCloser, err error, ok bool) {
	switch {
	case abs == fdScope:
		return c.pushFdScope(hc), nil, true
	case strings.HasPrefix(abs, fdDupPath):
		spec := strings.TrimPrefix(abs, fdDupPath)
		n, err := strconv.Atoi(spec)
		if spec == "-" {
			// >&$x with x=-: the stream is closed.
			return stream{}, nil, true
		}
		if err != nil || n < 0 {
			if flag&(os.O_WRONLY|os.O_RDWR) != 0 && spec != "" && err != nil {
				// >&word names a file.
				f, err := c.fs.OpenFile(absPath(hc.Dir, spec), os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
				if err != nil {
					return nil, bashPathError(spec, err), true
				}
				return f, nil, true
			}
			return nil, &fs.PathError{Op: "bash:", Path: spec, Err: errors.New("ambiguous redirect")}, true
		}
		d := c.fdAt(hc, lookupFds(hc), n)
		if d == nil {
			return nil, &fs.PathError{Op: "bash:", Path: spec, Err: errors.New("Bad file descriptor")}, true
		}
		rw, err := descStream(d, flag)
		return rw, err, true
	}
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
		f, err := c.fs.OpenFile(d.path, flag, 0o644)
		if err != nil {
			return nil, bashPathError(p, err), true
		}
		if flag&(os.O_WRONLY|os.O_RDWR) != 0 {
			return f, nil, true
		}
		pr, err := redirectFrom(f)
		return pr, err, true
	}
	rw, err = descStream(d, flag)
	return rw, err, true
}

// descStream is what a redirection to a copy of d reads or writes.
// Closing it leaves d open.
func descStream(d *fdDesc, flag int) (io.ReadWriteCloser, error) {
	if flag&(os.O_WRONLY|os.O_RDWR) != 0 {
		if d.f != nil {
			return sharedFile{d.f}, nil
		}
		return stream{w: d.w}, nil
	}
	if d.f != nil {
		return redirectShared(d.f)
	}
	return stream{r: d.r}, nil
}

// sharedFile writes to a descriptor's file without closing it.
type sharedFile struct{ f *memfs.File }

func (s sharedFile) Read(p []byte) (int, error)  { return s.f.Read(p) }
func (s sharedFile) Write(p []byte) (int, error) { return s.f.Write(p) }
func (sharedFile) Close() error                  { return nil }

// fdScopeMark is the pass-through stderr of a statement whose
// redirections change the table: it saves the table when the statement
// starts, and its Close, when the statement ends, restores it.
type fdScopeMark struct {
	w      io.Writer
	runner weak.Pointer[interp.Runner]
	saved  map[int]*fdDesc
	once   sync.Once
}

func (c *core) pushFdScope(hc interp.HandlerContext) *fdScopeMark {
	s := &fdScopeMark{w: hc.Stderr, saved: lookupFds(hc).snapshot()}
	if r := callingRunner(hc); r != nil {
		s.runner = weak.Make(r)
	}
	return s
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
			t := t.(*fdTable)
			t.mu.Lock()
			for n, d := range t.fds {
				if t.named[n] && s.saved[n] != d {
					if old := s.saved[n]; old != nil {
						old.unref()
					}
					s.saved[n] = d.ref()
				}
			}
			t.mu.Unlock()
			t.replace(s.saved)
			return
		}
		for _, d := range s.saved {
			d.unref()
		}
	})
	return nil
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
	case d.f != nil:
		return d.f, ""
	case d.r != nil:
		return d.r, ""
	}
	return nil, spec + ": invalid file descriptor: Bad file descriptor"
}

// fdNeedsRewrite reports whether src may redirect a descriptor above 2
// (the cheap test before parsing eval strings and sourced files).
func fdNeedsRewrite(src string) bool {
	if strings.Contains(src, ">&") || strings.Contains(src, "<&") || strings.Contains(src, "}>") || strings.Contains(src, "}<") {
		return true
	}
	for i := 1; i < len(src); i++ {
		if (src[i] == '>' || src[i] == '<') && src[i-1] >= '3' && src[i-1] <= '9' {
			return true
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
	fdOps := false
	for _, rd := range st.Redirs {
		switch {
		case fdTarget(rd):
			fdOps = true
		case dupWord(rd):
			if rd.N == nil && rd.Op == syntax.DplOut && !wordMayBeNumber(rd.Word) {
				rd.Op = syntax.RdrAll // >&file is &>file
				continue
			}
			w := &syntax.Word{Parts: append([]syntax.WordPart{&syntax.Lit{Value: fdDupPath}}, rd.Word.Parts...)}
			if rd.Op == syntax.DplOut {
				rd.Op = syntax.RdrOut
			} else {
				rd.Op = syntax.RdrIn
			}
			rd.Word = w
		}
	}
	if !fdOps {
		return
	}
	if call != nil && len(call.Assigns) == 0 && len(call.Args) == 1 && call.Args[0].Lit() == "exec" {
		// exec without a command: the changes stay.
		var stmts []*syntax.Stmt
		var std []*syntax.Redirect
		flush := func() {
			if len(std) > 0 {
				stmts = append(stmts, &syntax.Stmt{Position: st.Position, Cmd: &syntax.CallExpr{Args: []*syntax.Word{litWord("exec")}}, Redirs: std})
				std = nil
			}
		}
		for _, rd := range st.Redirs {
			if fdTarget(rd) {
				flush()
				stmts = append(stmts, fdOpStmt(st, rd))
			} else {
				std = append(std, rd)
			}
		}
		flush()
		chain := andChain(stmts)
		st.Cmd, st.Redirs = chain.Cmd, chain.Redirs
		return
	}
	cmd := st.Cmd
	if cmd == nil {
		cmd = &syntax.CallExpr{Args: []*syntax.Word{litWord(":")}}
	}
	cur := &syntax.Stmt{Position: st.Position, Cmd: cmd}
	for i := len(st.Redirs) - 1; i >= 0; {
		rd := st.Redirs[i]
		if !fdTarget(rd) {
			cur.Redirs = append([]*syntax.Redirect{rd}, cur.Redirs...)
			i--
			continue
		}
		j := i
		for j >= 0 && fdTarget(st.Redirs[j]) {
			j--
		}
		var stmts []*syntax.Stmt
		for _, op := range st.Redirs[j+1 : i+1] {
			stmts = append(stmts, fdOpStmt(st, op))
		}
		chain := andChain(append(stmts, cur))
		cur = &syntax.Stmt{Position: st.Position, Cmd: &syntax.Block{Lbrace: st.Position, Rbrace: st.End(), Stmts: []*syntax.Stmt{chain}}}
		i = j
	}
	scope := &syntax.Redirect{Op: syntax.AppOut, N: &syntax.Lit{Value: "2"}, Word: litWord(fdScope)}
	st.Cmd = cur.Cmd
	st.Redirs = append([]*syntax.Redirect{scope}, cur.Redirs...)
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

// fdOpStmt is the internal command for one redirection of fd N >= 3.
func fdOpStmt(st *syntax.Stmt, rd *syntax.Redirect) *syntax.Stmt {
	args := []*syntax.Word{litWord(fdCmd)}
	out := &syntax.Stmt{Position: st.Position}
	n := litWord(rd.N.Value)
	switch rd.Op {
	case syntax.DplOut, syntax.DplIn:
		if rd.Word.Lit() == "-" {
			args = append(args, litWord("close"), n)
		} else {
			args = append(args, litWord("dup"), n, quoteExpansions(rd.Word))
		}
	case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
		args = append(args, litWord("take"), n)
		here := *rd
		here.N = nil
		out.Redirs = []*syntax.Redirect{&here}
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
		args = append(args, litWord("open"), n, &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: mode}}}, quoteExpansions(rd.Word))
	}
	out.Cmd = &syntax.CallExpr{Args: args}
	return out
}

// quoteExpansions puts a redirection word's expansions in double quotes:
// a redirection target is one word, never split.
func quoteExpansions(w *syntax.Word) *syntax.Word {
	out := &syntax.Word{}
	for _, p := range w.Parts {
		switch p.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp:
			p = &syntax.DblQuoted{Parts: []syntax.WordPart{p}}
		}
		out.Parts = append(out.Parts, p)
	}
	return out
}

// andChain joins statements with &&: the first failing redirection stops
// the rest, and the command, as in bash.
func andChain(stmts []*syntax.Stmt) *syntax.Stmt {
	cur := stmts[0]
	for _, next := range stmts[1:] {
		cur = &syntax.Stmt{Position: cur.Position, Cmd: &syntax.BinaryCmd{Op: syntax.AndStmt, OpPos: next.Position, X: cur, Y: next}}
	}
	return cur
}
