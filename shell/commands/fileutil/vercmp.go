package fileutil

// Version ordering as GNU's filevercmp (ls -v, sort -V): digit runs
// compare by value, letters before other bytes, '~' before everything,
// and file suffixes like ".tar.gz" compared last.

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// verOrder is the weight of s[i] in a non-digit run; -1 past the end.
func verOrder(s string, i int) int {
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

func verrevcmp(a, b string) int {
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		firstDiff := 0
		for i < len(a) && !isDigit(a[i]) || j < len(b) && !isDigit(b[j]) {
			ca, cb := verOrder(a, i), verOrder(b, j)
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

// filePrefixLen is the length of s without its suffix: the trailing run of
// (\.[A-Za-z~][A-Za-z0-9~]*)* that GNU compares last.
func filePrefixLen(s string) int {
	prefix := 0
	for i := 0; i < len(s); {
		i++
		prefix = i
		for i+1 < len(s) && s[i] == '.' && (isAlpha(s[i+1]) || s[i+1] == '~') {
			for i += 2; i < len(s) && (isAlpha(s[i]) || isDigit(s[i]) || s[i] == '~'); i++ {
			}
		}
	}
	return prefix
}

// filevercmp compares two file names in version order.
func filevercmp(a, b string) int {
	if a == b {
		return 0
	}
	if a == "" {
		return -1
	}
	if b == "" {
		return 1
	}
	if a[0] == '.' {
		if b[0] != '.' {
			return -1
		}
		adot, bdot := a == ".", b == "."
		if adot || bdot {
			return b2i(bdot) - b2i(adot)
		}
		add, bdd := a == "..", b == ".."
		if add || bdd {
			return b2i(bdd) - b2i(add)
		}
	} else if b[0] == '.' {
		return 1
	}
	ap, bp := filePrefixLen(a), filePrefixLen(b)
	if r := verrevcmp(a[:ap], b[:bp]); r != 0 || ap == len(a) && bp == len(b) {
		return r
	}
	return verrevcmp(a, b)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
