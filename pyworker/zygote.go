package pyworker

import (
	"cmp"
	"context"
	"crypto/rand"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"github.com/tetratelabs/wazero/experimental/sysfs"
	"github.com/tetratelabs/wazero/sys"

	"memsh/memfs"
	"memsh/shell/command"
)

// ReactorName is CPython built as a WASI reactor (scripts/build-python.sh,
// scripts/wasi/pysnapshot.c), looked for beside python.wasm: the module
// python-snap.wasm was made from, with memsh_prepare and memsh_resume.
const ReactorName = "python-reactor.wasm"

// zygoteIdle is how long a prepared instance waits for a run before it
// is dropped and its memory freed.
const zygoteIdle = 20 * time.Second

// A zygote is an instance of the reactor started ahead of a run: CPython
// initialised (memsh_prepare) with the hash seed the run needs, its
// arguments, environment, stdio, filesystems and clock not yet bound.
// The run binds them (bind) and calls memsh_resume, which applies them
// as the snapshot's _start does. One instance serves one run: nothing of
// a run is left for the next, which gets an instance of its own.
//
// This is what lets a default run, whose hash seed must be fresh, skip
// CPython's initialisation: the snapshot (snapshot.go) has one seed, 0,
// and a secret cannot be changed once strings and dicts hold hashes made
// with it, so the instance is initialised with a fresh seed before the
// run asks for it.
type zygote struct {
	mod  api.Module
	mem  *guestMemory
	seed string // "" for a seed from random_get, else PYTHONHASHSEED
	late *lateBinding
}

// close frees the instance and its memory.
func (z *zygote) close() {
	z.mod.Close(context.Background())
	z.mem.Free()
}

// lateBinding is what a zygote's WASI configuration points at, filled
// in by the run that takes it. Until then its filesystems are empty
// directories and its stdio is empty; CPython's initialisation needs
// neither.
type lateBinding struct {
	mounts         map[string]*lateFS // by guest path: "/", the mode and site mounts
	stdin          lateReader
	stdout, stderr lateWriter
	clock          *memfs.FS // the run's CLOCK_REALTIME (walltime); nil: the host's
}

func (b *lateBinding) walltime() (int64, int32) {
	t := time.Now()
	if b.clock != nil {
		t = b.clock.Now()
	}
	ns := t.UnixNano()
	return ns / 1e9, int32(ns % 1e9)
}

// zygotePool holds the Runtime's one prepared instance.
type zygotePool struct {
	mu        sync.Mutex
	idle      *zygote
	timer     *time.Timer   // drops idle after zygoteIdle
	preparing chan struct{} // closed when the instance under way is ready
	prepSeed  string        // the seed of the one under way
	ctx       context.Context
	cancel    context.CancelFunc // stops a preparation when the Runtime closes
	stopped   bool
	idleFor   time.Duration // 0: zygoteIdle
	ahead     atomic.Int64  // runs given an instance prepared ahead
}

// context is the one preparations run under; ok is false once the pool
// is stopped.
func (p *zygotePool) context() (context.Context, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped {
		return nil, false
	}
	if p.ctx == nil {
		p.ctx, p.cancel = context.WithCancel(context.Background())
	}
	return p.ctx, true
}

// stop cancels a preparation under way and refuses new ones.
func (p *zygotePool) stop() {
	p.mu.Lock()
	p.stopped = true
	if p.cancel != nil {
		p.cancel()
	}
	p.mu.Unlock()
}

