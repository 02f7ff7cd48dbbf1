package textutil

// versionCompare orders like gnulib's filevercmp, which sort -V uses:
// "." and ".." and hidden names first, file suffixes such as ".tar.gz"
// compared last, and runs of digits compared by value.
func versionCompare(a, b []byte) int {
	switch {
	case len(a) == 0:
		return -boolInt(len(b) != 0)
	case len(b) == 0:
		return 1
	}
	if a[0] == '.' {
		if b[0] != '.' {
			return -1
		}
		aDot, bDot := len(a) == 1, len(b) == 1
		switch {
		case aDot:
			return -boolInt(!bDot)
		case bDot:
			return 1
		}
		aDotDot, bDotDot := len(a) == 2 && a[1] == '.', len(b) == 2 && b[1] == '.'
		switch {
		case aDotDot:
			return -boolInt(!bDotDot)
		case bDotDot:
			return 1
		}
	} else if b[0] == '.' {
		return 1
	}
	ap, bp := suffixStart(a), suffixStart(b)
	onePass := len(a)-ap == len(b)-bp && string(a[ap:]) == string(b[bp:])
	if d := verrevcmp(a[:ap], b[:bp]); d != 0 || onePass {
		return d
	}
	return verrevcmp(a, b)
}

// suffixStart is where a file suffix ((\.[A-Za-z~][A-Za-z0-9~]*)*$) begins.
func suffixStart(s []byte) int {
	prefix := 0
	for i := 0; i < len(s); {
		i++
		prefix = i
		for i+1 < len(s) && s[i] == '.' && (isAlpha(s[i+1]) || s[i+1] == '~') {
			for i += 2; i < len(s) && (isAlnum(s[i]) || s[i] == '~'); i++ {
			}
		}
	}
	return prefix
}

func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// verOrder ranks a non-digit: '~' first, then the end of the string,
// letters, and everything else after letters.
func verOrder(c byte) int {
	switch {
	case isDigit(c):
		return 0
	case isAlpha(c):
		return int(c)
	case c == '~':
		return -1
	}
	return int(c) + 256
}

// verrevcmp is the Debian version comparison on two byte strings.
func verrevcmp(a, b []byte) int {
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		for (i < len(a) && !isDigit(a[i])) || (j < len(b) && !isDigit(b[j])) {
			ca, cb := 0, 0
			if i < len(a) {
				ca = verOrder(a[i])
			}
			if j < len(b) {
				cb = verOrder(b[j])
			}
			if ca != cb {
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
