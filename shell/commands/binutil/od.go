package binutil

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"

	"memsh/shell/command"
)

const odHelp = `Usage: od [OPTION]... [FILE]...
Write an unambiguous representation, octal bytes by default,
of FILE to standard output.  With more than one FILE argument,
concatenate them in the listed order to form the input.

With no FILE, or when FILE is -, read standard input.

Mandatory arguments to long options are mandatory for short options too.
  -A, --address-radix=RADIX   output format for file offsets; RADIX is one
                                of [doxn], for Decimal, Octal, Hex or None
      --endian={big|little}   swap input bytes according the specified order
  -j, --skip-bytes=BYTES      skip BYTES input bytes first
  -N, --read-bytes=BYTES      limit dump to BYTES input bytes
  -S BYTES, --strings[=BYTES]  show only NUL terminated strings
                          of at least BYTES (3) printable characters
  -t, --format=TYPE           select output format or formats
  -v, --output-duplicates     do not use * to mark line suppression
  -w[BYTES], --width[=BYTES]  output BYTES bytes per output line;
                                32 is implied when BYTES is not specified
      --traditional           accept arguments in third form above
      --help        display this help and exit

Traditional format specifications may be intermixed; they accumulate:
  -a   same as -t a,  select named characters, ignoring high-order bit
  -b   same as -t o1, select octal bytes
  -c   same as -t c,  select printable characters or backslash escapes
  -d   same as -t u2, select unsigned decimal 2-byte units
  -f   same as -t fF, select floats
  -i   same as -t dI, select decimal ints
  -l   same as -t dL, select decimal longs
  -o   same as -t o2, select octal 2-byte units
  -s   same as -t d2, select decimal 2-byte units
  -x   same as -t x2, select hexadecimal 2-byte units


TYPE is made up of one or more of these specifications:
  a          named character, ignoring high-order bit
  c          printable character or backslash escape
  d[SIZE]    signed decimal, SIZE bytes per integer
  f[SIZE]    floating point, SIZE bytes per float
  o[SIZE]    octal, SIZE bytes per integer
  u[SIZE]    unsigned decimal, SIZE bytes per integer
  x[SIZE]    hexadecimal, SIZE bytes per integer

SIZE is a number.  For TYPE in [doux], SIZE may also be C for
sizeof(char), S for sizeof(short), I for sizeof(int) or L for
sizeof(long).  If TYPE is f, SIZE may also be F for sizeof(float), D
for sizeof(double) or L for sizeof(long double).

Adding a z suffix to any type displays printable characters at the end of
each output line.


BYTES is hex with 0x or 0X prefix, and may have a multiplier suffix:
  b    512
  KB   1000
  K    1024
  MB   1000*1000
  M    1024*1024
and so on for G, T, P, E, Z, Y.
Binary prefixes can be used, too: KiB=K, MiB=M, and so on.
`

// odSpec is one output type: its letter, size in bytes, printed width
// and whether the z trailer follows it.
type odSpec struct {
	kind  byte // a c d f o u x
	size  int
	width int // digits of the widest value, without the separating space
	z     bool
}

// odWidths are the widest values of each integer type (GNU's table).
var odWidths = map[byte][9]int{
	'd': {0, 4, 6, 0, 11, 0, 0, 0, 20},
	'u': {0, 3, 5, 0, 10, 0, 0, 0, 20},
	'o': {0, 3, 6, 0, 11, 0, 0, 0, 22},
	'x': {0, 2, 4, 0, 8, 0, 0, 0, 16},
}