// runZygote runs p, whose arguments and environment ask for seed
// (zygoteSeed), in a prepared instance: the idle one, or one made now
// when there is none for seed. The next is prepared in the background.
// It reports false, having run nothing, when the reactor is not
// installed or no instance can be made (p then starts another way).
func (r *Runtime) runZygote(ctx context.Context, p Proc, seed string, mounts []mount) (int, bool) {
	cm := r.reactor()
	if cm == nil {
		return 0, false
	}
	var stdlib experimentalsys.FS
	for _, m := range mounts {
		if m.at == stdlibMount {
			stdlib = m.fs
		}
	}
	if stdlib == nil {
		return 0, false
	}
	z := r.zygotes.take(ctx, seed)
	if st, done := ctxStatus(ctx); done {
		if z != nil {
			z.close()
		}
		return st, true
	}
	if z == nil {
		var err error
		if z, err = r.newZygote(ctx, cm, seed, stdlib, p.Memory); err != nil {
			if st, done := ctxStatus(ctx); done {
				return st, true
			}
			return 0, false
		}
	}
	r.zygoteRuns.Add(1)
	// The next run's instance is made once this one ends: made while it
	// runs, it took the CPU from it (on 2 busy cores a run ahead took
	// 36 ms rather than 7; docs/performance.md).
	st := r.runIn(ctx, cm, p, "python3", mounts, false, r.reactMin, z)
	r.prepareZygote(cm, seed, stdlib, p.Memory)
	return st, true
}

// take returns the idle instance when it has seed, waiting for one with
// seed being prepared (ctx permitting); nil when there is none.
func (p *zygotePool) take(ctx context.Context, seed string) *zygote {
	p.mu.Lock()
	if ch := p.preparing; ch != nil && p.prepSeed == seed {
		p.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return nil
		}
		p.mu.Lock()
	}
	defer p.mu.Unlock()
	z := p.idle
	if z == nil || z.seed != seed {
		return nil
	}
	p.idle = nil
	p.timer.Stop()
	p.ahead.Add(1)
	return z
}

// drop frees the idle instance.
func (p *zygotePool) drop() {
	p.mu.Lock()
	z := p.idle
	p.idle = nil
	if p.timer != nil {
		p.timer.Stop()
	}
	p.mu.Unlock()
	if z != nil {
		z.close()
	}
}

// reactor compiles python-reactor.wasm once per Runtime; nil when there
// is none beside python.wasm (or no stdlib zip: the npm build), when
// Config.NoSnapshot says so, or when it does not load.
func (r *Runtime) reactor() wazero.CompiledModule {
	r.reactorOnce.Do(func() {
		p, rt, ok := r.besidePython(ReactorName)
		if !ok {
			return
		}
		r.reactWanted.Store(true)
		b, err := readModule(p)
		if err != nil {
			return
		}
		// Linked as python.wasm is: moveStack leaves it as it is and says
		// whether the deep end of its stack is free for rewritten paths.
		b, scratch := moveStack(b, pythonStackPages, r.memoryLimitPages())
		pages := declaredMinPages(b)
		cm, err := r.compileModule(context.Background(), rt, b)
		if err != nil {
			return
		}
		fns := cm.ExportedFunctions()
		if fns["memsh_prepare"] == nil || fns["memsh_resume"] == nil {
			cm.Close(context.Background())
			return
		}
		r.react, r.reactMin, r.reactScratch = cm, pages, scratch
	})
	return r.react
}

// prepareFirst makes an instance of the loaded reactor for a default
// run (a fresh hash seed), as a run's end does for the next one: the
// first python3 of a process then finds it made, or being made, rather
// than making it after the reactor's load (an interactive shell's first
// python3 costs what a warm one does). Its memory counts against no
// session's budget until a run takes it.
func (r *Runtime) prepareFirst() {
	cm, img := r.reactor(), r.image()
	if cm == nil || img == nil || img.stdlib == nil {
		return
	}
	r.prepareZygote(cm, "", img.stdlib, nil)
}

// zygoteForSnapshot reports whether a run the snapshot could serve
// (PYTHONHASHSEED=0) is to take a zygote with seed 0 instead: when the
// snapshot is not loaded and the reactor is (or is being loaded, by
// Preload or a default run). Loading the snapshot too cost the first
// such run of a process a second module's load, about 100 ms of CPU
// (docs/performance.md); a zygote serves the run as well, and only
// waiting for the next instance makes it slower than the snapshot back
// to back. So the second such run loads the snapshot in the background
// for the ones after it, and a process with one such run never loads it.
func (r *Runtime) zygoteForSnapshot() bool {
	if r.snapLoaded.Load() || !r.reactWanted.Load() {
		return false
	}
	if r.snapDeferred.Add(1) == 2 {
		r.background(func() { r.snapshot() })
	}
	return true
}

