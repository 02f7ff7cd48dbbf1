package pyworker

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	"github.com/tetratelabs/wazero"
)

// SnapshotName is the pre-initialised python (scripts/build-python.sh,
// scripts/wasi/pysnapshot.c) looked for beside python.wasm.
const SnapshotName = "python-snap.wasm"

// snapshotSeed is the PYTHONHASHSEED the snapshot was made with: every
// string hashed and every dict built while CPython started holds hashes
// made with it, so it serves only runs asking for that seed.
const snapshotSeed = "0"

// snapshotEnv are the PYTHON* variables a resumed snapshot applies as a
// start would (pysnapshot.c re-reads the configuration: sys.path,
// sys.flags, stdio, warnings, site). Any other one (PYTHONOPTIMIZE,
// PYTHONUTF8, PYTHONDEVMODE, PYTHONHOME, ...) acts while CPython starts,
// so such a run starts from scratch.
var snapshotEnv = map[string]bool{
	"PYTHONHASHSEED": true, "PYTHONPATH": true, "PYTHONSAFEPATH": true,
	"PYTHONDONTWRITEBYTECODE": true, "PYTHONUNBUFFERED": true, "PYTHONWARNINGS": true,
	"PYTHONNOUSERSITE": true, "PYTHONUSERBASE": true, "PYTHONSTARTUP": true,
	"PYTHONINSPECT": true, "PYTHONIOENCODING": true, "PYTHONINTMAXSTRDIGITS": true,
	"PYTHONPYCACHEPREFIX": true,
}

// snapshotServes reports whether a run with these arguments (after the
// program name) and environment can resume the snapshot: it can be
// resumed at all (resumable) and its PYTHONHASHSEED is the snapshot's
// (so not -E or -I, which ignore it). Every other run starts from a
// zygote (zygote.go) or python.wasm from scratch.
func snapshotServes(args, env []string) bool {
	seed, ok := resumable(args, env)
	return ok && seed == snapshotSeed
}

// resumable reports whether a run with these arguments (after the
// program name) and environment can be served by resuming a
// pre-initialised CPython (memsh_resume, in the snapshot or a zygote),
// and its PYTHONHASHSEED ("" when unset, or ignored under -E or -I).
// Its options must be among -S -s -u -q -i -B -P -E -I -W, then -c CMD,
// -m MOD, - or FILE, and, unless -E or -I, every PYTHON* variable one
// the resume applies. Everything else (-X, -O, -v, -b, -d, -R, -x, long
// options, PYTHONOPTIMIZE, ...) acts while CPython starts, and starts
// python.wasm from scratch.
func resumable(args, env []string) (string, bool) {
	ignoreEnv := false
options:
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-" || !strings.HasPrefix(a, "-") {
			break
		}
		if strings.HasPrefix(a, "--") {
			return "", false
		}
		for j := 1; j < len(a); j++ {
			switch a[j] {
			case 'S', 's', 'u', 'q', 'i', 'B', 'P':
			case 'E', 'I':
				ignoreEnv = true
			case 'c', 'm':
				if j == len(a)-1 && i+1 == len(args) {
					return "", false
				}
				break options
			case 'W':
				if j == len(a)-1 {
					i++
				}
				j = len(a)
			default:
				return "", false
			}
		}
	}
	if ignoreEnv {
		return "", true
	}
	seed, found := "", false
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(k, "PYTHON") {
			continue
		}
		if !snapshotEnv[k] {
			return "", false
		}
		if k == "PYTHONHASHSEED" && !found {
			seed, found = v, true // getenv's: the first wins
		}
	}
	return seed, true
}

// besidePython is the path of name, a module of memsh's CPython build
// beside python.wasm, and the runtime to compile it in: not when
// Config.NoSnapshot says so, when the file is missing, or when memsh's
// stdlib zip is (the npm build has neither).
func (r *Runtime) besidePython(name string) (string, wazero.Runtime, bool) {
	if r.cfg.NoSnapshot {
		return "", nil, false
	}
	py, err := FindPython(r.cfg.PythonWasm)
	if err != nil {
		return "", nil, false
	}
	dir := filepath.Dir(py)
	p := filepath.Join(dir, name)
	if _, err := os.Stat(p); err != nil {
		return "", nil, false
	}
	if _, err := os.Stat(filepath.Join(dir, StdlibZipName)); err != nil {
		return "", nil, false
	}
	rt, err := r.runtime()
	if err != nil {
		return "", nil, false
	}
	return p, rt, true
}

// snapshot compiles python-snap.wasm once per Runtime; nil when there is
// none beside python.wasm (with memsh's stdlib zip: the npm build has
// none), when Config.NoSnapshot says so, or when it does not load. It
// does not wait for python.wasm, so the first run of a process can load
// both at once.
func (r *Runtime) snapshot() wazero.CompiledModule {
	r.snapOnce.Do(func() {
		p, rt, ok := r.besidePython(SnapshotName)
		if !ok {
			return
		}
		b, err := readModule(p)
		if err != nil {
			return
		}
		pages := declaredMinPages(b)
		cm, err := rt.CompileModule(context.Background(), b)
		if err != nil {
			return
		}
		if _, ok := cm.ExportedFunctions()["_start"]; !ok {
			cm.Close(context.Background())
			return
		}
		r.snap, r.snapMin = cm, pages
		r.snapLoaded.Store(true)
	})
	return r.snap
}
