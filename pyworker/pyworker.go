// Package pyworker runs python3 and any WASI preview1 program inside
// wazero, directly over memfs.
//
// One Runtime serves a whole process: one wazero runtime, compiled modules
// kept in memory, and an on-disk compilation cache so a second process does
// not compile python.wasm again. New is cheap; nothing is compiled until
// Preload or the first run.
//
// Guests see a memfs tree at "/" through an adapter to wazero's
// experimental sys.FS: every read and write goes straight to memfs, so a
// file a guest writes is visible to the shell at once, byte for byte.
//
// # Notes
//
//   - WASI has no working directory. Python is moved to Proc.Dir by a
//     sitecustomize module served read-only in its site directory
//     (/usr/local/lib/python3.13/site-packages); with -S (no site) python
//     starts in "/" and a relative script path is made absolute by memsh.
//     Other guests get PWD=Proc.Dir in their environment: Go programs
//     (GOOS=wasip1) start there, wasi-libc programs start in "/".
//   - Python's stdlib is served read-only at /usr/local/lib: from
//     python-stdlib.zip beside python.wasm for the CPython memsh builds
//     (scripts/build-python.sh, layout.go), or copied out of the npm
//     build's module once (cached on disk beside the compiled code); with
//     sitecustomize's compiled form, so no start-up compiles memsh's own
//     code (stdlib.go).
//   - Status: the guest's exit code; 130 when ctx is cancelled, 124 when
//     its deadline passes; 126 when a module cannot be compiled or linked
//     (corrupt bytes, unsupported imports); 134 when the guest traps (like
//     a C program that aborts); 127 when python.wasm is not installed.
//   - Errors wazero has no name for (EFBIG, ENOSPC, EPIPE, ...) still reach
//     the guest by name: a write past memfs's MaxFileSize raises OSError
//     EFBIG "File too large" in python. Errno numbers are WASI's (ENOENT
//     is 44), as this CPython build defines them; uncaught tracebacks are
//     rewritten to Linux's numbers (docs/pyworker.md).
//   - A run with PYTHONHASHSEED=0 and options the snapshot can apply
//     resumes python-snap.wasm (CPython pre-initialised at build time,
//     snapshot.go); any other such run resumes an instance of
//     python-reactor.wasm initialised ahead with its hash seed (a fresh
//     one by default; zygote.go); the rest start python.wasm from scratch.
//   - Interrupts (sigint.go) turns a job's Ctrl-C into a SIGINT inside
//     CPython: KeyboardInterrupt.
//   - python.wasm is looked for as PythonSearchPath documents;
//     `make build` installs it (scripts/build-python.sh, or
//     scripts/install-python.sh for the npm build).
package pyworker

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"unicode/utf8"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"github.com/tetratelabs/wazero/experimental/sysfs"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
	"github.com/tetratelabs/wazero/sys"

	"memsh/memfs"
	"memsh/shell/command"
)

// DefaultMemoryLimitMiB caps a guest's linear memory when
// Config.MemoryLimitMiB is zero.
const DefaultMemoryLimitMiB = 1024

// Exit statuses the runtime itself produces.
const (
	StatusCannotExecute = 126 // corrupt module, unsupported import, no _start
	StatusNotFound      = 127 // python.wasm not installed
	StatusInterrupted   = 130 // ctx cancelled
	StatusTimeout       = 124 // ctx deadline passed
	StatusTrap          = 134 // the guest trapped (unreachable, out of bounds, out of memory)
)

// Config configures a Runtime. Zero values pick the documented defaults.
type Config struct {
	CacheDir       string // on-disk compilation and stdlib cache; "" = the user's cache dir
	MemoryLimitMiB int    // guest memory cap; 0 = default
	PythonWasm     string // path to python.wasm on the host; "" = documented search order

	// Fast compiles guests without wazero's termination checks, which
	// cost a check at every loop header of the guest's code; such a guest
	// is stopped by other means (fast.go). Its compilation cache is kept
	// apart from the checked one's.
	Fast bool

	// NoSnapshot starts every python3 from scratch, never from the
	// pre-initialised python-snap.wasm (snapshot.go) or an instance of
	// python-reactor.wasm initialised ahead (zygote.go).
	NoSnapshot bool
}

