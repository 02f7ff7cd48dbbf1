package pyworker

import "encoding/binary"

// pythonStackPages is the size, in 64 KiB pages, of the C stack memsh
// gives python.wasm in place of its linked 512 KiB.
//
// The build is linked stack-first (the stack is the bottom 512 KiB of
// linear memory, growing down to address 0) and compiled with -O0, so
// each C-level recursion costs it 7-9 KiB of stack: a recursion through
// C code (a function under functools.lru_cache, a generator consumed by
// max() or sum(), a __getattr__ or __repr__ that recurses) trapped with
// "out of bounds memory access" at a depth of about 70, where CPython on
// Linux goes on to its recursion limit. CPython's own guard for C
// recursion (Py_C_RECURSION_LIMIT, 500 levels in this build) stops such a
// recursion with RecursionError; the deepest measured (getattr, map, sum
// over a generator, eval recursing) used about 2.1 MiB of stack by then.
// 8 MiB is Linux's default stack. It costs each run 8 MiB more of linear
// memory, untouched unless used.
const pythonStackPages = 128

// minStackPages is the smallest stack worth moving to (4 MiB, about twice
// the deepest guarded recursion measured): a moved stack that overflows
// overwrites the heap, where the linked one traps, so under a memory
// limit too tight for it python keeps its linked stack.
const minStackPages = 64

// minHeapPages is what a moved stack leaves the heap to grow into, at
// least (4 MiB), under a tight memory limit.
const minHeapPages = 64

// moveStack gives a stack-first module a larger stack: the memory's
// minimum grows by pages, and the stack pointer (global 0) starts at the
// new top, so the stack takes the new pages and grows down towards the
// old end of memory. The data and the heap stay where they were linked
// (the heap's allocator takes its next pages from memory.grow, after the
// new stack); the old stack region is left unused. A module of another
// shape (no such global, data below the stack, an imported memory, a
// maximum too small) is returned unchanged, with false, and so is one
// whose limit (in pages) leaves no room for a stack of minStackPages and
// minHeapPages of heap; a tight limit gets a smaller stack.
//
// A module linked stack-first with a stack of pages or more is returned
// unchanged, with true: the bottom of its stack is as free as a moved
// stack's old place.
//
// Past the new stack's bottom lies the heap, not address 0: an overflow
// would no longer trap. This is only for python.wasm, whose recursion
// guard keeps it far from that bottom.
func moveStack(mod []byte, pages, limit uint32) ([]byte, bool) {
	if len(mod) < 8 || !IsWasm(mod) {
		return mod, false
	}
	type section struct {
		id          byte
		start, end  int // body
		headerStart int
	}
	var secs []section
	for off := 8; off < len(mod); {
		id := mod[off]
		size, n := uleb32(mod[off+1:])
		if n == 0 || off+1+n+int(size) > len(mod) {
			return mod, false
		}
		secs = append(secs, section{id: id, start: off + 1 + n, end: off + 1 + n + int(size), headerStart: off})
		off += 1 + n + int(size)
	}
	var memSec, globSec, dataSec *section
	for i := range secs {
		switch secs[i].id {
		case 2:
			if importsMemory(mod[secs[i].start:secs[i].end]) {
				return mod, false
			}
		case 5:
			memSec = &secs[i]
		case 6:
			globSec = &secs[i]
		case 11:
			dataSec = &secs[i]
		}
	}
	if memSec == nil || globSec == nil || dataSec == nil {
		return mod, false
	}
	// The memory: exactly one, "min" or "min max", not shared or 64-bit.
	mem := mod[memSec.start:memSec.end]
	count, n := uleb32(mem)
	if n == 0 || count != 1 || n >= len(mem) || mem[n] > 1 {
		return mod, false
	}
	flags := mem[n]
	minPages, m := uleb32(mem[n+1:])
	if m == 0 {
		return mod, false
	}
	rest := mem[n+1+m:]
	if limit < minPages+minHeapPages+minStackPages {
		return mod, false
	}
	pages = min(pages, limit-minPages-minHeapPages)
	newMin := minPages + pages
	if flags == 1 {
		maxPages, k := uleb32(rest)
		if k == 0 || maxPages < newMin {
			return mod, false
		}
	}
	// Global 0: a mutable i32 set by i32.const, the stack pointer.
	glob := mod[globSec.start:globSec.end]
	gcount, n := uleb32(glob)
	if n == 0 || gcount == 0 || len(glob) < n+3 || glob[n] != 0x7f || glob[n+1] != 1 || glob[n+2] != 0x41 {
		return mod, false
	}
	sp, k := sleb32(glob[n+3:])
	initEnd := n + 3 + k
	if k == 0 || initEnd >= len(glob) || glob[initEnd] != 0x0b || sp <= 0 || uint32(sp) > minPages*65536 {
		return mod, false
	}
	if uint32(sp) >= pages*65536 {
		// Linked with a stack this large already (CPython 3.13's WASI
		// build links 8 MiB). Moving it would also be wrong: the 2022
		// wasi-libc it is built against starts malloc's heap at the
		// data's end and ends it at the memory's size, which would take
		// in a stack placed above the data. The stack's deep end, 8 MiB
		// below where it starts and below CPython's recursion guard,
		// serves as the scratch area (rawpath.go).
		return mod, lowestDataAbove(mod[dataSec.start:dataSec.end], uint32(sp))
	}
	// Stack-first: the data lies above the stack. A snapshotted image
	// (wizer) may also hold what was on the stack when it was taken, just
	// below the stack pointer; data any lower means another layout.
	if low, ok := lowestData(mod[dataSec.start:dataSec.end]); !ok || low < uint32(sp)-min(uint32(sp), 1<<14) {
		return mod, false
	}
	newSP := uint64(newMin) * 65536
	if newSP > 1<<31-1 {
		return mod, false
	}

	newMem := binary.AppendUvarint(nil, 1)
	newMem = append(newMem, flags)
	newMem = binary.AppendUvarint(newMem, uint64(newMin))
	newMem = append(newMem, rest...)

	newGlob := append([]byte(nil), glob[:n+3]...)
	newGlob = appendSLEB(newGlob, int64(newSP))
	newGlob = append(newGlob, glob[initEnd:]...)

	out := make([]byte, 0, len(mod)+16)
	out = append(out, mod[:8]...)
	for _, s := range secs {
		switch {
		case s.start == memSec.start:
			out = appendSection(out, 5, newMem)
		case s.start == globSec.start:
			out = appendSection(out, 6, newGlob)
		default:
			out = append(out, mod[s.headerStart:s.end]...)
		}
	}
	return out, true
}

