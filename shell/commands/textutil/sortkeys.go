package textutil

import (
	"bytes"
	"crypto/md5"
	"encoding/binary"
	"math"
	"runtime"
	"slices"
	"sync"

	"memsh/shell/internal/vercmp"
)

// keySort is sort's path for what the compact index does not encode
// (keys with -d -f -i -g -h -M -V -R). Lines are offsets into the
// input's blocks (indexSort's table) and the order is a slice of
// entries (keyEntry): 24 bytes a line besides the text, holding the
// line's place and length, its first key's span (found once, as GNU
// sort keeps keybeg and keylim in its line structure) and that key's
// value when it is costly to find at every comparison (cacheOf): a -g
// float, an MD5's first 8 bytes, a month, a -n or -h integer, the head
// of a folded key (its first 7 bytes, and its length when shorter than
// 8); 8 bytes more a line for each later key of these kinds. Every
// other key, and any tie, is read from the text at the comparison, as
// GNU sort does, so no line's key is ever held as a copy: -d, -i and -f
// are applied while comparing bytes (compareFolded), or for a typed key
// into two scratch buffers that every comparison reuses.
type keySort struct {
	s *sorter
	x *indexSort // the block table only: blocks, starts, slot
	// entries are the lines to order, each with its first key's cached
	// value (see cacheOf); cache[j] holds key j's values for j >= 1, of
	// kind kind[j] (nil for cacheNone and for the first key).
	entries []keyEntry
	cache   [][]uint64
	kind    []int
	sc      keyScratch
}

// keyEntry is one line to sort: its first key's cached value, its
// first 8 bytes (most last-resort comparisons need no more), its
// number, where it is, and where its first key is in it (kl is farSpan
// when the line is too long for 16-bit offsets: the key is then found
// again), side by side so most comparisons read only the entries.
type keyEntry struct {
	head   uint64
	tie    uint64 // the line's first 8 bytes, for the last-resort comparison
	line   uint32
	off, n uint32
	kb, kl uint16
}

// farSpan marks a keyEntry whose first key's span did not fit.
const farSpan = math.MaxUint16

// keyScratch holds the two transformed keys of one comparison.
type keyScratch struct{ a, b []byte }

// keyLineCost is what keySort holds per line besides the input's bytes:
// an entry; cachedKeyCost more per cached key after the first.
const (
	keyLineCost   = 32
	cachedKeyCost = 8
)

// badFloat is a -g cache value that is not a number: a signalling NaN,
// which strtod never returns.
const badFloat = 0x7ff4_0000_0000_0bad

// cacheOf tells what keySort keeps per line for key k: a -g key's
// value, a -R key's MD5 head, a -M key's month, the first 8 bytes of a
// byte key under -d, -i or -f; nothing for the rest (cacheNone).
func cacheOf(k *sortKey) int {
	switch {
	case k.general:
		return cacheFloat
	case k.random:
		return cacheHash
	case k.month:
		return cacheMonth
	case k.numeric:
		return cacheNumber
	case k.human:
		return cacheHuman
	case k.version:
		return cacheVersion
	case k.dictionary || k.nonprinting || k.fold:
		return cachePrefix
	}
	return cacheNone
}

const (
	cacheNone = iota
	cacheFloat
	cacheHash
	cacheMonth
	cachePrefix
	cacheNumber // an integer of up to 18 digits, its sign bit flipped
	cacheHuman  // -h's unit order, then an integer under 2^55
	// cacheVersion is the length of a -V key without its file suffix
	// (vercmp.PrefixLen), which every comparison would find again.
	cacheVersion
	// cacheFolded is a first key under -f alone: its first 8 bytes
	// folded, the entry's kl its length (folding keeps lengths).
	cacheFolded
)

// slowKey is a -n or -h cache value that must be compared from the text
// (a fraction, or too many digits).
const slowKey = ^uint64(0)

// cachedKeys counts the keys after the first that keySort keeps a value
// of per line (the first key's value is in the entries).
func (s *sorter) cachedKeys() int {
	n := 0
	for _, k := range s.keys[min(1, len(s.keys)):] {
		if laterCache(k) != cacheNone {
			n++
		}
	}
	return n
}

