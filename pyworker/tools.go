package pyworker

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/sys"

	"memsh/memfs"
)

// A tool is a real program (sqlite3, lua) built for WASI from its Debian
// source by scripts/build-wasi-tools.sh and installed as NAME.wasm beside
// python.wasm. It runs as any WASI module does (RunModule), but its
// compiled code is kept for the life of the Runtime and may be loaded in
// the background (PreloadTools).

// EnvToolsDir names the environment variable that overrides the directory
// NAME.wasm is looked for in first.
const EnvToolsDir = "MEMSH_WASI_TOOLS"

// hostModule is the module name of memsh's own host functions for the
// tools: protected calls for C code that needs a non-local exit (lua),
// fcntl's record locks and system() (instantiateHost).
const hostModule = "memsh"

// toolEntry is one tool's compiled module, loaded once per Runtime.
type toolEntry struct {
	once sync.Once
	cm   wazero.CompiledModule
	min  uint32 // its initial memory, in pages
	err  error
}

// ToolNotInstalledError says NAME.wasm was found nowhere.
type ToolNotInstalledError struct {
	Name  string
	Tried []string
}

func (e *ToolNotInstalledError) Error() string {
	where := "nowhere"
	if len(e.Tried) > 0 {
		where = filepath.Dir(e.Tried[0])
	}
	return fmt.Sprintf("%s.wasm is not installed (looked in %s): `make build` builds it from Debian's source with the WASI toolchain "+
		"(clang-19, lld-19, wasi-libc; scripts/wasi-toolchain.sh), which was not available where memsh was built",
		e.Name, where)
}

// ToolSearchPath lists, in order, where FindTool looks for NAME.wasm:
// the directory $MEMSH_WASI_TOOLS, then where python.wasm is looked for
// (beside the executable, bin/ of the source tree, the user's data
// directory).
func ToolSearchPath(name string) []string {
	var out []string
	if d := os.Getenv(EnvToolsDir); d != "" {
		out = append(out, filepath.Join(d, name+".wasm"))
	}
	return append(out, installedPaths(name+".wasm")...)
}

// FindTool returns the host path of NAME.wasm, the first regular file of
// ToolSearchPath.
func FindTool(name string) (string, error) {
	tried := ToolSearchPath(name)
	for _, p := range tried {
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p, nil
		}
	}
	return "", &ToolNotInstalledError{Name: name, Tried: tried}
}

// PreloadTools compiles (or loads from the compilation cache) the named
// tools that are installed, in the background, one after another. It
// returns at once; a run of a tool still loading waits for it.
func (r *Runtime) PreloadTools(names ...string) {
	go func() {
		for _, n := range names {
			if _, err := FindTool(n); err == nil {
				r.tool(n)
			}
		}
	}()
}

// tool returns the compiled module of the named tool, compiling it on
// first use (wazero's on-disk cache makes that a load after the first
// process).
func (r *Runtime) tool(name string) *toolEntry {
	r.mu.Lock()
	e := r.tools[name]
	if e == nil {
		e = &toolEntry{}
		r.tools[name] = e
	}
	r.mu.Unlock()
	e.once.Do(func() {
		p, err := FindTool(name)
		if err != nil {
			e.err = err
			return
		}
		rt, err := r.runtime()
		if err != nil {
			e.err = err
			return
		}
		b, err := readModule(p)
		if err != nil {
			e.err = err
			return
		}
		if !IsWasm(b) {
			e.err = fmt.Errorf("%s: not a WebAssembly module (bad magic number)", p)
			return
		}
		e.min = declaredMinPages(b)
		e.cm, e.err = r.compileModule(context.Background(), rt, b)
	})
	return e
}

