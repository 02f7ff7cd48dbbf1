package binutil

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"

	"memsh/shell/command"
)

const hexdumpHelp = `Usage:
 hexdump [options] <file>...

Display file contents in hexadecimal, decimal, octal, or ascii.

Options:
 -b, --one-byte-octal      one-byte octal display
 -c, --one-byte-char       one-byte character display
 -C, --canonical           canonical hex+ASCII display
 -d, --two-bytes-decimal   two-byte decimal display
 -e, --format <format>     format string to be used for displaying data
 -f, --format-file <file>  file that contains format strings
 -o, --two-bytes-octal     two-byte octal display
 -x, --two-bytes-hex       two-byte hexadecimal display
 -n, --length <length>     interpret only length bytes of input
 -s, --skip <offset>       skip offset bytes from the beginning
 -v, --no-squeezing        output identical lines

 -h, --help                display this help

Arguments:
 <length> and <offset> arguments may be followed by the suffixes for
   KiB (=1024), MiB (=1024*1024), and so on for GiB, TiB, PiB, EiB, ZiB and YiB
   (the "iB" is optional, e.g., "K" has the same meaning as "KiB")
`

// hexFormat renders one 16-byte block (n of its bytes valid) as a line.
type hexFormat func(b *bytes.Buffer, addr int64, block []byte, n int)

// hexAddr7 is the seven-digit address of every format but -C.
func hexAddr7(b *bytes.Buffer, addr int64) {
	var tmp [24]byte
	b.Write(appendBase(tmp[:0], uint64(addr), 16, 7))
}

// hexUnit writes v in base (8, 10 or 16) zero-padded to digits, without
// fmt: hexdump formats every byte of its input.
func hexUnit(b *bytes.Buffer, v uint64, base uint64, digits int) {
	var tmp [24]byte
	if base == 10 {
		s := strconv.AppendUint(tmp[:0], v, 10)
		for i := len(s); i < digits; i++ {
			b.WriteByte('0')
		}
		b.Write(s)
		return
	}
	b.Write(appendBase(tmp[:0], v, base, digits))
}

// twoByte renders eight little-endian 16-bit units in base, each after
// sep; missing units are blank.
func twoByte(sep string, width int, base uint64) hexFormat {
	return func(b *bytes.Buffer, addr int64, block []byte, n int) {
		hexAddr7(b, addr)
		for i := 0; i < 16; i += 2 {
			b.WriteString(sep)
			if i >= n {
				b.Write(bytes.Repeat([]byte{' '}, width))
				continue
			}
			v := uint64(block[i])
			if i+1 < n {
				v |= uint64(block[i+1]) << 8
			}
			hexUnit(b, v, base, width)
		}
		b.WriteByte('\n')
	}
}

// oneByte renders sixteen bytes through conv, each after a space.
func oneByte(conv func(c byte) []byte) hexFormat {
	return func(b *bytes.Buffer, addr int64, block []byte, n int) {
		hexAddr7(b, addr)
		for i := 0; i < 16; i++ {
			b.WriteByte(' ')
			if i >= n {
				b.WriteString("   ")
				continue
			}
			b.Write(conv(block[i]))
		}
		b.WriteByte('\n')
	}
}

// hexChar is hexdump's %_c: the character, a C escape, or octal.
func hexChar(c byte) string {
	switch c {
	case 0:
		return ` \0`
	case '\a':
		return ` \a`
	case '\b':
		return ` \b`
	case '\f':
		return ` \f`
	case '\n':
		return ` \n`
	case '\r':
		return ` \r`
	case '\t':
		return ` \t`
	case '\v':
		return ` \v`
	}
	if c >= 0x20 && c < 0x7f {
		return "  " + string(c)
	}
	return fmt.Sprintf("%03o", c)
}

func canonical(b *bytes.Buffer, addr int64, block []byte, n int) {
	hexUnit(b, uint64(addr), 16, 8)
	b.WriteByte(' ')
	for i := 0; i < 16; i++ {
		if i == 8 {
			b.WriteByte(' ')
		}
		if i >= n {
			b.WriteString("   ")
			continue
		}
		c := block[i]
		b.Write([]byte{' ', hexDigits[c>>4], hexDigits[c&15]})
	}
	b.WriteString("  |")
	for _, c := range block[:n] {
		if c < 0x20 || c >= 0x7f {
			c = '.'
		}
		b.WriteByte(c)
	}
	b.WriteString("|\n")
}