// parseODType parses one -t argument into specs.
func parseODType(s string) ([]odSpec, string) {
	var specs []odSpec
	orig := s
	for s != "" {
		k := s[0]
		s = s[1:]
		sp := odSpec{kind: k}
		switch k {
		case 'a', 'c':
			sp.size, sp.width = 1, 3
		case 'd', 'o', 'u', 'x':
			sp.size = 4
			if s != "" {
				switch s[0] {
				case 'C':
					sp.size, s = 1, s[1:]
				case 'S':
					sp.size, s = 2, s[1:]
				case 'I':
					sp.size, s = 4, s[1:]
				case 'L':
					sp.size, s = 8, s[1:]
				default:
					j := 0
					for j < len(s) && s[j] >= '0' && s[j] <= '9' {
						j++
					}
					if j > 0 {
						n, _ := strconv.Atoi(s[:j])
						if n != 1 && n != 2 && n != 4 && n != 8 {
							return nil, fmt.Sprintf("invalid type string ‘%s’;\nthis system doesn't provide a %d-byte integral type", orig, n)
						}
						sp.size, s = n, s[j:]
					}
				}
			}
			sp.width = odWidths[k][sp.size]
		case 'f':
			sp.size = 8
			if s != "" {
				switch s[0] {
				case 'F':
					sp.size, s = 4, s[1:]
				case 'D':
					sp.size, s = 8, s[1:]
				case 'L':
					sp.size, s = 8, s[1:]
				default:
					j := 0
					for j < len(s) && s[j] >= '0' && s[j] <= '9' {
						j++
					}
					if j > 0 {
						n, _ := strconv.Atoi(s[:j])
						if n != 4 && n != 8 {
							return nil, fmt.Sprintf("invalid type string ‘%s’;\nthis system doesn't provide a %d-byte floating point type", orig, n)
						}
						sp.size, s = n, s[j:]
					}
				}
			}
			sp.width = 15
			if sp.size == 8 {
				sp.width = 24
			}
		default:
			return nil, fmt.Sprintf("invalid character '%c' in type string ‘%s’", k, orig)
		}
		if strings.HasPrefix(s, "z") {
			sp.z, s = true, s[1:]
		}
		specs = append(specs, sp)
	}
	return specs, ""
}

var odNames = [...]string{"nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel",
	"bs", "ht", "nl", "vt", "ff", "cr", "so", "si",
	"dle", "dc1", "dc2", "dc3", "dc4", "nak", "syn", "etb",
	"can", "em", "sub", "esc", "fs", "gs", "rs", "us", "sp"}

// odFloat formats v as GNU od does: the shortest %g that reads back.
func odFloat(v float64, bits int) string {
	lo, hi := 6, 9
	minNormal := 0x1p-126
	if bits == 64 {
		lo, hi, minNormal = 15, 17, 0x1p-1022
	}
	if v != 0 && math.Abs(v) < minNormal {
		// Subnormals start from one digit, as gnulib's ftoastr does.
		lo = 1
	}
	for p := lo; p < hi; p++ {
		s := strconv.FormatFloat(v, 'g', p, bits)
		if back, err := strconv.ParseFloat(s, bits); err == nil && back == v {
			return cFloat(s)
		}
	}
	return cFloat(strconv.FormatFloat(v, 'g', hi, bits))
}

// cFloat spells Go's %g output as C's (inf, nan, two-digit exponents).
func cFloat(s string) string {
	switch s {
	case "+Inf":
		return "inf"
	case "-Inf":
		return "-inf"
	case "NaN":
		return "nan"
	}
	return s
}

// appendPadded appends s right-aligned in width w.
func appendPadded(dst []byte, w int, s []byte) []byte {
	for i := len(s); i < w; i++ {
		dst = append(dst, ' ')
	}
	return append(dst, s...)
}

// appendBase appends u in base 8 or 16, zero-padded to digits.
func appendBase(dst []byte, u uint64, base uint64, digits int) []byte {
	var tmp [24]byte
	i := len(tmp)
	for u > 0 || i == len(tmp) {
		i--
		tmp[i] = "0123456789abcdef"[u%base]
		u /= base
	}
	for n := len(tmp) - i; n < digits; n++ {
		dst = append(dst, '0')
	}
	return append(dst, tmp[i:]...)
}

// odAppendField appends one value of spec, right-aligned in w columns;
// the integer and character types avoid fmt (od's hot path).
func odAppendField(dst []byte, w int, sp odSpec, b []byte, big bool, scratch []byte) []byte {
	switch sp.kind {
	case 'x', 'o', 'u', 'd', 'c', 'a':
	default:
		return appendPadded(dst, w, []byte(odField(sp, b, big)))
	}
	var u uint64
	switch sp.size {
	case 1:
		u = uint64(b[0])
	case 2:
		if big {
			u = uint64(b[0])<<8 | uint64(b[1])
		} else {
			u = uint64(b[1])<<8 | uint64(b[0])
		}
	case 4:
		if big {
			u = uint64(binary.BigEndian.Uint32(b))
		} else {
			u = uint64(binary.LittleEndian.Uint32(b))
		}
	case 8:
		if big {
			u = binary.BigEndian.Uint64(b)
		} else {
			u = binary.LittleEndian.Uint64(b)
		}
	}
	scratch = scratch[:0]
	switch sp.kind {
	case 'x':
		scratch = appendBase(scratch, u, 16, sp.width)
	case 'o':
		scratch = appendBase(scratch, u, 8, sp.width)
	case 'u':
		scratch = strconv.AppendUint(scratch, u, 10)
	case 'd':
		shift := 64 - 8*uint(sp.size)
		scratch = strconv.AppendInt(scratch, int64(u<<shift)>>shift, 10)
	case 'c':
		c, _ := odChars()
		scratch = append(scratch, c[b[0]]...)
	case 'a':
		_, a := odChars()
		scratch = append(scratch, a[b[0]&0x7f]...)
	}
	return appendPadded(dst, w, scratch)
}