// RunTool runs the named tool with p.Args[1:] as its arguments, in
// p.Dir (the physical directory: wasi-libc programs built by memsh move
// there from $PWD before main). It prints its own errors and returns the
// exit status: 127 when the tool is not installed, 126 when it cannot be
// loaded, 130/124 when ctx ends.
func (r *Runtime) RunTool(ctx context.Context, name string, p Proc) int {
	if st, done := ctxStatus(ctx); done {
		return st
	}
	type loaded struct {
		cm  wazero.CompiledModule
		min uint32
		err error
	}
	// Compiling a tool on a cold cache takes seconds; Ctrl-C must not
	// wait for it (the compilation goes on for the next run).
	ch := make(chan loaded, 1)
	go func() {
		e := r.tool(name)
		ch <- loaded{e.cm, e.min, e.err}
	}()
	var l loaded
	select {
	case l = <-ch:
	case <-ctx.Done():
		st, _ := ctxStatus(ctx)
		return st
	}
	if l.err != nil {
		var nf *ToolNotInstalledError
		if errors.As(l.err, &nf) {
			p.errorf(name, "%v", l.err)
			return StatusNotFound
		}
		p.errorf(name, "cannot load %s.wasm: %s", name, firstLine(l.err))
		return StatusCannotExecute
	}
	if err := r.checkMinMemory(l.min); err != nil {
		p.errorf(name, "cannot execute: %v", err)
		return StatusCannotExecute
	}
	if p.FS != nil {
		if real, err := p.FS.Realpath(cleanDir(p.Dir)); err == nil {
			p.Dir = real
		}
	}
	if p.System != nil {
		ctx = context.WithValue(ctx, guestShellKey{}, &guestShell{run: p.System, fs: p.FS, stdout: p.Stdout, stderr: p.Stderr})
	}
	p.Stdout, p.Stderr = sigpipe(p.Stdout), sigpipe(p.Stderr)
	ctx = context.WithValue(ctx, tryStackKey{}, &tryStack{})
	return r.run(ctx, l.cm, p, name, nil, false)
}

// statusSigpipe is a shell's status for a program SIGPIPE killed.
const statusSigpipe = 128 + 13

// sigpipeWriter is a tool's stdout or stderr. A C program on Linux that
// writes to a pipe nobody reads any more is killed by SIGPIPE (status
// 141), and sqlite3 and lua count on it: they ignore failed writes, so
// `sqlite3 db 'select ...' | head -1` over an endless query would run
// forever. WASI has no signals: the write that finds the reader gone
// ends the run the same way, from inside the guest's fd_write (a host
// call, as proc_exit ends a run). Python ignores SIGPIPE and gets
// BrokenPipeError instead, so it is not wrapped.
type sigpipeWriter struct{ w io.Writer }

func sigpipe(w io.Writer) io.Writer {
	if w == nil {
		return nil
	}
	return sigpipeWriter{w}
}

func (s sigpipeWriter) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	if err != nil && (errors.Is(err, syscall.EPIPE) || errors.Is(err, io.ErrClosedPipe)) {
		panic(sys.NewExitError(statusSigpipe))
	}
	return n, err
}

// guestShellKey carries a run's *guestShell in the ctx its host calls get.
type guestShellKey struct{}

// guestShell is what memsh.system needs of a run: the shell's command
// runner, the filesystem its stdin and stdout files are in, and the
// guest's own output streams.
type guestShell struct {
	run            func(ctx context.Context, line, dir string, stdin io.Reader, stdout, stderr io.Writer) int
	fs             *memfs.FS
	stdout, stderr io.Writer
}

// system runs line in dir for the guest. in and out name files (relative
// to dir) for the command's stdin and stdout; "" means an empty stdin
// and the guest's own stdout. It returns the exit status, or -1 when the
// run has no shell or a file cannot be opened.
func (g *guestShell) system(ctx context.Context, line, dir, in, out string) int32 {
	if g == nil {
		return -1
	}
	if line == "" {
		return 0 // system(NULL): a shell is there
	}
	abs := func(p string) string {
		if strings.HasPrefix(p, "/") {
			return path.Clean(p)
		}
		return path.Join(dir, p)
	}
	stdin, stdout := io.Reader(strings.NewReader("")), g.stdout
	if in != "" {
		f, err := g.fs.Open(abs(in))
		if err != nil {
			return -1
		}
		defer f.Close()
		stdin = f
	}
	if out != "" {
		f, err := g.fs.OpenFile(abs(out), os.O_WRONLY|os.O_TRUNC, 0)
		if err != nil {
			return -1
		}
		defer f.Close()
		stdout = f
	}
	return int32(g.run(ctx, line, dir, stdin, stdout, g.stderr))
}