// laterCache is what keySort keeps per line for a key after the first:
// only a -g value or a -R digest, which cost a parse or an MD5 to find
// again; the others are read from the text on the first key's ties,
// so three keys on short lines stay under 3x the input.
func laterCache(k *sortKey) int {
	switch c := cacheOf(k); c {
	case cacheFloat, cacheHash:
		return c
	}
	return cacheNone
}

// newKeySort indexes the lines of blocks (each ending in the delimiter,
// as readSortInput makes them), finds each line's first key and
// computes the cached keys.
func (s *sorter) newKeySort(blocks [][]byte) *keySort {
	n := countLines(blocks, s.delim)
	x := &indexSort{s: s}
	x.setBlocks(blocks)
	ks := &keySort{s: s, x: x, cache: make([][]uint64, len(s.keys)), kind: make([]int, len(s.keys)),
		entries: make([]keyEntry, 0, n)}
	for j, k := range s.keys {
		ks.kind[j] = cacheOf(k)
		switch {
		case j == 0 && ks.kind[j] == cachePrefix && k.dropTable() == nil:
			ks.kind[j] = cacheFolded
		case j > 0:
			ks.kind[j] = laterCache(k)
		}
		if j > 0 && ks.kind[j] != cacheNone {
			ks.cache[j] = make([]uint64, n)
		}
	}
	for b, data := range blocks {
		base := int(x.starts[b])
		for off := 0; off < len(data); {
			end := off + bytes.IndexByte(data[off:], s.delim)
			line := data[off:end]
			e := keyEntry{tie: prefix(line), line: uint32(len(ks.entries)), off: uint32(base + off), n: uint32(end - off)}
			for j, k := range s.keys {
				beg, lim := s.keyBounds(k, line)
				key := line[beg:lim]
				if j == 0 {
					e.kb, e.kl = farSpan, farSpan
					if len(line) < farSpan {
						e.kb, e.kl = uint16(beg), uint16(lim-beg)
					}
				}
				if ks.kind[j] == cacheNone {
					continue
				}
				v := ks.value(ks.kind[j], k, key)
				if j == 0 {
					e.head = v
				} else {
					ks.cache[j][e.line] = v
				}
			}
			ks.entries = append(ks.entries, e)
			off = end + 1
		}
	}
	return ks
}

// text is entry e's line.
func (ks *keySort) text(e *keyEntry) []byte { return ks.x.text(e.off, e.n) }

// firstKey is entry e's first key, in its line.
func (ks *keySort) firstKey(e *keyEntry, line []byte) []byte {
	if e.kl == farSpan {
		return ks.s.keySpan(ks.s.keys[0], line)
	}
	return line[e.kb : e.kb+e.kl]
}

// value is what the cache keeps of key k (its span in the line), of the
// given kind.
func (ks *keySort) value(kind int, k *sortKey, span []byte) uint64 {
	key := k.transform(span, &ks.sc.a)
	switch kind {
	case cacheFloat:
		if f, ok := smallInteger(key); ok {
			return math.Float64bits(f)
		}
		return floatKey(parseFloatPrefix(key))
	case cacheHash:
		h := ks.s.randomKey(key)
		return binary.BigEndian.Uint64(h[:8])
	case cacheMonth:
		return uint64(monthOf(key))
	case cacheNumber:
		v := fastNumber(key)
		if v == slowNumber {
			return slowKey
		}
		return uint64(v) ^ 1<<63
	case cacheHuman:
		v := fastNumber(key)
		if v == slowNumber || v >= 1<<55 || v <= -1<<55 {
			return slowKey
		}
		return uint64(unitOrder(key)+16)<<56 | uint64(v+1<<55)
	case cacheFolded:
		return prefix(key)
	case cacheVersion:
		return uint64(vercmp.PrefixLen(key))
	}
	// The first 7 bytes, then the length when the key has no more, so
	// equal short keys need no second look: 0xff marks a longer key.
	if len(key) < 8 {
		return prefix(key) | uint64(len(key))
	}
	return prefix(key) | 0xff
}

