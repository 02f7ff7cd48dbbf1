package textutil

import (
	"errors"
	"math"
	"strings"
)

var (
	errCountInvalid = errors.New("invalid")
	errCountRange   = errors.New("Value too large for defined data type")
)

// parseCount reads a GNU count such as "10", "1k", "2MB", "1KiB" (the
// xstrtoumax grammar head and tail use): optional blanks and '+', decimal
// digits, then an optional multiplier: b 512, K/k 1024, M/m, G, T, P, E,
// Z, Y powers of 1024, or of 1000 when followed by "B"; "iB" is the
// explicit binary form.
func parseCount(s string) (uint64, error) {
	t := strings.TrimLeft(s, " \t\n\v\f\r")
	t = strings.TrimPrefix(t, "+")
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, errCountInvalid
	}
	var n uint64
	overflow := false
	for _, c := range t[:i] {
		d := uint64(c - '0')
		if n > (math.MaxUint64-d)/10 {
			overflow = true
			n = math.MaxUint64
			continue
		}
		n = n*10 + d
	}
	suffix := t[i:]
	if suffix != "" {
		var mult uint64
		var power int
		switch suffix[0] {
		case 'b':
			if len(suffix) != 1 {
				return 0, errCountInvalid
			}
			mult, power = 512, 1
		case 'k', 'K':
			power = 1
		case 'm', 'M':
			power = 2
		case 'G':
			power = 3
		case 'T':
			power = 4
		case 'P':
			power = 5
		case 'E':
			power = 6
		case 'Z':
			power = 7
		case 'Y':
			power = 8
		default:
			return 0, errCountInvalid
		}
		if mult == 0 {
			base := uint64(1024)
			switch suffix[1:] {
			case "":
			case "B":
				base = 1000
			case "iB":
			default:
				return 0, errCountInvalid
			}
			mult = 1
			for range power {
				if mult > math.MaxUint64/base {
					overflow = true
					break
				}
				mult *= base
			}
		}
		if !overflow && n != 0 && n > math.MaxUint64/mult {
			overflow = true
		}
		n *= mult
	}
	if overflow {
		return math.MaxUint64, errCountRange
	}
	return n, nil
}

// clampCount converts a parsed count to an int64 size, saturating.
func clampCount(n uint64) int64 {
	if n > math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(n)
}
