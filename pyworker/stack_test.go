package pyworker

import (
	"bytes"
	"testing"
)

// stackModule is a stack-first module: one memory of min pages, global 0
// the stack pointer at sp, one data segment at data.
func stackModule(min byte, sp, data []byte) []byte {
	glob := append([]byte{1, 0x7f, 1, 0x41}, sp...)
	glob = append(glob, 0x0b)
	seg := append([]byte{1, 0, 0x41}, data...)
	seg = append(seg, 0x0b, 1, 'x')
	return wasmModule(typeVoid, funcOne, section(5, 1, 0, min), section(6, glob...), exportFn(0), codeNop, section(11, seg...))
}

func TestMoveStack(t *testing.T) {
	// 2 pages, stack pointer at 65536 (0x80 0x80 0x04), data at 65536.
	mod := stackModule(2, []byte{0x80, 0x80, 0x04}, []byte{0x80, 0x80, 0x04})
	got, ok := moveStack(mod, 3, 1000)
	if !ok {
		t.Fatal("stack-first module not moved")
	}
	want := stackModule(5, []byte{0x80, 0x80, 0x14}, []byte{0x80, 0x80, 0x04}) // 5 pages; sp 327680
	if !bytes.Equal(got, want) {
		t.Errorf("moved module\n%x\nwant\n%x", got, want)
	}
	// A limit too tight keeps the stack where it was linked.
	if _, ok := moveStack(mod, 3, 2+minHeapPages+minStackPages-1); ok {
		t.Error("moved under a limit leaving no heap")
	}
	// Data below the stack (a data-first layout) is not touched.
	low := stackModule(2, []byte{0x80, 0x80, 0x04}, []byte{0x80, 0x08})
	if got, ok := moveStack(low, 3, 1000); ok || !bytes.Equal(got, low) {
		t.Error("data-first module moved")
	}
	if got, ok := moveStack([]byte("\x00asm\x01\x00\x00\x00\x05\x09"), 3, 1000); ok || len(got) != 10 {
		t.Error("truncated module moved")
	}
}

// C-level recursion (through lru_cache's wrapper, or a generator that
// max() consumes) trapped at a depth of about 70 on python's linked 512
// KiB stack; CPython on Linux goes on to RecursionError.
func TestPythonCStackDepth(t *testing.T) {
	r := py(t, newFS(t), "/", "", "-c", `
import functools, sys
@functools.lru_cache(None)
def fib(n): return n if n < 2 else fib(n-1) + fib(n-2)
print(fib(150))
def depth(n): return 0 if n == 0 else 1 + max(depth(n-1) for _ in (1,))
print(depth(120))
try:
    fib.cache_clear(); fib(5000)
except RecursionError as e:
    print('RecursionError')`)
	if r.status != 0 || r.stdout != "9969216677189303386214405760200\n120\nRecursionError\n" {
		t.Errorf("%+v", r)
	}
}