// zygoteSeed is the hash seed a run with these arguments (after the
// program name) and environment needs, and whether a zygote can serve
// it: its options and PYTHON* variables are those memsh_resume applies
// (resumable), and its PYTHONHASHSEED, if it counts, is "random" or a
// number CPython takes. "" stands for a fresh seed.
func zygoteSeed(args, env []string) (string, bool) {
	seed, ok := resumable(args, env)
	if !ok {
		return "", false
	}
	switch seed {
	case "", "random":
		return "", true
	}
	n, err := strconv.ParseUint(seed, 10, 32)
	if err != nil || seed[0] == '+' {
		return "", false // CPython's own message, from a start from scratch
	}
	return strconv.FormatUint(n, 10), true
}

// newZygote instantiates the reactor and initialises CPython in it with
// seed, its memory counted against budget. stdlib is the filesystem of
// the stdlib mount, as RunPython gives it.
func (r *Runtime) newZygote(ctx context.Context, cm wazero.CompiledModule, seed string, stdlib experimentalsys.FS, budget *command.Budget) (*zygote, error) {
	rt, err := r.runtime()
	if err != nil {
		return nil, err
	}
	if err := r.checkMinMemory(r.reactMin); err != nil {
		return nil, err
	}
	b := &lateBinding{mounts: map[string]*lateFS{}}
	fsc := wazero.NewFSConfig()
	// The mounts in RunPython's order, which the snapshot's checks too.
	for _, at := range []string{"/", r.layout.modePath(), stdlibMount, r.layout.sitePath()} {
		var m experimentalsys.FS = stdlib
		if at != stdlibMount {
			l := newLateFS()
			b.mounts[at] = l
			m = l
		}
		fsc = fsc.(sysfs.FSConfig).WithSysFSMount(m, at)
	}
	mc := wazero.NewModuleConfig().
		WithName("").
		WithStartFunctions().
		WithArgs("python3").
		WithStdin(&b.stdin).
		WithStdout(&b.stdout).
		WithStderr(&b.stderr).
		WithWalltime(b.walltime, 1).
		WithNanotime(monotonic, 1).
		WithSysNanosleep().
		WithRandSource(rand.Reader).
		WithFSConfig(fsc)
	mem := &guestMemory{limit: uint64(r.memoryLimitPages()) << 16, budget: budget}
	if err := mem.reserveMin(uint64(r.reactMin) << 16); err != nil {
		return nil, fmt.Errorf("its initial memory of %d MiB does not fit: %w", r.reactMin>>4, err)
	}
	mod, err := rt.InstantiateModule(experimental.WithMemoryAllocator(context.Background(), mem), cm, mc)
	if err != nil {
		mem.Free()
		return nil, err
	}
	z := &zygote{mod: mod, mem: mem, seed: seed, late: b}
	use, n := uint64(0), uint64(0)
	if seed != "" {
		use = 1
		n, _ = strconv.ParseUint(seed, 10, 32)
	}
	if r.cfg.Fast {
		defer pauseGC()()
		defer watchFast(ctx, mod)()
		// CPython's initialisation is guest code a fast runtime cannot
		// preempt: it takes a slot as a run does (fastslots.go), or
		// busy guests and instances being made could hold every P.
		if r.slots != nil {
			select {
			case r.slots <- struct{}{}:
				defer func() { <-r.slots }()
			case <-ctx.Done():
				z.close()
				return nil, ctx.Err()
			}
		}
	}
	if init := mod.ExportedFunction("_initialize"); init != nil {
		// A reactor's constructors (wasi-libc's preopened directories
		// among them), as Wizer calls them before memsh_preinit.
		if _, err := init.Call(ctx); err != nil {
			z.close()
			return nil, fmt.Errorf("preparing python: %s", firstLine(err))
		}
	}
	if _, err := mod.ExportedFunction("memsh_prepare").Call(ctx, use, n); err != nil {
		z.close()
		return nil, fmt.Errorf("preparing python: %s", firstLine(err))
	}
	return z, nil
}

