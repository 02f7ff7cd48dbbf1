// Package vercmp orders strings as GNU's filevercmp does: the "version
// sort" behind ls -v and sort -V.
//
// Runs of digits compare by numeric value, letters sort before other
// bytes, '~' sorts before everything (even the end of the string), and a
// trailing file suffix such as ".tar.gz" is compared only when the rest
// is equal. "." and ".." come first, then other names that start with a
// dot, then the rest.
//
// The comparison works on bytes, never on decoded characters, and takes
// either a string or a []byte so callers need not convert (and allocate).
package vercmp

// Compare returns a negative number, zero or a positive number as a
// sorts before, with or after b in version order.
func Compare[T ~string | ~[]byte](a, b T) int {
	switch {
	case len(a) == 0:
		if len(b) == 0 {
			return 0
		}
		return -1
	case len(b) == 0:
		return 1
	}
	if a[0] == '.' {
		if b[0] != '.' {
			return -1
		}
		aDot, bDot := len(a) == 1, len(b) == 1
		if aDot || bDot {
			return b2i(bDot) - b2i(aDot)
		}
		aDotDot, bDotDot := len(a) == 2 && a[1] == '.', len(b) == 2 && b[1] == '.'
		if aDotDot || bDotDot {
			return b2i(bDotDot) - b2i(aDotDot)
		}
	} else if b[0] == '.' {
		return 1
	}
	return compareRest(a, PrefixLen(a), b, PrefixLen(b))
}

// ComparePrefixed is Compare for a and b whose PrefixLen are known, ap
// and bp (a caller comparing one string many times finds it once).
func ComparePrefixed[T ~string | ~[]byte](a T, ap int, b T, bp int) int {
	if len(a) == 0 || len(b) == 0 || a[0] == '.' || b[0] == '.' {
		return Compare(a, b)
	}
	return compareRest(a, ap, b, bp)
}

// compareRest is Compare after the rules for "", "." and "..": the
// strings without their suffixes, then whole.
func compareRest[T ~string | ~[]byte](a T, ap int, b T, bp int) int {
	// With no suffix on either side a second pass would repeat the first.
	if d := verrevcmp(a[:ap], b[:bp]); d != 0 || ap == len(a) && bp == len(b) {
		return d
	}
	return verrevcmp(a, b)
}

// PrefixLen is the length of s without its file suffix: the trailing
// run of (\.[A-Za-z~][A-Za-z0-9~]*)*, which may be all of s (".Z"), as
// in the filevercmp of coreutils 9.1 (later versions keep one byte).
func PrefixLen[T ~string | ~[]byte](s T) int {
	prefix := 0
	for i := 0; ; {
		for i+1 < len(s) && s[i] == '.' && (isAlpha(s[i+1]) || s[i+1] == '~') {
			for i += 2; i < len(s) && (isAlpha(s[i]) || isDigit(s[i]) || s[i] == '~'); i++ {
			}
		}
		if i >= len(s) {
			return prefix
		}
		i++
		prefix = i
	}
}

// order is the weight of s[i] inside a non-digit run: '~' first, then
// the end of the string, digits, letters, and every other byte last.
func order[T ~string | ~[]byte](s T, i int) int {
	if i >= len(s) {
		return -1
	}
	c := s[i]
	switch {
	case isDigit(c):
		return 0
	case isAlpha(c):
		return int(c)
	case c == '~':
		return -2
	}
	return int(c) + 256
}

// verrevcmp is the Debian version comparison: alternate non-digit runs,
// compared byte by byte with order, and digit runs, compared by value.
func verrevcmp[T ~string | ~[]byte](a, b T) int {
	// Equal leading bytes compare equal in any run, so the comparison
	// may start where they end, backed up to the start of a digit run.
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	for i > 0 && isDigit(a[i-1]) {
		i--
	}
	j := i
	for i < len(a) || j < len(b) {
		for i < len(a) && !isDigit(a[i]) || j < len(b) && !isDigit(b[j]) {
			if ca, cb := order(a, i), order(b, j); ca != cb {
				return ca - cb
			}
			i++
			j++
		}
		for i < len(a) && a[i] == '0' {
			i++
		}
		for j < len(b) && b[j] == '0' {
			j++
		}
		firstDiff := 0
		for i < len(a) && j < len(b) && isDigit(a[i]) && isDigit(b[j]) {
			if firstDiff == 0 {
				firstDiff = int(a[i]) - int(b[j])
			}
			i++
			j++
		}
		if i < len(a) && isDigit(a[i]) {
			return 1
		}
		if j < len(b) && isDigit(b[j]) {
			return -1
		}
		if firstDiff != 0 {
			return firstDiff
		}
	}
	return 0
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