// tryStack keeps, for one run, the memsh_call function objects of the
// memsh.try calls in progress, one per nesting level. A wazero function
// object must not be called again while its call runs (it owns the
// call's stack), but it can be kept: making a new one for every try cost
// an allocation that a fast run, whose collector is paused, never got
// back (16,000 pcalls grew memsh by 180 MB).
type tryStack struct {
	fns    []api.Function
	params [][]uint64 // each level's parameter stack for CallWithStack
	depth  int
}

type tryStackKey struct{}

// push returns the function object and parameter stack for the next
// nesting level.
func (t *tryStack) push(m api.Module) (api.Function, []uint64) {
	if t.depth == len(t.fns) {
		t.fns = append(t.fns, m.ExportedFunction("memsh_call"))
		t.params = append(t.params, make([]uint64, 3))
	}
	t.depth++
	return t.fns[t.depth-1], t.params[t.depth-1]
}

func (t *tryStack) pop() { t.depth-- }

// hostTry is memsh.try(f, a, b): stack holds f, a and b and gets the
// result. It is called for every Lua pcall, so it allocates nothing:
// a fast run pauses Go's collector, and with a call's parameter slice
// (and reflection's) allocated anew each time, 16,000 pcalls took
// seconds.
func hostTry(ctx context.Context, m api.Module, stack []uint64) {
	ts, _ := ctx.Value(tryStackKey{}).(*tryStack)
	if ts == nil {
		ts = &tryStack{}
	}
	call, params := ts.push(m)
	defer ts.pop()
	if call == nil {
		panic(errors.New("memsh.try: the module exports no memsh_call"))
	}
	copy(params, stack[:3])
	switch err := call.CallWithStack(ctx, params); {
	case err == nil:
		stack[0] = 0
	case errors.Is(err, errThrow):
		stack[0] = 1
	default:
		panic(err)
	}
}

// errThrow unwinds a nested call started by memsh.try (see hostFunctions).
var errThrow = errors.New("memsh.throw outside memsh.try")

// instantiateHost provides the "memsh" host module:
//
//   - try(f, a, b) i32 calls the guest's export memsh_call(f, a, b) in a
//     nested call and returns 0 when it returned, 1 when memsh.throw
//     unwound it. Any other end of the nested call (exit, trap, ctx)
//     ends the whole run, as it would have without the nesting.
//   - throw() unwinds to the innermost try.
//   - system(line, dir, in, out) runs a command line in the memsh shell
//     that started the guest (Proc.System), for system() and popen() in
//     scripts/wasi/process.c: each argument a pointer and a length in the
//     guest's memory; in and out name files for its stdin and stdout
//     ("": empty stdin, the guest's stdout). It returns the exit status,
//     or -1 when there is no shell.
//   - lock(ino, set, type, start, len): fcntl's record locks (locks.go).
//
// This is setjmp/longjmp for guests built by Debian's clang 19, whose
// setjmp needs the legacy exception-handling instructions wazero does not
// run (scripts/wasi/lua-wasi.h).
func instantiateHost(ctx context.Context, rt wazero.Runtime) error {
	_, err := rt.NewHostModuleBuilder(hostModule).
		NewFunctionBuilder().
		WithGoModuleFunction(api.GoModuleFunc(hostTry), []api.ValueType{api.ValueTypeI32, api.ValueTypeI32, api.ValueTypeI32}, []api.ValueType{api.ValueTypeI32}).
		Export("try").
		NewFunctionBuilder().
		WithFunc(func(context.Context) { panic(errThrow) }).
		Export("throw").
		NewFunctionBuilder().
		WithFunc(func(ctx context.Context, m api.Module, line, lineLen, dir, dirLen, in, inLen, out, outLen uint32) int32 {
			g, _ := ctx.Value(guestShellKey{}).(*guestShell)
			str := func(ptr, n uint32) (string, bool) {
				b, ok := m.Memory().Read(ptr, n)
				return string(b), ok
			}
			l, ok1 := str(line, lineLen)
			d, ok2 := str(dir, dirLen)
			i, ok3 := str(in, inLen)
			o, ok4 := str(out, outLen)
			if !ok1 || !ok2 || !ok3 || !ok4 {
				panic(errors.New("memsh.system: out of bounds memory access"))
			}
			return g.system(ctx, l, d, i, o)
		}).
		Export("system").
		NewFunctionBuilder().
		WithFunc(hostLock).
		Export("lock").
		Instantiate(ctx)
	return err
}