// prepareZygote makes the next run's instance in the background, unless
// one with seed is idle or one is under way. Its memory counts against
// budget, the session whose run it follows, until a run takes it.
func (r *Runtime) prepareZygote(cm wazero.CompiledModule, seed string, stdlib experimentalsys.FS, budget *command.Budget) {
	p := &r.zygotes
	p.mu.Lock()
	if p.preparing != nil || (p.idle != nil && p.idle.seed == seed) {
		p.mu.Unlock()
		return
	}
	ch := make(chan struct{})
	p.preparing, p.prepSeed = ch, seed
	p.mu.Unlock()
	done := func(z *zygote) {
		p.mu.Lock()
		old := p.idle
		if z != nil {
			p.idle = z
			idle := cmp.Or(p.idleFor, zygoteIdle)
			if p.timer == nil {
				p.timer = time.AfterFunc(idle, p.drop)
			} else {
				p.timer.Reset(idle)
			}
		}
		p.preparing = nil
		close(ch)
		p.mu.Unlock()
		if old != nil && z != nil {
			old.close()
		}
	}
	ctx, ok := p.context()
	if !ok || !r.background(func() {
		z, err := r.newZygote(ctx, cm, seed, stdlib, budget)
		if err != nil {
			done(nil)
			return
		}
		p.mu.Lock()
		stopped := p.stopped
		p.mu.Unlock()
		if stopped {
			z.close()
			z = nil
		}
		done(z)
	}) {
		done(nil)
	}
}

// bind gives the instance to the run: its filesystems (by guest path,
// which must be the instance's), stdio, clock and memory budget.
func (z *zygote) bind(root experimentalsys.FS, mounts []mount, stdin io.Reader, stdout, stderr io.Writer, clock *memfs.FS, budget *command.Budget) error {
	b := z.late
	if err := b.mounts["/"].bind(root); err != nil {
		return err
	}
	for _, m := range mounts {
		if l := b.mounts[m.at]; l != nil {
			if err := l.bind(m.fs); err != nil {
				return err
			}
		} else if m.at != stdlibMount {
			return fmt.Errorf("mount %s is not the prepared instance's", m.at)
		}
	}
	b.stdin.r, b.stdout.w, b.stderr.w, b.clock = stdin, stdout, stderr, clock
	if err := z.mem.adopt(budget); err != nil {
		return fmt.Errorf("its memory of %d MiB does not fit: %w", z.mem.charged.Load()>>20, err)
	}
	return nil
}

// adopt moves the memory held so far to budget, which then bounds the
// rest: a prepared instance's memory counts against the session whose
// run it followed until a run, maybe another session's, takes it.
func (g *guestMemory) adopt(budget *command.Budget) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.budget == budget {
		return nil
	}
	n := g.charged.Load()
	if err := budget.Reserve(n); err != nil {
		return err
	}
	g.budget.Release(n)
	g.budget = budget
	return nil
}

// lateReader is a zygote's stdin: the run's, once bound; empty before.
type lateReader struct{ r io.Reader }

func (l *lateReader) Read(p []byte) (int, error) {
	if l.r == nil {
		return 0, io.EOF
	}
	return l.r.Read(p)
}

// lateWriter is a zygote's stdout or stderr: the run's, once bound;
// discarded before.
type lateWriter struct{ w io.Writer }

func (l *lateWriter) Write(p []byte) (int, error) {
	if l.w == nil {
		return len(p), nil
	}
	return l.w.Write(p)
}

// lateFS is a zygote's mount: the run's filesystem once bound, an empty
// read-only directory before (wazero's preopened directory must be a
// directory, or wasi-libc sees no mount at all).
type lateFS struct {
	fs    experimentalsys.FS
	dirs  []*lateDir // its root, opened before it was bound
	bound bool
}

var _ experimentalsys.FS = (*lateFS)(nil)

func newLateFS() *lateFS {
	empty := newROFS(0)
	empty.seal()
	return &lateFS{fs: empty}
}

// bind makes fsys the mount's filesystem; a root directory opened
// before (wazero opens a preopened directory on first use) is opened
// again in it.
func (l *lateFS) bind(fsys experimentalsys.FS) error {
	l.fs, l.bound = fsys, true
	for _, d := range l.dirs {
		f, errno := fsys.OpenFile(".", experimentalsys.O_RDONLY, 0)
		if errno != 0 {
			return fmt.Errorf("opening a mount's root: %w", errno)
		}
		d.File.Close()
		d.File = f
	}
	l.dirs = nil
	return nil
}

