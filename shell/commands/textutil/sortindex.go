package textutil

import (
	"bytes"
	"math"
	"runtime"
	"slices"
	"sync"
)

// indexSort is sort's compact path for byte and -n keys. Each line
// becomes a 24-byte sortEntry holding the head of its comparison (the
// first key, or the whole line without keys) encoded as two numbers
// whose unsigned order is the head's order, so most comparisons read
// only the entries being sorted, which sit side by side in memory; the
// text is read (and later keys found) only when the heads tie. Lines are
// offsets into the input (4 bytes each), and later keys are kept as
// offsets and parsed -n values. A 2-million-line file costs ~28 bytes a
// line besides its text, where a slice per line and a parsed key struct
// cost ~10 times that.
//
// The input is the blocks readSortInput makes; an offset counts from the
// first block's start as if the blocks were one, so offsets stay 4
// bytes and no line crosses from one block to the next.
type indexSort struct {
	s      *sorter
	blocks [][]byte
	// starts[b] is block b's offset; slot[o>>slotShift] is the block
	// holding offset o, or one before it.
	starts []uint32
	slot   []uint32
	// off[i] is where line i starts and off[i+1]-1 where it ends.
	off []uint32
	// numHead: the head is a -n key (else bytes); headRev: it is reversed.
	numHead, headRev bool
	// loLine: a -n head's lo holds the line's first 8 bytes, for the
	// last-resort comparison that follows it.
	loLine bool
	// Keys after the first: line i's key j at i*nk+j-1.
	nk             int
	keyOff, keyLen []uint32
	// keyNum is a -n key's value (slowNumber when not an int64) or a
	// byte key's first 8 bytes, big-endian, zero-padded.
	keyNum []int64
	// tieLine: equal lines keep their input order (-s or -u with keys).
	tieLine bool
}

// sortEntry is one line to sort. For a byte head, hi and lo are its
// first 16 bytes (complemented when reversed) and n its length; for a -n
// head, hi is its value with the sign bit flipped (complemented when
// reversed), n's low bit is 1 when the value is not an int64 (see
// slowNumber), and when loLine says so lo is the line's first 8 bytes
// and n's top 24 bits its next 3, zero-padded (both complemented under
// a global -r).
type sortEntry struct {
	hi, lo uint64
	line   uint32
	n      uint32
}

// slowNumber marks a -n key that must be compared from its text (a
// fraction or more than 18 digits).
const slowNumber = math.MinInt64

// indexLineCost is what the compact index holds per line besides the
// input's bytes: an offset and an entry; 16 more per key after the first.
const indexLineCost = 28

// indexable reports whether the compact path handles s's keys: byte
// comparison or -n, with or without -b and -r.
func (s *sorter) indexable(total int) bool {
	if total >= math.MaxUint32-1 {
		return false
	}
	for _, k := range s.keys {
		if k.dictionary || k.nonprinting || k.fold || k.general || k.human || k.month || k.version || k.random {
			return false
		}
	}
	return true
}

// slotShift sets the span of offsets one slot of indexSort.slot covers.
const slotShift = 16

// newIndexSort splits blocks (each ending in the delimiter, as
// readSortInput makes them) into lines and extracts every key.
func (s *sorter) newIndexSort(blocks [][]byte) (*indexSort, []sortEntry) {
	n := countLines(blocks, s.delim)
	x := &indexSort{s: s, blocks: blocks, nk: len(s.keys), off: make([]uint32, 0, n+1),
		tieLine: len(s.keys) > 0 && (s.unique || s.stable), headRev: s.reverse}
	total := x.setBlocks(blocks)
	if x.nk > 0 {
		x.numHead, x.headRev = s.keys[0].numeric, s.keys[0].reverse
		x.loLine = x.numHead && x.nk == 1 && !x.tieLine
		x.keyOff = make([]uint32, 0, n*(x.nk-1))
		x.keyLen = make([]uint32, 0, n*(x.nk-1))
		x.keyNum = make([]int64, 0, n*(x.nk-1))
	}
	entries := make([]sortEntry, 0, n)
	for b, data := range blocks {
		entries = x.addLines(entries, data, int(x.starts[b]))
	}
	x.off = append(x.off, uint32(total))
	return x, entries
}

// setBlocks makes the table that finds the block holding an offset; it
// returns the blocks' total size.
func (x *indexSort) setBlocks(blocks [][]byte) int {
	x.blocks = blocks
	x.starts = make([]uint32, len(blocks))
	total := 0
	for b, blk := range blocks {
		x.starts[b] = uint32(total)
		total += len(blk)
	}
	x.slot = make([]uint32, total>>slotShift+1)
	b := 0
	for i := range x.slot {
		for b+1 < len(blocks) && int(x.starts[b+1]) <= i<<slotShift {
			b++
		}
		x.slot[i] = uint32(b)
	}
	return total
}

