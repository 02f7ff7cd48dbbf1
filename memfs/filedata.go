package memfs

import (
	"io"
	"syscall"
)

// A regular file's bytes are kept in chunks of chunkSize bytes, so that a
// growing file never copies what it already holds: an append past the
// last chunk adds a chunk, as tmpfs adds a page. Only a file that fits
// in one chunk grows that chunk geometrically (max(2*cap, needed)), so a
// small file costs what it holds, not 64 KiB; once it needs a second
// chunk its first is grown to full size. Growth copies under 2*chunkSize
// bytes in all, whatever the final size: n appends of k bytes cost
// O(n*k) (each write's own copy), never O(n^2*k).
const (
	chunkShift = 16
	chunkSize  = 1 << chunkShift // 64 KiB
	chunkMask  = chunkSize - 1
)

// fileData is a regular file's bytes.
//
// Every chunk but the last holds chunkSize bytes (len == cap); the last
// holds at most chunkSize, fewer only when it is the file's only chunk or
// a limit stopped its growth. A nil chunk is a hole: its chunkSize bytes
// count as capacity (reserved against MaxBytes, as a dense buffer's
// would) but are not allocated until a write lands in them, and read as
// zeros. A nil chunk is never the last.
//
// Bytes [0, stored) are the file's. What the chunks hold past stored is
// never read (readers see zeros there up to the logical size) and a write
// that starts past stored zeroes the gap first, so the bytes there may be
// stale: a reused chunk's old bytes, or bytes a truncate cut off. That
// spares clearing a chunk an append is about to fill (clearing a reused
// 64 KiB chunk costs more than the appends' copies into it).
type fileData struct {
	chunks [][]byte
	stored int64
	// shared marks (bit i: chunk i) the chunks an undo record holds too,
	// which a write must copy first (undo.go); nil when none is.
	shared []uint64
}

// isShared reports whether chunk i is marked as held by a record.
func (d *fileData) isShared(i int) bool {
	w := i >> 6
	return w < len(d.shared) && d.shared[w]&(1<<(i&63)) != 0
}

// unmark clears chunk i's shared mark.
func (d *fileData) unmark(i int) {
	if w := i >> 6; w < len(d.shared) {
		d.shared[w] &^= 1 << (i & 63)
	}
}

// capacity is the bytes d counts against MaxBytes.
func (d *fileData) capacity() int64 {
	k := len(d.chunks)
	if k == 0 {
		return 0
	}
	last := int64(chunkSize)
	if c := d.chunks[k-1]; c != nil {
		last = int64(len(c))
	}
	return int64(k-1)*chunkSize + last
}

// read copies the stored bytes at off into p and returns how many it
// copied: fewer than len(p) when p reaches past stored.
func (d *fileData) read(p []byte, off int64) int {
	if off >= d.stored {
		return 0
	}
	p = p[:min(int64(len(p)), d.stored-off)]
	c := 0
	for c < len(p) {
		ch := d.chunks[off>>chunkShift]
		o := off & chunkMask
		var k int
		if ch == nil {
			k = min(len(p)-c, int(chunkSize-o))
			clear(p[c : c+k])
		} else {
			k = copy(p[c:], ch[o:])
		}
		c += k
		off += int64(k)
	}
	return c
}

// zero clears [from, to) in the allocated chunks (holes are zero already).
func (d *fileData) zero(from, to int64) {
	for from < to {
		ch := d.chunks[from>>chunkShift]
		o := from & chunkMask
		k := min(chunkSize-o, to-from)
		if ch != nil {
			clear(ch[o : o+k])
		}
		from += k
	}
}

// write stores p at off; the capacity must reach off+len(p). Holes it
// lands in are allocated by alloc.
func (d *fileData) write(p []byte, off int64, alloc func() []byte) {
	if off > d.stored {
		d.zero(d.stored, off)
	}
	end := off + int64(len(p))
	for len(p) > 0 {
		i := off >> chunkShift
		ch := d.chunks[i]
		if ch == nil {
			ch = alloc()
			d.chunks[i] = ch
		}
		k := copy(ch[off&chunkMask:], p)
		p = p[k:]
		off += int64(k)
	}
	d.stored = max(d.stored, end)
}