// floatKey encodes a -g value for the cache; every NaN becomes one.
func floatKey(f float64, ok bool) uint64 {
	switch {
	case !ok:
		return badFloat
	case f != f:
		return math.Float64bits(math.NaN())
	}
	return math.Float64bits(f)
}

func floatOf(v uint64) (float64, bool) {
	if v == badFloat {
		return 0, false
	}
	return math.Float64frombits(v), true
}

// compare is sorter.compare for two entries, reading the cached keys;
// sc is the caller's scratch (one per goroutine).
func (ks *keySort) compare(ea, eb *keyEntry, sc *keyScratch) int {
	s := ks.s
	i, j := ea.line, eb.line
	var a, b []byte
	for n, k := range s.keys {
		ci, cj := ea.head, eb.head
		if c := ks.cache[n]; c != nil {
			ci, cj = c[i], c[j]
		}
		kind := ks.kind[n]
		var d int
		switch kind {
		case cacheFloat:
			fa, oka := floatOf(ci)
			fb, okb := floatOf(cj)
			if d = generalCompare(fa, oka, fb, okb); d != 0 || !oka || !okb {
				break
			}
			kind = cacheNone // equal doubles, or NaNs: compareGeneral looks closer
		case cacheMonth:
			d = int(ci) - int(cj)
		case cacheNumber, cacheHuman:
			if ci != slowKey && cj != slowKey {
				if ci != cj {
					d = cmpUint(ci, cj)
				}
				break
			}
			kind = cacheNone
		case cacheVersion:
			if a == nil {
				a, b = ks.text(ea), ks.text(eb)
			}
			ka, kb := k.transform(ks.key(n, ea, a), &sc.a), k.transform(ks.key(n, eb, b), &sc.b)
			d = vercmp.ComparePrefixed(ka, int(ci), kb, int(cj))
		case cacheFolded:
			if ci != cj {
				d = cmpUint(ci, cj)
				break
			}
			if ea.kl == farSpan || eb.kl == farSpan {
				kind = cacheNone
				break
			}
			if min(ea.kl, eb.kl) <= 8 {
				d = int(ea.kl) - int(eb.kl) // one is the other's prefix
				break
			}
			if a == nil {
				a, b = ks.text(ea), ks.text(eb)
			}
			d = compareFolded(a[ea.kb+8:ea.kb+ea.kl], b[eb.kb+8:eb.kb+eb.kl], k)
		case cachePrefix, cacheHash:
			if ci != cj {
				d = cmpUint(ci, cj)
				break
			}
			if kind == cachePrefix && ci&0xff != 0xff {
				break // equal keys of under 8 bytes
			}
			kind = cacheNone
		}
		if kind == cacheNone {
			if a == nil {
				a, b = ks.text(ea), ks.text(eb)
			}
			d = s.compareSpans(k, ks.key(n, ea, a), ks.key(n, eb, b), sc)
		}
		if d != 0 {
			if k.reverse {
				return -d
			}
			return d
		}
	}
	if ea.tie != eb.tie && !(len(s.keys) > 0 && (s.unique || s.stable)) {
		d := cmpUint(ea.tie, eb.tie)
		if s.reverse {
			return -d
		}
		return d
	}
	if a == nil {
		a, b = ks.text(ea), ks.text(eb)
	}
	return s.lastResort(a, b)
}

// key is entry e's key n, in its line.
func (ks *keySort) key(n int, e *keyEntry, line []byte) []byte {
	if n == 0 {
		return ks.firstKey(e, line)
	}
	return ks.s.keySpan(ks.s.keys[n], line)
}

// lastResort compares whole lines after equal keys: by bytes, reversed
// by a global -r; not at all under -s or -u with keys.
func (s *sorter) lastResort(a, b []byte) int {
	if len(s.keys) > 0 && (s.unique || s.stable) {
		return 0
	}
	d := bytes.Compare(a, b)
	if s.reverse {
		return -d
	}
	return d
}

// keySpan is line's key k, as it stands in the line.
func (s *sorter) keySpan(k *sortKey, line []byte) []byte {
	beg, lim := s.keyBounds(k, line)
	return line[beg:lim]
}