const hexDigits = "0123456789abcdef"

// byteSpellings holds -b's and -c's spelling of every byte, built on
// first use (not at start-up, which every memsh pays).
var byteSpellings = sync.OnceValues(func() (o, c *[256][]byte) {
	o, c = new([256][]byte), new([256][]byte)
	for i := 0; i < 256; i++ {
		o[i] = []byte(fmt.Sprintf("%03o", i))
		c[i] = []byte(hexChar(byte(i)))
	}
	return o, c
})

var hexFormats = map[string]hexFormat{
	"b": oneByte(func(c byte) []byte { o, _ := byteSpellings(); return o[c] }),
	"c": oneByte(func(c byte) []byte { _, ch := byteSpellings(); return ch[c] }),
	"C": canonical,
	"d": twoByte("   ", 5, 10),
	"o": twoByte("  ", 6, 8),
	"x": twoByte("    ", 4, 16),
	"":  twoByte(" ", 4, 16),
}

func runHexdump(ctx context.Context, inv *command.Invocation) int {
	fset := inv.NewFlags()
	var b, c, C, d, o, x, v bool
	var length, skip string
	var exprs, formatFiles []string
	fset.StringArrayVarP(&exprs, "format", "e", nil, "")
	fset.StringArrayVarP(&formatFiles, "format-file", "f", nil, "")
	fset.BoolVarP(&b, "one-byte-octal", "b", false, "")
	fset.BoolVarP(&c, "one-byte-char", "c", false, "")
	fset.BoolVarP(&C, "canonical", "C", false, "")
	fset.BoolVarP(&d, "two-bytes-decimal", "d", false, "")
	fset.BoolVarP(&o, "two-bytes-octal", "o", false, "")
	fset.BoolVarP(&x, "two-bytes-hex", "x", false, "")
	fset.BoolVarP(&v, "no-squeezing", "v", false, "")
	fset.StringVarP(&length, "length", "n", "", "")
	fset.StringVarP(&skip, "skip", "s", "", "")
	files, st, ok := inv.ParseFlags(fset, 1)
	if !ok {
		return st
	}
	// Formats print in the order given, as hexdump applies each to every
	// block.
	var formats []hexFormat
	var canon bool
	for _, a := range inv.Args[1:] {
		if a == "--" {
			break
		}
		switch a {
		case "--one-byte-octal", "--one-byte-char", "--canonical", "--two-bytes-decimal", "--two-bytes-octal", "--two-bytes-hex":
			m := map[string]string{"--one-byte-octal": "b", "--one-byte-char": "c", "--canonical": "C", "--two-bytes-decimal": "d", "--two-bytes-octal": "o", "--two-bytes-hex": "x"}
			formats = append(formats, hexFormats[m[a]])
			canon = canon || a == "--canonical"
			continue
		}
		if len(a) < 2 || a[0] != '-' || a[1] == '-' {
			continue
		}
		for _, ch := range a[1:] {
			if ch == 'n' || ch == 's' || ch == 'e' || ch == 'f' {
				break
			}
			if f, ok := hexFormats[string(ch)]; ok && ch != 0 {
				formats = append(formats, f)
				canon = canon || ch == 'C'
			}
		}
	}
	var fss []*hexFS
	for _, name := range formatFiles {
		data, err := inv.ReadFile(ctx, name)
		if err != nil {
			return inv.PathError(name, err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if t := strings.TrimLeft(line, " \t"); t == "" || t[0] == '#' {
				continue
			}
			exprs = append(exprs, line)
		}
	}
	for _, e := range exprs {
		f, msg := parseHexFormat(e)
		if msg != "" {
			inv.Errorf("%s", msg)
			return 1
		}
		fss = append(fss, f)
	}
	if len(formats) == 0 {
		formats = []hexFormat{hexFormats[""]}
	}
	limit := int64(-1)
	if length != "" {
		n, err := parseSize(length, false)
		if err != nil {
			inv.Errorf("failed to parse length: '%s': %s", length, sizeErrText(err))
			return 1
		}
		limit = n
	}
	var off int64
	if skip != "" {
		n, err := parseSize(skip, false)
		if err != nil {
			inv.Errorf("failed to parse offset: '%s': %s", skip, sizeErrText(err))
			return 1
		}
		off = n
	}
	if len(files) == 0 {
		files = []string{"-"}
	}
	mr := &multiReader{ctx: ctx, inv: inv, names: files}
	mr.report = func(name string, err error) { inv.PathError(name, err) }
	w := newWriter(inv.Stdout)
	defer w.Flush()
	var r io.Reader = mr
	if off > 0 {
		n, err := skipBytes(r, off)
		if err != nil && ctx.Err() != nil {
			return statusCancelled
		}
		off = n
	}
	if limit >= 0 {
		r = io.LimitReader(r, limit)
	}
	if fss != nil {
		return hexdumpFormats(ctx, inv, w, r, mr, fss, off, v)
	}
	addr := off
	block := make([]byte, 16)
	prev := make([]byte, 16)
	havePrev, starred := false, false
	var line bytes.Buffer
	for {
		n, err := readFull(r, block)
		if n == 0 {
			if ctx.Err() != nil {
				return statusCancelled
			}
			break
		}
		if !v && n == 16 && havePrev && bytes.Equal(block, prev) {
			if !starred {
				w.WriteString("*\n")
				starred = true
			}
		} else {
			starred = false
			line.Reset()
			for _, f := range formats {
				f(&line, addr, block, n)
			}
			w.Write(line.Bytes())
		}
		copy(prev, block)
		havePrev = n == 16
		addr += int64(n)
		if err != nil {
			break
		}
	}
	if addr > 0 || off > 0 {
		if canon {
			fmt.Fprintf(w, "%08x\n", addr)
		} else {
			fmt.Fprintf(w, "%07x\n", addr)
		}
	}
	if err := w.Flush(); err != nil {
		return 1
	}
	if mr.opened == 0 && mr.failed > 0 {
		inv.Errorf("all input file arguments failed")
		return 1
	}
	if mr.failed > mr.readErr {
		return 1 // util-linux only warns about a read error (a directory)
	}
	return 0
}

func sizeErrText(err error) string {
	if err == errSizeRange {
		return "Numerical result out of range"
	}
	if err == strconv.ErrSyntax {
		return "Invalid argument"
	}
	return err.Error()
}

// hexdumpFormats dumps r through -e/-f format strings.
func hexdumpFormats(ctx context.Context, inv *command.Invocation, w *bufio.Writer, r io.Reader, mr *multiReader, fss []*hexFS, addr int64, verbose bool) int {
	size := hexLayout(fss)
	if size > 0 {
		block := make([]byte, size)
		prev := make([]byte, size)
		havePrev, starred := false, false
		var line bytes.Buffer
		end := int64(-1)
		for end < 0 {
			n, err := readFull(r, block)
			if n == 0 {
				if ctx.Err() != nil {
					return statusCancelled
				}
				break
			}
			clear(block[n:])
			if n < size || err != nil {
				end = addr + int64(n)
			}
			if !verbose && n == size && havePrev && bytes.Equal(block, prev) {
				if !starred {
					w.WriteString("*\n")
					starred = true
				}
			} else {
				starred = false
				line.Reset()
				hexDisplay(&line, fss, block, addr, end)
				w.Write(line.Bytes())
			}
			copy(prev, block)
			havePrev = n == size
			addr += int64(n)
		}
		if addr > 0 {
			var line bytes.Buffer
			hexFinal(&line, fss, addr)
			w.Write(line.Bytes())
		}
	} else if _, err := io.Copy(io.Discard, r); err != nil && ctx.Err() != nil {
		return statusCancelled
	}
	if err := w.Flush(); err != nil {
		return 1
	}
	if mr.opened == 0 && mr.failed > 0 {
		inv.Errorf("all input file arguments failed")
		return 1
	}
	if mr.failed > mr.readErr {
		return 1
	}
	return 0
}
