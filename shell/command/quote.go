package command

import "strconv"

// CEscape is the C escape GNU's quoting styles write for a byte that is
// not printable in a file name: \a \b \f \n \r \t \v for those controls,
// three octal digits (\033, \377) for any other byte.
func CEscape(c byte) string {
	switch c {
	case '\a':
		return `\a`
	case '\b':
		return `\b`
	case '\f':
		return `\f`
	case '\n':
		return `\n`
	case '\r':
		return `\r`
	case '\t':
		return `\t`
	case '\v':
		return `\v`
	}
	o := strconv.FormatUint(uint64(c), 8)
	for len(o) < 3 {
		o = "0" + o
	}
	return `\` + o
}