// Runtime is the one wazero runtime of a process. It compiles nothing
// until asked (Preload, or the first program run). It is safe for
// concurrent use: several guests may run at once.
type Runtime struct {
	cfg Config

	initOnce sync.Once
	rt       wazero.Runtime
	initErr  error

	baseOnce sync.Once
	pyPath   string   // python.wasm on the host
	pySum    [32]byte // python.wasm's identity for its stdlib image (moduleSum)
	pyMin    uint32   // its initial memory, in pages
	pyMoved  bool     // its stack was moved (stack.go): its old stack is scratch space
	baseErr  error

	pyOnce sync.Once
	py     wazero.CompiledModule
	pyErr  error

	snapOnce sync.Once
	snap     wazero.CompiledModule // nil: no snapshot (snapshot.go)
	snapMin  uint32                // its initial memory, in pages
	snapRuns atomic.Int64          // runs it served

	reactorOnce  sync.Once
	react        wazero.CompiledModule // nil: no reactor (zygote.go)
	reactMin     uint32                // its initial memory, in pages
	reactScratch bool                  // the deep end of its stack is free (stack.go)
	reactWanted  atomic.Bool           // the reactor is loaded or loading
	snapLoaded   atomic.Bool           // the snapshot is loaded
	snapDeferred atomic.Int64          // snapshot runs a zygote served (zygoteForSnapshot)
	zygotes      zygotePool
	zygoteRuns   atomic.Int64 // runs a zygote served

	layout      pyLayout // where python's stdlib is (layout.go)
	builtStdlib *roFS    // the stdlib of a build of memsh's own; nil for the npm build

	imgOnce sync.Once
	img     *image // nil: python imports from its embedded zip

	slots chan struct{} // fast guests in their own code (fastslots.go)

	// compiling is held for reading while a module compiles, so that
	// Close waits for it: wazero's store panics when a compilation (a
	// tool's or python's, in the background) runs into its Close.
	compiling sync.RWMutex

	modOnce sync.Once
	modRT   wazero.Runtime // the sandbox's modules' runtime (modcache.go)
	modErr  error

	locks lockTable // guests' fcntl record locks (locks.go)

	mu      sync.Mutex
	tools   map[string]*toolEntry // tools.go
	modules moduleCache           // guarded by mu
	closed  bool

	// loading counts the goroutines that compile or load modules in the
	// background (background); Close waits for them, so none touches a
	// closed wazero runtime.
	loading sync.WaitGroup
}

// background runs f in a goroutine Close waits for. It reports false,
// and runs nothing, once the Runtime is closed.
func (r *Runtime) background(f func()) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return false
	}
	r.loading.Add(1)
	go func() {
		defer r.loading.Done()
		f()
	}()
	return true
}

// New returns a Runtime; it is cheap.
func New(cfg Config) *Runtime {
	return &Runtime{cfg: cfg, tools: map[string]*toolEntry{}}
}

// memoryLimitPages converts the configured MiB into 64 KiB wasm pages.
func (r *Runtime) memoryLimitPages() uint32 {
	mib := r.cfg.MemoryLimitMiB
	if mib <= 0 {
		mib = DefaultMemoryLimitMiB
	}
	if mib > 4096 {
		mib = 4096 // the wasm32 address space
	}
	return uint32(mib * 16)
}

// runtime starts wazero on first use.
func (r *Runtime) runtime() (wazero.Runtime, error) {
	r.initOnce.Do(func() {
		ctx := context.Background()
		rc := wazero.NewRuntimeConfig().
			WithDebugInfoEnabled(false).
			WithCloseOnContextDone(!r.cfg.Fast).
			WithMemoryLimitPages(wasmPages) // guestMemory enforces the configured limit
		if dir := r.cacheDir(); dir != "" {
			if r.cfg.Fast {
				// wazero's cache key leaves out the termination checks, so
				// code compiled with and without them must not share a
				// directory.
				dir = path.Join(dir, "unchecked")
			}
			if c, err := wazero.NewCompilationCacheWithDir(dir); err == nil {
				rc = rc.WithCompilationCache(c)
			}
		}
		if r.cfg.Fast {
			reserveProcs()
			r.slots = newFastSlots()
		}
		rt := wazero.NewRuntimeWithConfig(ctx, rc)
		err := instantiateWASI(ctx, rt)
		if err == nil {
			err = instantiateHost(ctx, rt)
		}
		if err != nil {
			r.initErr = err
			rt.Close(ctx)
			return
		}
		r.rt = rt
	})
	return r.rt, r.initErr
}

