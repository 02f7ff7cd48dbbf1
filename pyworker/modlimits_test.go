package pyworker

import (
	"bytes"
	"context"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"memsh/memfs"
)

// localsBomb is 42 bytes declaring 0xfffffff0 locals in one function:
// decoded as is, it makes wazero allocate 4 GiB.
var localsBomb = wasmModule(typeVoid, funcOne, exportFn(0),
	section(10, 1, 8, 1, 0xf0, 0xff, 0xff, 0xff, 0x0f, 0x7f, 0x0b))

// TestModuleLimits checks that modules declaring more than they hold or
// more than the limits fail fast, with a message, before wazero decodes
// them.
func TestModuleLimits(t *testing.T) {
	if len(localsBomb) != 42 {
		t.Fatalf("the locals bomb is %d bytes", len(localsBomb))
	}
	tests := []struct {
		name, wasm, want string
	}{
		{"locals", string(localsBomb), "function 0 declares 4294967280 locals, over the limit of 50000"},
		{"locals in groups", string(wasmModule(typeVoid, funcOne, exportFn(0),
			section(10, 1, 9, 2, 0xb0, 0xea, 0x01, 0x7f, 0xb0, 0xea, 0x01, 0x7e, 0x0b))), "function 0 declares 60000 locals, over the limit of 50000"},
		{"vector", string(wasmModule(section(1, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x60))), "section 1 declares 4294967295 entries in 1 bytes"},
		{"params", string(wasmModule(section(1, 1, 0x60, 0xff, 0xff, 0xff, 0xff, 0x0f, 0x7f))), "function type: 4294967295 value types declared in 1 bytes"},
		{"export name", string(wasmModule(typeVoid, funcOne, section(7, 1, 0xff, 0xff, 0xff, 0x7f, 'x'))), "export name of 268435455 bytes declared in 1"},
		{"data", string(wasmModule(section(11, 1, 1, 0xff, 0xff, 0xff, 0xff, 0x0f, 0))), "data segment of 4294967295 bytes declared in 1"},
		{"data count", string(wasmModule(section(12, 0xff, 0xff, 0x3f))), "1048575 data segments, over the limit of 100000"},
		{"element entries", string(wasmModule(typeVoid, funcOne, section(4, 1, 0x70, 0, 1),
			section(9, 1, 0, 0x41, 0, 0x0b, 0xff, 0xff, 0xff, 0xff, 0x0f, 0))), "element segment of 4294967295 entries declared in 1 bytes"},
		{"custom section name", string(wasmModule(section(0, 0xff, 0xff, 0xff, 0xff, 0x0f, 'x'))), "custom section name of 4294967295 bytes declared in 1"},
		{"function names", string(wasmModule(typeVoid, funcOne, exportFn(0), codeNop,
			section(0, 4, 'n', 'a', 'm', 'e', 1, 5, 0xff, 0xff, 0xff, 0xff, 0x0f))), "function names: 4294967295 entries declared in 0 bytes"},
		{"local names", string(wasmModule(typeVoid, funcOne, exportFn(0), codeNop,
			section(0, 4, 'n', 'a', 'm', 'e', 2, 7, 1, 0, 0xff, 0xff, 0xff, 0xff, 0x0f))), "local names: 4294967295 entries declared in 0 bytes"},
		{"table", string(wasmModule(section(4, 1, 0x70, 0, 0xff, 0xff, 0xff, 0xff, 0x0f))), "table of 4294967295 elements, over the limit of 10000000"},
		{"memory", string(wasmModule(section(5, 1, 0, 0x80, 0x80, 0x04))), "memory min 65536 pages (4096 MiB) over the guest memory limit of 1024 pages (64 MiB, --max-guest-memory)"},
	}
	rt := New(Config{MemoryLimitMiB: 64, CacheDir: t.TempDir()})
	defer rt.Close()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var errb bytes.Buffer
			start := time.Now()
			st := rt.RunModule(context.Background(), []byte(tt.wasm), Proc{Args: []string{"m.wasm"}, Dir: "/", FS: memfs.New(memfs.Options{}), Stderr: &errb})
			if st != StatusCannotExecute || !strings.HasPrefix(errb.String(), "m.wasm: cannot execute: ") || !strings.Contains(errb.String(), tt.want) {
				t.Errorf("got %d %q, want 126 and %q", st, errb.String(), tt.want)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
}

// TestModuleCacheInMemory checks that modules from the sandbox leave
// nothing in the on-disk cache, and that the in-memory cache stays
// within its bounds.
func TestModuleCacheInMemory(t *testing.T) {
	dir := t.TempDir()
	rt := New(Config{CacheDir: dir, Fast: true})
	defer rt.Close()
	fsys := memfs.New(memfs.Options{})
	for i := range 3 * maxModules {
		// A custom section makes each module's bytes, and so its key, new.
		wasm := wasmModule(typeVoid, funcOne, exportFn(0), codeNop, section(0, 1, 'x', byte(i)))
		if st := rt.RunModule(context.Background(), wasm, Proc{Args: []string{"m.wasm"}, Dir: "/", FS: fsys}); st != 0 {
			t.Fatalf("module %d: status %d", i, st)
		}
	}
	rt.mu.Lock()
	kept, order := len(rt.modules.byKey), len(rt.modules.order)
	rt.mu.Unlock()
	if kept != maxModules || order != maxModules {
		t.Errorf("%d modules kept (%d in order), want %d", kept, order, maxModules)
	}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			t.Errorf("a sandbox module wrote %s to the host", p)
		}
		return nil
	})
}

// TestModuleBusyLoopStops runs a module that loops without calling out
// or touching memory, under the fast runtime a script uses: a cancelled
// or timed-out run still ends, at once.
func TestModuleBusyLoopStops(t *testing.T) {
	rt := New(Config{Fast: true, CacheDir: t.TempDir()})
	defer rt.Close()
	loop := wasmModule(typeVoid, funcOne, exportFn(0), section(10, 1, 7, 0, 0x03, 0x40, 0x0c, 0x00, 0x0b, 0x0b))
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	done := make(chan int, 1)
	go func() {
		done <- rt.RunModule(ctx, loop, Proc{Args: []string{"loop.wasm"}, Dir: "/", FS: memfs.New(memfs.Options{})})
	}()
	select {
	case st := <-done:
		if st != StatusTimeout {
			t.Errorf("status %d, want %d", st, StatusTimeout)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("stopped after %v", d)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("a busy module ignored its deadline")
	}
}

// TestPythonSmallMemoryLimit runs python under a guest memory limit below
// its initial memory, with a cold stdlib cache: the stdlib's extraction
// and the run both fail with a message instead of a panic.
func TestPythonSmallMemoryLimit(t *testing.T) {
	needPython(t)
	rt := New(Config{MemoryLimitMiB: 5, CacheDir: t.TempDir(), Fast: true})
	defer rt.Close()
	rt.Preload()
	var errb bytes.Buffer
	st := rt.RunPython(context.Background(), Proc{Args: []string{"python3", "-c", "pass"}, Dir: "/", FS: memfs.New(memfs.Options{}), Stderr: &errb})
	if st != StatusCannotExecute || !strings.Contains(errb.String(), "over the guest memory limit of 80 pages (5 MiB, --max-guest-memory)") {
		t.Errorf("got %d %q", st, errb.String())
	}
}
