package binutil

import (
	"bufio"
	"context"
	"encoding/base32"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"memsh/shell/command"
)

const base32Help = `Usage: base32 [OPTION]... [FILE]
Base32 encode or decode FILE, or standard input, to standard output.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  -d, --decode          decode data
  -i, --ignore-garbage  when decoding, ignore non-alphabet characters
  -w, --wrap=COLS       wrap encoded lines after COLS character (default 76).
                          Use 0 to disable line wrapping
      --help        display this help and exit

The data are encoded as described for the base32 alphabet in RFC 4648.
When decoding, the input may contain newlines in addition to the bytes of
the formal base32 alphabet.  Use --ignore-garbage to attempt to recover
from any other non-alphabet bytes in the encoded stream.
`

func runBase32(ctx context.Context, inv *command.Invocation) int {
	fset := inv.NewFlags()
	var decode, garbage bool
	var wrap string
	fset.BoolVarP(&decode, "decode", "d", false, "")
	fset.BoolVarP(&garbage, "ignore-garbage", "i", false, "")
	fset.StringVarP(&wrap, "wrap", "w", "76", "")
	files, st, ok := inv.ParseFlags(fset, 1)
	if !ok {
		return st
	}
	cols, ok := wrapCols(wrap)
	if !ok {
		inv.Errorf("invalid wrap size: %s", localeQuote(wrap))
		return 1
	}
	if len(files) > 1 {
		return inv.Usage(1, "extra operand %s", localeQuote(files[1]))
	}
	name := "-"
	if len(files) == 1 {
		name = files[0]
	}
	r, err := inv.OpenInput(ctx, name)
	if err != nil {
		return inv.PathError(name, err)
	}
	defer r.Close()
	w := newWriter(inv.Stdout)
	defer w.Flush()
	if decode {
		return base32Decode(ctx, inv, name, r, w, garbage)
	}
	enc := base32.StdEncoding
	in := make([]byte, 5*(bufSize/5))
	out := make([]byte, enc.EncodedLen(len(in)))
	lw := &command.LineWrapper{W: w, Cols: int(cols)}
	for {
		n, err := readFull(r, in)
		if n > 0 {
			enc.Encode(out, in[:n])
			lw.Write(out[:enc.EncodedLen(n)])
		}
		if err != nil {
			if err != io.EOF {
				if ctx.Err() != nil {
					return statusCancelled
				}
				w.Flush()
				return inv.PathError(name, err)
			}
			break
		}
	}
	lw.Close()
	if err := w.Flush(); err != nil {
		return 1
	}
	return 0
}

const b32Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"

func base32Decode(ctx context.Context, inv *command.Invocation, name string, r io.Reader, w *bufio.Writer, garbage bool) int {
	var val [256]int8
	for i := range val {
		val[i] = -1
	}
	for i := 0; i < len(b32Alphabet); i++ {
		val[b32Alphabet[i]] = int8(i)
	}
	br := bufio.NewReaderSize(r, bufSize)
	var quad [8]byte
	k := 0
	out := make([]byte, 5)
	invalid := func() int {
		w.Flush()
		inv.Errorf("invalid input")
		return 1
	}
	flush := func() bool {
		// Decode one 8-character group (with '=' padding).
		pad := 0
		for pad < 8 && quad[7-pad] == '=' {
			pad++
		}
		bits := 0
		var acc uint64
		for i := 0; i < 8-pad; i++ {
			if quad[i] == '=' {
				return false
			}
			acc = acc<<5 | uint64(val[quad[i]])
			bits += 5
		}
		nbytes := map[int]int{0: 5, 1: 4, 3: 3, 4: 2, 6: 1}[pad]
		if _, ok := map[int]int{0: 5, 1: 4, 3: 3, 4: 2, 6: 1}[pad]; !ok {
			return false
		}
		acc <<= uint(40 - bits)
		for i := 0; i < 5; i++ {
			out[i] = byte(acc >> uint(32-8*i))
		}
		w.Write(out[:nbytes])
		return true
	}
	ended := false
	for {
		c, err := br.ReadByte()
		if err != nil {
			if err != io.EOF {
				if ctx.Err() != nil {
					return statusCancelled
				}
				w.Flush()
				return inv.PathError(name, err)
			}
			break
		}
		if c == '\n' {
			continue
		}
		if val[c] < 0 && c != '=' {
			if garbage {
				continue
			}
			return invalid()
		}
		if ended {
			return invalid()
		}
		quad[k] = c
		k++
		if k == 8 {
			if !flush() {
				return invalid()
			}
			if quad[7] == '=' {
				ended = true
			}
			k = 0
		}
	}
	if k != 0 {
		return invalid()
	}
	if err := w.Flush(); err != nil {
		return 1
	}
	return 0
}

// wrapCols parses -w's COLS as coreutils' xstrtoimax does: strtoimax
// syntax (leading white space, a sign, decimal digits), nothing after
// the number, not negative; a value past the largest integer means no
// wrapping, as in coreutils.
func wrapCols(s string) (int64, bool) {
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

// localeQuote is gnulib's quote() in a UTF-8 locale, as coreutils
// prints an option argument: ‘...’ around it, a backslash before a
// backslash or the closing quote, C escapes (\t, \377) for control
// characters and bytes that are not valid UTF-8.
func localeQuote(s string) string {
	var b strings.Builder
	b.WriteString("‘")
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1, r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0:
			for _, c := range []byte(s[i : i+size]) {
				b.WriteString(command.CEscape(c))
			}
		case r == '\\':
			b.WriteString(`\\`)
		case r == '’':
			b.WriteString(`\’`)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	b.WriteString("’")
	return b.String()
}
