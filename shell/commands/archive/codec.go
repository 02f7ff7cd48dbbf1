package archive

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"errors"
	"io"
	"time"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/zstd"
	"github.com/ulikunitz/xz"
)

// codec names a compression format tar and the compressors share.
type codec int

const (
	codecNone codec = iota
	codecGzip
	codecBzip2
	codecXz
	codecZstd
)

// errNoBzip2Writer: Go has a bzip2 reader only, and memsh does not write
// its own encoder; compressing says so instead of producing a wrong file.
var errNoBzip2Writer = errors.New("bzip2 compression is not supported in memsh (decompression is)")

// sniff detects a compression format from an input's first bytes.
func sniff(b []byte) codec {
	switch {
	case len(b) >= 2 && b[0] == 0x1f && b[1] == 0x8b:
		return codecGzip
	case len(b) >= 3 && string(b[:3]) == "BZh":
		return codecBzip2
	case len(b) >= 6 && bytes.Equal(b[:6], []byte{0xfd, '7', 'z', 'X', 'Z', 0}):
		return codecXz
	case len(b) >= 4 && bytes.Equal(b[:4], []byte{0x28, 0xb5, 0x2f, 0xfd}):
		return codecZstd
	}
	return codecNone
}

// newDecoder wraps r in c's decompressor. The closer releases the
// decoder's resources (zstd's goroutines).
func newDecoder(c codec, r io.Reader) (io.Reader, func(), error) {
	switch c {
	case codecGzip:
		zr, err := gzip.NewReader(r)
		if err != nil {
			return nil, nil, err
		}
		return zr, func() { zr.Close() }, nil
	case codecBzip2:
		return bzip2.NewReader(r), func() {}, nil
	case codecXz:
		zr, err := xz.NewReader(r)
		if err != nil {
			return nil, nil, err
		}
		return zr, func() {}, nil
	case codecZstd:
		zr, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(1<<29))
		if err != nil {
			return nil, nil, err
		}
		return zr, zr.Close, nil
	}
	return r, func() {}, nil
}

// gzipTime is the time for klauspost's gzip header: it stores a zero
// time.Time as the seconds before 1970 cut to 32 bits, where gzip's
// "no time" is 0.
func gzipTime(t time.Time) time.Time {
	if t.IsZero() {
		return time.Unix(0, 0)
	}
	return t
}

// newEncoder wraps w in c's compressor at its default level.
func newEncoder(c codec, w io.Writer) (io.WriteCloser, error) {
	switch c {
	case codecGzip:
		zw, err := gzip.NewWriterLevel(w, gzip.DefaultCompression)
		if err == nil {
			// GNU tar pipes through gzip -n semantics: no name, time 0.
			zw.OS, zw.ModTime = 3, gzipTime(time.Time{})
		}
		return zw, err
	case codecBzip2:
		return nil, errNoBzip2Writer
	case codecXz:
		return xz.NewWriter(w)
	case codecZstd:
		return zstd.NewWriter(w, zstd.WithEncoderConcurrency(1))
	}
	return nopWriteCloser{w}, nil
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

// peekCodec detects the format at the start of br without consuming it.
func peekCodec(br *bufio.Reader) codec {
	b, _ := br.Peek(6)
	return sniff(b)
}

// codecBySuffix is tar -a's choice from the archive name.
func codecBySuffix(name string) codec {
	for _, s := range []struct {
		suffix string
		c      codec
	}{
		{".tar.gz", codecGzip}, {".tgz", codecGzip}, {".taz", codecGzip}, {".gz", codecGzip},
		{".tar.bz2", codecBzip2}, {".tbz", codecBzip2}, {".tbz2", codecBzip2}, {".tz2", codecBzip2}, {".bz2", codecBzip2},
		{".tar.xz", codecXz}, {".txz", codecXz}, {".xz", codecXz},
		{".tar.zst", codecZstd}, {".tzst", codecZstd}, {".zst", codecZstd},
	} {
		if len(name) > len(s.suffix) && name[len(name)-len(s.suffix):] == s.suffix {
			return s.c
		}
	}
	return codecNone
}
