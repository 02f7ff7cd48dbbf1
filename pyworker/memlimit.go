package pyworker

import (
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/tetratelabs/wazero/experimental"
)

// wasmPages is the wasm32 address space in 64 KiB pages: the runtime's own
// limit. The configured one (Config.MemoryLimitMiB) is enforced by
// guestMemory, which can tell when it refused a guest.
const wasmPages = 65536

// guestMemory backs a guest's linear memory (a wazero MemoryAllocator)
// and enforces the configured limit itself: a memory.grow past it fails,
// as it would at wazero's own limit, and is remembered, so that the run
// can say which limit the guest ran into. CPython only reports a bare
// MemoryError; the note names --max-guest-memory.
type guestMemory struct {
	limit   uint64 // bytes
	refused atomic.Bool
	// mu guards buf against the goroutine that delivers a Ctrl-C
	// (sigint.go), which writes words of guest memory while the guest
	// runs: a memory.grow may move buf.
	mu  sync.Mutex
	buf []byte
}

func (g *guestMemory) Allocate(capBytes, _ uint64) experimental.LinearMemory {
	g.buf = make([]byte, 0, min(capBytes, g.limit))
	return g
}

// Reallocate grows the memory to size bytes. Beyond the current capacity
// it grows as append does; pages past the old length are zero (memory
// never shrinks, so they were never handed out).
func (g *guestMemory) Reallocate(size uint64) []byte {
	g.mu.Lock()
	defer g.mu.Unlock()
	if size > g.limit {
		g.refused.Store(true)
		return nil
	}
	if size <= uint64(cap(g.buf)) {
		g.buf = g.buf[:size]
		return g.buf
	}
	g.buf = append(g.buf[:cap(g.buf)], make([]byte, size-uint64(cap(g.buf)))...)[:size]
	return g.buf
}

func (g *guestMemory) Free() {
	g.mu.Lock()
	g.buf = nil
	g.mu.Unlock()
}

// word runs f on the aligned 32-bit word at guest address a, atomically
// for the host (the guest's own accesses to it are plain wasm loads and
// stores), and reports whether a lies in the memory.
func (g *guestMemory) word(a uint32, f func(*uint32)) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if a%4 != 0 || uint64(a)+4 > uint64(len(g.buf)) {
		return false
	}
	f((*uint32)(unsafe.Pointer(&g.buf[a])))
	return true
}

// limitNote is the line a run prints after a guest that failed once the
// memory limit refused it more memory.
func (g *guestMemory) limitNote(name string) string {
	return fmt.Sprintf("memsh: %s: guest memory limit reached: a program may use at most %d MiB (--max-guest-memory)", name, g.limit>>20)
}

// declaredMinPages is the initial size, in pages, of the memory a module
// defines (0 when it defines none or does not parse): wazero's limit is the
// address space, so a module asking for more than the configured limit
// has to be refused before it is instantiated.
func declaredMinPages(mod []byte) uint32 {
	if len(mod) < 8 || !IsWasm(mod) {
		return 0
	}
	for off := 8; off < len(mod); {
		id := mod[off]
		size, n := uleb32(mod[off+1:])
		if n == 0 || off+1+n+int(size) > len(mod) {
			return 0
		}
		body := mod[off+1+n : off+1+n+int(size)]
		if id == 5 {
			count, k := uleb32(body)
			if k == 0 || count == 0 || k >= len(body) {
				return 0
			}
			pages, m := uleb32(body[k+1:])
			if m == 0 {
				return 0
			}
			return pages
		}
		off += 1 + n + int(size)
	}
	return 0
}