// addLines appends the lines of one block, which starts at offset base,
// to entries, x.off and the later keys.
func (x *indexSort) addLines(entries []sortEntry, data []byte, base int) []sortEntry {
	s := x.s
	for off := 0; off < len(data); {
		end := bytes.IndexByte(data[off:], s.delim) + off
		line := data[off:end]
		i := len(x.off)
		x.off = append(x.off, uint32(base+off))
		entries = append(entries, x.entry(uint32(i), line))
		for _, k := range s.keys[min(1, x.nk):] {
			beg, lim := s.begField(line, k), s.limField(line, k)
			if lim < beg {
				lim = beg
			}
			x.keyOff = append(x.keyOff, uint32(base+off+beg))
			x.keyLen = append(x.keyLen, uint32(lim-beg))
			if k.numeric {
				x.keyNum = append(x.keyNum, fastNumber(line[beg:lim]))
			} else {
				x.keyNum = append(x.keyNum, int64(prefix(line[beg:lim])))
			}
		}
		off = end + 1
	}
	return entries
}

// entry encodes line i's head.
func (x *indexSort) entry(i uint32, line []byte) sortEntry {
	e := sortEntry{line: i}
	if x.numHead {
		v := fastNumber(x.head(line))
		if v == slowNumber {
			e.n = 1
		}
		e.hi = uint64(v) ^ 1<<63
		if x.headRev {
			e.hi = ^e.hi
		}
		if x.loLine {
			e.lo = prefix(line)
			if len(line) > 8 {
				e.n |= uint32(prefix(line[8:])>>32) &^ 0xff
			}
			if x.s.reverse {
				e.lo = ^e.lo
				e.n ^= ^uint32(0xff)
			}
		}
		return e
	}
	h := x.head(line)
	e.hi = prefix(h)
	if len(h) > 8 {
		e.lo = prefix(h[8:])
	}
	if x.headRev {
		e.hi, e.lo = ^e.hi, ^e.lo
	}
	e.n = uint32(len(h))
	return e
}

// head is the part of line the entries compare first.
func (x *indexSort) head(line []byte) []byte {
	if x.nk == 0 {
		return line
	}
	k := x.s.keys[0]
	beg, lim := x.s.begField(line, k), x.s.limField(line, k)
	if lim < beg {
		lim = beg
	}
	return line[beg:lim]
}

// prefix is b's first 8 bytes as a big-endian number, zero-padded: a
// smaller prefix means a smaller b; equal ones decide nothing.
func prefix(b []byte) uint64 {
	if len(b) >= 8 {
		return uint64(b[0])<<56 | uint64(b[1])<<48 | uint64(b[2])<<40 | uint64(b[3])<<32 |
			uint64(b[4])<<24 | uint64(b[5])<<16 | uint64(b[6])<<8 | uint64(b[7])
	}
	var p uint64
	for i := range 8 {
		p <<= 8
		if i < len(b) {
			p |= uint64(b[i])
		}
	}
	return p
}

func cmpUint(a, b uint64) int {
	if a < b {
		return -1
	}
	return 1
}

// fastNumber is a -n key's value when it is an integer of at most 18
// digits (after leading blanks and zeros, with an optional "-" and a
// fraction of zeros), else slowNumber. Text after the number is ignored,
// as -n does.
func fastNumber(s []byte) int64 {
	n, _ := parseNumber(s)
	if len(n.frac) > 0 || len(n.int) > 18 {
		return slowNumber
	}
	var v int64
	for _, c := range n.int {
		v = v*10 + int64(c-'0')
	}
	if n.neg {
		v = -v
	}
	return v
}

// text is the n bytes at offset off, which are all in one block.
func (x *indexSort) text(off, n uint32) []byte {
	if len(x.blocks) == 1 {
		return x.blocks[0][off : off+n]
	}
	b := x.slot[off>>slotShift]
	for int(b)+1 < len(x.starts) && x.starts[b+1] <= off {
		b++
	}
	off -= x.starts[b]
	return x.blocks[b][off : off+n]
}

func (x *indexSort) line(i uint32) []byte {
	return x.text(x.off[i], x.off[i+1]-1-x.off[i])
}

// key is line i's key j, for j >= 1.
func (x *indexSort) key(i uint32, j int) []byte {
	at := int(i)*(x.nk-1) + j - 1
	return x.text(x.keyOff[at], x.keyLen[at])
}