// newChunk returns size bytes, stale ones unless zeroed is set: a full
// chunk comes from the filesystem's free chunks when it has one (Go would
// otherwise fault in fresh memory for every chunk while fast guests keep
// its collector off).
func (f *FS) newChunk(size int64, zeroed bool) []byte {
	if size == chunkSize {
		if c, ok := f.freeChunks.Get().(*[chunkSize]byte); ok {
			if zeroed {
				clear(c[:])
			}
			return c[:]
		}
	}
	return make([]byte, size)
}

// holeChunk allocates a hole fileData.write stores into: zeroed, since
// the hole may lie below stored, where it reads as zeros.
func (f *FS) holeChunk() []byte { return f.newChunk(chunkSize, true) }

// resize grows d's capacity to c (at least its capacity now), keeping its
// stored bytes. Chunks that end at or before hole, the first byte the
// coming write stores, are left as holes. The caller has reserved the
// bytes and made sure no undo record shares d's chunks.
func (f *FS) resize(d *fileData, c, hole int64) {
	if k := len(d.chunks); k > 0 {
		last := d.chunks[k-1]
		base := int64(k-1) * chunkSize
		if last != nil && len(last) < chunkSize {
			if size := min(chunkSize, c-base); size > int64(len(last)) {
				grown := f.newChunk(size, false)
				keep := min(max(d.stored-base, 0), int64(len(last)))
				copy(grown, last[:keep])
				f.copied.Add(keep)
				d.chunks[k-1] = grown
			}
		}
	}
	for cur := d.capacity(); cur < c; {
		size := min(chunkSize, c-cur)
		var ch []byte
		if cur+size > hole || size < chunkSize {
			ch = f.newChunk(size, false)
		}
		d.chunks = append(d.chunks, ch)
		cur += size
	}
}

// targetCap is the capacity a file of capacity old grows to when it needs
// need bytes: geometric within the first chunk, whole chunks beyond it,
// capped at MaxFileSize.
func (f *FS) targetCap(old, need int64) int64 {
	c := (need + chunkMask) &^ chunkMask
	if need <= chunkSize {
		c = min(max(2*old, need), chunkSize)
	}
	if m := f.opts.MaxFileSize; m > 0 && c > m {
		c = max(m, need)
	}
	return c
}

// grow makes n's capacity at least need (see targetCap). When MaxBytes
// cannot hold that, it takes all that is left (never an exact fit, which
// would make every later append grow again), unless that would not even
// reach from, the first byte the write stores. It returns the capacity
// obtained, and ENOSPC when that is short of need. Caller holds n.mu and
// has unshared n's data.
func (f *FS) grow(n *inode, need, from int64) (int64, syscall.Errno) {
	old := n.data.capacity()
	if need <= old {
		return old, 0
	}
	newCap := f.targetCap(old, need)
	if f.availBytes() < newCap-old {
		f.reclaim(newCap-old, false)
	}
	for {
		c := min(newCap, old+f.availBytes())
		if c <= old || c <= from {
			f.hitSpace()
			return old, syscall.ENOSPC
		}
		if f.reserveBytes(c - old) {
			newCap = c
			break
		}
		// another file took the room meanwhile: look again
	}
	f.resize(&n.data, newCap, from)
	if newCap < need {
		f.hitSpace()
		return newCap, syscall.ENOSPC
	}
	return newCap, 0
}

// shrink cuts n's data to size bytes: it lets go of the chunks wholly
// past size (a file's only chunk is kept). The caller has unshared n's
// table. Caller holds n.mu.
func (f *FS) shrink(n *inode, size int64) {
	d := &n.data
	keep := max(1, int((size+chunkMask)>>chunkShift))
	if keep < len(d.chunks) {
		f.dropChunks(n, keep)
		if d.chunks[keep-1] == nil {
			d.chunks[keep-1] = f.newChunk(chunkSize, true) // the last chunk is never a hole
		}
	}
	d.stored = min(d.stored, size)
}

// fill reads size bytes from r into n's data, which is empty, with
// capacity exactly size, reserved by the caller. It returns the bytes
// read; fewer than size with io.ErrUnexpectedEOF.
func (f *FS) fill(n *inode, r io.Reader, size int64) (int64, error) {
	d := &n.data
	for c := int64(0); c < size; c += chunkSize {
		d.chunks = append(d.chunks, f.newChunk(min(chunkSize, size-c), false))
	}
	for _, ch := range d.chunks {
		k, err := io.ReadFull(r, ch)
		d.stored += int64(k)
		if err == io.EOF && d.stored > 0 {
			err = io.ErrUnexpectedEOF
		}
		if err != nil {
			return d.stored, err
		}
	}
	return d.stored, nil
}