// odChars holds the -t c and -t a spellings of every byte, built on
// first use (not at start-up, which every memsh pays).
var odChars = sync.OnceValues(func() (c, a *[256]string) {
	c, a = new([256]string), new([256]string)
	for i := 0; i < 256; i++ {
		c[i] = odField(odSpec{kind: 'c', size: 1}, []byte{byte(i)}, false)
		a[i] = odField(odSpec{kind: 'a', size: 1}, []byte{byte(i)}, false)
	}
	return c, a
})

// odField formats one value of spec from b (little-endian unless big).
func odField(sp odSpec, b []byte, big bool) string {
	var order binary.ByteOrder = binary.LittleEndian
	if big {
		order = binary.BigEndian
	}
	var u uint64
	switch sp.size {
	case 1:
		u = uint64(b[0])
	case 2:
		u = uint64(order.Uint16(b))
	case 4:
		u = uint64(order.Uint32(b))
	case 8:
		u = order.Uint64(b)
	}
	switch sp.kind {
	case 'x':
		return fmt.Sprintf("%0*x", sp.width, u)
	case 'o':
		return fmt.Sprintf("%0*o", sp.width, u)
	case 'u':
		return strconv.FormatUint(u, 10)
	case 'd':
		shift := 64 - 8*uint(sp.size)
		return strconv.FormatInt(int64(u<<shift)>>shift, 10)
	case 'f':
		if sp.size == 4 {
			return odFloat(float64(math.Float32frombits(uint32(u))), 32)
		}
		return odFloat(math.Float64frombits(u), 64)
	case 'a':
		c := b[0] & 0x7f
		if c <= 0x20 {
			return odNames[c]
		}
		if c == 0x7f {
			return "del"
		}
		return string(rune(c))
	case 'c':
		c := b[0]
		switch {
		case c == 0:
			return `\0`
		case c >= 0x20 && c < 0x7f:
			return string(rune(c))
		}
		// The C escapes GNU's quoting writes, but three octal digits
		// without the backslash.
		if e := command.CEscape(c); len(e) == 2 {
			return e
		}
		return fmt.Sprintf("%03o", c)
	}
	return ""
}