// keyBounds is where key k starts and ends in line (empty at its start
// when it would end before it).
func (s *sorter) keyBounds(k *sortKey, line []byte) (beg, lim int) {
	beg, lim = s.begField(line, k), s.limField(line, k)
	return beg, max(beg, lim)
}

// transform is key span with -d, -i and -f applied (into *buf).
func (k *sortKey) transform(span []byte, buf *[]byte) []byte {
	if !k.dictionary && !k.nonprinting && !k.fold {
		return span
	}
	drop := k.dropTable()
	out := (*buf)[:0]
	for _, c := range span {
		if drop != nil && drop[c] {
			continue
		}
		if k.fold {
			c = upperTable[c]
		}
		out = append(out, c)
	}
	*buf = out
	return out
}

// compareSpans compares two spans of key k alone, unreversed, as GNU's
// keycompare: -d, -i and -f first, then the key's type.
func (s *sorter) compareSpans(k *sortKey, ka, kb []byte, sc *keyScratch) int {
	if cacheOf(k) == cachePrefix {
		return compareFolded(ka, kb, k)
	}
	ka, kb = k.transform(ka, &sc.a), k.transform(kb, &sc.b)
	switch {
	case k.random:
		ha, hb := s.randomKey(ka), s.randomKey(kb)
		if d := bytes.Compare(ha[:], hb[:]); d != 0 {
			return d
		}
		if s.xfrmNUL { // GNU compares what it hashed: "a" ties "a\x00"
			return bytes.Compare(s.xfrm(ka), s.xfrm(kb))
		}
		return bytes.Compare(ka, kb)
	case k.numeric:
		na, _ := parseNumber(ka)
		nb, _ := parseNumber(kb)
		return na.compare(nb)
	case k.general:
		return compareGeneral(ka, kb)
	case k.human:
		if d := unitOrder(ka) - unitOrder(kb); d != 0 {
			return d
		}
		na, _ := parseNumber(ka)
		nb, _ := parseNumber(kb)
		return na.compare(nb)
	case k.month:
		return monthOf(ka) - monthOf(kb)
	case k.version:
		return vercmp.Compare(ka, kb)
	}
	return bytes.Compare(ka, kb)
}

// compareFolded compares byte keys a and b as if -d, -i and -f had been
// applied to them (transform), without copying them.
func compareFolded(a, b []byte, k *sortKey) int {
	drop := k.dropTable()
	if drop == nil { // -f alone: equal bytes are equal folded
		n := min(len(a), len(b))
		i := 0
		for i+8 <= n && binary.LittleEndian.Uint64(a[i:]) == binary.LittleEndian.Uint64(b[i:]) {
			i += 8
		}
		for ; i < n; i++ {
			if a[i] != b[i] {
				if ca, cb := upperTable[a[i]], upperTable[b[i]]; ca != cb {
					return int(ca) - int(cb)
				}
			}
		}
		return len(a) - len(b)
	}
	tr := &sameTable
	if k.fold {
		tr = &upperTable
	}
	i, j := 0, 0
	for {
		for i < len(a) && drop[a[i]] {
			i++
		}
		for j < len(b) && drop[b[j]] {
			j++
		}
		if i == len(a) || j == len(b) {
			return (len(a) - i) - (len(b) - j) // only the sign counts
		}
		if ca, cb := tr[a[i]], tr[b[j]]; ca != cb {
			return int(ca) - int(cb)
		}
		i++
		j++
	}
}

// dropTable is the bytes -d or -i drops from key k (nil for neither).
func (k *sortKey) dropTable() *[256]bool {
	switch {
	case k.dictionary:
		return &dictionaryDrops
	case k.nonprinting:
		return &nonprintingDrops
	}
	return nil
}

// Byte tables for -d, -i and -f, as GNU's nondictionary, nonprinting
// and fold_toupper in the C locale; constant once made.
var (
	dictionaryDrops  = dropTableOf(func(c byte) bool { return !(isAlnum(c) || c == ' ' || c == '\t') })
	nonprintingDrops = dropTableOf(func(c byte) bool { return c < 32 || c >= 127 })
	upperTable       = byteTableOf(toUpper)
	sameTable        = byteTableOf(func(c byte) byte { return c })
)

