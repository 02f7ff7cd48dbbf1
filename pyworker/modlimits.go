package pyworker

import (
	"errors"
	"fmt"
)

// Limits a module from the sandbox is checked against before wazero
// decodes it. wazero allocates what a module declares (a function's
// locals, a vector's length, a data segment's size) before it reads the
// items, so 42 bytes declaring 0xfffffff0 locals would make it allocate
// gigabytes. The figures are the ones browsers enforce (the WebAssembly
// JS API's implementation limits), which every real program stays under.
const (
	maxFunctionLocals = 50000
	maxTableElements  = 10000000
	maxDataSegments   = 100000
)

// errModuleLimit wraps every refusal of checkModuleLimits.
var errModuleLimit = errors.New("module over a limit")

// moduleError is a refusal: its text names what the module declares and
// the limit.
type moduleError struct{ msg string }

func (e *moduleError) Error() string { return e.msg }
func (e *moduleError) Unwrap() error { return errModuleLimit }

func refuse(format string, args ...any) error {
	return &moduleError{msg: fmt.Sprintf(format, args...)}
}

// checkModuleLimits reads the sections of a module's binary and refuses
// one that declares more than it holds or more than the limits above:
// every vector's length (types, imports, functions, tables, memories,
// globals, exports, elements and their entries, code, data) and every
// byte string's size
// must fit in the bytes that follow, a function's locals add up to at
// most maxFunctionLocals, a table starts with at most maxTableElements
// and a memory with at most memPages pages. A module these checks cannot
// follow (a malformed section) is left to wazero, which rejects it
// without allocating more than the module's own size.
func checkModuleLimits(mod []byte, memPages uint32) error {
	for off := 8; off < len(mod); {
		id := mod[off]
		size, n := uleb32(mod[off+1:])
		if n == 0 || uint64(off+1+n)+uint64(size) > uint64(len(mod)) {
			return nil
		}
		body := mod[off+1+n : off+1+n+int(size)]
		off += 1 + n + int(size)
		r := &wasmReader{b: body, ok: true}
		if id == 0 {
			if err := checkCustom(r); err != nil {
				return err
			}
			continue
		}
		if id == 12 { // data count
			if c := r.u32(); r.ok && c > maxDataSegments {
				return refuse("module declares %d data segments, over the limit of %d", c, maxDataSegments)
			}
			continue
		}
		count := r.u32()
		if !r.ok {
			return nil
		}
		if uint64(count) > uint64(r.left()) {
			return refuse("section %d declares %d entries in %d bytes", id, count, r.left())
		}
		var err error
		switch id {
		case 1:
			err = checkTypes(r, count)
		case 2:
			err = checkImports(r, count)
		case 4:
			err = checkTables(r, count)
		case 5:
			err = checkMemories(r, count, memPages)
		case 7:
			err = checkExports(r, count)
		case 9:
			err = checkElements(r, count)
		case 10:
			err = checkCode(r, count)
		case 11:
			if count > maxDataSegments {
				return refuse("module declares %d data segments, over the limit of %d", count, maxDataSegments)
			}
			err = checkData(r, count)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// wasmReader reads LEB128 numbers and byte strings from a section; ok
// turns false at the first malformed or truncated item.
type wasmReader struct {
	b  []byte
	i  int
	ok bool
}

func (r *wasmReader) left() int { return len(r.b) - r.i }

func (r *wasmReader) u32() uint32 {
	if !r.ok {
		return 0
	}
	v, n := uleb32(r.b[r.i:])
	if n == 0 {
		r.ok = false
		return 0
	}
	r.i += n
	return v
}

func (r *wasmReader) byte() byte {
	if !r.ok || r.i >= len(r.b) {
		r.ok = false
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

// bytes skips a byte string (a name, a data segment's contents), refusing
// a size past the section's end.
func (r *wasmReader) bytes(what string) error {
	n := r.u32()
	if !r.ok {
		return nil
	}
	if uint64(n) > uint64(r.left()) {
		return refuse("%s of %d bytes declared in %d", what, n, r.left())
	}
	r.i += int(n)
	return nil
}

// limits reads a table's or memory's limits and returns its minimum.
func (r *wasmReader) limits() uint32 {
	flags := r.byte()
	lo := r.u32()
	if flags&1 != 0 {
		r.u32()
	}
	return lo
}

// valTypes skips a vector of value types (one byte each, or a reference
// type's prefix and heap type).
func (r *wasmReader) valTypes(what string) error {
	n := r.u32()
	if r.ok && uint64(n) > uint64(r.left()) {
		return refuse("%s: %d value types declared in %d bytes", what, n, r.left())
	}
	for k := uint32(0); k < n && r.ok; k++ {
		if t := r.byte(); t == 0x63 || t == 0x64 {
			r.u32()
		}
	}
	return nil
}

func checkTypes(r *wasmReader, count uint32) error {
	for k := uint32(0); k < count && r.ok; k++ {
		if r.byte() != 0x60 {
			return nil
		}
		if err := r.valTypes("function type"); err != nil {
			return err
		}
		if err := r.valTypes("function type"); err != nil {
			return err
		}
	}
	return nil
}

func checkImports(r *wasmReader, count uint32) error {
	for k := uint32(0); k < count && r.ok; k++ {
		if err := r.bytes("import module name"); err != nil {
			return err
		}
		if err := r.bytes("import name"); err != nil {
			return err
		}
		switch r.byte() {
		case 0x00, 0x04: // function, tag: a type index (a tag's after its attribute)
			r.u32()
		default: // tables, memories and globals are not provided: wazero refuses
			return nil
		}
	}
	return nil
}

func checkTables(r *wasmReader, count uint32) error {
	for k := uint32(0); k < count && r.ok; k++ {
		if t := r.byte(); t == 0x63 || t == 0x64 {
			r.u32()
		}
		if lo := r.limits(); r.ok && lo > maxTableElements {
			return refuse("table of %d elements, over the limit of %d", lo, maxTableElements)
		}
	}
	return nil
}

func checkMemories(r *wasmReader, count, memPages uint32) error {
	for k := uint32(0); k < count && r.ok; k++ {
		if lo := r.limits(); r.ok && lo > memPages {
			return refuse("memory min %d pages (%d MiB) over the guest memory limit of %d pages (%d MiB, --max-guest-memory)", lo, lo>>4, memPages, memPages>>4)
		}
	}
	return nil
}

func checkExports(r *wasmReader, count uint32) error {
	for k := uint32(0); k < count && r.ok; k++ {
		if err := r.bytes("export name"); err != nil {
			return err
		}
		r.byte()
		r.u32()
	}
	return nil
}

func checkCode(r *wasmReader, count uint32) error {
	for k := uint32(0); k < count && r.ok; k++ {
		size := r.u32()
		if !r.ok || uint64(size) > uint64(r.left()) {
			return nil
		}
		end := r.i + int(size)
		decls := r.u32()
		if r.ok && uint64(decls) > uint64(end-r.i) {
			return refuse("function %d declares %d groups of locals in %d bytes", k, decls, end-r.i)
		}
		var sum uint64
		for d := uint32(0); d < decls && r.ok; d++ {
			sum += uint64(r.u32())
			if t := r.byte(); t == 0x63 || t == 0x64 {
				r.u32()
			}
		}
		if sum > maxFunctionLocals {
			return refuse("function %d declares %d locals, over the limit of %d", k, sum, maxFunctionLocals)
		}
		r.i = end
	}
	return nil
}

// checkElements reads element segments (their eight encodings) and
// refuses one whose vector of function indices or expressions is longer
// than the bytes left.
func checkElements(r *wasmReader, count uint32) error {
	for k := uint32(0); k < count && r.ok; k++ {
		flags := r.u32()
		if flags > 7 {
			return nil
		}
		if flags&2 != 0 && flags&1 == 0 {
			r.u32() // table index
		}
		if flags&1 == 0 {
			r.constExpr() // offset
		}
		if flags&3 != 0 {
			if t := r.byte(); t == 0x63 || t == 0x64 { // element kind or reference type
				r.u32()
			}
		}
		n := r.u32()
		if !r.ok {
			return nil
		}
		if uint64(n) > uint64(r.left()) {
			return refuse("element segment of %d entries declared in %d bytes", n, r.left())
		}
		for e := uint32(0); e < n && r.ok; e++ {
			if flags&4 != 0 {
				r.constExpr()
			} else {
				r.u32()
			}
		}
	}
	return nil
}

// checkCustom reads a custom section's name and, for the "name" section
// (which wazero decodes even without debug info), its function and local
// name maps.
func checkCustom(r *wasmReader) error {
	start := r.i
	if err := r.bytes("custom section name"); err != nil || !r.ok {
		return err
	}
	if string(r.b[start:r.i]) != "\x04name" {
		return nil
	}
	for r.ok && r.left() > 0 {
		id := r.byte()
		size := r.u32()
		if !r.ok || uint64(size) > uint64(r.left()) {
			return nil
		}
		sub := &wasmReader{b: r.b[r.i : r.i+int(size)], ok: true}
		r.i += int(size)
		var err error
		switch id {
		case 1:
			err = sub.nameMap("function names")
		case 2:
			n := sub.u32()
			if sub.ok && uint64(n) > uint64(sub.left()) {
				return refuse("local names of %d functions declared in %d bytes", n, sub.left())
			}
			for k := uint32(0); k < n && sub.ok && err == nil; k++ {
				sub.u32()
				err = sub.nameMap("local names")
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// nameMap skips a name section's vector of (index, name) pairs.
func (r *wasmReader) nameMap(what string) error {
	n := r.u32()
	if r.ok && uint64(n) > uint64(r.left()) {
		return refuse("%s: %d entries declared in %d bytes", what, n, r.left())
	}
	for k := uint32(0); k < n && r.ok; k++ {
		r.u32()
		if err := r.bytes(what); err != nil {
			return err
		}
	}
	return nil
}

func checkData(r *wasmReader, count uint32) error {
	for k := uint32(0); k < count && r.ok; k++ {
		switch r.u32() {
		case 0:
			r.constExpr()
		case 1:
		case 2:
			r.u32()
			r.constExpr()
		default:
			return nil
		}
		if err := r.bytes("data segment"); err != nil {
			return err
		}
	}
	return nil
}

// constExpr skips a constant expression up to its end (0x0b); ok turns
// false at an instruction it does not know, which ends the checks of
// this section (wazero validates the expression itself).
func (r *wasmReader) constExpr() {
	for r.ok {
		switch op := r.byte(); op {
		case 0x0b:
			return
		case 0x41, 0x23, 0xd2: // i32.const, global.get, ref.func
			r.sleb()
		case 0x42: // i64.const
			r.sleb()
		case 0xd0: // ref.null
			r.byte()
		case 0x6a, 0x6b, 0x6c, 0x7c, 0x7d, 0x7e: // extended constant arithmetic
		default:
			r.ok = false
		}
	}
}

// sleb skips a signed (or unsigned) LEB128 number of up to 10 bytes.
func (r *wasmReader) sleb() {
	for n := 0; n < 10; n++ {
		if r.byte()&0x80 == 0 {
			return
		}
	}
	r.ok = false
}

// tableEntryBytes is what wazero holds per table element (a reference).
const tableEntryBytes = 8

// declaredTableBytes is what the tables a module defines hold at their
// initial sizes (0 when the module does not parse that far).
func declaredTableBytes(mod []byte) int64 {
	var total int64
	for off := 8; off < len(mod); {
		id := mod[off]
		size, n := uleb32(mod[off+1:])
		if n == 0 || uint64(off+1+n)+uint64(size) > uint64(len(mod)) {
			return total
		}
		body := mod[off+1+n : off+1+n+int(size)]
		off += 1 + n + int(size)
		if id != 4 {
			continue
		}
		r := &wasmReader{b: body, ok: true}
		count := r.u32()
		for k := uint32(0); k < count && r.ok; k++ {
			if t := r.byte(); t == 0x63 || t == 0x64 {
				r.u32()
			}
			if lo := r.limits(); r.ok {
				total += int64(lo) * tableEntryBytes
			}
		}
	}
	return total
}
