package archive

import (
	"encoding/binary"
	"hash/crc32"
	"io"
	"time"
)

// tinyMax is the largest input encodeTiny takes.
const tinyMax = 64

// tinyOK reports whether zlib would encode p as one fixed-Huffman block
// of literals: short inputs with no repeated three-byte string (no
// LZ77 match). For those, memsh's output is byte-for-byte GNU gzip's,
// so `echo hello | gzip | wc -c` prints what it prints on Linux.
func tinyOK(p []byte) bool {
	if len(p) > tinyMax {
		return false
	}
	seen := map[[3]byte]bool{}
	for i := 0; i+3 <= len(p); i++ {
		k := [3]byte{p[i], p[i+1], p[i+2]}
		if seen[k] {
			return false
		}
		seen[k] = true
	}
	return true
}

// bitWriter packs bits LSB-first, as deflate does.
type bitWriter struct {
	out   []byte
	acc   uint32
	nbits uint
}

func (b *bitWriter) bits(v uint32, n uint) {
	b.acc |= v << b.nbits
	b.nbits += n
	for b.nbits >= 8 {
		b.out = append(b.out, byte(b.acc))
		b.acc >>= 8
		b.nbits -= 8
	}
}

// code writes a Huffman code (given MSB-first) of n bits.
func (b *bitWriter) code(c uint32, n uint) {
	var r uint32
	for i := uint(0); i < n; i++ {
		r = r<<1 | (c>>i)&1
	}
	b.bits(r, n)
}

func (b *bitWriter) flush() []byte {
	if b.nbits > 0 {
		b.out = append(b.out, byte(b.acc))
	}
	return b.out
}

// fixedLiterals is p as a final fixed-Huffman deflate block.
func fixedLiterals(p []byte) []byte {
	var b bitWriter
	b.bits(1, 1) // BFINAL
	b.bits(1, 2) // BTYPE 01: fixed Huffman
	for _, c := range p {
		if c < 144 {
			b.code(0x30+uint32(c), 8)
		} else {
			b.code(0x190+uint32(c-144), 9)
		}
	}
	b.code(0, 7) // end of block
	return b.flush()
}

// encodeTiny writes a whole gzip member for p the way GNU gzip does.
func encodeTiny(w io.Writer, p []byte, name string, mtime time.Time, level int) (int64, error) {
	hdr := []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3}
	if name != "" {
		hdr[3] = 8 // FNAME
	}
	if !mtime.IsZero() {
		binary.LittleEndian.PutUint32(hdr[4:8], uint32(mtime.Unix()))
	}
	switch level {
	case 1:
		hdr[8] = 4
	case 9:
		hdr[8] = 2
	}
	if name != "" {
		hdr = append(append(hdr, name...), 0)
	}
	hdr = append(hdr, fixedLiterals(p)...)
	hdr = binary.LittleEndian.AppendUint32(hdr, crc32.ChecksumIEEE(p))
	hdr = binary.LittleEndian.AppendUint32(hdr, uint32(len(p)))
	n, err := w.Write(hdr)
	return int64(n), err
}
