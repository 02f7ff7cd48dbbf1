// Package baseenc is the streaming encoder and decoder behind base64,
// base32 and basenc: the RFC 4648 alphabets, base16, the base2 bit
// strings and Z85, with coreutils' wrapping and its decoders' behaviour
// on bad input (what was decoded before the bad byte is still written).
package baseenc

import (
	"bufio"
	"errors"
	"io"
	"math"
	"strconv"
	"strings"

	"memsh/shell/command"
)

// Encoding is one of basenc's alphabets.
type Encoding int

// The encodings, in basenc's option order.
const (
	Base64 Encoding = iota
	Base64URL
	Base32
	Base32Hex
	Base16
	Base2MSBF
	Base2LSBF
	Z85
)

// ErrInvalidInput is a decoding failure: "invalid input".
var ErrInvalidInput = errors.New("invalid input")

// ErrZ85Length is Z85 encoding's refusal of an input whose length is
// not a multiple of 4.
var ErrZ85Length = errors.New("invalid input (length must be multiple of 4 characters)")

// WriteError wraps a failure to write the output, so that callers can
// tell it from a read error.
type WriteError struct{ Err error }

func (e *WriteError) Error() string { return e.Err.Error() }
func (e *WriteError) Unwrap() error { return e.Err }

const (
	alphaBase64    = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	alphaBase64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	alphaBase32    = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	alphaBase32Hex = "0123456789ABCDEFGHIJKLMNOPQRSTUV"
	alphaBase16    = "0123456789ABCDEF"
	alphaZ85       = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"
)

// radix describes the bit-packing encodings: each character carries
// bits bits, a group of chars characters holds whole bytes, and a short
// last group is padded with '='.
type radix struct {
	alphabet string
	bits     int
	chars    int
	// partialAtEOF: a group cut short by the end of input is decoded
	// as far as it goes before failing (gnulib's base64 does this; its
	// base32 fails without output).
	partialAtEOF bool
	value        [256]int8
}

func newRadix(alphabet string, bits, chars int, partial bool) *radix {
	r := &radix{alphabet: alphabet, bits: bits, chars: chars, partialAtEOF: partial}
	for i := range r.value {
		r.value[i] = -1
	}
	for i := range len(alphabet) {
		r.value[alphabet[i]] = int8(i)
	}
	return r
}

var radixes = map[Encoding]*radix{
	Base64:    newRadix(alphaBase64, 6, 4, true),
	Base64URL: newRadix(alphaBase64URL, 6, 4, true),
	Base32:    newRadix(alphaBase32, 5, 8, false),
	Base32Hex: newRadix(alphaBase32Hex, 5, 8, false),
	Base16:    newRadix(alphaBase16, 4, 2, true),
}

var z85Value = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for i := range len(alphaZ85) {
		t[alphaZ85[i]] = int8(i)
	}
	return t
}()

const chunk = 48 << 10 // a multiple of every group size: 3, 5, 4

