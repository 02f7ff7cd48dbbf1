package pyworker

import (
	"errors"

	"github.com/tetratelabs/wazero/api"
)

// Stop checks: how a fast guest computing without calling out is stopped.
//
// A fast runtime compiles guests without wazero's termination checks
// (fast.go), which call out of the guest's code at every loop header.
// Instead, every module memsh loads gets a check of its own at the top of
// every loop: a mutable i32 global that memsh adds and exports as
// stopGlobal, read at each loop header, and an `unreachable` when it is
// not zero:
//
//	loop ...
//	  global.get $memsh_stop
//	  if
//	    unreachable
//	  end
//	  ...
//
// wazero keeps a module's own globals in the module's context, so the
// check is one load and a branch that is never taken; the host sets the
// global through wazero's public api.MutableGlobal when the run's context
// ends, the guest traps at its next loop iteration, and the run reports
// the context's status (124, 130, ...). Every program that runs forever
// goes round some loop (or recurses until its stack overflows), so
// nothing escapes it. Function indices do not change, so the "name"
// section stays valid.

// stopGlobal is the export name of the global the checks read.
const stopGlobal = "memsh_stop"

// errNotInstrumentable is addStopChecks' answer for a module it cannot
// read: one that does not parse, or uses instructions it does not know.
var errNotInstrumentable = errors.New("module not instrumentable")

// Section ids of the wasm binary format.
const (
	secImport = 2
	secGlobal = 6
	secExport = 7
	secCode   = 10
)

// sectionRank orders the known sections as the binary format requires
// (the tag and data-count sections sit between others); custom sections
// (id 0) go anywhere.
func sectionRank(id byte) int {
	switch id {
	case 13: // tag
		return 55
	case 12: // data count
		return 95
	}
	return int(id) * 10
}

type wasmSection struct {
	id   byte
	body []byte
}

// addStopChecks returns b with the stop checks added: a global exported
// as stopGlobal and its check at the top of every loop. b is not
// changed.
func addStopChecks(b []byte) ([]byte, error) {
	if len(b) < 8 || !IsWasm(b) {
		return nil, errNotInstrumentable
	}
	var secs []wasmSection
	for at := 8; at < len(b); {
		id := b[at]
		size, n := uleb32(b[at+1:])
		if n == 0 || at+1+n+int(size) > len(b) {
			return nil, errNotInstrumentable
		}
		start := at + 1 + n
		secs = append(secs, wasmSection{id: id, body: b[start : start+int(size)]})
		at = start + int(size)
	}
	var importedGlobals, definedGlobals uint32
	for _, s := range secs {
		var err error
		switch s.id {
		case secImport:
			importedGlobals, err = countImportedGlobals(s.body)
		case secGlobal:
			var n int
			definedGlobals, n = uleb32(s.body)
			if n == 0 {
				err = errNotInstrumentable
			}
		case secExport:
			if hasExport(s.body, stopGlobal) {
				err = errNotInstrumentable
			}
		}
		if err != nil {
			return nil, err
		}
	}
	global := importedGlobals + definedGlobals
	check := appendULEB([]byte{0x23}, global) // global.get
	check = append(check, 0x04, 0x40, 0x00, 0x0b)

	out := make([]byte, 0, len(b)+len(b)/16)
	out = append(out, b[:8]...)
	sawGlobal, sawExport := false, false
	emit := func(id byte, body []byte) {
		out = append(out, id)
		out = appendULEB(out, uint32(len(body)))
		out = append(out, body...)
	}
	// The global (i32, mutable, 0) and its export, each in a section of
	// its own when the module has none.
	newGlobal := []byte{0x7f, 0x01, 0x41, 0x00, 0x0b}
	newExport := appendULEB(nil, uint32(len(stopGlobal)))
	newExport = append(newExport, stopGlobal...)
	newExport = append(newExport, 0x03)
	newExport = appendULEB(newExport, global)
	for _, s := range secs {
		if s.id != 0 {
			if !sawGlobal && sectionRank(s.id) > sectionRank(secGlobal) {
				emit(secGlobal, append([]byte{1}, newGlobal...))
				sawGlobal = true
			}
			if !sawExport && sectionRank(s.id) > sectionRank(secExport) {
				emit(secExport, append([]byte{1}, newExport...))
				sawExport = true
			}
		}
		switch s.id {
		case secGlobal:
			sawGlobal = true
			emit(secGlobal, appendVecEntry(s.body, newGlobal))
		case secExport:
			sawExport = true
			emit(secExport, appendVecEntry(s.body, newExport))
		case secCode:
			body, err := addLoopChecks(s.body, check)
			if err != nil {
				return nil, err
			}
			emit(secCode, body)
		default:
			emit(s.id, s.body)
		}
	}
	if !sawGlobal {
		emit(secGlobal, append([]byte{1}, newGlobal...))
	}
	if !sawExport {
		emit(secExport, append([]byte{1}, newExport...))
	}
	return out, nil
}