// lateDir is a mount's root opened before the run's filesystem was bound.
type lateDir struct{ experimentalsys.File }

func (l *lateFS) OpenFile(p string, flag experimentalsys.Oflag, perm fs.FileMode) (experimentalsys.File, experimentalsys.Errno) {
	f, errno := l.fs.OpenFile(p, flag, perm)
	if errno != 0 || l.bound || p != "." {
		return f, errno
	}
	d := &lateDir{f}
	l.dirs = append(l.dirs, d)
	return d, 0
}

func (l *lateFS) Lstat(p string) (sys.Stat_t, experimentalsys.Errno) { return l.fs.Lstat(p) }
func (l *lateFS) Stat(p string) (sys.Stat_t, experimentalsys.Errno)  { return l.fs.Stat(p) }
func (l *lateFS) Mkdir(p string, perm fs.FileMode) experimentalsys.Errno {
	return l.fs.Mkdir(p, perm)
}
func (l *lateFS) Chmod(p string, perm fs.FileMode) experimentalsys.Errno {
	return l.fs.Chmod(p, perm)
}
func (l *lateFS) Rename(from, to string) experimentalsys.Errno { return l.fs.Rename(from, to) }
func (l *lateFS) Rmdir(p string) experimentalsys.Errno         { return l.fs.Rmdir(p) }
func (l *lateFS) Unlink(p string) experimentalsys.Errno        { return l.fs.Unlink(p) }
func (l *lateFS) Link(oldPath, newPath string) experimentalsys.Errno {
	return l.fs.Link(oldPath, newPath)
}
func (l *lateFS) Symlink(oldPath, linkName string) experimentalsys.Errno {
	return l.fs.Symlink(oldPath, linkName)
}
func (l *lateFS) Readlink(p string) (string, experimentalsys.Errno) { return l.fs.Readlink(p) }
func (l *lateFS) Utimens(p string, atim, mtim int64) experimentalsys.Errno {
	return l.fs.Utimens(p, atim, mtim)
}

// lateArgs replaces wazero's args_* and environ_* calls for a run that
// took a zygote: its arguments and environment are the run's (runState),
// not the ones the instance was made with. Other runs are unchanged.
func lateArgs(name string, orig api.GoModuleFunction) api.GoModuleFunction {
	var pick func(st *runState) []string
	switch name {
	case "args_get", "args_sizes_get":
		pick = func(st *runState) []string { return st.args }
	case "environ_get", "environ_sizes_get":
		pick = func(st *runState) []string { return st.env }
	default:
		return orig
	}
	sizes := name == "args_sizes_get" || name == "environ_sizes_get"
	return api.GoModuleFunc(func(ctx context.Context, mod api.Module, stack []uint64) {
		st, _ := ctx.Value(runStateKey{}).(*runState)
		if st == nil || !st.late {
			orig.Call(ctx, mod, stack)
			return
		}
		list := pick(st)
		mem := mod.Memory()
		if sizes {
			total := 0
			for _, s := range list {
				total += len(s) + 1
			}
			if !mem.WriteUint32Le(uint32(stack[0]), uint32(len(list))) || !mem.WriteUint32Le(uint32(stack[1]), uint32(total)) {
				stack[0] = wasiErrnoFault
				return
			}
			stack[0] = wasiErrnoSuccess
			return
		}
		ptrs, buf := uint32(stack[0]), uint32(stack[1])
		at := buf
		for i, s := range list {
			if !mem.WriteUint32Le(ptrs+uint32(4*i), at) || !mem.WriteString(at, s) || !mem.WriteByte(at+uint32(len(s)), 0) {
				stack[0] = wasiErrnoFault
				return
			}
			at += uint32(len(s)) + 1
		}
		stack[0] = wasiErrnoSuccess
	})
}

// wasiErrnoFault is WASI preview1's EFAULT.
const wasiErrnoFault = 21
