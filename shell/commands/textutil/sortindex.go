package textutil

import (
	"bytes"
	"math"
	"runtime"
	"slices"
	"sync"
)

// indexSort is sort's compact path for byte and -n keys: lines and keys
// are offsets into the input (4 bytes each), -n keys of up to 18 integer
// digits are parsed once into an int64, and the sort permutes 4-byte line
// numbers. A 2-million-line file then costs ~28 bytes a line besides its
// text, where a slice per line and a parsed key struct cost ~10 times
// that, and comparisons touch fewer cache lines.
type indexSort struct {
	s                *sorter
	data             []byte
	lineOff, lineLen []uint32
	nk               int
	keyOff, keyLen   []uint32 // line i's key j at i*nk+j
	// keyNum is a -n key's value (slowNumber when not an int64) or a
	// byte key's first 8 bytes, big-endian, zero-padded: most comparisons
	// end there without touching the text.
	keyNum []int64
	// Each line's first 8 bytes, for the last-resort comparison; with no
	// keys also the next 8 (lines often share their first 8).
	linePfx, linePfx2 []uint64
}

// slowNumber marks a -n key that must be compared from its text (a
// fraction or more than 18 digits).
const slowNumber = math.MinInt64

// indexable reports whether the compact path handles s's keys: byte
// comparison or -n, with or without -b and -r.
func (s *sorter) indexable(total int) bool {
	if total >= math.MaxUint32 {
		return false
	}
	for _, k := range s.keys {
		if k.dictionary || k.nonprinting || k.fold || k.general || k.human || k.month || k.version || k.random {
			return false
		}
	}
	return true
}

// newIndexSort splits data into lines and extracts every key.
func (s *sorter) newIndexSort(data []byte) *indexSort {
	n := bytes.Count(data, []byte{s.delim})
	if len(data) > 0 && data[len(data)-1] != s.delim {
		n++
	}
	x := &indexSort{s: s, data: data, nk: len(s.keys),
		lineOff: make([]uint32, 0, n), lineLen: make([]uint32, 0, n)}
	x.keyOff = make([]uint32, 0, n*x.nk)
	x.keyLen = make([]uint32, 0, n*x.nk)
	x.keyNum = make([]int64, 0, n*x.nk)
	x.linePfx = make([]uint64, 0, n)
	if x.nk == 0 {
		x.linePfx2 = make([]uint64, 0, n)
	}
	off := 0
	for off < len(data) {
		end := bytes.IndexByte(data[off:], s.delim)
		if end < 0 {
			end = len(data)
		} else {
			end += off
		}
		line := data[off:end]
		x.lineOff = append(x.lineOff, uint32(off))
		x.lineLen = append(x.lineLen, uint32(len(line)))
		x.linePfx = append(x.linePfx, prefix(line))
		if x.nk == 0 {
			var rest []byte
			if len(line) > 8 {
				rest = line[8:]
			}
			x.linePfx2 = append(x.linePfx2, prefix(rest))
		}
		for _, k := range s.keys {
			beg, lim := s.begField(line, k), s.limField(line, k)
			if lim < beg {
				lim = beg
			}
			x.keyOff = append(x.keyOff, uint32(off+beg))
			x.keyLen = append(x.keyLen, uint32(lim-beg))
			if k.numeric {
				x.keyNum = append(x.keyNum, fastNumber(line[beg:lim]))
			} else {
				x.keyNum = append(x.keyNum, int64(prefix(line[beg:lim])))
			}
		}
		off = end + 1
	}
	return x
}

