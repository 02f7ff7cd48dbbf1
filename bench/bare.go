package main

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"

	"memsh/pyworker"
)

// bareHarness runs writeBench with the same python.wasm in a bare wazero
// harness: no memsh, the guest's /tmp a directory on the host's tmpfs
// through wazero's own sysfs, guests without termination checks (as
// script mode runs them). It is the yardstick for memsh's write path from
// a guest's fd_write to memfs. For a CPython of memsh's own build the
// stdlib zip is unpacked into a host directory mounted at /usr/local/lib;
// the npm build carries its stdlib in the module.
type bareHarness struct {
	tmp   string
	where string
	rt    wazero.Runtime
	cm    wazero.CompiledModule
	fsc   wazero.FSConfig
}

// newBare compiles python.wasm and prepares the host directories.
func newBare() (*bareHarness, error) {
	wasmPath, err := pyworker.FindPython("")
	if err != nil {
		return nil, err
	}
	wasm, err := os.ReadFile(wasmPath)
	if err != nil {
		return nil, err
	}
	dir := "/dev/shm"
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		dir = os.TempDir()
	}
	tmp, err := os.MkdirTemp(dir, "memsh-bare-")
	if err != nil {
		return nil, err
	}
	h := &bareHarness{tmp: tmp, where: "wazero " + dir}
	work := filepath.Join(tmp, "w")
	lib := filepath.Join(tmp, "lib")
	if err := os.MkdirAll(work, 0o755); err != nil {
		h.close()
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(work, "wbench.py"), []byte(writeBench), 0o644); err != nil {
		h.close()
		return nil, err
	}
	h.fsc = wazero.NewFSConfig().WithDirMount(work, "/tmp")
	if ok, err := unpackStdlib(filepath.Join(filepath.Dir(wasmPath), pyworker.StdlibZipName), lib); err != nil {
		h.close()
		return nil, err
	} else if ok {
		h.fsc = h.fsc.WithDirMount(lib, "/usr/local/lib")
	}

	ctx := context.Background()
	rc := wazero.NewRuntimeConfig().WithDebugInfoEnabled(false)
	if d, err := os.UserCacheDir(); err == nil {
		// The bench's own cache directory: wazero keys entries by module
		// and configuration, so memsh's cache is not disturbed.
		if c, err := wazero.NewCompilationCacheWithDir(filepath.Join(d, "memsh", "bench", "wazero")); err == nil {
			rc = rc.WithCompilationCache(c)
		}
	}
	h.rt = wazero.NewRuntimeWithConfig(ctx, rc)
	wasi_snapshot_preview1.MustInstantiate(ctx, h.rt)
	if h.cm, err = h.rt.CompileModule(ctx, wasm); err != nil {
		h.close()
		return nil, err
	}
	return h, nil
}

// run runs writeBench once and returns its results.
func (h *bareHarness) run() (map[string]float64, error) {
	var out, errb bytes.Buffer
	mc := wazero.NewModuleConfig().WithArgs("python3", "/tmp/wbench.py", "/tmp").
		WithStdout(&out).WithStderr(&errb).WithSysWalltime().WithSysNanotime().
		WithFSConfig(h.fsc).WithName("")
	mod, err := h.rt.InstantiateModule(context.Background(), h.cm, mc)
	if err != nil && !strings.Contains(err.Error(), "exit_code(0)") {
		return nil, fmt.Errorf("bare wazero: %v: %s", err, errb.String())
	}
	if mod != nil {
		mod.Close(context.Background())
	}
	return results(out.String()), nil
}

func (h *bareHarness) close() {
	if h.rt != nil {
		h.rt.Close(context.Background())
	}
	os.RemoveAll(h.tmp)
}

// unpackStdlib unpacks the stdlib zip at zipPath into dir/python3.X; false
// when there is no such zip (the npm build).
func unpackStdlib(zipPath, dir string) (bool, error) {
	zr, err := zip.OpenReader(zipPath)
	if os.IsNotExist(err) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer zr.Close()
	lib, _ := strings.CutPrefix(zr.Comment, "memsh-stdlib ")
	for _, f := range zr.File {
		p := filepath.Join(dir, lib, filepath.FromSlash(f.Name))
		if f.FileInfo().IsDir() {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return false, err
		}
		rc, err := f.Open()
		if err != nil {
			return false, err
		}
		w, err := os.Create(p)
		if err == nil {
			_, err = io.Copy(w, rc)
			err = errors.Join(err, w.Close())
		}
		rc.Close()
		if err != nil {
			return false, err
		}
	}
	return true, nil
}
