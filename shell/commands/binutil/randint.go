package binutil

import (
	"errors"
	"io"
	"math"
)

// randint draws uniform integers from a byte stream the way gnulib's
// randint does for GNU shuf and sort -R: bytes are taken big-endian
// only as far as the range needs, and the unused part of a draw is kept
// for the next one, so `shuf --random-source=FILE` gives GNU's output
// for the same FILE.
type randint struct {
	r        io.Reader
	num, max uint64
	errEOF   error // what a source that runs dry reports
}

var errRandomEOF = errors.New("end of file")

// genmax returns a number in [0, genmax].
func (s *randint) genmax(genmax uint64) (uint64, error) {
	num, max := s.num, s.max
	choices := genmax + 1
	for {
		if max < genmax {
			var buf [8]byte
			n := 0
			for rmax := max; rmax < genmax; n++ {
				rmax = rmax<<8 | 0xff
			}
			if _, err := io.ReadFull(s.r, buf[:n]); err != nil {
				if err == io.EOF || err == io.ErrUnexpectedEOF {
					return 0, errRandomEOF
				}
				return 0, err
			}
			for i := 0; max < genmax; i++ {
				num = num<<8 | uint64(buf[i])
				max = max<<8 | 0xff
			}
		}
		if max == genmax {
			s.num, s.max = 0, 0
			return num, nil
		}
		excess := max - genmax
		unusable := excess % choices
		last := max - unusable
		reduced := num % choices
		if num <= last {
			s.num, s.max = num/choices, excess/choices
			return reduced, nil
		}
		num, max = reduced, unusable-1
	}
}

// choose returns a number in [0, n); n must be at least 1.
func (s *randint) choose(n uint64) (uint64, error) {
	if n == 0 {
		return s.genmax(math.MaxUint64)
	}
	return s.genmax(n - 1)
}