// prefix is b's first 8 bytes as a big-endian number, zero-padded: a
// smaller prefix means a smaller b; equal ones decide nothing.
func prefix(b []byte) uint64 {
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

func (x *indexSort) line(i uint32) []byte {
	return x.data[x.lineOff[i] : x.lineOff[i]+x.lineLen[i]]
}

func (x *indexSort) key(i uint32, j int) []byte {
	at := int(i)*x.nk + j
	return x.data[x.keyOff[at] : x.keyOff[at]+x.keyLen[at]]
}

// compare is sorter.compare over the index: the keys, then (unless -s or
// -u) the whole line, reversed by a global -r.
func (x *indexSort) compare(a, b uint32) int {
	s := x.s
	for j, k := range s.keys {
		var d int
		if k.numeric {
			na, nb := x.keyNum[int(a)*x.nk+j], x.keyNum[int(b)*x.nk+j]
			if na != slowNumber && nb != slowNumber {
				switch {
				case na < nb:
					d = -1
				case na > nb:
					d = 1
				}
			} else {
				pa, _ := parseNumber(x.key(a, j))
				pb, _ := parseNumber(x.key(b, j))
				d = pa.compare(pb)
			}
		} else {
			pa, pb := uint64(x.keyNum[int(a)*x.nk+j]), uint64(x.keyNum[int(b)*x.nk+j])
			switch {
			case pa < pb:
				d = -1
			case pa > pb:
				d = 1
			default:
				ia, ib := int(a)*x.nk+j, int(b)*x.nk+j
				if la, lb := x.keyLen[ia], x.keyLen[ib]; la <= 8 && lb <= 8 {
					// Both keys are in their prefixes: the shorter is less.
					d = int(la) - int(lb)
				} else {
					d = bytes.Compare(x.key(a, j), x.key(b, j))
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
	if len(s.keys) > 0 && (s.unique || s.stable) {
		return 0
	}
	var d int
	switch {
	case x.linePfx[a] != x.linePfx[b]:
		d = cmpUint(x.linePfx[a], x.linePfx[b])
	case x.linePfx2 != nil && x.linePfx2[a] != x.linePfx2[b]:
		d = cmpUint(x.linePfx2[a], x.linePfx2[b])
	default:
		d = bytes.Compare(x.line(a), x.line(b))
	}
	if s.reverse {
		return -d
	}
	return d
}

// sorted returns the line numbers in output order; ties keep input
// order. Big inputs are sorted in parts on every core, then merged, as
// GNU sort uses threads.
func (x *indexSort) sorted() []uint32 {
	n := len(x.lineOff)
	idx := make([]uint32, n)
	for i := range idx {
		idx[i] = uint32(i)
	}
	less := func(a, b uint32) int {
		if d := x.compare(a, b); d != 0 {
			return d
		}
		return int(a) - int(b)
	}
	parts := min(runtime.GOMAXPROCS(0), 8, n/50000)
	if parts < 2 {
		slices.SortFunc(idx, less)
		return idx
	}
	bounds := make([]int, parts+1)
	for p := range bounds {
		bounds[p] = n * p / parts
	}
	var wg sync.WaitGroup
	for p := range parts {
		wg.Go(func() { slices.SortFunc(idx[bounds[p]:bounds[p+1]], less) })
	}
	wg.Wait()
	tmp := make([]uint32, n)
	for len(bounds) > 2 {
		var next []int
		for p := 0; p+1 < len(bounds); p += 2 {
			lo := bounds[p]
			if p+2 >= len(bounds) {
				copy(tmp[lo:], idx[lo:])
				next = append(next, lo)
				continue
			}
			mid, hi := bounds[p+1], bounds[p+2]
			wg.Go(func() { mergeInto(tmp[lo:hi], idx[lo:mid], idx[mid:hi], less) })
			next = append(next, lo)
		}
		wg.Wait()
		bounds = append(next, n)
		idx, tmp = tmp, idx
	}
	return idx
}

// mergeInto merges the sorted a and b into dst.
func mergeInto(dst, a, b []uint32, less func(a, b uint32) int) {
	i, j, k := 0, 0, 0
	for i < len(a) && j < len(b) {
		if less(b[j], a[i]) < 0 {
			dst[k] = b[j]
			j++
		} else {
			dst[k] = a[i]
			i++
		}
		k++
	}
	k += copy(dst[k:], a[i:])
	copy(dst[k:], b[j:])
}
