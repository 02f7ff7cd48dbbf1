package binutil

import (
	"errors"
	"strconv"
	"strings"
)

var errSizeRange = errors.New("Value too large for defined data type")

// parseSize reads a byte count as coreutils and util-linux do: decimal,
// 0x hex or (with octal) leading-zero octal, and a multiplier suffix
// (b 512, K/KiB 1024, KB 1000, M, MB, G, ... as far as E).
func parseSize(s string, octal bool) (int64, error) {
	if s == "" {
		return 0, strconv.ErrSyntax
	}
	i := 0
	base := 10
	switch {
	case strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X"):
		base, i = 16, 2
	case octal && len(s) > 1 && s[0] == '0':
		base, i = 8, 1
	}
	j := i
	for j < len(s) && strings.IndexByte("0123456789abcdefABCDEF"[:base+max(0, base-10)], s[j]) >= 0 {
		j++
	}
	if j == i && base != 8 {
		return 0, strconv.ErrSyntax
	}
	var n uint64
	if j > i {
		v, err := strconv.ParseUint(s[i:j], base, 63)
		if err != nil {
			return 0, errSizeRange
		}
		n = v
	}
	mult, ok := sizeSuffix(s[j:])
	if !ok {
		return 0, strconv.ErrSyntax
	}
	if mult != 1 && n > (1<<63-1)/mult {
		return 0, errSizeRange
	}
	return int64(n * mult), nil
}

func sizeSuffix(s string) (uint64, bool) {
	if s == "" {
		return 1, true
	}
	if s == "b" {
		return 512, true
	}
	const units = "KMGTPE"
	u := strings.IndexByte(units, upper(s[0]))
	if u < 0 {
		return 0, false
	}
	var base uint64 = 1024
	switch s[1:] {
	case "", "iB":
	case "B":
		base = 1000
	default:
		return 0, false
	}
	if s[0] == 'k' && s[1:] != "" && s[1:] != "B" {
		return 0, false
	}
	m := uint64(1)
	for k := 0; k <= u; k++ {
		m *= base
	}
	return m, true
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 32
	}
	return c
}