func dropTableOf(drop func(byte) bool) (t [256]bool) {
	for c := range t {
		t[c] = drop(byte(c))
	}
	return t
}

func byteTableOf(f func(byte) byte) (t [256]byte) {
	for c := range t {
		t[c] = f(byte(c))
	}
	return t
}

// sortRuns sorts the entries in parts, one per core as GNU sort uses
// threads (equal lines in input order); emitSorted merges them.
func (ks *keySort) sortRuns() [][]keyEntry {
	n := len(ks.entries)
	parts := max(1, min(runtime.GOMAXPROCS(0), 8, n/50000))
	runs := make([][]keyEntry, parts)
	var wg sync.WaitGroup
	decides, rev := ks.headDecides()
	for p := range runs {
		runs[p] = ks.entries[n*p/parts : n*(p+1)/parts]
		wg.Go(func() {
			var sc keyScratch
			slices.SortFunc(runs[p], func(a, b keyEntry) int {
				if decides && a.head != b.head && a.head != slowKey && b.head != slowKey {
					if a.head < b.head != rev {
						return -1
					}
					return 1
				}
				if d := ks.compare(&a, &b, &sc); d != 0 {
					return d
				}
				return int(a.line) - int(b.line)
			})
		})
	}
	wg.Wait()
	return runs
}

// headDecides tells whether two different heads (neither slowKey)
// order their entries by their unsigned order alone, reversed when rev.
func (ks *keySort) headDecides() (decides, rev bool) {
	if len(ks.kind) == 0 {
		return false, false
	}
	switch ks.kind[0] {
	case cacheHash, cacheMonth, cachePrefix, cacheFolded, cacheNumber, cacheHuman:
		return true, ks.s.keys[0].reverse
	}
	return false, false
}

// emitSorted merges runs, calling emit with each entry in output order:
// the least head, the earliest run on a tie (as the runs hold
// consecutive parts of the input).
func (ks *keySort) emitSorted(runs [][]keyEntry, emit func(e *keyEntry)) {
	for {
		best := -1
		for p, r := range runs {
			if len(r) > 0 && (best < 0 || ks.compare(&r[0], &runs[best][0], &ks.sc) < 0) {
				best = p
			}
		}
		if best < 0 {
			return
		}
		emit(&runs[best][0])
		runs[best] = runs[best][1:]
	}
}

// allKeyBounds appends where each key starts and ends in line to dst.
func (s *sorter) allKeyBounds(line []byte, dst []int) []int {
	for _, k := range s.keys {
		beg, lim := s.keyBounds(k, line)
		dst = append(dst, beg, lim)
	}
	return dst
}

// compareBounded is sorter.compare for two lines whose keys' bounds
// are known (allKeyBounds).
func (s *sorter) compareBounded(a []byte, ka []int, b []byte, kb []int, sc *keyScratch) int {
	for n, k := range s.keys {
		if d := s.compareSpans(k, a[ka[2*n]:ka[2*n+1]], b[kb[2*n]:kb[2*n+1]], sc); d != 0 {
			if k.reverse {
				return -d
			}
			return d
		}
	}
	return s.lastResort(a, b)
}

// randomKey is GNU's -R digest of a key: MD5 of the salt and the key
// (in a UTF-8 locale, of its strxfrm: see xfrm).
func (s *sorter) randomKey(key []byte) [md5.Size]byte {
	h := md5.New()
	h.Write(s.salt[:])
	h.Write(key)
	if s.xfrmNUL && needsNUL(key) {
		h.Write([]byte{0})
	}
	var d [md5.Size]byte
	h.Sum(d[:0])
	return d
}

// xfrm is what GNU's -R hashes and compares of key in a UTF-8 locale
// (see sorter.xfrmNUL).
func (s *sorter) xfrm(key []byte) []byte {
	if needsNUL(key) {
		return append(key[:len(key):len(key)], 0)
	}
	return key
}

func needsNUL(key []byte) bool { return len(key) > 0 && key[len(key)-1] != 0 }
