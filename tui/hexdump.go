package tui

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"
)

// previewHexBytes is how much of a binary file the preview dumps.
const previewHexBytes = 4 << 10

// isBinary says whether data reads as binary rather than text: a NUL
// byte, or bytes that are not UTF-8 (a rune cut at the end of the
// sample does not count), as grep and git decide.
func isBinary(data []byte) bool {
	if bytes.IndexByte(data, 0) >= 0 {
		return true
	}
	for len(data) > 0 {
		r, n := utf8.DecodeRune(data)
		if r == utf8.RuneError && n == 1 {
			return len(data) >= utf8.UTFMax || utf8.FullRune(data)
		}
		data = data[n:]
	}
	return false
}

// hexDump lays data out as `hexdump -C` does, perRow bytes a row (16,
// or fewer in a narrow column): the offset, the bytes in hex in groups
// of eight, and the printable ASCII between bars.
func hexDump(data []byte, perRow int) []string {
	var out []string
	for off := 0; off < len(data); off += perRow {
		row := data[off:min(off+perRow, len(data))]
		var b strings.Builder
		fmt.Fprintf(&b, "%08x ", off)
		for i := range perRow {
			if i%8 == 0 {
				b.WriteByte(' ')
			}
			if i < len(row) {
				fmt.Fprintf(&b, "%02x ", row[i])
			} else {
				b.WriteString("   ")
			}
		}
		b.WriteString(" |")
		for _, c := range row {
			if c < 0x20 || c >= 0x7f {
				c = '.'
			}
			b.WriteByte(c)
		}
		b.WriteByte('|')
		out = append(out, b.String())
	}
	out = append(out, fmt.Sprintf("%08x", len(data)))
	return out
}

// hexPerRow is the most bytes a row of 16, 8 or 4 that fits width.
func hexPerRow(width int) int {
	for _, n := range []int{16, 8} {
		if hexRowWidth(n) <= width {
			return n
		}
	}
	return 4
}

// hexRowWidth is the columns a hexDump row of n bytes takes.
func hexRowWidth(n int) int { return 9 + (n+7)/8 + 3*n + 2 + n + 1 }