// Encode reads r to its end and writes its encoding to out, with a
// newline after every wrap characters (0: none) and at the end of a
// partial last line.
func Encode(out *bufio.Writer, r io.Reader, e Encoding, wrap int) error {
	lw := &command.LineWrapper{W: out, Cols: wrap}
	in := make([]byte, chunk)
	pending := 0
	var enc []byte
	group := map[Encoding]int{Base64: 3, Base64URL: 3, Base32: 5, Base32Hex: 5, Z85: 4}[e]
	if group == 0 {
		group = 1
	}
	for {
		n, err := r.Read(in[pending:])
		pending += n
		last := err == io.EOF
		if !last && err == nil && pending < len(in) {
			// Like coreutils, work on full buffers: Z85's length check
			// then comes before any output of a short input.
			continue
		}
		whole := pending - pending%group
		if last {
			if e == Z85 && pending%4 != 0 {
				return ErrZ85Length
			}
			whole = pending
		}
		if whole > 0 {
			enc = encodeBlock(enc[:0], in[:whole], e)
			if _, werr := lw.Write(enc); werr != nil {
				return &WriteError{werr}
			}
			pending = copy(in, in[whole:pending])
		}
		if last {
			if werr := lw.Close(); werr != nil {
				return &WriteError{werr}
			}
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// encodeBlock appends the encoding of p (whole groups, except at the end).
func encodeBlock(dst, p []byte, e Encoding) []byte {
	switch e {
	case Base2MSBF, Base2LSBF:
		for _, c := range p {
			for i := range 8 {
				bit := c >> (7 - i) & 1
				if e == Base2LSBF {
					bit = c >> i & 1
				}
				dst = append(dst, '0'+bit)
			}
		}
		return dst
	case Z85:
		for i := 0; i+4 <= len(p); i += 4 {
			v := uint32(p[i])<<24 | uint32(p[i+1])<<16 | uint32(p[i+2])<<8 | uint32(p[i+3])
			var five [5]byte
			for k := 4; k >= 0; k-- {
				five[k] = alphaZ85[v%85]
				v /= 85
			}
			dst = append(dst, five[:]...)
		}
		return dst
	}
	rx := radixes[e]
	var acc uint32
	nbits := 0
	for _, c := range p {
		acc = acc<<8 | uint32(c)
		nbits += 8
		for nbits >= rx.bits {
			nbits -= rx.bits
			dst = append(dst, rx.alphabet[acc>>nbits&(1<<rx.bits-1)])
		}
	}
	if nbits > 0 {
		dst = append(dst, rx.alphabet[acc<<(rx.bits-nbits)&(1<<rx.bits-1)])
		for n := 0; (len(dst))%rx.chars != 0 && n < rx.chars; n++ {
			dst = append(dst, '=')
		}
	}
	return dst
}

// Decode reads encoded text from r and writes the bytes to out.
// Newlines are skipped, and with ignoreGarbage every byte outside the
// alphabet ('=' excepted). Bad input returns ErrInvalidInput after the
// bytes decoded before it are written, as coreutils does.
func Decode(out *bufio.Writer, r io.Reader, e Encoding, ignoreGarbage bool) error {
	var d decoder
	switch e {
	case Base2MSBF, Base2LSBF:
		d = &base2Decoder{lsbf: e == Base2LSBF}
	case Z85:
		d = &z85Decoder{}
	default:
		d = &radixDecoder{rx: radixes[e]}
	}
	buf := make([]byte, chunk)
	for {
		n, err := r.Read(buf)
		for _, c := range buf[:n] {
			if c == '\n' {
				continue
			}
			if ignoreGarbage && !d.inAlphabet(c) {
				continue
			}
			if !d.add(out, c) {
				return flushed(out, ErrInvalidInput)
			}
		}
		if _, werr := out.Write(nil); werr != nil {
			return &WriteError{werr}
		}
		if err == io.EOF {
			if !d.end(out) {
				return flushed(out, ErrInvalidInput)
			}
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// flushed returns err, or the write error that hides behind it.
func flushed(out *bufio.Writer, err error) error {
	if _, werr := out.Write(nil); werr != nil {
		return &WriteError{werr}
	}
	return err
}

type decoder interface {
	inAlphabet(c byte) bool
	// add takes one character; false means the input is invalid.
	add(out *bufio.Writer, c byte) bool
	// end is called at the end of input; false means it was invalid.
	end(out *bufio.Writer) bool
}

// radixDecoder decodes base64, base32 and base16 a group at a time,
// as gnulib's decode_4 and decode_8 do: each byte is written as soon as
// its characters are checked, so a bad character still lets the bytes
// before it out. base64 does this even for a group cut short by the end
// of the input; base32 collects a whole group first, so a short last
// group writes nothing.
type radixDecoder struct {
	rx     *radix
	n      int    // characters of the current group seen
	padded bool   // '=' seen in this group
	failed bool   // base32: a bad character, waiting for the group's end
	acc    uint32 // bits not yet written
	nbits  int
	held   []byte // base32: the group's bytes, written when it is whole
}

func (d *radixDecoder) inAlphabet(c byte) bool { return d.rx.value[c] >= 0 || c == '=' }

func (d *radixDecoder) add(out *bufio.Writer, c byte) bool {
	rx := d.rx
	ok := d.failed || d.take(out, c)
	if !ok {
		if rx.partialAtEOF {
			return false
		}
		d.failed = true
	}
	d.n++
	if d.n < rx.chars {
		return true
	}
	out.Write(d.held)
	d.n, d.padded, d.acc, d.nbits, d.held = 0, false, 0, 0, d.held[:0]
	if d.failed {
		return false
	}
	return true
}

// take checks one character of a group and writes (or holds) the byte
// it completes.
func (d *radixDecoder) take(out *bufio.Writer, c byte) bool {
	rx := d.rx
	switch {
	case d.padded:
		return c == '='
	case c == '=':
		// Padding may start only where the data characters so far
		// hold whole bytes plus fewer spare bits than a character.
		if rx.bits == 4 || d.n < 2 || d.n*rx.bits%8 >= rx.bits {
			return false
		}
		d.padded = true
		return true
	}
	v := rx.value[c]
	if v < 0 {
		return false
	}
	d.acc = d.acc<<rx.bits | uint32(v)
	d.nbits += rx.bits
	if d.nbits >= 8 {
		d.nbits -= 8
		b := byte(d.acc >> d.nbits)
		d.acc &= 1<<d.nbits - 1
		if rx.partialAtEOF {
			out.WriteByte(b)
		} else {
			d.held = append(d.held, b)
		}
	}
	return true
}

func (d *radixDecoder) end(*bufio.Writer) bool { return d.n == 0 }

// base2Decoder reads eight '0'/'1' characters per byte.
type base2Decoder struct {
	lsbf bool
	n    int
	b    byte
}

func (d *base2Decoder) inAlphabet(c byte) bool { return c == '0' || c == '1' }

func (d *base2Decoder) add(out *bufio.Writer, c byte) bool {
	if c != '0' && c != '1' {
		return false
	}
	bit := c - '0'
	if d.lsbf {
		d.b |= bit << d.n
	} else {
		d.b = d.b<<1 | bit
	}
	d.n++
	if d.n == 8 {
		out.WriteByte(d.b)
		d.n, d.b = 0, 0
	}
	return true
}

func (d *base2Decoder) end(*bufio.Writer) bool { return d.n == 0 }

// z85Decoder reads five characters per four bytes.
type z85Decoder struct {
	n int
	v uint64
}

func (d *z85Decoder) inAlphabet(c byte) bool { return z85Value[c] >= 0 }

func (d *z85Decoder) add(out *bufio.Writer, c byte) bool {
	v := z85Value[c]
	if v < 0 {
		return false
	}
	d.v = d.v*85 + uint64(v)
	d.n++
	if d.n == 5 {
		if d.v > 0xffffffff {
			return false
		}
		out.Write([]byte{byte(d.v >> 24), byte(d.v >> 16), byte(d.v >> 8), byte(d.v)})
		d.n, d.v = 0, 0
	}
	return true
}

func (d *z85Decoder) end(*bufio.Writer) bool { return d.n == 0 }

// ParseWrap parses -w's COLS as coreutils' xstrtoimax does: strtoimax
// syntax (leading white space, a sign, decimal digits), nothing after
// the number, not negative; a value past the largest integer means no
// wrapping, as in coreutils.
func ParseWrap(s string) (int64, bool) {
	t := strings.TrimLeft(s, " \t\n\v\f\r")
	if t == "" {
		return 0, false
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange && t[0] != '-' {
			return 0, true
		}
		return 0, false
	}
	if n < 0 {
		return 0, false
	}
	if n > math.MaxInt32 {
		// The line wrapper counts columns in an int; no line is
		// that long before memory runs out anyway.
		n = math.MaxInt32
	}
	return n, true
}