func runOd(ctx context.Context, inv *command.Invocation) int {
	fset := inv.NewFlags()
	var radix, skip, count, endian string
	var types []string
	var verbose, traditional bool
	var width string
	fset.StringVarP(&radix, "address-radix", "A", "o", "")
	fset.StringVar(&endian, "endian", "little", "")
	fset.StringVarP(&skip, "skip-bytes", "j", "", "")
	fset.StringVarP(&count, "read-bytes", "N", "", "")
	fset.StringArrayVarP(&types, "format", "t", nil, "")
	fset.BoolVarP(&verbose, "output-duplicates", "v", false, "")
	fset.StringVarP(&width, "width", "w", "", "")
	fset.Lookup("width").NoOptDefVal = "32"
	fset.BoolVar(&traditional, "traditional", false, "")
	strs := fset.StringP("strings", "S", "", "")
	short := map[string]string{"a": "a", "b": "o1", "c": "c", "d": "u2", "f": "fF", "i": "dI", "l": "dL", "o": "o2", "s": "d2", "x": "x2", "D": "u4", "O": "o4", "X": "x4", "I": "dL", "L": "dL", "B": "o2", "e": "fD", "F": "fD", "h": "x2", "H": "x4"}
	for k := range short {
		fset.BoolP("trad-"+k, k, false, "")
	}
	// -w takes its value only when attached ("-w8"); pflag would read
	// the digits as options.
	sub := *inv
	sub.Args = append([]string(nil), inv.Args...)
	for i, a := range sub.Args[1:] {
		if a == "--" {
			break
		}
		if len(a) > 2 && a[0] == '-' && a[1] != '-' {
			if a[1] == 'w' {
				sub.Args[i+1] = "--width=" + a[2:]
			}
		}
		if a == "--strings" {
			sub.Args[i+1] = "--strings=3" // BYTES is optional in the long form
		}
	}
	files, st, ok := sub.ParseFlags(fset, 1)
	if !ok {
		return st
	}
	// Types accumulate in command-line order, -t and the letters alike.
	var specs []odSpec
	for i := 1; i < len(inv.Args); i++ {
		a := inv.Args[i]
		if a == "--" {
			break
		}
		if strings.HasPrefix(a, "--format") {
			v, has := strings.CutPrefix(a, "--format=")
			if !has && i+1 < len(inv.Args) {
				i++
				v = inv.Args[i]
			}
			sp, msg := parseODType(v)
			if msg != "" {
				inv.Errorf("%s", msg)
				return 1
			}
			specs = append(specs, sp...)
			continue
		}
		if len(a) < 2 || a[0] != '-' || a[1] == '-' {
			continue
		}
		for j := 1; j < len(a); j++ {
			c := a[j : j+1]
			if strings.Contains("AjNtwS", c) {
				v := a[j+1:]
				if v == "" && c != "w" && i+1 < len(inv.Args) {
					i++
					v = inv.Args[i]
				}
				if c == "t" {
					sp, msg := parseODType(v)
					if msg != "" {
						inv.Errorf("%s", msg)
						return 1
					}
					specs = append(specs, sp...)
				}
				break
			}
			if t, ok := short[c]; ok {
				sp, _ := parseODType(t)
				specs = append(specs, sp...)
			}
		}
	}
	if len(specs) == 0 {
		specs, _ = parseODType("o2")
	}
	var addrFmt string
	switch radix {
	case "o":
		addrFmt = "%07o"
	case "d":
		addrFmt = "%07d"
	case "x":
		addrFmt = "%06x"
	case "n":
	default:
		inv.Errorf("invalid output address radix '%s'; it must be one character from [doxn]", radix)
		return 1
	}
	var big bool
	switch endian {
	case "little":
	case "big":
		big = true
	default:
		inv.Errorf("invalid argument '%s' for '--endian'", endian)
		fmt.Fprintf(inv.Stderr, "Valid arguments are:\n  - 'big'\n  - 'little'\n")
		return inv.Usage(1, "")
	}
	var off, limit int64 = 0, -1
	if skip != "" {
		n, err := parseSize(skip, true)
		if err != nil {
			inv.Errorf("invalid -j argument '%s'", skip)
			return 1
		}
		off = n
	}
	if count != "" {
		n, err := parseSize(count, true)
		if err != nil {
			inv.Errorf("invalid -N argument '%s'", count)
			return 1
		}
		limit = n
	}
	maxSize := 1
	for _, sp := range specs {
		maxSize = max(maxSize, sp.size)
	}
	perLine := 16
	if width != "" {
		n, err := parseSize(width, false)
		if err != nil || n < 0 {
			inv.Errorf("invalid -w argument '%s'", width)
			return 1
		}
		perLine = int(n)
	}
	if perLine == 0 || perLine%lcmSizes(specs) != 0 {
		inv.Errorf("warning: invalid width %d; using %d instead", perLine, lcmSizes(specs))
		perLine = lcmSizes(specs)
	}
	// Every type's line is padded to the widest, spreading the padding
	// over its fields as GNU does.
	maxWidth := 0
	for _, sp := range specs {
		maxWidth = max(maxWidth, (perLine/sp.size)*(sp.width+1))
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	mr := &multiReader{ctx: ctx, inv: inv, names: files}
	mr.report = func(name string, err error) { inv.FileError(name, err) }
	w := newWriter(inv.Stdout)
	defer w.Flush()
	var r io.Reader = mr
	if off > 0 {
		n, _ := skipBytes(r, off)
		if ctx.Err() != nil {
			return statusCancelled
		}
		if n < off {
			w.Flush()
			inv.Errorf("cannot skip past end of combined input")
			return 1
		}
	}
	if limit >= 0 {
		r = io.LimitReader(r, limit)
	}
	if fset.Lookup("strings").Changed {
		n, err := parseSize(*strs, true)
		if err != nil || n < 0 {
			inv.Errorf("invalid -S argument %s", localeQuote(*strs))
			return 1
		}
		return odStrings(ctx, bufio.NewReader(r), w, int(n), off, addrFmt)
	}
	addr := off
	block := make([]byte, perLine)
	prev := make([]byte, perLine)
	padded := make([]byte, perLine+8)
	havePrev, starred := false, false
	// Each field's printed width, spreading a type's padding over its
	// fields as GNU does; the same for every line. Computed per field,
	// not tabled: -w1000000000 has half a billion fields.
	fieldWidth := func(s, f int) int {
		sp := specs[s]
		fields := perLine / sp.size
		total := maxWidth - fields*(sp.width+1)
		return total*(fields-f)/fields - total*(fields-f-1)/fields + sp.width + 1
	}
	addrWidth := 0
	if addrFmt != "" {
		addrWidth = len(fmt.Sprintf(addrFmt, 0))
	}
	appendAddr := func(dst []byte, a int64) []byte {
		switch radix {
		case "o":
			return appendBase(dst, uint64(a), 8, 7)
		case "x":
			return appendBase(dst, uint64(a), 16, 6)
		case "d":
			s := strconv.AppendInt(nil, a, 10)
			for i := len(s); i < 7; i++ {
				dst = append(dst, '0')
			}
			return append(dst, s...)
		}
		return dst
	}
	var line []byte
	scratch := make([]byte, 0, 64)
	for {
		n, err := readFull(r, block)
		if n == 0 {
			if ctx.Err() != nil {
				return statusCancelled
			}
			break
		}
		if !verbose && n == perLine && havePrev && bytes.Equal(block, prev) {
			if !starred {
				w.WriteString("*\n")
				starred = true
			}
		} else {
			starred = false
			line = line[:0]
			copy(padded, block[:n])
			clear(padded[n:min(n+8, len(padded))]) // the rest of a partial last value
			for i, sp := range specs {
				if i == 0 {
					line = appendAddr(line, addr)
				} else {
					for k := 0; k < addrWidth; k++ {
						line = append(line, ' ')
					}
				}
				shown := (n + sp.size - 1) / sp.size
				for f := 0; f < shown; f++ {
					line = odAppendField(line, fieldWidth(i, f), sp, padded[f*sp.size:], big, scratch)
				}
				if sp.z {
					rest := 0
					for f := shown; f < perLine/sp.size; f++ {
						rest += fieldWidth(i, f)
					}
					for k := 0; k < rest; k++ {
						line = append(line, ' ')
					}
					line = append(line, "  >"...)
					for _, c := range block[:n] {
						if c < 0x20 || c >= 0x7f {
							c = '.'
						}
						line = append(line, c)
					}
					line = append(line, '<')
				}
				line = append(line, '\n')
			}
			w.Write(line)
		}
		copy(prev, block[:n])
		havePrev = n == perLine
		addr += int64(n)
		if err != nil {
			break
		}
	}
	if addrFmt != "" && (mr.opened > 0 || mr.failed == 0) {
		fmt.Fprintf(w, addrFmt+"\n", addr)
	}
	if err := w.Flush(); err != nil {
		return 1
	}
	if mr.failed > 0 {
		return 1
	}
	return 0
}

// lcmSizes is the least common multiple of the types' sizes: a line
// must hold whole values of each.
func lcmSizes(specs []odSpec) int {
	l := 1
	for _, sp := range specs {
		a, b := l, sp.size
		for b != 0 {
			a, b = b, a%b
		}
		l = l / a * sp.size
	}
	return l
}

// odStrings is od -S N (GNU's dump_strings): each run of at least N
// printable bytes ended by a NUL, after its address; \n and the like
// inside print as C escapes.
func odStrings(ctx context.Context, r *bufio.Reader, w *bufio.Writer, n int, addr int64, addrFmt string) int {
	var buf []byte
	for {
		if ctx.Err() != nil {
			return statusCancelled
		}
		buf = buf[:0]
		terminated := false
		for {
			c, err := r.ReadByte()
			if err != nil {
				return 0
			}
			addr++
			if c == 0 && len(buf) >= n {
				terminated = true
				break
			}
			if c < 0x20 || c > 0x7e {
				buf = buf[:0]
				continue
			}
			buf = append(buf, c)
		}
		if !terminated {
			continue
		}
		if addrFmt != "" {
			fmt.Fprintf(w, addrFmt, addr-int64(len(buf))-1)
			w.WriteByte(' ')
		}
		w.Write(buf)
		w.WriteByte('\n')
	}
}