// cacheDir is Config.CacheDir or <user cache dir>/memsh/wazero; "" when
// neither exists, which leaves compilation in memory only.
func (r *Runtime) cacheDir() string {
	if r.cfg.CacheDir != "" {
		return r.cfg.CacheDir
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return path.Join(d, "memsh", "wazero")
}

// Preload compiles (or loads from the cache) python and its stdlib in
// the background: the reactor a default run starts from (zygote.go),
// and an instance of it for the first run, or python.wasm where there is
// none. It returns at once; the first RunPython waits for what it needs.
func (r *Runtime) Preload() {
	if !r.cfg.NoSnapshot {
		r.reactWanted.Store(true) // before the first run asks (zygoteForSnapshot)
	}
	go r.image()
	go func() {
		if r.reactor() == nil {
			r.python()
			return
		}
		r.prepareFirst()
	}()
}

// pyBase finds python.wasm and its stdlib, once per Runtime, and reads
// the stdlib image cached for the module's checksum; it compiles
// nothing.
func (r *Runtime) pyBase() error {
	r.baseOnce.Do(func() {
		p, err := FindPython(r.cfg.PythonWasm)
		if err != nil {
			r.baseErr = err
			return
		}
		r.pyPath = p
		layout, err := openLayout(p)
		if err != nil {
			r.baseErr = err
			return
		}
		r.mu.Lock()
		r.layout = layout
		if r.closed && layout.file != nil {
			layout.file.Close() // Close ran first: it will not see the file
		}
		r.mu.Unlock()
		if r.layout.zip != nil {
			if r.builtStdlib, err = stdlibTree(r.layout.zip, r.layout.lib); err != nil {
				r.baseErr = err
				return
			}
		}
		b, err := readModule(p)
		if err != nil {
			r.baseErr = err
			return
		}
		b, r.pyMoved = moveStack(b, pythonStackPages, r.memoryLimitPages())
		r.pyMin = declaredMinPages(b)
		r.pySum = moduleSum(p, b)
		r.img = r.readImage(r.pySum)
	})
	return r.baseErr
}

// python compiles python.wasm, without its debug sections (readModule),
// once per Runtime.
func (r *Runtime) python() (wazero.CompiledModule, error) {
	r.pyOnce.Do(func() {
		if r.pyErr = r.pyBase(); r.pyErr != nil {
			return
		}
		rt, err := r.runtime()
		if err != nil {
			r.pyErr = err
			return
		}
		b, err := readModule(r.pyPath)
		if err != nil {
			r.pyErr = err
			return
		}
		b, _ = moveStack(b, pythonStackPages, r.memoryLimitPages())
		r.py, r.pyErr = r.compileModule(context.Background(), rt, b)
	})
	return r.py, r.pyErr
}

// image returns the stdlib image python runs with, extracting it (once per
// python.wasm and memsh version, when not cached on disk: python.wasm is
// then compiled to run the extraction). nil means python imports from its
// embedded zip, as it does when the image cannot be made.
func (r *Runtime) image() *image {
	if r.pyBase() != nil {
		return nil
	}
	r.imgOnce.Do(func() {
		if r.img != nil {
			return
		}
		cm, err := r.python()
		if err != nil {
			return
		}
		img, raw, err := r.extractImage(cm)
		if err != nil {
			return
		}
		r.img = img
		r.writeImage(r.pySum, raw)
	})
	return r.img
}

// errClosed is a compilation's error once the Runtime is closed.
var errClosed = errors.New("the WebAssembly runtime is closed")

// compileModule compiles b with rt unless the Runtime is closed.
func (r *Runtime) compileModule(ctx context.Context, rt wazero.Runtime, b []byte) (wazero.CompiledModule, error) {
	r.compiling.RLock()
	defer r.compiling.RUnlock()
	r.mu.Lock()
	closed := r.closed
	r.mu.Unlock()
	if closed {
		return nil, errClosed
	}
	return rt.CompileModule(ctx, b)
}

// Close releases the runtime. Running guests are closed; compilations
// under way (python or a tool loading in the background) are waited
// for.
func (r *Runtime) Close() error {
	r.mu.Lock()
	r.closed = true
	if r.layout.file != nil {
		r.layout.file.Close()
	}
	r.mu.Unlock()
	r.zygotes.stop()
	// A compilation under way finishes first: wazero's runtime must not
	// be closed under it.
	r.loading.Wait()
	r.zygotes.drop()
	r.compiling.Lock()
	defer r.compiling.Unlock()
	r.initOnce.Do(func() {}) // a Runtime never used stays unused
	r.modOnce.Do(func() {})
	var err error
	if r.modRT != nil {
		err = r.modRT.Close(context.Background())
	}
	if r.rt != nil {
		err = errors.Join(r.rt.Close(context.Background()), err)
	}
	return err
}

// Proc is one program run: argv, environment, working directory, stdio and
// the filesystem the guest sees at "/".
type Proc struct {
	Args           []string // Args[0] is the program name
	Env            []string // "K=V"
	Dir            string   // absolute working directory in fs
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	FS             *memfs.FS
	// Umask is the file-creation mask. WASI's open carries no mode, so
	// the files a guest creates get 0666 and its directories 0777, minus
	// the mask, as open(2) and mkdir(2) give a program under it.
	Umask fs.FileMode
	// Memory is the session's memory budget: the guest's linear memory
	// counts against it while the guest runs, and a module from the
	// sandbox (RunModule) is checked against it, and its compilation
	// counted, before wazero decodes it. Nil: only Config.MemoryLimitMiB
	// bounds a guest.
	Memory *command.Budget
	// System runs a command line for a tool's system() and popen()
	// (the memsh.system host call; RunTool) in dir with the streams
	// given, and returns its exit status. Nil: the tool has no shell.
	System func(ctx context.Context, line, dir string, stdin io.Reader, stdout, stderr io.Writer) int
}

func (p *Proc) name(def string) string {
	if len(p.Args) > 0 && p.Args[0] != "" {
		return p.Args[0]
	}
	return def
}

func (p *Proc) errorf(def, format string, args ...any) {
	if p.Stderr != nil {
		fmt.Fprintf(p.Stderr, "%s: %s\n", p.name(def), fmt.Sprintf(format, args...))
	}
}

// RunPython runs CPython with p.Args[1:] as its arguments. It prints its
// own errors and returns the exit status (127 when python.wasm is not
// installed, 130 when ctx is cancelled, 124 when ctx's deadline passed).
func (r *Runtime) RunPython(ctx context.Context, p Proc) int {
	if st, done := ctxStatus(ctx); done {
		return st
	}
	if p.FS == nil {
		p.errorf("python3", "no filesystem")
		return StatusCannotExecute
	}
	// Loading python may take seconds on a cold cache; Ctrl-C must not
	// wait for it (the load goes on for the next run). A run the snapshot
	// serves loads it meanwhile, and so does one a zygote (zygote.go)
	// serves the reactor; the others python.wasm.
	snap := snapshotServes(p.Args[min(1, len(p.Args)):], p.Env)
	seed, zyg := zygoteSeed(p.Args[min(1, len(p.Args)):], p.Env)
	serve := snap && !r.zygoteForSnapshot()
	zyg = zyg && !serve
	loaded := make(chan struct{})
	if !r.background(func() {
		if serve {
			r.background(func() { r.snapshot() })
		}
		if zyg {
			r.background(func() { r.reactor() })
		}
		r.image()
		close(loaded)
	}) {
		p.errorf("python3", "cannot execute: the WebAssembly runtime is closed")
		return StatusCannotExecute
	}
	select {
	case <-loaded:
	case <-ctx.Done():
		st, _ := ctxStatus(ctx)
		return st
	}
	if err := r.pyBase(); err != nil {
		var nf *notInstalledError
		if errors.As(err, &nf) {
			p.errorf("python3", "%v", err)
			return StatusNotFound
		}
		p.errorf("python3", "cannot load python.wasm: %v", err)
		return StatusCannotExecute
	}
	if err := r.checkMinMemory(r.pyMin); err != nil {
		p.errorf("python3", "cannot execute: %v", err)
		return StatusCannotExecute
	}
	args := append([]string{p.name("python3")}, p.Args[min(1, len(p.Args)):]...)
	dir := cleanDir(p.Dir)
	if real, err := p.FS.Realpath(dir); err == nil {
		// getcwd on Linux names the physical directory, whatever the
		// shell's logical $PWD says.
		dir = real
	}
	opts := parsePythonArgs(args[1:])
	argv0 := ""
	if i := 1 + opts.script; opts.script >= 0 && args[i] != "-" && !strings.HasPrefix(args[i], "/") {
		// CPython makes the script path absolute against its cwd while it
		// configures itself, before site runs sitecustomize: give it the
		// path it would compute in dir (unnormalised, as CPython joins),
		// and let sitecustomize put the user's argv[0] back.
		argv0 = args[i]
		args[i] = strings.TrimSuffix(dir, "/") + "/" + args[i]
	}
	if opts.script >= 0 && args[1+opts.script] != "-" {
		if st, failed := scriptMissing(p, args[0], args[1+opts.script]); failed {
			return st
		}
	}
	p.Args = args
	abs := ""
	if argv0 != "" {
		abs = args[1+opts.script]
	}
	closed := ""
	if closedStream(p.Stdout) {
		closed += "1"
	}
	if closedStream(p.Stderr) {
		closed += "2"
	}
	mounts := []mount{{fs: newModeFS(p.FS), at: r.layout.modePath()}}
	if img := r.image(); img != nil {
		mounts = append(mounts, mount{fs: img.stdlib, at: stdlibMount}, mount{fs: siteTree(runData(dir, abs, argv0, p.Umask, closed), img.sitePyc), at: r.layout.sitePath()})
	} else {
		if r.builtStdlib != nil {
			mounts = append(mounts, mount{fs: r.builtStdlib, at: stdlibMount})
		}
		mounts = append(mounts, mount{fs: siteTree(runData(dir, abs, argv0, p.Umask, closed), nil), at: r.layout.sitePath()})
	}
	if zyg {
		if st, ok := r.runZygote(ctx, p, seed, mounts); ok {
			return st
		}
	}
	if snap {
		// The snapshot's mounts are these, in this order (pysnapshot.c).
		if sc := r.snapshot(); sc != nil {
			if err := r.checkMinMemory(r.snapMin); err == nil {
				r.snapRuns.Add(1)
				return r.run(ctx, sc, p, "python3", mounts, false, r.snapMin)
			}
		}
	}
	cm, err := r.python()
	if err != nil {
		p.errorf("python3", "cannot load python.wasm: %v", err)
		return StatusCannotExecute
	}
	return r.run(ctx, cm, p, "python3", mounts, false, r.pyMin)
}

// closedStream reports whether w is a stream the shell closed (>&-),
// whose writes fail with EBADF. The shell's wrappers (command.WriteCheck,
// command.Said) are looked through, so the probe leaves no failure
// recorded in them. Only a stream that reads, writes and closes but does
// not seek is asked, with an empty write: not a file (whose times an
// empty write might touch) and not a pipe's writer (which could block on
// even that until its reader reads).
func closedStream(w io.Writer) bool {
	for range 4 {
		switch u := w.(type) {
		case *command.WriteCheck:
			w = u.W
			continue
		case *command.Said:
			w = u.W
			continue
		}
		break
	}
	if _, ok := w.(io.ReadWriteCloser); !ok {
		return false
	}
	if _, ok := w.(io.Seeker); ok {
		return false
	}
	_, err := w.Write(nil)
	return errors.Is(err, syscall.EBADF)
}

// linuxErrno is what CPython on Linux reports for a script it cannot open;
// inside WASI the same failure would print WASI's numbers ([Errno 44]).
var linuxErrno = map[syscall.Errno]struct {
	n   int
	msg string
}{
	syscall.ENOENT:  {2, "No such file or directory"},
	syscall.ENOTDIR: {20, "Not a directory"},
	syscall.EACCES:  {13, "Permission denied"},
	syscall.ELOOP:   {40, "Too many levels of symbolic links"},
}

// scriptMissing prints CPython's own message, with Linux's errno, when the
// script file cannot be opened, and reports status 2.
func scriptMissing(p Proc, prog, script string) (int, bool) {
	_, err := p.FS.Stat(path.Clean(script))
	var se syscall.Errno
	if err == nil || !errors.As(err, &se) {
		return 0, false
	}
	e, ok := linuxErrno[se]
	if !ok {
		return 0, false
	}
	if p.Stderr != nil {
		fmt.Fprintf(p.Stderr, "%s: can't open file %s: [Errno %d] %s\n", prog, pyRepr(script), e.n, e.msg)
	}
	return 2, true
}

// pyRepr renders s as python's repr of a str does.
func pyRepr(s string) string {
	q := byte('\'')
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		q = '"'
	}
	var b strings.Builder
	b.WriteByte(q)
	for _, r := range s {
		switch {
		case r == '\\' || r == rune(q):
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == utf8.RuneError:
			b.WriteString(`\ufffd`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte(q)
	return b.String()
}

// RunModule runs a WASI preview1 module (bytes starting with "\0asm").
func (r *Runtime) RunModule(ctx context.Context, wasm []byte, p Proc) int {
	if st, done := ctxStatus(ctx); done {
		return st
	}
	// What the module declares it will hold once loaded must fit in the
	// session's budget before anything of it is decoded.
	minPages := declaredMinPages(wasm)
	tables := declaredTableBytes(wasm)
	if err := p.Memory.Fits(int64(minPages)<<16 + tables); err != nil {
		p.errorf("wasm", "cannot execute: it declares %s of initial memory and %s of tables: %v", mib(int64(minPages)<<16), mib(tables), err)
		return StatusCannotExecute
	}
	cm, owned, err := r.compile(ctx, wasm, p.Memory)
	if owned {
		defer cm.Close(context.Background())
	}
	if err != nil {
		if st, done := ctxStatus(ctx); done {
			return st
		}
		p.errorf("wasm", "cannot execute: %s", firstLine(err))
		return StatusCannotExecute
	}
	if err := p.Memory.Reserve(tables); err != nil {
		p.errorf("wasm", "cannot execute: its tables of %s do not fit: %v", mib(tables), err)
		return StatusCannotExecute
	}
	defer p.Memory.Release(tables)
	return r.run(ctx, cm, p, "wasm", nil, true, minPages)
}

// mib is n bytes in MiB, rounded up, for messages.
func mib(n int64) string {
	return fmt.Sprintf("%d MiB", (n+1<<20-1)>>20)
}

// checkMinMemory refuses a module whose initial memory is over the
// configured limit, as wazero did when that was its own limit.
func (r *Runtime) checkMinMemory(pages uint32) error {
	if limit := r.memoryLimitPages(); pages > limit {
		return fmt.Errorf("memory min %d pages (%d MiB) over the guest memory limit of %d pages (%d MiB, --max-guest-memory)", pages, pages>>4, limit, limit>>4)
	}
	return nil
}

// mount is an extra read-only filesystem shown to a guest.
type mount struct {
	fs experimentalsys.FS
	at string
}

// run instantiates cm for p and runs its _start.
//
// sandboxed says cm came from the sandbox: compiled by moduleRuntime,
// with wazero's termination checks whatever Config.Fast says. minPages
// is the initial size of the module's memory, exported or not.
func (r *Runtime) run(ctx context.Context, cm wazero.CompiledModule, p Proc, def string, mounts []mount, sandboxed bool, minPages uint32) int {
	return r.runIn(ctx, cm, p, def, mounts, sandboxed, minPages, nil)
}

// runIn is run, or, with z, runs p in that prepared instance of cm (the
// reactor): it binds p to it and calls its memsh_resume.
func (r *Runtime) runIn(ctx context.Context, cm wazero.CompiledModule, p Proc, def string, mounts []mount, sandboxed bool, minPages uint32, z *zygote) int {
	rt, err := r.runtime()
	fast := r.cfg.Fast
	if sandboxed {
		rt, err, fast = r.modRT, r.modErr, false
	}
	if err != nil {
		p.errorf(def, "cannot start the WebAssembly runtime: %v", err)
		return StatusCannotExecute
	}
	r.mu.Lock()
	closed := r.closed
	r.mu.Unlock()
	if closed {
		p.errorf(def, "cannot execute: the WebAssembly runtime is closed")
		return StatusCannotExecute
	}
	if p.FS == nil {
		p.errorf(def, "no filesystem")
		return StatusCannotExecute
	}
	for _, imp := range cm.ImportedFunctions() {
		if mod, name, _ := imp.Import(); mod != wasi_snapshot_preview1.ModuleName && mod != hostModule {
			p.errorf(def, "cannot execute: unsupported import %s.%s (only %s and %s are provided)", mod, name, wasi_snapshot_preview1.ModuleName, hostModule)
			return StatusCannotExecute
		}
	}
	entry := "_start"
	if z != nil {
		entry = "memsh_resume"
	}
	if _, ok := cm.ExportedFunctions()[entry]; !ok {
		p.errorf(def, "cannot execute: not a WASI command (no _start export)")
		return StatusCannotExecute
	}

	// A job's Ctrl-C reaches a guest that can take it as SIGINT
	// (sigint.go); one that does not take it in time is stopped here.
	intr, _ := ctx.Value(interruptsKey{}).(*Interrupts)
	stop := context.CancelCauseFunc(func(error) {})
	if intr != nil {
		ctx, stop = context.WithCancelCause(ctx)
		defer stop(nil)
	}
	dir := cleanDir(p.Dir)
	st := &runState{fast: fast, scratch: def == "python3" && r.pyMoved, fs: p.FS}
	if z != nil {
		st.scratch, st.late, st.args, st.env = r.reactScratch, true, p.Args, guestEnv(p.Env, "")
	}
	if fast {
		st.slots = r.slots
	}
	ctx = context.WithValue(ctx, runStateKey{}, st)
	owner := &lockOwner{fs: p.FS, table: &r.locks}
	ctx = context.WithValue(ctx, lockOwnerKey{}, owner)
	defer r.locks.release(owner) // a process's locks end with it
	stdout, stderr := io.Writer(io.Discard), io.Writer(io.Discard)
	if p.Stdout != nil {
		stdout = &noteWriter{w: p.Stdout, st: st}
	}
	if p.Stderr != nil {
		stderr = &noteWriter{w: p.Stderr, st: st}
	}
	var stdin io.Reader
	if p.Stdin != nil {
		in := newCtxReader(ctx, p.Stdin, st)
		defer in.Close()
		stdin = in
	}
	gfs := &guestFS{fs: p.FS, st: st, ctx: ctx, stdin: stdin, stdout: stdout, stderr: stderr, umask: p.Umask}
	if z != nil {
		defer z.close()
		if err := z.bind(gfs, mounts, stdin, stdout, stderr, p.FS, p.Memory); err != nil {
			p.errorf(def, "cannot execute: %v", err)
			return StatusCannotExecute
		}
		return r.call(ctx, z.mod, z.mem, p, def, entry, st, intr, stop, fast)
	}
	fsc := wazero.NewFSConfig().(sysfs.FSConfig).WithSysFSMount(gfs, "/")
	for _, m := range mounts {
		fsc = fsc.(sysfs.FSConfig).WithSysFSMount(m.fs, m.at)
	}
	mc := wazero.NewModuleConfig().
		WithName("").
		WithStartFunctions().
		WithArgs(p.Args...).
		WithStdout(stdout).
		WithStderr(stderr).
		WithWalltime(walltime(p.FS), 1).
		WithNanotime(monotonic, 1).
		WithSysNanosleep().
		WithRandSource(rand.Reader).
		WithFSConfig(fsc)
	if stdin != nil {
		mc = mc.WithStdin(stdin)
	}
	pwd := dir
	if def == "python3" {
		pwd = "" // python has its cwd from sitecustomize: its environment is the shell's
	}
	for _, kv := range guestEnv(p.Env, pwd) {
		k, v, _ := strings.Cut(kv, "=")
		mc = mc.WithEnv(k, v)
	}

	// A memory whose minimum is over the limit cannot be allocated (the
	// allocator would refuse it and wazero would panic): every run checks,
	// the stdlib's extraction included, and takes it from the session's
	// budget first.
	for _, m := range cm.ExportedMemories() {
		if err := r.checkMinMemory(m.Min()); err != nil {
			p.errorf(def, "cannot execute: %v", err)
			return StatusCannotExecute
		}
		minPages = max(minPages, m.Min())
	}
	mem := &guestMemory{limit: uint64(r.memoryLimitPages()) << 16, budget: p.Memory}
	defer mem.Free()
	if err := mem.reserveMin(uint64(minPages) << 16); err != nil {
		p.errorf(def, "cannot execute: its initial memory of %d MiB does not fit: %v", minPages>>4, err)
		return StatusCannotExecute
	}
	mod, err := rt.InstantiateModule(experimental.WithMemoryAllocator(ctx, mem), cm, mc)
	if err != nil {
		if st, done := ctxStatus(ctx); done {
			return st
		}
		p.errorf(def, "cannot execute: %s", firstLine(err))
		return StatusCannotExecute
	}
	defer mod.Close(context.Background())
	return r.call(ctx, mod, mem, p, def, entry, st, intr, stop, fast)
}

// call runs entry of mod, an instance made for p, and returns its status.
func (r *Runtime) call(ctx context.Context, mod api.Module, mem *guestMemory, p Proc, def, entry string, st *runState, intr *Interrupts, stop context.CancelCauseFunc, fast bool) int {
	var target *sigint
	if intr != nil {
		// The command running the guest (python3, sqlite3) leaves the
		// signals to it.
		leaveProgram(ctx)
		// A guest without memsh_sigint takes every signal as its
		// default action.
		if target = newSigint(mod, mem, stop); target != nil {
			st.sig = target
		} else {
			target = plainTarget(stop)
		}
		target.own = intr
		intr.add(target)
		defer intr.remove(target)
		defer target.end()
	}
	if fast {
		defer pauseGC()()
		defer watchFast(ctx, mod)()
		if !st.enterGuest(ctx) {
			status, _ := ctxStatus(ctx)
			return status
		}
		defer st.leaveGuest()
	}
	_, err := mod.ExportedFunction(entry).Call(ctx)
	status := exitStatus(ctx, err, func(msg string) { p.errorf(def, "%s", msg) })
	if target != nil && target.diedOfSigint(status) {
		target.endedBySigint()
	}
	if note := mem.limitNote(p.name(def)); status != 0 && note != "" && p.Stderr != nil {
		fmt.Fprintln(p.Stderr, note)
	}
	return status
}

// noteWriter is a guest's stdout or stderr: a reader that went away
// reaches the guest as EPIPE rather than wazero's EIO.
type noteWriter struct {
	w  io.Writer
	st *runState
}

func (w *noteWriter) Write(p []byte) (int, error) {
	if s := w.st.sig; s != nil && s.pending.Load() {
		s.wrote.Store(true)
	}
	n, err := w.w.Write(p)
	if err != nil {
		w.st.note(err)
	}
	return n, err
}

// exitStatus turns the result of _start into a shell status.
func exitStatus(ctx context.Context, err error, report func(string)) int {
	var ee *sys.ExitError
	if errors.As(err, &ee) {
		// wazero's codes for a cancelled ctx (0xffffffff, 0xefffffff) are
		// also what a guest's exit(-1) gives: only the ctx tells them apart.
		if st, done := ctxStatus(ctx); done {
			return st
		}
		return int(ee.ExitCode() & 0xff)
	}
	if st, done := ctxStatus(ctx); done {
		return st
	}
	if err == nil {
		return 0
	}
	report(trapMessage(err))
	return StatusTrap
}

// trapMessage makes a one-line message of a wazero runtime error
// ("wasm error: unreachable\nwasm stack trace: ...").
func trapMessage(err error) string {
	msg := firstLine(err)
	msg = strings.TrimPrefix(msg, "wasm error: ")
	return "trap: " + msg
}

func firstLine(err error) string {
	s := err.Error()
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

// ctxStatus reports the status a finished ctx forces (130 or 124).
func ctxStatus(ctx context.Context) (int, bool) {
	switch err := ctx.Err(); {
	case err == nil:
		return 0, false
	case errors.Is(err, context.DeadlineExceeded):
		return StatusTimeout, true
	default:
		var sig signalCause
		if errors.As(context.Cause(ctx), &sig) {
			return 128 + int(sig), true
		}
		return StatusInterrupted, true
	}
}

// guestEnv drops entries wazero refuses (no "=", empty name, NUL) and,
// unless dir is "", sets PWD to the working directory, which is how Go's
// wasip1 port picks its cwd. Python gets the shell's PWD as exported (the
// logical directory, or none after env -i), as on Linux.
func guestEnv(env []string, dir string) []string {
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		k, _, ok := strings.Cut(kv, "=")
		if !ok || k == "" || (k == "PWD" && dir != "") || strings.IndexByte(kv, 0) >= 0 {
			continue
		}
		out = append(out, kv)
	}
	if dir == "" {
		return out
	}
	return append(out, "PWD="+dir)
}

func cleanDir(dir string) string {
	if dir == "" || dir[0] != '/' {
		return "/"
	}
	return path.Clean(dir)
}

// IsWasm reports whether head starts with the wasm magic "\0asm".
func IsWasm(head []byte) bool {
	return len(head) >= 4 && string(head[:4]) == "\x00asm"
}
