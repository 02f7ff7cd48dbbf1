package pyworker

import (
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/tetratelabs/wazero/experimental"

	"memsh/shell/command"
)

// wasmPages is the wasm32 address space in 64 KiB pages: the runtime's own
// limit. The configured one (Config.MemoryLimitMiB) is enforced by
// guestMemory, which can tell when it refused a guest.
const wasmPages = 65536

// Why a guestMemory refused to grow.
const (
	refusedNone   = iota
	refusedGuest  // the guest memory limit (--max-guest-memory)
	refusedBudget // the session's memory budget (--max-memory)
)

// guestMemory backs a guest's linear memory (a wazero MemoryAllocator)
// and enforces two limits itself: the configured guest memory limit, and
// the session's memory budget (Proc.Memory), against which the memory's
// capacity is counted while the guest runs. A memory.grow past either
// fails, as it would at wazero's own limit, and is remembered, so that
// the run can say which limit the guest ran into. CPython only reports a
// bare MemoryError; the note names the flag.
//
// The memory's initial size is taken from the budget before the module
// is instantiated (reserveMin), since wazero cannot be told that the
// first allocation failed. Growth beyond the capacity doubles it (within
// the guest limit) when the budget has room for that, and grows to the
// exact size asked for otherwise, so n grows cost O(final size) copying.
// While a larger buffer is filled from the old one, both are live: that
// moment's copy is not counted.
type guestMemory struct {
	limit   uint64 // bytes
	budget  *command.Budget
	charged atomic.Int64 // bytes taken from budget
	refused atomic.Int32 // refusedGuest or refusedBudget, once a grow failed
	// mu guards buf against the goroutine that delivers a Ctrl-C
	// (sigint.go), which writes words of guest memory while the guest
	// runs: a memory.grow may move buf.
	mu  sync.Mutex
	buf []byte
}

// reserveMin takes the memory's initial size from the budget before the
// module is instantiated.
func (g *guestMemory) reserveMin(minBytes uint64) error {
	if err := g.budget.Reserve(int64(minBytes)); err != nil {
		return err
	}
	g.charged.Add(int64(minBytes))
	return nil
}

// Allocate starts the memory empty: Reallocate sizes it.
func (g *guestMemory) Allocate(_, _ uint64) experimental.LinearMemory {
	return g
}

// Reallocate grows the memory to size bytes. Pages past the old length
// are zero (memory never shrinks, so they were never handed out).
func (g *guestMemory) Reallocate(size uint64) []byte {
	g.mu.Lock()
	defer g.mu.Unlock()
	if size > g.limit {
		g.refused.Store(refusedGuest)
		return nil
	}
	if size <= uint64(cap(g.buf)) {
		g.buf = g.buf[:size]
		return g.buf
	}
	newCap := max(size, min(2*uint64(cap(g.buf)), g.limit))
	if !g.charge(newCap) {
		newCap = size
		// The first allocation is the initial size, which reserveMin took
		// already; wazero would panic if it failed.
		if !g.charge(newCap) && g.buf != nil {
			g.refused.Store(refusedBudget)
			return nil
		}
	}
	buf := make([]byte, size, newCap)
	copy(buf, g.buf)
	g.buf = buf
	return g.buf
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

// charge makes sure the budget counts capBytes for this memory.
func (g *guestMemory) charge(capBytes uint64) bool {
	more := int64(capBytes) - g.charged.Load()
	if more <= 0 {
		return true
	}
	if g.budget.Reserve(more) != nil {
		return false
	}
	g.charged.Add(more)
	return true
}

// Free drops the memory and gives its bytes back to the budget. The run
// calls it too (a module whose instantiation failed is never closed):
// the second call gives back nothing.
func (g *guestMemory) Free() {
	g.mu.Lock()
	g.buf = nil
	g.mu.Unlock()
	g.budget.Release(g.charged.Swap(0))
}

// limitNote is the line a run prints after a guest that failed once a
// limit refused it more memory ("" when none did).
func (g *guestMemory) limitNote(name string) string {
	switch g.refused.Load() {
	case refusedGuest:
		return fmt.Sprintf("memsh: %s: guest memory limit reached: a program may use at most %d MiB (--max-guest-memory)", name, g.limit>>20)
	case refusedBudget:
		return fmt.Sprintf("memsh: %s: guest memory: %v", name, &command.MemoryLimitError{Limit: g.budget.Limit()})
	}
	return ""
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
