package command

import "unicode/utf8"

// DisplayWidth is the columns s takes on a terminal, as glibc's wcswidth
// counts them for ls and column: wide East Asian characters take two,
// combining marks none, an invalid byte one.
func DisplayWidth(s string) int {
	n := 0
	for _, r := range s {
		if r == utf8.RuneError {
			n++
			continue
		}
		n += RuneWidth(r)
	}
	return n
}

// RuneWidth is a small wcwidth: wide East Asian ranges are 2, combining
// marks 0, everything else 1.
func RuneWidth(r rune) int {
	switch {
	case r == 0:
		return 0
	case r >= 0x300 && r <= 0x36f, r >= 0x200b && r <= 0x200f:
		return 0
	case r >= 0x1100 && r <= 0x115f, r >= 0x2e80 && r <= 0xa4cf && r != 0x303f,
		r >= 0xac00 && r <= 0xd7a3, r >= 0xf900 && r <= 0xfaff, r >= 0xfe30 && r <= 0xfe4f,
		r >= 0xff00 && r <= 0xff60, r >= 0xffe0 && r <= 0xffe6, r >= 0x1f300 && r <= 0x1faff,
		r >= 0x20000 && r <= 0x3fffd:
		return 2
	}
	return 1
}