// compare is sorter.compare over the entries: the head, the later keys,
// then (unless -s or -u) the whole line, reversed by a global -r.
func (x *indexSort) compare(a, b *sortEntry) int {
	if x.numHead {
		if (a.n|b.n)&1 == 0 {
			if a.hi != b.hi {
				return cmpUint(a.hi, b.hi)
			}
		} else {
			pa, _ := parseNumber(x.head(x.line(a.line)))
			pb, _ := parseNumber(x.head(x.line(b.line)))
			if d := pa.compare(pb); d != 0 {
				if x.headRev {
					return -d
				}
				return d
			}
		}
	} else {
		switch {
		case a.hi != b.hi:
			return cmpUint(a.hi, b.hi)
		case a.lo != b.lo:
			return cmpUint(a.lo, b.lo)
		}
		var d int
		if a.n <= 16 && b.n <= 16 {
			// Both heads are in their prefixes: the shorter is less.
			d = int(a.n) - int(b.n)
		} else {
			d = bytes.Compare(x.head(x.line(a.line)), x.head(x.line(b.line)))
		}
		if d != 0 {
			if x.headRev {
				return -d
			}
			return d
		}
		if x.nk == 0 {
			return 0 // the head was the whole line
		}
	}
	return x.rest(a, b)
}

// rest compares lines whose heads are equal: the later keys, then the
// last-resort comparison.
func (x *indexSort) rest(a, b *sortEntry) int {
	s := x.s
	for j := 1; j < x.nk; j++ {
		k := s.keys[j]
		ia, ib := int(a.line)*(x.nk-1)+j-1, int(b.line)*(x.nk-1)+j-1
		var d int
		if k.numeric {
			na, nb := x.keyNum[ia], x.keyNum[ib]
			if na != slowNumber && nb != slowNumber {
				switch {
				case na < nb:
					d = -1
				case na > nb:
					d = 1
				}
			} else {
				pa, _ := parseNumber(x.key(a.line, j))
				pb, _ := parseNumber(x.key(b.line, j))
				d = pa.compare(pb)
			}
		} else {
			pa, pb := uint64(x.keyNum[ia]), uint64(x.keyNum[ib])
			switch {
			case pa < pb:
				d = -1
			case pa > pb:
				d = 1
			default:
				if la, lb := x.keyLen[ia], x.keyLen[ib]; la <= 8 && lb <= 8 {
					d = int(la) - int(lb)
				} else {
					d = bytes.Compare(x.key(a.line, j), x.key(b.line, j))
				}
			}
		}
		if d != 0 {
			if k.reverse {
				return -d
			}
			return d
		}
	}
	if x.tieLine {
		return 0
	}
	if x.loLine {
		if a.lo != b.lo {
			return cmpUint(a.lo, b.lo)
		}
		if a.n>>8 != b.n>>8 {
			return cmpUint(uint64(a.n>>8), uint64(b.n>>8))
		}
	}
	d := bytes.Compare(x.line(a.line), x.line(b.line))
	if s.reverse {
		return -d
	}
	return d
}

// sortRuns orders entries in runs to be merged by emitSorted; ties keep
// input order. Big inputs are sorted in parts on every core, as GNU sort
// uses threads, and the parts are merged as they are written.
func (x *indexSort) sortRuns(entries []sortEntry) [][]sortEntry {
	cmp := func(a, b sortEntry) int { return x.compare(&a, &b) }
	if x.tieLine {
		// Only equal keys of different lines need the input order:
		// without -s or -u, equal entries are equal lines.
		cmp = func(a, b sortEntry) int {
			if d := x.compare(&a, &b); d != 0 {
				return d
			}
			return int(a.line) - int(b.line)
		}
	}
	n := len(entries)
	parts := max(1, min(runtime.GOMAXPROCS(0), 8, n/50000))
	runs := make([][]sortEntry, parts)
	var wg sync.WaitGroup
	for p := range runs {
		runs[p] = entries[n*p/parts : n*(p+1)/parts]
		wg.Go(func() { slices.SortFunc(runs[p], cmp) })
	}
	wg.Wait()
	return runs
}

// emitSorted merges the runs and calls emit with each line number in
// output order (with -u, the first of each run of equal lines).
func (x *indexSort) emitSorted(runs [][]sortEntry, emit func(line uint32)) {
	var last sortEntry
	first := true
	for {
		// The least head of the runs; the earliest run on a tie, as the
		// runs hold consecutive parts of the input.
		best := -1
		for p, r := range runs {
			if len(r) > 0 && (best < 0 || x.compare(&r[0], &runs[best][0]) < 0) {
				best = p
			}
		}
		if best < 0 {
			return
		}
		e := runs[best][0]
		runs[best] = runs[best][1:]
		if x.s.unique && !first && x.compare(&last, &e) == 0 {
			continue
		}
		first, last = false, e
		emit(e.line)
	}
}
