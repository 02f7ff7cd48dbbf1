package pyworker

import (
	"context"
	"crypto/sha256"
	"errors"

	"github.com/tetratelabs/wazero"
)

// Compiled code of the modules a script runs (`./prog.wasm`) never
// reaches the host's disk: any script can write a new module, so an
// on-disk cache keyed by the module's bytes would let it fill the disk
// (300 generated modules made 300 files in seconds). Those modules are
// compiled by a runtime of their own with no compilation cache, and the
// compiled forms are kept in memory by moduleCache, bounded in count and
// in bytes. python.wasm, which memsh ships, keeps the on-disk cache of
// Runtime.runtime.
const (
	// maxModules bounds how many compiled modules are kept.
	maxModules = 16
	// maxModuleBytes bounds the kept modules' total size (of their wasm;
	// compiled code is a small multiple of it). A larger module is
	// compiled for its run and not kept.
	maxModuleBytes = 64 << 20
)

// moduleCache is the sandbox's compiled modules, least recently compiled
// first out.
type moduleCache struct {
	byKey map[[32]byte]cachedModule
	order [][32]byte
	bytes int
}

type cachedModule struct {
	cm   wazero.CompiledModule
	size int
}

// moduleRuntime starts the runtime for the sandbox's modules on first use:
// no compilation cache, and wazero's termination checks on, so that a
// module computing without calling out still stops when its run is
// cancelled (fast mode's stopper is python's).
func (r *Runtime) moduleRuntime() (wazero.Runtime, error) {
	r.modOnce.Do(func() {
		ctx := context.Background()
		rc := wazero.NewRuntimeConfig().
			WithDebugInfoEnabled(false).
			WithCloseOnContextDone(true).
			WithMemoryLimitPages(wasmPages)
		rt := wazero.NewRuntimeWithConfig(ctx, rc)
		if err := instantiateWASI(ctx, rt); err != nil {
			r.modErr = err
			rt.Close(ctx)
			return
		}
		r.modRT = rt
	})
	return r.modRT, r.modErr
}

// compile returns the compiled form of a module from the sandbox, from
// memory when the same bytes ran before. The module's declared sizes are
// checked first (checkModuleLimits). owned says the module is not kept:
// the caller closes it after its run.
func (r *Runtime) compile(ctx context.Context, wasm []byte) (cm wazero.CompiledModule, owned bool, err error) {
	if !IsWasm(wasm) {
		return nil, false, errors.New("not a WebAssembly module (bad magic number)")
	}
	if err := checkModuleLimits(wasm, r.memoryLimitPages()); err != nil {
		return nil, false, err
	}
	rt, err := r.moduleRuntime()
	if err != nil {
		return nil, false, err
	}
	key := sha256.Sum256(wasm)
	r.mu.Lock()
	c, ok := r.modules.byKey[key]
	r.mu.Unlock()
	if ok {
		return c.cm, false, nil
	}
	if cm, err = r.compileModule(ctx, rt, wasm); err != nil {
		return nil, false, err
	}
	if len(wasm) > maxModuleBytes {
		return cm, true, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if old, ok := r.modules.byKey[key]; ok {
		cm.Close(ctx)
		return old.cm, false, nil
	}
	r.modules.add(key, cachedModule{cm: cm, size: len(wasm)})
	return cm, false, nil
}

// add keeps m, evicting the oldest entries past the bounds. Instances
// already running keep their code alive; only the cache's entry goes.
func (c *moduleCache) add(key [32]byte, m cachedModule) {
	if c.byKey == nil {
		c.byKey = map[[32]byte]cachedModule{}
	}
	c.byKey[key] = m
	c.order = append(c.order, key)
	c.bytes += m.size
	for len(c.order) > maxModules || c.bytes > maxModuleBytes {
		old := c.order[0]
		c.order = c.order[1:]
		c.bytes -= c.byKey[old].size
		c.byKey[old].cm.Close(context.Background())
		delete(c.byKey, old)
	}
}