// appendVecEntry returns the vector vec (a count and its entries) with
// entry added at its end.
func appendVecEntry(vec, entry []byte) []byte {
	n, k := uleb32(vec)
	out := appendULEB(make([]byte, 0, len(vec)+len(entry)+5), n+1)
	out = append(out, vec[k:]...)
	return append(out, entry...)
}

// countImportedGlobals counts the globals among an import section's
// entries: they come first in the global index space.
func countImportedGlobals(sec []byte) (uint32, error) {
	r := &wasmReader{b: sec, ok: true}
	n := r.u32()
	var globals uint32
	for range n {
		r.skip(int(r.u32())) // module
		r.skip(int(r.u32())) // name
		switch r.byte() {
		case 0x00: // function: type index
			r.sleb()
		case 0x01: // table: reference type, limits
			r.byte()
			r.limits()
		case 0x02: // memory: limits
			r.limits()
		case 0x03: // global: value type, mutability
			r.byte()
			r.byte()
			globals++
		case 0x04: // tag: attribute, type index
			r.byte()
			r.sleb()
		default:
			r.ok = false
		}
		if !r.ok {
			return 0, errNotInstrumentable
		}
	}
	return globals, nil
}

// hasExport reports whether an export section names name.
func hasExport(sec []byte, name string) bool {
	r := &wasmReader{b: sec, ok: true}
	n := r.u32()
	for range n {
		l := int(r.u32())
		if !r.ok || r.i+l > len(r.b) {
			return false
		}
		if string(r.b[r.i:r.i+l]) == name {
			return true
		}
		r.skip(l)
		r.byte()
		r.sleb()
	}
	return false
}

// addLoopChecks returns the code section sec with check inserted after
// every loop instruction.
func addLoopChecks(sec []byte, check []byte) ([]byte, error) {
	r := &wasmReader{b: sec, ok: true}
	n := r.u32()
	out := appendULEB(make([]byte, 0, len(sec)+len(sec)/16), n)
	var body []byte
	for range n {
		size := int(r.u32())
		if !r.ok || r.i+size > len(sec) {
			return nil, errNotInstrumentable
		}
		fn := sec[r.i : r.i+size]
		r.skip(size)
		var err error
		body, err = addFuncLoopChecks(body[:0], fn, check)
		if err != nil {
			return nil, err
		}
		out = appendULEB(out, uint32(len(body)))
		out = append(out, body...)
	}
	if !r.ok || r.i != len(sec) {
		return nil, errNotInstrumentable
	}
	return out, nil
}

// addFuncLoopChecks appends to out the function body fn with check after
// every loop instruction.
func addFuncLoopChecks(out, fn, check []byte) ([]byte, error) {
	r := &wasmReader{b: fn, ok: true}
	for n := r.u32(); n > 0 && r.ok; n-- {
		r.sleb() // how many
		r.byte() // of which value type
	}
	copied := 0
	i := r.i
	for r.ok && i < len(fn) {
		op := fn[i]
		i++
		switch opClasses[op] {
		case opNoImmediate:
			continue
		case opLEB:
			// The common case, read here: a LEB128 number of at most 10
			// bytes.
			j := i
			for j < len(fn) && j-i < 10 && fn[j]&0x80 != 0 {
				j++
			}
			if j >= len(fn) || j-i >= 10 {
				return nil, errNotInstrumentable
			}
			i = j + 1
			continue
		}
		r.i = i
		switch opClasses[op] {
		case opLoop:
			r.blockType()
			out = append(out, fn[copied:r.i]...)
			out = append(out, check...)
			copied = r.i
		case opBlock:
			r.blockType()
		case opMemarg:
			r.memarg()
		case opTwoLEBs:
			r.sleb()
			r.sleb()
		default:
			switch op {
			case 0x0e: // br_table
				for k := r.u32(); k > 0 && r.ok; k-- {
					r.sleb()
				}
				r.sleb()
			case 0x1c: // select with types
				r.skip(int(r.u32()))
			case 0x43: // f32.const
				r.skip(4)
			case 0x44: // f64.const
				r.skip(8)
			case 0xfc:
				r.miscOp()
			case 0xfd:
				r.simdOp()
			case 0xfe:
				r.atomicOp()
			default:
				return nil, errNotInstrumentable
			}
		}
		i = r.i
	}
	if !r.ok {
		return nil, errNotInstrumentable
	}
	return append(out, fn[copied:]...), nil
}