func appendSection(out []byte, id byte, body []byte) []byte {
	out = append(out, id)
	out = binary.AppendUvarint(out, uint64(len(body)))
	return append(out, body...)
}

// importsMemory reports whether an import section imports a memory.
func importsMemory(sec []byte) bool {
	count, n := uleb32(sec)
	if n == 0 {
		return true
	}
	p := n
	for range count {
		for range 2 { // module and field names
			l, k := uleb32(sec[p:])
			if k == 0 || p+k+int(l) > len(sec) {
				return true
			}
			p += k + int(l)
		}
		if p >= len(sec) {
			return true
		}
		kind := sec[p]
		p++
		switch kind {
		case 0: // func: type index
			_, k := uleb32(sec[p:])
			if k == 0 {
				return true
			}
			p += k
		default: // tables, memories and globals: not expected of a WASI command
			return true
		}
	}
	return false
}

// lowestDataAbove reports whether the data segments all lie at or above
// sp: a stack-first module.
func lowestDataAbove(sec []byte, sp uint32) bool {
	low, ok := lowestData(sec)
	return ok && low >= sp
}

// lowestData is the lowest address an active data segment of memory 0
// starts at.
func lowestData(sec []byte) (uint32, bool) {
	count, n := uleb32(sec)
	if n == 0 || count == 0 {
		return 0, false
	}
	p := n
	low := uint32(1<<32 - 1)
	for range count {
		flags, k := uleb32(sec[p:])
		if k == 0 || flags != 0 || p+k >= len(sec) || sec[p+k] != 0x41 {
			return 0, false
		}
		p += k + 1
		off, k := sleb32(sec[p:])
		if k == 0 || p+k >= len(sec) || sec[p+k] != 0x0b || off < 0 {
			return 0, false
		}
		p += k + 1
		size, k := uleb32(sec[p:])
		if k == 0 || p+k+int(size) > len(sec) {
			return 0, false
		}
		p += k + int(size)
		low = min(low, uint32(off))
	}
	return low, true
}

// sleb32 decodes a signed LEB128 number of at most 32 bits; n is 0 when b
// does not start with one.
func sleb32(b []byte) (v int32, n int) {
	var r int64
	var shift uint
	for i := 0; i < len(b) && i < 5; i++ {
		r |= int64(b[i]&0x7f) << shift
		shift += 7
		if b[i] < 0x80 {
			if b[i]&0x40 != 0 {
				r -= 1 << shift
			}
			if r < -1<<31 || r > 1<<31-1 {
				return 0, 0
			}
			return int32(r), i + 1
		}
	}
	return 0, 0
}

func appendSLEB(b []byte, v int64) []byte {
	for {
		c := byte(v & 0x7f)
		v >>= 7
		if (v == 0 && c&0x40 == 0) || (v == -1 && c&0x40 != 0) {
			return append(b, c)
		}
		b = append(b, c|0x80)
	}
}