// Instruction classes by first byte, for addFuncLoopChecks.
const (
	opOther       = iota // unknown, or read apart
	opNoImmediate        // no immediate
	opLEB                // one LEB128 number
	opTwoLEBs            // two
	opBlock              // block, if: a block type
	opLoop               // loop: a block type
	opMemarg             // loads and stores: a memarg
)

// opClasses is the class of each first byte (constant after package
// initialisation).
var opClasses = func() (c [256]uint8) {
	for op := range c {
		switch {
		case op == 0x03:
			c[op] = opLoop
		case op == 0x02 || op == 0x04:
			c[op] = opBlock
		case op <= 0x01, op == 0x05, op == 0x0b, op == 0x0f, op == 0x1a, op == 0x1b,
			op >= 0x45 && op <= 0xc4, op == 0xd1:
			c[op] = opNoImmediate
		case op == 0x0c, op == 0x0d, op == 0x10, op == 0x12, op >= 0x20 && op <= 0x26,
			op == 0x3f, op == 0x40, op == 0x41, op == 0x42, op == 0xd0, op == 0xd2:
			c[op] = opLEB
		case op == 0x11, op == 0x13: // call_indirect, return_call_indirect
			c[op] = opTwoLEBs
		case op >= 0x28 && op <= 0x3e:
			c[op] = opMemarg
		}
	}
	return c
}()

// skip skips n bytes.
func (r *wasmReader) skip(n int) {
	if n < 0 || r.i+n > len(r.b) {
		r.ok = false
		r.i = len(r.b)
		return
	}
	r.i += n
}

// blockType skips a block type: empty, a value type, or a type index.
func (r *wasmReader) blockType() {
	if r.i < len(r.b) && r.b[r.i] >= 0x40 && r.b[r.i] < 0x80 {
		r.i++
		return
	}
	r.sleb()
}

// memarg skips an alignment (with the memory index multi-memory adds)
// and an offset.
func (r *wasmReader) memarg() {
	align := r.u32()
	if align&0x40 != 0 {
		r.sleb()
	}
	r.sleb()
}

// miscOp skips the 0xfc instructions: saturating truncations, bulk
// memory and tables.
func (r *wasmReader) miscOp() {
	switch op := r.u32(); {
	case op <= 7:
	case op == 8, op == 10, op == 12, op == 14:
		r.sleb()
		r.sleb()
	case op == 9, op == 11, op == 13, op >= 15 && op <= 17:
		r.sleb()
	default:
		r.ok = false
	}
}

// simdOp skips the 0xfd instructions (fixed-width SIMD).
func (r *wasmReader) simdOp() {
	switch op := r.u32(); {
	case op <= 11, op == 92, op == 93:
		r.memarg()
	case op == 12, op == 13:
		r.skip(16)
	case op >= 21 && op <= 34:
		r.skip(1)
	case op >= 84 && op <= 91:
		r.memarg()
		r.skip(1)
	case op <= 0x1ff: // no immediate
	default:
		r.ok = false
	}
}

// atomicOp skips the 0xfe instructions (threads).
func (r *wasmReader) atomicOp() {
	switch op := r.u32(); {
	case op == 3: // atomic.fence
		r.skip(1)
	case op <= 2, op >= 0x10 && op <= 0x4e:
		r.memarg()
	default:
		r.ok = false
	}
}

// appendULEB appends v as unsigned LEB128.
func appendULEB(b []byte, v uint32) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

// stopper returns the function that makes mod's stop checks trap, or nil
// when mod has none (it could not be instrumented).
func stopper(mod api.Module) func() {
	g, ok := mod.ExportedGlobal(stopGlobal).(api.MutableGlobal)
	if !ok {
		return nil
	}
	return func() { g.Set(1) }
}
